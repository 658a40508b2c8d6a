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

The editing itself is a `LineEdit` (no widget), which a form that draws several fields
in one widget (the new-game screen's rules) uses for each of its text rows.
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

from tt22.core.safe import printable
from tt22.tui.widgets.choice import wrap_label

__all__ = ["LineEdit", "TextField"]

_INTEGER = re.compile(r"-?[0-9]*")


class LineEdit:
    """A line of text being edited: the value, the cursor, the whole value selected
    (after taking the focus), and the keys, pastes and clicks that change them. Each
    method that edits returns whether the value changed."""

    def __init__(
        self, value: str = "", *, placeholder: str = "", type: str = "text", max_length: int = 0
    ) -> None:
        self.value = value
        self.placeholder = placeholder
        self.type = type
        self.max_length = max_length
        self.cursor = len(value)
        self.selected = False  # the whole value, after taking the focus
        self.offset = 0  # the first character shown (a value wider than the box)

    def set(self, value: str) -> bool:
        """The whole value replaced (the cursor at its end)."""
        if value == self.value:
            return False
        self.value = value
        self.cursor = len(value)
        self.selected = False
        return True

    def allowed(self, value: str) -> bool:
        if self.max_length and len(value) > self.max_length:
            return False
        return self.type != "integer" or _INTEGER.fullmatch(value) is not None

    def insert(self, text: str) -> bool:
        """`text` typed at the cursor (over the selection), if the field allows it."""
        text = "".join(ch for ch in text if ch.isprintable())
        if not text:
            return False
        before, after = self.value[: self.cursor], self.value[self.cursor :]
        if self.selected:
            before, after = "", ""
        value = before + text + after
        if not self.allowed(value):
            return False
        self.set(value)
        self.cursor = len(before) + len(text)
        return True

    def erase(self, start: int, end: int) -> bool:
        value = self.value[:start] + self.value[end:]
        if value == self.value or not self.allowed(value):
            return False
        self.set(value)
        self.cursor = start
        return True

    def move(self, cursor: int) -> None:
        self.cursor = max(0, min(len(self.value), cursor))
        self.selected = False

    def key(self, event: events.Key) -> bool | None:
        """A key: None when it is not the field's (Enter, Tab, the screen's keys), else
        whether the value changed."""
        key = event.key
        if key in ("left", "right", "home", "end"):
            if self.selected and key in ("left", "right"):
                target = 0 if key == "left" else len(self.value)
            else:
                target = {
                    "left": self.cursor - 1,
                    "right": self.cursor + 1,
                    "home": 0,
                    "end": len(self.value),
                }[key]
            self.move(target)
            return False
        if key in ("backspace", "ctrl+h", "delete"):
            if self.selected:
                return self.erase(0, len(self.value))
            if key == "delete":
                return self.erase(self.cursor, self.cursor + 1)
            return bool(self.cursor) and self.erase(self.cursor - 1, self.cursor)
        if event.is_printable and event.character:
            return self.insert(event.character)
        return None

    def paste(self, text: str) -> bool:
        """A paste: its first line typed."""
        return self.insert(text.splitlines()[0] if text else "")

    def focus(self) -> None:
        self.selected = bool(self.value)
        self.cursor = len(self.value)

    def click(self, x: int) -> None:
        """The cursor to the character at `x` cells into the box (after the value's
        end: at its end)."""
        cells = x + self._cells_before(self.offset)
        at = 0
        while at < len(self.value) and self._cells_before(at + 1) <= cells:
            at += 1
        self.move(at)

    def _cells_before(self, index: int) -> int:
        return cell_len(printable(self.value[:index], 10_000))

    def box(self, width: int, focused: bool) -> Text:
        """The value (or the placeholder) as shown in a box `width` cells wide, padded
        to it, the cursor or the selection in reverse when `focused`."""
        width = max(1, width)
        if not self.value:
            text = Text(printable(self.placeholder, 200), style="dim")
            if focused:
                text = Text(" ", style="reverse") + text
        else:
            shown = printable(self.value, 10_000)
            # Keep the cursor in view: scroll by whole characters.
            if self.cursor < self.offset:
                self.offset = self.cursor
            while self._cells_before(self.cursor) - self._cells_before(self.offset) >= width:
                self.offset += 1
            start = len(printable(self.value[: self.offset], 10_000))
            text = Text(shown[start:])
            if focused:
                if self.selected:
                    text.stylize("reverse")
                else:
                    at = len(printable(self.value[: self.cursor], 10_000)) - start
                    if at >= len(text.plain):
                        text.append(" ")
                    text.stylize("reverse", at, at + 1)
        text.truncate(width, overflow="crop", pad=True)
        return text


def labelled(lines: list[str], label_width: int, first: Text) -> Text:
    """`first` after the label's first line in its column, the label's other lines
    under it."""
    if not lines:
        return first
    out = Text(lines[0] + " " * (label_width - cell_len(lines[0])))
    out.append_text(first)
    for line in lines[1:]:
        out.append("\n" + line)
    return out


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
        self.edit = LineEdit(value, placeholder=placeholder, type=type, max_length=max_length)

    @property
    def value(self) -> str:
        return self.edit.value

    @value.setter
    def value(self, value: str) -> None:
        self._edited(self.edit.set(value))

    @property
    def cursor(self) -> int:
        return self.edit.cursor

    @property
    def selected(self) -> bool:
        return self.edit.selected

    def _edited(self, changed: bool | None) -> None:
        self.refresh()
        if changed:
            self.post_message(self.Changed(self, self.edit.value))

    def insert(self, text: str) -> None:
        """`text` typed at the cursor (over the selection), if the field allows it."""
        self._edited(self.edit.insert(text))

    def on_key(self, event: events.Key) -> None:
        changed = self.edit.key(event)
        if changed is None:
            return  # (Enter, Tab, the screen's keys: not the field's)
        self._edited(changed)
        event.stop()
        event.prevent_default()

    def on_paste(self, event: events.Paste) -> None:
        self._edited(self.edit.paste(event.text))
        event.stop()

    def on_focus(self, event: events.Focus) -> None:
        self.edit.focus()
        self.refresh()

    def on_blur(self, event: events.Blur) -> None:
        self.edit.selected = False
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        """The cursor to the character clicked; on the label, the focus only."""
        if event.x < self.label_width or event.y > 0:
            return
        self.edit.click(event.x - self.label_width)
        self.refresh()

    # ------------------------------------------------------------------ drawing
    def _label_lines(self) -> list[str]:
        if not self.label:
            return []
        return wrap_label(self.label, max(4, self.label_width - 1))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self._label_lines()))

    def render(self) -> Text:
        box = self.edit.box(self.size.width - self.label_width, self.has_focus)
        box.stylize_before(self.get_component_rich_style("textfield--box"))
        return labelled(self._label_lines(), self.label_width, box)
