"""Every seat at a glance: name, dealer, whose turn, cards held, penalty toward the
elimination mark, and what each seat put on the current trick (the best play marked
with a star and the word "best", never by colour alone)."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.widget import Widget

from tt22.safe import printable
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

__all__ = ["SeatsTable", "keep_in_view", "penalty_bar"]


BAR = 8  # the penalty bar's width (the table's and the summary's alike)
WIDE_BAR = 12  # on a table of 100 columns and more


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
        self.snapshot: TableSnapshot | None = None
        self.ascii_style = False
        self._key: object = None
        self._heights: dict[int, int] = {}
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
        self._heights = {}
        if not width:
            self._lines = []
            self._drawn_width = 0
            self.refresh(layout=True)
            return
        # Only the rows that changed go to the terminal (a move changes one or two).
        self._lines = rendered_lines(self, self._table(width), width)
        self._drawn_width = width
        self._heights[width] = len(self._lines)
        refresh_changed(self, old, self._lines)

    def row_lines(self, seat: int) -> tuple[int, int] | None:
        """The lines [start, end) that `seat`'s row takes as last drawn, or None before
        it is drawn. A row begins on the line whose turn mark or card count is not
        blank (both are one line, top-aligned; a long name or penalty row wraps under
        itself to the right of them)."""
        s = self.snapshot
        width = self.content_region.width
        if s is None or not width:
            return None
        lines: list[Any] = self._lines if self._drawn_width == width else []
        if not lines:
            lines = rendered_lines(self, self._table(width), width)
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
        bounds = [*starts[1:], len(lines)]
        return bounds[seat], bounds[seat + 1]

    def _height(self, width: int) -> int:
        if width not in self._heights:
            self._heights[width] = len(rendered_lines(self, self._table(width), width))
        return self._heights[width]

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        if self.snapshot is None:
            return 1
        return self._height(width)

    def render(self) -> Table | DrawnLines:
        width = self.size.width or 80
        if self._lines and self._drawn_width == width:
            return DrawnLines(self._lines)  # (as `show` rendered them: not again)
        return self._table(width)

    def _table(self, width: int) -> Table:
        s = self.snapshot
        table = Table(box=None, padding=(0, 1), expand=True, show_edge=False, pad_edge=False)
        if s is None:
            return table
        a = self.ascii_style
        bar_width = WIDE_BAR if width >= 100 else BAR
        # What changes move by move (whose turn, cards held) comes first: a terminal
        # line is sent from its start to its last change, so a move costs a few cells.
        table.add_column("", width=1, no_wrap=True)
        table.add_column(t("col.cards"), justify="right", no_wrap=True)
        # Names wrap rather than lose their end; the penalty column holds the total, the
        # bar and the penalty cards themselves (R19), which wrap under the bar.
        table.add_column(t("col.seat"), overflow="fold", ratio=3)
        table.add_column(t("col.penalty"), overflow="fold", ratio=2, min_width=6 + bar_width)
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
            table.add_row(Text(mark, style="bold"), held, name, penalty, style="dim" if out else "")
        return table


def keep_in_view(pane: Widget, seats: SeatsTable) -> bool:
    """Scroll `pane` (which holds `seats`) the least it takes to show the row of the
    seat on turn and the dealer's row: nine long rows do not fit at 80x24, and the two
    rows a player looks for must not sit below the edge until scrolled. When both do
    not fit at once, the seat on turn wins (the dealer is the next nearest). Returns
    whether the dealer's row is in view (the screen names the dealer elsewhere if not)."""
    s = seats.snapshot
    height = pane.scrollable_content_region.height
    if s is None or height <= 0:
        return True
    offset = seats.virtual_region.y
    spans: dict[int, tuple[int, int]] = {}
    for seat in (s.to_move, s.dealer):
        if 0 <= seat < s.players and not s.out[seat]:
            span = seats.row_lines(seat)
            if span is not None:
                spans[seat] = (offset + span[0], offset + span[1])
    if not spans:
        return True
    rows = list(spans.values())  # the seat on turn first
    top = y = round(pane.scroll_y)
    for lo, hi in (rows[0], (min(r[0] for r in rows), max(r[1] for r in rows))):
        if hi - lo > height:
            break
        if lo < y:
            y = lo
        elif hi > y + height:
            y = hi - height
    if y != top:
        pane.scroll_to(y=y, animate=False, immediate=True)
    dealer = spans.get(s.dealer)
    return dealer is None or (y <= dealer[0] and dealer[1] <= y + height)
