"""Rules and keys, written for someone who has never played 22."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll

from tt22.tui.bindings import translate_bindings
from tt22.tui.help_text import help_markdown
from tt22.tui.help_view import help_renderable
from tt22.tui.screens.settled import SettledScreen
from tt22.tui.widgets.keybar import KeyBar
from tt22.tui.widgets.lines import DrawnLines, SimpleLines, rendered_lines

__all__ = ["HelpScreen"]


class HelpText(SimpleLines):
    """The help's Markdown drawn as one widget (help_view.py); `source` is the text.

    Its lines are rendered once for a width and kept: a `Static` renders its tables
    once to measure its height and again to draw, and again at each layout of the
    screen (three to four times as the help opens: most of its opening time)."""

    DEFAULT_CSS = """
    HelpText { height: auto; }
    """

    def __init__(self, source: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.source = source
        self._renderable = help_renderable(source)
        self._lines: list[tuple[Any, ...]] = []
        self._width = 0  # (the width they were rendered at)

    def lines_at(self, width: int) -> list[tuple[Any, ...]]:
        """The help's lines of segments at `width` cells, rendered once per width."""
        if width != self._width or not self._lines:
            self._lines, self._width = rendered_lines(self, self._renderable, width), width
        return self._lines

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self.lines_at(width))

    def render(self) -> RenderableType:
        return DrawnLines(self.lines_at(self.size.width))


class HelpScreen(SettledScreen[None]):
    # The help is always longer than the screen: the scroll bar's room is kept from the
    # start, so the text is laid out once at its width, not again when the bar appears.
    DEFAULT_CSS = """
    HelpScreen #help-scroll { scrollbar-gutter: stable; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "app.pop_screen", "key.back", id="help.back"),
        Binding("down,j", "scroll(1)", show=False),
        Binding("up,k", "scroll(-1)", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-scroll"):
            yield HelpText(help_markdown(), id="help")
        yield KeyBar(compact=False)

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_scroll(self, step: int) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_relative(y=step * 3)
