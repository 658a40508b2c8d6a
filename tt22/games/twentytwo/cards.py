"""22's own facts about the shared card ints (tt22.core.cards): what each rank costs as a
penalty (R3) and how a duck's cards are named in the rules' words (R13)."""

from __future__ import annotations

__all__ = ["VALUES", "lowest_cards_words", "rank_value"]

# R3: A = 11, K/Q/J = 10, 2..10 face value.
VALUES: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)


def rank_value(r: int) -> int:
    """Penalty value of a rank (R3)."""
    return VALUES[r]


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def lowest_cards_words(k: int) -> str:
    """ "your lowest card", "your three lowest cards": how a player names a duck."""
    if k == 1:
        return "your lowest card"
    word = _NUMBER_WORDS[k] if k < len(_NUMBER_WORDS) else str(k)
    return f"your {word} lowest cards"
