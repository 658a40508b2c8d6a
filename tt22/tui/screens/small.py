"""A terminal below the minimum gets one clear message instead of a broken table."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

from tt22.tui.i18n import t

__all__ = ["TooSmallScreen"]


class TooSmallScreen(ModalScreen[None]):
    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self._update()

    def on_resize(self) -> None:
        self._update()

    def _update(self) -> None:
        from tt22.tui.app import MIN_HEIGHT, MIN_WIDTH

        w, h = self.app.size
        self.query_one("#too-small", Static).update(
            Text(t("too_small", w=w, h=h, mw=MIN_WIDTH, mh=MIN_HEIGHT), justify="center")
        )
