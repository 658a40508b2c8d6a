"""Which games the interface can seat at a table or replay, and how to open each.

Every game's screens are named by its registry entry (`GameEntry.table`, `.session`,
`.replayer`: "module:function", tt22.core.registry), so that opening one game never
imports another's interface (nor Textual before the app runs), and no shared module
keeps a list of games. The new-game screen offers the games of `playable_games()`;
`tt22 play --game` and `tt22 replay` ask `open_table` and `open_replay`.

A game's table opener is `function(app, table: NewTable) -> None`: it pushes that game's
table screen (and files the match in the data folder's one slot for the match in
progress). A session opener is `function(app, session) -> None`: it seats the match in
progress of that slot (a `tt22.play.session.LocalSession`) again, for the home screen's
"Continue". A replayer is
`function(record, path=None, *, seat=None, start=None, standalone=False) -> Screen`: that
game's replay screen on a decoded record (`tt22 replay` makes it the app's first
screen; the record picker pushes it).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, MutableMapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from tt22.core.registry import UnknownGame, entries, entry

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


class Openers(MutableMapping[str, str]):
    """Game name -> "module:function" of one kind of its openers, as the registry's
    entries name them (`GameEntry.table`, `.session` or `.replayer`), in the registry's
    order (the game tt22 opens on first); a game whose entry names none is not in it.
    Setting or deleting a name overrides its entry here (a test's stand-in screen, or a
    game taken off)."""

    def __init__(self, kind: Literal["table", "session", "replayer"]) -> None:
        self.kind = kind
        self.overrides: dict[str, str] = {}

    def __getitem__(self, name: str) -> str:
        if name in self.overrides:
            where = self.overrides[name]
        else:
            try:
                where = getattr(entry(name), self.kind)
            except UnknownGame:
                raise KeyError(name) from None
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
SESSIONS = Openers("session")
REPLAYERS = Openers("replayer")


def playable_games() -> tuple[str, ...]:
    """The games a player can sit down to, in the registry's order (the game tt22
    opens on first)."""
    return tuple(TABLES)


def replayable_games() -> tuple[str, ...]:
    """The games whose records the replayer can open, in the registry's order."""
    return tuple(REPLAYERS)


def _load(where: str) -> Callable[..., Any]:
    module, _, function = where.partition(":")
    opener: Callable[..., Any] = getattr(importlib.import_module(module), function)
    return opener


def open_table(app: Any, table: NewTable) -> None:
    """Seat `table` in `app` with its game's own table screen. A game without one here
    is a programming error (the callers offer only `playable_games()`)."""
    _load(TABLES[table.game])(app, table)


def open_session(app: Any, session: Any) -> None:
    """Seat `session` (the continued match in progress, of any game) at its game's
    table."""
    _load(SESSIONS[session.game.name])(app, session)


def replay_screen(game: str, record: Any, path: Any = None, **options: Any) -> Any:
    """The replay screen of `record` (of `game`, decoded) in that game's replayer."""
    return _load(REPLAYERS[game])(record, path, **options)


def open_replay(app: Any, game: str, record: Any, path: Any = None) -> None:
    """Open `record` (of `game`, decoded) in that game's replayer."""
    app.push_screen(replay_screen(game, record, path))


def table_screen(game: str) -> type[Any]:
    """The class of `game`'s local table screen: the `table_screen()` of the module its
    `session` opener lives in (the server wraps it for a served seat, so it names no
    game's interface itself)."""
    module = SESSIONS[game].partition(":")[0]
    found: type[Any] = importlib.import_module(module).table_screen()
    return found
