"""The one pair of summary screens (a hand's end, the match's end), the one score
history and the plain data every game's interface description fills them with
(`data`); `screens_of` finds a game's description through its registry entry."""

from __future__ import annotations

import importlib

from tt22.core.registry import entry
from tt22.tui.summary.data import GameScreens

__all__ = ["screens_of"]


def screens_of(game: str) -> GameScreens:
    """The interface description of game `game` that fills the end screens, the score
    history and the help (its entry's `screens`, loaded now), or LookupError for a game
    whose entry names none. A game's `GameUI` (its entry's `ui`) is such a description
    too, so an entry that names a GameUI needs no `screens` of its own."""
    found_entry = entry(game)
    where = found_entry.screens or found_entry.ui
    if not where:
        raise LookupError(f"the game {game!r} has no summaries or help to show")
    module, _, attribute = where.partition(":")
    found: GameScreens = getattr(importlib.import_module(module), attribute)
    return found
