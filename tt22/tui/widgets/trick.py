"""The trick in progress and the last trick, in an area of their own (live table and
replayer alike).

A play is one unit, "name cards" (the best one marked with a star and the word "best",
never by colour alone). Units are packed into lines and a line breaks only between
units, so a play is never split from its player, nor cut: a unit wider than the whole
area wraps under itself at its spaces. The last trick names its winner first, so what
matters most comes first when a screen is short.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text

from tt22.core.safe import printable
from tt22.tui.i18n import t
from tt22.tui.widgets.cards import cards_text
from tt22.tui.widgets.lines import StripLines, refresh_changed
from tt22.tui.widgets.snapshot import EXCHANGE, PLAY, TableSnapshot

__all__ = ["TrickView", "pack_units"]

SEP = " · "


def _chunks(word: Text, width: int) -> list[Text]:
    """`word` in pieces of at most `width` cells: Japanese and Korean sentences and names
    have no spaces to break at, and a break between two characters is how they wrap."""
    out: list[Text] = []
    start = 0
    cells = 0
    for i, ch in enumerate(word.plain):
        w = cell_len(ch)
        if cells + w > width and i > start:
            out.append(word[start:i])
            start, cells = i, 0
        cells += w
    out.append(word[start:])
    return out


def _split_words(unit: Text, width: int, indent: int) -> list[Text]:
    """`unit` wrapped at its spaces to `width` cells, later lines indented: a unit wider
    than the area (a long name and eight cards) still shows every word."""
    width = max(4, width)
    plain = unit.plain
    words: list[Text] = []
    start = 0
    for i, ch in enumerate(plain + " "):
        if ch == " ":
            if i > start:
                words.extend(_chunks(unit[start:i], width - indent))
            start = i + 1
    lines: list[Text] = []
    line = Text()
    empty = True
    for word in words:
        if not empty and line.cell_len + 1 + word.cell_len > width:
            lines.append(line)
            line = Text(" " * indent)
            empty = True
        elif not empty and word.cell_len and not word.plain[0].isspace():
            # (pieces of one long word follow each other without a space)
            line.append(" ")
        line.append_text(word)
        empty = False
    lines.append(line)
    return lines


def pack_units(head: Text, units: Sequence[Text], width: int, indent: int = 2) -> list[Text]:
    """`head` then `units`, separated by " · ", broken into lines of `width` cells only
    between units; later lines start `indent` cells in."""
    width = max(12, width)
    indent = min(indent, width // 4)
    lines: list[Text] = []
    line = head.copy()
    if line.cell_len > width:
        *lines, line = _split_words(line, width, indent)
        line.append(" ")
    fresh = True  # no unit on this line yet
    for unit in units:
        sep = "" if fresh else SEP
        if line.cell_len + cell_len(sep) + unit.cell_len <= width:
            line.append(sep)
            line.append_text(unit)
            fresh = False
            continue
        if line.plain.strip():
            lines.append(line)
            line = Text(" " * indent)
        if line.cell_len + unit.cell_len <= width:
            line.append_text(unit)
        else:
            first, *rest = _split_words(unit, width - indent, 2)
            line.append_text(first)
            for part in rest:
                lines.append(line)
                line = Text(" " * indent) + part
        fresh = False
    lines.append(line)
    for x in lines:
        x.rstrip()
    return [x for x in lines if x.plain] or [Text("")]


class TrickView(StripLines):
    """Who leads and every play of the trick in progress (in the exchange, who swapped
    how many); under it, dimmed, the last trick of the deal with its winner."""

    DEFAULT_CSS = """
    TrickView { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.snapshot: TableSnapshot | None = None
        self.you: int | None = None
        self.ascii_style = False
        self._parts: tuple[tuple[Text, list[Text], str], ...] = ()
        self._wrapped: tuple[int, list[Text]] = (0, [])
        self._key: object = None
        # The most lines it has needed this deal: it never shrinks within a deal, so
        # plays coming and going do not lay the screen out again (and repaint the
        # seats above it) every move. A new deal starts it afresh.
        self._floor = 0

    def show(self, snapshot: TableSnapshot, ascii_style: bool, you: int | None = None) -> None:
        """Draw `snapshot`; `you` is the seat spoken to as "you" (None: nobody)."""
        key = (
            snapshot.phase,
            snapshot.leader,
            snapshot.plays,
            snapshot.best_seat,
            snapshot.exchanges,
            snapshot.last_trick,
            snapshot.names,
            ascii_style,
            you,
        )
        self.snapshot, self.ascii_style, self.you = snapshot, ascii_style, you
        if key == self._key:
            return  # nothing it shows changed: no repaint, no bytes on the wire
        self._key = key
        width = self.content_region.width
        ready = bool(width) and self.is_mounted
        old = self._shown() if ready else []
        if snapshot.phase == EXCHANGE and not snapshot.exchanges:
            self._floor = 0  # a new deal
        self._parts = self._build()
        self._wrapped = (0, [])
        self.forget_strips()
        if not ready:
            self.refresh(layout=True)
            return
        new = self._shown()
        self._floor = len(new)
        refresh_changed(self, old, new)

    def _shown(self) -> list[object]:
        """Its lines as drawn (compared between draws), blank ones to its floor."""
        lines: list[object] = [tuple(x) for x in self.strips()]
        return lines + [()] * (self._floor - len(lines))

    def who(self, seat: int) -> str:
        assert self.snapshot is not None
        return printable(self.snapshot.names[seat], 40)

    def _unit(self, seat: int, cards: Sequence[int], best: bool) -> Text:
        a = self.ascii_style
        unit = Text()
        if best:
            unit.append(("*" if a else "★") + " ", style="bold")
        unit.append(self.who(seat), style="bold" if best else "")
        unit.append(" ")
        unit.append_text(cards_text(cards, a))
        if best:
            unit.append(" " + t("seat.best"), style="bold")
        return unit

    def _build(self) -> tuple[tuple[Text, list[Text], str], ...]:
        s = self.snapshot
        if s is None:
            return ()
        parts: list[tuple[Text, list[Text], str]] = []
        if s.phase == EXCHANGE:
            units = []
            for e in s.exchanges:
                word = t("seat.swapped", n=e.size) if e.size else t("seat.kept")
                units.append(Text(f"{self.who(e.seat)} {word}"))
            if not units:  # before anyone exchanged: who starts, never an empty label
                if s.to_move == self.you:
                    units.append(Text(t("trick.exchange_you_first")))
                else:
                    units.append(Text(t("trick.exchange_first", name=self.who(s.to_move))))
            parts.append((Text(t("phase.exchange").capitalize() + ":"), units, ""))
        elif s.phase == PLAY:
            key = "trick.you_lead" if s.leader == self.you else "trick.leads"
            head = t(key, name=self.who(s.leader))
            units = [self._unit(seat, cards, seat == s.best_seat) for seat, cards in s.plays]
            parts.append((Text(head), units, ""))
        last = s.last_trick
        if s.phase == PLAY and last is not None:
            if last.winner == self.you:
                head = t("trick.last_head_you")
            else:
                head = t("trick.last_head", name=self.who(last.winner))
            units = [
                Text(f"{self.who(seat)} ") + cards_text(cards, self.ascii_style)
                for seat, cards in last.plays
            ]
            parts.append((Text(head), units, "dim"))
        return tuple(parts)

    def lines(self, width: int | None = None) -> list[Text]:
        """What the area shows at `width` cells (default: its own), one Text a line."""
        width = max(12, width or self.content_region.width or 80)
        if self._wrapped[0] != width:
            out: list[Text] = []
            for head, units, style in self._parts:
                for line in pack_units(head + " " if head.plain else head, units, width):
                    if style:
                        line.stylize(style)
                    out.append(line)
            self._wrapped = (width, out)
        return self._wrapped[1]

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return max(1, self._floor, len(self.lines(width)))

    def render(self) -> Text:
        return Text("\n").join(self.lines())
