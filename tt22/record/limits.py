"""Bounds on everything a record may hold.

A record can come from a stranger, so every length and number is capped before or
while it is decoded: a hostile file is rejected in milliseconds with one line saying
where, and never makes tt22 allocate, loop or recurse without end. The caps are far
above anything a real match produces (docs/record-format.md gives the arithmetic).
"""

from __future__ import annotations

from tt22.core.seeds import MAX_SEED as _ENGINE_MAX_SEED

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "FORMAT_VERSION_22",
    "FORMAT_VERSION_ANALYSED",
    "FORMAT_VERSION_GAMES",
    "MAX_BYTES",
    "MAX_COMMENT",
    "MAX_MOVES",
    "MAX_NAME",
    "MAX_SCORE",
    "MAX_SEED",
    "MAX_SHORT_TEXT",
    "MAX_SOURCE",
    "MAX_THINK_SECONDS",
]

FORMAT_NAME = "tt22-record"
FORMAT_VERSION = 3
"""The newest envelope version this tt22 reads (older ones are read too). Version 2 names
the game; a 22 record is still written as version 1 (`FORMAT_VERSION_22`), which says
all it holds and which every tt22 so far reads, and a record of another game as version 2
(`FORMAT_VERSION_GAMES`). Version 3 is version 2 with an analysis section
(`FORMAT_VERSION_ANALYSED`): only `tt22 analyse`'s analysed copies are written so."""
FORMAT_VERSION_22 = 1
FORMAT_VERSION_GAMES = 2
FORMAT_VERSION_ANALYSED = 3

MAX_BYTES = 8 * 1024 * 1024
"""Whole file, checked before any decoding. The longest match any table can play is
under 5 000 moves (about 300 kB without comments)."""

MAX_MOVES = 20_000

MAX_NAME = 40
MAX_SEED = _ENGINE_MAX_SEED  # (1 to 200 code points: tt22.core.seeds.seed_problem)
MAX_COMMENT = 1000
MAX_SHORT_TEXT = 100
"""tt22 version, generator id, bot name."""
MAX_SOURCE = 255
"""An origin's file name."""
MAX_THINK_SECONDS = 1_000_000.0
MAX_SCORE = 1_000_000
"""A seat's total or score, either sign (a game may bound its own: `Game.totals_problem`)."""
