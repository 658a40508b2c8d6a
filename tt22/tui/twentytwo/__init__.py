"""22's interface openers, named by its registry entry as Rook's and Rummy's are: a new
match at 22's table (`TT22App.start_match`), the match in progress seated again, and
22's replay screen (tt22.tui.replay). Opened through tt22.tui.tables by the game's name,
so no shared module branches on 22. What its end screens, score history and help say lives
beside them (tt22.tui.twentytwo.summary, .help, .screens), as the plain data the shared screens draw
(tt22.tui.summary)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tt22.play.session import LocalSession
    from tt22.tui.tables import NewTable

__all__ = ["open_twentytwo_session", "open_twentytwo_table", "twentytwo_replay_screen"]


def open_twentytwo_table(app: Any, table: NewTable) -> None:
    """A new 22 match at the table, its rules the game's own reading of the table's
    assignments."""
    from tt22.core.registry import get_game

    rules = get_game(table.game).rules(table.rules, len(table.players))
    app.start_match(rules, table.seed, list(table.players), watch=table.watch, game=table.game)


def open_twentytwo_session(app: Any, session: LocalSession) -> None:
    """The match in progress, continued at 22's table."""
    app.play_session(session)


def twentytwo_replay_screen(
    record: Any,
    path: Any = None,
    *,
    seat: int | None = None,
    start: int | None = None,
    standalone: bool = False,
) -> Any:
    """22's replay screen on a record (or a replay model already folded)."""
    from tt22.tui.replay.screen import ReplayScreen

    return ReplayScreen(record, path, seat=seat, start=start, standalone=standalone)
