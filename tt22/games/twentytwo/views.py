"""Per-seat views (R23): what one seat may know at one moment, and nothing more.

Bots and the live interface only ever receive a `SeatView`. It holds the seat's own
hand and discards, every card played face up, how many cards each player discarded and
holds, the stock's size and every penalty card; other hands, other discards and the
stock's cards are not in it at all (not merely hidden behind a flag).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tt22.core.cards import full_deck

from .moves import Move
from .rules import Rules
from .state import EXCHANGE, OVER, PLAY, DealResult, State, TrickRecord, legal_for

__all__ = ["PublicDeal", "PublicExchange", "SeatView", "view"]


class PublicExchange(NamedTuple):
    """An exchange as the table saw it: who, and how many cards changed hands."""

    seat: int
    size: int


class PublicDeal(NamedTuple):
    """A finished deal as everyone saw it (no dealt hands, no stock, no discards)."""

    number: int
    dealer: int
    hand_size: int
    players_in: tuple[int, ...]
    exchanges: tuple[PublicExchange, ...]
    tricks: tuple[TrickRecord, ...]
    showdown: tuple[tuple[int, int], ...]
    losers: tuple[int, ...]
    penalty: int
    totals: tuple[int, ...]
    eliminated: tuple[int, ...]


class SeatView(NamedTuple):
    seat: int
    players: int
    rules: Rules
    phase: int
    to_move: int
    deal_number: int
    dealer: int
    hand_size: int
    players_in: tuple[int, ...]
    order: tuple[int, ...]
    hand: tuple[int, ...]
    my_discard: tuple[int, ...]
    my_draw: tuple[int, ...]
    exchanges: tuple[PublicExchange, ...]
    hand_counts: tuple[int, ...]
    stock_size: int
    leader: int
    plays: tuple[tuple[int, tuple[int, ...]], ...]
    best_seat: int
    best_desc: tuple[int, ...]
    tricks: tuple[TrickRecord, ...]
    totals: tuple[int, ...]
    penalties: tuple[tuple[int, ...], ...]
    out: tuple[bool, ...]
    history: tuple[PublicDeal, ...]
    winners: tuple[int, ...]

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat and self.phase != OVER

    @property
    def exchanging(self) -> bool:
        return self.phase == EXCHANGE

    @property
    def playing(self) -> bool:
        return self.phase == PLAY

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def legal_moves(self) -> Sequence[Move]:
        """This seat's legal moves, when it is this seat's turn (otherwise none)."""
        if not self.my_turn:
            return []
        return legal_for(
            self.phase,
            self.seat,
            self.hand,
            self.stock_size,
            self.plays,
            self.best_desc,
            self.rules,
        )

    def unseen_cards(self) -> list[int]:
        """Cards this seat has not seen this deal: other hands, other discards and the
        stock together (sorted). What a sampling bot deals out again. Empty once the
        match is over: there is nothing left to deal, and the last cards shown are also
        the penalty cards."""
        if self.phase == OVER:
            return []
        deck = full_deck(self.rules.decks)
        seen: list[int] = list(self.hand) + list(self.my_discard)
        for cards in self.penalties:
            seen.extend(cards)
        for trick in self.tricks:
            for _, cards in trick.plays:
                seen.extend(cards)
        for _, cards in self.plays:
            seen.extend(cards)
        for c in seen:
            deck.remove(c)
        return sorted(deck)


def _public_deal(d: DealResult) -> PublicDeal:
    return PublicDeal(
        d.start.number,
        d.start.dealer,
        d.start.hand_size,
        d.start.players_in,
        tuple(PublicExchange(e.seat, len(e.discard)) for e in d.exchanges),
        d.tricks,
        d.showdown,
        d.losers,
        d.penalty,
        d.totals,
        d.eliminated,
    )


def view(state: State, seat: int) -> SeatView:
    """What `seat` may know now (R23)."""
    mine = [e for e in state.exchanges if e.seat == seat]
    return SeatView(
        seat=seat,
        players=state.players,
        rules=state.rules,
        phase=state.phase,
        to_move=state.to_move,
        deal_number=state.deal.number,
        dealer=state.deal.dealer,
        hand_size=state.deal.hand_size,
        players_in=state.deal.players_in,
        order=state.deal.order,
        hand=state.hands[seat],
        my_discard=mine[0].discard if mine else (),
        my_draw=mine[0].draw if mine else (),
        exchanges=tuple(PublicExchange(e.seat, len(e.discard)) for e in state.exchanges),
        hand_counts=tuple(len(h) for h in state.hands),
        stock_size=len(state.stock),
        leader=state.leader,
        plays=state.plays,
        best_seat=state.best_seat,
        best_desc=state.best_desc,
        tricks=state.tricks,
        totals=state.totals,
        penalties=state.penalties,
        out=state.out,
        history=tuple(_public_deal(d) for d in state.history),
        winners=state.winners,
    )
