"""Every seat at a glance: name, dealer, whose turn, cards held, penalty toward the
elimination mark, and what each seat put on the current trick (the best play marked
with a star and the word "best", never by colour alone)."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.containers import Vertical, VerticalScroll
from textual.widget import Widget

from tt22.core.safe import printable
from tt22.tui.hooks import ratio_distribute
from tt22.tui.i18n import t
from tt22.tui.widgets.cards import cards_text
from tt22.tui.widgets.lines import (
    DrawnLines,
    SimpleLines,
    line_cells,
    refresh_changed,
    rendered_lines,
)
from tt22.tui.widgets.snapshot import TableSnapshot

__all__ = ["SeatsBox", "SeatsHead", "SeatsPane", "SeatsTable", "keep_in_view", "penalty_bar"]


BAR = 8  # the penalty bar's width (the table's and the summary's alike)
WIDE_BAR = 12  # on a table of 100 columns and more


class _Skipped:
    """A renderable less its first `skip` lines (a table whose header is pinned)."""

    def __init__(self, renderable: RenderableType, skip: int) -> None:
        self.renderable = renderable
        self.skip = skip

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        # (the whole table, then less `skip` lines: not cut to the widget's height first)
        whole = options.reset_height()
        lines = console.render_lines(self.renderable, whole, pad=False)[self.skip :]
        for i, line in enumerate(lines):
            if i:
                yield Segment.line()
            yield from line


class SeatsHead(SimpleLines):
    """The seats' header line, over their scrolling pane: the columns stay named
    whichever rows are in view."""

    DEFAULT_CSS = """
    SeatsHead { height: 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._line: tuple[Any, ...] = ()

    def show_line(self, line: tuple[Any, ...]) -> None:
        if line != self._line:
            self._line = line
            self.refresh()

    def render(self) -> Text:
        return Text.assemble(*((seg.text, seg.style) for seg in self._line if seg.text))


def penalty_bar(total: int, limit: int, width: int, ascii_style: bool) -> Text:
    """Filled in proportion, rounded down: only a total at the limit (out) fills it."""
    filled = min(width, width * total // limit) if limit > 0 else 0
    if total < limit:
        filled = min(filled, width - 1)
    full, empty = ("#", "-") if ascii_style else ("█", "░")
    style = "bold" if total >= limit else ""
    return Text(full * filled, style=style) + Text(empty * (width - filled), style="dim")


class SeatsTable(SimpleLines):
    """One row per seat, updated in place from a `TableSnapshot`.

    Nothing here is ever cut: a long name, or a long row of penalty cards, wraps inside
    its cell and the row grows a line (the widget measures the table it draws). The
    trick in progress is not here but in its own area (`TrickView`)."""

    DEFAULT_CSS = """
    SeatsTable { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.head: SeatsHead | None = None  # where the header line goes, when pinned
        self.snapshot: TableSnapshot | None = None
        self.ascii_style = False
        self._key: object = None
        self._full: dict[int, list[Any]] = {}  # the table's lines by width (the header too)
        self._lines: list[tuple[Any, ...]] = []  # what it drew last, to repaint only changes
        self._drawn_width = 0  # ... and at which width

    def show(self, snapshot: TableSnapshot, ascii_style: bool) -> None:
        s = snapshot
        key = (
            s.names,
            s.bots,
            s.to_move,
            s.dealer,
            s.viewer,
            s.hand_counts,
            s.totals,
            s.penalties,
            s.out,
            s.elimination_at,
            ascii_style,
        )
        self.snapshot = snapshot
        self.ascii_style = ascii_style
        if key == self._key:
            return  # the same rows: no repaint (every byte goes down the wire)
        self._key = key
        width = self.content_region.width
        old = self._lines
        self._full = {}
        if not width:
            self._lines = []
            self._drawn_width = 0
            self.refresh(layout=True)
            return
        # Only the rows that changed go to the terminal (a move changes one or two).
        self._lines = self._own_lines(width)
        self._drawn_width = width
        refresh_changed(self, old, self._lines)

    def row_lines(self, seat: int) -> tuple[int, int] | None:
        """The lines [start, end) that `seat`'s row takes as last drawn, or None before
        it is drawn."""
        rows = self.rows_lines()
        return rows[seat] if rows is not None else None

    def rows_lines(self) -> list[tuple[int, int]] | None:
        """The lines [start, end) of every seat's row as last drawn, or None before they
        are drawn. A row begins on the line whose turn mark or card count is not blank
        (both are one line, top-aligned; a long name or penalty row wraps under itself
        to the right of them)."""
        s = self.snapshot
        width = self.content_region.width
        if s is None or not width:
            return None
        lines = self._full_lines(width)
        held = [t("seat.out") if s.out[i] else str(s.hand_counts[i]) for i in range(s.players)]
        # The mark, its padding and the card count's column, right-aligned.
        prefix = 3 + max(cell_len(x) for x in [t("col.cards"), *held])
        starts = [
            y
            for y, line in enumerate(lines)
            if "".join(ch for ch, _ in line_cells(line)[:prefix]).strip()
        ]
        if len(starts) != s.players + 1:  # (the header, then one start per seat)
            return None
        skip = self._skip
        bounds = [*starts[1:], len(lines)]
        return [(bounds[i] - skip, bounds[i + 1] - skip) for i in range(s.players)]

    def draw_again(self) -> None:
        """The next `show` draws the rows even if they are the same (the width they
        were drawn at may no longer be the widget's)."""
        self._key = None

    def pin_header(self, head: SeatsHead) -> None:
        """Draw the header line in `head` (outside the scrolling pane, so that it stays
        in view) instead of over the rows."""
        self.head = head
        self._key = None
        self.refresh(layout=True)

    @property
    def _skip(self) -> int:
        return 1 if self.head is not None else 0

    def _own_lines(self, width: int) -> list[Any]:
        """The lines this widget draws at `width`: the table's, less the header when it
        is pinned (it goes to the head, drawn at this same width so that its columns
        stand over the rows')."""
        lines = self._full_lines(width)
        if self.head is not None and lines:
            self.head.show_line(lines[0])
        return lines[self._skip :]

    def _full_lines(self, width: int) -> list[Any]:
        if width not in self._full:
            lines = self._one_line_rows(width)
            if lines is None:  # (a cell wraps: Rich lays the table out)
                lines = rendered_lines(self, self._table(width), width)
            self._full[width] = lines
        return self._full[width]

    def on_resize(self) -> None:
        width = self.content_region.width
        if self.head is not None and self.snapshot is not None and width:
            self.head.show_line(self._full_lines(width)[0])  # (a scroll bar came or went)

    def _height(self, width: int) -> int:
        return max(0, len(self._full_lines(width)) - self._skip)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        if self.snapshot is None:
            return 1
        return self._height(width)

    def render(self) -> RenderableType:
        width = self.size.width or 80
        if self._lines and self._drawn_width == width:
            return DrawnLines(self._lines)  # (as `show` rendered them: not again)
        table = self._table(width)
        return _Skipped(table, self._skip) if self._skip else table

    def _cells(self, bar_width: int) -> list[tuple[Text, Text, Text, Text, str]]:
        """Each seat's cells (the turn mark, cards held, name, penalty) and row style."""
        s = self.snapshot
        assert s is not None
        a = self.ascii_style
        rows = []
        for seat in range(s.players):
            out = s.out[seat]
            turn = seat == s.to_move and not out
            mark = (">" if a else "▶") if turn else ""
            name = Text(printable(s.names[seat], 40), style="bold" if turn else "")
            tags = []
            if seat == s.dealer:
                tags.append(t("seat.dealer"))
            if seat == s.viewer and s.names[seat].casefold() != t("player.you").casefold():
                tags.append(t("seat.you"))  # (not after a name that says it already)
            elif s.bots[seat]:
                tags.append(t("seat.bot"))
            if tags:
                name.append(" (" + t("sep.list").join(tags) + ")", style="dim")
            held = Text(t("seat.out")) if out else Text(str(s.hand_counts[seat]))
            penalty = Text(f"{s.totals[seat]:>2}/{s.elimination_at} ")
            penalty.append_text(penalty_bar(s.totals[seat], s.elimination_at, bar_width, a))
            if s.penalties[seat]:
                penalty.append(" ")
                penalty.append_text(cards_text(s.penalties[seat], a, style="dim"))
            rows.append((Text(mark, style="bold"), held, name, penalty, "dim" if out else ""))
        return rows

    def _table(self, width: int) -> Table:
        s = self.snapshot
        table = Table(box=None, padding=(0, 1), expand=True, show_edge=False, pad_edge=False)
        if s is None:
            return table
        bar_width = WIDE_BAR if width >= 100 else BAR
        # What changes move by move (whose turn, cards held) comes first: a terminal
        # line is sent from its start to its last change, so a move costs a few cells.
        table.add_column("", width=1, no_wrap=True)
        table.add_column(t("col.cards"), justify="right", no_wrap=True)
        # Names wrap rather than lose their end; the penalty column holds the total, the
        # bar and the penalty cards themselves (R19), which wrap under the bar.
        table.add_column(t("col.seat"), overflow="fold", ratio=3)
        table.add_column(t("col.penalty"), overflow="fold", ratio=2, min_width=6 + bar_width)
        for mark, held, name, penalty, style in self._cells(bar_width):
            table.add_row(mark, held, name, penalty, style=style)
        return table

    def _one_line_rows(self, width: int) -> list[Any] | None:
        """The lines `_table` draws, drawn here without Rich's table layout when every
        cell fits on one line (the usual case; a move redraws the seats of every
        screen at the table, and the layout measured every cell twice); None when a
        cell would wrap or the columns do not fit, which `_table` draws. The columns'
        widths are Rich's: the mark 1 and the cards held as wide as their widest, each
        with its padding (no padding at the table's two edges); the rest shared 3:2
        between the names and the penalties (Rich's `ratio_distribute`, tt22.tui.hooks)."""
        s = self.snapshot
        if s is None:
            return None
        bar_width = WIDE_BAR if width >= 100 else BAR
        rows = self._cells(bar_width)
        console = self.app.console
        head = console.get_style("table.header")
        header = (Text(""), Text(t("col.cards")), Text(t("col.seat")), Text(t("col.penalty")))
        cells = [header, *(r[:4] for r in rows)]
        held_width = max(cell_len(r[1].plain) for r in cells)
        fixed = 2 + held_width + 2
        if width - fixed < 5:
            return None
        seat_width, penalty_width = ratio_distribute(width - fixed, [3, 2], [3, 2])
        if fixed + seat_width + penalty_width != width:
            return None
        content = (1, held_width, seat_width - 2, penalty_width - 1)
        for row in cells:
            if any(cell_len(x.plain) > w for x, w in zip(row, content, strict=True)):
                return None  # (it wraps)
        lines = [_row_line(console, header, content, head)]
        for mark, held, name, penalty, style in rows:
            row_style = console.get_style(style) if style else Style.null()
            lines.append(_row_line(console, (mark, held, name, penalty), content, row_style))
        return lines


def _row_line(
    console: Console, cells: tuple[Text, ...], content: tuple[int, ...], style: Style
) -> tuple[Segment, ...]:
    """One table line of four one-line cells, segment for segment as Rich's `Table`
    draws it: each cell padded to its width (the cards held to the right), one space
    of padding on each side of a cell but at the table's edges, the row's style under
    every segment."""
    out: list[Segment] = []
    pad = Segment(" ", style)
    last = len(cells) - 1
    for i, (text, width) in enumerate(zip(cells, content, strict=True)):
        line = text.copy()
        if i == 1:
            line.rstrip()
            line.pad_left(width - cell_len(line.plain))
        else:
            line.truncate(width, pad=True)
        if i:
            out.append(pad)
        # (Rich draws a cell as Text("\n").join of its lines: the base style a span)
        segments = Text("\n").join([line]).render(console)
        out.extend(Segment.apply_style(segments, style) if style else segments)
        if i < last:
            out.append(pad)
    return tuple(out)


class _Slack(Widget):
    """Blank lines at the end of a `SeatsPane`."""

    lines = 0

    def render(self) -> str:
        return ""


class SeatsPane(VerticalScroll):
    """The scrolling pane of the seats (in the replayer, of the open hands too); each
    of its scrolls lays the screen out.

    Textual (8.2) can leave parts of the screen unsent to the terminal after a scroll:
    a scroll alone updates only its map of what is visible, and the next layout finds
    what changed by comparing its full map with the one from before that scroll, so a
    widget back where it was then (the pane scrolled back; the trick moved back as the
    message shrank) is not repainted: the seat on turn stayed above the pane's edge on
    the terminal while the app had scrolled to it. A layout with each scroll keeps the
    full map up to date; it costs little (the scrolled rows are sent either way)."""

    DEFAULT_CSS = """
    SeatsPane > _Slack { height: 0; }
    """

    def on_mount(self) -> None:
        self.mount(_Slack())  # (after the pane's own children)

    @property
    def slack(self) -> int:
        """The blank lines under the pane's content as last laid out (as its virtual
        size is; see `keep_in_view`)."""
        return sum(spacer.size.height for spacer in self.query_children(_Slack))

    def set_slack(self, lines: int) -> bool:
        """Leave `lines` blank lines under the content, so that the pane can scroll
        its top down to a row's start when the last row ends it; returns whether that
        changed (the pane can scroll that far only after its next layout)."""
        for spacer in self.query_children(_Slack):
            if spacer.lines != lines:
                spacer.lines = lines
                spacer.styles.height = lines
                return True
        return False

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if round(old_value) != round(new_value):
            self.refresh(layout=True)


class SeatsBox(Vertical):
    """The seats' header over their pane, in the room the screen leaves them (a big
    trick and a hand come first). The header is left out when the room is one line:
    the row of the seat on turn tells more than the columns' names."""

    DEFAULT_CSS = """
    SeatsBox { height: 1fr; }
    """

    def on_resize(self) -> None:
        for head in self.query_children(SeatsHead):
            head.display = self.size.height >= 2


def keep_in_view(pane: Widget, seats: SeatsTable) -> bool:
    """Scroll `pane` (which holds `seats`) the least it takes to show the row of the
    seat on turn and the dealer's row: nine long rows do not fit at 80x24, and the two
    rows a player looks for must not sit below the edge until scrolled. When both do
    not fit at once, the seat on turn wins (the dealer is the next nearest). The pane's
    top is then moved to the start of a row: a long name wraps its row over two lines,
    and a pane cut inside a row began with the end of a name ("X.") whose start was
    above the edge. Returns whether the dealer's row is in view (the screen names the
    dealer elsewhere if not)."""
    s = seats.snapshot
    height = pane.scrollable_content_region.height
    all_rows = seats.rows_lines()
    if s is None or height <= 0 or all_rows is None:
        return True
    offset = seats.virtual_region.y
    rows_at = [(offset + lo, offset + hi) for lo, hi in all_rows]
    spans = {
        seat: rows_at[seat]
        for seat in (s.to_move, s.dealer)
        if 0 <= seat < s.players and not s.out[seat]
    }
    rows = list(spans.values())  # the seat on turn first, then both
    wanted = [rows[0], (min(r[0] for r in rows), max(r[1] for r in rows))] if rows else []
    top = y = round(pane.scroll_y)
    shown = (y, y)  # the lines kept in view
    for i, (lo, hi) in enumerate(wanted):
        if hi - lo > height:
            if i == 0:  # (a pane lower than the row: its start, the mark and the name's)
                y, shown = lo, (lo, lo + height)
            break
        if lo < y:
            y = lo
        elif hi > y + height:
            y = hi - height
        shown = (lo, hi)
    for lo, hi in rows_at:
        if lo < y < hi:  # (the top inside a row: up to its start, or down to the next)
            y = lo if shown[1] <= lo + height else hi
            break
    if isinstance(pane, SeatsPane):
        # The top taken down to the next row's start, past the end of the content (the
        # row on turn is the last, a wrapped row over it): blank lines under the rows.
        end = pane.virtual_size.height - pane.slack
        below = y + height - end if y > 0 else 0
        if pane.set_slack(max(0, below)) and below > 0:
            pane.call_after_refresh(keep_in_view, pane, seats)  # (once it can scroll there)
    if y != top:
        pane.scroll_to(y=y, animate=False, immediate=True)
    dealer = spans.get(s.dealer)
    return dealer is None or (y <= dealer[0] and dealer[1] <= y + height)
