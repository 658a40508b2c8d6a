"""What the table widgets draw: one plain snapshot, from a seat's view or from a State.

Live play builds it from `view(state, seat)` (R23: only that seat's hand); the replayer
builds it from the full `State` and chooses which hands are visible. The widgets never
see anything else, so they cannot show what a seat may not know.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from tt22.games.twentytwo import (
    EXCHANGE,
    OVER,
    PLAY,
    PublicDeal,
    Rules,
    SeatView,
    State,
    TrickRecord,
    view,
)
from tt22.games.twentytwo.views import PublicExchange

__all__ = ["EXCHANGE", "OVER", "PLAY", "TableSnapshot", "from_state", "from_view"]


class TableSnapshot(NamedTuple):
    names: tuple[str, ...]
    bots: tuple[bool, ...]
    rules: Rules
    seed: str
    phase: int
    to_move: int
    deal_number: int
    dealer: int
    hand_size: int
    players_in: tuple[int, ...]
    order: tuple[int, ...]
    hand_counts: tuple[int, ...]
    stock_size: int
    leader: int
    plays: tuple[tuple[int, tuple[int, ...]], ...]
    best_seat: int
    best_desc: tuple[int, ...]
    trick_number: int
    last_trick: TrickRecord | None  # the deal's last finished trick (None before one)
    exchanges: tuple[PublicExchange, ...]
    totals: tuple[int, ...]
    penalties: tuple[tuple[int, ...], ...]
    out: tuple[bool, ...]
    winners: tuple[int, ...]
    last_deal: PublicDeal | None
    hands: tuple[tuple[int, ...] | None, ...]  # None: hidden from whoever looks
    discards: tuple[tuple[int, ...] | None, ...]  # None: hidden (R23)
    viewer: int  # the seat the table is seen from (-1: nobody's in particular)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def elimination_at(self) -> int:
        return self.rules.elimination_at


def from_view(
    v: SeatView, names: Sequence[str], bots: Sequence[bool] = (), seed: str = ""
) -> TableSnapshot:
    """The table as seat `v.seat` sees it."""
    hands: list[tuple[int, ...] | None] = [None] * v.players
    hands[v.seat] = v.hand
    discards: list[tuple[int, ...] | None] = [None] * v.players
    discards[v.seat] = v.my_discard
    return TableSnapshot(
        names=tuple(names),
        bots=tuple(bots) or (False,) * v.players,
        rules=v.rules,
        seed=seed,
        phase=v.phase,
        to_move=v.to_move,
        deal_number=v.deal_number,
        dealer=v.dealer,
        hand_size=v.hand_size,
        players_in=v.players_in,
        order=v.order,
        hand_counts=v.hand_counts,
        stock_size=v.stock_size,
        leader=v.leader,
        plays=v.plays,
        best_seat=v.best_seat,
        best_desc=v.best_desc,
        trick_number=len(v.tricks) + 1,
        last_trick=v.tricks[-1] if v.tricks else None,
        exchanges=v.exchanges,
        totals=v.totals,
        penalties=v.penalties,
        out=v.out,
        winners=v.winners,
        last_deal=v.history[-1] if v.history else None,
        hands=tuple(hands),
        discards=tuple(discards),
        viewer=v.seat,
    )


def from_state(
    state: State,
    names: Sequence[str],
    visible: Iterable[int] | None = None,
    bots: Sequence[bool] = (),
    seed: str = "",
    viewer: int = -1,
) -> TableSnapshot:
    """The table with the hands (and discards) of `visible` seats face up; None = all."""
    seats = range(state.players) if visible is None else visible
    shown = set(seats)
    base = from_view(view(state, viewer if viewer >= 0 else 0), names, bots, seed)
    hands = tuple(state.hands[s] if s in shown else None for s in range(state.players))
    discards = tuple(state.discards[s] if s in shown else None for s in range(state.players))
    return base._replace(hands=hands, discards=discards, viewer=viewer)
