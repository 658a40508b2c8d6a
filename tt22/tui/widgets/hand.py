"""A hand of cards with a cursor and a selection.

Three lines: a mark above each selected card (a raised card), the cards, and a caret
under the cursor, so selection and cursor read in monochrome too. Cards that cannot be
part of any legal play are dimmed; which ones is the engine's answer (`playable_cards`),
handed in by the screen.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from tt22.tui.i18n import t
from tt22.tui.widgets.cards import RED_SUITS, card_label

__all__ = ["HandView"]

CELL = 5  # " 10♠ "
MARGIN = 1


class HandView(Widget):
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

    # --- state, set by the screen -------------------------------------------------
    def show(
        self,
        cards: Iterable[int] | None,
        *,
        playable: frozenset[int] | None = None,
        ascii_style: bool = False,
        hidden_text: str | None = None,
        active: bool = False,
    ) -> None:
        new = tuple(cards) if cards is not None else ()
        if new != self.cards:
            self.selected.clear()
            self.cursor = min(self.cursor, max(0, len(new) - 1))
        self.cards = new
        self.playable = playable
        self.ascii_style = ascii_style
        self.hidden_text = hidden_text if cards is None else None
        self.active = active
        self.refresh()

    def move_cursor(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)
            self.refresh()

    def toggle(self, index: int | None = None) -> None:
        i = self.cursor if index is None else index
        if 0 <= i < len(self.cards):
            self.selected.symmetric_difference_update({i})
            self.cursor = i
            self.refresh()

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
        self.refresh()

    def clear_selection(self) -> None:
        self.selected.clear()
        self.refresh()

    def select_cards(self, cards: Iterable[int]) -> None:
        """Select these cards (as a multiset of the hand)."""
        self.selected.clear()
        for c in cards:
            for i, mine in enumerate(self.cards):
                if mine == c and i not in self.selected:
                    self.selected.add(i)
                    break
        self.refresh()

    @property
    def selection(self) -> list[int]:
        return [self.cards[i] for i in sorted(self.selected)]

    # --- drawing ------------------------------------------------------------------
    def render(self) -> Text:
        if self.hidden_text is not None:
            return Text("\n" + self.hidden_text, style="bold", justify="center")
        if not self.cards:
            return Text("\n" + t("hand.none"), style="dim", justify="center")
        top, mid, low = Text(" " * MARGIN), Text(" " * MARGIN), Text(" " * MARGIN)
        raised = "v" if self.ascii_style else "▼"
        caret = "^" if self.ascii_style else "▲"
        for i, c in enumerate(self.cards):
            label = card_label(c, self.ascii_style)
            pad = CELL - 2 - cell_len(label)
            chosen = i in self.selected
            style = "red" if (c & 3) in RED_SUITS else ""
            if self.playable is not None and c not in self.playable:
                style = "dim"
            if chosen:
                style = (style + " reverse bold").strip()
            if i == self.cursor and self.active:
                style = (style + " underline").strip()
            mid.append(" ")
            mid.append(" " * pad + label, style=style)
            mid.append(" ")
            top.append(
                (" " * (CELL // 2)) + (raised if chosen else " ") + " " * (CELL - CELL // 2 - 1)
            )
            mark = caret if (i == self.cursor and self.active) else " "
            low.append(" " * (CELL // 2) + mark + " " * (CELL - CELL // 2 - 1), style="bold")
        return Text("\n").join([top, mid, low])

    def on_click(self, event: events.Click) -> None:
        if self.hidden_text is not None or not self.cards:
            return
        i = (event.x - MARGIN) // CELL
        if 0 <= i < len(self.cards):
            self.post_message(self.CardClicked(i))
