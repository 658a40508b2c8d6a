"""Melds of Manipulation Rummy (X3), and what is wrong with a meld that is not one.

Every valid meld is known in advance: 308 runs (a suit, 3 to 13 places in sequence on
A-2-...-K-A, the ace at one end only) and 65 groups (a rank, 3 or 4 different suits).
`MELDS` maps each one's sorted cards to the cards in the order a person lays them, so
checking a meld is a sort and one dictionary look-up: the engine checks a whole table on
every play, and the bots' playouts make many plays.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from tt22.core.protocol import ArgValue, Reason

from .cards import ACE_HIGH, LOW, TEXT
from .reasons import reason

__all__ = [
    "MELDS",
    "is_meld",
    "meld_problem",
    "order_meld",
    "table_problems",
]


def _card(suit: int, place: int) -> int:
    """The card of `suit` at run place `place` (0 and 13 are both the ace)."""
    rank = 12 if place in (0, ACE_HIGH) else place - 1
    return rank * 4 + suit


def _all_melds() -> dict[tuple[int, ...], tuple[int, ...]]:
    out: dict[tuple[int, ...], tuple[int, ...]] = {}
    for suit in range(4):
        for length in range(3, 14):
            for low in range(0, ACE_HIGH + 2 - length):
                laid = tuple(_card(suit, p) for p in range(low, low + length))
                if len(set(laid)) == length:  # A-...-A would hold the ace twice
                    out[tuple(sorted(laid))] = laid
    for rank in range(13):
        suits = [rank * 4 + s for s in range(4)]
        for size in (3, 4):
            for group in combinations(suits, size):
                out[group] = group
    return out


MELDS: dict[tuple[int, ...], tuple[int, ...]] = _all_melds()
"""X3: sorted cards -> the meld as laid (a run low to high, a group by suit)."""


def is_meld(cards: Iterable[int]) -> bool:
    return tuple(sorted(cards)) in MELDS


def order_meld(cards: Iterable[int]) -> tuple[int, ...] | None:
    """The meld's cards as a person lays them, or None when they are not a meld."""
    return MELDS.get(tuple(sorted(cards)))


def meld_problem(cards: Sequence[int], index: int = 0) -> Reason | None:
    """None for a valid meld (X3), else why not, naming the meld by `index` (from 0;
    `number` from 1) and its cards: too few cards, a group with a suit twice, a run out
    of sequence or round the corner, or cards of neither one rank nor one suit."""
    if tuple(sorted(cards)) in MELDS:
        return None
    args: dict[str, ArgValue] = {
        "meld": index,
        "number": index + 1,
        "cards": " ".join(TEXT[c] for c in cards),
    }
    if len(cards) < 3:
        return reason("manipulation.meld_short", "X3", **args)
    if len({c >> 2 for c in cards}) == 1:
        return reason("manipulation.group_suits", "X3", **args)
    if len({c & 3 for c in cards}) != 1:
        return reason("manipulation.meld_mixed", "X3", **args)
    places = sorted(LOW[c] for c in cards)
    if places[0] == 0 and len(set(places)) == len(places):
        low_gap = places[-1] - places[0] != len(places) - 1
        high = sorted(ACE_HIGH if p == 0 else p for p in places)
        high_gap = high[-1] - high[0] != len(high) - 1
        if low_gap and high_gap and 1 in places and 12 in places:
            return reason("manipulation.run_corner", "X3", **args)
    return reason("manipulation.run_sequence", "X3", **args)


def table_problems(melds: Sequence[Sequence[int]]) -> list[tuple[int, Reason]]:
    """Every meld of a proposed table that is not valid yet, by index, with its reason:
    what an interface shows while a player regroups the table (X4, X9), and what Enter
    waits for (a play commits only a table where this list is empty)."""
    out = []
    for i, meld in enumerate(melds):
        problem = meld_problem(meld, i)
        if problem is not None:
            out.append((i, problem))
    return out
