"""Cards of the Rummy family (M1, M3): 22's integers, read with an ace that may be low.

A card is 22's `rank * 4 + suit` (rank 0..12 is 2..A, suit 0..3 is S, H, D, C), so text,
parsing and records are shared with 22 and Rook. Runs need the ace below the 2 (and, in
Rummy, optionally above the king): `LOW[card]` is the card's place in a suit with the ace
low (A=0, 2=1, ..., K=12); a high ace sits at 13.
"""

from __future__ import annotations

from collections.abc import Iterable

from tt22.core.cards import CODE, SUIT_CHARS, TEXT, CardError, parse_card

__all__ = [
    "ACE_HIGH",
    "CODE",
    "DECK",
    "LOW",
    "SUIT_CHARS",
    "TEXT",
    "VALUE",
    "CardError",
    "cards_text",
    "hand_order",
    "parse_card",
    "value_of",
]

DECK: tuple[int, ...] = tuple(range(52))
"""M1: one 52-card deck, no jokers, in 22's order (2S 2H 2D 2C 3S ... AC)."""

LOW: tuple[int, ...] = tuple(0 if c >> 2 == 12 else (c >> 2) + 1 for c in range(52))
ACE_HIGH = 13
"""A high ace's place in a run (Q-K-A), Rummy only (M2)."""

VALUE: tuple[int, ...] = tuple(min(LOW[c] + 1, 10) for c in range(52))
"""M3: A = 1, 2 to 10 face value, J/Q/K = 10."""


def value_of(cards: tuple[int, ...] | list[int]) -> int:
    return sum(VALUE[c] for c in cards)


def cards_text(cards: tuple[int, ...] | list[int]) -> list[str]:
    return [TEXT[c] for c in cards]


def hand_order(cards: Iterable[int], ace_high: bool = False) -> tuple[int, ...]:
    """Cards in the order every screen and text shows a hand (M2, G2): by suit (S H D C),
    then up the suit with the ace below the 2, so A-2-3 reads as the run it is, never
    22's order with the ace after the king. Where a run may also take the ace high
    (Rummy's `ace = "low_or_high"`), an ace goes above the king when these cards hold
    the queen or king of its suit and neither its 2 nor its 3: each ace sits beside the
    cards it could make a run with (Q-K-A), and the order never breaks a possible run."""
    cards = tuple(cards)
    high_suits: set[int] = set()
    if ace_high:
        places = {(c & 3, LOW[c]) for c in cards}
        for suit in range(4):
            top = (suit, 11) in places or (suit, 12) in places  # its Q or K
            bottom = (suit, 1) in places or (suit, 2) in places  # its 2 or 3
            if top and not bottom:
                high_suits.add(suit)

    def key(card: int) -> tuple[int, int]:
        place = LOW[card]
        high = place == 0 and (card & 3) in high_suits
        return card & 3, ACE_HIGH if high else place

    return tuple(sorted(cards, key=key))
