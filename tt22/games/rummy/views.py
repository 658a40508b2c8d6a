"""Per-seat views (M5): what one seat may know at one moment, and nothing more.

A view holds the seat's own hand, the discard pile as played, every card anyone took
from it, the melds on the table (Rummy), the hand's public events (a stock draw shows
who drew, not the card), and counts: cards in each hand and in the stock. The stock's
order and the other hands are not in it at all. A finished hand's result (what was shown
at the end: Gin's melds and deadwood, the cards left in each hand) is public.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from . import gin, rummy
from .common import Event, events_of
from .rules import GinRules, RummyRules

__all__ = [
    "GinView",
    "PublicRummyHand",
    "RummyView",
    "gin_view",
    "public_events",
    "public_hands",
    "rummy_view",
]


def public_events(events: tuple[Event, ...]) -> tuple[Event, ...]:
    """The events with the cards drawn from the stock and the reshuffled stock's order
    taken out (the seat and the kind stay: everyone sees someone draw)."""
    return tuple(
        (seat, kind, None if kind in ("stock", "reshuffle") else data)
        for seat, kind, data in events
    )


class PublicRummyHand(NamedTuple):
    """A finished Rummy hand as the table saw it: its upcard, its events with the stock's
    cards taken out, the melds left on the table, and (when someone went out) the cards
    left in each hand, counted openly as penalties (M10); a void hand shows no cards."""

    number: int
    dealer: int
    upcard: int
    events: tuple[Event, ...]
    winner: int
    ended: str
    table: tuple[tuple[int, tuple[int, ...]], ...]
    left: tuple[tuple[int, ...], ...]
    deltas: tuple[int, ...]
    scores: tuple[int, ...]


def public_hands(state: rummy.State) -> tuple[PublicRummyHand, ...]:
    """Every finished hand of a Rummy match as every seat saw it (what `tt22 show
    --seat` writes of a finished hand). Not part of `RummyView`, whose `history` keeps
    the short form: a view travels to every seat on every move (tt22 serve)."""
    return tuple(_public_rummy(h) for h in state.history)


def _public_rummy(h: rummy.HandResult) -> PublicRummyHand:
    left = h.left if h.winner >= 0 else ()
    st = h.start
    return PublicRummyHand(
        st.number,
        st.dealer,
        st.upcard,
        public_events(h.events),
        h.winner,
        h.ended,
        h.table,
        left,
        h.deltas,
        h.scores,
    )


class RummyView(NamedTuple):
    seat: int
    rules: RummyRules
    players: int
    number: int
    dealer: int
    phase: int
    to_move: int
    hand: tuple[int, ...]
    pile: tuple[int, ...]  # bottom first, as played since the last reshuffle
    table: tuple[tuple[int, tuple[int, ...]], ...]
    taken: int
    seen: tuple[tuple[int, ...], ...]  # per seat: taken from the pile this hand
    counts: tuple[int, ...]  # cards in each hand
    stock_count: int
    turns: int
    reshuffles: int
    events: tuple[Event, ...]
    scores: tuple[int, ...]
    history: tuple[tuple[int, str, tuple[tuple[int, ...], ...], tuple[int, ...]], ...]
    winners: tuple[int, ...]

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    def position(self) -> rummy.Position:
        return rummy.Position(
            self.rules,
            self.phase,
            self.to_move,
            self.hand if self.my_turn else (),
            self.pile,
            self.table,
            self.taken,
            self.stock_count,
        )

    def legal_moves(self) -> list[Any]:
        return rummy.position_moves(self.position()) if self.my_turn else []


def rummy_view(state: rummy.State, seat: int) -> RummyView:
    s = state
    return RummyView(
        seat,
        s.rules,
        s.players,
        s.start.number,
        s.start.dealer,
        s.phase,
        s.to_move,
        s.hands[seat],
        s.pile,
        s.table,
        s.taken if s.to_move == seat else -1,
        s.seen,
        tuple(len(h) for h in s.hands),
        len(s.stock),
        s.turns,
        s.reshuffles,
        public_events(events_of(s.log)),
        s.scores,
        tuple((h.winner, h.ended, h.left if h.winner >= 0 else (), h.deltas) for h in s.history),
        s.winners,
    )


class GinView(NamedTuple):
    seat: int
    rules: GinRules
    number: int
    dealer: int
    upcard: int
    limit: int
    double: bool
    phase: int
    to_move: int
    hand: tuple[int, ...]
    pile: tuple[int, ...]
    taken: int
    seen: tuple[tuple[int, ...], ...]
    counts: tuple[int, ...]
    stock_count: int
    offer: int
    last_chance: bool
    turns: int
    events: tuple[Event, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    history: tuple[gin.GinResult, ...]  # finished hands, their deals and stocks removed
    winners: tuple[int, ...]

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    def position(self) -> gin.Position:
        return gin.Position(
            self.rules,
            self.phase,
            self.to_move,
            self.hand if self.my_turn else (),
            self.pile,
            self.taken,
            self.stock_count,
            self.offer,
            self.last_chance,
            self.limit,
        )

    def legal_moves(self) -> list[Any]:
        return gin.position_moves(self.position()) if self.my_turn else []


def _public_result(r: gin.GinResult) -> gin.GinResult:
    """A finished hand as the table saw it: no deal, no stock; a void hand's cards stay
    hidden (nothing was shown)."""
    start = r.start._replace(dealt=(), stock=())
    left = r.left if r.kind != "void" else ((), ())
    return r._replace(start=start, events=public_events(r.events), left=left)


def gin_view(state: gin.State, seat: int) -> GinView:
    s = state
    st = s.start
    return GinView(
        seat,
        s.rules,
        st.number,
        st.dealer,
        st.upcard,
        st.limit,
        st.double,
        s.phase,
        s.to_move,
        s.hands[seat],
        s.pile,
        s.taken if s.to_move == seat else -1,
        s.seen,
        (len(s.hands[0]), len(s.hands[1])),
        len(s.stock),
        s.offer,
        s.last_chance,
        s.turns,
        public_events(events_of(s.log)),
        s.points,
        s.scores,
        tuple(_public_result(r) for r in s.history),
        s.winners,
    )
