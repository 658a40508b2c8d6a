"""The Rummy family (RUMMY.md): Rummy (M1-M10) and Gin Rummy (G1-G9, Oklahoma by
option). Pure: no Textual, no I/O, no clock.

`RUMMY_GAME` and `GIN_GAME` are what the registry hands out; the modules are the engine:
cards, melds (deadwood), rules, moves, the two folds (rummy, gin), views (M5),
transcript, reasons.
"""

from .game import GIN_GAME, RUMMY_GAME, Gin, Rummy
from .moves import Discard, Draw, GinMove, Knock, LayOff, Meld, Pass, RummyMove
from .rules import GinRules, RummyRules

__all__ = [
    "GIN_GAME",
    "RUMMY_GAME",
    "Discard",
    "Draw",
    "Gin",
    "GinMove",
    "GinRules",
    "Knock",
    "LayOff",
    "Meld",
    "Pass",
    "Rummy",
    "RummyMove",
    "RummyRules",
]
