"""500 Rum's and Persian Rummy's interface: the Rummy family's table and replayer with
what these two add (the spread discard pile, whose meld is whose, the running score,
the opening as it is built, Persian's partnerships), their summaries and help. The
rules live in tt22/games/rum500; everything here asks them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tt22.play.session import LocalSession
    from tt22.tui.tables import NewTable

__all__ = ["open_rum500_session", "open_rum500_table", "rum500_replay_screen", "table_screen"]


def open_rum500_table(app: Any, table: NewTable) -> None:
    """A new 500 Rum or Persian match at the table (the entries' `table`)."""
    from tt22.core.registry import get_game
    from tt22.tui.rum500.table import open_new

    rules = get_game(table.game).rules(table.rules, len(table.players))
    open_new(app, table.game, rules, table.seed, table.players, watch=table.watch)


def open_rum500_session(app: Any, session: LocalSession) -> None:
    """The match in progress, continued (the entries' `session`)."""
    from tt22.tui.rum500.table import Rum500Table

    app.push_screen(Rum500Table(session))


def rum500_replay_screen(
    record: Any,
    path: Any = None,
    *,
    seat: int | None = None,
    start: int | None = None,
    standalone: bool = False,
) -> Any:
    """The replayer's screen on a 500 Rum or Persian record (the entries' `replayer`)."""
    from tt22.tui.rum500.replay import Rum500ReplayScreen

    return Rum500ReplayScreen(record, path, seat=seat, start=start, standalone=standalone)


def table_screen() -> type[Any]:
    """The local table's class (tt22.tui.tables.table_screen: the server seats a
    served player at it)."""
    from tt22.tui.rum500.table import Rum500Table

    return Rum500Table
