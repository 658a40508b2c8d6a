"""Manipulation Rummy's moves: one tagged union for the engine, bots, records and the
interface. Every move names its seat; cards travel as text (`TS`), a card twice when
both copies are meant (X1).

A play (X4, X9) is a whole new table: the hand cards it puts down and the complete new
arrangement, every meld of it. The engine checks that the old table's cards and the
played cards are exactly the new table's, and every meld (X3); so a record replays a
rearrangement exactly, and a replayer can compare the two tables."""

from __future__ import annotations

import msgspec

__all__ = ["Draw", "ManipulationMove", "Pass", "Play"]


class Draw(msgspec.Struct, frozen=True, tag="draw", forbid_unknown_fields=True):
    """X4: `seat` takes the top card of the stock, ending its turn."""

    seat: int


class Pass(msgspec.Struct, frozen=True, tag="pass", forbid_unknown_fields=True):
    """X7: with the stock empty, `seat` does not play."""

    seat: int


class Play(msgspec.Struct, frozen=True, tag="play", forbid_unknown_fields=True):
    """X4, X9: `seat` puts `cards` from its hand on the table, which becomes `table`."""

    seat: int
    cards: tuple[str, ...]
    table: tuple[tuple[str, ...], ...]


ManipulationMove = Draw | Pass | Play
