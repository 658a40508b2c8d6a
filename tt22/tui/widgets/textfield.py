"""One line of text to type: a name, a seed, a number, after its label. In place of
Textual's `Input` (and the `Label` and row beside it) on the new-game screen.

Why not `Input`: the new-game screen held seven of them, and each is costly to mount
(a cursor-blink timer, four component classes styled at each layout, validation that
restyles it as it is built): they were about 40% of what the screen took to open,
against the 150 ms a screen may take (issue 10). This is one plain widget for the
whole field: like a `Choice`, it draws its own label in a column of `label_width` cells
(wrapped at spaces when longer, never cut), so a field costs the screen one widget to
mount, style and lay out, not three.

What it does, as `Input` did there: printable characters are typed at the cursor (up
to `max_length`; digits and a leading minus only for `type="integer"`); ←/→, Home/End
move; Backspace and Delete erase; a paste inserts its first line. The whole value is
selected when the field takes the focus (typing replaces it, as in `Input`); a move
ends the selection. A click takes the focus and puts the cursor there (on the label:
the focus only, the value still selected). Enter and Tab are left to the screen. The
value is drawn as printable text only (never markup nor a control character); an empty
field shows its placeholder, dimmed. The cursor and the selection are drawn in reverse,
which stays visible without colour (NO_COLOR). The box the value is typed in is the
`textfield--box` part (a lighter background).
"""

from __future__ import annotations

import re
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from tt22.safe import printable
from tt22.tui.widgets.choice import wrap_label

__all__ = ["TextField"]

_INTEGER = re.compile(r"-?[0-9]*")


class TextField(Widget, can_focus=True):
    """A one-line text box after its `label` (see the module's docstring). `value`
    reads and sets it."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"textfield--box"}

    DEFAULT_CSS = """
    TextField {
        height: auto;
        width: 1fr;
    }
    TextField > .textfield--box {
        background: $boost;
    }
    """

    class Changed(Message):
        """The value changed (by a key, a paste or `value`)."""

        def __init__(self, field: TextField, value: str) -> None:
            super().__init__()
            self.field = field
            self.value = value

        @property
        def control(self) -> TextField:
            return self.field

    def __init__(
        self,
        value: str = "",
        *,
        placeholder: str = "",
        type: str = "text",
        max_length: int = 0,
        label: str = "",
        label_width: int = 28,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.label = label
        self.label_width = label_width if label else 0
        self.placeholder = placeholder
        self.type = type
        self.max_length = max_length
        self._value = value
        self.cursor = len(value)
        self.selected = False  # the whole value, after taking the focus
        self._offset = 0  # the first character shown (a value wider than the field)

    @property
    def value(self) -> str:
        return self._value

    @value.setter
    def value(self, value: str) -> None:
        if value == self._value:
            return
        self._value = value
        self.cursor = len(value)
        self.selected = False
        self.refresh()
        self.post_message(self.Changed(self, value))

    # ------------------------------------------------------------------ typing
    def _allowed(self, value: str) -> bool:
        if self.max_length and len(value) > self.max_length:
            return False
        return self.type != "integer" or _INTEGER.fullmatch(value) is not None

    def insert(self, text: str) -> None:
        """`text` typed at the cursor (over the selection), if the field allows it."""
        text = "".join(ch for ch in text if ch.isprintable())
        if not text:
            return
        before, after = self._value[: self.cursor], self._value[self.cursor :]
        if self.selected:
            before, after = "", ""
        value = before + text + after
        if not self._allowed(value):
            return
        self.value = value
        self.cursor = len(before) + len(text)
        self.refresh()

    def _erase(self, start: int, end: int) -> None:
        value = self._value[:start] + self._value[end:]
        if value != self._value and self._allowed(value):
            self.value = value
            self.cursor = start
            self.refresh()

    def _move(self, cursor: int) -> None:
        self.cursor = max(0, min(len(self._value), cursor))
        self.selected = False
        self.refresh()

    def on_key(self, event: events.Key) -> None:
        key = event.key
        if key in ("left", "right", "home", "end"):
            if self.selected and key in ("left", "right"):
                target = 0 if key == "left" else len(self._value)
            else:
                target = {
                    "left": self.cursor - 1,
                    "right": self.cursor + 1,
                    "home": 0,
                    "end": len(self._value),
                }[key]
            self._move(target)
        elif key in ("backspace", "ctrl+h"):
            if self.selected:
                self._erase(0, len(self._value))
            elif self.cursor:
                self._erase(self.cursor - 1, self.cursor)
        elif key == "delete":
            if self.selected:
                self._erase(0, len(self._value))
            else:
                self._erase(self.cursor, self.cursor + 1)
        elif event.is_printable and event.character:
            self.insert(event.character)
        else:
            return  # (Enter, Tab, the screen's keys: not the field's)
        event.stop()
        event.prevent_default()

    def on_paste(self, event: events.Paste) -> None:
        self.insert(event.text.splitlines()[0] if event.text else "")
        event.stop()

    def on_focus(self, event: events.Focus) -> None:
        self.selected = bool(self._value)
        self.cursor = len(self._value)
        self.refresh()

    def on_blur(self, event: events.Blur) -> None:
        self.selected = False
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        """The cursor to the character clicked (after the value's end: at its end); on
        the label, the focus only."""
        if event.x < self.label_width or event.y > 0:
            return
        cells = event.x - self.label_width + self._cells_before(self._offset)
        at = 0
        while at < len(self._value) and self._cells_before(at + 1) <= cells:
            at += 1
        self._move(at)

    # ------------------------------------------------------------------ drawing
    def _cells_before(self, index: int) -> int:
        return cell_len(printable(self._value[:index], 10_000))

    def _label_lines(self) -> list[str]:
        if not self.label:
            return []
        return wrap_label(self.label, max(4, self.label_width - 1))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self._label_lines()))

    def _box(self) -> Text:
        """The value (or the placeholder) as shown in a box `width` cells wide."""
        width = max(1, self.size.width - self.label_width)
        if not self._value:
            text = Text(printable(self.placeholder, 200), style="dim")
            if self.has_focus:
                text = Text(" ", style="reverse") + text
            return text
        shown = printable(self._value, 10_000)
        # Keep the cursor in view: scroll by whole characters.
        if self.cursor < self._offset:
            self._offset = self.cursor
        while self._cells_before(self.cursor) - self._cells_before(self._offset) >= width:
            self._offset += 1
        start = len(printable(self._value[: self._offset], 10_000))
        text = Text(shown[start:])
        if self.has_focus:
            if self.selected:
                text.stylize("reverse")
            else:
                at = len(printable(self._value[: self.cursor], 10_000)) - start
                if at >= len(text.plain):
                    text.append(" ")
                text.stylize("reverse", at, at + 1)
        return text

    def render(self) -> Text:
        box = self._box()
        width = max(1, self.size.width - self.label_width)
        box.truncate(width, overflow="crop", pad=True)
        box.stylize_before(self.get_component_rich_style("textfield--box"))
        lines = self._label_lines()
        if not lines:
            return box
        out = Text(lines[0] + " " * (self.label_width - cell_len(lines[0])))
        out.append_text(box)
        for line in lines[1:]:
            out.append("\n" + line)
        return out
