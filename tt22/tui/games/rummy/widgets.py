"""The Rummy family's table parts: the hand arranged in its melds, the table's melds,
the discard pile and the seats.

Every part draws what the screen hands it (cards as ints, names already made safe by
`tt22.core.safe.printable`); none of them knows a rule. Cards are never cut: a part wraps to
more lines rather than end a row in `…`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.message import Message

from tt22.core.cards import show_card
from tt22.games.rummy.cards import LOW, VALUE
from tt22.tui.games.rummy.model import Arranged
from tt22.tui.widgets.cards import suit_style
from tt22.tui.widgets.lines import (
    SimpleLines,
    refresh_changed,
    refresh_changed_text,
    rendered_lines,
)

__all__ = ["MeldHand", "PackedLines", "card_run", "first_discard", "pack"]

GAP = 2  # columns between two melds of the hand (and before the deadwood)


def first_discard(arranged: Arranged, dim: frozenset[int] = frozenset()) -> int | None:
    """Where the cursor starts when cards arrive (a new hand, a draw): on the highest
    deadwood card (M3's value, then rank), the discard a player looks at first, never on
    a card of a meld (L14); a card that may not be discarded now (`dim`) is passed over.
    None when every card is in a meld."""
    loose = [c for c in arranged.rest if c not in dim]
    return max(loose, key=_weight, default=None)


def _weight(card: int) -> tuple[int, int]:
    """A card's M3 value and place; a joker (Persian's, past the 52) above every card."""
    return (VALUE[card], LOW[card]) if card < len(VALUE) else (99, 99)


def card_run(cards: Sequence[int], ascii_style: bool, style: str = "") -> Text:
    """Cards in the order given, one space apart, red suits in colour (not under
    NO_COLOR: the symbol or letter says the suit anyway)."""
    text = Text(style=style)
    for i, c in enumerate(cards):
        if i:
            text.append(" ")
        text.append(show_card(c, ascii_style), style=suit_style(c))
    return text


def pack(pieces: Sequence[Text], width: int, sep: int = 3) -> Text:
    """Pieces (a labelled meld, a seat's pickups) laid out left to right and wrapped
    between pieces, never inside one: a meld is read whole or not at all, and nothing
    is cut to `…`. A piece wider than the line gets a line of its own and folds."""
    lines: list[Text] = []
    line = Text()
    for piece in pieces:
        need = piece.cell_len + (sep if line.cell_len else 0)
        if line.cell_len and line.cell_len + need > width:
            lines.append(line)
            line = Text()
        if line.cell_len:
            line.append(" " * sep)
        line.append_text(piece)
    if line.cell_len or not lines:
        lines.append(line)
    return Text("\n").join(lines)


class PackedLines(SimpleLines):
    """A title and labelled pieces of cards (the table's melds, numbered from 1; in Gin
    the cards each seat took from the pile), wrapped between pieces and never inside
    one. A click on a piece says which (the table lays the chosen card off on it)."""

    DEFAULT_CSS = """
    PackedLines { height: auto; }
    """

    class PieceClicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.pieces: list[Text] = []
        self.title = ""
        self.empty = ""
        self._spots: list[tuple[int, int, int, int]] = []  # (y, x0, x1, index)

    def show(self, pieces: Sequence[tuple[str, Text]], *, title: str = "", empty: str = "") -> None:
        made = []
        for label, cards in pieces:
            piece = Text(label, style="bold") if label else Text()
            if label:
                piece.append(" ")
            piece.append_text(cards)
            made.append(piece)
        if (made, title, empty) == (self.pieces, self.title, self.empty):
            return
        width = self.content_region.width
        old = self._lines(width) if width else []
        self.pieces, self.title, self.empty = made, title, empty
        if not width or not self.is_mounted:
            self.refresh(layout=True)
            return
        # Only the lines that changed (a relayout only if their number did).
        refresh_changed_text(self, old, self._lines(width))

    def _lines(self, width: int) -> list[Text]:
        self._spots = []
        lines: list[Text] = []
        line = Text()
        if self.title:
            line.append(self.title + " ", style="dim")
        if not self.pieces:
            line.append(self.empty, style="dim")
            return [line]
        first = True  # no piece on this line yet
        for i, piece in enumerate(self.pieces):
            sep = 0 if first else 3
            if line.cell_len and line.cell_len + sep + piece.cell_len > width:
                lines.append(line)
                line = Text()
                sep = 0
            line.append(" " * sep)
            x0 = line.cell_len
            line.append_text(piece)
            self._spots.append((len(lines), x0, line.cell_len, i))
            first = False
        lines.append(line)
        return lines

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self._lines(max(1, width)))

    def render(self) -> Text:
        lines = self._lines(max(1, self.size.width or 80))
        text = Text("\n").join(lines)
        text.overflow = "fold"  # (only a piece wider than the whole line folds)
        return text

    def on_click(self, event: events.Click) -> None:
        for y, x0, x1, index in self._spots:
            if event.y == y and x0 <= event.x < x1:
                self.post_message(self.PieceClicked(index))
                return


class MeldHand(SimpleLines):
    """The seat's hand in three lines: a mark over each selected card, the cards with
    each meld of the best arrangement bracketed apart from the deadwood, and a caret
    under the cursor. The cursor steps through the cards in that order. Cards the seat
    cannot use now (the one just taken, which may not be discarded, M4) are dimmed by
    the screen through `dim`."""

    DEFAULT_CSS = """
    MeldHand { height: 3; }
    """

    class CardClicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.arranged = Arranged((), (), 0)
        self.cursor = 0
        self.selected: set[int] = set()  # cards (ints), not places: a draw re-arranges
        self.dim: frozenset[int] = frozenset()
        self.ascii_style = False
        self.active = False
        self.hidden_text: str | None = None
        self._drawn: list[object] = []
        self._spans: list[tuple[int, int, int]] = []  # (start, end, index) per card

    @property
    def order(self) -> tuple[int, ...]:
        return self.arranged.order

    @property
    def card(self) -> int | None:
        order = self.order
        return order[self.cursor] if order else None

    @property
    def selection(self) -> list[int]:
        return [c for c in self.order if c in self.selected]

    def show(
        self,
        arranged: Arranged | None,
        *,
        ascii_style: bool = False,
        active: bool = False,
        dim: frozenset[int] = frozenset(),
        hidden_text: str | None = None,
    ) -> None:
        new = arranged or Arranged((), (), 0)
        if set(new.order) != set(self.order):
            keep = self.card
            arrived = bool(set(new.order) - set(self.order))
            self.selected &= set(new.order)
            order = new.order
            start = first_discard(new, dim)
            if start is not None and (arrived or keep not in order):
                self.cursor = order.index(start)  # (a new hand, a card drawn: L14)
            else:
                fallback = min(self.cursor, len(order) - 1)
                self.cursor = order.index(keep) if keep in order else fallback
            self.cursor = max(0, self.cursor)
        else:
            keep = self.card
            if keep is not None and keep in new.order:
                self.cursor = new.order.index(keep)
        self.arranged = new
        self.ascii_style = ascii_style
        self.active = active
        self.dim = dim
        self.hidden_text = hidden_text if arranged is None else None
        self._repaint()

    def move_cursor(self, step: int) -> None:
        if self.order:
            self.cursor = (self.cursor + step) % len(self.order)
            self._repaint()

    def cursor_end(self, last: bool) -> None:
        if self.order:
            self.cursor = len(self.order) - 1 if last else 0
            self._repaint()

    def toggle(self, index: int | None = None) -> None:
        i = self.cursor if index is None else index
        if 0 <= i < len(self.order):
            card = self.order[i]
            self.selected.symmetric_difference_update({card})
            self.cursor = i
            self._repaint()

    def clear_selection(self) -> None:
        self.selected.clear()
        self._repaint()

    def point_at(self, card: int) -> None:
        if card in self.order:
            self.cursor = self.order.index(card)
            self._repaint()

    # --- drawing ------------------------------------------------------------------
    def _repaint(self) -> None:
        width = self.content_region.width
        if not width or not self.is_mounted:
            self.refresh()
            return
        new = rendered_lines(self, self.render(), width)
        if self._drawn:
            refresh_changed(self, self._drawn, new)
        else:
            self.refresh()
        self._drawn = new

    def _style(self, card: int, index: int) -> str:
        style = suit_style(card)
        if card in self.dim:
            style = "dim"
        if card in self.selected:
            style = (style + " reverse bold").strip()
        if index == self.cursor and self.active:
            style = (style + " underline").strip()
        return style

    def _layout(self, width: int) -> tuple[int, int]:
        """(cell, gap): five columns a card and two between melds when they fit, else
        narrower, so that 14 cards in five melds fit in 78 columns."""
        groups = len(self.arranged.groups) + (1 if self.arranged.rest else 0)
        n = len(self.order)
        for cell, gap in ((5, GAP), (4, GAP), (4, 1), (3, 1)):
            if 1 + n * cell + max(0, groups - 1) * gap <= width:
                return cell, gap
        return 3, 1

    def render(self) -> Text:
        if self.hidden_text is not None:
            return Text("\n" + self.hidden_text, style="bold", justify="center")
        if not self.order:
            return Text("")
        cell, gap = self._layout(self.size.width or 80)
        a = self.ascii_style
        lead = 1 if cell == 5 else 0  # columns before a card's three
        top, mid, low = Text(" "), Text(" "), Text(" ")
        spans: list[tuple[int, int, int]] = []
        x = 1
        index = 0
        parts = [*self.arranged.groups, *((self.arranged.rest,) if self.arranged.rest else ())]
        for p, part in enumerate(parts):
            if p:
                bar = "|" if a else "│"
                mid.append(" " * (gap - 1) + bar if gap > 1 else bar, style="dim")
                top.append(" " * gap)
                low.append(" " * gap)
                x += gap
            for c in part:
                label = show_card(c, a)
                label = " " * (3 - cell_len(label)) + label
                mid.append(" " * lead)
                mid.append(label, style=self._style(c, index))
                mid.append(" " * (cell - lead - 3))
                raised = ("v" if a else "▼") if c in self.selected else " "
                caret = ("^" if a else "▲") if index == self.cursor and self.active else " "
                top.append(" " * (lead + 1) + raised + " " * (cell - lead - 2))
                low.append(" " * (lead + 1) + caret + " " * (cell - lead - 2), style="bold")
                spans.append((x, x + cell, index))
                x += cell
                index += 1
        self._spans = spans
        text = Text("\n").join([top, mid, low])
        text.no_wrap = True
        text.overflow = "crop"
        return text

    def on_click(self, event: events.Click) -> None:
        if self.hidden_text is not None:
            return
        for start, end, index in self._spans:
            if start <= event.x < end:
                self.post_message(self.CardClicked(index))
                return
