"""22's score history as its table and the served seat open it (`s`): a thin call into
the one score history (tt22.tui.summary.screens), filled with 22's data; and the names
the replayer and the table use from here (the legend's wrapping, R7's draw)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tt22.tui.games.twentytwo.summary import (
    DEALS_SHOWN,
    first_dealer_text,
    first_draws,
    score_history,
)
from tt22.tui.summary.screens import NAME_WIDTH, ScoreHistoryScreen
from tt22.tui.summary.wrap import Wrapped, legend_lines, wrap_keeping

if TYPE_CHECKING:
    from tt22.play.session import LocalSession

__all__ = [
    "DEALS_SHOWN",
    "NAME_WIDTH",
    "ScoresScreen",
    "Wrapped",
    "first_dealer_text",
    "first_draws",
    "legend_lines",
    "wrap_keeping",
]


class ScoresScreen(ScoreHistoryScreen):
    """Opened with `s` at 22's table; any of its keys closes it."""

    def __init__(self, session: LocalSession, ascii_style: bool, you: int | None = None) -> None:
        super().__init__(score_history(session.state, session.names, you, ascii_style))
        self.session = session
        self.ascii_style = ascii_style
        self.you = you
