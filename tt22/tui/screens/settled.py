"""Screens that open with one pass of styles and without a second layout for nothing.

Two things Textual does as any screen opens that a new screen does not need, which
were half of what the new-game screen (forty widgets) took to open (issue 10: every
screen opens in under 150 ms):

- Every widget is styled as it is mounted, and then the whole screen is styled again
  when it is shown (`ScreenResume` asks for it, for a screen that comes back after the
  theme or its classes changed while it was hidden). The first time it is shown, its
  styles are those it was just given.
- The screen's first layout sends the screen itself a `Resize` event, as for any widget
  that appears, and the screen answers a `Resize` by laying itself out again, and every
  screen under it too, though nothing changed size (each sending the terminal a screen
  of output again).

A `SettledScreen` skips the style pass of its first showing and a `Resize` to the size
it is already laid out at; a screen shown again, or a real change of the terminal's
size, is handled as Textual does. Both are public handlers (`on_screen_resume`,
`on_resize`), which Textual calls before its screen's own (handlers run down the MRO);
the size it is laid out at is its compositor's (`tt22.tui.hooks.compositor_size`).
"""

from __future__ import annotations

from typing import TypeVar

from textual import events
from textual.screen import Screen

from tt22.tui.hooks import compositor_size

__all__ = ["SettledScreen"]

ResultT = TypeVar("ResultT")


class SettledScreen(Screen[ResultT]):
    """A screen that skips the work of opening that changes nothing (see the module)."""

    _shown_before = False

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # Runs before Screen's own handler (`_on_screen_resume`), which reads the flag.
        if not self._shown_before:
            self._shown_before = True
            event.refresh_styles = False  # (styled as they were mounted, just now)

    def on_resize(self, event: events.Resize) -> None:
        breakpoints = (
            self.HORIZONTAL_BREAKPOINTS,
            self.VERTICAL_BREAKPOINTS,
            self.app.HORIZONTAL_BREAKPOINTS,
            self.app.VERTICAL_BREAKPOINTS,
        )
        if event.size == compositor_size(self) and not any(breakpoints):
            event.stop()
            event.prevent_default()  # (not Screen's `_on_resize`: the same layout again)
