"""Seed codes people can read aloud, and the daily seed.

The engine takes no randomness and no clock from its surroundings: the caller passes
the random bytes for a fresh code and the date for `daily`.
"""

from __future__ import annotations

import datetime as _dt

from .rng import normalise_seed

__all__ = ["CODE_ALPHABET", "DAILY", "daily_seed", "fresh_seed", "resolve_seed"]

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""31 symbols: no 0/O, 1/I/L look-alikes."""

DAILY = "daily"


def fresh_seed(entropy: bytes) -> str:
    """An 8-symbol code in two groups of four, `K7M4-QX2P` (about 39 bits), from
    at least 8 random bytes supplied by the caller."""
    if len(entropy) < 8:
        raise ValueError("fresh_seed needs at least 8 random bytes")
    n = int.from_bytes(entropy[:8], "big")
    symbols = []
    for _ in range(8):
        n, i = divmod(n, len(CODE_ALPHABET))
        symbols.append(CODE_ALPHABET[i])
    code = "".join(symbols)
    return f"{code[:4]}-{code[4:]}"


def daily_seed(today: _dt.date) -> str:
    """The seed of a UTC date: `daily-2026-11-30`."""
    return f"daily-{today.isoformat()}"


def resolve_seed(text: str, today: _dt.date) -> str:
    """`daily` (in any case, with any spacing) becomes that day's seed; any other text is
    a seed as it stands."""
    if normalise_seed(text) == DAILY:
        return daily_seed(today)
    return text
