"""Cards of 500 Rum and Persian Rummy (F1, F3, P1, P3): the Rummy family's 52 cards and,
for Persian, four jokers.

A card is 22's `rank * 4 + suit` (tt22.games.rummy.cards), so text, parsing and the
Rummy melds code are shared; the jokers are 52 to 55, written `X1` to `X4` (no rank, no
suit: they meld only with each other, P1). Four distinct jokers rather than one card held
four times, so every card on the table, in a hand or in the stock is one int, and a
meld's cards are a set.

Values (F3, P3) depend on where a card lies: 2 to 9 and a low ace (A-2-3) 5; 10, J, Q, K
10; a high ace (Q-K-A), an ace in a group or left in a hand 15; a joker 20.
"""

from __future__ import annotations

from collections.abc import Iterable

from tt22.core.cards import show_card
from tt22.games.rummy.cards import TEXT as CARD_TEXT
from tt22.games.rummy.cards import CardError, parse_card

__all__ = [
    "CODE",
    "DECK",
    "HELD",
    "JOKERS",
    "PERSIAN_DECK",
    "TEXT",
    "CardError",
    "card_of_text",
    "is_joker",
    "show",
]

JOKERS: tuple[int, ...] = (52, 53, 54, 55)
"""P1: the four jokers."""

DECK: tuple[int, ...] = tuple(range(52))
"""F1: one 52-card deck, no jokers."""

PERSIAN_DECK: tuple[int, ...] = (*DECK, *JOKERS)
"""P1: 52 cards and 4 jokers (56)."""

TEXT: tuple[str, ...] = (*CARD_TEXT, "X1", "X2", "X3", "X4")
CODE: dict[str, int] = {t: i for i, t in enumerate(TEXT)}

HELD: tuple[int, ...] = tuple(
    20 if c >= 52 else 15 if c >> 2 == 12 else 10 if c >> 2 >= 8 else 5 for c in range(56)
)
"""F3/P3: what a card counts left in a hand (an ace 15, a joker 20)."""


def is_joker(card: int) -> bool:
    return card >= 52


def card_of_text(word: str) -> int:
    """A card as a person writes it (`TS`, `10♠`, `x1`), CardError otherwise."""
    up = word.strip().upper()
    if up in CODE and up.startswith("X"):
        return CODE[up]
    return parse_card(word)


def show(card: int, ascii_style: bool = False) -> str:
    """What a person reads: `10♠` (or `TS`), a joker `X1` in either style."""
    return TEXT[card] if card >= 52 else show_card(card, ascii_style)


def texts(cards: Iterable[int]) -> list[str]:
    return [TEXT[c] for c in cards]
