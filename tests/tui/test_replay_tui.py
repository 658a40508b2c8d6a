"""The replay screen driven with keys through Pilot, checked against the engine's own fold."""

from __future__ import annotations

import datetime as dt
import functools
import json
from pathlib import Path

import msgspec
import pytest
from paths import ROOT
from pilotkit import wait_for
from rich.cells import cell_len

from tt22.core.bots import play_match
from tt22.core.cards import show_card
from tt22.core.players import Player
from tt22.games.twentytwo import TWENTYTWO, Play, Rules, State, apply, new_match
from tt22.games.twentytwo.bots import make_bot
from tt22.record import (
    Record,
    RecordedMove,
    build_record,
    load_record,
    records_dir,
    save_record,
    verify_record,
)
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.twentytwo.replay import TwentyTwoReplay, TwentyTwoReplayScreen
from tt22.tui.games.twentytwo.replay_panes import MoveList, OpenHands
from tt22.tui.i18n import set_language
from tt22.tui.replay import RecordPicker
from tt22.tui.replay.app import replay_app
from tt22.tui.replay.dialogs import ChoiceDialog, TextDialog
from tt22.tui.replay.words import rt
from tt22.tui.widgets.hand import HandView
from tt22.tui.widgets.seats import SeatsTable
from tt22.tui.widgets.trick import TrickView

SIZE = (80, 24)
STARTED = dt.datetime(2026, 11, 2, 10, 0, tzinfo=dt.UTC)


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TT22_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("LANG", "C")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    set_language("en")
    return tmp_path


@functools.cache
def bot_moves(players: int, seed: str) -> tuple[object, ...]:
    bots = [make_bot("random", seed, s) for s in range(players)]
    _, moves, _ = play_match(TWENTYTWO, Rules(), seed, bots)
    return tuple(moves)


def make_record(players: int = 4, seed: str = "pilot replay", keep: int | None = None) -> Record:
    moves = list(bot_moves(players, seed))[:keep]
    recorded = [RecordedMove(m, think=0.2 + (i % 4) * 0.1) for i, m in enumerate(moves)]  # type: ignore[arg-type]
    seats = [Player("Ann")] + [Player(f"Bot {s + 1}", "bot", "random") for s in range(1, players)]
    return build_record(Rules(), seed, seats, recorded, STARTED)


def write(path: Path, record: Record) -> Path:
    save_record(path, record)
    return path


def engine_states(record: Record) -> list[State]:
    """An independent fold of the record's moves, to check the screen against."""
    s = new_match(record.rules, len(record.players), record.seed)
    states = [s]
    for rm in record.moves:
        s = apply(s, rm.move)
        states.append(s)
    return states


def screen_text(app: TT22App) -> str:
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


def opened(app: object) -> bool:
    screen = getattr(app, "screen", None)
    return isinstance(screen, TwentyTwoReplayScreen) and screen.ready


def replay(app: TT22App) -> TwentyTwoReplayScreen:
    screen = app.screen
    assert isinstance(screen, TwentyTwoReplayScreen), type(screen)
    return screen


def open_app(path: Path, **kw: object) -> TT22App:
    model = TwentyTwoReplay.from_record(load_record(path))
    return replay_app(model, path, **kw)  # type: ignore[arg-type]


def assert_shows(screen: TwentyTwoReplayScreen, state: State) -> None:
    """What the seats table and the hands pane show is exactly this engine state."""
    snap = screen.query_one("#replay-seats", SeatsTable).snapshot
    assert snap is not None
    assert snap.deal_number == state.deal.number
    assert snap.hand_counts == tuple(len(h) for h in state.hands)
    assert snap.totals == state.totals
    assert snap.plays == state.plays
    assert snap.to_move == state.to_move
    if screen.seat is None:
        assert snap.hands == state.hands


async def test_step_across_deal_boundaries_matches_the_engine(tmp_path: Path) -> None:
    record = make_record()
    path = write(tmp_path / "a.22rec", record)
    states = engine_states(record)
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        m = screen.model
        assert screen.p == 0
        assert_shows(screen, states[0])
        boundary = m.goto(str(2))
        screen.go(boundary - 2)
        for expected in (boundary - 1, boundary, boundary + 1):
            await pilot.press("right")
            assert screen.p == expected
            assert_shows(screen, states[expected])
        assert states[boundary].deal.number == 2 and states[boundary - 1].deal.number == 1
        assert "Deal 2/" in screen_text(app)
        for expected in (boundary, boundary - 1, boundary - 2):
            await pilot.press("left")
            assert screen.p == expected
            assert_shows(screen, states[expected])
        assert "Deal 1/" in screen_text(app)
        # The deal just finished is shown (its showdown) at the start of the next one.
        screen.go(boundary)
        await pilot.pause()
        hands = "\n".join(t.plain for t in screen.query_one(OpenHands).lines())
        assert "Deal 1 showdown" in hands


async def test_trick_deal_and_end_keys(tmp_path: Path) -> None:
    path = write(tmp_path / "a.22rec", make_record())
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        m = screen.model
        await pilot.press("down")
        assert screen.p == m.next_trick(0) == m.goto("1.1")
        await pilot.press("right_square_bracket")
        assert screen.p == m.goto("1.2")
        await pilot.press("left_square_bracket")
        assert screen.p == m.goto("1.1")
        await pilot.press("up")
        assert screen.p == 0
        await pilot.press("pagedown")
        assert screen.p == m.goto("2")
        await pilot.press("pagedown")
        assert screen.p == m.goto("3")
        await pilot.press("right", "pageup")
        assert screen.p == m.goto("3")
        await pilot.press("end")
        assert screen.p == m.end and screen.model.state(m.end).over
        assert "match over" in screen_text(app)
        await pilot.press("right")
        assert screen.p == m.end
        await pilot.press("home")
        assert screen.p == 0


async def test_goto_dialog(tmp_path: Path) -> None:
    path = write(tmp_path / "a.22rec", make_record())
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, TextDialog))
        await pilot.press(*"9.9.9", "enter")
        assert isinstance(app.screen, TextDialog)  # not in the record: the dialog stays
        assert "Cannot go there" in screen_text(app)
        for _ in range(5):
            await pilot.press("backspace")
        await pilot.press(*"2.1.2", "enter")
        await wait_for(pilot, lambda: opened(app))
        assert screen.p == screen.model.goto("2.1.2")
        assert "Deal 2/" in screen_text(app) and "trick 1/" in screen_text(app)
        # The move list follows: the current move is on screen.
        screen.go(screen.model.end - 3)
        await pilot.pause()
        await pilot.pause()
        moves = screen.query_one(MoveList)
        lines = moves.item_lines(moves.current_item)  # a long exchange takes two
        top, height = moves.scroll_offset.y, moves.scrollable_content_region.height
        assert top <= lines.start and lines.stop <= top + height
        assert moves._lines[lines.start][1].strip() in screen_text(app)


async def test_seat_view_shows_no_hidden_card(tmp_path: Path) -> None:
    record = make_record()
    path = write(tmp_path / "a.22rec", record)
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        m = screen.model
        screen.go(m.goto("1.2.1"))  # deal 1, mid-trick: no earlier deal's cards anywhere
        await pilot.pause()
        state = m.state(screen.p)
        open_text = screen_text(app)
        for seat in range(4):
            assert all(show_card(c) in open_text for c in state.hands[seat])
        for seat in range(4):
            await pilot.press("v")
            assert screen.seat == seat
            text = screen_text(app)
            assert f"{m.players[seat].name}'s view" in text
            hidden = [c for s in range(4) if s != seat for c in state.hands[s]]
            hidden += [c for s in range(4) if s != seat for c in state.discards[s]]
            assert hidden
            for c in hidden:
                assert show_card(c) not in text, (seat, show_card(c))
            # The data behind the widgets holds no hidden card either.
            snap = screen.query_one(SeatsTable).snapshot
            assert snap is not None
            assert [h is not None for h in snap.hands] == [s == seat for s in range(4)]
            assert screen.query_one(HandView).cards == tuple(
                sorted(state.hands[seat], reverse=True)
            )
            moves = screen.query_one(MoveList)
            assert len(moves.rows) == screen.p  # no later move is listed
            assert all(not r.cards for r in moves.rows if r.exchange and r.seat != seat)
        await pilot.press("v")
        assert screen.seat is None
        assert "all hands open" in screen_text(app)


async def test_autoplay_speed_and_real_time(tmp_path: Path) -> None:
    path = write(tmp_path / "a.22rec", make_record())
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        await pilot.press("minus")
        assert screen.autoplay_delay() == 2.0
        for _ in range(5):
            await pilot.press("plus")
        assert screen.autoplay_delay() == 0.25
        await pilot.press("space")
        assert "autoplay 0.25s" in screen_text(app)
        await wait_for(pilot, lambda: screen.p >= 3)
        await pilot.press("space")
        stopped = screen.p
        await pilot.pause(0.6)
        assert screen.p == stopped and "autoplay" not in screen_text(app)
        # Real time: the delay is what the player took over the next move.
        await pilot.press("t")
        assert screen.real_time
        think = screen.model.think(screen.p)
        assert think is not None and screen.autoplay_delay() == pytest.approx(think)
        await pilot.press("space")
        assert "real time" in screen_text(app)
        await wait_for(pilot, lambda: screen.p > stopped)
        await pilot.press("space")
        # At the end, autoplay stops by itself.
        screen.go(screen.model.end - 1)
        await pilot.press("minus", "minus", "minus", "minus", "minus", "t")
        for _ in range(4):
            await pilot.press("plus")
        await pilot.press("space")
        await wait_for(pilot, lambda: screen.p == screen.model.end and screen._timer is None)


async def test_click_a_move_in_the_list(tmp_path: Path) -> None:
    path = write(tmp_path / "a.22rec", make_record())
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        moves = screen.query_one(MoveList)
        # Line 0 is the border, 1 "(start)"; a long exchange may take two lines.
        await pilot.click(MoveList, offset=(5, 1 + moves.item_lines(3).start))
        assert screen.p == 3  # just after the third move
        await pilot.click(MoveList, offset=(5, 1))
        assert screen.p == 0


async def test_comment_and_save_as_copy_and_in_place(tmp_path: Path) -> None:
    path = write(tmp_path / "game.22rec", make_record())
    original = path.read_bytes()
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        await pilot.press("c")  # at the start there is no move to comment on
        assert isinstance(app.screen, TwentyTwoReplayScreen)
        await pilot.press("right", "right", "right", "c")
        await wait_for(pilot, lambda: isinstance(app.screen, TextDialog))
        await pilot.press(*"why [b]this", "enter")
        await wait_for(pilot, lambda: opened(app))
        assert screen.model.comment(2) == "why [b]this" and screen.model.dirty
        assert "why [b]this" in screen_text(app)  # literally: record text is not markup
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.click("#choice-copy")
        await wait_for(pilot, lambda: opened(app))
        copy = tmp_path / "game-notes.22rec"
        assert path.read_bytes() == original
        saved = load_record(copy)
        assert saved.moves[2].comment == "why [b]this"
        assert verify_record(saved).ok
        assert not screen.model.dirty
        # Edit again and save in place.
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, TextDialog))
        await pilot.press("ctrl+u", *"better", "enter")
        await wait_for(pilot, lambda: opened(app))
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.click("#choice-in_place")
        await wait_for(pilot, lambda: not screen.model.dirty)
        assert load_record(path).moves[2].comment == "better"
        assert verify_record(load_record(path)).ok


async def test_leaving_with_unsaved_comments_asks(tmp_path: Path) -> None:
    path = write(tmp_path / "game.22rec", make_record())
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        screen.go(5)
        screen.model.set_comment(4, "note")
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.click("#choice-cancel")
        await wait_for(pilot, lambda: opened(app))
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.click("#choice-discard")
        await wait_for(pilot, lambda: app.return_code is not None or not app.is_running)
    assert load_record(path).moves[4].comment is None


async def test_play_from_here_hands_over_to_the_table(tmp_path: Path) -> None:
    from tt22.record import Autosave
    from tt22.tui.games.twentytwo.table import TableScreen

    path = write(tmp_path / "game.22rec", make_record())
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        p = screen.model.goto("2.1")
        screen.go(p)
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.click("#choice-1")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert isinstance(table, TableScreen)
        session = table.session
        assert session.record is not None
        origin = session.record.origin
        assert origin is not None and origin.moves == p
        assert origin.source == str(path.resolve())
        assert session.players[1].kind == "human"
        assert all(pl.kind == "bot" for s, pl in enumerate(session.players) if s != 1)
        # The table starts from exactly the replayed position and play goes on.
        await wait_for(pilot, lambda: len(session.moves) > p)
        assert session.moves[:p] == screen.model.moves[:p]
        before = session.state
        assert session.state.deal.number >= 2
        saved = Autosave().load_current()
        assert saved is not None and saved.origin is not None
        assert saved.origin.source_digest == screen.model.record.digest  # type: ignore[union-attr]
        assert isinstance(before, State)


async def test_a_record_that_breaks_opens_up_to_the_last_good_move(tmp_path: Path) -> None:
    record = make_record()
    k = next(i for i, rm in enumerate(record.moves) if isinstance(rm.move, Play) and i > 30)
    bad = record.moves[k].move
    assert isinstance(bad, Play)
    moves = list(record.moves)
    moves[k] = RecordedMove(Play((bad.seat + 1) % 4, bad.cards))
    broken = msgspec.structs.replace(record, moves=moves)
    path = tmp_path / "broken.22rec"
    path.write_bytes(
        msgspec.json.encode({"format": "tt22-record", "format_version": 1, "record": broken})
    )
    states = engine_states(make_record(keep=k))
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        assert screen.p == screen.model.end == k
        assert_shows(screen, states[k])
        text = screen_text(app)
        assert f"move {k + 1} of {len(moves)}" in text
        await pilot.press("right")
        assert screen.p == k
        await pilot.press("home", "right")
        assert screen.p == 1


async def test_a_tampered_digest_opens_with_a_banner(tmp_path: Path) -> None:
    record = make_record()
    tampered = msgspec.structs.replace(record, digest="sha256:" + "0" * 64)
    path = tmp_path / "tampered.22rec"
    path.write_bytes(
        msgspec.json.encode({"format": "tt22-record", "format_version": 1, "record": tampered})
    )
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        assert screen.model.end == len(record.moves)
        assert "does not verify" in screen_text(app) and "digest" in screen_text(app)


async def test_ascii_cards_and_korean(tmp_path: Path) -> None:
    path = write(tmp_path / "a.22rec", make_record())
    app = open_app(path, ascii_cards=True)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        screen.go(screen.model.goto("1.2"))
        await pilot.pause()
        text = screen_text(app)
        assert not any(sym in text for sym in "♠♥♦♣▒")
        assert "Deal 1/" in text
    app = open_app(path, language="ko")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        assert "번째 딜" in screen_text(app)


async def test_no_color_still_marks_the_current_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    path = write(tmp_path / "a.22rec", make_record())
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        await pilot.press("right", "right")
        moves = app.screen.query_one(MoveList)
        line = moves.item_lines(moves.current_item).start  # a long exchange takes two
        strip = moves.render_line(line - moves.scroll_offset.y)
        assert any(seg.style is not None and seg.style.reverse for seg in strip)


async def test_picker_lists_newest_first_and_opens(tmp_path: Path) -> None:
    folder = records_dir()
    folder.mkdir(parents=True)
    old = make_record(2, "old one")
    new = msgspec.structs.replace(make_record(3, "new one"), started="2026-11-20T10:00:00Z")
    write(folder / "old.22rec", old)
    write(folder / "new.22rec", new)
    (folder / "junk.22rec").write_text("not a record")
    from tt22.tui.app import StartOptions

    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, RecordPicker))
        picker = app.screen
        assert isinstance(picker, RecordPicker)
        own = [e.path.name for e in picker.entries if not e.sample]
        assert own == ["new.22rec", "old.22rec", "junk.22rec"]
        assert [e.sample for e in picker.entries[:3]] == [False] * 3  # the samples after
        text = screen_text(app)
        assert "2026-11-20 10:00" in text and "new one" in text and "unreadable" in text
        await pilot.press("enter")
        await wait_for(pilot, lambda: opened(app))
        assert replay(app).model.seed == "new one"
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, RecordPicker))
        # Any path: a file that is not a record is one clear message, and we stay.
        from textual.widgets import Input

        box = app.screen.query_one("#pick-path", Input)
        await pilot.press("slash")
        assert box.has_focus
        box.value = str(folder / "junk.22rec")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RecordPicker)
        assert any("Cannot open" in str(n.message) for n in app._notifications)
        box.value = str(folder / "old.22rec")
        await pilot.press("enter")
        await wait_for(pilot, lambda: opened(app))
        assert replay(app).model.seed == "old one"


SAMPLES = ROOT / "records"


@pytest.mark.parametrize(
    "name",
    sorted(
        p.name
        for p in SAMPLES.glob("*.22rec")
        if json.loads(p.read_bytes()).get("game", "twentytwo") == "twentytwo"
    ),
)  # 22's replayer (the other games' samples: tests/record/test_record_games.py)
async def test_sample_records_step_like_the_engine(name: str) -> None:
    path = SAMPLES / name
    record = load_record(path)
    states = engine_states(record)
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        m = screen.model
        assert m.problem is None and m.end == len(record.moves)
        for seat, player in enumerate(record.players):
            # Names are shown literally (no markup), in the seats table.
            assert player.name[:5] in screen_text(app), seat
        deals = states[-1].deal.number
        for deal in range(2, min(deals, 4) + 1):
            boundary = m.goto(str(deal))
            screen.go(boundary - 1)
            await pilot.press("right")
            assert screen.p == boundary
            assert_shows(screen, states[boundary])
            await pilot.press("left")
            assert_shows(screen, states[boundary - 1])
            await pilot.press("pagedown")
            assert screen.p == boundary
        await pilot.press("end")
        assert_shows(screen, states[-1])
        over = "match over" in screen_text(app)
        assert over == states[-1].over


def test_the_samples_are_there() -> None:
    assert len(list(SAMPLES.glob("*.22rec"))) >= 5


async def test_keys_are_in_the_footer_and_the_palette(tmp_path: Path) -> None:
    path = write(tmp_path / "a.22rec", make_record())
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        ids = {b.id for bs in screen._bindings.key_to_bindings.values() for b in bs if b.id}
        for action in ("prev", "next", "next_trick", "next_deal", "goto", "autoplay", "view"):
            assert f"replay.{action}" in ids
        assert "←→ Move" in screen_text(app)  # the footer, in words
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: not isinstance(app.screen, TwentyTwoReplayScreen))
        await pilot.press(*"Deal on")
        await pilot.pause(0.5)
        assert "To the start of the next deal" in screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: opened(app) and screen.p == screen.model.goto("2"))


# ---------------------------------------------------------------- the play app's entry points


def forked(record: Record, at: str, seat: int) -> tuple[Record, int]:
    model = TwentyTwoReplay.from_record(record)
    p = model.goto(at)
    return model.fork(p, seat, name="Zoe", started=STARTED, source="/x/game.22rec"), p


async def test_start_from_record_opens_the_table_where_the_record_ends() -> None:
    from tt22.record import Autosave
    from tt22.tui.app import StartOptions
    from tt22.tui.screens.home import HomeScreen

    # A match in progress that the fork must not overwrite.
    unfinished = make_record(3, "left unfinished", keep=9)
    Autosave().save(unfinished)
    record = make_record()
    fork, p = forked(record, "2.1", 2)
    states = engine_states(record)
    app = TT22App(StartOptions(language="en", pace=30.0))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        table = app.start_from_record(fork)
        assert table is not None
        await wait_for(pilot, lambda: app.screen is table and table.is_mounted)
        session = table.session
        assert session.state.fingerprint() == states[p].fingerprint()
        assert session.moves == [rm.move for rm in record.moves[:p]]
        assert session.players[2] == Player("Zoe")
        assert set(session.bots) == {0, 1, 3}
        current = Autosave().load_current()
        assert current is not None and current.origin == fork.origin
        kept = [load_record(f) for f in records_dir().glob("*.22rec")]
        assert [r.seed for r in kept] == ["left unfinished"]
        assert len(kept[0].moves) == 9
        # Leaving the table goes back to where it was opened from.
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))


async def test_start_from_record_refuses_a_match_that_is_over() -> None:
    from tt22.tui.app import StartOptions
    from tt22.tui.screens.home import HomeScreen

    record = make_record()
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert app.start_from_record(record) is None
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert any("over" in str(n.message) for n in app._notifications)


async def test_play_from_here_goes_through_the_play_apps_entry_point(tmp_path: Path) -> None:
    from tt22.tui.games.twentytwo.table import TableScreen

    path = write(tmp_path / "game.22rec", make_record())
    app = open_app(path, language="en")
    handed: list[Record] = []
    start = app.start_from_record

    def spy(record: Record) -> TableScreen | None:
        handed.append(record)
        return start(record)

    app.start_from_record = spy  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        screen.go(screen.model.goto("3"))
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.click("#choice-0")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        assert len(handed) == 1 and handed[0].origin is not None
        assert handed[0].origin.moves == screen.model.goto("3")
        assert handed[0].players[0].kind == "human"
        # The table sits on the replay: leaving it comes back to the same position.
        app.screen.action_home()  # type: ignore[attr-defined]
        await wait_for(pilot, lambda: opened(app))
        assert app.screen is screen and screen.p == screen.model.goto("3")


async def test_tt22_replay_file_opens_straight_on_the_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tt22.cli import main
    from tt22.tui.screens.home import HomeScreen

    path = write(tmp_path / "game.22rec", make_record())
    made: list[TT22App] = []
    monkeypatch.setattr(TT22App, "run", lambda self, *a, **k: made.append(self))
    assert main(["replay", str(path), "--goto", "2.3", "--seat", "1", "--lang", "en"]) == 0
    (app,) = made
    assert type(app) is TT22App  # the play app itself, no subclass
    seen: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        # The very first screen shown is the replay: no home screen in between.
        seen.append(type(app.screen).__name__)
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        assert [type(s) for s in app.screen_stack[1:]] == [HomeScreen, TwentyTwoReplayScreen]
        assert screen.p == screen.model.goto("2.3") and screen.seat == 1
        assert screen.path == path
        # Leaving the replay opened from the command line leaves the program.
        await pilot.press("q")
        await wait_for(pilot, lambda: app.return_code is not None or not app.is_running)
    assert seen == ["TwentyTwoReplayScreen"]


async def test_help_lists_the_replay_keys_from_the_replay(tmp_path: Path) -> None:
    from tt22.tui.screens.help import HelpScreen, HelpText

    path = write(tmp_path / "a.22rec", make_record())
    app = open_app(path, language="en")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        source = app.screen.query_one("#help", HelpText).source
        assert "## Replay keys" in source
        assert "| p | play from here" in source
        await pilot.press("escape")
        await wait_for(pilot, lambda: opened(app))


@pytest.mark.parametrize(
    ("lang", "heading", "space"),
    [
        ("en", "## Replay keys", "space"),
        ("ko", "## 다시 보기 키", "스페이스"),
        ("ja", "## リプレイのキー", "スペース"),
    ],
)
def test_every_replay_key_is_in_the_help_in_each_language(
    lang: str, heading: str, space: str
) -> None:
    from tt22.tui.help_text import help_markdown

    set_language(lang)
    text = help_markdown()
    assert heading in text
    section = text[text.index(heading) :]
    rows = [line for line in section.splitlines() if line.startswith("| ")][2:]
    firsts = {row.split("|")[1].strip() for row in rows}
    expected = {
        "← →", "PgUp PgDn", "Home End", "g", space, "+ -", "t", "v", "c", "s", "p", "m", "q",
    }  # fmt: skip
    assert expected <= firsts, expected - firsts
    assert any(f.startswith("↑ ↓") and "[ ]" in f for f in firsts)
    assert "3.2.1" in section and "#57" in section
    # Every key the replay screen binds is one of those rows.
    bound = {k for b in TwentyTwoReplayScreen.BINDINGS for k in b.key.split(",")}  # type: ignore[union-attr]
    labels = {
        "left": "←", "right": "→", "up": "↑", "down": "↓", "left_square_bracket": "[",
        "right_square_bracket": "]", "pageup": "PgUp", "pagedown": "PgDn", "home": "Home",
        "end": "End", "space": space, "plus": "+", "equals_sign": "+", "minus": "-",
        "escape": "q",
    }  # fmt: skip
    for key in bound - {"question_mark"}:  # the app's help key, placed in the footer here
        assert any(labels.get(key, key) in f.split() for f in firsts), key


# ---------------------------------------------------------------- review fixes


async def test_no_color_seat_view_draws_the_short_move_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under NO_COLOR every segment goes through Textual's monochrome filter; the seat
    view's move list is shorter than its pane, and its blank lines once had no style."""
    monkeypatch.setenv("NO_COLOR", "1")
    path = write(tmp_path / "a.22rec", make_record())
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        await pilot.press("right", "v")
        await pilot.pause(0.2)
        screen = replay(app)
        assert screen.seat == 0
        moves = screen.query_one(MoveList)
        assert len(moves.rows) < moves.size.height  # blank lines below the list
        text = screen_text(app)  # the whole screen, through the filter
        assert "Ann" in text
        assert "you)" not in text  # the one watching a replay is not that seat
        await pilot.press("v", "v")
        await pilot.pause(0.2)
        assert "Bot 2" in screen_text(app)
    assert app.return_code in (0, None)


def test_tt22_replay_exits_non_zero_when_the_app_crashes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tt22.cli import main

    path = write(tmp_path / "game.22rec", make_record())

    def boom(self: TwentyTwoReplayScreen) -> None:
        raise RuntimeError("drawing failed")

    real_run = TT22App.run
    monkeypatch.setattr(TwentyTwoReplayScreen, "on_mount", boom)
    monkeypatch.setattr(TT22App, "run", lambda self: real_run(self, headless=True))
    assert main(["replay", str(path), "--lang", "en"]) == 1


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_the_footer_fits_80_columns_and_the_palette_has_the_rest(
    tmp_path: Path, lang: str
) -> None:
    from tt22.tui.games.twentytwo.replay import PALETTE
    from tt22.tui.replay.screen import ReplayCommands
    from tt22.tui.widgets.keybar import KeyBar

    path = write(tmp_path / "a.22rec", make_record())
    app = open_app(path, language=lang)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        await pilot.press("right")
        await pilot.pause(0.2)
        screen = replay(app)
        bar = screen.query_one(KeyBar)
        shown = set(bar.keys_shown)
        assert "ctrl+p" in shown
        line = screen_text(app).splitlines()[-1]
        at = 0
        for word in bar.words_shown:  # every key whole, in order, the palette's last
            found = line.find(word, at)
            assert found >= 0, (lang, word, line)  # nothing clipped
            at = found + len(word)
        # The keys to step through a replay are always there ...
        assert {"left", "right", "up", "down", "pageup", "pagedown", "space", "v"} <= shown
        assert "q" in shown or "escape" in shown
        # ... and every action is in the palette, whatever the footer had room for.
        provider = ReplayCommands(screen)
        names = [name for name, _help, _run in provider._commands()]
        assert len(names) == len(PALETTE)
        assert rt("key.goto") in names and rt("key.fork") in names and rt("key.start") in names
    app = open_app(path, language=lang)
    async with app.run_test(size=(200, 50)) as pilot:
        await wait_for(pilot, lambda: opened(app))
        await pilot.pause(0.2)
        shown = set(app.screen.query_one(KeyBar).keys_shown)
        assert {"g", "p", "question_mark"} <= shown


async def test_in_the_ascii_style_the_arrow_keys_read_as_at_the_table_and_q_stays(
    tmp_path: Path,
) -> None:
    """`←` `→` of a key group read "<->" as at the table (they read "LeftRight", which
    pushed `q` off the line in Japanese at 80 columns); a click on either half presses
    that key."""
    from tt22.tui.widgets.keybar import KeyBar

    path = write(tmp_path / "a.22rec", make_record())
    app = open_app(path, language="ja", ascii_cards=True)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        await pilot.press("right", "right")
        await pilot.pause(0.2)
        screen = replay(app)
        bar = screen.query_one(KeyBar)
        line = screen_text(app).splitlines()[-1]
        assert bar.words_shown[:2] == (f"<-> {rt('foot.move')}", f"Up/Dn {rt('foot.trick')}")
        assert "q" in bar.keys_shown and f"q {rt('key.back')}" in line, line
        assert "Left" not in line and line.isascii() is False  # (the words are Japanese)
        at = screen.p
        start = next(s for s, _e, key in bar._spans if key.key == "left")
        await pilot.click(KeyBar, offset=(start, 0))  # on "<": one move back
        await wait_for(pilot, lambda: screen.p < at)


async def test_dialogs_let_the_replay_show_behind_them(tmp_path: Path) -> None:
    path = write(tmp_path / "a.22rec", make_record())
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        await pilot.press("right", "g")
        await wait_for(pilot, lambda: isinstance(app.screen, TextDialog))
        await pilot.pause(0.1)
        assert app.screen.styles.background.a < 1  # translucent, as the game's summaries
        await pilot.press("escape")
        await wait_for(pilot, lambda: opened(app))
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.pause(0.1)
        assert app.screen.styles.background.a < 1


async def test_play_from_here_counts_seats_from_0_and_keeps_the_old_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from textual.widgets import Button, Label

    from tt22.tui.games.twentytwo.replay import TwentyTwoReplayScreen as RS

    path = write(tmp_path / "a.22rec", make_record())
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        screen.go(screen.model.goto("1.1"))
        monkeypatch.setattr("tt22.play.session.peek_current", lambda home: ("OLD-SEED", 3))
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        labels = [str(b.label) for b in app.screen.query(Button)]
        assert labels[:4] == ["Ann (seat 0)", "Bot 2 (seat 1)", "Bot 3 (seat 2)", "Bot 4 (seat 3)"]
        note = " ".join(str(label.render()) for label in app.screen.query(Label))
        assert "OLD-SEED" in note and "kept" in note and "replaces" not in note
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, RS))


async def test_m_gives_the_arrow_and_page_keys_to_the_move_list(tmp_path: Path) -> None:
    path = write(tmp_path / "a.22rec", make_record())
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        m = screen.model
        moves = screen.query_one(MoveList)
        await pilot.press("down")  # not focused: a trick on
        assert screen.p == m.next_trick(0)
        start = screen.p
        await pilot.press("m")
        assert screen.focused is moves
        assert "PgUp" in str(moves.border_subtitle)
        await pilot.press("down", "down")  # the list has the keys: one move each
        assert screen.p == start + 2
        await pilot.press("up")
        assert screen.p == start + 1
        await pilot.press("pagedown")
        assert screen.p == start + 1 + moves.page_items()
        await pilot.press("pageup")
        assert screen.p == start + 1
        await pilot.pause(0.1)
        assert "↑↓←→ Move" in screen_text(app)  # the footer says what the keys do now
        await pilot.press("escape")  # gives the keys back, does not leave
        assert opened(app) and screen.focused is None
        await pilot.press("down")
        assert screen.p == m.next_trick(start + 1)
        await pilot.press("m", "m")  # m toggles too
        assert screen.focused is None
        await pilot.pause(0.1)
        assert "↑↓ Trick" in screen_text(app)


def _long_exchange_record() -> tuple[Record, int]:
    """A record whose first exchange discards five cards (found by searching seeds)."""
    for n in range(200):
        record = make_record(players=3, seed=f"long exchange {n}")
        for i, rm in enumerate(record.moves):
            if len(getattr(rm.move, "discard", ())) >= 5:
                return record, i
    raise AssertionError("no five-card exchange in 200 seeds")


async def test_every_discarded_card_and_sorted_plays_are_in_the_list(tmp_path: Path) -> None:
    record, index = _long_exchange_record()
    path = write(tmp_path / "a.22rec", record)
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        screen.go(index + 1)
        await pilot.pause(0.2)
        moves = screen.query_one(MoveList)
        item = index + 1
        lines = [moves._lines[i][1] for i in moves.item_lines(item)]
        assert len(lines) >= 2  # too long for the 80-column list: wrapped, not cut
        text = screen_text(app)
        for line in lines:
            assert line.rstrip() in text
        cards = sorted(screen.model.rows[index].cards, reverse=True)
        assert " ".join(lines).split()[-len(cards) :] == [show_card(c) for c in cards]
        assert all(len(line) <= moves.text_width for line in lines)
        # A play of several cards reads high to low, as the table shows it.
        for row in screen.model.rows:
            if not row.exchange and len(row.cards) > 1:
                said = moves.line_text(row.move_index + 1).split()[-len(row.cards) :]
                assert said == [show_card(c) for c in sorted(row.cards, reverse=True)]


async def test_an_unfinished_record_says_so_at_its_end(tmp_path: Path) -> None:
    path = write(tmp_path / "a.22rec", make_record(keep=40))
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        assert "unfinished" not in screen_text(app).split("\n")[0]
        dealer = screen.model.players[screen.model.state(0).deal.dealer].name
        assert f"dealer: {dealer}" in screen_text(app).split("\n")[0]  # whatever the table fits
        await pilot.press("end")
        # The move list scrolls to its end after a refresh (call_after_refresh): wait
        # for that, not a fixed time (under load 0.2 s was not always enough).
        await wait_for(pilot, lambda: "(end: match unfinished)" in screen_text(app))
        text = screen_text(app)
        assert "move 40/40 · unfinished" in text
        assert "the match was not finished" in text
        assert "(end: match unfinished)" in text
        await pilot.press("left")
        await wait_for(pilot, lambda: screen.p == 39)
        await wait_for(pilot, lambda: "the match was not finished" not in screen_text(app))
    # A finished match has no such marks.
    path = write(tmp_path / "b.22rec", make_record())
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        await pilot.press("end")
        await pilot.pause(0.2)
        assert "unfinished" not in screen_text(app)


async def test_last_trick_keeps_its_winner_and_the_chart_has_a_legend(tmp_path: Path) -> None:
    path = write(tmp_path / "a.22rec", make_record(players=6, seed="wide trick"))
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        m = screen.model
        screen.go(m.goto("2.3"))  # a finished trick of six plays behind us
        last = m.state(screen.p).tricks[-1]
        winner = m.players[last.winner].name
        await wait_for(pilot, lambda: f"Last trick, won by {winner}:" in screen_text(app))
        text = screen_text(app)
        assert f"Last trick, won by {winner}:" in text
        trick = screen.query_one(TrickView)
        width = trick.content_region.width
        assert all(line.cell_len <= width for line in trick.lines())
        said = " ".join(line.plain.strip() for line in trick.lines())
        for seat, cards in last.plays:  # every play, high to low, none cut off
            shown = " ".join(show_card(c) for c in sorted(cards, reverse=True))
            assert f"{m.players[seat].name} {shown}" in said
        assert "+ lost that deal  ! out (22+)" in text
        assert "deal" in text.split("Penalty totals")[1]


async def test_the_chart_shows_long_names_whole_at_80_columns(tmp_path: Path) -> None:
    """Issue 10: names longer than ten cells were cut to `…` in the penalty chart; now
    a long name wraps under its row (at its spaces; a name without any is folded)."""
    import re

    from tt22.tui.games.twentytwo.replay_panes import PenaltyChart

    names = ["Maximiliana Rosenkrantz", "Wolfeschlegelsteinhause", "Ann", "Bartholomew Q. Li"]
    base = make_record(players=4, seed="long chart names")
    seats = [Player(n, p.kind, p.bot) for n, p in zip(names, base.players, strict=True)]
    record = build_record(base.rules, base.seed, seats, list(base.moves), STARTED)
    app = open_app(write(tmp_path / "names.22rec", record))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        await pilot.press("end")
        await wait_for(pilot, lambda: screen.p == screen.model.end)
        chart = screen.query_one(PenaltyChart)
        width = chart.content_region.width
        lines = [line.plain for line in chart.lines(width)]
        await wait_for(pilot, lambda: chart.size.height == len(lines))  # all of it shown
        assert all(cell_len(line) <= width for line in lines)
        assert "…" not in "".join(lines)
        rows: list[str] = []  # each seat's name as the chart spells it over its lines
        for line in lines[2:-1]:
            if line.startswith(" "):
                rows[-1] += " " + line.strip()
            else:
                rows.append(re.sub(r"(\s+\d+[+!]?)*\s*$", "", line))
        assert ["".join(r.split()) for r in rows] == ["".join(n.split()) for n in names]
        assert rows[0] == "Maximiliana Rosenkrantz"  # broken at the space, not in a word
        last = screen.model.totals_by_deal(screen.p)[-1]
        ann = next(line for line in lines if line.startswith("Ann "))
        assert ann.split()[-1].rstrip("+!") == str(last.totals[2])  # figures beside it


@pytest.mark.parametrize(
    ("lang", "first"),
    [("en", "{} first"), ("ko", "{} 님부터"), ("ja", "{}さんから")],
    ids=["en", "ko", "ja"],
)
async def test_the_exchange_line_says_who_starts_before_anyone_exchanged(
    tmp_path: Path, lang: str, first: str
) -> None:
    """Issue 10: at a deal's start the trick area read a bare "Exchange:"; it names the
    seat that exchanges first, and then each exchange as it comes."""
    from tt22.tui.i18n import t

    record = make_record(players=4, seed="exchange line")
    app = open_app(write(tmp_path / "a.22rec", record), language=lang)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: opened(app))
        screen = replay(app)
        m = screen.model
        for deal in (1, 2):
            screen.go(m.goto(str(deal)))
            await pilot.pause()
            s = m.state(screen.p)
            snap = screen.query_one(TrickView).snapshot
            assert snap is not None and snap.phase == 0 and snap.exchanges == ()
            label = t("phase.exchange").capitalize() + ":"
            said = " ".join(line.plain for line in screen.query_one(TrickView).lines())
            assert said.strip() != label
            name = m.players[s.to_move].name
            assert said == f"{label} {first.format(name)}", said
            assert label in screen_text(app) and first.format(name) in screen_text(app)
            screen.go(m.goto(str(deal)) + 1)  # after the first exchange: it, not who starts
            await pilot.pause()
            said = " ".join(line.plain for line in screen.query_one(TrickView).lines())
            assert said.startswith(f"{label} {name} ") and first.format(name) not in said


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_the_record_browser_shows_every_name_result_and_seed_whole(lang: str) -> None:
    """Issue 10: at 80 columns the browser cut long file names and results to `…`
    ("2p-oklahom…", "未完了、第2ディー…") and seeds without one. Each cell now wraps in its
    row: walking the list, every record's file name, result and seed is on screen whole,
    the line under the list names all its players, and no line holds a `…`."""
    from textual.widgets import DataTable, Static

    from tt22.tui.replay.picker import describe_result

    # One record of the player's own with a long file name and a long seed.
    own = records_dir()
    own.mkdir(parents=True)
    long_name = "friday-night-with-the-whole-family-at-grandmas.22rec"
    seed = "a seed as long as the new game form allows, " * 2
    write(own / long_name, make_record(players=3, seed=seed.strip(), keep=30))
    app = TT22App(StartOptions(language=lang))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await wait_for(
            pilot, lambda: isinstance(app.screen, RecordPicker) and app.screen.is_mounted
        )
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, RecordPicker)
        table = picker.query_one("#pick-table", DataTable)
        assert table.row_count == len(picker.entries) > 10
        widths = [c.get_render_width(table) for c in table.columns.values()]
        assert sum(widths) <= table.scrollable_content_region.width  # no sideways scrolling
        for i, e in enumerate(picker.entries):
            await pilot.pause()
            assert table.cursor_row == i
            record = load_record(e.path)
            text = screen_text(app)
            assert "…" not in text, (i, text)
            label, players, result, seed_cell = (str(c) for c in table.get_row(str(i)))
            expected = e.path.stem if e.sample else e.path.name
            assert expected in "".join(label.split()), label
            assert "".join(result.split()) == "".join(describe_result(record).split())
            assert "".join(seed_cell.split()) == "".join(record.seed.split())
            for line in "\n".join((label, players, result, seed_cell)).split("\n"):
                assert line in text, (line, text)  # on screen, whole
            names = [p.name for p in record.players]
            detail = str(picker.query_one("#pick-detail", Static).render())
            assert all(n in detail for n in names) and "…" not in detail, detail
            await pilot.press("down")
        assert picker.entries[0].path.name == long_name
        # Wider, the rows are wrapped again for the new width (the long name on one line).
        table.move_cursor(row=0)
        await pilot.pause()
        assert str(table.get_row("0")[0]).split("\n")[0] != long_name  # (wrapped at 80)
        await pilot.resize_terminal(200, 30)
        await wait_for(
            pilot,
            lambda: (
                str(table.get_row("0")[0]).split("\n")[0] == long_name
                and long_name in screen_text(app)
            ),
        )
        assert table.cursor_row == 0  # (still on its record)
