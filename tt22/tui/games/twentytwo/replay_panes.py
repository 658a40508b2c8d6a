"""22's replayer's own panes: the move list, the position line, the penalty chart and the
hands. The seats and the viewer's hand are the play app's widgets; these add what only
a replay has (every move of the match, every hand open, totals over the whole match).

Every pane draws from what the screen hands it: 22's replay model, a position and who is
looking. Record text (names, comments) is untrusted, so it goes through `printable`
and is put into `Text`/`Segment`s, never parsed as markup.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from tt22.core.cards import show_card
from tt22.core.safe import printable
from tt22.games.twentytwo import OVER, DealResult, PublicDeal
from tt22.tui.games.twentytwo.replay_model import MoveRow, TwentyTwoReplay
from tt22.tui.games.twentytwo.scores import legend_lines
from tt22.tui.i18n import addressed, get_language, said, t
from tt22.tui.replay.words import rt
from tt22.tui.widgets.cards import cards_text, plain_cards
from tt22.tui.widgets.lines import fit_cells, wrap_text

__all__ = [
    "MoveList",
    "OpenHands",
    "PenaltyChart",
    "move_text",
    "position_text",
]


def move_text(model: TwentyTwoReplay, row: MoveRow, seat: int | None, ascii_style: bool) -> str:
    """A move as the list says it, hiding the discards `seat` never saw. Cards go high to
    low, as the table and the hands show them (the order within a play means nothing).
    The verb agrees with the name before it: "You   discard A♠", "Bot 1 discards 3"."""
    move = model.moves[row.move_index]
    if row.exchange:
        you = addressed(model.players[row.seat].name)
        count = len(getattr(move, "discard", ()))
        if count == 0:
            return said("replay.moves.keeps", you)
        if count > len(model.states[row.move_index].stock):
            return said("replay.moves.asked", you, n=count)
        if seat is not None and seat != row.seat:
            return said("replay.moves.discards_n", you, n=count)
        return said("replay.moves.discards", you, cards=plain_cards(row.cards, ascii_style))
    return plain_cards(row.cards, ascii_style)


def position_text(model: TwentyTwoReplay, p: int) -> str:
    w = model.where(p)
    if model.state(p).over:
        trick = rt("pos.over")
    elif w.trick == 0:
        trick = rt("pos.exchange")
    else:
        trick = rt("pos.trick", t=w.trick, T=max(w.trick, w.tricks))
    line = rt("pos.line", d=w.deal, D=w.deals, trick=trick, m=w.move, M=w.moves)
    if p == model.end and not model.state(p).over:
        line += " · " + rt("pos.unfinished")  # the record stops before the match did
    return line


def _pad(text: str, width: int) -> str:
    """`text` padded to `width` cells, or whole when it is longer (a name is never cut:
    the line wraps instead)."""
    return text + " " * max(0, width - cell_len(text))


def wrap_words(head: str, words: Sequence[str], width: int) -> list[str]:
    """`head` then `words`, wrapped to `width` cells; later lines are indented under the
    first word (or by two cells when the head is too wide for that), so every card of a
    long exchange stays readable in a narrow list."""
    if cell_len(head) > width:  # a long name: it wraps at its spaces like the rest
        first, *more = head.split(" ")
        head, words = first + " ", [w for w in more if w] + list(words)
    indent = cell_len(head) if cell_len(head) <= width // 2 else 2
    lines: list[str] = []
    line = head
    fresh = True  # nothing after the head/indent yet
    for word in words:
        sep = "" if fresh else " "
        if cell_len(line + sep + word) <= width:
            line += sep + word
        elif cell_len(word) <= width - indent:
            lines.append(line)
            line = " " * indent + word
        else:  # wider than a line (a Japanese name has no space): it wraps between characters
            line += sep
            for ch in word:
                if cell_len(line + ch) > width:
                    lines.append(line.rstrip())
                    line = " " * indent
                line += ch
        fresh = False
    lines.append(line)
    return [fit_cells(x, width).rstrip() if cell_len(x) > width else x for x in lines]


class MoveList(ScrollView, can_focus=True):
    """Every move of the record (in a seat's view, only those already made), one a line,
    wrapped where a long exchange does not fit.

    Drawn line by line (the Line API), so only the lines on screen are styled; the
    wrapped layout is built once per record, view and width, and in a seat's view it
    only grows as the position moves on. The current move is highlighted and kept in
    view. Focused (`m`), the arrow and page keys move through the list, i.e. the replay.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "key.back", show=False),
    ]
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "movelist--current",
        "movelist--deal",
        "movelist--end",
    }
    DEFAULT_CSS = """
    MoveList {
        height: 1fr; overflow-x: hidden; scrollbar-size-vertical: 1; scrollbar-gutter: stable;
    }
    MoveList > .movelist--current { text-style: reverse bold; }
    MoveList > .movelist--deal { text-style: bold; }
    MoveList > .movelist--end { text-style: italic; }
    """

    class Chosen(Message):
        """A move was clicked: show the table just after it."""

        def __init__(self, move_index: int) -> None:
            super().__init__()
            self.move_index = move_index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.model: TwentyTwoReplay | None = None
        self.rows: Sequence[MoveRow] = ()
        self.seat: int | None = None
        self.ascii_style = False
        self.current: int | None = None  # index into self.rows
        self._names: list[str] = []
        self._name_width = 7
        self._where_width = 5
        # The wrapped layout: (item, text) per screen line, item 0 the start and i the
        # row i - 1; `_first[i]` is item i's first line. `_key` says what it was built for.
        self._lines: list[tuple[int, str]] = []
        self._first: list[int] = []
        self._key: tuple[object, ...] = ()
        self._tail: str | None = None  # a last line after the moves, not a move
        # The analysis board's marks (?!, ?, ??) by move index, and their version.
        self.marks: tuple[Callable[[int], str], int] | None = None

    def show(self, model: TwentyTwoReplay, p: int, seat: int | None, ascii_style: bool) -> None:
        changed = model is not self.model or seat != self.seat or ascii_style != self.ascii_style
        if model is not self.model:
            self._names = [printable(pl.name, 40) for pl in model.players]
            last = model.rows[-1] if model.rows else None
            tricks = max((r.trick for r in model.rows), default=1)
            self._where_width = max(3, len(f"{last.deal if last else 1}.{tricks}"))
        self.model = model
        self.seat = seat
        self.ascii_style = ascii_style
        if changed or seat is not None:
            self.rows = model.visible_rows(p, seat)
        current = model.current_row(p)
        self.current = current if current is not None and current < len(self.rows) else None
        self._relayout()
        # Scroll once the new virtual size is laid out (before that, scrolling is
        # clamped to the old size: on mount, to nothing).
        self.call_after_refresh(self.keep_current_in_view)
        self.refresh()

    @property
    def text_width(self) -> int:
        return max(8, self.scrollable_content_region.width or self.size.width or 30)

    def _relayout(self) -> None:
        """Bring the wrapped layout up to date with the rows, the width and the comments."""
        m = self.model
        if m is None:
            return
        width = self.text_width
        marks = self.marks[1] if self.marks is not None else 0
        key = (id(m), self.seat, self.ascii_style, width, get_language(), m.revision, marks)
        if key != self._key:
            self._key = key
            longest = max((cell_len(n) for n in self._names), default=4)
            self._name_width = max(4, min(longest, 7 if width < 40 else 14))
            self._lines = [(0, fit_cells(rt("moves.start"), width).rstrip())]
            self._first = [0]
        built = len(self._first) - 1
        n = len(self.rows)
        if built > n:  # a seat's view stepped back: drop the moves not made yet
            del self._lines[self._first[n + 1] :]
            del self._first[n + 1 :]
        for i in range(built + 1, n + 1):
            self._first.append(len(self._lines))
            head, words = self.line_parts(i)
            self._lines.extend((i, line) for line in wrap_words(head, words, width))
        # An unfinished record says so after its last move (in a seat's view, once there).
        self._tail = (
            fit_cells(rt("moves.unfinished"), width).rstrip()
            if not m.states[-1].over and n == len(m.rows)
            else None
        )
        size = Size(width, len(self._lines) + (self._tail is not None))
        if size != self.virtual_size:
            self.virtual_size = size

    def item_lines(self, item: int) -> range:
        """The screen lines (of the whole list) that item `item` takes."""
        end = self._first[item + 1] if item + 1 < len(self._first) else len(self._lines)
        return range(self._first[item], end)

    @property
    def current_item(self) -> int:
        return 0 if self.current is None else self.current + 1

    def keep_current_in_view(self) -> None:
        if not self._first:
            return
        lines = self.item_lines(self.current_item)
        stop = lines.stop
        if self._tail is not None and self.current_item == len(self._first) - 1:
            stop += 1  # the last move: its "unfinished" line under it too
        top = self.scroll_offset.y
        height = max(1, self.scrollable_content_region.height)
        if not (top <= lines.start and stop <= top + height):
            self.scroll_to(y=max(0, lines.start - height // 2), animate=False, immediate=True)

    def line_parts(self, i: int) -> tuple[str, list[str]]:
        """Item `i` (1.. are moves) as its head (where, who) and the words after it."""
        assert self.model is not None
        row = self.rows[i - 1]
        where = f"{row.deal}." + ("x" if row.trick == 0 else str(row.trick))
        name = self._names[row.seat] if row.seat < len(self._names) else str(row.seat)
        text = move_text(self.model, row, self.seat, self.ascii_style)
        if self.model.comment(row.move_index, self.seat):
            text += "*"
        mark = self.marks[0](row.move_index) if self.marks is not None else ""
        if mark:
            text += " " + mark
        head = f"{where:>{self._where_width}} {_pad(name, self._name_width)} "
        return head, text.split(" ")

    def line_text(self, i: int) -> str:
        """Item `i` of the list (0 is the start; 1.. are moves) unwrapped, as plain text."""
        if i == 0:
            return rt("moves.start")
        head, words = self.line_parts(i)
        return head + " ".join(words)

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width or self.size.width
        i = self.scroll_offset.y + y
        if i == len(self._lines) and self._tail is not None:
            style = self.rich_style + self.get_component_rich_style("movelist--end")
            return Strip([Segment(fit_cells(self._tail, width), style)]).crop(0, width)
        if self.model is None or i >= len(self._lines):
            # A styled blank: under NO_COLOR Textual's monochrome filter reads every
            # segment's style, and a bare `Strip.blank` has none (it crashed there).
            return Strip.blank(width, self.rich_style)
        item, text = self._lines[i]
        style = self.rich_style
        if item == self.current_item:
            style += self.get_component_rich_style("movelist--current")
        elif item > 0 and self.rows[item - 1].trick == 0 and self.rows[item - 1].step == 1:
            style += self.get_component_rich_style("movelist--deal")
        return Strip([Segment(fit_cells(text, width), style)]).crop(0, width)

    def item_at(self, y: int) -> int | None:
        """The item on line `y` of the pane (None below the list)."""
        i = self.scroll_offset.y + y
        return self._lines[i][0] if 0 <= i < len(self._lines) else None

    def page_items(self) -> int:
        """About one pane of items, for PgUp/PgDn in the focused list."""
        return max(1, self.scrollable_content_region.height - 1)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        item = self.item_at(offset.y)
        if item is not None:
            self.post_message(self.Chosen(self.rows[item - 1].move_index if item else -1))

    def action_leave(self) -> None:
        """Escape gives the keys back to the replay (the next Escape leaves it)."""
        self.screen.set_focus(None)

    def on_resize(self, event: events.Resize) -> None:
        self._relayout()
        self.call_after_refresh(self.keep_current_in_view)


class PenaltyChart(Widget):
    """Every seat's penalty total after each finished deal, the latest deals that fit,
    with a legend for the marks. (The bars toward the elimination mark are the table's:
    a second bar here would only repeat them, at another width.)

    A name is never cut: the name column widens for long names (keeping room for a few
    deals) and a name longer than that wraps at its spaces onto the lines below its row.
    The chart shares its pane with the move list: when nine long names would push the
    legend below the edge (and squeeze the list away), it shows fewer deals so that the
    name column is wider and the names take fewer lines.
    """

    DEFAULT_CSS = """
    PenaltyChart { height: auto; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    NAME_COLUMN = 10
    """The name column's width when every name fits in it."""
    MIN_DEALS = 3
    """The deals a long name leaves room for before it wraps (when there is height)."""
    MOVES_ROOM = 6
    """The lines of its pane the chart leaves to the move list (borders included)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.model: TwentyTwoReplay | None = None
        self.p = 0
        self.ascii_style = False
        self._room: int | None = None  # the lines it may take (None: any)

    def show(self, model: TwentyTwoReplay, p: int, ascii_style: bool) -> None:
        layout = self.model is None or len(self.model.players) != len(model.players)
        self.model, self.p, self.ascii_style = model, p, ascii_style
        self.refresh(layout=layout)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self._room = max(1, container.height - self.MOVES_ROOM)
        return len(self.lines(width, self._room))

    def render(self) -> Text:
        return Text("\n").join(self.lines(self.size.width or 30, self._room))

    def lines(self, width: int, height: int | None = None) -> list[Text]:
        """The title, the deal numbers, each seat's totals (its name wrapped on as many
        lines as it needs) and the legend, every line at most `width` cells; in at most
        `height` lines when fewer deals (a wider name column) can make it so."""
        out: list[Text] = []
        for deals in range(self.MIN_DEALS, 0, -1):
            out = self._lines(width, deals)
            if height is None or len(out) <= height:
                break
        return out

    def _lines(self, width: int, min_deals: int) -> list[Text]:
        m = self.model
        if m is None:
            return [Text("")]
        width = max(10, width)
        deals = m.totals_by_deal(self.p)
        names = [printable(pl.name, 40) for pl in m.players]
        label = rt("chart.deal")
        longest = max(cell_len(n) for n in names)
        room = max(self.NAME_COLUMN, width - 5 * min_deals)
        name_width = max(4, cell_len(label), min(longest, room))
        recent = deals[-max(1, (width - name_width) // 5) :]
        out = [Text(rt("chart.title"), style="bold")]
        if deals:
            head = Text(fit_cells(label, name_width), style="dim")
            head.append("".join(f"{d.deal:>4} " for d in recent), style="dim")
            out.append(head)
        else:
            out.append(Text(rt("chart.none"), style="dim"))
        for seat, name in enumerate(names):
            first, *more = wrap_text(Text(name), name_width, 1)
            row = Text(_pad(first.plain, name_width))
            for d in recent:
                mark = "!" if seat in d.eliminated else ("+" if seat in d.losers else " ")
                row.append(f"{d.totals[seat]:>4}{mark}"[-5:], style="bold" if mark != " " else "")
            out.append(row)
            out.extend(more)
        limit = m.states[0].rules.elimination_at
        # The legend wraps between its entries (in Japanese it is wider than the pane).
        legend = legend_lines(rt("chart.legend", limit=limit), width)
        out.extend(Text(line, style="dim") for line in legend)
        return out


class OpenHands(Widget):
    """Each seat's hand: face up when the view may show it, else face down by count.

    Also the exchange discards (open view only) and the showdown of the deal that just
    ended. (The trick in progress and the last trick are the `TrickView`'s.)
    """

    DEFAULT_CSS = """
    OpenHands { height: auto; text-wrap: nowrap; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.model: TwentyTwoReplay | None = None
        self.p = 0
        self.seat: int | None = None
        self.ascii_style = False
        self._logical: list[tuple[Text, int]] = []  # a line and its wrapped lines' indent
        self._wrapped: tuple[int, list[Text]] = (0, [])
        self._height = 0

    def show(self, model: TwentyTwoReplay, p: int, seat: int | None, ascii_style: bool) -> None:
        self.model, self.p, self.seat, self.ascii_style = model, p, seat, ascii_style
        self._logical = self._build()
        self._wrapped = (0, [])
        height = len(self.lines())
        # A new layout only when the pane grows or shrinks (it is redrawn either way).
        self.refresh(layout=height != self._height)
        self._height = height

    def lines(self, width: int | None = None) -> list[Text]:
        """What the pane shows at `width` (default: its own), one Text a line: a long
        hand or trick wraps under itself rather than losing its end (the winner)."""
        width = max(20, width or self.content_region.width or 80)
        if self._wrapped[0] != width or not self._wrapped[1]:
            out: list[Text] = []
            for line, indent in self._logical:
                out.extend(wrap_text(line, width, indent))
            self._wrapped = (width, out)
        return self._wrapped[1]

    def _build(self) -> list[tuple[Text, int]]:
        m = self.model
        if m is None:
            return []
        a = self.ascii_style
        back = "##" if a else "▒▒"
        names = [printable(pl.name, 40) for pl in m.players]
        if self.seat is None:
            s = m.state(self.p)
            hands: Sequence[tuple[int, ...] | None] = s.hands
            discards: Sequence[tuple[int, ...] | None] = s.discards
            phase, tricks, out = s.phase, s.tricks, s.out
            history: Sequence[DealResult | PublicDeal] = s.history
            counts = [len(h) for h in s.hands]
            deal = s.deal.number
        else:
            v = m.seat_view(self.p, self.seat)
            hands = [v.hand if i == self.seat else None for i in range(v.players)]
            discards = [v.my_discard if i == self.seat else None for i in range(v.players)]
            phase, tricks, out = v.phase, v.tricks, v.out
            history = v.history
            counts = list(v.hand_counts)
            deal = v.deal_number
        lines: list[tuple[Text, int]] = []
        # Names in a column when they fit one of 8 cells; a longer name stays whole and
        # its cards wrap under it.
        column = 8 if all(cell_len(n) <= 8 for n in names) else 0
        pad = column + 1 if column else 2
        for i, name in enumerate(names):
            if out[i]:
                continue
            disc = discards[i]
            discarded = rt("hands.discard", cards=plain_cards(disc, a)) if disc else ""
            if i == self.seat:
                # The viewer's own hand is the play app's hand widget below; here only
                # what they discarded, which they alone know.
                if discarded:
                    lines.append((Text(_pad(name, column) + " " + discarded, style="dim"), pad))
                continue
            line = Text(_pad(name, column) + " ")
            hand = hands[i]
            if hand is None:
                line.append(" ".join([back] * counts[i]), style="dim")
            else:
                line.append_text(cards_text(hand, a))
            lines.append((line, pad))
            if discarded:
                lines.append((Text(" " * pad + discarded, style="dim"), pad))
        if history:
            d = history[-1]
            number = d.number if isinstance(d, PublicDeal) else d.start.number
            fresh = number == deal - 1 and not tricks  # the new deal has no trick yet
            if fresh or (phase == OVER and number == deal):
                shown = t("sep.list").join(f"{names[st]} {show_card(c, a)}" for st, c in d.showdown)
                losers = t("sep.list").join(names[st] for st in d.losers)
                said = rt("hands.showdown", n=number, cards=shown, names=losers, penalty=d.penalty)
                lines.append((Text(said, style="dim"), 2))
        if self.p == m.end and not m.state(self.p).over:
            lines.append((Text(rt("hands.unfinished"), style="bold"), 2))
        return lines

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return max(1, len(self.lines(width)))

    def render(self) -> Text:
        return Text("\n").join(self.lines())
