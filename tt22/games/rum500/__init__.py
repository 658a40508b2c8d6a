"""500 Rum (F1-F9) and Persian Rummy (P1-P8), the Rummy family's scoring members
(RUMMY.md). Pure: no Textual, no I/O, no clock.

Persian is 500 Rum with jokers, partnerships and two deals, so one fold (`engine`) plays
both, switched by the rules' class. Cards and melds are the Rummy family's
(tt22.games.rummy), with jokers added (`cards`, `melds`).
"""

from .game import PERSIAN_GAME, RUM500_GAME, Persian, Rum500
from .moves import Discard, Draw, LayOff, Meld, Pass, Rum500Move, Take
from .rules import PersianRules, Rum500Rules

__all__ = [
    "PERSIAN_GAME",
    "RUM500_GAME",
    "Discard",
    "Draw",
    "LayOff",
    "Meld",
    "Pass",
    "Persian",
    "PersianRules",
    "Rum500",
    "Rum500Move",
    "Rum500Rules",
    "Take",
]
