"""Pilot and unit tests for the fixes of the fresh-eyes UI review (items A1..C10)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pilotkit import wait_for
from rich.console import Console
from textual import events
from textual.pilot import Pilot
from textual.widgets import Button, RichLog, Static

from tt22.core.players import Player
from tt22.games.twentytwo import Rules
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.twentytwo.summary_screens import DealSummaryScreen
from tt22.tui.games.twentytwo.table import TableScreen
from tt22.tui.i18n import set_language
from tt22.tui.widgets.hand import HandView
from tt22.tui.widgets.seats import SeatsTable


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TT22_HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "C")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    set_language("en")
    return tmp_path


def table_app(
    players: int = 3,
    seed: str = "pilot",
    humans: int = 1,
    watch: bool = False,
    first: str = "Ann",
    language: str = "en",
    pace: float = 0.0,
    **rules: object,
) -> TT22App:
    seats = [] if watch else [Player(first)]
    seats += [Player(f"Human {i}") for i in range(1, humans)]
    seats += [Player(f"Bot {i}", "bot", "random") for i in range(len(seats), players)]
    return TT22App(
        StartOptions(
            rules=Rules(**rules).for_players(players),  # type: ignore[arg-type]
            players=seats,
            seed=seed,
            pace=pace,
            language=language,
            watch=watch,
        )
    )


async def start_anyway(app: TT22App, pilot: Pilot[None]) -> None:
    """A second match in the same home: say yes to retiring the one in progress."""
    from tt22.tui.replay.dialogs import ChoiceDialog

    if isinstance(app.screen, ChoiceDialog):
        await pilot.click("#choice-new")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))


def table(app: TT22App) -> TableScreen:
    for screen in app.screen_stack:
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError("no table screen")


def my_turn(app: TT22App) -> bool:
    return isinstance(app.screen, TableScreen) and app.screen.human_view() is not None


def text_of(app: TT22App, selector: str) -> str:
    return str(table(app).query_one(selector).render())


def footer_keys(app: TT22App) -> list[str]:
    return [b.binding.description for b in app.screen.active_bindings.values() if b.binding.show]


# --- A1: NO_COLOR -------------------------------------------------------------------
async def test_no_color_draws_the_table_hidden_hands_and_summary(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = table_app(players=3, humans=2, seed="no colour")
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.no_color
        screen = table(app)
        assert screen.must_reveal()
        app.export_screenshot()  # the hidden hand, drawn through the monochrome filter
        await pilot.press("enter")
        await pilot.pause()
        assert screen.query_one(HandView).cards
        app.export_screenshot()  # the hand face up
    app = table_app(players=3, seed="no colour")
    async with app.run_test(size=(80, 24)) as pilot:
        await start_anyway(app, pilot)
        await pilot.press("m")  # the log too
        await play_until(app, pilot, lambda: isinstance(app.screen, DealSummaryScreen))
        await pilot.pause()
        app.export_screenshot()  # the summary over the table
        assert app.return_code is None  # still running: nothing raised


# --- A2 -----------------------------------------------------------------------------
def test_play_returns_the_apps_return_code(monkeypatch: pytest.MonkeyPatch) -> None:
    from tt22.cli import main

    def crashed(self: TT22App) -> None:
        self._return_code = 1

    monkeypatch.setattr(TT22App, "run", crashed)
    assert main(["play", "--players", "3", "--seed", "x"]) == 1


# --- B1 -----------------------------------------------------------------------------
async def test_arrows_move_the_cursor_after_a_summary_with_the_log_open() -> None:
    app = table_app(players=3, seed="arrows")
    async with app.run_test(size=(200, 60)) as pilot:
        screen = table(app)
        assert screen.query_one("#log", RichLog).display
        await wait_for(pilot, lambda: my_turn(app) or isinstance(app.screen, DealSummaryScreen))
        while not isinstance(app.screen, DealSummaryScreen):
            v = screen.human_view()
            assert v is not None
            await pilot.press("enter" if v.exchanging else "d")
            await wait_for(pilot, lambda: my_turn(app) or isinstance(app.screen, DealSummaryScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: my_turn(app))
        assert app.focused is None or not isinstance(app.focused, RichLog)
        hand = screen.query_one(HandView)
        start = hand.cursor
        await pilot.press("right")
        assert hand.cursor == (start + 1) % len(hand.cards)


# --- B4 and C4 ----------------------------------------------------------------------
async def test_space_and_enter_in_one_burst_play_the_card() -> None:
    app = table_app(players=3, seed="burst")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(app)
        await wait_for(pilot, lambda: my_turn(app))
        assert screen.human_view().exchanging  # type: ignore[union-attr]
        assert "Discard/keep" in footer_keys(app) and "Play" not in footer_keys(app)
        await pilot.press("enter")  # keep
        await wait_for(
            pilot,
            lambda: my_turn(app) and not screen.human_view().exchanging,  # type: ignore[union-attr]
        )
        assert "Play" in footer_keys(app) or screen.query_one(HandView).selection == []
        moves = len(screen.session.moves)
        hand = screen.query_one(HandView)
        hand.cursor = 0
        # Both keys queued before either is handled, as a terminal burst arrives.
        app.post_message(events.Key("space", " "))
        app.post_message(events.Key("enter", "\r"))
        await wait_for(pilot, lambda: len(screen.session.moves) > moves)
        assert screen.session.moves[moves].seat == 0


async def test_hot_seat_footer_says_show_hand() -> None:
    app = table_app(players=2, humans=2, seed="hot seat")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert table(app).must_reveal()
        keys = footer_keys(app)
        assert "Show hand" in keys and "Play" not in keys


def log_text(app: TT22App) -> str:
    log = table(app).query_one("#log", RichLog)
    return "\n".join(strip.text for strip in log.lines)


async def play_until(app: TT22App, pilot: Pilot[None], done: Callable[[], bool]) -> None:
    """Keep, or play the lowest cards, and close summaries, until `done`."""
    screen = table(app)
    for _ in range(400):
        if done():
            return
        await wait_for(
            pilot,
            lambda: done() or my_turn(app) or isinstance(app.screen, DealSummaryScreen),
        )
        if done():
            return
        if isinstance(app.screen, DealSummaryScreen):
            await pilot.press("enter")
            continue
        v = screen.human_view()
        assert v is not None
        await pilot.press("enter" if v.exchanging else "d")
    raise AssertionError("never done")


# --- B2 -----------------------------------------------------------------------------
async def test_the_last_trick_and_its_winner_stay_on_the_table() -> None:
    app = table_app(players=3, seed="last trick")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(app)
        await play_until(app, pilot, lambda: len(screen.state.tricks) >= 1 and my_turn(app))
        last = screen.state.tricks[-1]
        trick = text_of(app, "#trick")
        winner = "you" if last.winner == 0 else screen.session.names[last.winner]
        assert f"Last trick, won by {winner}:" in trick
        for seat, _cards in last.plays:
            assert screen.session.names[seat] in trick


# --- B3 -----------------------------------------------------------------------------
async def test_unplayable_cards_are_struck_through_and_no_red_under_no_color(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = table_app(players=3, seed="KFZR-NF2H")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(app)
        hand = screen.query_one(HandView)

        def some_unplayable() -> bool:
            return (
                my_turn(app)
                and hand.playable is not None
                and any(c not in hand.playable for c in hand.cards)
            )

        await play_until(app, pilot, some_unplayable)
        assert hand.playable is not None
        for i, c in enumerate(hand.cards):
            style = hand._style(i, c)
            assert "red" not in style
            assert ("strike" in style) == (c not in hand.playable)


# --- B5 -----------------------------------------------------------------------------
async def test_an_exchange_passed_by_an_empty_stock_is_said_and_logged() -> None:
    app = table_app(players=4, seed="empty stock", first_hand=13)
    async with app.run_test(size=(200, 60)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        assert "The stock is empty: you keep your hand." in text_of(app, "#message")
        await pilot.pause()
        text = " ".join(log_text(app).split())  # (wrapped lines joined)
        assert "Deal 1: you deal 13 each." in text or "Deal 1:" in text
        for name in ("Bot 1", "Bot 2", "Bot 3"):
            assert f"{name} kept the hand: the stock is empty." in text
        # (issue 21, M5: the player at the keyboard is spoken to, not named)
        assert "You kept the hand: the stock is empty." in text
        assert "Ann kept the hand" not in text
        # Said above the usual words, which still tell what to do.
        assert "Your lead" in text_of(app, "#message") or "Your turn" in text_of(app, "#message")


# --- B9 -----------------------------------------------------------------------------
async def test_the_log_wraps_and_is_rebuilt_after_continue(_home: Path) -> None:
    app = table_app(players=3, seed="log again", first="Annabelle Longname-Smythe")
    async with app.run_test(size=(200, 60)) as pilot:
        screen = table(app)
        await play_until(app, pilot, lambda: len(screen.state.tricks) >= 2 and my_turn(app))
        await pilot.pause()
        before = log_text(app)
        log = screen.query_one("#log", RichLog)
        assert all(
            len(strip.text.rstrip()) <= log.scrollable_content_region.width for strip in log.lines
        )
        await pilot.press("q")
        await wait_for(pilot, lambda: not isinstance(app.screen, TableScreen))
    app = TT22App(StartOptions(pace=0.0, language="en"))
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.pause()
        after = log_text(app)
        assert "Deal 1:" in after and after.startswith(before.splitlines()[0])
        assert before.strip() in after


# --- B10 ----------------------------------------------------------------------------
async def test_watch_names_the_hand_shown_and_follows_a_seat_still_in() -> None:
    app = table_app(players=3, seed="watching", watch=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(app)
        await wait_for(pilot, lambda: "Hand shown: Bot 0" in text_of(app, "#message"))
    # The bots wait a minute a move here: the match stays at its start whatever the
    # machine's speed (at pace 0 a three-bot match could end, and its summary cover the
    # table, before the click on "new" was answered).
    app = table_app(players=3, seed="watching", watch=True, pace=60.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_anyway(app, pilot)
        screen = table(app)
        screen.waiting_summary = True  # the bots stop: the state is changed under them
        screen.workers.cancel_group(screen, "bots")
        await pilot.pause()
        state = screen.state
        out = list(state.out)
        out[0] = True
        assert screen.watched() == 0
        screen.session.state = _with_out(state, tuple(out))
        assert screen.watched() == 1


def _with_out(state: object, out: tuple[bool, ...]) -> object:
    import copy

    new = copy.copy(state)
    new.out = out  # type: ignore[attr-defined]
    return new


# --- C1 -----------------------------------------------------------------------------
async def test_the_local_human_is_spoken_to_in_the_second_person() -> None:
    app = table_app(players=3, seed="grammar", first="You")
    async with app.run_test(size=(200, 60)) as pilot:
        screen = table(app)
        await play_until(app, pilot, lambda: isinstance(app.screen, DealSummaryScreen))
        await pilot.pause()
        text = log_text(app)
        assert "You discards" not in text and "You keeps" not in text
        assert "You wins" not in text
        assert "You discarded" in text or "You kept the hand." in text
        summary = " ".join(str(w.render()) for w in app.screen.query(Static))
        losers = screen.state.history[-1].losers
        if losers == (0,):
            assert "You lose and take" in summary
        elif len(losers) > 1:
            assert " lose and take " in summary
        else:
            assert " loses and take" in summary
        console = Console(width=200, record=True)
        console.print(screen.query_one("#seats").render())
        seats = console.export_text()
        assert "You " in seats and "you)" not in seats


@pytest.mark.parametrize(("lang", "joined"), [("ja", "親、ボット"), ("en", "dealer, bot")])
async def test_seat_tags_join_with_the_languages_list_separator(lang: str, joined: str) -> None:
    """Issue 10 item 11: the seat tags were joined with an ASCII ", " in Japanese too."""
    app = table_app(players=3, seed="tags", watch=True, language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(app)
        seats_table = screen.query_one("#seats", SeatsTable)
        await wait_for(pilot, lambda: seats_table.snapshot is not None)
        console = Console(width=200, record=True)
        console.print(screen.query_one("#seats").render())
        seats = console.export_text()
        assert f"({joined})" in seats  # the dealer is a bot: both tags, one separator
        assert (", " in seats) == (lang == "en")
    set_language("en")


def test_loser_sentences_agree_in_number() -> None:
    from tt22.tui.games.twentytwo.summary_screens import losers_text

    class Deal:
        def __init__(self, losers: tuple[int, ...]) -> None:
            self.losers, self.penalty = losers, 10

    class Session:
        names = ("You", "Bot 1", "Bot 2")

    s = Session()
    assert losers_text(s, Deal((0,)), 0) == "You lose and take 10."  # type: ignore[arg-type]
    assert losers_text(s, Deal((1,)), 0) == "Bot 1 loses and takes 10."  # type: ignore[arg-type]
    many = losers_text(s, Deal((1, 2)), 0)  # type: ignore[arg-type]
    assert many == "Bot 1, Bot 2 lose and take 10 each."


# --- C7 -----------------------------------------------------------------------------
def test_a_penalty_bar_is_full_only_at_the_limit() -> None:
    from tt22.tui.widgets.seats import penalty_bar

    assert penalty_bar(21, 22, 8, True).plain == "#######-"
    assert penalty_bar(22, 22, 8, True).plain == "########"
    assert penalty_bar(28, 22, 8, True).plain == "########"
    assert penalty_bar(0, 22, 8, True).plain == "--------"
    assert penalty_bar(11, 22, 8, True).plain == "####----"


# --- B7 -----------------------------------------------------------------------------
async def test_setup_counts_seats_from_zero() -> None:
    from tt22.tui.screens.setup import SetupScreen
    from tt22.tui.widgets.choice import Choice
    from tt22.tui.widgets.textfield import TextField

    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await wait_for(pilot, lambda: bool(app.screen.query(".seat-row")))
        labels = [c.label for c in app.screen.query(Choice)]  # (each field's own label)
        labels += [f.label for f in app.screen.query(TextField)]
        assert "Your name" in labels  # (yours is seat 0; the rows below are seats 1 on)
        assert "Seat 1" in labels and "Seat 3" in labels and "Seat 4" not in labels
        _rules, seats, _seed = app.screen.read_table()  # type: ignore[attr-defined]
        assert [p.name for p in seats[1:]] == ["Bot 1", "Bot 2", "Bot 3"]


# --- B8 -----------------------------------------------------------------------------
async def test_the_too_small_screen_says_q_quits_and_q_does() -> None:
    from tt22.tui.screens.small import TooSmallScreen

    app = table_app(players=3, seed="small")
    async with app.run_test(size=(60, 20)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        assert "Press q to quit." in str(app.screen.query_one("#too-small", Static).render())
        assert app.return_code is None
        await pilot.press("q")
        assert app.return_code == 1  # the brief: a too-small terminal exits non-zero


# --- C2 -----------------------------------------------------------------------------
def test_the_default_name_is_never_saved_and_levels_are_translated(tmp_path: Path) -> None:
    from tt22.tui.i18n import is_default_name, level_name
    from tt22.tui.settings import Settings, load_settings, save_settings

    save_settings(Settings(name="You"), tmp_path)
    assert load_settings(tmp_path).name == ""
    save_settings(Settings(name="Ann"), tmp_path)
    assert load_settings(tmp_path).name == "Ann"
    assert is_default_name("あなた") and not is_default_name("Ann")
    set_language("ko")
    try:
        assert level_name("hard") == "어려움" and level_name("custom") == "custom"
    finally:
        set_language("en")


async def test_starting_with_the_default_name_leaves_it_unsaved(_home: Path) -> None:
    from tt22.tui.screens.setup import SetupScreen

    app = TT22App(StartOptions(language="en", pace=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await wait_for(pilot, lambda: bool(app.screen.query(".seat-row")))
        app.screen.query_one("#start", Button).press()
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        assert table(app).session.names[0] == "You"
    assert app.settings.name == ""


# --- C3 -----------------------------------------------------------------------------
def footer_fits(app: TT22App) -> None:
    """Every key the key line offers is on the screen's last line, whole and in order."""
    from layoutkit import screen_lines

    from tt22.tui.widgets.keybar import KeyBar

    words = app.screen.query_one(KeyBar).words_shown
    assert words
    line = screen_lines(app)[-1]
    at = 0
    for word in words:
        found = line.find(word, at)
        assert found >= 0, (word, line)
        at = found + len(word)


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_home_and_game_footers_fit_80_columns_in_a_stable_order(lang: str) -> None:
    app = TT22App(StartOptions(language=lang))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer_fits(app)
    app = table_app(players=4, seed="footer", language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(app)
        await wait_for(pilot, lambda: my_turn(app))
        await pilot.pause()
        footer_fits(app)
        order = [b.binding.action for b in app.screen.active_bindings.values() if b.binding.show]
        await pilot.press("enter")
        await wait_for(
            pilot,
            lambda: my_turn(app) and not screen.human_view().exchanging,  # type: ignore[union-attr]
        )
        await pilot.pause()
        footer_fits(app)
        later = [b.binding.action for b in app.screen.active_bindings.values() if b.binding.show]
        # The same keys in the same places; Enter names what it does, Lowest joins.
        assert [a for a in later if a != "lowest"] == [
            "play" if a == "exchange" else a for a in order
        ]
    set_language("en")


# --- C6 -----------------------------------------------------------------------------
async def test_settings_words_switch_language_at_once(_home: Path) -> None:

    from tt22.tui.screens.settings import SettingsScreen
    from tt22.tui.widgets.choice import Choice

    app = TT22App(StartOptions())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        app.screen.query_one("#language", Choice).value = "ja"
        await wait_for(pilot, lambda: "言語" in [c.label for c in app.screen.query(Choice)])
        assert app.screen.query_one("#language", Choice).value == "ja"
    set_language("en")


# --- C10 ----------------------------------------------------------------------------
async def test_a_deal_summary_shows_its_own_keys() -> None:
    from tt22.tui.widgets.keybar import KeyBar

    app = table_app(players=3, seed="summary keys")
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(app, pilot, lambda: isinstance(app.screen, DealSummaryScreen))
        await pilot.pause()
        assert any(w.endswith(" Next") for w in app.screen.query_one(KeyBar).words_shown)
        shown = [b.binding.description for b in app.screen.active_bindings.values()]
        assert "Next" in shown and "Play" not in shown


# --- B9: a long hand with the log open at 80 columns --------------------------------
async def test_an_eleven_card_hand_fits_beside_the_log_at_80_columns() -> None:
    app = table_app(players=3, seed="long hand", first_hand=11)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(app)
        await wait_for(pilot, lambda: my_turn(app))
        await pilot.press("m")
        await pilot.pause()
        hand = screen.query_one(HandView)
        assert len(hand.cards) == 11
        lines = hand.render().plain.split("\n")
        assert len(lines) == 3  # marks, cards, caret: nothing wrapped
        assert all(len(line) <= hand.size.width for line in lines), hand.size
        assert "▲" in lines[2]


# --- C5 -----------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["ko", "ja"])
async def test_the_tagline_is_on_one_line_at_80_columns(lang: str) -> None:
    app = TT22App(StartOptions(language=lang))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tagline = app.screen.query_one("#tagline", Static)
        assert tagline.size.height == 1 and tagline.size.width >= 76
    set_language("en")


# --- C1: hot seat -------------------------------------------------------------------
async def test_a_hot_seat_match_does_not_call_seat_zero_you() -> None:
    from tt22.tui.screens.setup import SetupScreen
    from tt22.tui.widgets.choice import Choice

    app = TT22App(StartOptions(language="ja", pace=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await wait_for(pilot, lambda: bool(app.screen.query(".seat-row")))
        app.screen.query_one("#kind-1", Choice).value = "human"
        await pilot.pause()
        _rules, seats, _seed = app.screen.read_table()  # type: ignore[attr-defined]
        assert seats[0].name == "プレイヤー0" and seats[1].name == "プレイヤー1"
    set_language("en")


def test_red_suits_are_plain_under_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    from tt22.core.cards import parse_cards
    from tt22.tui.widgets.cards import cards_text, suit_style

    heart, spade = parse_cards(("AH", "AS"))
    assert suit_style(heart) == "red" and suit_style(spade) == ""
    monkeypatch.setenv("NO_COLOR", "")
    assert suit_style(heart) == ""
    assert all(not span.style for span in cards_text([heart, spade], False).spans)


async def test_a_demo_footer_has_no_hand_keys() -> None:
    app = table_app(players=3, seed="demo keys", watch=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(app)  # (the deal's summary may be over it already: pace 0)
        actions = [b.binding.action for b in screen.active_bindings.values() if b.binding.show]
        assert "toggle_log" in actions and "home" in actions
        assert not {"cursor(-1)", "select", "play", "lowest"} & set(actions)
        assert not table(app).query_one("#actions").display
