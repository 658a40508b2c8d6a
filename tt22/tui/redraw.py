"""Every open screen drawn anew after a change of language, card style or theme.

A screen's words and cards are drawn in the language and card style in force when they
were drawn; a change made in Settings must reach the screens under it too, not only the
one on top. One rule for every screen, so none is forgotten: the app recomposes each
screen of the stack (`redraw_screens`), and a screen whose look also rests on what it
sets up after composing (a log's title, the log rebuilt from the moves, the table drawn
from the match's state) does that in `dress`, which runs after its first compose and
again after every recompose. A screen built that way looks, after the change, exactly
as the same screen opened fresh in the new setting (tests/tui/test_redraw_in_place.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from textual.screen import Screen

if TYPE_CHECKING:
    from textual.app import App

__all__ = ["DressedScreen", "redraw_screens"]

ResultT = TypeVar("ResultT")


class DressedScreen(Screen[ResultT]):
    """A screen that sets itself up after composing (`dress`), on mount and after every
    recompose: a recompose replaces every widget, and what `dress` set on the old ones
    would be lost with them (a Rook table left empty after a language change)."""

    def dress(self) -> None:
        """Set up the composed widgets and draw them from the screen's state. Called
        after the first compose (from `on_mount`) and after every recompose; it must not
        start anything (a bot's move, a timer) that the first mount starts."""

    async def recompose(self) -> None:
        await super().recompose()
        if self.is_attached:
            self.dress()


def redraw_screens(app: App[Any], *, keep: Screen[Any] | None = None) -> None:
    """Recompose every screen of `app`'s stack but `keep` (a screen that redraws itself,
    such as Settings, whose focused choice must stay focused through the change)."""
    for screen in app.screen_stack:
        if screen is not keep:
            screen.refresh(recompose=True)
