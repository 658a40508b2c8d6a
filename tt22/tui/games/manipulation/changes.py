"""What a play changed on the table: the melds it broke and the melds it made.

A play carries the whole new table (X9), so the replayer and the table's news compare
the table before and after it: a meld of the old table that the new one holds whole
was kept, any other was broken; a meld of the new table not on the old one was made.
The cards are compared as laid (the engine lays every meld in one order), as a
multiset: two equal melds (X1's two decks) are two melds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["Changes", "changes"]

Meld = tuple[int, ...]


class Changes(NamedTuple):
    broken: tuple[Meld, ...]  # melds of the old table gone (in its order)
    made: tuple[Meld, ...]  # melds of the new table that are new (in its order)
    kept: int  # melds of the old table still there whole


def changes(before: Sequence[Sequence[int]], after: Sequence[Sequence[int]]) -> Changes:
    old = [tuple(sorted(m)) for m in before]
    new = [tuple(sorted(m)) for m in after]
    rest = list(new)
    broken: list[Meld] = []
    kept = 0
    for m, laid in zip(old, before, strict=True):
        if m in rest:
            rest.remove(m)
            kept += 1
        else:
            broken.append(tuple(laid))
    left = list(old)
    made: list[Meld] = []
    for m, laid in zip(new, after, strict=True):
        if m in left:
            left.remove(m)
        else:
            made.append(tuple(laid))
    return Changes(tuple(broken), tuple(made), kept)
