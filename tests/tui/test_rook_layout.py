"""The Rook table whole at 80x24 for 2, 3 and 4 players in en, ko and ja with long names,
and never a card on screen that its seat may not know (K23).

Asserted on the terminal's text as drawn: every card of the hand on turn (the bidder's
17 at the nest, the dummy's when it is on turn), of the trick and of the last trick,
next to its player's name, and of the dummy; the bid and the trump in the status line;
no `…` anywhere.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest
from layoutkit import LONG_NAMES, crop, flat, screen_lines
from textual.pilot import Pilot
from textual.widgets import RichLog

from tt22.core.players import Player
from tt22.core.registry import get_game
from tt22.core.safe import printable
from tt22.games.rook.bots import make_level
from tt22.games.rook.cards import BIG_DECK, SMALL_DECK, show_rook_card
from tt22.games.rook.moves import Play, RookMove
from tt22.games.rook.state import BIDDING, DUMMY, NEST, OVER, PLAY, State
from tt22.games.rook.views import view
from tt22.play.session import LocalSession
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.rook.panels import position_name
from tt22.tui.games.rook.summary import GameSummaryScreen, HandSummaryScreen
from tt22.tui.games.rook.table import RookTableScreen
from tt22.tui.games.rook.words import suit_name
from tt22.tui.i18n import t

ROOK = get_game("rook")
SIZE = (80, 24)


@cache
def bot_game(players: int, seed: str = "layout") -> tuple[tuple[RookMove, ...], tuple[State, ...]]:
    """A whole game of rules-of-thumb bots: its moves and every state."""
    rules = ROOK.rules([], players)
    bots = [make_level("normal", seed) for _ in range(players)]
    s = ROOK.new_match(rules, players, seed)
    moves: list[RookMove] = []
    states = [s]
    while not ROOK.is_over(s):
        m = bots[s.to_move].choose(view(s, s.to_move))
        moves.append(m)
        s = ROOK.apply(s, m)
        states.append(s)
    return tuple(moves), tuple(states)


def positions(players: int) -> dict[str, int]:
    """The positions (moves made) that crowd the table most with seat 0 to move: the
    bidder at the nest (most cards), the play with the most cards in the trick, the
    dummy's turn played by seat 0 (2 players), the bidding with seats passed."""
    _, states = bot_game(players)
    found: dict[str, int] = {}
    best_trick = -1
    for p, s in enumerate(states):
        if s.phase == OVER or s.to_move != 0:
            continue
        if s.phase == NEST and "nest" not in found:
            found["nest"] = p
        if s.phase == PLAY and s.tricks and len(s.plays) > best_trick and s.turn != DUMMY:
            best_trick = len(s.plays)
            found["trick"] = p
        if s.phase == PLAY and s.turn == DUMMY and s.plays and "dummy" not in found:
            found["dummy"] = p
        if s.phase == BIDDING and s.high:  # (a seat passed if the game has such a turn)
            found.setdefault("passed" if any(s.passed) else "bid", p)
    bidding = found.pop("passed", None) or found.pop("bid", None)
    found.pop("bid", None)
    assert bidding is not None and {"nest", "trick"} <= set(found), found
    found["bidding"] = bidding
    return found


def seats(players: int) -> list[Player]:
    names = LONG_NAMES[:players]
    return [Player(names[0]), *(Player(n, "bot", "normal") for n in names[1:])]


def still_session(players: int, p: int, people: Sequence[Player]) -> LocalSession:
    """A session at position `p` whose bots never move (the picture stays put)."""
    moves, states = bot_game(players)
    rules = ROOK.rules([], players)
    session = LocalSession(ROOK, rules, "layout", people, state=states[p], moves=moves[:p])
    session.bots = {}
    return session


def label(card: int) -> str:
    return show_rook_card(card, False)


def solid(text: str) -> str:
    return "".join(text.split())


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.pause()


def check_table(app: TT22App, table: RookTableScreen, where: str) -> None:
    lines = screen_lines(app)
    for i, line in enumerate(lines):
        assert "…" not in line, f"{where}: line {i} is cut: {line!r}"
    s = table.session.state
    v = table.session.view(0)
    names = table.session.names
    # The hand on turn: each card once, as many times as held.
    hand_lines = crop(lines, table.query_one("#rook-hand").region)
    shown = " ".join(hand_lines).split()
    held = v.acting_hand() if v.phase == PLAY else v.hand
    for c in held:
        assert shown.count(label(c)) == 1, f"{where}: {label(c)} not in the hand {shown}"
    assert len(held) == sum(1 for w in shown if re.fullmatch(CARD, w)), where
    # The trick and the last trick: every play next to its player's name.
    trick = solid(flat(crop(lines, table.query_one("#rook-trick").region)))
    if v.phase == PLAY:
        for position, card in v.plays:
            who = position_name(v, names, position)
            assert solid(f"{who} {label(card)}") in trick, f"{where}: play of {position}"
        if v.tricks:
            for position, card in v.tricks[-1].plays:
                who = position_name(v, names, position)
                assert solid(f"{who} {label(card)}") in trick, f"{where}: last trick {position}"
    # The dummy (2 players): every card it shows face up, or your own hand in its turn.
    if v.players == 2:
        dummy = solid(flat(crop(lines, table.query_one("#rook-dummy").region)))
        other = v.hand if v.phase == PLAY and v.turn == DUMMY else v.dummy
        for c in other:
            assert label(c) in dummy, f"{where}: {label(c)} of the dummy line missing"
    # The bid and the trump, always in view.
    status = solid(flat(crop(lines, table.query_one("#rook-status").region)))
    if v.trump >= 0:
        assert solid(t("rook.trump", suit=suit_name(v.trump, False))) in status, where
    if v.phase != BIDDING and v.bidder >= 0:
        bid = t("rook.bid_by", bid=v.high, name=printable(names[v.bidder], 40))
        assert solid(bid) in status, f"{where}: {bid!r} not in {status!r}"
    # Every name whole in the seats table.
    seats_text = solid(flat(crop(lines, table.query_one("#rook-seats-pane").region)))
    for name in names:
        assert solid(name) in seats_text, f"{where}: {name} missing"
    assert s is table.session.state


CARD = r"(10|[2-9JQKA])[♠♥♦♣]|R★"


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
@pytest.mark.parametrize("players", [2, 3, 4])
async def test_the_rook_table_is_whole_at_80x24(players: int, lang: str) -> None:
    app = TT22App(StartOptions(language=lang))
    people = seats(players)
    async with app.run_test(size=SIZE) as pilot:
        for kind, p in positions(players).items():
            table = RookTableScreen(still_session(players, p, people))
            await app.push_screen(table)
            await settle(pilot)
            check_table(app, table, f"{kind} {players}p {lang}")
            app.pop_screen()
        # The summaries: whole, with every name.
        moves, states = bot_game(players)
        session = still_session(players, len(moves), people)
        ends = [
            p for p in range(1, len(states)) if len(states[p].history) > len(states[p - 1].history)
        ]
        hand = states[ends[0]].history[-1]
        for screen in (
            HandSummaryScreen(session, hand, you=0),
            GameSummaryScreen(session, you=0),
        ):
            await app.push_screen(screen)
            await settle(pilot)
            lines = screen_lines(app)
            text = solid(" ".join(lines))
            assert not any("…" in line for line in lines), f"summary {players}p {lang}"
            for name in (n for n in session.names):
                assert solid(name) in text, f"summary {players}p {lang}: {name}"
            for c in hand.put_back if screen.__class__ is HandSummaryScreen else ():
                assert label(c) in text
            app.pop_screen()


def visible_cards(lines: Sequence[str]) -> set[str]:
    return {m.group(0) for line in lines for m in re.finditer(CARD, line)}


def known_to(v: Any) -> set[str]:
    """The cards seat `v.seat` may know now (K23): its hand, the dummy's face-up cards,
    the nest it put down, every card played this hand."""
    cards = set(v.hand) | set(v.dummy) | set(v.nest) | {c for _, c in v.plays}
    for trick in v.tricks:
        cards |= {c for _, c in trick.plays}
    return {label(c) for c in cards}


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_the_table_never_shows_a_card_its_seat_may_not_know(players: int) -> None:
    """At every 3rd position of a whole game, the table (a wide terminal: the log open
    beside it) holds no card of another hand, of the nest (unless seat 0 put it down), of
    the dummy's face-down half or of the cards out of play."""
    moves, states = bot_game(players)
    people = [Player("North"), *(Player(f"Bot {s}", "bot", "normal") for s in range(1, players))]
    deck = {label(c) for c in (BIG_DECK if players == 4 else SMALL_DECK)}
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=(140, 40)) as pilot:
        table = RookTableScreen(still_session(players, 0, people))
        await app.push_screen(table)
        await settle(pilot)
        checked = 0
        for p in range(0, len(states) - 1, 3):
            s = states[p]
            table.session.state = s
            table.session.moves = list(moves[:p])
            table._view = None
            table.rebuild_log()
            table.refresh_table()
            await pilot.pause()
            v = view(s, 0)
            hidden = deck - known_to(v)
            lines = screen_lines(app)
            main = crop(lines, table.query_one("#rook-main").region)
            leaked = visible_cards(main) & hidden
            assert not leaked, f"position {p}: {sorted(leaked)} shown to seat 0"
            # The log: one card per card played, and nothing else (no nest put back).
            log = table.query_one("#rook-log", RichLog)
            logged = sum(len(re.findall(CARD, line.text)) for line in log.lines)
            assert logged == sum(1 for m in moves[:p] if isinstance(m, Play)), p
            checked += 1
        assert checked > 30


EVIL = "[b]B[/b][@click=app.quit]Q[/]\x1b[2J\u202e"


async def test_hostile_names_show_literally_at_the_rook_table() -> None:
    """Names with markup, an @click action and escape sequences: the table, its log and
    both summaries show them as typed, control characters spelled out, and the app
    keeps running (the pattern of tests/tui/test_hostile_text.py)."""
    players = 4
    moves, states = bot_game(players)
    people = [Player(f"{s}{EVIL}", "human" if s == 0 else "bot", "normal") for s in range(4)]
    shown = printable(EVIL, 40)
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=(140, 40)) as pilot:
        p = positions(players)["trick"]
        table = RookTableScreen(still_session(players, p, people))
        await app.push_screen(table)
        await settle(pilot)
        text = solid(" ".join(screen_lines(app)))
        for s in range(players):
            assert solid(f"{s}{shown}") in text, f"seat {s}'s name not shown literally"
        assert "\x1b" not in text and "\u202e" not in text
        session = still_session(players, len(moves), people)
        for screen in (
            HandSummaryScreen(session, states[-1].history[-1], you=0),
            GameSummaryScreen(session, you=0),
        ):
            await app.push_screen(screen)
            await settle(pilot)
            text = solid(" ".join(screen_lines(app)))
            assert solid(f"0{shown}") in text
            app.pop_screen()
        await pilot.click("#rook-seats")  # (a live link would quit here)
        await settle(pilot)
        assert app.is_running and isinstance(app.screen, RookTableScreen)
