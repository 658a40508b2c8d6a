"""The replayer as an analysis board (issue 24, tt22/tui/replay/analysis_pane.py): the
evaluation pane, the marks in the move list, `n`/`N`, the accuracy in the status line,
only the shown seat's analysis in a seat's view, whole at 80x24 in every language, and
`a` analysing a record in a worker into an analysed copy, the original untouched; in
22's replayer and in the protocol replayer (Rook) alike."""

from __future__ import annotations

import functools
import shutil
from pathlib import Path
from typing import Any

import pytest
from layoutkit import screen_lines
from pilotkit import wait_for
from recordkit import SAMPLES

from tt22.analysis import Settings, analyse_record
from tt22.record import encode_record, load_analysed, load_record
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.i18n import set_language
from tt22.tui.replay.analysis_pane import AnalysisBoard, AnalysisPane, sparkline
from tt22.tui.tables import replay_screen

SIZE = (80, 24)
# (sample, seats analysed, worlds): small, so the analysis takes about a second
SAMPLES_OF = {
    "twentytwo": ("2p-random", (0, 1), 4),
    "rook": ("3p-rook", (0,), 4),
    "manipulation": ("3p-manipulation", (0,), 2),  # (a text replayer, as the Rummy family's)
}
MARKED = ["rook", "twentytwo"]  # (samples whose analysis at these worlds marks moves)


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TT22_HOME", str(tmp_path / "home"))
    set_language("en")
    return tmp_path


@functools.cache
def analysed_bytes(game: str) -> bytes:
    """The sample of `game` as an analysed copy (the engine at a few worlds)."""
    name, seats, worlds = SAMPLES_OF[game]
    record = load_record(SAMPLES / f"{name}.22rec")
    settings = Settings(worlds=worlds, seed="analyse", bot="rules")
    section = analyse_record(encode_record(record), list(seats), settings, jobs=1)
    return encode_record(record, section)


def analysed_copy(game: str, tmp_path: Path) -> Path:
    path = tmp_path / f"{SAMPLES_OF[game][0]}-analysis.22rec"
    path.write_bytes(analysed_bytes(game))
    return path


def open_app(path: Path, *, seat: int | None = None, lang: str = "en") -> TT22App:
    record = load_record(path)
    return TT22App(
        StartOptions(
            language=lang,
            screen=lambda: replay_screen(record.game, record, path, start=0, seat=seat),
        )
    )


def board(app: TT22App) -> Any:
    screen = app.screen
    assert isinstance(screen, AnalysisBoard)
    return screen


def pane_text(app: TT22App) -> str:
    return "\n".join(line.plain for line in app.screen.query_one(AnalysisPane).lines)


def status_text(app: TT22App) -> str:
    return " ".join(" ".join(screen_lines(app)[:4]).split())


async def opened(pilot: Any, app: TT22App) -> Any:
    await wait_for(pilot, lambda: isinstance(app.screen, AnalysisBoard) and app.screen.is_mounted)
    await pilot.pause()
    return board(app)


@pytest.mark.parametrize("game", MARKED)
async def test_the_pane_shows_the_mark_and_the_best_move_and_n_goes_to_each_mark(
    game: str, tmp_path: Path
) -> None:
    path = analysed_copy(game, tmp_path)
    _, section = load_analysed(path)
    assert section is not None
    marked = [d for d in section.decisions if d.mark]
    assert len(marked) >= 2, "the sample must have marked decisions to walk"
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        assert screen.analysis is not None
        assert app.screen.query_one(AnalysisPane).display
        for d in marked:
            await pilot.press("n")
            await wait_for(pilot, lambda d=d: screen.board_moves_made() == d.index + 1)
            text = pane_text(app)
            assert d.played in text and d.mark in text
            assert f"Best {d.best}" in text
            name = load_record(path).players[d.seat].name
            accuracy = next(a.accuracy for a in section.accuracy if a.seat == d.seat)
            assert f"{name} accuracy {accuracy:.1f}%" in status_text(app)
        # past the last mark, n stays; N walks back through them
        await pilot.press("n")
        assert screen.board_moves_made() == marked[-1].index + 1
        for d in reversed(marked[:-1]):
            await pilot.press("N")
            await wait_for(pilot, lambda d=d: screen.board_moves_made() == d.index + 1)
        # the marks beside the moves in the move list
        assert screen.board_mark(marked[0].index) == marked[0].mark


async def test_the_marks_are_in_22s_move_list(tmp_path: Path) -> None:
    path = analysed_copy("twentytwo", tmp_path)
    _, section = load_analysed(path)
    assert section is not None
    first = next(d for d in section.decisions if d.mark)
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        await pilot.press("n")
        await wait_for(pilot, lambda: screen.board_moves_made() == first.index + 1)
        moves = app.screen.query_one("#replay-moves")
        line = moves.line_text(first.index + 1)  # (item 0 is the start)
        assert line.endswith(" " + first.mark)


async def test_a_seats_view_shows_only_that_seats_analysis(tmp_path: Path) -> None:
    path = analysed_copy("twentytwo", tmp_path)
    _, section = load_analysed(path)
    assert section is not None
    app = open_app(path, seat=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        others = [d for d in section.decisions if d.seat == 1]
        mine = [d for d in section.decisions if d.seat == 0 and d.mark]
        assert others and mine
        assert all(screen.board_mark(d.index) == "" for d in others)
        assert all(screen.board_decision(d.index) is None for d in others)
        for _ in range(len(mine) + 1):
            await pilot.press("n")
            await pilot.pause()
            at = screen.board_moves_made() - 1
            assert screen.board_decision(at) is not None
            assert screen.board_decision(at).seat == 0
            assert "Bot 1" not in pane_text(app)
        # where the other seat decided, the pane says nothing of that decision
        screen.board_go(others[0].index + 1)
        await pilot.pause()
        assert "not rated" in pane_text(app)
        assert "Eval: Bot 0" in pane_text(app)


@pytest.mark.parametrize("ascii_cards", [False, True])
@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
@pytest.mark.parametrize("game", sorted(SAMPLES_OF))
async def test_whole_at_80x24(
    game: str, lang: str, ascii_cards: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    path = analysed_copy(game, tmp_path)
    record = load_record(path)
    app = TT22App(
        StartOptions(
            language=lang,
            ascii_cards=ascii_cards or None,
            screen=lambda: replay_screen(record.game, record, path, start=0),
        )
    )
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        marked = [d for d in screen.analysis.decisions if d.mark]
        if marked:
            await pilot.press("n")
        else:
            screen.board_go(screen.analysis.decisions[0].index + 1)
        await pilot.pause()
        pane = app.screen.query_one(AnalysisPane)
        assert pane.display and pane.region.height >= 3
        assert pane.region.right <= SIZE[0] and pane.region.bottom <= SIZE[1]
        lines = screen_lines(app)
        assert not any("…" in line for line in lines), "\n".join(lines)
        d = screen.board_decision(screen.board_moves_made() - 1)
        assert d is not None
        shown = "".join("".join(lines).split())
        assert "".join(d.played.split()) in shown
        assert d.mark in shown
        assert f"{screen.board_accuracy(d.seat):.1f}%" in shown  # (the status line's)


def test_the_chart_reverses_the_current_decision_and_fits_its_width() -> None:
    line = sparkline([1.0, 3.0, 2.0, 5.0] * 20, 28, 10, ascii_style=False)
    assert line.cell_len == 28
    assert any("reverse" in str(span.style) for span in line.spans)
    assert set(sparkline([1.0, 2.0], 10, None, ascii_style=True).plain) <= set("_.-=+*#@")


@pytest.mark.parametrize("game", MARKED)
async def test_a_analyses_in_a_worker_and_keeps_an_analysed_copy(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    name, seats, worlds = SAMPLES_OF[game]
    path = tmp_path / f"{name}.22rec"
    shutil.copyfile(SAMPLES / f"{name}.22rec", path)
    before = path.read_bytes()
    monkeypatch.setattr(AnalysisBoard, "ANALYSIS_WORLDS", worlds)
    app = open_app(path, seat=seats[0])
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        assert screen.analysis is None
        assert not app.screen.query_one(AnalysisPane).display
        await pilot.press("a")
        worker = screen.board_worker
        await worker.wait()
        await wait_for(pilot, lambda: screen.analysis is not None)
        await pilot.pause()
        assert screen.analysis.seats == [seats[0]]
        assert app.screen.query_one(AnalysisPane).display
        assert "Eval:" in pane_text(app)
    assert path.read_bytes() == before  # the original untouched
    copy = tmp_path / f"{name}-analysis.22rec"
    body, section = load_analysed(copy)
    assert section is not None and section.seats == [seats[0]]
    assert body.digest == load_record(path).digest


async def test_a_failure_is_one_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "2p-random.22rec"
    shutil.copyfile(SAMPLES / "2p-random.22rec", path)

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("the engine broke\nsecond line")

    monkeypatch.setattr("tt22.analysis.analyse_record", broken)
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        await pilot.press("a")
        worker = screen.board_worker
        await wait_for(pilot, lambda: worker.is_finished)
        await wait_for(pilot, lambda: bool(app._notifications))
        messages = [n.message for n in app._notifications]
        assert messages == ["Could not analyse: the engine broke"]
        assert screen.analysis is None
        assert app.screen is screen  # no traceback, the replayer still open
    assert not (tmp_path / "2p-random-analysis.22rec").exists()


async def test_opening_the_original_finds_its_analysed_copy(tmp_path: Path) -> None:
    copy = analysed_copy("twentytwo", tmp_path)
    path = tmp_path / "2p-random.22rec"
    shutil.copyfile(SAMPLES / "2p-random.22rec", path)
    assert copy.name == "2p-random-analysis.22rec"
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        assert screen.analysis is not None


async def test_an_analysed_copy_of_another_match_is_not_taken(tmp_path: Path) -> None:
    copy = analysed_copy("twentytwo", tmp_path)
    path = tmp_path / "2p-random.22rec"
    shutil.copyfile(SAMPLES / "6p-random.22rec", path)  # another match under the name
    assert copy.exists()
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        assert screen.analysis is None
        assert not app.screen.query_one(AnalysisPane).display


def test_22s_palette_names_the_boards_keys_in_every_language() -> None:
    from tt22.tui.games.twentytwo.replay import PALETTE, _words

    actions = {action for action, _, _ in PALETTE}
    assert {"next_mistake(1)", "next_mistake(-1)", "analyse"} <= actions
    for lang in ("en", "ko", "ja"):
        set_language(lang)
        for _, name, help_key in PALETTE:
            assert _words(name) and _words(help_key)
