"""Manipulation Rummy (RUMMY.md X1-X9): two decks, the table's melds rearranged by
whoever plays. Pure: no Textual, no I/O, no clock.

`MANIPULATION_GAME` is what the registry hands out. The modules: cards (X1, X8, why a
multiset), melds (X3, what is wrong with a meld, `table_problems` for an interface's
work area), the solver (the table placing the most hand cards), rules, moves (a play is
a whole new table, X9), the engine (the fold), views (M5), transcript, textlog, bots.
"""

from .game import MANIPULATION_GAME, Manipulation, best_play
from .melds import table_problems
from .moves import Draw, ManipulationMove, Pass, Play
from .rules import ManipulationRules

__all__ = [
    "MANIPULATION_GAME",
    "Draw",
    "Manipulation",
    "ManipulationMove",
    "ManipulationRules",
    "Pass",
    "Play",
    "best_play",
    "table_problems",
]
