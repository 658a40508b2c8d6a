"""Rook's interface: its table (tt22.tui.rook.table) and replayer (tt22.tui.rook.replay),
opened through tt22.tui.tables by the game's name, never imported by 22's screens."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tt22.play.session import LocalSession
    from tt22.tui.tables import NewTable

__all__ = ["open_rook_session", "open_rook_table", "rook_replay_screen"]


def open_rook_table(app: Any, table: NewTable) -> None:
    """A new Rook match at the table (tables.TABLES["rook"])."""
    from tt22.core.registry import get_game
    from tt22.tui.rook.table import open_new

    rules = get_game(table.game).rules(table.rules, len(table.players))
    open_new(app, table.game, rules, table.seed, table.players, watch=table.watch)


def open_rook_session(app: Any, session: LocalSession) -> None:
    """The match in progress, continued (tables.SESSIONS["rook"])."""
    from tt22.tui.rook.table import RookTableScreen

    app.push_screen(RookTableScreen(session))


def rook_replay_screen(
    record: Any,
    path: Any = None,
    *,
    seat: int | None = None,
    start: int | None = None,
    standalone: bool = False,
) -> Any:
    """The replayer's screen on a Rook record (tables.REPLAYERS["rook"])."""
    from tt22.tui.rook.replay import RookReplayScreen

    return RookReplayScreen(record, path, seat=seat, start=start, standalone=standalone)
