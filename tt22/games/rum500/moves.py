"""500 Rum's moves: the Rummy family's (tt22.games.rummy.moves) and `Take`, F4's pick
from the spread discard pile.

- `Draw(seat, "stock")`: the top of the stock (F4);
- `Take(seat, card)`: `card` from the discard pile and every card above it (F4);
- `Pass(seat)`: with the stock empty, take nothing: the hand ends (F7);
- `Meld`, `LayOff` (F5, F6), `Discard` (F7), as in Rummy.
"""

from __future__ import annotations

import msgspec

from tt22.games.rummy.moves import STOCK, Discard, Draw, LayOff, Meld, Pass

__all__ = ["STOCK", "Discard", "Draw", "LayOff", "Meld", "Pass", "Rum500Move", "Take"]


class Take(msgspec.Struct, frozen=True, tag="take", forbid_unknown_fields=True):
    """F4: `seat` takes `card` from the discard pile with every card above it; when it
    is not the top card, `card` must be melded or laid off at once."""

    seat: int
    card: str


Rum500Move = Draw | Take | Pass | Meld | LayOff | Discard
