"""Settings: language, card style, theme, bot pace, default bot. Saved at once.

Each is a `Choice` (one line, `‹ value ›`), not a `Select`: the screen opens in under
150 ms (issue 10)."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import Button, Static

from tt22.core.registry import default_level
from tt22.play.session import bot_levels
from tt22.tui.bindings import translate_bindings
from tt22.tui.i18n import LANGUAGES, detect_language, level_name, set_language, t
from tt22.tui.screens.settled import SettledScreen
from tt22.tui.widgets.choice import Choice
from tt22.tui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from tt22.tui.app import TT22App

__all__ = ["SettingsScreen"]

PACES = (0.0, 0.2, 0.4, 0.6, 1.0, 1.5, 2.5)


def theme_words(name: str) -> str:
    """A theme as a person reads it (L4: not "textual-dark"): Textual's own themes by
    their shade alone ("dark", "light"), the others by their names without hyphens
    ("tokyo night"), "dark" and "light" in the player's language."""
    words = name.removeprefix("textual-").split("-")
    return " ".join(t(f"theme.{w}") if w in ("dark", "light") else w for w in words)


class SettingsScreen(SettledScreen[None]):
    # The first choice has the keys at once: ←/→ change the language without a Tab first
    # (the scrolling pane around the choices would take the focus otherwise).
    AUTO_FOCUS = "#language"
    # ↑/↓ go from setting to setting, as on the home screen (a choice's value is ←/→).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "key.back", id="settings.back"),
        Binding("up", "app.focus_previous", show=False),
        Binding("down", "app.focus_next", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)

    @property
    def tapp(self) -> TT22App:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        s = self.tapp.settings
        languages = [(t("settings.auto"), "")] + [(name, code) for code, name in LANGUAGES.items()]
        paces = sorted(set(PACES) | {s.pace})
        levels = bot_levels()
        with VerticalScroll(id="settings"):
            yield Static(Text(t("settings.title"), style="bold"), classes="title")
            yield Choice(
                languages,
                s.language if s.language in LANGUAGES else "",
                label=t("settings.language"),
                id="language",
                classes="field",
            )
            yield Choice(
                [(t("settings.symbols"), False), (t("settings.ascii"), True)],
                s.ascii_cards,
                label=t("settings.cards"),
                id="ascii",
                classes="field",
            )
            yield Choice(
                [(theme_words(name), name) for name in sorted(self.app.available_themes)],
                self.app.theme,
                label=t("settings.theme"),
                id="theme",
                classes="field",
            )
            yield Choice(
                [(f"{p:g}", p) for p in paces],
                s.pace,
                label=t("settings.pace"),
                id="pace",
                classes="field",
            )
            yield Choice(
                [(level_name(level), level) for level in levels],
                default_level(levels, s.bot),
                label=t("settings.level"),
                id="bot",
                classes="field",
            )
            with Horizontal(classes="buttons"):
                yield Button(t("key.back"), id="back", variant="primary", compact=True)
        yield KeyBar(compact=False)

    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.app.pop_screen()

    async def _relabel(self) -> None:
        """This screen's own words in the new language, at once (the focus stays on the
        choice). Later than the change: a choice is not rebuilt inside its own event."""
        if not self.is_current:
            return
        await self.recompose()
        with contextlib.suppress(NoMatches):
            self.query_one("#language", Choice).focus()

    @on(Choice.Changed)
    def _changed(self, event: Choice.Changed) -> None:
        s = self.tapp.settings
        value = event.value
        match event.choice.id:
            case "language":
                if str(value) == s.language:
                    return  # (the rebuilt choice announcing its value)
                s.language = str(value)
                set_language(s.language or detect_language())
                self.tapp.relabel()
                self.call_after_refresh(self._relabel)
            case "ascii":
                s.ascii_cards = bool(value)
                self.tapp.options.ascii_cards = None
                self.tapp.redraw_table()
                for choice in self.query(Choice):
                    choice.refresh()  # its arrows: `< >` in the ASCII style
            case "theme":
                self.app.theme = str(value)
                s.theme = str(value)
            case "pace":
                s.pace = float(value)  # type: ignore[arg-type]
                self.tapp.options.pace = None
            case "bot":
                s.bot = str(value)
        self.tapp.save_settings()
