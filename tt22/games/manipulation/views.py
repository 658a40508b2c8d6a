"""Per-seat views (M5, as X says nothing more): what one seat may know, and nothing more.

A view holds the seat's own hand, the table (public: every meld), the hand's public
events (a draw shows who drew, not the card; a play shows the cards put down and the new
table), and counts: cards in each hand and in the stock. The other hands and the stock's
order are not in it at all. A finished hand's result is public: the cards left in each
hand are counted openly as penalties (X8, X7).

`world` deals a view's unseen cards again (OpenSpiel's ResampleFromInfostate) for the
determinizing bots: with no discard pile, nothing of another hand is ever seen, so every
card not in the seat's hand nor on the table is equally likely anywhere.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tt22.core.rng import Pcg32
from tt22.games.rummy.common import Event, MatchInfo, events_of, log_of

from . import engine
from .rules import ManipulationRules

__all__ = ["ManipulationView", "public_events", "view", "world"]

ShortResult = tuple[int, str, tuple[tuple[int, ...], ...], tuple[int, ...]]
"""(winner, how it ended, the cards left in each hand, deltas)."""


def public_events(events: tuple[Event, ...]) -> tuple[Event, ...]:
    """The events with the cards drawn taken out (everyone sees someone draw)."""
    return tuple((seat, kind, None if kind == "draw" else data) for seat, kind, data in events)


class ManipulationView(NamedTuple):
    seat: int
    rules: ManipulationRules
    players: int
    number: int
    dealer: int
    over: bool
    to_move: int
    hand: tuple[int, ...]
    table: tuple[tuple[int, ...], ...]
    counts: tuple[int, ...]  # cards in each hand
    stock_count: int
    opened: tuple[bool, ...]
    passes: int
    turns: int
    events: tuple[Event, ...]
    scores: tuple[int, ...]
    history: tuple[ShortResult, ...]
    winners: tuple[int, ...]

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    def position(self) -> engine.Position:
        return engine.Position(
            self.rules,
            self.over,
            self.to_move,
            self.hand if self.my_turn else (),
            self.table,
            self.stock_count,
            self.opened[self.to_move] if self.to_move >= 0 else True,
        )

    def legal_moves(self) -> Any:
        return engine.position_moves(self.position()) if self.my_turn else []


def short_result(h: engine.HandResult) -> ShortResult:
    return (h.winner, h.ended, h.left, h.deltas)


def view(state: engine.State, seat: int) -> ManipulationView:
    s = state
    return ManipulationView(
        seat,
        s.rules,
        s.players,
        s.start.number,
        s.start.dealer,
        s.over,
        s.to_move,
        s.hands[seat],
        s.table,
        tuple(len(h) for h in s.hands),
        len(s.stock),
        s.opened,
        s.passes,
        s.turns,
        public_events(events_of(s.log)),
        s.scores,
        tuple(short_result(h) for h in s.history),
        s.winners,
    )


WORLD_KEY = b"world"
"""A world's own key: only its future deals use it, and a bot's rollouts stop at the
hand's end."""


def unseen(v: ManipulationView) -> list[int]:
    """The cards the seat cannot see (in another hand or in the stock), a card twice when
    both copies are unseen."""
    left = [2] * 52
    for c in v.hand:
        left[c] -= 1
    for meld in v.table:
        for c in meld:
            left[c] -= 1
    return [c for c in range(52) for _ in range(left[c])]


def world(v: ManipulationView, rng: Pcg32) -> engine.State:
    """A state the view's seat cannot tell from the real one: the unseen cards shuffled
    from `rng` into the other hands (their counts) and the stock. Its history is the
    view's short one and its transcript is not a record (a draw's card is unknown)."""
    pool = unseen(v)
    rng.shuffle(pool)
    hands: list[tuple[int, ...]] = []
    at = 0
    for seat in range(v.players):
        if seat == v.seat:
            hands.append(v.hand)
        else:
            n = v.counts[seat]
            hands.append(tuple(sorted(pool[at : at + n])))
            at += n
    s = engine.State.__new__(engine.State)
    s.pos = None
    s.match = MatchInfo(v.rules, v.players, WORLD_KEY, v.dealer)
    s.start = engine.HandStart(v.number, v.dealer, (), ())
    s.over = v.over
    s.to_move = v.to_move
    s.hands = tuple(hands)
    s.stock = tuple(pool[at : at + v.stock_count])
    s.table = v.table
    s.opened = v.opened
    s.passes = v.passes
    s.turns = v.turns
    s.log = log_of(v.events)
    s.scores = v.scores
    s.history = ()
    s.winners = v.winners
    return s
