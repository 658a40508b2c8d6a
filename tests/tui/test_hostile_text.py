"""Issue 9, item 1: record text never reaches Textual's markup parser nor the terminal.

A record whose every string field (names, seed, generator, comments, version) and whose
file name carry markup, `@click` actions, `[/]` and escape sequences is walked through
every screen that shows record text: the picker, the replay (open, each seat view, the
move list, the comment dialog, the save messages), the play table, the summaries and the
notifications. The app must keep running and show the text literally, with each control
character spelled out, on the rendered screen itself (not only in widget attributes).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest
from paths import ROOT
from pilotkit import wait_for
from recordkit import STARTED, match_moves
from textual.pilot import Pilot
from textual.widgets import Input

from tt22.core.players import Player
from tt22.core.safe import printable
from tt22.games.twentytwo import Move, Rules, apply, new_match
from tt22.record import Record, RecordedMove, build_record, records_dir, save_record
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.twentytwo.replay import TwentyTwoReplayScreen
from tt22.tui.i18n import set_language
from tt22.tui.replay import RecordPicker
from tt22.tui.replay.dialogs import ChoiceDialog, TextDialog

SIZE = (120, 40)
EVIL = "[b]B[/b][@click=app.quit]Q[/]\x1b[2J\u202e"
SHOWN = printable(EVIL)  # what the screen must show: brackets as typed, controls escaped
SEED = "s[/]" + EVIL
QUIT_LINK = "[@click=app.quit]"


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TT22_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("LANG", "C")
    monkeypatch.delenv("LC_ALL", raising=False)
    set_language("en")
    return tmp_path


def hostile_record(players: int = 3, version: str = EVIL, keep: int | None = None) -> Record:
    """A finished (or `keep`-move) bot match whose every string field is hostile."""
    moves = list(match_moves(players, SEED))[:keep]
    recorded = [
        RecordedMove(m, think=0.3, comment=f"c{i}{EVIL}" if i % 2 == 0 else None)
        for i, m in enumerate(moves)
    ]
    seats = [Player(f"{s}{EVIL}", "bot", "random") for s in range(players)]
    record = build_record(Rules(), SEED, seats, recorded, STARTED)
    return msgspec.structs.replace(record, tt22_version=version)


def screen_text(app: TT22App) -> str:
    """Every cell the terminal would be sent, as text (the screen with its toasts)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


def assert_clean(app: TT22App) -> str:
    """The app runs and no raw control character or bidi override is on screen."""
    assert app.is_running
    text = screen_text(app)
    bad = [ch for ch in text if ch != "\n" and (ord(ch) < 0x20 or 0x7F <= ord(ch) < 0xA0)]
    assert not bad, bad
    assert "\u202e" not in text
    return text


async def toasts_shown(pilot: Pilot[None], app: TT22App) -> None:
    """Wait until every notification is drawn as a toast on the screen: mounted is not
    enough, a toast is in what the screen renders only once a layout has placed it
    (under load that took more than the one pause this waited, and the text read
    lacked the toast)."""
    from textual.widgets._toast import Toast

    def placed() -> bool:
        toasts = app.screen.query(Toast)
        return len(toasts) >= len(app._notifications) and all(t.region.area for t in toasts)

    await wait_for(pilot, placed)


async def shown(pilot: Pilot[None], app: TT22App, *parts: str) -> str:
    """The clean screen once every one of `parts` is drawn on it. A key's effect reaches
    the screen a refresh after the key is handled, so a test waits for what it expects to
    read instead of reading the screen straight after the key (which raced under load)."""
    await wait_for(pilot, lambda: all(part in screen_text(app) for part in parts))
    return assert_clean(app)


def notes(app: TT22App) -> list[str]:
    return [str(n.message) for n in app._notifications]


def replay_open(app: TT22App) -> bool:
    return isinstance(app.screen, TwentyTwoReplayScreen) and app.screen.ready


async def comment_and_save_copy(pilot: Pilot[None], app: TT22App, text: str) -> None:
    screen = app.screen
    assert isinstance(screen, TwentyTwoReplayScreen)
    await pilot.press("end", "c")
    await wait_for(pilot, lambda: isinstance(app.screen, TextDialog))
    await pilot.press("ctrl+u", *text, "enter")
    await wait_for(pilot, lambda: replay_open(app) and screen.model.dirty)
    await pilot.press("s")
    await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
    assert_clean(app)
    await pilot.click("#choice-copy")
    await wait_for(pilot, lambda: replay_open(app) and not screen.model.dirty)


async def test_a_hostile_record_is_shown_literally_on_every_screen(tmp_path: Path) -> None:
    folder = records_dir()
    folder.mkdir(parents=True)
    good = folder / "game [final].22rec"
    save_record(good, hostile_record())
    bad_generator = msgspec.structs.replace(hostile_record(), generator="[/]" + EVIL)
    save_record(
        folder / "old.22rec", msgspec.structs.replace(bad_generator, started="2001-01-01T00:00:00Z")
    )
    (tmp_path / "x[").mkdir()
    other = tmp_path / "x[/]y.22rec"  # the file "]y.22rec" in the folder "x["
    tampered = msgspec.structs.replace(hostile_record(), digest="sha256:" + "0" * 64)
    save_record(other, tampered)

    from tt22.record import Autosave
    from tt22.tui.screens.home import HomeScreen

    Autosave().save(hostile_record(keep=5))  # a match of bots in progress: its seed shows

    app = TT22App(StartOptions(language="en"))
    app.NOTIFICATION_TIMEOUT = 600  # (a toast must not expire before a loaded machine reads it)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await wait_for(pilot, lambda: "5 moves" in screen_text(app))
        text = assert_clean(app)
        assert f"seed {printable(SEED, 60)}" in text  # the home screen's "continue" line
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, RecordPicker))
        picker = app.screen
        assert isinstance(picker, RecordPicker)
        text = assert_clean(app)
        assert "0[b]B[/b]" in text and "s[/][b]B[/b]" in text  # names and seed, literally

        # The record dealt by a "generator" of markup: one literal message, no freeze.
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: any("generator" in n for n in notes(app)))
        await toasts_shown(pilot, app)
        assert isinstance(app.screen, RecordPicker)
        text = assert_clean(app)
        assert "'[/][b]B[/b][@click=app.quit]Q[/]" in text

        # The hostile record under a file name with brackets.
        await pilot.press("up", "enter")
        await wait_for(pilot, lambda: replay_open(app))
        replay = app.screen
        assert isinstance(replay, TwentyTwoReplayScreen)
        assert replay.path == good
        await pilot.press("right")
        # a name in the seats table, and the comment on move 1
        await shown(pilot, app, f"0{SHOWN}"[:14], f"c0{SHOWN}")
        for seat in range(3):
            await pilot.press("v")
            assert replay.seat == seat
            await shown(pilot, app, f"{seat}{SHOWN}")  # "view of <name>" in the position line
        await pilot.press("v", "m")
        assert replay.list_focused
        await pilot.press("down", "down")
        assert_clean(app)
        await pilot.press("m")
        # The comment dialog holds the comment literally (its controls escaped).
        await pilot.press("home", "right", "c")
        await wait_for(pilot, lambda: isinstance(app.screen, TextDialog))
        text = assert_clean(app)
        assert SHOWN in text
        await pilot.press("escape")
        await wait_for(pilot, lambda: replay_open(app))
        # Saving a copy names the file with its brackets.
        await comment_and_save_copy(pilot, app, "[/]" + QUIT_LINK + "x")
        # the saved file's name (a toast drawn a refresh after the save) and the new comment
        await shown(pilot, app, "game [final]-notes.22rec", "[/][@click=app.quit]x")
        assert (folder / "game [final]-notes.22rec").is_file()
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, RecordPicker))

        # A path typed in the box, whose digest fails: the banner shows the version.
        box = app.screen.query_one("#pick-path", Input)
        await pilot.press("slash")
        box.value = str(other)
        await pilot.press("enter")
        await wait_for(pilot, lambda: replay_open(app))
        await shown(pilot, app, "digest mismatch", "[b]B[/b][@click")
        assert app.is_running


async def test_saving_a_copy_of_a_bracketed_file_name_says_where(tmp_path: Path) -> None:
    """The replayer's saved-path message of `x[/]y.22rec` (it raised MarkupError)."""
    from tt22.tui.games.twentytwo.replay import TwentyTwoReplay
    from tt22.tui.replay.app import replay_app

    (tmp_path / "x[").mkdir()
    path = tmp_path / "x[/]y.22rec"
    save_record(path, hostile_record())
    app = replay_app(TwentyTwoReplay.from_record(hostile_record()), path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_for(pilot, lambda: replay_open(app))
        await comment_and_save_copy(pilot, app, QUIT_LINK + "y")
        # The toast is drawn a refresh after the save: wait for it (under load, it was
        # not always there yet when the record was already saved).
        await wait_for(pilot, lambda: "x[/]y-notes.22rec" in screen_text(app))
        assert_clean(app)
        assert (tmp_path / "x[" / "]y-notes.22rec").is_file()


def human_at(keep: int, human: Callable[[list[Move]], int]) -> Record:
    """The hostile record cut to its first `keep` moves, with a human at the seat
    `human(moves)` chooses: the table then waits for that human, or a summary for them,
    instead of racing on with bots only."""
    record = hostile_record()
    moves = [rm.move for rm in record.moves]
    seat = human(moves)
    players = [
        msgspec.structs.replace(p, kind="human", bot=None) if s == seat else p
        for s, p in enumerate(record.players)
    ]
    return build_record(record.rules, record.seed, players, record.moves[:keep], STARTED)


def deal_one_end() -> int:
    """The index of the move that ends deal 1 of the hostile record."""
    record = hostile_record()
    state = new_match(record.rules, len(record.players), record.seed)
    for i, rm in enumerate(record.moves):
        state = apply(state, rm.move)
        if state.history:
            return i
    raise AssertionError("deal 1 never ends")


async def test_the_table_and_the_match_summary_show_hostile_text_literally() -> None:
    from tt22.tui.games.twentytwo.summary_screens import MatchSummaryScreen
    from tt22.tui.games.twentytwo.table import TableScreen
    from tt22.tui.screens.home import HomeScreen

    def to_move_after_5(moves: list[Move]) -> int:
        state = new_match(Rules().for_players(3), 3, SEED)
        for m in moves[:5]:
            state = apply(state, m)
        return state.to_move

    app = TT22App(StartOptions(language="en", pace=0.0))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        table = app.start_from_record(human_at(5, to_move_after_5))  # the human's turn
        assert isinstance(table, TableScreen)
        await wait_for(pilot, lambda: app.screen is table and table.human_view() is not None)
        await pilot.pause()
        text = assert_clean(app)
        assert f"0{SHOWN}"[:10] in text and f"1{SHOWN}"[:10] in text
    n = len(hostile_record().moves)
    app = TT22App(StartOptions(language="en", pace=0.0))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        # the last move is a bot's; the summary waits for the human at another seat
        assert app.start_from_record(human_at(n - 1, lambda ms: (ms[-1].seat + 1) % 3))
        await wait_for(
            pilot, lambda: isinstance(app.screen, MatchSummaryScreen) and app.screen.is_mounted
        )
        await wait_for(pilot, lambda: "Seed" in screen_text(app))
        text = assert_clean(app)
        assert f"[b]B[/b]{QUIT_LINK}" in text
        assert SEED.replace("\x1b", "\\x1b").replace("\u202e", "\\u202e") in text  # revealed


async def test_the_deal_summary_shows_hostile_names_literally() -> None:
    from tt22.tui.games.twentytwo.summary_screens import DealSummaryScreen
    from tt22.tui.screens.home import HomeScreen

    last = deal_one_end()
    app = TT22App(StartOptions(language="en", pace=0.0))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert app.start_from_record(human_at(last, lambda ms: (ms[last].seat + 1) % 3))
        await wait_for(
            pilot, lambda: isinstance(app.screen, DealSummaryScreen) and app.screen.is_mounted
        )
        await wait_for(pilot, lambda: "Deal 1" in screen_text(app))
        text = assert_clean(app)
        assert f"[b]B[/b]{QUIT_LINK}Q[/]" in text  # a seat's name in the standings


async def test_notifications_of_outside_text_are_literal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Exception messages naming a hostile path, through the app's own error paths."""
    (tmp_path / "h[").mkdir()
    home = tmp_path / "h[/][@click=app.quit]\x1b[2J\u202e"  # in the folder "h["
    home.write_text("a file where the data folder should be")
    monkeypatch.setenv("TT22_HOME", str(home))
    app = TT22App(StartOptions(language="en", home=home))
    app.NOTIFICATION_TIMEOUT = 600  # (a toast must not expire before a loaded machine reads it)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        from tt22.tui.screens.home import HomeScreen

        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        app.action_toggle_ascii()  # saving the settings fails: the folder is a file
        # and a record that cannot go on: dealt by a generator of markup
        app.start_from_record(msgspec.structs.replace(hostile_record(), generator=QUIT_LINK))
        # Three notes: the settings that could not be read at start, the save that
        # failed, the record refused. (Waiting for two, the count reached at the save,
        # read the screen before the record's note under load.)
        await wait_for(
            pilot,
            lambda: len(app._notifications) == 3 and any(QUIT_LINK in n for n in notes(app)),
        )
        await toasts_shown(pilot, app)
        text = assert_clean(app)
        assert "h[/][@click=app.quit]\\x1b[2J\\u202e" in text
        assert f"'{QUIT_LINK}'" in text
        assert all(not n.markup for n in app._notifications)


def test_every_notification_goes_through_the_one_helper() -> None:
    """No `.notify(` call in the interface but the helper's own (markup off, escaped)."""
    offenders = []
    for path in sorted((ROOT / "tt22").rglob("*.py")):
        if path.name == "safe_text.py":
            continue
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "notify"
            ):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not offenders, offenders


# ---------------------------------------------------------------- item 5
async def test_a_seat_view_shows_only_that_seats_comments(tmp_path: Path) -> None:
    """`tt22 replay FILE --seat 0` follows the rule of `tt22 show --seat 0`: a comment on
    another seat's move is hidden (box, move list marker, and the comment dialog)."""
    from tt22.tui.games.twentytwo.replay import TwentyTwoReplay
    from tt22.tui.replay.app import replay_app

    moves = list(match_moves(2, "kit"))
    first = moves[0].seat
    recorded = [
        RecordedMove(m, comment=f"secret of seat {m.seat} #{i}") for i, m in enumerate(moves[:6])
    ] + [RecordedMove(m) for m in moves[6:]]
    seats = [Player("Ann", "bot", "random"), Player("Bob", "bot", "random")]
    record = build_record(Rules(), "kit", seats, recorded, STARTED)
    path = tmp_path / "c.22rec"
    save_record(path, record)
    other = 1 - first
    app = replay_app(TwentyTwoReplay.from_record(record), path, seat=other)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_for(pilot, lambda: replay_open(app))
        await pilot.press("right")  # after move 1, made by `first`
        text = assert_clean(app)
        assert f"secret of seat {first}" not in text
        move_list = app.screen.query_one("#replay-moves")
        assert "*" not in str(move_list.line_text(1))  # type: ignore[attr-defined]
        await pilot.press("c")  # editing it would show it: refused, with a reason
        await pilot.pause()
        assert isinstance(app.screen, TwentyTwoReplayScreen)
        assert any("hides the comment" in n for n in notes(app))
        # The seat's own move shows its comment; the open view shows them all.
        replay = app.screen
        assert isinstance(replay, TwentyTwoReplayScreen)
        mine = next(i for i, m in enumerate(moves[:6]) if m.seat == other)
        replay.go(mine + 1)
        await pilot.pause()
        assert f"secret of seat {other} #{mine}" in screen_text(app)
        replay.seat = None
        replay.go(1)
        replay.refresh_view()
        await pilot.pause()
        assert f"secret of seat {first} #0" in screen_text(app)


def test_show_and_the_replayer_share_the_comment_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tt22.cli import main
    from tt22.record import comment_visible
    from tt22.tui.games.twentytwo.replay import TwentyTwoReplay

    moves = list(match_moves(2, "kit"))
    recorded = [RecordedMove(m, comment=f"by {m.seat} at {i}") for i, m in enumerate(moves)]
    seats = [Player("Ann", "bot", "random"), Player("Bob", "bot", "random")]
    record = build_record(Rules(), "kit", seats, recorded, STARTED)
    save_record(tmp_path / "c.22rec", record)
    model = TwentyTwoReplay.from_record(record)
    for seat in (0, 1):
        assert main(["show", "--seat", str(seat), str(tmp_path / "c.22rec")]) == 0
        out = capsys.readouterr().out
        for i, m in enumerate(moves):
            shown = f"by {m.seat} at {i}" in out
            assert shown == comment_visible(m.seat, seat) == (model.comment(i, seat) is not None)
