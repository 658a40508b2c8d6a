"""What a client's terminal shows, so that a full repaint sends only the rows that changed.

Textual repaints the whole screen (a `LayoutUpdate` from the compositor) whenever a
layout changes: pushing a served seat's hand summary costs three or four whole screens,
closing it two, though most rows come out as they were. Over SSH those bytes are most
of what a move costs. `Shadow` keeps, for each row of one client's terminal, the exact
text last written to it, and turns a full repaint into "move to the row, write it" for
the rows whose text differs. A row's text is its whole width (the compositor fills every
cell of the screen), so once written the terminal's row is that text whatever it held.

The shadow is never wrong, only sometimes unknowing: a partial update (`ChopsUpdate`,
part of a row) makes the rows it touches unknown, so the next full repaint writes them
whole; a resize, or anything written that this does not model, forgets every row.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from rich.color import ColorSystem
from rich.console import Console
from rich.style import Style
from textual._compositor import ChopsUpdate, CompositorUpdate, LayoutUpdate
from textual.strip import Strip

__all__ = ["Shadow", "ShadowUpdate"]


def _move_to(x: int, y: int) -> str:
    return f"\x1b[{y + 1};{x + 1}H"


_SAME_AGAIN = re.compile(r"(\x1b\[([0-9;]+)m)([^\x1b]*)\x1b\[0m\x1b\[\2m")
"""A run in an SGR, its reset, and the same SGR again: the two runs are one."""


@lru_cache(maxsize=8192)
def _sgr(style: Style, system: ColorSystem) -> str:
    return Strip.render_ansi(style, system)


def render_strip(strip: Strip, system: ColorSystem) -> str:
    """A strip as terminal output in `system`'s colours, as `Strip.render` writes it
    (each run in its SGR, then a reset), but never with an SGR worked out for another
    terminal: Textual (`Strip.render_style`) takes a style's `_ansi` where Rich has
    cached it, and Rich caches it once per style for whichever colour system rendered
    it first. One process serves terminals of 16, 256 and 16 million colours, whose
    apps share style objects: a client was sent another client's colours."""
    out: list[str] = []
    for text, style, _ in strip:
        if style is None:
            out.append(text)
            continue
        ansi = _sgr(style, system)
        piece = f"\x1b[{ansi}m{text}\x1b[0m" if ansi else text
        if style._link:
            piece = f"\x1b]8;id={style._link_id};{style._link}\x1b\\{piece}\x1b]8;;\x1b\\"
        out.append(piece)
    return "".join(out)


def render(strips: Iterable[Strip | None], console: Console) -> str:
    """Strips as terminal output, in one form for one look: `render_strip`'s, with
    neighbouring runs of the same SGR joined (the compositor cuts a row differently
    under a dialog than without it, and Textual writes each cut's runs apart), so the
    same row renders to the same text."""
    system = console._color_system or ColorSystem.TRUECOLOR
    text = "".join([render_strip(strip, system) for strip in strips if strip is not None])
    joined = 1
    while joined:
        text, joined = _SAME_AGAIN.subn(r"\1\3", text)
    return text


class Shadow:
    """The rows one terminal shows, as the text that drew each (None: not known)."""

    def __init__(self) -> None:
        self.rows: list[str | None] = []
        self.width = 0

    @property
    def size(self) -> tuple[int, int]:
        """The size of the screen last painted whole (0, 0: none since forgotten). A
        partial update for a screen of another size needs a full repaint first."""
        return self.width, len(self.rows)

    def forget(self) -> None:
        """The terminal may show anything (a resize, a clear, output not modelled)."""
        self.rows = []
        self.width = 0

    def patch(self, update: ChopsUpdate, console: Console) -> str:
        """The output for a partial update: Textual's, less the rows the terminal
        already shows as the compositor holds them.

        The compositor renders, on each row of the update, every widget that meets the
        box around all its regions, and fills each cut no such widget covers with the
        screen's background: so only when that box spans the whole width are all of a
        row's cuts what the row should look like. Then, equal to the shadow's row,
        nothing of it is sent; else it is sent whole when that is no longer than
        Textual's pieces of it (and is then known), else as those pieces. A row sent
        as pieces, or whose cuts are not all known, becomes unknown: besides, the cuts
        outside the update's spans may hold changes Textual has not sent yet (a widget
        whose refresh comes later)."""
        rows = self.rows
        chops = update.chops
        chop_ends = update.chop_ends
        spans: dict[int, list[tuple[int, int]]] = {}
        for y, x1, x2 in update.spans:
            spans.setdefault(y, []).append((x1, x2))
        if not update.spans:
            return ""
        whole_width = (
            min(x1 for _, x1, _ in update.spans) <= 0
            and max(x2 for _, _, x2 in update.spans) >= self.width > 0
        )
        out: list[str] = []
        for y, ranges in spans.items():
            pieces: list[str] = []
            for x1, x2 in ranges:
                for end, (x, strip) in zip(chop_ends[y], chops[y].items(), strict=False):
                    if strip is None or x > x2 or end <= x1:
                        continue
                    if not (x2 > x >= x1 and end <= x2):
                        strip = strip.crop(0, min(end, x2) - x)
                    pieces.append(_move_to(x, y))
                    pieces.append(render((strip,), console))
            strips = chops[y].values()
            if not (whole_width and 0 <= y < len(rows)) or None in strips:
                if 0 <= y < len(rows):
                    rows[y] = None
                out += pieces
                continue
            text = render(strips, console)
            if rows[y] == text:
                continue
            whole = _move_to(0, y) + text
            if len(whole) <= sum(map(len, pieces)):
                rows[y] = text
                out.append(whole)
            else:
                rows[y] = None
                out += pieces
        return "".join(out)

    def repaint(self, lines: Iterable[Iterable[Strip]], width: int, console: Console) -> str:
        """The output that makes the terminal show `lines` (a whole screen of `width`
        columns, one list of strips per row from the top), given what it shows now."""
        if width != self.width:
            self.forget()
            self.width = width
        rows = self.rows
        out: list[str] = []
        height = 0
        for y, line in enumerate(lines):
            text = render(line, console)
            if y == len(rows):
                rows.append(None)
            if rows[y] != text:
                rows[y] = text
                out.append(_move_to(0, y))
                out.append(text)
            height = y + 1
        del rows[height:]
        return "".join(out)


class ShadowUpdate(CompositorUpdate):
    """A compositor's update rendered through a terminal's `Shadow`: what Textual's
    `App._display` writes is then only what changes on the terminal."""

    def __init__(self, update: LayoutUpdate | ChopsUpdate, shadow: Shadow) -> None:
        self.update = update
        self.shadow = shadow
        self._output: str | None = None

    def render_segments(self, console: Console) -> str:
        """The output, worked out once (it updates the shadow: a second call must not
        find the rows already shown and send nothing)."""
        if self._output is None:
            self._output = self._render(console)
        return self._output

    def _render(self, console: Console) -> str:
        update = self.update
        if isinstance(update, ChopsUpdate):
            return self.shadow.patch(update, console)
        region = update.region
        if region.x or region.y:  # (never for a screen: not a whole terminal)
            self.shadow.forget()
            return update.render_segments(console)
        return self.shadow.repaint(update.strips, region.width, console)
