"""The Rook table (tt22/tui/games/rook): whole games against bots through the keys, at 80x24,
the home screen's Continue, `tt22 play --game rook`, and reasons in the player's language.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from layoutkit import crop, screen_lines
from pilotkit import tap
from textual.pilot import Pilot

from tt22.core.players import Player
from tt22.core.protocol import Reason
from tt22.core.registry import get_game
from tt22.games.rook.cards import show_rook_card
from tt22.games.rook.moves import Nest, Play, Trump
from tt22.games.rook.state import BIDDING, DUMMY, NEST, PILES, PLAY, TRUMP
from tt22.play.session import LocalSession
from tt22.record import Autosave, load_record, replay_game
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.rook.summary import GameSummaryScreen, HandSummaryScreen
from tt22.tui.games.rook.table import RookTableScreen
from tt22.tui.games.rook.words import reason_text
from tt22.tui.i18n import set_language
from tt22.tui.screens.home import HomeScreen
from tt22.tui.tables import NewTable

ROOK = get_game("rook")
SIZE = (80, 24)


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TT22_HOME", str(tmp_path / "home"))
    set_language("en")
    return tmp_path / "home"


def seats(players: int) -> tuple[Player, ...]:
    return (Player("Ann"), *(Player(f"Bot {s}", "bot", "normal") for s in range(1, players)))


class Seen:
    """What a whole game through the keys went through."""

    def __init__(self) -> None:
        self.hand_summaries = 0
        self.game_summary: list[str] = []
        self.notes: list[str] = []
        self.phases: set[int] = set()


async def play_through(
    pilot: Pilot[None], app: TT22App, bid_first: bool = True, seconds: float = 240
) -> Seen:
    """Play the human seat with keys until the game summary: bid in the first hand if
    `bid_first` (Enter: the lowest bid allowed) until the bid is won or passing is all
    there is, pass otherwise; put back 5 cards with Space and →; name trump; play the card under
    the cursor. One illegal Enter at the nest and one at a card that may not be played
    are tried first, for their explanations."""
    seen = Seen()
    tried_nest = tried_play = False
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameSummaryScreen):
            seen.game_summary = screen_lines(app)
            return seen
        if isinstance(screen, HandSummaryScreen):
            seen.hand_summaries += 1
            await tap(pilot, "enter", done=lambda s=screen: app.screen is not s)
            continue
        assert isinstance(screen, RookTableScreen), type(screen)
        v = screen._view
        if v is None:
            await pilot.pause(0.01)
            continue
        seen.phases.add(v.phase)
        made = len(screen.session.moves)

        def moved(screen: RookTableScreen = screen, made: int = made) -> bool:
            return len(screen.session.moves) > made

        if v.phase == BIDDING:
            can_pass = "pass_bid" in footer(app)
            bids = bid_first and v.hand_number == 1
            await tap(pilot, "enter" if bids or not can_pass else "p", done=moved)
        elif v.phase in (PILES, TRUMP):
            await tap(pilot, "down", "enter", done=moved)
        elif v.phase == NEST:
            if not tried_nest:
                tried_nest = True
                await pilot.press("enter")
                seen.notes.append(screen.note or "")
            await tap(pilot, *("space", "right") * 5, "enter", done=moved)
        elif v.phase == PLAY:
            hand = screen.query_one("#rook-hand")
            barred = [i for i, c in enumerate(hand.cards) if c not in (hand.playable or ())]
            if barred and not tried_play:
                tried_play = True
                hand.cursor = barred[0]
                await pilot.press("enter")
                seen.notes.append(screen.note or "")
                await pilot.press("home")
                hand.cursor_to_playable()
            await tap(pilot, "enter", done=moved)
    raise AssertionError("the game did not end in time")


def footer(app: TT22App) -> set[str]:
    """The actions the footer offers now."""
    return {
        b.action.split("(")[0]
        for _, b, enabled, _ in app.screen.active_bindings.values()
        if enabled and b.show
    }


@pytest.mark.parametrize(("players", "target"), [(4, 150), (3, 100), (2, 150)])
async def test_a_whole_rook_game_against_bots_through_the_keys(
    players: int, target: int, _home: Path
) -> None:
    table = NewTable("rook", (f"target={target}",), f"pilot-{players}", seats(players))
    app = TT22App(StartOptions(language="en", pace=0, home=_home, table=table))
    async with app.run_test(size=SIZE) as pilot:
        # With 2 players you pass when you may: you play the dummy's cards (K22).
        seen = await play_through(pilot, app, bid_first=players > 2)
        text = "\n".join(seen.game_summary)
        assert "Game over" in text and "Record saved" in text
        assert "…" not in text
        assert seen.hand_summaries >= 1
        session = next(s for s in app.screen_stack if isinstance(s, RookTableScreen)).session
        assert session.over and session.saved_path is not None
        moves = session.moves
        assert any(isinstance(m, Play) and m.seat == 0 for m in moves)
        assert any("(K11)" in n or "(K12)" in n for n in seen.notes), seen.notes
        if players > 2:  # you bid, took the nest, put 5 back and named trump in hand 1
            assert any(isinstance(m, Nest) and m.seat == 0 for m in moves)
            assert any(isinstance(m, Trump) and m.seat == 0 for m in moves)
            assert seen.notes[0] == "Not allowed: Put back exactly 5 cards, not 0 (K9)"
        # The record filed with the records replays to the same finished game.
        record = load_record(session.saved_path)
        assert record.game == "rook" and record.result.finished
        replayed = replay_game(record)
        assert replayed.ok and ROOK.is_over(replayed.final)
        if players == 2:  # the non-bidder played the dummy's cards in its turn (K22)
            assert any(
                s.phase == PLAY and s.turn == DUMMY and s.to_move == 0 for s in replayed.states
            )
        await pilot.press("escape")  # home
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_continue_reopens_a_rook_match_at_the_rook_table(_home: Path) -> None:
    rules = ROOK.rules([], 4)
    session = LocalSession.start(ROOK, rules, "continue", seats(4), _home)
    while session.to_move != 0 or session.state.phase != PLAY:
        move = (
            session.bot_move()
            if session.is_bot(session.to_move)
            else session.legal_moves(session.to_move)[-1]  # (a pass, or the lowest card)
        )
        session.play(move)
    made = len(session.moves)
    session.release()
    assert Autosave(_home, ("twentytwo", "rook")).load_current() is not None
    app = TT22App(StartOptions(language="en", pace=0, home=_home))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("c")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, RookTableScreen)
        assert len(table.session.moves) == made and table.session.state.phase == PLAY
        assert table._view is not None and table._view.seat == 0  # your turn, as left
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    # Still the match in progress, for the next Continue.
    again = LocalSession.resume(_home)
    assert again is not None and len(again.moves) == made
    again.release()


def test_reasons_are_said_in_the_players_language() -> None:
    follow = Reason("rook.follow_suit", "K11", (("suit", "H"),))
    nest = Reason("rook.nest_not_held", "K9", (("card", "RK"),))
    try:
        # L7: a reason is shown as a line of its own, begun with a capital
        assert reason_text(follow) == "You must follow the suit led (♥) while you hold it (K11)"
        assert reason_text(nest, ascii_style=True) == "RK is not in your hand (K9)"
        set_language("ko")
        assert reason_text(follow).endswith("(K11)") and "♥" in reason_text(follow)
        assert "따라" in reason_text(follow)
        set_language("ja")
        assert "フォロー" in reason_text(follow) and reason_text(follow).endswith("(K11)")
        assert reason_text(nest).startswith("R★")
    finally:
        set_language("en")


CARD = r"(10|[2-9JQKA])[♠♥♦♣]|R★|\b(T|[2-9JQKA])[SHDC]\b|\bRK\b"


async def test_hot_seat_hides_each_hand_until_its_player_opens_it() -> None:
    """Two people and two bots: while the keyboard passes, no card of any hand is on
    screen; Enter opens the hand of the player on turn, and only theirs."""
    people = (
        Player("Ann"),
        Player("Bo"),
        Player("Bot 2", "bot", "normal"),
        Player("Bot 3", "bot", "normal"),
    )
    session = LocalSession(ROOK, ROOK.rules([], 4), "hot seat", people)
    app = TT22App(StartOptions(language="en", pace=0))
    async with app.run_test(size=SIZE) as pilot:
        table = RookTableScreen(session)
        await app.push_screen(table)
        opened: set[int] = set()
        deadline = time.monotonic() + 60
        while opened != {0, 1} and time.monotonic() < deadline:
            await pilot.pause(0.01)
            if session.is_bot(session.to_move) or not table.must_reveal():
                continue
            assert session.state.phase == BIDDING
            seat = session.to_move
            lines = screen_lines(app)
            main = " ".join(crop(lines, table.query_one("#rook-main").region))
            assert not re.search(CARD, main), f"a card shows before {seat} opened: {main}"
            assert f"Pass the keyboard to {people[seat].name}" in main
            await pilot.press("enter")
            await pilot.pause()
            hand = crop(screen_lines(app), table.query_one("#rook-hand").region)
            shown = set(" ".join(hand).split())
            mine = {show_rook_card(c, False) for c in session.state.hands[seat]}
            other = {show_rook_card(c, False) for c in session.state.hands[1 - seat]}
            assert mine <= shown and not (other & shown)
            opened.add(seat)
            await pilot.press("p" if "pass_bid" in footer(app) else "enter")
        assert opened == {0, 1}


async def test_the_ascii_style_and_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    """`--ascii`: the Rook is `RK`, suits are letters, nothing outside ASCII is drawn;
    NO_COLOR: the table still draws whole."""
    monkeypatch.setenv("NO_COLOR", "1")
    s = ROOK.new_match(ROOK.rules([], 4), 4, "ascii")
    seed = next(
        f"ascii{i}"
        for i in range(200)
        if 52 in ROOK.new_match(ROOK.rules([], 4), 4, f"ascii{i}").hands[0]
    )
    s = ROOK.new_match(ROOK.rules([], 4), 4, seed)
    people = (Player("Ann"), *(Player(f"Bot {i}", "bot", "normal") for i in range(1, 4)))
    session = LocalSession(ROOK, ROOK.rules([], 4), seed, people, state=s)
    session.bots = {}  # (the picture stays put)
    app = TT22App(StartOptions(language="en", ascii_cards=True))
    async with app.run_test(size=SIZE) as pilot:
        table = RookTableScreen(session)
        await app.push_screen(table)
        await pilot.pause()
        await pilot.pause()
        lines = screen_lines(app)
        assert all(line.isascii() for line in lines), [x for x in lines if not x.isascii()]
        hand = " ".join(crop(lines, table.query_one("#rook-hand").region)).split()
        assert "RK" in hand
        assert len(hand) >= len(s.hands[0])


async def until(pilot: Pilot[None], cond: Callable[[], bool], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < deadline, "timed out waiting for the app"
        await pilot.pause(0.01)


async def test_the_new_game_screen_seats_a_rook_table(_home: Path) -> None:
    """New game, Rook (→ on the game), Start: the real Rook table, its match in the
    data folder's slot, you at seat 0 against the chosen bots."""
    from tt22.tui.screens.setup import SetupScreen

    app = TT22App(StartOptions(language="en", pace=0, home=_home))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await pilot.pause()
        await pilot.press("right")
        await until(pilot, lambda: setup.game == "rook")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, RookTableScreen))
        table = app.screen
        assert isinstance(table, RookTableScreen)
        session = table.session
        assert session.game.name == "rook" and len(session.players) == 4
        assert session.humans == [0] and all(session.is_bot(s) for s in (1, 2, 3))
        assert Autosave(_home, ("twentytwo", "rook")).load_current() is not None


@pytest.mark.parametrize(("lang", "title"), [("en", "Rook"), ("ko", "루크"), ("ja", "ルック")])
async def test_question_mark_opens_rooks_own_help(lang: str, title: str) -> None:
    from tt22.tui.games.rook.help import RookHelpScreen

    session = LocalSession(ROOK, ROOK.rules([], 4), "help", seats(4))
    session.bots = {}
    app = TT22App(StartOptions(language=lang))
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(RookTableScreen(session))
        await pilot.pause()
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, RookHelpScreen))
        await pilot.pause()
        lines = screen_lines(app)
        assert title in lines[0] + lines[1] and not any("…" in line for line in lines)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, RookTableScreen))
