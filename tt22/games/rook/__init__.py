"""Rook, tt22's second game (ROOK.md, K1-K23). Pure: no Textual, no I/O, no clock.

`ROOK_GAME` is what the registry hands out; the modules below are the engine itself:
cards, rules, moves, state (the fold), views (K23), transcript, reasons.
"""

from .game import ROOK_GAME, Rook
from .moves import Bid, Nest, Pass, Pile, Play, RookMove, Trump
from .rules import RookRules
from .state import State, apply, legal_moves, new_match
from .views import RookView, view

__all__ = [
    "ROOK_GAME",
    "Bid",
    "Nest",
    "Pass",
    "Pile",
    "Play",
    "Rook",
    "RookMove",
    "RookRules",
    "RookView",
    "State",
    "Trump",
    "apply",
    "legal_moves",
    "new_match",
    "view",
]
