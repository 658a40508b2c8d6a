"""Cards of Manipulation Rummy (X1, X8): the Rummy family's integers, two of each.

A card is 22's `rank * 4 + suit` (tt22.games.rummy.cards, whose text, parser and ace-low
places this module reuses), and the two decks of X1 hold every integer twice. The two
copies of a card are not told apart anywhere: a hand, the stock and the table are
multisets (sorted tuples in which a card may appear twice), and a move names cards by
their text. Why a multiset and not 104 distinct identities: the copies are identical in
play (nothing in X1-X9 depends on which deck a card came from), so numbering them would
only make two moves that differ by which copy they name look different, double the
work of every search, and make a record depend on a distinction no player can see. A
group (X3) needs different suits, so two copies never share one; a run needs each place
once, so they never share a run either.
"""

from __future__ import annotations

from collections.abc import Iterable

from tt22.games.rummy.cards import ACE_HIGH, CODE, LOW, TEXT, CardError, hand_order, parse_card

__all__ = [
    "ACE_HIGH",
    "CODE",
    "DECK",
    "LOW",
    "OPENING_VALUE",
    "PENALTY",
    "TEXT",
    "CardError",
    "cards_text",
    "hand_order",
    "parse_card",
    "penalty_of",
]

DECK: tuple[int, ...] = tuple(range(52)) * 2
"""X1: two 52-card decks, no jokers, in 22's order twice (104 cards)."""

PENALTY: tuple[int, ...] = tuple(
    15 if c >> 2 == 12 else (10 if c >> 2 >= 8 else 5) for c in range(52)
)
"""X8 (convention, the common Manipulation rule): 2 to 9 count 5, 10 to K 10, an ace 15."""

OPENING_VALUE: tuple[int, ...] = tuple(min(LOW[c] + 1, 10) for c in range(52))
"""X5's `opening` is counted as M3: A = 1, 2 to 10 face value, J/Q/K = 10."""


def penalty_of(cards: Iterable[int]) -> int:
    return sum(PENALTY[c] for c in cards)


def cards_text(cards: Iterable[int]) -> list[str]:
    return [TEXT[c] for c in cards]
