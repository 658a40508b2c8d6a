"""22's interface description for the shared end screens, score history and help (its
registry entry's `screens`): thin calls into 22's data (summary.py, help.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.tui.games.twentytwo import summary
from tt22.tui.summary.data import HelpPage, ScoreHistory, Summary

__all__ = ["SCREENS", "TwentyTwoScreens"]


class TwentyTwoScreens:
    """`view` is the match's state, or a served seat's account of it."""

    def hand_summary(
        self, view: Any, names: Sequence[str], you: int | None, ascii_style: bool
    ) -> Summary:
        deal = view.history[-1]
        return summary.deal_summary(names, deal, view.rules.elimination_at, you, ascii_style)

    def match_summary(
        self, view: Any, names: Sequence[str], you: int | None, ascii_style: bool
    ) -> Summary:
        return summary.match_summary(view, names, you, ascii_style)

    def score_history(
        self, view: Any, names: Sequence[str], you: int | None, ascii_style: bool
    ) -> ScoreHistory:
        return summary.score_history(view, names, you, ascii_style)

    def help_pages(self) -> Sequence[tuple[str, str]]:
        from tt22.tui.games.twentytwo.help import page_title

        return (("", page_title()),)

    def help_page(self, page: str, rules: Any, ascii_style: bool) -> HelpPage:
        from tt22.tui.games.twentytwo.help import help_page

        return help_page()

    def page_of(self, rules: Any) -> str:
        return ""


SCREENS = TwentyTwoScreens()
