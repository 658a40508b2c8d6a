"""22's own facts about the shared card ints (tt22.core.cards): what each rank costs as a
penalty (R3)."""

from __future__ import annotations

__all__ = ["VALUES", "rank_value"]

# R3: A = 11, K/Q/J = 10, 2..10 face value.
VALUES: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)


def rank_value(r: int) -> int:
    """Penalty value of a rank (R3)."""
    return VALUES[r]
