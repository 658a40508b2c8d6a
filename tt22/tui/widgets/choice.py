"""One light choice control: `Label   ‹ value ›` drawn by a single widget, cycled with
the keys or the mouse, in place of Textual's `Select` (and the `Label` and row beside
it).

Why not `Select`: each one builds an overlay and an option list when it is mounted, and
the new-game and settings screens held five to nine of them, so those screens took up
to three times the 150 ms a screen may take to open (issue 10). Every widget a screen
mounts is styled again at each focus and layout change, so a `Choice` is one widget for
the whole field: its label (wrapped at its spaces when longer than the label column,
never cut), its value, and a `note` under the value when the field has one (22's
largest set beside its decks), dimmed.

Keys: ←/→ step through the options, Enter and Space step forward. The mouse: a click
on `‹` steps back, on the value forward; on the label (or a note) it only takes the focus. The
value's width is its widest option's, so nothing after it moves as it changes. In the
ASCII style the arrows are `<` and `>`. The focused value is drawn in reverse and bold,
which stays visible without colour (NO_COLOR).

The options, the one chosen and the drawing are a `Pick` (no widget), which a form that
draws several fields in one widget (the new-game screen's rules) uses for each of its
choice rows.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

__all__ = ["Choice", "Pick", "wrap_label"]


def wrap_label(label: str, width: int) -> list[str]:
    """`label` in lines of at most `width` cells, broken at spaces (a word longer than
    the line is folded): a label is never cut."""
    lines: list[str] = []
    line = ""
    for word in label.split(" "):
        candidate = f"{line} {word}" if line else word
        if cell_len(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        for ch in word:  # a word wider than the line: folded where it meets the edge
            if cell_len(line + ch) > width:
                lines.append(line)
                line = ""
            line += ch
    lines.append(line)
    return lines


class Pick:
    """The options of a choice ((words, value) pairs), the one chosen, and the field
    drawn: `label` in a column of `label_width` cells, `‹ words ›`, and an optional
    `note` under the value. The methods that choose return whether the value changed."""

    def __init__(
        self,
        options: Sequence[tuple[str, Hashable]],
        value: Hashable,
        *,
        label: str = "",
        label_width: int = 28,
        note: str = "",
    ) -> None:
        if not options:
            raise ValueError("a choice needs at least one option")
        self.options = [(str(words), v) for words, v in options]
        self.index = self.index_of(value)
        self.label = label
        self.label_width = label_width if label else 0
        self.note = note

    def index_of(self, value: Hashable) -> int:
        for i, (_words, v) in enumerate(self.options):
            if v == value and type(v) is type(value):  # (False is not 0, nor True 1)
                return i
        for i, (_words, v) in enumerate(self.options):
            if v == value:
                return i
        raise ValueError(f"{value!r} is not one of the choices")

    @property
    def value(self) -> Hashable:
        return self.options[self.index][1]

    @property
    def words(self) -> str:
        """The value as shown."""
        return self.options[self.index][0]

    def select(self, index: int) -> bool:
        changed = index != self.index
        self.index = index
        return changed

    def step(self, step: int) -> bool:
        return self.select((self.index + step) % len(self.options))

    def set_options(self, options: Sequence[tuple[str, Hashable]]) -> bool:
        """New options, keeping the value when it is still one of them, else the
        first."""
        if not options:
            raise ValueError("a choice needs at least one option")
        old = self.value
        self.options = [(str(words), v) for words, v in options]
        try:
            self.index = self.index_of(old)
        except ValueError:
            self.index = 0
        return self.value != old

    def click(self, x: int, y: int) -> int:
        """The step a click at (`x`, `y`) makes: back on `‹`, on on the value, none on
        the label or the note."""
        if x < self.label_width or y > 0:
            return 0
        return -1 if x <= self.label_width + 1 else 1

    def words_width(self) -> int:
        return max(cell_len(words) for words, _v in self.options)

    def label_lines(self) -> list[str]:
        if not self.label:
            return []
        return wrap_label(self.label, max(4, self.label_width - 1))

    def width(self) -> int:
        return self.label_width + max(self.words_width() + 4, cell_len(self.note))

    def height(self) -> int:
        return max(1 + bool(self.note), len(self.label_lines()))

    def text(self, focused: bool, ascii_style: bool) -> Text:
        left, right = ("<", ">") if ascii_style else ("‹", "›")
        words = self.words
        pad = " " * (self.words_width() - cell_len(words))
        value = Text(f"{left} {words} {right}", style="bold reverse" if focused else "")
        lines = self.label_lines() or [""]
        if self.note and len(lines) < 2:
            lines.append("")
        out = Text(lines[0] + " " * (self.label_width - cell_len(lines[0])))
        out.append_text(value)
        out.append(pad)
        for row, line in enumerate(lines[1:], 1):
            out.append("\n" + line)
            if row == 1 and self.note:
                out.append(" " * (self.label_width - cell_len(line)))
                out.append(self.note, style="dim")
        return out


class Choice(Widget, can_focus=True):
    """A value out of `options` ((words, value) pairs), shown as `‹ words ›`, after the
    field's `label` in a column of `label_width` cells (no label: the value alone),
    with an optional `note` on the line under the value.

    Setting `value` (by a key, a click or the program) posts `Choice.Changed` when the
    value is a new one, as `Select` did, so a screen reacts alike to a person and a test.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Previous", show=False),
        Binding("right", "step(1)", "Next", show=False),
        Binding("enter,space", "step(1)", "Next", show=False),
    ]

    DEFAULT_CSS = """
    Choice {
        width: auto;
        height: auto;
    }
    """

    class Changed(Message):
        """The choice now holds `value`."""

        def __init__(self, choice: Choice, value: Hashable) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(
        self,
        options: Sequence[tuple[str, Hashable]],
        value: Hashable,
        *,
        label: str = "",
        label_width: int = 28,
        note: str = "",
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.pick = Pick(options, value, label=label, label_width=label_width, note=note)

    @property
    def label(self) -> str:
        return self.pick.label

    @property
    def label_width(self) -> int:
        return self.pick.label_width

    @property
    def note(self) -> str:
        return self.pick.note

    @property
    def options(self) -> list[tuple[str, Hashable]]:
        return list(self.pick.options)

    @property
    def value(self) -> Hashable:
        return self.pick.value

    @value.setter
    def value(self, value: Hashable) -> None:
        self._chosen(self.pick.select(self.pick.index_of(value)))

    @property
    def words(self) -> str:
        """The value as shown."""
        return self.pick.words

    def set_options(self, options: Sequence[tuple[str, Hashable]]) -> None:
        """New options (new words, say), keeping the value when it is still one of them,
        else the first; Changed only when the value changes."""
        changed = self.pick.set_options(options)
        self.refresh(layout=True)
        if changed:
            self.post_message(self.Changed(self, self.value))

    def _chosen(self, changed: bool) -> None:
        if changed:
            self.refresh()  # (the width is the widest option's: no new layout)
            self.post_message(self.Changed(self, self.value))

    def action_step(self, step: int) -> None:
        self._chosen(self.pick.step(step))

    # ------------------------------------------------------------------ drawing
    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.pick.width()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.pick.height()

    def render(self) -> Text:
        ascii_style = bool(getattr(self.app, "ascii_cards", False))
        return self.pick.text(self.has_focus, ascii_style)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.focus()
        step = self.pick.click(event.x, event.y)
        if step:
            self.action_step(step)
