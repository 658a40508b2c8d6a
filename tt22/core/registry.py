"""The registry of games: names to games, loaded only when asked for.

Listing the names imports nothing, so `tt22 --help` stays fast; `get_game` imports
exactly the game asked for (harlequin's plug-in rule).

A game from outside tt22 registers by an entry point of the group `tt22.games` (in its
pyproject: `[project.entry-points."tt22.games"]`, `mygame = "mypackage.entry:ENTRY"`),
whose object is its `GameEntry`. tt22's own games are listed here, so the installed
packages' metadata is read (about 30 ms) only when a name is not one of them
(`entry`), or when every game must be listed (`discover`: the server's lobby).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # not needed to list names
    from .protocol import Game

__all__ = [
    "BUILT_IN",
    "DEFAULT_GAME",
    "DEFAULT_LEVEL",
    "ENTRY_POINTS",
    "GameEntry",
    "UnknownGame",
    "bots_module",
    "default_game",
    "default_level",
    "discover",
    "entries",
    "entry",
    "game_names",
    "get_game",
    "register",
    "textlog_module",
    "unregister",
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


class GameEntry(NamedTuple):
    """What the registry knows of a game without loading it: where its `Game` is, and
    the modules of its own that the commands and the interface ask for by name (no
    side table keyed by game names elsewhere). Paths are "package.module" strings, so
    listing games imports nothing.

    - `game`: "module:ATTRIBUTE" of the `Game` object.
    - `bots`: the module of its bots, with `LEVELS`, `NAMES` and `seat_bot(name, seed,
      seat)` (tt22.core.bots asks them: `make_bot`, `levels`); "" for a game without bots.
    - `textlog`: the module whose `render_text(transcript, ascii_style)` writes the
      readable account of a transcript (`tt22 show`, `tt22 sim --format text`); "" when
      there is none yet.
    - `titles`: what a person calls the game in English, Korean and Japanese (the
      interface's catalogue has them as `setup.game.<name>`); None for the `Game`'s own
      `title` in every language.
    - `table`, `replayer`: "module:Class" of the game's table screen and replay screen
      (tt22.tui.tables opens both for every game alike: a table is made from a play
      session, `Class(session, watch=False)`; a replayer from a decoded record,
      `Class(record, path=None, *, seat=None, start=None, standalone=False)`); "" for
      what the game has no screen for yet (it is then played by bots, shown and
      verified only).
    - `served`: "module:function" of the server's table screen for one of its seats
      (tt22.serve.tables), "" when the server seats it on its own screen.
    - `serves`: whether `tt22 serve` offers the game; False for a game whose table
      has no served seat yet (the server's own screen is 22's, not every game's).
    - `analysis`: "module:OBJECT" of the game's `tt22.core.protocol.Objective`, what
      `tt22 analyse` measures (docs/analysis.md); "" for a game it cannot analyse.
    - `arena`: the module of the game's bots as `tt22 arena`'s duplicate format seats
      them, one per seat (`NAMES`, `CHEATER_NAME`, `arena_bot(name, seed, seat,
      scale)`); "" for a game whose arena is the team arena (a side's bot against the
      other's, tt22/commands/arena_teams.py).
    - `ui`: "module:OBJECT" of the game's `GameUI` (tt22.tui.table.gameui: how the one
      table draws it, as plain data). A game with one and no `table` of its own sits at
      the one table (tt22.tui.table.screen), locally and served (its `served` then
      names the one served table, tt22.serve.tables:ui_screen).
    """

    name: str
    game: str
    bots: str = ""
    textlog: str = ""
    titles: tuple[str, str, str] | None = None
    table: str = ""
    replayer: str = ""
    served: str = ""
    screens: str = ""
    serves: bool = True
    analysis: str = ""
    arena: str = ""
    ui: str = ""

    @property
    def module(self) -> str:
        """The package of the game's `Game` object (what importing the game loads)."""
        return self.game.partition(":")[0]


BUILT_IN: tuple[GameEntry, ...] = (
    GameEntry(
        "twentytwo",
        "tt22.games.twentytwo:TWENTYTWO",
        bots="tt22.games.twentytwo.bots",
        textlog="tt22.games.twentytwo.textlog",
        titles=("Twenty-Two", "투엔티투", "トゥエンティツー"),
        table="tt22.tui.games.twentytwo.table:TableScreen",
        replayer="tt22.tui.games.twentytwo.replay:TwentyTwoReplayScreen",
        screens="tt22.tui.games.twentytwo.screens:SCREENS",
        analysis="tt22.games.twentytwo.analysis:OBJECTIVE",
        arena="tt22.games.twentytwo.bots.arena",
    ),
    GameEntry(
        "rook",
        "tt22.games.rook:ROOK_GAME",
        bots="tt22.games.rook.bots",
        textlog="tt22.games.rook.textlog",
        titles=("Rook", "루크", "ルック"),
        table="tt22.tui.games.rook.table:RookTableScreen",
        replayer="tt22.tui.games.rook.replay:RookReplayScreen",
        served="tt22.serve.tables:rook_screen",
        screens="tt22.tui.games.rook.summary:SCREENS",
        analysis="tt22.games.rook.analysis:OBJECTIVE",
    ),
    GameEntry(
        "rummy",
        "tt22.games.rummy:RUMMY_GAME",
        bots="tt22.games.rummy.bots",
        textlog="tt22.games.rummy.textlog",
        titles=("Rummy", "러미", "ラミー"),
        table="tt22.tui.games.rummy.table:RummyTable",
        replayer="tt22.tui.games.rummy.replay:RummyReplayScreen",
        served="tt22.serve.tables:rummy_screen",
        screens="tt22.tui.games.rummy.summary:RUMMY_SCREENS",
        analysis="tt22.games.rummy.analysis:OBJECTIVE",
    ),
    GameEntry(
        "gin",
        "tt22.games.rummy:GIN_GAME",
        bots="tt22.games.rummy.bots",
        textlog="tt22.games.rummy.textlog",
        titles=("Gin Rummy", "진 러미", "ジン・ラミー"),
        table="tt22.tui.games.rummy.table:RummyTable",
        replayer="tt22.tui.games.rummy.replay:RummyReplayScreen",
        served="tt22.serve.tables:rummy_screen",
        screens="tt22.tui.games.rummy.summary:GIN_SCREENS",
        analysis="tt22.games.rummy.analysis:GIN_OBJECTIVE",
    ),
    GameEntry(
        "rum500",
        "tt22.games.rum500:RUM500_GAME",
        bots="tt22.games.rum500.bots",
        textlog="tt22.games.rum500.textlog",
        titles=("500 Rum", "500 럼", "500ラミー"),
        table="tt22.tui.games.rum500.table:Rum500Table",
        replayer="tt22.tui.games.rum500.replay:Rum500ReplayScreen",
        served="tt22.serve.tables:rummy_screen",
        screens="tt22.tui.games.rum500.screens:RUM500_SCREENS",
        analysis="tt22.games.rum500.analysis:OBJECTIVE",
    ),
    GameEntry(
        "persian",
        "tt22.games.rum500:PERSIAN_GAME",
        bots="tt22.games.rum500.bots",
        textlog="tt22.games.rum500.textlog",
        titles=("Persian Rummy", "페르시안 러미", "ペルシャン・ラミー"),
        table="tt22.tui.games.rum500.table:Rum500Table",
        replayer="tt22.tui.games.rum500.replay:Rum500ReplayScreen",
        served="tt22.serve.tables:rummy_screen",
        screens="tt22.tui.games.rum500.screens:PERSIAN_SCREENS",
        analysis="tt22.games.rum500.analysis:PERSIAN_OBJECTIVE",
    ),
    GameEntry(
        "manipulation",
        "tt22.games.manipulation:MANIPULATION_GAME",
        bots="tt22.games.manipulation.bots",
        textlog="tt22.games.manipulation.textlog",
        titles=("Manipulation Rummy", "매니퓰레이션 러미", "マニピュレーション・ラミー"),
        table="tt22.tui.games.manipulation.table:ManipulationTable",
        replayer="tt22.tui.games.manipulation.replay:ManipulationReplayScreen",
        served="tt22.serve.tables:rummy_screen",
        screens="tt22.tui.games.manipulation.screens:MANIPULATION_SCREENS",
        analysis="tt22.games.manipulation.analysis:OBJECTIVE",
    ),
)


class UnknownGame(ValueError):
    """A game name tt22 does not have, in words for the command line."""


_entries: dict[str, GameEntry] = {e.name: e for e in BUILT_IN}


def register(game: GameEntry) -> None:
    """Add a game from outside tt22's own folders (a test's game, a plug-in found by its
    entry point). A name already registered, a built-in above all, is never replaced."""
    if not isinstance(game, GameEntry):
        raise TypeError(f"a game registers a GameEntry, not {type(game).__name__}")
    _entries.setdefault(game.name, game)


def unregister(name: str) -> None:
    """Take a game registered from outside away again (tests)."""
    if name not in {e.name for e in BUILT_IN}:
        _entries.pop(name, None)


ENTRY_POINTS = "tt22.games"
"""The entry point group of games from outside tt22: name -> "module:GAME_ENTRY"."""


def _plugged_in(name: str | None) -> None:
    """Register the games of installed packages' `tt22.games` entry points (only the one
    called `name`, when given). An entry point whose object is not a `GameEntry` of its
    own name is passed over; one that fails to load raises (a broken plug-in asked for
    by name), or is passed over while listing every game."""
    from importlib.metadata import entry_points

    for point in entry_points(group=ENTRY_POINTS):
        if point.name in _entries or (name is not None and point.name != name):
            continue
        try:
            found = point.load()
        except Exception:
            if name is not None:
                raise
            continue
        if isinstance(found, GameEntry) and found.name == point.name:
            register(found)


_discovered = False


def discover() -> tuple[str, ...]:
    """Every game, the installed plug-ins' included (read from the packages' metadata
    once): what a list of every game offered shows (the server's lobby)."""
    global _discovered
    if not _discovered:
        _discovered = True
        _plugged_in(None)
    return game_names()


def entry(name: str) -> GameEntry:
    """The entry of game `name` (a built-in, a registered game, or an installed
    plug-in's, looked up by its entry point), or UnknownGame listing the names there are."""
    found = _entries.get(name)
    if found is None and not _discovered:
        _plugged_in(name)
        found = _entries.get(name)
    if found is None:
        raise UnknownGame(f"unknown game {name!r}; the games are {', '.join(_entries)}")
    return found


def entries() -> tuple[GameEntry, ...]:
    """Every registered game's entry, the default first (nothing is loaded)."""
    return tuple(_entries.values())


def default_game() -> str:
    """The game tt22 opens on and offers first: the first registered (`DEFAULT_GAME`).
    Shared modules ask this rather than spell a game's name."""
    return next(iter(_entries))


def game_names() -> tuple[str, ...]:
    """Every registered game, the default first."""
    return tuple(_entries)


def get_game(name: str) -> Game[Any, Any, Any, Any]:
    """The game registered as `name`, or UnknownGame listing the names there are."""
    module, _, attribute = entry(name).game.partition(":")
    game: Game[Any, Any, Any, Any] = getattr(importlib.import_module(module), attribute)
    return game


def bots_module(name: str) -> Any | None:
    """The module of game `name`'s bots (loaded now), or None when it has none here."""
    module = entry(name).bots
    return importlib.import_module(module) if module else None


def textlog_module(name: str) -> Any | None:
    """The module writing game `name`'s readable account (loaded now), or None."""
    module = entry(name).textlog
    return importlib.import_module(module) if module else None
