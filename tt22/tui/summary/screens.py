"""The one end-of-hand screen, the one end-of-match screen and the one score history,
for every game: each draws the plain data a game's interface description returns
(tt22.tui.summary.data) and knows no game.

Every game's end looks the same and is left by the same keys (review L10): the hand's
title, what happened, the seats' grid and "Next"; the match's title and winner line,
what happened in the last hand, the grid, where the record was saved and the seed to
share, then again with this seed, a new seed, or home.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

import tt22.tui.summary.words  # noqa: F401  (end.*)
from tt22.core.safe import printable
from tt22.tui.bindings import translate_bindings
from tt22.tui.i18n import t
from tt22.tui.safe_text import plain
from tt22.tui.screens.settled import SettledScreen
from tt22.tui.summary import screens_of
from tt22.tui.summary.data import Grid, ScoreHistory, Summary
from tt22.tui.summary.wrap import Wrapped, legend_lines, wrap_keeping
from tt22.tui.widgets.keybar import KeyBar
from tt22.tui.widgets.lines import RenderedLines

__all__ = [
    "HandSummaryScreen",
    "MatchSummaryScreen",
    "ScoreHistoryScreen",
    "SummarySource",
    "grid_table",
    "hand_summary_screen",
    "lines_text",
    "match_summary_screen",
    "score_history_screen",
    "session_below",
]

# Opaque: the table behind is not drawn again, dimmed, above and below the dialog (on a
# slow link that is a whole screen of bytes per hand).
_OPAQUE = """
{name} {{ align: center middle; background: $background; }}
"""


SummarySource = Summary | Callable[[bool], Summary]
"""A summary, or what makes it once the screen knows the app's card style (`ascii`)."""


def _made(source: SummarySource, screen: ModalScreen[Any]) -> Summary:
    if isinstance(source, Summary):
        return source
    return source(bool(getattr(screen.app, "ascii_cards", False)))


def _cell(value: str | Text) -> Text:
    return value if isinstance(value, Text) else plain(value)


def grid_table(grid: Grid) -> Table:
    """`grid` as a Rich table as wide as the dialog: the growing column takes what is
    left and folds a long name rather than cut it; the others never wrap."""
    table = Table(box=None, padding=(0, 1), show_edge=False, expand=True)
    for column in grid.columns:
        if column.grow:
            table.add_column(column.heading, justify=column.align, overflow="fold", ratio=1)
        else:
            table.add_column(column.heading, justify=column.align, no_wrap=True)
    for row in grid.rows:
        table.add_row(*(_cell(c) for c in row.cells), style="dim" if row.dim else "")
    return table


def lines_text(lines: tuple[str | Text, ...]) -> Text:
    """The summary's lines, one under the other."""
    return Text("\n").join(_cell(line) for line in lines)


def _standings(grid: Grid) -> RenderedLines:
    # Drawn once (a Static's Rich table is drawn twice to measure its height and again
    # to paint it): at a served table, three of these open at once.
    standings = RenderedLines(classes="standings")
    standings.update(grid_table(grid))
    return standings


def session_below(screen: ModalScreen[Any]) -> Any | None:
    """The match session of the table the end screen opened over (the nearest screen
    under it that has one): where its record was saved and its seed, for a table that
    does not hand them over itself."""
    stack = list(screen.app.screen_stack)
    under = stack[: stack.index(screen)] if screen in stack else stack
    for below in reversed(under):
        session = getattr(below, "session", None)
        if session is not None and hasattr(session, "seed"):
            return session
    return None


class HandSummaryScreen(SettledScreen[None], ModalScreen[None]):
    """A hand (a deal) is over: what happened and the points; Enter goes on. `auto`
    closes it by itself after that many seconds (a demo, a spectator)."""

    DEFAULT_CSS = _OPAQUE.format(name="HandSummaryScreen")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "close", "key.next", id="summary.next"),
    ]

    def __init__(self, summary: SummarySource, auto: float | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.source = summary
        self.auto = auto

    def compose(self) -> ComposeResult:
        s = _made(self.source, self)
        with VerticalScroll(classes="dialog"):
            yield Static(Text(s.title, style="bold"), classes="title")
            if s.lines:
                yield Static(lines_text(s.lines), id="hand-lines")
            if s.grid is not None:
                yield _standings(s.grid)
            with Horizontal(classes="buttons"):
                label = s.next_label or t("end.next")
                yield Button(label, id="next", variant="primary", compact=True)
        yield KeyBar()  # this dialog's keys, not the table's (dimmed) ones

    def on_mount(self) -> None:
        if self.auto is not None:
            self.set_timer(self.auto, self.action_close)

    @on(Button.Pressed, "#next")
    def action_close(self) -> None:
        if self.is_current:
            self.dismiss(None)


class MatchSummaryScreen(SettledScreen[str], ModalScreen[str]):
    """The match is over: the winner, the last hand, the points, where the record was
    saved and the seed to share; it answers "again" (this seed), "new" or "home"."""

    DEFAULT_CSS = _OPAQUE.format(name="MatchSummaryScreen")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "choose('home')", "key.home", id="summary.home"),
    ]
    AUTO_FOCUS = "#again"  # Enter plays again at once; Tab goes to the other buttons

    def __init__(self, summary: SummarySource, saved_path: Path | None, seed: str) -> None:
        super().__init__()
        translate_bindings(self)
        self.source = summary
        self.saved_path = saved_path
        self.seed = seed

    def compose(self) -> ComposeResult:
        s = _made(self.source, self)
        with VerticalScroll(classes="dialog"):
            head = Text(s.title or t("end.title"), style="bold")
            if s.winner:
                head.append("\n")
                head.append_text(plain(s.winner))
            yield Static(head, classes="title")
            if s.lines:
                yield Static(lines_text(s.lines), id="hand-lines")
            if s.grid is not None:
                yield _standings(s.grid)
            path = self.saved_path
            saved = (
                t("match.saved", path=printable(str(path), 300)) if path else t("match.not_saved")
            )
            yield Static(Text(saved, style="dim"), id="saved")
            if self.seed:
                seed = t("match.seed", seed=printable(self.seed, 100))
                yield Static(Text(seed), id="seed")
            with Horizontal(classes="buttons"):
                yield Button(t("match.again"), id="again", variant="primary", compact=True)
                yield Button(t("match.new_seed"), id="new", compact=True)
                yield Button(t("match.home"), id="home", compact=True)
        yield KeyBar()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.action_choose(event.button.id or "home")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class ScoreHistoryScreen(SettledScreen[None], ModalScreen[None]):
    """Every seat's score after each finished hand (the replayer's chart, for live
    play); opened with `s` at the table, and any of its keys closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,s,q", "close", "key.close", id="scores.close"),
    ]

    def __init__(self, history: ScoreHistory) -> None:
        super().__init__()
        translate_bindings(self)
        self.history = history

    def compose(self) -> ComposeResult:
        h = self.history
        with VerticalScroll(classes="dialog"):
            yield Static(Text(h.title, style="bold"), classes="title")
            if h.grid is not None and h.grid.rows and len(h.grid.columns) > 1:
                standings = Static(_grid_renderable(h.grid), classes="standings")
                standings.styles.margin = 0  # (the legend follows at once)
                yield standings
                if h.legend:
                    marks = Wrapped(partial(legend_lines, h.legend), classes="legend")
                    marks.styles.margin = (0, 0, 1, 1)  # (under the table's first column)
                    yield marks
            elif h.empty:
                yield Static(Text(h.empty, style="dim"))
            if h.note:
                drawn = Wrapped(partial(wrap_keeping, h.note, list(h.keep)), classes="draw")
                drawn.styles.margin = 0  # (the dialog's last line)
                yield drawn
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)


NAME_WIDTH = 24
"""The score history's names column: 80 columns less the dialog's frame and ten hands'
columns, so a 24-letter name stays on one line beside ten hands."""


def _grid_renderable(grid: Grid) -> RenderableType:
    """The score history's grid at its own width (not stretched to the dialog's): the
    names fold within `NAME_WIDTH`, the hands' columns never wrap."""
    table = Table(box=None, padding=(0, 1), show_edge=False)
    for column in grid.columns:
        if column.grow:
            table.add_column(column.heading, max_width=NAME_WIDTH, overflow="fold")
        else:
            table.add_column(column.heading, justify=column.align, no_wrap=True)
    for row in grid.rows:
        table.add_row(*(_cell(c) for c in row.cells), style="dim" if row.dim else "")
    return table


def hand_summary_screen(
    game: str,
    view: Any,
    names: Sequence[str],
    you: int | None = None,
    auto: float | None = None,
) -> HandSummaryScreen:
    """The end of the last hand of `view`, a match of `game`, in the one hand summary:
    its content asked of the game's interface description (its registry entry)."""
    made = partial(screens_of(game).hand_summary, view, names, you)
    return HandSummaryScreen(made, auto)


def match_summary_screen(
    game: str,
    view: Any,
    names: Sequence[str],
    you: int | None = None,
    saved_path: Path | None = None,
    seed: str = "",
) -> MatchSummaryScreen:
    """The end of `view`'s match of `game` in the one match summary, with where its
    record was saved and its seed."""
    made = partial(screens_of(game).match_summary, view, names, you)
    return MatchSummaryScreen(made, saved_path, seed)


def score_history_screen(
    game: str, view: Any, names: Sequence[str], you: int | None = None, ascii_style: bool = False
) -> ScoreHistoryScreen:
    """`view`'s score history, a match of `game`, in the one score history."""
    return ScoreHistoryScreen(screens_of(game).score_history(view, names, you, ascii_style))
