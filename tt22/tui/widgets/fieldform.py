"""Several fields of a form drawn and worked by one widget: a title, then each field on
its own line(s), a blank line between, as separate `Choice` and `TextField` widgets
would show them.

Why: every widget a screen mounts is styled, laid out and drawn as it opens, and the
new-game screen has to open in under 150 ms (issue 10); 22's rules are seven fields
below the fold, and one widget for them is a quarter less of what the screen mounts.

The fields are `Pick`s (a choice: `‹ value ›`, ←/→ step, Enter and Space step on) and
`LineEdit`s (a line to type: as a `TextField`), each with its name (`FormRow.name`).
The form takes the focus once and moves it between its fields itself: Tab and
Shift+Tab go to the next and previous field, and on from the last or the first to the
screen's next or previous widget (`enter` says which field comes first when the focus
arrives from below). A click takes the focus to the field clicked: on a choice's `‹`
one back, on its value one on; in a text box, the cursor there. The focused field is
kept in view in its scrolling container. Drawn as the widgets are: the focused choice
in bold reverse, the cursor or the selection in reverse (visible without colour), the
text boxes on the `fieldform--box` background, `<` `>` in the ASCII style.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.widget import Widget

from tt22.tui.widgets.choice import Pick, wrap_label
from tt22.tui.widgets.textfield import LineEdit, labelled

__all__ = ["FieldForm", "FormRow"]

BOX_WIDTH = 32  # (a text box's width at most, as a TextField's in the form's column)


@dataclass
class FormRow:
    """A field of the form: its `name`, and a choice (`Pick`, which has its own label)
    or a line to type (`LineEdit`, labelled `label` in a column of `label_width`)."""

    name: str
    field: Pick | LineEdit
    label: str = ""
    label_width: int = 28

    def label_lines(self) -> list[str]:
        if isinstance(self.field, Pick):
            return self.field.label_lines()
        return wrap_label(self.label, max(4, self.label_width - 1)) if self.label else []

    def height(self) -> int:
        if isinstance(self.field, Pick):
            return self.field.height()
        return max(1, len(self.label_lines()))


class FieldForm(Widget, can_focus=True):
    """The fields `rows` under `title` in one widget (see the module's docstring)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"fieldform--box", "fieldform--title"}

    DEFAULT_CSS = """
    FieldForm {
        height: auto;
        width: 1fr;
    }
    FieldForm > .fieldform--box {
        background: $boost;
    }
    FieldForm > .fieldform--title {
        text-style: bold;
    }
    """

    class Changed(Message):
        """The field `name` now holds `value` (by a key, a click or `set`)."""

        def __init__(self, form: FieldForm, name: str, value: Hashable) -> None:
            super().__init__()
            self.form = form
            self.name = name
            self.value = value

        @property
        def control(self) -> FieldForm:
            return self.form

    def __init__(
        self,
        rows: Sequence[FormRow],
        *,
        title: str = "",
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        if not rows:
            raise ValueError("a form needs at least one field")
        self.rows = list(rows)
        self.title = title
        self.row = 0  # the field with the focus (when the form has it)

    # ------------------------------------------------------------------ the values
    def field(self, name: str) -> Pick | LineEdit:
        for row in self.rows:
            if row.name == name:
                return row.field
        raise KeyError(name)

    def value(self, name: str) -> Hashable:
        """The value of field `name` (a choice's value, or the text typed)."""
        return self.field(name).value

    def set(self, name: str, value: Hashable) -> None:
        """Field `name` set to `value`, as if chosen or typed."""
        field = self.field(name)
        if isinstance(field, Pick):
            changed = field.select(field.index_of(value))
        else:
            changed = field.set(str(value))
        self._changed(name, changed)

    def _changed(self, name: str, changed: bool | None) -> None:
        self.refresh()
        if changed:
            self.post_message(self.Changed(self, name, self.value(name)))

    # ------------------------------------------------------------------ the focus
    def enter(self, *, last: bool = False) -> None:
        """The focus arrives at the first field (from above) or the last (from below)."""
        self._go(len(self.rows) - 1 if last else 0)

    def _go(self, row: int) -> None:
        old = self.rows[self.row].field
        if isinstance(old, LineEdit):
            old.selected = False
        self.row = row
        new = self.rows[row].field
        if isinstance(new, LineEdit) and self.has_focus:
            new.focus()
        self.refresh()
        if self.has_focus:
            self.call_after_refresh(self._show_row)

    def _show_row(self) -> None:
        """The focused field into view in the scrolling container around the form."""
        parent = self.parent
        if not isinstance(parent, Widget) or not self.rows:
            return
        top = self._tops()[self.row]
        where = self.virtual_region
        region = Region(where.x, where.y + top, where.width, self.rows[self.row].height())
        parent.scroll_to_region(region, animate=False, immediate=True)

    def on_focus(self) -> None:
        field = self.rows[self.row].field
        if isinstance(field, LineEdit):
            field.focus()
        self.refresh()

    def on_blur(self) -> None:
        field = self.rows[self.row].field
        if isinstance(field, LineEdit):
            field.selected = False
        self.refresh()

    # ------------------------------------------------------------------ keys and mouse
    def on_key(self, event: events.Key) -> None:
        field = self.rows[self.row].field
        key = event.key
        if key in ("tab", "shift+tab"):
            step = 1 if key == "tab" else -1
            if not 0 <= self.row + step < len(self.rows):
                return  # (on to the screen's next or previous widget)
            self._go(self.row + step)
        elif isinstance(field, Pick):
            steps = {"left": -1, "right": 1, "enter": 1, "space": 1}
            if key not in steps:
                return
            self._changed(self.rows[self.row].name, field.step(steps[key]))
        else:
            changed = field.key(event)
            if changed is None:
                return
            self._changed(self.rows[self.row].name, changed)
        event.stop()
        event.prevent_default()

    def on_paste(self, event: events.Paste) -> None:
        field = self.rows[self.row].field
        if isinstance(field, LineEdit):
            self._changed(self.rows[self.row].name, field.paste(event.text))
            event.stop()

    def on_click(self, event: events.Click) -> None:
        event.stop()
        tops = self._tops()
        at = [i for i, top in enumerate(tops) if top <= event.y < top + self.rows[i].height()]
        if not at:
            return  # (the title, or a blank line between fields)
        row = self.rows[at[0]]
        self._go(at[0])
        x, y = event.x, event.y - tops[at[0]]
        if isinstance(row.field, Pick):
            step = row.field.click(x, y)
            if step:
                self._changed(row.name, row.field.step(step))
        elif x >= row.label_width and y == 0:
            row.field.click(x - row.label_width)
            self.refresh()

    # ------------------------------------------------------------------ drawing
    def _tops(self) -> list[int]:
        """The first line of each field."""
        tops = []
        y = 1 if self.title else 0
        for row in self.rows:
            tops.append(y)
            y += row.height() + 1
        return tops

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return sum(row.height() + 1 for row in self.rows) - 1 + bool(self.title)

    def render(self) -> Text:
        ascii_style = bool(getattr(self.app, "ascii_cards", False))
        box_style = self.get_component_rich_style("fieldform--box")
        parts: list[Text] = []
        if self.title:
            parts.append(Text(self.title, style=self.get_component_rich_style("fieldform--title")))
        for i, row in enumerate(self.rows):
            focused = self.has_focus and i == self.row
            if isinstance(row.field, Pick):
                parts.append(row.field.text(focused, ascii_style))
            else:
                width = min(BOX_WIDTH, self.size.width - row.label_width)
                box = row.field.box(width, focused)
                box.stylize_before(box_style)
                parts.append(labelled(row.label_lines(), row.label_width, box))
            if i < len(self.rows) - 1:
                parts.append(Text(""))
        return Text("\n").join(parts)
