"""High Card's end screens, score history and help (tests/kits/tinygame.py), as the plain
data the shared screens draw: named by the game's registry entry (`screens`) and by
nothing in tt22, the proof that a game outside tt22's folders gets the one summary pair
and the one help screen from its entry alone. English only: it is a test's game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.core.cards import show_card
from tt22.tui.summary.data import (
    Column,
    Grid,
    HelpPage,
    HelpSection,
    KeyRow,
    Row,
    ScoreHistory,
    Summary,
)

__all__ = ["SCREENS", "TinyScreens"]


def _grid(view: Any, names: Sequence[str], ascii_style: bool) -> Grid:
    best = max(range(len(view.played)), key=lambda s: view.played[s], default=-1)
    rows = tuple(
        Row((names[s], show_card(c, ascii_style), "won" if s == best else ""))
        for s, c in enumerate(view.played)
    )
    return Grid((Column("Player", grow=True), Column("card"), Column("")), rows)


def _winner(view: Any, names: Sequence[str], you: int | None) -> str:
    best = max(range(len(view.played)), key=lambda s: view.played[s])
    return "You win!" if best == you else f"Winner: {names[best]}"


class TinyScreens:
    def hand_summary(
        self, view: Any, names: Sequence[str], you: int | None, ascii_style: bool
    ) -> Summary:
        return Summary(
            "The trick is over", ("The highest card wins (H3).",), _grid(view, names, ascii_style)
        )

    def match_summary(
        self, view: Any, names: Sequence[str], you: int | None, ascii_style: bool
    ) -> Summary:
        return Summary(
            "Game over",
            ("One trick, and the match is over (H3).",),
            _grid(view, names, ascii_style),
            winner=_winner(view, names, you),
        )

    def score_history(
        self, view: Any, names: Sequence[str], you: int | None, ascii_style: bool
    ) -> ScoreHistory:
        best = max(range(len(view.played)), key=lambda s: view.played[s], default=-1)
        rows = tuple(Row((n, "1+" if s == best else "0")) for s, n in enumerate(names))
        grid = Grid((Column("Player", grow=True), Column("1", "right")), rows)
        return ScoreHistory("Tricks won", grid, "+ took the trick")

    def help_pages(self) -> Sequence[tuple[str, str]]:
        return (("", "High Card"),)

    def help_page(self, page: str, rules: Any, ascii_style: bool) -> HelpPage:
        return HelpPage(
            "How to play High Card",
            (
                HelpSection("", "**The aim:** hold the highest card."),
                HelpSection(
                    "A match",
                    "1. Everyone gets one card (H1).\n2. In turn, everyone plays it (H2).\n"
                    "3. The highest card wins (H3).",
                ),
                HelpSection(
                    "Keys",
                    keys=(
                        KeyRow(("enter",), "Enter", "play your card"),
                        KeyRow(("question_mark",), "?", "this help"),
                    ),
                    of_table=True,
                ),
            ),
        )

    def page_of(self, rules: Any) -> str:
        return ""


SCREENS = TinyScreens()
