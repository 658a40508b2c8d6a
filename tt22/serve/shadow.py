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

from collections.abc import Iterable

from rich.color import ColorSystem
from rich.console import Console
from textual._compositor import ChopsUpdate, CompositorUpdate, LayoutUpdate
from textual.strip import Strip

__all__ = ["Shadow", "ShadowUpdate"]


def _move_to(x: int, y: int) -> str:
    return f"\x1b[{y + 1};{x + 1}H"


def render(strips: Iterable[Strip | None], console: Console) -> str:
    """Strips as terminal output, in one form for one look: neighbouring runs whose
    styles render alike are one run (the compositor cuts a row differently under a
    dialog than without it, and Textual writes each cut's runs apart), so the same row
    always renders to the same text. Otherwise as `Strip.render`: each run in its SGR,
    then a reset."""
    system = console._color_system or ColorSystem.TRUECOLOR
    out: list[str] = []
    run: list[str] = []
    sgr = ""
    for strip in strips:
        if strip is None:
            continue
        for text, style, _ in strip:
            if style is None:
                ansi = ""
            elif style._link:  # (a link's id is its own: never joined)
                out.append(f"\x1b[{sgr}m{''.join(run)}\x1b[0m" if sgr else "".join(run))
                run, sgr = [], ""
                out.append(Strip.render_style(style, text, system))
                continue
            else:
                cached = style._ansi
                ansi = Strip.render_ansi(style, system) if cached is None else cached
            if ansi != sgr and run:
                out.append(f"\x1b[{sgr}m{''.join(run)}\x1b[0m" if sgr else "".join(run))
                run = []
            sgr = ansi
            run.append(text)
    if run:
        out.append(f"\x1b[{sgr}m{''.join(run)}\x1b[0m" if sgr else "".join(run))
    return "".join(out)


class Shadow:
    """The rows one terminal shows, as the text that drew each (None: not known)."""

    def __init__(self) -> None:
        self.rows: list[str | None] = []
        self.width = 0

    def forget(self) -> None:
        """The terminal may show anything (a resize, a clear, output not modelled)."""
        self.rows = []
        self.width = 0

    def patch(self, update: ChopsUpdate, console: Console) -> str:
        """The output for a partial update: Textual's, less the rows the terminal
        already shows as the compositor holds them.

        The compositor renders every cut of a row the update's region crosses, so when
        those cover the whole row, the row as it should look is known. Equal to the
        shadow's, nothing of it is sent. Otherwise the row is sent whole when that is
        no longer than Textual's pieces of it (and is then known), else as those
        pieces, and it becomes unknown: the cuts outside the update's spans may hold
        changes Textual has not sent yet (a widget whose refresh comes later), so the
        row the compositor holds is not the row the terminal shows."""
        rows = self.rows
        chops = update.chops
        chop_ends = update.chop_ends
        spans: dict[int, list[tuple[int, int]]] = {}
        for y, x1, x2 in update.spans:
            spans.setdefault(y, []).append((x1, x2))
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
            if not 0 <= y < len(rows) or None in strips:
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

    def render_segments(self, console: Console) -> str:
        update = self.update
        if isinstance(update, ChopsUpdate):
            return self.shadow.patch(update, console)
        region = update.region
        if region.x or region.y:  # (never for a screen: not a whole terminal)
            self.shadow.forget()
            return update.render_segments(console)
        return self.shadow.repaint(update.strips, region.width, console)
