"""A served terminal's shadow (`tt22.serve.render.shadow`): full and partial repaints cut down
to what changes, and the client's terminal (pyte) always equal to the frame meant."""

from __future__ import annotations

import io
import itertools
import re
from dataclasses import dataclass
from pathlib import Path

import pyte
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.color import ColorSystem
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from servekit import Client, cells, open_and_join, record_apps, same, serve, told, until
from textual._compositor import ChopsUpdate, LayoutUpdate
from textual.geometry import Region
from textual.strip import Strip

from tt22.serve.render.shadow import Shadow, ShadowUpdate, render_strip
from tt22.tui.wire import SgrCompressor

STYLES = [Style(), Style(color="red"), Style(color="blue", bgcolor="yellow", bold=True)]
CHARS = ["a", "b", " ", "漢"]  # (漢 takes two cells)

Cell = tuple[str, int]  # a character and its style's index
Chop = list[Cell]  # one chop's characters, filling its width


def _console() -> Console:
    return Console(force_terminal=True, color_system="256", width=200, legacy_windows=False)


@dataclass
class Frame:
    """What the app means the screen to show: each row cut (as the compositor cuts a
    row where widgets meet) into chops of characters."""

    width: int
    cuts: list[list[int]]  # per row: 0, …, width
    chops: list[list[Chop]]  # per row, per cut

    def strips(self, row: int, draw: st.DrawFn) -> list[Strip]:
        """The row as strips, one a chop, each cut into segments anywhere a style may
        repeat (the same row can come out of the compositor cut differently)."""
        return [_strip(chop, draw) for chop in self.chops[row]]


def _strip(chop: Chop, draw: st.DrawFn) -> Strip:
    segments: list[Segment] = []
    for char, style in chop:
        if segments and segments[-1].style is STYLES[style] and draw(st.booleans()):
            last = segments.pop()
            segments.append(Segment(last.text + char, last.style))
        else:
            segments.append(Segment(char, STYLES[style]))
    return Strip(segments, sum(2 if c == "漢" else 1 for c, _ in chop))


def _chop(width: int, draw: st.DrawFn) -> Chop:
    cells: Chop = []
    left = width
    while left:
        char = draw(st.sampled_from(CHARS if left > 1 else CHARS[:-1]))
        cells.append((char, draw(st.integers(0, len(STYLES) - 1))))
        left -= 2 if char == "漢" else 1
    return cells


def _frame(width: int, height: int, draw: st.DrawFn) -> Frame:
    cuts = []
    for _ in range(height):
        inner = draw(st.sets(st.integers(1, width - 1), max_size=3))
        cuts.append([0, *sorted(inner), width])
    chops = [[_chop(b - a, draw) for a, b in itertools.pairwise(row)] for row in cuts]
    return Frame(width, cuts, chops)


def _full(frame: Frame, draw: st.DrawFn) -> LayoutUpdate:
    height = len(frame.chops)
    strips: list[list[Strip]] = [frame.strips(y, draw) for y in range(height)]
    return LayoutUpdate(strips, Region(0, 0, frame.width, height))  # type: ignore[arg-type]


def _chops(frame: Frame, spans: list[tuple[int, int, int]], draw: st.DrawFn) -> ChopsUpdate:
    """The update the compositor makes for `spans`: on each of their rows, every chop
    that meets the box around the spans as the frame holds it, and every other chop
    either not rendered or filled with the screen's background (whatever the frame
    holds there: a widget outside the box is not rendered)."""
    chops: list[dict[int, Strip | None]] = [dict.fromkeys(c[:-1]) for c in frame.cuts]
    left = min((x1 for _, x1, _ in spans), default=0)
    right = max((x2 for _, _, x2 in spans), default=0)
    background = draw(st.integers(0, len(STYLES) - 1))
    for y in {y for y, _, _ in spans}:
        cuts = frame.cuts[y]
        for k, (x, end) in enumerate(itertools.pairwise(cuts)):
            if x < right and end > left:
                chops[y][x] = _strip(frame.chops[y][k], draw)
            elif draw(st.booleans()):
                chops[y][x] = _strip([(" ", background)] * (end - x), draw)
    return ChopsUpdate(chops, spans, [c[1:] for c in frame.cuts])  # type: ignore[arg-type]


def _partial(
    frame: Frame, draw: st.DrawFn, later: list[tuple[int, int]] | None = None
) -> ChopsUpdate:
    """Redraw some chops of some rows (new characters or the same), as the compositor
    does for widgets that refreshed. With `later`, a chop of such a row outside the
    span may change too without being in the update (a widget whose refresh comes
    next, in another update): those are added to `later`."""
    height = len(frame.chops)
    rows = sorted(draw(st.sets(st.integers(0, height - 1), min_size=1, max_size=height)))
    spans: list[tuple[int, int, int]] = []
    for y in rows:
        cuts = frame.cuts[y]
        i = draw(st.integers(0, len(cuts) - 2))
        j = draw(st.integers(i + 1, len(cuts) - 1))
        for k in range(len(cuts) - 1):
            if i <= k < j or (later is not None and draw(st.booleans())):
                if draw(st.booleans()):
                    frame.chops[y][k] = _chop(cuts[k + 1] - cuts[k], draw)
                if not i <= k < j and later is not None:
                    later.append((y, k))
        x1 = draw(st.integers(cuts[i], cuts[i + 1] - 1))  # (a chop is written whole)
        spans.append((y, x1, cuts[j]))
    return _chops(frame, spans, draw)


def _refresh(frame: Frame, chosen: list[tuple[int, int]], draw: st.DrawFn) -> ChopsUpdate:
    """The update that draws the `chosen` chops (row, index) as they are now."""
    spans = [(y, frame.cuts[y][k], frame.cuts[y][k + 1]) for y, k in sorted(set(chosen))]
    return _chops(frame, spans, draw)


def _meant(frame: Frame, console: Console, draw: st.DrawFn) -> list[list[pyte.screens.Char]]:
    """The frame painted whole on a fresh terminal, as Textual alone would paint it."""
    screen = pyte.Screen(frame.width, len(frame.chops))
    pyte.Stream(screen).feed(_full(frame, draw).render_segments(console))
    return cells(screen)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_terminal_always_shows_the_last_frame_meant(data: st.DataObject) -> None:
    """Random sequences of full repaints, partial repaints and resizes, each sent
    through the shadow (and the driver's SGR compressor) to an emulated terminal: after
    every one the terminal equals the frame meant, painted whole on a fresh terminal."""
    draw = data.draw
    console = _console()
    width, height = draw(st.integers(2, 9)), draw(st.integers(1, 4))
    terminal = pyte.Screen(width, height)
    stream = pyte.Stream(terminal)
    shadow, sgr = Shadow(), SgrCompressor()
    frame = _frame(width, height, draw)
    stream.feed(sgr.feed(ShadowUpdate(_full(frame, draw), shadow).render_segments(console)))
    for _ in range(draw(st.integers(1, 10))):
        step = draw(st.sampled_from(["full", "same", "partial", "partial, later", "resize"]))
        if step == "resize":  # the driver forgets; Textual repaints at the new size
            width, height = draw(st.integers(2, 9)), draw(st.integers(1, 4))
            terminal.resize(height, width)
            shadow.forget()
            frame = _frame(width, height, draw)
            update: LayoutUpdate | ChopsUpdate = _full(frame, draw)
        elif step == "full":
            frame = _frame(width, height, draw)
            update = _full(frame, draw)
        elif step == "same":
            update = _full(frame, draw)
        elif step == "partial":
            update = _partial(frame, draw)
        else:  # the widgets refreshed later arrive in the next update
            later: list[tuple[int, int]] = []
            update = _partial(frame, draw, later)
            stream.feed(sgr.feed(ShadowUpdate(update, shadow).render_segments(console)))
            update = _refresh(frame, later, draw)
        stream.feed(sgr.feed(ShadowUpdate(update, shadow).render_segments(console)))
        assert cells(terminal) == _meant(frame, console, draw), step


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_what_the_terminal_shows_is_not_sent_again(data: st.DataObject) -> None:
    """A full repaint of the frame shown (however the compositor cuts its rows) sends
    nothing, and a partial one sends only the rows it changes."""
    draw = data.draw
    console = _console()
    shadow = Shadow()
    frame = _frame(draw(st.integers(2, 9)), draw(st.integers(1, 4)), draw)
    assert ShadowUpdate(_full(frame, draw), shadow).render_segments(console)
    assert ShadowUpdate(_full(frame, draw), shadow).render_segments(console) == ""
    before = [list(map(list, row)) for row in frame.chops]
    partial = _partial(frame, draw)
    sent = ShadowUpdate(partial, shadow).render_segments(console)
    changed = {y for y, row in enumerate(frame.chops) if row != before[y]}
    spans = partial.spans
    whole = min(x1 for _, x1, _ in spans) == 0 and max(x2 for _, _, x2 in spans) == frame.width
    unknown = {y for y, _, _ in spans if not whole or None in partial.chops[y].values()}
    rows = {int(y) - 1 for y in re.findall(r"\x1b\[(\d+);\d+H", sent)}
    assert changed <= rows <= changed | unknown


async def test_served_screens_are_what_the_app_means(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two people and two bots play a whole match of 22 over SSH: at each person's turn,
    after a summary of the scores is pushed over the table and closed, the move log
    toggled and the terminal resized, the client's emulated terminal equals the app's
    own rendering of its screen."""
    apps = record_apps(monkeypatch)
    server = await serve(tmp_path)
    ann, bob = Client("ann"), Client("bob")
    try:
        await ann.connect(server.port)
        await bob.connect(server.port, width=100, height=30)
        await same(ann, apps["ann"], "in the lobby")
        table = await open_and_join(ann, bob, server)
        seats = {0: ann, 1: bob}
        turns = 0
        while table.status == "playing":
            seat = table.game.to_move(table.state)
            before = table.moves
            if seat not in seats:
                await until(lambda b=before: table.moves > b or table.status != "playing", "a bot")
                continue
            client, app = seats[seat], apps[seats[seat].name]
            await until(
                lambda c=client: ("Your" in c.text or "Exchange:" in c.text) and told(table),
                "a turn",
            )
            await same(client, app, f"at turn {turns}")
            if turns % 4 == 1:
                table_screen = app.screen
                client.press("s")  # the scores, over the table
                await client.see("Penalty totals")
                await same(client, app, "under the scores")
                client.press("\x1b")
                await until(lambda a=app, s=table_screen: a.screen is s, "the scores to close")
                await same(client, app, "with the scores closed")
            if turns % 4 == 2:
                client.press("m")  # the move log, beside the table or not
                await same(client, app, "with the log toggled")
            if turns % 4 == 3:
                width, height = (90, 26) if client.screen.columns == 80 else (80, 24)
                client.screen.resize(height, width)
                client.proc.change_terminal_size(width, height)
                await until(lambda a=app, w=width: a.size.width == w, "the resize")
                await same(client, app, f"at {width}x{height}")
            view = table.game.view(table.state, seat)
            client.press("\r" if view.exchanging else "d")
            await until(lambda b=before: table.moves > b, "the move")
            turns += 1
        assert turns > 10
        for client in (ann, bob):
            await client.see("Match over")
            await same(client, apps[client.name], "at the end")
    finally:
        await ann.close()
        await bob.close()
        await server.close()


def test_each_terminal_gets_its_own_colours() -> None:
    """Rich caches a style's SGR for the first console that renders it, and Textual's
    `Strip.render` uses that cache: a style rendered for a 16-colour terminal was sent
    to a 256-colour one in its 16 colours (failed in a whole test run, where earlier
    tests had rendered the key bar's styles)."""
    style = Style(color="#ffaf00", bgcolor="#00005f", bold=True)
    Console(color_system="standard", force_terminal=True, file=io.StringIO()).print(
        "x", style=style
    )
    assert style._ansi is not None  # (cached, in 16 colours)
    strip = Strip([Segment("←→", style)])
    for system, console in [
        (ColorSystem.EIGHT_BIT, Console(color_system="256", force_terminal=True)),
        (ColorSystem.TRUECOLOR, Console(color_system="truecolor", force_terminal=True)),
    ]:
        want = f"\x1b[{Strip.render_ansi(style, system)}m←→\x1b[0m"
        assert render_strip(strip, system) == want
        assert Shadow().repaint([[strip]], 2, console) == "\x1b[1;1H" + want
