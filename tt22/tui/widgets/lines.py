"""Repaint only the lines that changed.

Textual sends a widget's whole region to the terminal when it is refreshed, and a
relayout when its height may have changed. Over an SSH link every byte is latency, and
a move changes a line or two of the table: these helpers compare what a widget will
draw with what it drew and refresh just the lines that differ (a relayout only when
the number of lines changes).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Self

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.segment import Segment
from rich.text import Text
from textual.css.scalar import Unit
from textual.geometry import Region
from textual.reactive import Reactive
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget
from textual.widgets import Static

__all__ = [
    "DrawnLines",
    "RenderedLines",
    "SimpleLines",
    "StripLines",
    "TextLines",
    "fit_cells",
    "line_cells",
    "refresh_changed",
    "refresh_changed_text",
    "rendered_lines",
    "text_segments",
    "wrap_text",
]


class SimpleLines(Widget):
    """A widget whose lines go out with neighbouring runs of one style merged: Rich
    draws a table cell, its padding and each word as separate segments, and every
    segment costs the terminal a full colour sequence and a reset."""

    # No links in these lines (all text is shown literally): Textual would work out a
    # link style and look for links in every line it renders, every time.
    auto_links = Reactive(False)

    def render_line(self, y: int) -> Strip:
        return super().render_line(y).simplify()


class StripLines(SimpleLines):
    """A `SimpleLines` drawn as `Text` that renders its lines once per change.

    Textual renders a refreshed widget whole (every line) before it repaints even one
    of its lines, and a widget that repaints only its changed lines has rendered them
    once already to find which changed: at a served table every move did that twice
    for each of the four screens' message, trick and hand. Here `strips` renders the
    widget's `render()` as Textual does (`Visual.to_strips`, its CSS colours), keeps
    the strips, and `render_line` hands them out; the widget compares old and new
    strips to find what changed (`refresh_changed_strips`) and calls `forget_strips`
    whenever what `render()` returns changes."""

    _strips: list[Strip] | None = None
    _strips_key: object = None

    def strips(self) -> list[Strip]:
        """The widget's lines at its width as Textual draws them (none before it has a
        width)."""
        width, height = self.size
        if not width:
            return []
        key = (width, height, self.visual_style, self.text_selection)
        if self._strips is None or self._strips_key != key:
            visual = visualize(self, self.render(), markup=False)
            strips = Visual.to_strips(self, visual, width, None, self.visual_style)
            self._strips = [strip.simplify() for strip in strips]
            self._strips_key = key
        return self._strips

    def forget_strips(self) -> None:
        """What `render()` returns changed: render again when next asked."""
        self._strips = None

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        # A refresh of the whole widget may come from anything Textual watches (a
        # reactive, a style): render afresh. A refresh of some lines is the widget's
        # own, after it rendered its new lines to find which changed.
        if repaint and not regions:
            self._strips = None
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if not width or self.styles.content_align != ("left", "top"):
            return super().render_line(y)  # (aligned in its area: Textual's way)
        strips = self.strips()
        if y < len(strips):
            return strips[y]
        return Strip.blank(width, self.visual_style.rich_style)


def refresh_changed_strips(
    widget: StripLines, old: Sequence[Strip], new: Sequence[Strip], *, layout: bool = False
) -> None:
    """`refresh_changed` for a `StripLines` (a relayout also when `layout`: its number
    of lines changes, as its `get_content_height` counts them)."""
    if layout:
        widget.refresh(layout=True)
        return
    refresh_changed(widget, [tuple(x) for x in old], [tuple(x) for x in new])


def rendered_lines(widget: Widget, renderable: RenderableType, width: int) -> list[Any]:
    """`renderable` as the lines of segments it draws at `width` cells."""
    console = widget.app.console
    options = console.options.update_width(max(1, width))
    return [tuple(line) for line in console.render_lines(renderable, options, pad=False)]


class DrawnLines:
    """Lines a widget has already rendered (by `rendered_lines`), drawn again as they
    are. A widget that renders its lines to find what changed hands these to Textual
    instead of its renderable, so a repaint does not lay out the same table twice."""

    def __init__(self, lines: Sequence[tuple[Any, ...]]) -> None:
        self.lines = lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        new_line = Segment.line()
        for line in self.lines:
            yield from line
            yield new_line


def line_cells(line: tuple[Any, ...]) -> list[tuple[str, object]]:
    """A line of segments as (character, style) per cell (a wide character's second
    cell is an empty string)."""
    out: list[tuple[str, object]] = []
    for seg in line:
        text = getattr(seg, "text", "")
        style = seg.style
        if text.isascii():  # (one cell each: the usual case, faster)
            out.extend([(ch, style) for ch in text])
            continue
        for ch in text:
            out.append((ch, style))
            if cell_len(ch) == 2:
                out.append(("", style))
    return out


def _span(a: object, b: object, width: int) -> tuple[int, int]:
    """The cells [start, end) in which two rendered lines differ. Textual sends a
    refreshed line from the widget's left edge to the region's end, so the end is
    what saves bytes: a change at the start of a line costs only that start."""
    if isinstance(a, tuple) and isinstance(b, tuple):
        ca, cb = line_cells(a), line_cells(b)
        blank = (" ", None)
        n = max(len(ca), len(cb))
        ca += [blank] * (n - len(ca))
        cb += [blank] * (n - len(cb))
        diff = [i for i in range(n) if ca[i] != cb[i]]
        if not diff:
            return 0, width
        start, end = diff[0], diff[-1] + 1
        if end < n and cb[end][0] == "":
            end += 1  # (the second cell of a wide character)
        return min(start, width), min(max(end, start + 1), width)
    return 0, width


def text_segments(widget: Widget, text: Text) -> tuple[Any, ...]:
    """One line of `text` as the segments it draws, to compare lines with `_span`."""
    return tuple(s for s in text.render(widget.app.console, end="") if s.text)


def _min_lines(widget: Widget) -> int:
    """The widget's CSS min-height in lines (0 when it has none in cells)."""
    m = widget.styles.min_height
    return int(m.value) if m is not None and m.unit == Unit.CELLS else 0


def refresh_changed(widget: Widget, old: Sequence[object], new: Sequence[object]) -> None:
    """Refresh the lines of `widget` that differ between `old` and `new`, and in them
    only from the first cell that differs; a relayout only if the widget's height
    changes (nothing at all when they are the same)."""
    floor = _min_lines(widget)
    if max(len(old), floor) != max(len(new), floor):
        widget.refresh(layout=True)
        return
    width = max(1, widget.content_region.width)
    regions = []
    for y in range(max(len(old), len(new))):
        a = old[y] if y < len(old) else None
        b = new[y] if y < len(new) else None
        if a != b:
            x0, x1 = _span(a, b, width)
            regions.append(Region(x0, y, max(1, x1 - x0), 1))
    if regions:
        widget.refresh(*regions)


def refresh_changed_text(widget: Widget, old: Sequence[Text], new: Sequence[Text]) -> None:
    """`refresh_changed` for a widget drawn as lines of `Text` (one `Text` per line)."""
    refresh_changed(
        widget, [text_segments(widget, x) for x in old], [text_segments(widget, x) for x in new]
    )


class TextLines(Static, StripLines):
    """A `Text` wrapped to the widget's width; `update` repaints the changed lines only
    (a Static repaints all of them and lays the screen out again)."""

    DEFAULT_CSS = """
    TextLines { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text = Text()
        self._wrapped: dict[int, list[Text]] = {}

    @property
    def text(self) -> Text:
        return self._text

    def lines(self, width: int | None = None) -> list[Text]:
        width = max(1, width or self.content_region.width or 80)
        if width not in self._wrapped:
            wrapped = self._text.wrap(self.app.console, width, overflow="fold")
            self._wrapped[width] = list(wrapped) or [Text("")]
        return self._wrapped[width]

    def fits(self, text: Text) -> bool:
        """Whether `text`, wrapped at this widget's width, is whole within its max-height
        (True before the widget has a width, or when it has no max-height in cells)."""
        width = self.content_region.width
        m = self.styles.max_height
        if not width or m is None or m.unit != Unit.CELLS:
            return True
        wrapped = text.wrap(self.app.console, width, overflow="fold")
        return len(wrapped) <= int(m.value)

    def update(self, text: Text) -> None:  # type: ignore[override]
        if text == self._text and text.style == self._text.style:
            return  # the same words: nothing to send
        width = self.content_region.width
        ready = bool(width) and self.is_mounted
        old = self.strips() if ready else []
        count = len(self.lines(width)) if ready else 0
        self._text = text
        self._wrapped = {}
        self.forget_strips()
        if not ready:
            self.refresh(layout=True)
            return
        floor = _min_lines(self)
        relayout = max(count, floor) != max(len(self.lines(width)), floor)
        refresh_changed_strips(self, old, self.strips(), layout=relayout)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self.lines(width))

    def render(self) -> Text:
        return Text("\n").join(self.lines())


class RenderedLines(SimpleLines):
    """Any renderable (a Rich table, say) drawn to the widget's width; `update` repaints
    only the lines that changed, and lays the screen out only when their number does
    (a `Static` repaints every line and lays the screen out at each update: at a table
    served over SSH, a move's bytes and work)."""

    DEFAULT_CSS = """
    RenderedLines { height: auto; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._renderable: RenderableType = Text("")
        self._lines: list[tuple[Any, ...]] = []  # as last drawn ...
        self._width = 0  # ... at this width

    def update(self, renderable: RenderableType) -> None:
        self._renderable = renderable
        width = self.content_region.width
        if not width or not self.is_mounted:
            self._lines, self._width = [], 0
            self.refresh(layout=True)
            return
        old = self._lines if self._width == width else []
        new = rendered_lines(self, renderable, width)
        self._lines, self._width = new, width
        if not old:
            self.refresh(layout=True)
        elif old != new:
            refresh_changed(self, old, new)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        if not (self._lines and width == self._width):
            # Measured by drawing it: kept, so the paint that follows draws it no more.
            self._lines, self._width = rendered_lines(self, self._renderable, width), width
        return len(self._lines)

    def render(self) -> RenderableType:
        if self._lines and self._width == self.size.width:
            return DrawnLines(self._lines)
        return self._renderable


def fit_cells(text: str, width: int) -> str:
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


def wrap_text(line: Text, width: int, indent: int) -> list[Text]:
    """`line` wrapped at spaces to `width` cells, later lines indented by `indent`."""
    if line.cell_len <= width:
        return [line]
    indent = min(indent, width // 2)
    first, rest = _split_at(line, width)
    out = [first]
    while rest.cell_len:
        part, rest = _split_at(rest, width - indent)
        out.append(Text(" " * indent) + part)
    return out


def _split_at(line: Text, width: int) -> tuple[Text, Text]:
    """The longest head of `line` that fits `width` and ends before a space, preferably
    after a comma (a hard cut when there is no space), and the rest without its leading
    spaces."""
    plain = line.plain
    if cell_len(plain) <= width:
        return line, Text("")
    cut = comma = 0
    for i, ch in enumerate(plain):
        if cell_len(plain[: i + 1]) > width:
            break
        if ch == " ":
            cut = i
            if i and plain[i - 1] == ",":
                comma = i
    if comma > width // 2:
        cut = comma  # keep "name cards" together: break between plays
    if cut == 0:
        cut = len(fit_cells(plain, width).rstrip().rstrip("…")) or 1
    head = line[:cut]
    tail = line[cut:]
    skip = len(tail.plain) - len(tail.plain.lstrip(" "))
    return head, tail[skip:]
