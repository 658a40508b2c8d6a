"""Manipulation Rummy's interface: its table with the work area where the table's melds
are rearranged, its replayer (what a play broke and made), its summaries and help. The
rules and the solver live in tt22/games/manipulation; everything here asks them.

The openers below are what its registry entry names (tt22.tui.tables says what each
takes); they import the screens only when called, so listing games stays cheap.
Modules: work (the work area, plain data), changes (what a play broke and made), words
("manipulation.ui." and the engine's reasons in three languages), table, replay."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tt22.play.session import LocalSession
    from tt22.tui.tables import NewTable

__all__ = [
    "manipulation_replay_screen",
    "open_manipulation_session",
    "open_manipulation_table",
    "table_screen",
]


def open_manipulation_table(app: Any, table: NewTable) -> None:
    """A new Manipulation Rummy match at its table (the registry entry's `table`)."""
    from tt22.core.registry import get_game
    from tt22.tui.manipulation.table import open_new

    rules = get_game(table.game).rules(table.rules, len(table.players))
    open_new(app, table.game, rules, table.seed, table.players, watch=table.watch)


def open_manipulation_session(app: Any, session: LocalSession) -> None:
    """The match in progress, seated again (the entry's `session`)."""
    from tt22.tui.manipulation.table import ManipulationTable

    app.push_screen(ManipulationTable(session))


def manipulation_replay_screen(
    record: Any,
    path: Any = None,
    *,
    seat: int | None = None,
    start: int | None = None,
    standalone: bool = False,
) -> Any:
    """The replayer's screen on a Manipulation Rummy record (the entry's `replayer`)."""
    from tt22.tui.manipulation.replay import ManipulationReplayScreen

    return ManipulationReplayScreen(record, path, seat=seat, start=start, standalone=standalone)


def table_screen() -> type[Any]:
    """The local table's class (tt22.tui.tables.table_screen: the server seats a
    served player at it, tt22.serve.tables.rummy_screen)."""
    from tt22.tui.manipulation.table import ManipulationTable

    return ManipulationTable
