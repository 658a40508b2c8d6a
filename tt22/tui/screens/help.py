"""Rules and keys, written for someone who has never played 22."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from tt22.tui.bindings import translate_bindings
from tt22.tui.help_text import help_markdown
from tt22.tui.help_view import help_renderable
from tt22.tui.widgets.footer import QuietFooter

__all__ = ["HelpScreen"]


class HelpText(Static):
    """The help's Markdown drawn as one widget (help_view.py); `source` is the text."""

    def __init__(self, source: str, *, id: str | None = None) -> None:
        super().__init__(help_renderable(source), id=id)
        self.source = source


class HelpScreen(Screen[None]):
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
        yield QuietFooter()  # (built once, not at each signal of the opening)

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_scroll(self, step: int) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_relative(y=step * 3)
