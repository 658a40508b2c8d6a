"""Seed codes people can read aloud, and the daily seed.

The engine takes no randomness and no clock from its surroundings: the caller passes
the random bytes for a fresh code and the date for `daily`.
"""

from __future__ import annotations

import datetime as _dt
import hashlib

from .rng import normalise_seed
from .unicode14 import UNICODE_VERSION, assigned_in_unicode_14

__all__ = [
    "CODE_ALPHABET",
    "DAILY",
    "MAX_SEED",
    "daily_seed",
    "fresh_seed",
    "resolve_seed",
    "seed_commitment",
    "seed_problem",
]

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""31 symbols: no 0/O, 1/I/L look-alikes."""

DAILY = "daily"

MAX_SEED = 200
"""The most code points a seed may have (records hold seeds of 1 to 200)."""


def seed_problem(text: str) -> str | None:
    """Why `text` is not a valid seed, in one line, or None when it is one.

    A seed is 1 to MAX_SEED code points, not all whitespace, with no lone surrogate (a
    command-line byte that is not UTF-8 arrives as one) and no code point that Unicode
    14.0.0 leaves unassigned: normalisation is pinned to that version, and a character
    a later version assigns could normalise differently there (docs/seeds.md).
    """
    if len(text) > MAX_SEED:
        return f"a seed is at most {MAX_SEED} characters, not {len(text)}"
    if not text.strip():
        return "the seed is blank"
    for ch in text:
        code = ord(ch)
        if 0xD800 <= code <= 0xDFFF:
            return "the seed is not valid text (a byte that is not UTF-8?)"
        if not assigned_in_unicode_14(code):
            return (
                f"the seed holds U+{code:04X}, which Unicode {UNICODE_VERSION} does not"
                " assign; seeds use only the characters of that version, so that they"
                " deal the same everywhere"
            )
    return None


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
    """`daily` (after normalisation: any case, full-width, any spacing) becomes that
    day's seed; any other text is a seed as it stands."""
    if normalise_seed(text) == DAILY:
        return daily_seed(today)
    return text


def seed_commitment(seed: str) -> str:
    """The first 8 hex digits of SHA-256 of the seed (UTF-8, as stored in the record):
    shown instead of the seed while hidden cards are in play, so the seed is fixed
    before the deal without giving the hands away (docs/seeds.md)."""
    return hashlib.sha256(seed.encode("utf-8", "surrogatepass")).hexdigest()[:8]
