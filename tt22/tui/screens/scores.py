"""The score history of the match being played: every seat's penalty total after each
finished deal (the replayer's chart, for live play), and the first-dealer draw (R7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from tt22.engine import State, show_card
from tt22.safe import printable
from tt22.tui.bindings import translate_bindings
from tt22.tui.i18n import t
from tt22.tui.safe_text import plain
from tt22.tui.screens.settled import SettledScreen
from tt22.tui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from tt22.tui.session import MatchSession

__all__ = ["Legend", "ScoresScreen", "first_dealer_text", "legend_lines", "scores_table"]

DEALS_SHOWN = 10  # the latest deals that fit 80 columns beside the names


def first_dealer_text(
    state: State, names: list[str], ascii_style: bool, you: int | None = None
) -> str:
    """R7 as it happened: each round of the draw, and who deals first (spoken to as
    "you" when it is `you`, the one player at this keyboard: not "You deals")."""
    rounds = []
    for draws in state.match.first_draws:
        rounds.append(
            t("sep.list").join(
                f"{printable(names[seat], 40)} {show_card(card, ascii_style)}"
                for seat, card in draws
            )
        )
    if state.match.first_dealer == you:
        return t("first.draw_you", draws=" / ".join(rounds))
    dealer = printable(names[state.match.first_dealer], 40)
    return t("first.draw", draws=" / ".join(rounds), name=dealer)


def scores_table(state: State, names: list[str]) -> Table:
    """A line per seat: the total after each finished deal (the latest that fit), + on
    the deals it lost, ! where it went out (the marks' `Legend` goes under it)."""
    table = Table(box=None, padding=(0, 1), show_edge=False)
    # A long name wraps within its column, never cut to "…" (names have at most 24 cells).
    table.add_column(t("col.seat"), max_width=16, overflow="fold")
    deals = state.history[-DEALS_SHOWN:]
    for d in deals:
        table.add_column(str(d.start.number), justify="right", no_wrap=True)
    for seat, name in enumerate(names):
        cells = []
        for d in deals:
            mark = "!" if seat in d.eliminated else ("+" if seat in d.losers else " ")
            cells.append(Text(f"{d.totals[seat]}{mark}", style="bold" if mark != " " else ""))
        style = "dim" if state.out[seat] else ""
        table.add_row(plain(name, limit=40), *cells, style=style)
    return table


def legend_lines(legend: str, width: int) -> list[str]:
    """The marks' legend ("+ lost that deal  ! out (22+)": its entries two spaces
    apart in every language) in lines of at most `width` cells, broken only between
    entries: a line break inside one ("! out" over "(22+)") parts a mark from what it
    means. An entry wider than the line has lines of its own."""
    width = max(2, width)
    lines: list[str] = []
    joinable = False  # (the last line holds whole entries only)
    for entry in (e.strip() for e in legend.split("  ")):
        if not entry:
            continue
        if joinable and cell_len(lines[-1]) + 2 + cell_len(entry) <= width:
            lines[-1] += "  " + entry
        elif cell_len(entry) <= width:
            lines.append(entry)
        else:
            lines.extend(_wrapped(entry, width))
            joinable = False
            continue
        joinable = True
    return lines


def _wrapped(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` cells, broken at its spaces, and inside a
    word only when it is wider than the line (Japanese has no spaces to break at)."""
    lines = [""]
    for word in text.split():
        sep = " " if lines[-1] else ""
        if cell_len(lines[-1] + sep + word) <= width:
            lines[-1] += sep + word
            continue
        if cell_len(word) <= width:
            lines.append(word)
            continue
        line = lines[-1] + sep
        for ch in word:
            if cell_len(line + ch) > width:
                lines[-1] = line
                lines.append("")
                line = ""
            line += ch
        lines[-1] = line
    return [line.rstrip() for line in lines if line.strip()]


class Legend(Widget):
    """The score history's legend under the table, in as many lines as the width
    needs, each holding whole entries (`legend_lines`)."""

    DEFAULT_CSS = """
    Legend { height: auto; margin: 0 0 1 1; color: $text-muted; }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(legend_lines(self.text, width))

    def render(self) -> Text:
        return Text("\n".join(legend_lines(self.text, self.content_region.width or 80)))


class ScoresScreen(SettledScreen[None], ModalScreen[None]):
    """Opened with `s` at the table; any of its keys closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,s,q", "close", "key.close", id="scores.close"),
    ]

    def __init__(self, session: MatchSession, ascii_style: bool, you: int | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.session = session
        self.ascii_style = ascii_style
        self.you = you

    def compose(self) -> ComposeResult:
        s = self.session.state
        names = self.session.names
        with VerticalScroll(classes="dialog"):
            yield Static(Text(t("scores.title"), style="bold"), classes="title")
            if s.history:
                standings = Static(scores_table(s, names), classes="standings")
                standings.styles.margin = 0  # (the legend follows at once)
                yield standings
                yield Legend(t("scores.legend", limit=s.rules.elimination_at))
            else:
                yield Static(Text(t("scores.none"), style="dim"))
            if getattr(s, "match", None) is not None:  # (a served seat's view has no draw)
                draw = first_dealer_text(s, names, self.ascii_style, self.you)
                yield Static(Text(draw, style="dim"))
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)
