"""Per-seat views (M5, P8): what one seat may know at one moment, and nothing more.

A view holds the seat's own hand, the whole discard pile (spread, F4: every card in it is
visible), the table's melds with who put down each card (F6), the hand's public events
(a stock draw shows who drew, not the card; a take shows the cards, which everyone saw
in the pile), counts of cards in each hand and in the stock, each seat's opening and
this hand's running points, and in Persian the seat's partner (P8), whose hand it holds
nothing of. Finished hands are public as the table saw them at the end (the cards left
in each hand are counted openly, F8), but a void hand's cards stay hidden.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tt22.games.rummy.common import Event, events_of
from tt22.games.rummy.views import public_events

from . import engine
from .engine import Table
from .rules import PersianRules, Rum500Rules

__all__ = ["HandSummary", "RumView", "partner_of", "public_view", "summary", "view"]


class HandSummary(NamedTuple):
    """A finished hand as every seat saw it: the fields of `engine.HandResult` less the
    deal, the stock and the events (`left` is empty for a void hand)."""

    number: int
    dealer: int
    out: int
    ended: str
    left: tuple[tuple[int, ...], ...]
    table: Table
    melded: tuple[int, ...]
    bonus: tuple[int, ...]
    held: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]


def summary(h: engine.HandResult) -> HandSummary:
    left = h.left if h.ended != engine.ENDED_TURNS else ()
    return HandSummary(
        h.start.number,
        h.start.dealer,
        h.out,
        h.ended,
        left,
        h.table,
        h.melded,
        h.bonus,
        h.held,
        h.points,
        h.scores,
    )


def partner_of(rules: Rum500Rules | PersianRules, seat: int) -> int:
    """P2: partners sit opposite (0 with 2, 1 with 3); -1 in 500 Rum."""
    return (seat + 2) % 4 if rules.persian else -1


class RumView(NamedTuple):
    """One seat's view. `rules` is typed `Any` because the view is decoded from msgpack
    with this type and a union of untagged structs cannot be; the game's `decode_view`
    converts it back to its own rules class."""

    seat: int
    rules: Any  # Rum500Rules | PersianRules
    players: int
    partner: int  # P8: the seat's partner in Persian, -1 in 500 Rum
    number: int
    dealer: int
    phase: int
    to_move: int
    hand: tuple[int, ...]
    pile: tuple[int, ...]  # bottom first, every card visible (F4)
    table: Table
    taken: int  # the seat's own turn: the top card it took (M4)
    must: int  # the seat's own turn: the deep card it must put down now (F4)
    seen: tuple[tuple[int, ...], ...]  # per seat: taken from the pile this hand
    counts: tuple[int, ...]
    stock_count: int
    turns: int
    step: int
    opened: tuple[bool, ...]
    so_far: int
    bonus: tuple[int, ...]
    events: tuple[Event, ...]
    scores: tuple[int, ...]
    history: tuple[HandSummary, ...]
    winners: tuple[int, ...]

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    def position(self) -> engine.Position:
        mine = self.my_turn
        return engine.Position(
            self.rules,
            self.phase,
            self.to_move,
            self.hand if mine else (),
            self.pile,
            self.table,
            self.taken,
            self.must,
            self.stock_count,
            self.opened[self.to_move] if self.to_move >= 0 else False,
            self.so_far,
        )

    def legal_moves(self) -> list[Any]:
        return engine.position_moves(self.position()) if self.my_turn else []

    def running(self) -> tuple[int, ...]:
        """Each seat's points in this hand so far: what it has put down (F8, before
        the cards still held are counted) and P4's bonus."""
        melded = engine.table_values(self.table, self.players)
        return tuple(m + b for m, b in zip(melded, self.bonus, strict=True))


def view(state: engine.State, seat: int) -> RumView:
    s = state
    mine = s.to_move == seat
    return RumView(
        seat,
        s.rules,
        s.players,
        partner_of(s.rules, seat),
        s.start.number,
        s.start.dealer,
        s.phase,
        s.to_move,
        s.hands[seat],
        s.pile,
        s.table,
        s.taken if mine else -1,
        s.must if mine else -1,
        s.seen,
        tuple(len(h) for h in s.hands),
        len(s.stock),
        s.turns,
        s.step,
        s.opened,
        s.so_far,
        s.bonus,
        public_events(events_of(s.log)),
        s.scores,
        tuple(summary(h) for h in s.history),
        s.winners,
    )


def public_view(state: engine.State) -> RumView:
    """A spectator's: seat 0's view less its hand and its turn's private marks."""
    return view(state, 0)._replace(hand=(), taken=-1, must=-1)
