"""A hand of cards with a cursor and a selection.

Three lines: a mark above each selected card (a raised card), the cards, and a caret
under the cursor, so selection and cursor read in monochrome too. Cards that cannot be
part of any legal play are dimmed; which ones is the engine's answer (`playable_cards`),
handed in by the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.message import Message

from tt22.tui.i18n import t
from tt22.tui.widgets.cards import card_label, suit_style
from tt22.tui.widgets.lines import StripLines, refresh_changed

__all__ = ["HandView"]

CELL = 5  # " 10♠ "
NARROW_CELL = 4  # "10♠ ": when a long hand would not fit in five columns a card
BIG_CELL = 6  # "│10♠│ "
MARGIN = 1


class HandView(StripLines):
    DEFAULT_CSS = """
    HandView { height: 3; }
    """

    class CardClicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: tuple[int, ...] = ()
        self.cursor = 0
        self.selected: set[int] = set()
        self.playable: frozenset[int] | None = None
        self.hidden_text: str | None = None
        self.ascii_style = False
        self.active = False
        # Cards the player just received (an exchange, a draw, a nest), marked above
        # until their next move (the new-player review's M3); the table says which.
        self.received: frozenset[int] = frozenset()
        # How a card is written: 22's cards by default; a game with cards of its own
        # (Rook's `RK`) hands in its own.
        self.label_of: Callable[[int, bool], str] = card_label
        self._drawn: list[object] = []  # the lines last drawn, to repaint only changes

    # --- state, set by the screen -------------------------------------------------
    def show(
        self,
        cards: Iterable[int] | None,
        *,
        playable: frozenset[int] | None = None,
        ascii_style: bool = False,
        hidden_text: str | None = None,
        active: bool = False,
        received: frozenset[int] = frozenset(),
    ) -> None:
        new = tuple(cards) if cards is not None else ()
        hidden = hidden_text if cards is None else None
        same = (new, playable, ascii_style, hidden, active, received) == (
            self.cards,
            self.playable,
            self.ascii_style,
            self.hidden_text,
            self.active,
            self.received,
        )
        if same:
            return  # nothing to redraw (a watched match redraws every move otherwise)
        if new != self.cards:
            self.selected.clear()
            self.cursor = min(self.cursor, max(0, len(new) - 1))
        self.cards = new
        self.playable = playable
        self.ascii_style = ascii_style
        self.hidden_text = hidden_text if cards is None else None
        self.active = active
        self.received = received
        self._repaint()

    def move_cursor(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)
            self._repaint()

    def cursor_to_playable(self) -> None:
        """Leave the cursor where it is if that card can be played, else on the first
        card that can (the engine said which, through `playable`)."""
        if self.playable is None or not self.cards or self.cards[self.cursor] in self.playable:
            return
        for i, c in enumerate(self.cards):
            if c in self.playable:
                self.cursor = i
                self._repaint()
                return

    def toggle(self, index: int | None = None) -> None:
        i = self.cursor if index is None else index
        if 0 <= i < len(self.cards):
            self.selected.symmetric_difference_update({i})
            self.cursor = i
            self._repaint()

    def select_rank(self) -> None:
        """Select every card of the cursor's rank (or unselect them if all are)."""
        if not self.cards:
            return
        r = self.cards[self.cursor] >> 2
        same = {i for i, c in enumerate(self.cards) if c >> 2 == r}
        if same <= self.selected:
            self.selected -= same
        else:
            self.selected |= same
        self._repaint()

    def clear_selection(self) -> None:
        if self.selected:  # (nothing selected: nothing to repaint)
            self.selected.clear()
            self._repaint()

    def select_cards(self, cards: Iterable[int]) -> None:
        """Select these cards (as a multiset of the hand)."""
        self.selected.clear()
        for c in cards:
            for i, mine in enumerate(self.cards):
                if mine == c and i not in self.selected:
                    self.selected.add(i)
                    break
        self._repaint()

    @property
    def selection(self) -> list[int]:
        return [self.cards[i] for i in sorted(self.selected)]

    # --- drawing ------------------------------------------------------------------
    def _repaint(self) -> None:
        """Refresh only the lines (and cells) that changed: a cursor step or a card
        played changes one or two of the three lines."""
        self.forget_strips()
        width = self.content_region.width
        if not width or not self.is_mounted:
            self._drawn = []
            self.refresh()
            return
        new: list[object] = [tuple(x) for x in self.strips()]
        if self._drawn:
            refresh_changed(self, self._drawn, new)
        else:
            self.refresh()
        self._drawn = new

    def _fits(self, cell: int) -> bool:
        width = self.size.width
        return not width or MARGIN + len(self.cards) * cell <= width

    @property
    def big(self) -> bool:
        """Boxed cards when the widget is given five lines (a tall terminal) and they fit."""
        return self.size.height >= 5 and self._fits(BIG_CELL)

    @property
    def cell(self) -> int:
        if self.big:
            return BIG_CELL
        return CELL if self._fits(CELL) else NARROW_CELL

    def _style(self, i: int, c: int) -> str:
        """Red for hearts and diamonds (not under NO_COLOR: the monochrome filter would
        make them darker than the dimmed cards); a card that cannot be played is dimmed
        and struck through, so it reads without colour or shade too."""
        style = suit_style(c)
        if self.playable is not None and c not in self.playable:
            style = "dim strike"
        if i in self.selected:
            style = (style + " reverse bold").strip()
        if i == self.cursor and self.active:
            style = (style + " underline").strip()
        return style

    def render(self) -> Text:
        if self.hidden_text is not None:
            return Text("\n" + self.hidden_text, style="bold", justify="center")
        if not self.cards:
            return Text("\n" + t("hand.none"), style="dim", justify="center")
        text = self._render_big() if self.big else self._render_small()
        text.no_wrap = True  # a wrapped row would push the cursor row out of sight
        text.overflow = "crop"
        return text

    def _marks(self, cell: int) -> tuple[Text, Text]:
        top, low = Text(" " * MARGIN), Text(" " * MARGIN)
        raised = "v" if self.ascii_style else "▼"
        caret = "^" if self.ascii_style else "▲"
        new = "*" if self.ascii_style else "•"
        half = cell // 2
        for i, c in enumerate(self.cards):
            above = raised if i in self.selected else new if c in self.received else " "
            top.append(" " * half + above + " " * (cell - half - 1))
            mark = caret if (i == self.cursor and self.active) else " "
            low.append(" " * half + mark + " " * (cell - half - 1), style="bold")
        return top, low

    def _render_small(self) -> Text:
        cell = self.cell
        lead = " " if cell == CELL else ""
        mid = Text(" " * MARGIN)
        for i, c in enumerate(self.cards):
            label = self.label_of(c, self.ascii_style)
            pad = 3 - cell_len(label)
            mid.append(lead)
            mid.append(" " * pad + label, style=self._style(i, c))
            mid.append(" ")
        top, low = self._marks(cell)
        return Text("\n").join([top, mid, low])

    def _render_big(self) -> Text:
        a = self.ascii_style
        tl, tr, bl, br, h, v = ("+", "+", "+", "+", "-", "|") if a else "┌┐└┘─│"
        lines = [Text(" " * MARGIN) for _ in range(3)]
        for i, c in enumerate(self.cards):
            label = self.label_of(c, a)
            label = " " * (3 - cell_len(label)) + label
            style = self._style(i, c)
            frame = "dim" if style.startswith("dim") else ("bold" if i in self.selected else "")
            lines[0].append(tl + h * 3 + tr, style=frame)
            lines[1].append(v, style=frame)
            lines[1].append(label, style=style)
            lines[1].append(v, style=frame)
            lines[2].append(bl + h * 3 + br, style=frame)
            for line in lines:
                line.append(" ")
        top, low = self._marks(BIG_CELL)
        return Text("\n").join([top, *lines, low])

    def on_click(self, event: events.Click) -> None:
        if self.hidden_text is not None or not self.cards:
            return
        i = (event.x - MARGIN) // self.cell
        if 0 <= i < len(self.cards):
            self.post_message(self.CardClicked(i))
