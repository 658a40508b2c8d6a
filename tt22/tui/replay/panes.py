"""The replayer's own panes: the move list, the position line, the penalty chart and the
hands. The seats and the viewer's hand are the play app's widgets; these add what only
a replay has (every move of the match, every hand open, totals over the whole match).

Every pane draws from what the screen hands it: a `ReplayModel`, a position and who is
looking. Record text (names, comments) is untrusted, so it goes through `printable`
and is put into `Text`/`Segment`s, never parsed as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from tt22.engine import EXCHANGE, OVER, DealResult, PublicDeal, show_card
from tt22.replay_model import MoveRow, ReplayModel
from tt22.safe import printable
from tt22.tui.replay.words import rt
from tt22.tui.widgets.cards import cards_text

__all__ = ["MoveList", "OpenHands", "PenaltyChart", "move_text", "position_text"]


def move_text(model: ReplayModel, row: MoveRow, seat: int | None, ascii_style: bool) -> str:
    """A move as the list says it, hiding the discards `seat` never saw."""
    move = model.moves[row.move_index]
    if row.exchange:
        count = len(getattr(move, "discard", ()))
        if count == 0:
            return rt("moves.keeps")
        if count > len(model.states[row.move_index].stock):
            return rt("moves.asked", n=count)
        if seat is not None and seat != row.seat:
            return rt("moves.discards_n", n=count)
        return rt("moves.discards", cards=" ".join(show_card(c, ascii_style) for c in row.cards))
    return " ".join(show_card(c, ascii_style) for c in row.cards)


def position_text(model: ReplayModel, p: int) -> str:
    w = model.where(p)
    if model.state(p).over:
        trick = rt("pos.over")
    elif w.trick == 0:
        trick = rt("pos.exchange")
    else:
        trick = rt("pos.trick", t=w.trick, T=max(w.trick, w.tricks))
    return rt("pos.line", d=w.deal, D=w.deals, trick=trick, m=w.move, M=w.moves)


def _fit(text: str, width: int) -> str:
    """`text` cut to `width` cells (names may be wide characters)."""
    if cell_len(text) <= width:
        return text + " " * (width - cell_len(text))
    out = ""
    for ch in text:
        if cell_len(out + ch) > width - 1:
            break
        out += ch
    out += "…"
    return out + " " * (width - cell_len(out))


class MoveList(ScrollView, can_focus=True):
    """Every move of the record (in a seat's view, only those already made), one a line.

    Drawn line by line (the Line API), so a record of thousands of moves costs only the
    lines on screen; the current move is highlighted and kept in view.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"movelist--current", "movelist--deal"}
    DEFAULT_CSS = """
    MoveList { height: 1fr; overflow-x: hidden; }
    MoveList > .movelist--current { text-style: reverse bold; }
    MoveList > .movelist--deal { text-style: bold; }
    """

    class Chosen(Message):
        """A move was clicked: show the table just after it."""

        def __init__(self, move_index: int) -> None:
            super().__init__()
            self.move_index = move_index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.model: ReplayModel | None = None
        self.rows: Sequence[MoveRow] = ()
        self.seat: int | None = None
        self.ascii_style = False
        self.current: int | None = None  # index into self.rows
        self._names: list[str] = []

    def show(self, model: ReplayModel, p: int, seat: int | None, ascii_style: bool) -> None:
        changed = model is not self.model or seat != self.seat or ascii_style != self.ascii_style
        self.model = model
        self.seat = seat
        self.ascii_style = ascii_style
        self._names = [printable(pl.name, 40) for pl in model.players]
        if changed or seat is not None:
            self.rows = model.visible_rows(p, seat)
        current = model.current_row(p)
        self.current = current if current is not None and current < len(self.rows) else None
        size = Size(self.size.width, len(self.rows) + 1)
        if size != self.virtual_size:
            self.virtual_size = size
        # Scroll once the new virtual size is laid out (before that, scrolling is
        # clamped to the old size: on mount, to nothing).
        self.call_after_refresh(self.keep_current_in_view)
        self.refresh()

    def keep_current_in_view(self) -> None:
        y = 0 if self.current is None else self.current + 1
        top = self.scroll_offset.y
        height = max(1, self.scrollable_content_region.height)
        if not top <= y < top + height:
            self.scroll_to(y=max(0, y - height // 2), animate=False, immediate=True)

    def line_text(self, i: int) -> str:
        """Line `i` of the list (0 is the start; 1.. are moves), as plain text."""
        if i == 0:
            return rt("moves.start")
        assert self.model is not None
        row = self.rows[i - 1]
        where = f"{row.deal}." + ("x" if row.trick == 0 else str(row.trick))
        name = self._names[row.seat] if row.seat < len(self._names) else str(row.seat)
        mark = "*" if self.model.comment(row.move_index) else " "
        text = move_text(self.model, row, self.seat, self.ascii_style)
        return f"{where:>5} {_fit(name, 7)} {text}{mark}"

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        i = self.scroll_offset.y + y
        if self.model is None or i > len(self.rows):
            # A styled blank: under NO_COLOR Textual's monochrome filter reads every
            # segment's style, and a bare `Strip.blank` has none (it crashed there).
            return Strip.blank(width, self.rich_style)
        text = self.line_text(i)
        style = Style()
        if (self.current is None and i == 0) or (
            self.current is not None and i == self.current + 1
        ):
            style = self.get_component_rich_style("movelist--current")
        elif i > 0 and self.rows[i - 1].trick == 0 and self.rows[i - 1].step == 1:
            style = self.get_component_rich_style("movelist--deal")
        strip = Strip([Segment(_fit(text, width), style)])
        return strip.crop(0, width)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        i = self.scroll_offset.y + offset.y
        if 1 <= i <= len(self.rows):
            self.post_message(self.Chosen(self.rows[i - 1].move_index))
        elif i == 0:
            self.post_message(self.Chosen(-1))

    def on_resize(self, event: events.Resize) -> None:
        self.virtual_size = Size(event.size.width, len(self.rows) + 1)


class PenaltyChart(Widget):
    """Every seat's penalty total after each finished deal: a bar per seat toward the
    elimination mark, and the totals of the last few deals as numbers."""

    DEFAULT_CSS = """
    PenaltyChart { height: auto; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.model: ReplayModel | None = None
        self.p = 0
        self.ascii_style = False

    def show(self, model: ReplayModel, p: int, ascii_style: bool) -> None:
        layout = self.model is None or len(self.model.players) != len(model.players)
        self.model, self.p, self.ascii_style = model, p, ascii_style
        self.refresh(layout=layout)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return 1 + (len(self.model.players) if self.model else 0)

    def render(self) -> Text:
        m = self.model
        if m is None:
            return Text("")
        deals = m.totals_by_deal(self.p)
        limit = m.states[0].rules.elimination_at
        out = Text(rt("chart.title"), style="bold")
        width = max(10, self.size.width or 30)
        recent = deals[-max(1, (width - 18) // 4) :]
        out.append("  " + " ".join(f"{d.deal:>3}" for d in recent), style="dim")
        totals = deals[-1].totals if deals else (0,) * len(m.players)
        full, empty = ("#", "-") if self.ascii_style else ("█", "░")
        for seat, pl in enumerate(m.players):
            out.append("\n")
            total = totals[seat]
            bar = min(6, round(6 * total / limit)) if limit else 0
            out.append(_fit(printable(pl.name, 40), 7) + " ")
            out.append(full * bar, style="bold" if total >= limit else "")
            out.append(empty * (6 - bar), style="dim")
            out.append(f"{total:>3} ")
            for d in recent:
                mark = "!" if seat in d.eliminated else ("+" if seat in d.losers else " ")
                out.append(f"{d.totals[seat]:>3}{mark}"[-4:], style="bold" if mark != " " else "")
        return out


class OpenHands(Widget):
    """Each seat's hand: face up when the view may show it, else face down by count.

    Also the exchange discards (open view only) and what just happened: the last trick,
    or the showdown of the deal that just ended.
    """

    DEFAULT_CSS = """
    OpenHands { height: auto; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.model: ReplayModel | None = None
        self.p = 0
        self.seat: int | None = None
        self.ascii_style = False
        self._lines: list[Text] = []
        self._height = 0

    def show(self, model: ReplayModel, p: int, seat: int | None, ascii_style: bool) -> None:
        self.model, self.p, self.seat, self.ascii_style = model, p, seat, ascii_style
        self._lines = self._build()
        # A new layout only when the pane grows or shrinks (it is redrawn either way).
        self.refresh(layout=len(self._lines) != self._height)
        self._height = len(self._lines)

    def lines(self) -> list[Text]:
        """What the pane shows now, one Text a line."""
        return self._lines

    def _build(self) -> list[Text]:
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
        lines: list[Text] = []
        for i, name in enumerate(names):
            if out[i]:
                continue
            disc = discards[i]
            discarded = (
                rt("hands.discard", cards=" ".join(show_card(c, a) for c in disc)) if disc else ""
            )
            if i == self.seat:
                # The viewer's own hand is the play app's hand widget below; here only
                # what they discarded, which they alone know.
                if discarded:
                    lines.append(Text(_fit(name, 8) + " " + discarded, style="dim"))
                continue
            line = Text(_fit(name, 8) + " ")
            hand = hands[i]
            if hand is None:
                line.append(" ".join([back] * counts[i]), style="dim")
            else:
                line.append_text(cards_text(hand, a))
            lines.append(line)
            if discarded:
                lines.append(Text(" " * 9 + discarded, style="dim"))
        if phase != EXCHANGE and tricks:
            last = tricks[-1]
            played = ", ".join(
                f"{names[st]} " + " ".join(show_card(c, a) for c in cs) for st, cs in last.plays
            )
            lines.append(
                Text(rt("hands.last_trick", cards=played, name=names[last.winner]), style="dim")
            )
        if history:
            d = history[-1]
            number = d.number if isinstance(d, PublicDeal) else d.start.number
            fresh = number == deal - 1 and not tricks  # the new deal has no trick yet
            if fresh or (phase == OVER and number == deal):
                shown = ", ".join(f"{names[st]} {show_card(c, a)}" for st, c in d.showdown)
                losers = ", ".join(names[st] for st in d.losers)
                lines.append(
                    Text(
                        rt(
                            "hands.showdown", n=number, cards=shown, names=losers, penalty=d.penalty
                        ),
                        style="dim",
                    )
                )
        return lines

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return max(1, len(self.lines()))

    def render(self) -> Text:
        return Text("\n").join(self.lines())
