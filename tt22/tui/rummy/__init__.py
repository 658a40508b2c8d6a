"""The Rummy family's interface: Gin's and Rummy's table (tt22.tui.rummy.table), its
summaries and the replayer (tt22.tui.rummy.replay), opened through tt22.tui.tables by the
game's name and never imported by another game's screens. The rules live in
tt22/games/rummy; everything here asks them. Words: words.py ("rummy.ui.")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tt22.play.session import LocalSession
    from tt22.tui.tables import NewTable

__all__ = ["open_rummy_session", "open_rummy_table", "rummy_replay_screen", "table_screen"]


def open_rummy_table(app: Any, table: NewTable) -> None:
    """A new Rummy or Gin match at the table (tables.TABLES["rummy"], ["gin"])."""
    from tt22.core.registry import get_game
    from tt22.tui.rummy.table import open_new

    rules = get_game(table.game).rules(table.rules, len(table.players))
    open_new(app, table.game, rules, table.seed, table.players, watch=table.watch)


def open_rummy_session(app: Any, session: LocalSession) -> None:
    """The match in progress, continued (tables.SESSIONS["rummy"], ["gin"])."""
    from tt22.tui.rummy.table import RummyTable

    app.push_screen(RummyTable(session))


def rummy_replay_screen(
    record: Any,
    path: Any = None,
    *,
    seat: int | None = None,
    start: int | None = None,
    standalone: bool = False,
) -> Any:
    """The replayer's screen on a Rummy or Gin record (tables.REPLAYERS)."""
    from tt22.tui.rummy.replay import RummyReplayScreen

    return RummyReplayScreen(record, path, seat=seat, start=start, standalone=standalone)


def table_screen() -> type[Any]:
    """The local table's class (tt22.tui.tables.table_screen: the server seats a
    served player at it)."""
    from tt22.tui.rummy.table import RummyTable

    return RummyTable
