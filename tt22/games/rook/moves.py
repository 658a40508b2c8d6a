"""Rook's moves: one tagged union for the engine, bots, records and the interface (K19).

Every move names the seat that makes it. In the 2-player game the non-bidder plays the
dummy's cards in the dummy's turn (K22): the move still names that player's seat, and
the state knows whose cards are on turn. Cards travel as text (`TS`, `RK`).
"""

from __future__ import annotations

import msgspec

__all__ = ["Bid", "Nest", "Pass", "Pile", "Play", "RookMove", "Trump"]


class Pile(msgspec.Struct, frozen=True, tag="pile", forbid_unknown_fields=True):
    """K22: `seat` takes face-down pile `pile` (0, 1 or 2, in dealt order) blind."""

    seat: int
    pile: int


class Bid(msgspec.Struct, frozen=True, tag="bid", forbid_unknown_fields=True):
    """K8: `seat` promises its team will take at least `points`."""

    seat: int
    points: int


class Pass(msgspec.Struct, frozen=True, tag="pass", forbid_unknown_fields=True):
    """K8: `seat` leaves the bidding for this hand."""

    seat: int


class Nest(msgspec.Struct, frozen=True, tag="nest", forbid_unknown_fields=True):
    """K9: the bidder puts these 5 cards back face down as the nest."""

    seat: int
    cards: tuple[str, ...]


class Trump(msgspec.Struct, frozen=True, tag="trump", forbid_unknown_fields=True):
    """K10: the bidder names the trump suit (`S`, `H`, `D` or `C`)."""

    seat: int
    suit: str


class Play(msgspec.Struct, frozen=True, tag="play", forbid_unknown_fields=True):
    """K11-K13: `seat` plays `card` to the trick (from the dummy when it is its turn)."""

    seat: int
    card: str


RookMove = Pile | Bid | Pass | Nest | Trump | Play
