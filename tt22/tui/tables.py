"""Which games the interface can seat at a table or replay, and how to open each.

22's table and replayer are the app's own (`TT22App.start_match`, the replay screen). A
game added later brings its own screens and says here where they live, by module name,
so that opening one game never imports another's interface (nor Textual before the app
runs). The new-game screen offers the games of `playable_games()`; `tt22 play --game`
and `tt22 replay` ask `open_table` and `open_replay`.

A game's table opener is `function(app, table: NewTable) -> None`: it pushes that game's
table screen (and files the match in the data folder's one slot for the match in
progress, as 22 does). A session opener is `function(app, session) -> None`: it seats
the match in progress of that slot (a `tt22.play.session.LocalSession`) again, for
the home screen's "Continue". A replayer is
`function(record, path=None, *, seat=None, start=None, standalone=False) -> Screen`: that
game's replay screen on a decoded record (`tt22 replay` makes it the app's first
screen; the record picker pushes it).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tt22.core.registry import DEFAULT_GAME

if TYPE_CHECKING:
    from tt22.core.players import Player

__all__ = [
    "REPLAYERS",
    "SESSIONS",
    "TABLES",
    "NewTable",
    "open_replay",
    "open_session",
    "open_table",
    "playable_games",
    "replay_screen",
    "replayable_games",
]


@dataclass(frozen=True)
class NewTable:
    """A table as the new-game screen or `tt22 play` chose it: the game, its rules as
    `name=value` assignments (checked by the game's `rules`), the seed, the seats."""

    game: str
    rules: tuple[str, ...]
    seed: str
    players: tuple[Player, ...]
    watch: bool = False


# game name -> "module:function" of its table / session / replay opener (see above).
TABLES: dict[str, str] = {
    "rook": "tt22.tui.rook:open_rook_table",
    "rummy": "tt22.tui.rummy:open_rummy_table",
    "gin": "tt22.tui.rummy:open_rummy_table",
}
SESSIONS: dict[str, str] = {
    "rook": "tt22.tui.rook:open_rook_session",
    "rummy": "tt22.tui.rummy:open_rummy_session",
    "gin": "tt22.tui.rummy:open_rummy_session",
}
REPLAYERS: dict[str, str] = {
    "rook": "tt22.tui.rook:rook_replay_screen",
    "rummy": "tt22.tui.rummy:rummy_replay_screen",
    "gin": "tt22.tui.rummy:rummy_replay_screen",
}


def playable_games() -> tuple[str, ...]:
    """The games a player can sit down to, 22 first (the game tt22 opens on)."""
    return (DEFAULT_GAME, *(name for name in TABLES if name != DEFAULT_GAME))


def replayable_games() -> tuple[str, ...]:
    """The games whose records the replayer can open, 22 first."""
    return (DEFAULT_GAME, *(name for name in REPLAYERS if name != DEFAULT_GAME))


def _load(where: str) -> Callable[..., Any]:
    module, _, function = where.partition(":")
    opener: Callable[..., Any] = getattr(importlib.import_module(module), function)
    return opener


def open_table(app: Any, table: NewTable) -> None:
    """Seat `table` in `app` with its game's own table screen. A game without one here
    is a programming error (the callers offer only `playable_games()`)."""
    _load(TABLES[table.game])(app, table)


def open_session(app: Any, session: Any) -> None:
    """Seat `session` (the continued match in progress of a game other than 22) at its
    game's table."""
    _load(SESSIONS[session.game.name])(app, session)


def replay_screen(game: str, record: Any, path: Any = None, **options: Any) -> Any:
    """The replay screen of `record` (of `game`, decoded) in that game's replayer."""
    return _load(REPLAYERS[game])(record, path, **options)


def open_replay(app: Any, game: str, record: Any, path: Any = None) -> None:
    """Open `record` (of `game`, decoded) in that game's replayer."""
    app.push_screen(replay_screen(game, record, path))
