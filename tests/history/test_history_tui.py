"""The Stats screen: from home's `t`, whole at 80x24 in English, Korean and Japanese, in
ASCII and without colour, its rows following the highlighted game, a match opening in
its replayer, the daily line and a hostile name shown escaped (Pilot, SVG snapshots)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from conftest import WriteMatch, seats
from layoutkit import screen_lines
from pilotkit import wait_for
from rich.cells import cell_len
from snapkit import check_snapshot
from textual.pilot import Pilot
from textual.widgets import DataTable

from tt22.core.players import Player
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.twentytwo.replay import TwentyTwoReplayScreen
from tt22.tui.i18n import set_language
from tt22.tui.screens.home import HomeScreen
from tt22.tui.stats import StatsScreen

SIZE = (80, 24)
TODAY = dt.date(2026, 12, 3)
START = dt.datetime(2026, 11, 20, 18, 30, tzinfo=dt.UTC)


@pytest.fixture(autouse=True)
def _english() -> Any:
    yield
    set_language("en")


def history(write_match: WriteMatch) -> None:
    """A fixed history: three games, bots of three levels, two daily deals."""
    for i in range(5):
        levels = (*("easy", "normal", "hard")[i % 3 :], "easy")
        write_match(
            f"t{i}.22rec",
            "twentytwo",
            f"t{i}",
            START + dt.timedelta(days=i),
            seats(4, levels=levels),
            think=0.4,
        )
    write_match("r0.22rec", "rook", "r0", START, seats(4, levels=("hard",)))
    write_match("r1.22rec", "rook", "r1", START + dt.timedelta(days=1), seats(4))
    write_match(
        "p0.22rec", "persian", "daily-2026-12-02", dt.datetime(2026, 12, 2, 9, tzinfo=dt.UTC)
    )
    write_match(
        "t9.22rec", "twentytwo", "daily-2026-12-03", dt.datetime(2026, 12, 3, 8, tzinfo=dt.UTC)
    )


async def opened(app: TT22App, pilot: Pilot[None]) -> StatsScreen:
    """The Stats screen once its index is read and what it read is on the terminal:
    every game's row drawn (the table fills a refresh after `loaded`, later still on a
    busy machine), not only loaded."""
    await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen) and app.screen.loaded)
    screen = app.screen
    assert isinstance(screen, StatsScreen)
    games = screen.query_one("#stats-games", DataTable)

    def drawn() -> bool:  # (the table has measured every row it was given)
        return not screen.stats or games.virtual_size.height >= games.row_count + 1

    await wait_for(pilot, drawn)
    for _ in range(4):
        await pilot.pause()
    return screen


def stats_app(home: Path, language: str = "en", **options: Any) -> TT22App:
    app = TT22App(
        StartOptions(
            pace=0.0,
            language=language,
            home=home,
            screen=lambda: StatsScreen(home, today=TODAY),
            **options,
        )
    )
    app.NOTIFICATION_TIMEOUT = 600
    return app


def whole(lines: list[str]) -> None:
    assert len(lines) == SIZE[1]
    assert all(cell_len(line.rstrip()) <= SIZE[0] for line in lines)


@pytest.mark.parametrize("language", ["en", "ko", "ja"])
async def test_the_stats_screen_at_80x24(
    home: Path, write_match: WriteMatch, language: str
) -> None:
    history(write_match)
    app = stats_app(home, language)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(app, pilot)
        lines = screen_lines(app)
        whole(lines)
        text = "\n".join(lines)
        assert [g.game for g in screen.stats] == ["twentytwo", "rook", "persian"]
        assert "tt22 " in lines[-2] and "2026-12-03" in lines[-2]  # the line to paste
        assert "┤" in text and ("W" in text)
        assert "y " in lines[-1] and "esc " in lines[-1]
        check_snapshot(app, f"stats-{language}")


async def test_ascii_and_no_colour(
    home: Path, write_match: WriteMatch, monkeypatch: pytest.MonkeyPatch
) -> None:
    history(write_match)
    monkeypatch.setenv("NO_COLOR", "1")
    app = stats_app(home, ascii_cards=True)
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        lines = screen_lines(app)
        whole(lines)
        assert all(line.isascii() for line in lines)
        assert any("|" in line and "#" in line for line in lines)  # the chart in ASCII
        assert app.no_color
        check_snapshot(app, "stats-ascii-no-colour")


async def test_the_rows_follow_the_game_and_a_match_opens_in_its_replayer(
    home: Path, write_match: WriteMatch
) -> None:
    history(write_match)
    app = stats_app(home)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(app, pilot)
        matches = screen.query_one("#stats-matches", DataTable)
        assert [m.name for m in screen.shown] == [
            "t9.22rec",
            *(f"t{i}.22rec" for i in (4, 3, 2, 1, 0)),
        ]
        await pilot.press("down")  # Rook
        await pilot.pause()
        assert [m.name for m in screen.shown] == ["r1.22rec", "r0.22rec"]
        assert "Rook · the last 2 · points, higher is better" in "\n".join(screen_lines(app))
        await pilot.press("enter")  # to the matches
        await pilot.pause()
        assert matches.has_focus
        await pilot.press("enter")  # the newest Rook match, in Rook's replayer
        await wait_for(pilot, lambda: app.screen is not screen)
        assert getattr(app.screen, "path", None) == home / "records" / "r1.22rec"
        await pilot.press("q")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("tab")  # back to the games: 22's newest match in 22's replayer
        await pilot.press("up")
        await pilot.press("tab")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoReplayScreen))
        assert app.screen.path == home / "records" / "t9.22rec"


async def test_y_copies_the_daily_line_and_says_so(home: Path, write_match: WriteMatch) -> None:
    history(write_match)
    app = stats_app(home)
    copied: list[str] = []
    app.copy_to_clipboard = copied.append  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(app, pilot)
        await pilot.press("y")
        await pilot.pause()
        (line,) = copied
        assert line == screen.share()
        assert line.startswith("tt22 Twenty-Two daily 2026-12-03: place ")
        assert line.endswith(" penalty points")
        # Nothing of a card: only the game, the date, a place and a number.
        assert not any(c in line for c in "♠♥♦♣") and "S " not in line.split(":")[1]


async def test_home_t_opens_the_stats_and_the_key_bar_says_so(
    home: Path, write_match: WriteMatch
) -> None:
    write_match("a.22rec")
    app = TT22App(StartOptions(pace=0.0, language="en", home=home))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.pause()
        assert " t Stats " in screen_lines(app)[-1]
        await pilot.press("t")
        screen = await opened(app, pilot)
        assert [g.played for g in screen.stats] == [1]
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))


async def test_no_matches_yet_is_said(home: Path) -> None:
    app = stats_app(home)
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        text = "\n".join(screen_lines(app))
        assert "No finished matches of yours yet" in text
        assert "no daily deal in the last 7 days" in text


async def test_a_hostile_record_shows_escaped(home: Path, write_match: WriteMatch) -> None:
    hostile = "[b]Eve[/b]\x1b[31m\u202e"
    players = [
        Player("Ann"),
        Player(hostile),
        Player("Bot 2", "bot", "[@click=app.quit]x"),
        Player("Bot 3", "bot", "normal"),
    ]
    write_match("h.22rec", players=players)
    (home / "records" / "junk.22rec").write_bytes(b"\x1b[2J not a record")
    app = stats_app(home)
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        text = "\n".join(screen_lines(app))
        assert "[b]Eve[/b]\\x1b[31m\\u202e" in text
        assert "[@click=app.quit]x" in text
        assert "1 unreadable" in text
        check_snapshot(app, "stats-hostile")


async def test_an_index_that_cannot_be_read_is_said_in_one_line(home: Path) -> None:
    import sqlite3

    from tt22.history import DB_NAME

    db = sqlite3.connect(home / DB_NAME, isolation_level=None)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.execute("INSERT INTO schema_version VALUES (9)")
    db.close()
    app = stats_app(home)
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        first = screen_lines(app)[0]
        assert "The history cannot be read: the history index was made by a newer tt22" in first


async def test_a_match_whose_record_has_gone_says_why_it_cannot_open(
    home: Path, write_match: WriteMatch
) -> None:
    path = write_match("gone.22rec")
    app = stats_app(home)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(app, pilot)
        path.unlink()
        await pilot.press("tab", "enter")
        await wait_for(pilot, lambda: bool(app._notifications))
        (note,) = list(app._notifications)
        assert note.message.startswith("Cannot open it: cannot read the file")
        assert app.screen is screen


@pytest.mark.parametrize("language", ["en", "ko", "ja"])
async def test_every_game_at_once_still_fits(home: Path, language: str) -> None:
    """A match of every game (the samples, with a person at seat 0): seven rows, the
    chart, some matches and the daily line, all at 80x24 with no sideways scrolling."""
    import msgspec
    from paths import ROOT

    from tt22.record import load_record, save_record

    for path in sorted((ROOT / "records").glob("*.22rec")):
        record = load_record(path)
        players = [Player("Ann"), *record.players[1:]]
        seed = "daily-2026-12-03" if path.name.startswith("4p-rook") else record.seed
        save_record(
            home / "records" / path.name,
            msgspec.structs.replace(record, players=players, seed=seed),
        )
    app = stats_app(home, language)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(app, pilot)
        assert len(screen.stats) == 7
        lines = screen_lines(app)
        whole(lines)
        for name in ("#stats-games", "#stats-matches"):
            table = screen.query_one(name, DataTable)
            assert table.virtual_size.width <= table.size.width, name
        matches = screen.query_one("#stats-matches", DataTable)
        assert matches.size.height >= 3  # (its header and at least two matches)
        assert "tt22 " in lines[-2] and "2026-12-03" in lines[-2]
