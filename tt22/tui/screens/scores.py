"""The score history of the match being played: every seat's penalty total after each
finished deal (the replayer's chart, for live play), and the first-dealer draw (R7)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import pairwise
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Static

from tt22.core.cards import show_card
from tt22.core.safe import printable
from tt22.games.twentytwo import State
from tt22.tui.bindings import translate_bindings
from tt22.tui.i18n import t
from tt22.tui.safe_text import plain
from tt22.tui.screens.settled import SettledScreen
from tt22.tui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from tt22.play.session import LocalSession

__all__ = [
    "ScoresScreen",
    "Wrapped",
    "first_dealer_text",
    "first_draws",
    "legend_lines",
    "scores_table",
    "wrap_keeping",
]

DEALS_SHOWN = 10  # the latest deals that fit 80 columns beside the names
NAME_WIDTH = 24  # the names' column: 80 less the dialog's frame and ten deals' columns


def first_draws(state: State, names: list[str], ascii_style: bool) -> list[list[str]]:
    """Each round of the first-dealer draw (R7): every seat's name and card."""
    return [
        [f"{printable(names[seat], 40)} {show_card(card, ascii_style)}" for seat, card in draws]
        for draws in state.match.first_draws
    ]


def first_dealer_text(
    state: State, names: list[str], ascii_style: bool, you: int | None = None
) -> str:
    """R7 as it happened: each round of the draw, and who deals first (spoken to as
    "you" when it is `you`, the one player at this keyboard: not "You deals")."""
    rounds = [t("sep.list").join(draws) for draws in first_draws(state, names, ascii_style)]
    if state.match.first_dealer == you:
        return t("first.draw_you", draws=" / ".join(rounds))
    dealer = printable(names[state.match.first_dealer], 40)
    return t("first.draw", draws=" / ".join(rounds), name=dealer)


def scores_table(state: State, names: list[str]) -> Table:
    """A line per seat: the total after each finished deal (the latest that fit), + on
    the deals it lost, ! where it went out (the marks' `Legend` goes under it)."""
    table = Table(box=None, padding=(0, 1), show_edge=False)
    # A long name wraps within its column, never cut to "…". The column is as wide as
    # the ten deals leave it at 80 columns (a 24-letter name on one line, so that nine
    # seats and the first-dealer draw fit the screen); a wide-letter name folds.
    table.add_column(t("col.seat"), max_width=NAME_WIDTH, overflow="fold")
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


_NO_LINE_START = frozenset("、。，．,.)）:：!！?？")  # (a line never begins with these)


def wrap_keeping(text: str, keep: list[str], width: int) -> list[str]:
    """`text` in lines of at most `width` cells, broken at a space or between two
    letters when either is wide (Japanese runs on without spaces: breaking only at
    spaces left half a line empty), but never inside one of `keep` (a name and the
    card it drew: "Bo" over "10♠" says nothing) nor before a comma or a full stop."""
    width = max(2, width)
    inside = [False] * (len(text) + 1)  # (no break before this index)
    for phrase in sorted(set(keep), key=len, reverse=True):
        if not phrase or cell_len(phrase) > width:
            continue
        at = text.find(phrase)
        while at >= 0:
            for i in range(at + 1, at + len(phrase)):
                inside[i] = True
            at = text.find(phrase, at + len(phrase))
    cuts = [0]
    for i in range(1, len(text)):
        if inside[i] or text[i] in _NO_LINE_START or text[i] == " ":
            continue
        if text[i - 1] == " " or cell_len(text[i - 1]) == 2 or cell_len(text[i]) == 2:
            cuts.append(i)
    cuts.append(len(text))
    lines: list[str] = []
    line = ""
    for lo, hi in pairwise(cuts):
        piece = text[lo:hi]
        if cell_len((line + piece).rstrip()) <= width:
            line += piece
            continue
        if line.strip():
            lines.append(line.rstrip())
        line = piece.lstrip()
        while cell_len(line.rstrip()) > width:  # (one piece wider than the line: cut)
            cut = max(i for i in range(1, len(line) + 1) if cell_len(line[:i]) <= width)
            lines.append(line[:cut])
            line = line[cut:]
    if line.strip():
        lines.append(line.rstrip())
    return lines


class Wrapped(Static):
    """Text in as many lines as the width needs, broken where `wrap` says (the legend
    between its entries, the first-dealer draw never inside a name and its card)."""

    DEFAULT_CSS = """
    Wrapped { height: auto; color: $text-muted; }
    """

    def __init__(self, wrap: Callable[[int], list[str]], *, classes: str | None = None) -> None:
        super().__init__(classes=classes)
        self.wrap = wrap

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.wrap(width))

    def render(self) -> Text:
        return Text("\n".join(self.wrap(self.content_region.width or 80)))


class ScoresScreen(SettledScreen[None], ModalScreen[None]):
    """Opened with `s` at the table; any of its keys closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,s,q", "close", "key.close", id="scores.close"),
    ]

    def __init__(self, session: LocalSession, ascii_style: bool, you: int | None = None) -> None:
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
                legend = t("scores.legend", limit=s.rules.elimination_at)
                marks = Wrapped(partial(legend_lines, legend), classes="legend")
                marks.styles.margin = (0, 0, 1, 1)  # (under the table's first column)
                yield marks
            else:
                yield Static(Text(t("scores.none"), style="dim"))
            if getattr(s, "match", None) is not None:  # (a served seat's view has no draw)
                draw = first_dealer_text(s, names, self.ascii_style, self.you)
                pairs = [
                    pair for draws in first_draws(s, names, self.ascii_style) for pair in draws
                ]
                # (a list's separator stays with the pair before it: "Ann Q♦," / "Ann Q♦、")
                keep = [pair + mark for pair in pairs for mark in (t("sep.list").rstrip(), "")]
                drawn = Wrapped(partial(wrap_keeping, draw, keep), classes="draw")
                drawn.styles.margin = 0  # (the dialog's last line)
                yield drawn
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)
