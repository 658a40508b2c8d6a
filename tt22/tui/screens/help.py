"""The one help screen: rules and keys, written for someone who has never played, one
page per game, each page the plain data its game's interface description gives
(tt22.tui.help_text finds them through the registry; this screen names no game).

Over a game (its table or its replayer) the help is that game's page alone, with only
that game's keys. Anywhere else (the home screen's "Rules and keys", `?` in Settings or
the new-game screen, the SSH lobby) it offers every game's page, chosen on a line above
the text with ←/→ or the page's number, and opens on the game the screen below is about
(the new-game screen's game), else on the first (the default game's).
"""

from __future__ import annotations

import sys
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.screen import Screen

from tt22.tui.bindings import translate_bindings
from tt22.tui.help_text import page_markdown, page_name, page_of, pages
from tt22.tui.help_view import help_renderable
from tt22.tui.i18n import t
from tt22.tui.screens.settled import SettledScreen
from tt22.tui.widgets.keybar import KeyBar
from tt22.tui.widgets.lines import DrawnLines, SimpleLines, rendered_lines

__all__ = ["GamePages", "HelpScreen", "HelpText", "page_below"]


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

    def show(self, source: str) -> None:
        """Another page: drawn again, at the height it needs."""
        self.source = source
        self._renderable = help_renderable(source)
        self._lines = []
        self.refresh(layout=True)

    def lines_at(self, width: int) -> list[tuple[Any, ...]]:
        """The help's lines of segments at `width` cells, rendered once per width."""
        if width != self._width or not self._lines:
            self._lines, self._width = rendered_lines(self, self._renderable, width), width
        return self._lines

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self.lines_at(width))

    def render(self) -> RenderableType:
        return DrawnLines(self.lines_at(self.size.width))


class GamePages(SimpleLines):
    """The lines that choose the game whose rules are shown: every game's name, the one
    shown in reverse video and between `[ ]` (it reads with NO_COLOR and in ASCII alike),
    going on to a second line between two names when the first is full (seven games
    and a plug-in's do not fit 80 columns on one). A click on a name shows that game's
    page; so do ←/→ and the keys 1 to 9."""

    DEFAULT_CSS = """
    GamePages { height: auto; padding: 0 1; }
    """

    def __init__(self, current: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.current = current
        self._spans: list[tuple[int, int, int, str]] = []

    def rows(self, width: int) -> list[Text]:
        """The lines as drawn at `width` (0: one line), and where each name lies on them
        (row, first and last column: for clicks)."""
        head = Text(t("help.pages") + " ", style="bold")
        indent = head.cell_len
        rows = [head]
        self._spans = []
        for page in pages():
            name = page_name(page)
            piece = (
                Text(f"[{name}]", style="bold reverse")
                if page == self.current
                else Text(f" {name} ")
            )
            if width and rows[-1].cell_len + piece.cell_len > width and rows[-1].cell_len > indent:
                rows.append(Text(" " * indent))
            start = rows[-1].cell_len
            rows[-1].append_text(piece)
            self._spans.append((len(rows) - 1, start, rows[-1].cell_len, page))
            rows[-1].append(" ")
        return rows

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.rows(width))

    def render(self) -> RenderableType:
        return Text("\n").join(self.rows(self.content_region.width))

    def choose(self, page: str) -> None:
        self.current = page
        self.refresh(layout=True)

    def on_click(self, event: events.Click) -> None:
        self.rows(self.content_region.width)
        x = event.x - self.styles.padding.left
        for row, start, end, page in self._spans:
            if row == event.y and start <= x < end and isinstance(self.screen, HelpScreen):
                self.screen.show_page(page)
                return


def page_below(screen: Screen[Any]) -> tuple[str | None, bool]:
    """The page the help opened over `screen` starts on, and whether it is the only one:
    the default game's table and replayer (which open the app's help, not a page of
    their own) show that game's page alone; a screen that holds a game's name (the
    new-game screen) starts on that game's page among all of them; any other screen on
    the first page."""
    for module, name in (
        ("tt22.tui.games.twentytwo.table", "TableScreen"),
        ("tt22.tui.games.twentytwo.replay", "TwentyTwoReplayScreen"),
    ):
        cls = getattr(sys.modules.get(module), name, None)
        if cls is not None and isinstance(screen, cls):
            return pages()[0], True
    game = getattr(screen, "game", None)
    if isinstance(game, str) and game in pages():
        return game, False
    return None, False


class HelpScreen(SettledScreen[None]):
    """The rules and keys of one game (`page`), or of every game with a chooser.

    `rules` are the options of the match in play, when there is one: the pages that
    show options (Rummy's and Gin's) list them."""

    # The help is always longer than the screen: the scroll bar's room is kept from the
    # start, so the text is laid out once at its width, not again when the bar appears.
    DEFAULT_CSS = """
    HelpScreen #help-scroll { scrollbar-gutter: stable; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "app.pop_screen", "key.back", id="help.back"),
        Binding("down,j", "scroll(1)", show=False),
        Binding("up,k", "scroll(-1)", show=False),
        # Priority: the scrolling text has the focus, and would take ← → for itself.
        Binding(
            "left,h", "page(-1)", "help.key.game", id="help.page", key_display="←→", priority=True
        ),
        Binding("right,l", "page(1)", "help.key.game", show=False, priority=True),
        *(Binding(str(n), f"page_number({n})", show=False, priority=True) for n in range(1, 10)),
    ]

    @classmethod
    def of_game(cls, game: str, rules: Any = None) -> HelpScreen:
        """The help of `game`'s match under `rules`: its page alone (any game's table
        or replayer, through the registry)."""
        return cls(page_of(game, rules), rules)

    def __init__(self, page: str | None = None, rules: Any = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.fixed = page is not None
        self.page = page or pages()[0]
        self.rules = rules
        self._placed = self.fixed

    def _place(self) -> None:
        """Open on the page of the screen below, once, when the help is not of one game."""
        if self._placed:
            return
        self._placed = True
        stack = self.app.screen_stack
        below = stack[stack.index(self) - 1] if self in stack and stack.index(self) else None
        if below is None and stack and stack[-1] is not self:
            below = stack[-1]
        if below is not None:
            page, alone = page_below(below)
            self.page = page or self.page
            self.fixed = alone

    @property
    def choosing(self) -> bool:
        """Whether every game's page is offered (not over a game's own screen)."""
        return not self.fixed

    def compose(self) -> ComposeResult:
        self._place()
        if self.choosing:
            yield GamePages(self.page, id="help-pages")
        with VerticalScroll(id="help-scroll"):
            yield HelpText(self.markdown(), id="help")
        yield KeyBar(compact=False)

    def markdown(self) -> str:
        """The text of the page shown: the match's options only on the match's page."""
        ascii_style = bool(getattr(self.app, "ascii_cards", False))
        return page_markdown(self.page, self.rules if self.fixed else None, ascii_style)

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("page", "page_number"):
            return self.choosing
        return True

    def action_scroll(self, step: int) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_relative(y=step * 3)

    def action_page(self, step: int) -> None:
        every = pages()
        at = every.index(self.page) if self.page in every else 0
        self.show_page(every[(at + step) % len(every)])

    def action_page_number(self, number: int) -> None:
        every = pages()
        if number <= len(every):
            self.show_page(every[number - 1])

    def show_page(self, page: str) -> None:
        """Show `page` from its top (every game's help is one tap away)."""
        if not self.choosing or page == self.page:
            return
        self.page = page
        self.query_one("#help-pages", GamePages).choose(page)
        self.query_one("#help", HelpText).show(self.markdown())
        self.query_one("#help-scroll", VerticalScroll).scroll_home(animate=False)
