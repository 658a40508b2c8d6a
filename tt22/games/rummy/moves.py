"""The Rummy family's moves: tagged unions for the engine, bots, records and interface.

Every move names its seat; cards travel as text (`TS`). Rummy uses draw, meld, lay-off and
discard (M4, M6); Gin uses draw, pass (the upcard offer, G1), discard and knock (G4).
"""

from __future__ import annotations

import msgspec

__all__ = ["Discard", "Draw", "GinMove", "Knock", "LayOff", "Meld", "Pass", "RummyMove"]

STOCK = "stock"
PILE = "discard"


class Draw(msgspec.Struct, frozen=True, tag="draw", forbid_unknown_fields=True):
    """M4: `seat` takes the top of the stock (`source = "stock"`) or of the discard pile
    (`"discard"`)."""

    seat: int
    source: str


class Pass(msgspec.Struct, frozen=True, tag="pass", forbid_unknown_fields=True):
    """G1: `seat` declines the upcard; G7: declines the last discard (the hand is void)."""

    seat: int


class Meld(msgspec.Struct, frozen=True, tag="meld", forbid_unknown_fields=True):
    """M6: `seat` puts these cards down as a new meld (run or group)."""

    seat: int
    cards: tuple[str, ...]


class LayOff(msgspec.Struct, frozen=True, tag="layoff", forbid_unknown_fields=True):
    """M6: `seat` adds `card` to the table's meld number `meld` (from 0, in laid order)."""

    seat: int
    card: str
    meld: int


class Discard(msgspec.Struct, frozen=True, tag="discard", forbid_unknown_fields=True):
    """M4: `seat` ends the turn by putting `card` face up on the discard pile."""

    seat: int
    card: str


class Knock(msgspec.Struct, frozen=True, tag="knock", forbid_unknown_fields=True):
    """G4: `seat` discards `card` and knocks, ending the hand (gin with no deadwood)."""

    seat: int
    card: str


RummyMove = Draw | Meld | LayOff | Discard
GinMove = Draw | Pass | Discard | Knock
