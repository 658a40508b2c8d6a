"""The replayer's small questions: go where, what comment, save how, which seat."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from tt22.tui.bindings import translate_bindings
from tt22.tui.replay.words import SECTION
from tt22.tui.safe_text import plain, plain_str

__all__ = ["ChoiceDialog", "TextDialog"]

DIALOG_CSS = """
TextDialog, ChoiceDialog { align: center middle; }
TextDialog > Vertical, ChoiceDialog > Vertical {
    width: 70; max-width: 100%; height: auto; max-height: 100%;
    border: round $accent; padding: 0 1; background: $surface;
}
TextDialog Label, ChoiceDialog Label { width: 100%; }
TextDialog .problem { color: $error; height: auto; }
ChoiceDialog Button { width: 100%; margin: 0; }
"""


def see_through(screen: ModalScreen[Any]) -> None:
    """Let the replay show (dimmed) behind a dialog, as the game's summaries do.

    The play app's stylesheet gives every Screen an opaque background and app CSS beats
    a screen's DEFAULT_CSS, so the translucent background is set inline.
    """
    try:
        base = Color.parse(screen.app.get_css_variables().get("background", "black"))
    except Exception:
        base = Color(0, 0, 0)
    screen.styles.background = base.with_alpha(0.6)


class TextDialog(ModalScreen[str | None]):
    """One line of text. `check` may reject it with a reason, keeping the dialog open
    (a goto that is not in the record); Escape answers None.

    `value` (a comment from a record) is shown with its control characters escaped, so
    none reaches the terminal; answered unchanged, the original comes back as it was."""

    DEFAULT_CSS = DIALOG_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "comment.cancel", id="dialog.cancel")
    ]

    def __init__(
        self,
        title: str,
        value: str = "",
        *,
        hint: str = "",
        max_length: int = 0,
        check: Callable[[str], str | None] | None = None,
    ) -> None:
        super().__init__()
        translate_bindings(self, SECTION)
        self.title_text = title
        self.value = value
        self.shown = plain_str(value)
        self.hint = hint
        self.max_length = max_length
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(plain(self.title_text, "bold"))
            yield Input(
                self.shown, placeholder=self.hint, max_length=self.max_length, id="dialog-input"
            )
            yield Static("", classes="problem", id="dialog-problem")

    def on_mount(self) -> None:
        see_through(self)
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        value = self.value if event.value == self.shown else event.value
        if self.check is not None:
            why = self.check(value)
            if why:
                self.query_one("#dialog-problem", Static).update(plain(why))
                return
        self.dismiss(value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ChoiceDialog(ModalScreen[str | None]):
    """A question answered by one of a few buttons (ids are the answers)."""

    DEFAULT_CSS = DIALOG_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "comment.cancel", id="dialog.cancel"),
        Binding("up,k", "app.focus_previous", show=False),
        Binding("down,j", "app.focus_next", show=False),
    ]

    def __init__(self, title: str, choices: Sequence[tuple[str, str]], note: str = "") -> None:
        super().__init__()
        translate_bindings(self, SECTION)
        self.title_text = title
        self.choices = list(choices)
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(plain(self.title_text, "bold"))
            if self.note:
                yield Label(plain(self.note))
            for answer, label in self.choices:
                yield Button(plain(label), id=f"choice-{answer}", compact=True)

    def on_mount(self) -> None:
        see_through(self)
        buttons = list(self.query(Button))
        if buttons:
            buttons[0].focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss((event.button.id or "").removeprefix("choice-") or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
