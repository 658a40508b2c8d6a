"""Where the served app's frames meet Textual's private display path.

Three mixins, each an override of one private Textual method (checked on Textual
8.2.8; `tests/core/test_textual_hooks.py` checks their shapes):

- `ShadowDisplay` (an App's `_display`): each compositor update cut down to what the
  client's terminal does not show yet (`shadow.Shadow`, kept by the driver);
- `ClosedScreensFreed` (an App's `_replace_screen`): the heap keeper is told when a
  screen closes (`heap.screen_closed`);
- `CoveredWaits` (a Screen's `_compositor_refresh`): a table covered by an opaque
  dialog is not painted under it.
"""

from __future__ import annotations

from typing import Any, cast

from rich.console import RenderableType
from textual._compositor import ChopsUpdate, LayoutUpdate
from textual.app import App
from textual.screen import Screen

from tt22.serve.render.driver import ChannelDriver
from tt22.serve.render.heap import screen_closed
from tt22.serve.render.shadow import ShadowUpdate

__all__ = ["ClosedScreensFreed", "CoveredWaits", "ShadowDisplay"]


class ShadowDisplay(App[Any]):
    """An app whose frames go through its `ChannelDriver`'s shadow.

    Private names (Textual 8.2.8): `App._display(screen, renderable)`, which writes a
    compositor update to the driver; `App._driver`, `Screen._compositor` (its `size`
    and `render_update(full, screen_stack)`), `App._background_screens`;
    `App._batch_count`, `_running`, `_closed` and `_previous_cursor_position`, which
    decide whether Textual writes a frame and the cursor's place; `textual._compositor`'s
    `LayoutUpdate` (a whole screen) and `ChopsUpdate` (parts of rows)."""

    def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
        """Textual's own display, with each compositor update cut down to the rows that
        differ from what this client's terminal shows (`shadow.Shadow`, kept by the
        driver): pushing or closing a summary repaints the whole screen several times,
        and a move refreshes widgets that come out as they were. Anything else written
        makes every row unknown, and so does a resize (`ChannelDriver.resize`)."""
        driver = self._driver
        if isinstance(driver, ChannelDriver) and renderable is not None:
            compositor = screen._compositor
            if isinstance(renderable, ChopsUpdate) and driver.shadow.size != compositor.size:
                # After a resize Textual repaints only the widgets that moved, as if the
                # terminal kept its rows; terminals differ (some shift them, some clear),
                # so the first update at a new size is the whole screen.
                renderable = compositor.render_update(True, self._background_screens)
            if isinstance(renderable, LayoutUpdate | ChopsUpdate):
                update = ShadowUpdate(renderable, driver.shadow)
                if self._nothing_to_send(update):
                    return
                renderable = cast(RenderableType, update)
            else:
                driver.shadow.forget()
        super()._display(screen, renderable)

    def _nothing_to_send(self, update: ShadowUpdate) -> bool:
        """The update changes nothing the terminal shows (a widget refreshed as it
        was): then no frame at all, where Textual would still send the cursor's place
        (a covered table's spectator was sent such empty frames while it waited)."""
        if self._batch_count or not self._running or self._closed:
            return False  # (Textual writes nothing then: the shadow must not change)
        cursor = self.screen.outer_size.clamp_offset(self.cursor_position)
        return cursor == self._previous_cursor_position and not update.render_segments(self.console)


class ClosedScreensFreed(App[Any]):
    """An app that tells the server's heap keeper when a screen closes.

    Private name (Textual 8.2.8): `App._replace_screen(screen)`, the one step every
    pop and switch of a screen goes through (Textual removes the screen there unless
    it is kept); no public event says a screen is gone for good."""

    async def _replace_screen(self, screen: Screen[Any]) -> Screen[Any]:
        """A screen popped or switched away: the server's collector is told, so that the
        screen is freed even when it was frozen while it was open (tt22.serve.render.heap:
        the help, a watched table, a hand's summary, closed and kept until many
        connections had ended)."""
        replaced: Screen[Any] = await super()._replace_screen(screen)
        screen_closed()
        return replaced


class CoveredWaits(Screen[None]):
    """A screen not painted while an opaque screen covers it.

    Private names (Textual 8.2.8): `Screen._compositor_refresh`, which paints what
    changed; the compositor's `_dirty_regions` and the screen's `_dirty_widgets`, what
    it would paint."""

    def _compositor_refresh(self) -> None:
        """Nothing of a covered seat's table shows through the opaque dialog on top,
        but Textual repaints that dialog wherever the table beneath changed (after a
        layout: all of it). Covered, the table's changes wait: it is repainted whole
        when uncovered."""
        if self.app.screen is not self and self in self.app.screen_stack:
            self._compositor._dirty_regions.clear()
            self._dirty_widgets.clear()
            return
        super()._compositor_refresh()
