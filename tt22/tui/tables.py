"""Which games the interface can seat at a table or replay, and how to open each.

Every game's screens are named by its registry entry (`GameEntry.table`, `.replayer`:
"module:Class", tt22.core.registry), so that opening one game never imports another's
interface (nor Textual before the app runs), and no shared module keeps a list of games.
The new-game screen offers the games of `playable_games()`; `tt22 play --game` and
`tt22 replay` ask `open_table` and `open_replay`.

Every game's screens open the same way, here, so no game writes an opener of its own: a
table screen is made from a play session (`Class(session, watch=False)`), whether the
match is new (`open_table`: started in the data folder's one slot for the match in
progress), continued from home (`open_session`) or forked from a record by the
replayer's "play from here"; a replay screen is made from a decoded record
(`Class(record, path=None, *, seat=None, start=None, standalone=False)`: `tt22 replay`
makes it the app's first screen, the record picker pushes it). The server wraps a
game's table class for a served seat (`table_screen`).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from tt22.core.registry import UnknownGame, entries, entry

if TYPE_CHECKING:
    from tt22.core.players import Player

__all__ = [
    "REPLAYERS",
    "TABLES",
    "NewTable",
    "open_replay",
    "open_session",
    "open_table",
    "playable_games",
    "replay_screen",
    "replayable_games",
    "table_screen",
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


ONE_TABLE = "tt22.tui.table.screen:TableScreen"
"""The one table screen, which draws any game through its `GameUI` (the entry's `ui`)."""


class Openers(MutableMapping[str, str]):
    """Game name -> "module:Class" of one kind of its screens, as the registry's
    entries name them (`GameEntry.table` or `.replayer`), in the registry's
    order (the game tt22 opens on first); a game whose entry names none is not in it.
    Setting or deleting a name overrides its entry here (a test's stand-in screen, or a
    game taken off)."""

    def __init__(self, kind: Literal["table", "replayer"]) -> None:
        self.kind = kind
        self.overrides: dict[str, str] = {}

    def __getitem__(self, name: str) -> str:
        if name in self.overrides:
            where = self.overrides[name]
        else:
            try:
                found = entry(name)
            except UnknownGame:
                raise KeyError(name) from None
            where = getattr(found, self.kind)
            if not where and self.kind == "table" and found.ui:
                where = ONE_TABLE  # (a game described by its GameUI: the one table)
        if not where:
            raise KeyError(name)
        return str(where)

    def __setitem__(self, name: str, where: str) -> None:
        self.overrides[name] = where

    def __delitem__(self, name: str) -> None:
        if name not in self:
            raise KeyError(name)
        self.overrides[name] = ""

    def __iter__(self) -> Iterator[str]:
        names = [e.name for e in entries()]
        names += [name for name in self.overrides if name not in names]
        return (name for name in names if name in self)

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        try:
            self[name]
        except KeyError:
            return False
        return True

    def __len__(self) -> int:
        return sum(1 for _ in self)


TABLES = Openers("table")
REPLAYERS = Openers("replayer")


def playable_games() -> tuple[str, ...]:
    """The games a player can sit down to, in the registry's order (the game tt22
    opens on first)."""
    return tuple(TABLES)


def replayable_games() -> tuple[str, ...]:
    """The games whose records the replayer can open, in the registry's order."""
    return tuple(REPLAYERS)


def _load(where: str) -> Any:
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)


def table_screen(game: str) -> type[Any]:
    """The class of `game`'s local table screen (the server wraps it for a served seat,
    so it names no game's interface itself)."""
    found: type[Any] = _load(TABLES[game])
    return found


def open_table(app: Any, table: NewTable) -> None:
    """Start `table`'s match in the data folder's slot and seat it at its game's table
    screen; rules the game refuses, or another window playing there, are said in one
    line and nothing starts. A game without a table here is a programming error (the
    callers offer only `playable_games()`)."""
    from tt22.core.protocol import RulesError
    from tt22.core.registry import get_game
    from tt22.tui.safe_text import say
    from tt22.tui.screens.game_table import seat_new_match

    screen = table_screen(table.game)
    try:
        rules = get_game(table.game).rules(table.rules, len(table.players))
    except RulesError as e:
        say(app, str(e), severity="error")
        return
    seat_new_match(app, table.game, rules, table.seed, table.players, screen, watch=table.watch)


def open_session(app: Any, session: Any, *, watch: bool = False) -> Any:
    """Seat `session` (a match in progress of any game: continued from home, or forked
    by the replayer's "play from here") at its game's table, on top of whatever screen
    is showing (leaving the table comes back to it); the table screen pushed."""
    screen = table_screen(session.game.name)(session, watch=watch)
    app.push_screen(screen)
    return screen


def replay_screen(game: str, record: Any, path: Any = None, **options: Any) -> Any:
    """The replay screen of `record` (of `game`, decoded) in that game's replayer."""
    return _load(REPLAYERS[game])(record, path, **options)


def open_replay(app: Any, game: str, record: Any, path: Any = None) -> None:
    """Open `record` (of `game`, decoded) in that game's replayer."""
    app.push_screen(replay_screen(game, record, path))
