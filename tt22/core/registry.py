"""The registry of games: names to games, loaded only when asked for.

Listing the names imports nothing, so `tt22 --help` stays fast; `get_game` imports
exactly the game asked for (harlequin's plug-in rule).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # not needed to list names
    from .protocol import Game

__all__ = [
    "DEFAULT_GAME",
    "DEFAULT_LEVEL",
    "UnknownGame",
    "bots_module",
    "default_level",
    "game_names",
    "get_game",
]

DEFAULT_GAME = "twentytwo"
"""The game tt22 opens on, and the game of every version-1 record."""

DEFAULT_LEVEL = "normal"
"""The bots a new player meets: a real opponent (the rules of thumb, or better), never
the easiest, which misjudges on purpose. The new-game screens say so."""


def default_level(levels: Sequence[str], wanted: str = "") -> str:
    """`wanted` when it is one of `levels`, else `DEFAULT_LEVEL`, else the first."""
    if wanted in levels:
        return wanted
    return DEFAULT_LEVEL if DEFAULT_LEVEL in levels else levels[0]


_GAMES: dict[str, tuple[str, str]] = {
    "twentytwo": ("tt22.games.twentytwo", "TWENTYTWO"),
    "rook": ("tt22.games.rook", "ROOK_GAME"),
    "rummy": ("tt22.games.rummy", "RUMMY_GAME"),
    "gin": ("tt22.games.rummy", "GIN_GAME"),
}

# A game's bots: the module with BOT_NAMES and make_bot(name, seed), and where the game
# has levels, LEVELS and make_level(level, seed). 22's bots (tt22.games.twentytwo.bots)
# are not listed: their make_bot takes the seat too, and 22's callers name them directly.
_BOTS: dict[str, str] = {
    "rook": "tt22.games.rook.bots",
    "rummy": "tt22.games.rummy.bots",
    "gin": "tt22.games.rummy.bots",
}


class UnknownGame(ValueError):
    """A game name tt22 does not have, in words for the command line."""


def game_names() -> tuple[str, ...]:
    """Every registered game, the default first."""
    return tuple(_GAMES)


def get_game(name: str) -> Game[Any, Any, Any, Any]:
    """The game registered as `name`, or UnknownGame listing the names there are."""
    entry = _GAMES.get(name)
    if entry is None:
        raise UnknownGame(f"unknown game {name!r}; the games are {', '.join(_GAMES)}")
    module, attribute = entry
    game: Game[Any, Any, Any, Any] = getattr(importlib.import_module(module), attribute)
    return game


def bots_module(name: str) -> Any | None:
    """The module of game `name`'s bots (loaded now), or None when it has none here."""
    module = _BOTS.get(name)
    return None if module is None else importlib.import_module(module)
