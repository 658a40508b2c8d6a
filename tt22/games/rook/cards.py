"""Rook's cards: 22's card ints (rank * 4 + suit, ranks 2..A as 0..12) plus the Rook.

Sharing 22's encoding means one parser and one printer for every suited card of every
game; the Rook is the one card 22 does not have (52, text `RK`). K2/K20 name which of
the 52 each deck keeps, K4 what each is worth.
"""

from __future__ import annotations

from tt22.core.cards import CODE as _CODE22
from tt22.core.cards import TEXT as _TEXT22
from tt22.core.cards import CardError, parse_card, show_card

__all__ = [
    "BIG_DECK",
    "CODE",
    "POINTS",
    "ROOK",
    "SMALL_DECK",
    "SUIT_CHARS",
    "TEXT",
    "card_text",
    "parse_rook_card",
    "points",
    "show_rook_card",
]

ROOK = 52
"""The Rook (the joker of a standard deck): above every card, a trump (K3, K10, K12)."""

SUIT_CHARS = "SHDC"

TEXT: tuple[str, ...] = (*_TEXT22, "RK")
"""TEXT[card]: the two-character form of records and transcripts."""

CODE: dict[str, int] = {**_CODE22, "RK": ROOK}

# K2: 5 to A in four suits and the Rook; K20: 4 to A, no Rook. Pinned order: low to high.
BIG_DECK: tuple[int, ...] = (*range(3 * 4, 52), ROOK)
SMALL_DECK: tuple[int, ...] = tuple(range(2 * 4, 52))

_RANK_POINTS = {3: 5, 8: 10, 12: 10}  # rank index: 5, 10, A (K4)
POINTS: tuple[int, ...] = (*(_RANK_POINTS.get(c >> 2, 0) for c in range(52)), 20)
"""POINTS[card]: the counter's value (K4); the Rook is worth 20."""


def points(cards: tuple[int, ...] | list[int]) -> int:
    return sum(POINTS[c] for c in cards)


def card_text(card: int) -> str:
    return TEXT[card]


def parse_rook_card(text: str) -> int:
    """`RK` (or `rook`) for the Rook, otherwise any form 22's parser takes (`TS`, `10♠`)."""
    if text.strip().upper() in ("RK", "ROOK"):
        return ROOK
    return parse_card(text)


def show_rook_card(card: int, ascii_style: bool = False) -> str:
    """What a person reads: `10♠`, and the Rook as `RK` in ASCII, `R★` otherwise."""
    if card == ROOK:
        return "RK" if ascii_style else "R★"
    return show_card(card, ascii_style)


__all__ += ["CardError"]
