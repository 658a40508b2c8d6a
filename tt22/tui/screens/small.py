"""A terminal below the minimum gets one clear message instead of a broken table."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Static

from tt22.tui.bindings import translate_bindings
from tt22.tui.i18n import t

__all__ = ["TooSmallScreen"]


class TooSmallScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "give_up", "key.quit", id="small.quit")]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self._update()

    def on_resize(self) -> None:
        self._update()

    def _message(self) -> str:
        from tt22.tui.app import MIN_HEIGHT, MIN_WIDTH

        w, h = self.app.size
        return t("too_small", w=w, h=h, mw=MIN_WIDTH, mh=MIN_HEIGHT)

    def _update(self) -> None:
        self.query_one("#too-small", Static).update(
            Text(self._message() + "\n" + t("too_small.quit"), justify="center")
        )

    def action_give_up(self) -> None:
        """Quit because the terminal is too small: the reason stays on the terminal and
        the exit status is 1 (any match in progress is already saved)."""
        self.app.exit(return_code=1, message=self._message())
