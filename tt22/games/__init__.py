"""Games as plug-ins: the protocol every game implements and the registry of games.

Importing this package loads no game; `get_game(name)` loads one.
"""

from .registry import (
    DEFAULT_GAME,
    DEFAULT_LEVEL,
    UnknownGame,
    default_level,
    game_names,
    get_game,
)

__all__ = [
    "DEFAULT_GAME",
    "DEFAULT_LEVEL",
    "UnknownGame",
    "default_level",
    "game_names",
    "get_game",
]
