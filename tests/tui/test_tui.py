"""The Textual app driven with keys through Pilot: a whole deal, an exchange, a forced
choice, resizing, continuing after a restart, hot seat, settings."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from pilotkit import wait_for
from textual.screen import Screen
from textual.widgets import Static

from tt22.core.players import Player
from tt22.games.twentytwo import Rules, why_forced
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.twentytwo.summary_screens import DealSummaryScreen, MatchSummaryScreen
from tt22.tui.games.twentytwo.table import TableScreen
from tt22.tui.i18n import set_language
from tt22.tui.reasons import reason_words
from tt22.tui.screens.home import HomeScreen
from tt22.tui.screens.small import TooSmallScreen
from tt22.tui.widgets.hand import HandView
from tt22.tui.widgets.seats import SeatsTable


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TT22_HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "C")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    set_language("en")
    return tmp_path


def table_app(players: int = 3, seed: str = "pilot", humans: int = 1, **rules: object) -> TT22App:
    seats = [Player("Ann")]
    seats += [Player(f"Human {i}") for i in range(1, humans)]
    seats += [Player(f"Bot {i}", "bot", "random") for i in range(humans, players)]
    return TT22App(
        StartOptions(
            rules=Rules(**rules).for_players(players),  # type: ignore[arg-type]
            players=seats,
            seed=seed,
            pace=0.0,
            language="en",
        )
    )


def shown(app: TT22App, kind: type[Screen[object]]) -> bool:
    """`kind` is on top and composed. `app.screen` is the new screen as soon as it is
    pushed, but its widgets exist only once it has mounted (under load, a few frames
    later): a test that queries them must wait for this, not for the type alone."""
    return isinstance(app.screen, kind) and app.screen.is_mounted


def table(app: TT22App) -> TableScreen:
    for screen in app.screen_stack:
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError("no table screen")


def my_turn(app: TT22App) -> bool:
    return isinstance(app.screen, TableScreen) and app.screen.human_view() is not None


def message(app: TT22App) -> str:
    return str(app.screen.query_one("#message", Static).render())


async def test_play_a_whole_deal_with_keys() -> None:
    app = table_app(players=3, seed="whole-deal")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        screen = table(app)
        assert screen.state.deal.number == 1
        while not isinstance(app.screen, DealSummaryScreen):
            await wait_for(pilot, lambda: my_turn(app) or isinstance(app.screen, DealSummaryScreen))
            if isinstance(app.screen, DealSummaryScreen):
                break
            v = screen.human_view()
            assert v is not None
            before = len(screen.session.moves)
            await pilot.press("enter" if v.exchanging else "d")
            assert len(screen.session.moves) > before
        assert len(screen.state.history) == 1
        summary = app.screen
        text = " ".join(str(w.render()) for w in summary.query(Static))
        assert "showdown" in text
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        assert screen.state.deal.number == 2 or screen.state.over


async def test_an_exchange_with_space_and_enter() -> None:
    app = table_app(players=3, seed="exchange-me")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        screen = table(app)
        v = screen.human_view()
        assert v is not None and v.exchanging
        hand = app.screen.query_one(HandView)
        await pilot.press("space", "right", "space")
        assert hand.selection == list(v.hand[:2])
        assert "Discard 2" in str(app.screen.query_one("#play").render())
        await pilot.press("enter")
        mine = [e for e in screen.state.exchanges if e.seat == 0]
        if not mine:  # the deal moved on already: the exchange is in the history
            mine = [e for e in screen.state.history[-1].exchanges if e.seat == 0]
        assert [len(mine[0].discard), sorted(mine[0].discard)] == [2, sorted(v.hand[:2])]


async def test_a_forced_choice_is_explained() -> None:
    app = table_app(players=3, seed="forced-1")  # forced at Ann's second turn
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(app)
        for _ in range(10):
            await wait_for(pilot, lambda: my_turn(app) or isinstance(app.screen, DealSummaryScreen))
            if isinstance(app.screen, DealSummaryScreen):
                await pilot.press("enter")
                continue
            v = screen.human_view()
            assert v is not None
            reason = why_forced(v)
            if reason:
                assert reason_words(reason) in message(app)
                assert "R13" in message(app)
                return
            await pilot.press("enter" if v.exchanging else "d")
        raise AssertionError("no forced choice came up")


async def test_illegal_selection_is_refused_with_the_engine_reason() -> None:
    app = table_app(players=3, seed="whole-deal")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        screen = table(app)
        await pilot.press("enter")  # keep
        await wait_for(pilot, lambda: my_turn(app))
        v = screen.human_view()
        assert v is not None and v.playing
        before = len(screen.session.moves)
        # select the whole hand: never a legal play (a leader keeps a card; a follower
        # plays as many as were led, which is fewer than a whole hand here)
        for _ in v.hand:
            await pilot.press("space", "right")
        await pilot.press("enter")
        assert len(screen.session.moves) == before
        assert "Not allowed" in message(app)


async def test_resizing_from_80x24_to_large_and_too_small() -> None:
    app = table_app(players=9, seed="big table")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        screen = table(app)
        for widget_id in ("#seats", "#message", "#hand", "#actions"):
            region = screen.query_one(widget_id).region
            assert region.height > 0 and region.bottom <= 23, widget_id
        assert screen.query_one("#seats").region.height == 9  # nine seats
        assert screen.query_one("#seats-head").region.height == 1  # (pinned over them)
        await pilot.resize_terminal(220, 60)
        # The table lays itself out again once the resize has gone through: wait for
        # that, not for one pause (one was not always enough on a loaded machine).
        await wait_for(
            pilot,
            lambda: (
                bool(screen.query_one("#log").display)  # room for the move log
                and screen.query_one("#hand").region.width > 60
            ),
        )
        await pilot.resize_terminal(60, 20)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        assert "60x20" in str(app.screen.query_one("#too-small", Static).render())
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))


async def test_continue_after_a_restart(_home: Path) -> None:
    app = table_app(players=3, seed="resume")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        await pilot.press("enter")
        await wait_for(pilot, lambda: my_turn(app))
        await pilot.press("d")
        await wait_for(pilot, lambda: my_turn(app) or isinstance(app.screen, DealSummaryScreen))
        if isinstance(app.screen, DealSummaryScreen):
            await pilot.press("enter")
            await wait_for(pilot, lambda: my_turn(app))
        fingerprint = table(app).state.fingerprint()
        moves = list(table(app).session.moves)
    assert (_home / "current.22rec").exists()
    again = TT22App(StartOptions(language="en"))
    async with again.run_test(size=(80, 24)) as pilot:
        assert isinstance(again.screen, HomeScreen)
        assert again.screen.query_one("#continue").display
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(again.screen, TableScreen))
        resumed = table(again)
        assert resumed.session.moves == moves
        assert resumed.state.fingerprint() == fingerprint
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(again.screen, HomeScreen))


async def test_hot_seat_hides_a_hand_until_its_owner_asks() -> None:
    app = table_app(players=2, humans=2, seed="hot seat")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(app)
        hand = screen.query_one(HandView)
        assert screen.must_reveal()
        assert hand.hidden_text is not None and hand.cards == ()
        await pilot.press("enter")
        assert not screen.must_reveal()
        assert hand.cards == screen.state.hands[screen.state.to_move]
        await pilot.press("enter")  # keep
        assert screen.must_reveal()  # the next human's turn: hidden again
        assert hand.cards == ()


async def test_watch_mode_plays_a_whole_match_and_saves_the_record(_home: Path) -> None:
    app = TT22App(
        StartOptions(
            rules=Rules(elimination_at=12).for_players(3),
            players=[Player(f"Bot {i}", "bot", "random") for i in range(3)],
            seed="watch",
            watch=True,
            pace=0.0,
            language="en",
        )
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: shown(app, MatchSummaryScreen), timeout=60)
        saved = list((_home / "records").glob("*.22rec"))
        assert len(saved) == 1
        text = str(app.screen.query_one("#saved", Static).render())
        assert saved[0].name in text.replace("\n", "")
        await wait_for(
            pilot,
            lambda: any(b.region.width > 0 for b in app.screen.query("#again")),
        )
        await pilot.pause()
        first = table(app).session
        assert await pilot.click("#again")

        def new_match() -> bool:
            # (at pace 0 the new match may already be over again: look for its table)
            tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
            return bool(tables) and tables[-1].session is not first

        await wait_for(pilot, new_match)
        assert table(app).session.seed == "watch"
        assert table(app).session.moves == [] or table(app).state.deal.number >= 1


async def test_mouse_click_selects_a_card() -> None:
    app = table_app(players=3, seed="mouse")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        hand = app.screen.query_one(HandView)
        await pilot.click(HandView, offset=(1 + 5 * 2 + 2, 1))
        assert hand.selected == {2}
        await pilot.click("#play")
        assert table(app).session.moves  # the exchange was made


async def test_untrusted_names_are_shown_literally() -> None:
    name = "[bold red]x[/]\x1b[2J"
    app = TT22App(
        StartOptions(
            rules=Rules().for_players(2),
            players=[Player(name), Player("Bot", "bot", "random")],
            seed="names",
            pace=0.0,
            language="en",
        )
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seats = table(app).query_one("#seats", SeatsTable)
        text = str(seats._table(80).columns[2]._cells[0])
        assert "[bold red]x[/]\\x1b[2J" in text


async def test_setup_screen_starts_a_hot_seat_match_with_a_fresh_seed_shown() -> None:
    from tt22.core.seeds import seed_commitment
    from tt22.tui.screens.setup import SetupScreen
    from tt22.tui.widgets.choice import Choice
    from tt22.tui.widgets.fieldform import FieldForm
    from tt22.tui.widgets.textfield import TextField

    app = TT22App(StartOptions(language="en", pace=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.screen.query_one("#players", Choice).value = 3
        await wait_for(pilot, lambda: len(app.screen.query(".seat-row")) == 2)
        await pilot.pause()
        app.screen.query_one("#kind-1", Choice).value = "human"
        app.screen.query_one("#name", TextField).value = "Ann"
        app.screen.query_one("#rules", FieldForm).set("must_beat", True)
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = table(app)
        session = screen.session
        assert [p.kind for p in session.players] == ["human", "human", "bot"]
        assert session.players[0].name == "Ann" and session.rules.must_beat
        assert len(session.seed) == 9 and session.seed[4] == "-"  # a fresh code
        status = str(screen.query_one("#status", Static).render())
        # humans at the table: the seed's commitment, not the seed (issue 9)
        assert session.seed not in status and f"sha256:{seed_commitment(session.seed)}" in status
        assert app.settings.name == "Ann"


async def test_setup_refuses_a_bad_rule_with_its_reason() -> None:
    from tt22.tui.screens.setup import SetupScreen
    from tt22.tui.widgets.fieldform import FieldForm

    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.screen.query_one("#rules", FieldForm).set("first_hand", "40")
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, SetupScreen)
        assert "first hand" in str(app.screen.query_one("#error", Static).render())


async def test_help_and_a_language_change_in_settings(_home: Path) -> None:
    from textual.widgets import Button

    from tt22.tui.screens.help import HelpScreen
    from tt22.tui.screens.settings import SettingsScreen
    from tt22.tui.widgets.choice import Choice

    app = TT22App(StartOptions())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("escape")
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        app.screen.query_one("#language", Choice).value = "ko"
        app.screen.query_one("#ascii", Choice).value = True
        await pilot.pause()
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.pause()
        assert str(app.screen.query_one("#new", Button).label) == "새 게임"
    assert '"language":"ko"' in (_home / "settings.json").read_text().replace(" ", "")
    set_language("en")


async def test_a_failing_autosave_does_not_stop_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the data directory should be")
    monkeypatch.setenv("TT22_HOME", str(blocker))
    app = table_app(players=2, seed="no disk")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        await pilot.press("enter")
        screen = table(app)
        assert len(screen.session.moves) >= 1
        assert screen.session.save_problem
        assert any("Could not save" in str(n.message) for n in app._notifications)


async def test_the_command_palette_offers_the_game_commands() -> None:
    from textual.command import CommandPalette

    app = table_app(players=2, seed="palette")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        assert "ctrl+p" in app.active_bindings
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"move log")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        assert table(app).log_choice is True


async def test_summaries_of_a_nine_seat_table_fit_in_80x24() -> None:
    from tt22.games.twentytwo import legal_moves
    from tt22.play.session import LocalSession

    seats = [Player(f"Player with a long name {i}") for i in range(9)]
    session = LocalSession("twentytwo", Rules(elimination_at=15), "nine", seats)
    while not session.state.history:
        session.play(legal_moves(session.state)[0])
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(DealSummaryScreen(session, session.state.history[-1]))
        await wait_for(pilot, lambda: isinstance(app.screen, DealSummaryScreen))
        await pilot.pause()
        assert app.screen.query_one("#next").region.bottom <= 24
        assert await pilot.click("#next")
        while not session.state.over:
            session.play(legal_moves(session.state)[0])
        app.push_screen(MatchSummaryScreen(session, session.state.history[-1]))
        await wait_for(pilot, lambda: isinstance(app.screen, MatchSummaryScreen))
        await pilot.pause()
        for button in ("#again", "#new", "#home"):
            assert app.screen.query_one(button).region.bottom <= 24, button


async def test_a_human_move_is_recorded_with_its_thinking_time(_home: Path) -> None:
    app = table_app(players=2, seed="think")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        await pilot.pause(0.2)
        await pilot.press("enter")
        record = table(app).session.record
        mine = [m for m in record.moves if m.move.seat == 0]
        assert mine and mine[0].think is not None and mine[0].think >= 0.2


class _Gated:
    """A bot that chooses only once `gate` is set (in the worker's thread)."""

    def __init__(self, bot: Any, gate: threading.Event) -> None:
        self.bot, self.gate = bot, gate

    def choose(self, view: Any) -> Any:
        self.gate.wait(timeout=30)
        return self.bot.choose(view)


async def test_bots_wait_while_the_help_is_open() -> None:
    from tt22.tui.screens.help import HelpScreen

    app = table_app(players=3, seed="whole-deal")
    app.options.pace = 0.4
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        screen = table(app)
        # The bots choose only once the help is open, so their move falls due while it
        # is (on a loaded machine the pace alone could run out before `?` is pressed).
        help_open = threading.Event()
        for seat, bot in list(screen.session.bots.items()):
            screen.session.bots[seat] = _Gated(bot, help_open)
        await pilot.press("enter")  # keep: now the bots are to move
        assert screen.session.is_bot(screen.state.to_move)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        moves = len(screen.session.moves)
        help_open.set()
        await pilot.pause(1.0)
        assert len(screen.session.moves) == moves
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(screen.session.moves) > moves)
