"""22's deal and match summaries as its table and the served seat open them: thin calls
into the one pair of summary screens (tt22.tui.summary.screens), filled with 22's data
(tt22.tui.games.twentytwo.summary)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from tt22.tui.games.twentytwo import summary as twentytwo
from tt22.tui.summary import screens

if TYPE_CHECKING:
    from tt22.play.session import LocalSession

__all__ = ["DealSummaryScreen", "MatchSummaryScreen", "losers_text"]


def losers_text(session: Any, deal: Any, you: int | None) -> str:
    """Who lost the deal, the verb agreeing ("You lose", "Bot 2 loses", "A, B lose")."""
    return twentytwo.losers_text(session.names, deal, you)


class DealSummaryScreen(screens.HandSummaryScreen):
    """The showdown of `deal` (R17-R19), over 22's table or a served seat."""

    def __init__(
        self,
        session: LocalSession,
        deal: Any,
        auto: float | None = None,
        you: int | None = None,
    ) -> None:
        limit = session.rules.elimination_at
        super().__init__(partial(twentytwo.deal_summary, session.names, deal, limit, you), auto)
        self.session = session
        self.deal = deal
        self.you = you


class MatchSummaryScreen(screens.MatchSummaryScreen):
    """22's match is over: the one end screen with 22's winner and standings."""

    def __init__(self, session: LocalSession, deal: Any, you: int | None = None) -> None:
        made = partial(twentytwo.match_summary, session.state, session.names, you, deal=deal)
        super().__init__(made, session.saved_path, session.seed)
        self.session = session
        self.deal = deal
        self.you = you
