"""A footer that is rebuilt only when the keys it shows change.

Textual's `Footer` rebuilds all its keys at every "bindings updated" signal, and a
screen sends one for each widget it mounts that has bindings, each change of focus and
more: opening the new-game screen rebuilt the footer eight times, each time restyling
its keys, for the same four keys (a large part of the 150 ms a screen may take to open,
issue 10). This one waits for the signals of one refresh to pass, then compares the
keys it would show with those it shows, and rebuilds only when they differ. It is
drawn with the screen from the start (Textual's waits for the first signal).
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

__all__ = ["QuietFooter"]


class QuietFooter(Footer):
    """`Footer`, rebuilt once per change of its keys (see the module's docstring)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: object = None
        self._pending = False
        # Drawn at once with the screen's keys as they are, not empty until the first
        # signal (Footer's way): when the keys are the same after the focus has settled,
        # as they are on most screens, the footer is built once.
        self.set_reactive(Footer._bindings_ready, True)

    def compose(self) -> ComposeResult:
        self._shown = self.shown_keys()
        yield from super().compose()

    def shown_keys(self) -> tuple[object, ...]:
        """What the footer draws: each shown key, its words and whether it works now,
        and the command palette's key."""
        app = self.app
        active = self.screen.active_bindings
        keys: list[object] = [
            (binding.key, app.get_key_display(binding), binding.description, enabled, tooltip)
            for (_node, binding, enabled, tooltip) in active.values()
            if binding.show
        ]
        palette = active.get(app.COMMAND_PALETTE_BINDING)
        if self.show_command_palette and app.ENABLE_COMMAND_PALETTE and palette is not None:
            keys.append(("palette", app.get_key_display(palette[1]), palette[2]))
        return tuple(keys)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        if not self._pending:  # (one look per refresh, however many signals)
            self._pending = True
            self.call_after_refresh(self._rebuild_if_changed)

    async def _rebuild_if_changed(self) -> None:
        self._pending = False
        if not self.is_attached:
            return
        keys = self.shown_keys()
        if keys == self._shown:
            return
        self._shown = keys
        await self.recompose()
