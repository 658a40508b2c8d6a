"""Every place the interface (tt22/tui) reaches into Textual's or Rich's private API.

Textual's and Rich's names that start with `_` may change in any release. The interface
touches them only here, each through a small named hook that says why it exists (the
measured reason, when there is one) and what it was checked on; the server's own
byte-level rendering has its hooks in tt22/serve/render. `tests/core/test_textual_hooks.py`
checks, hook by hook, that each private name still exists with the shape used here (so
an upgrade fails there, loudly, before anything else), and that no module outside
these two places touches one. pyproject.toml pins Textual and Rich to the releases
those tests pass on.

Checked on Textual 8.2.8 and Rich 15.0.0.

Where Textual 8 has a public way, it is used instead, outside this module:

- the app's line filters (NO_COLOR without greys, the ASCII chrome) come from an
  override of the public `App.get_line_filters`, not an edit of `App._filters`;
- the app's and `SettledScreen`'s resize handling, and `SettledScreen`'s first resume,
  are public `on_resize` / `on_screen_resume` handlers, which Textual calls before its
  own private `_on_resize` / `_on_screen_resume` of the class below them (handlers run
  down the MRO, each class's own first), not overrides of those.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, TypeVar

from rich._ratio import ratio_distribute as _rich_ratio_distribute
from textual import _time, messages
from textual.binding import BindingsMap
from textual.dom import DOMNode
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget

__all__ = [
    "FirstLayoutIsLast",
    "app_driver",
    "app_failure",
    "bindings_of",
    "compositor_size",
    "message_clock",
    "ratio_distribute",
    "replace_bindings",
]

ResultT = TypeVar("ResultT")


# ---------------------------------------------------------------------- key bindings
def bindings_of(node: DOMNode) -> BindingsMap:
    """The bindings `node` answers keys with (Textual's `DOMNode._bindings`), the App's
    included (the palette's ctrl+p, which Textual adds at run time).

    Why: Textual builds a node's bindings once per class, from `BINDINGS`, with their
    descriptions as written; tt22's descriptions are catalogue keys, put into the
    language chosen at run time per instance (tt22.tui.bindings), and the replayers
    swap a screen's whole map (the move list's meaning of the same keys) and leave
    out of the footer the keys that do not fit its width, which still work. Textual 8
    has no public way to read or replace a node's map: `App.bind` only adds a key (and
    its docstring says it may become private), `check_action` returning False also
    disables the key. Checked on Textual 8.2.8."""
    bindings: BindingsMap = node._bindings
    return bindings


def replace_bindings(node: DOMNode, bindings: BindingsMap) -> None:
    """Give `node` the bindings `bindings` (Textual's `DOMNode._bindings`, which the App
    reads each time it looks for a key's binding or draws the footer); see
    `bindings_of` for why. The caller calls `refresh_bindings` when the footer should
    show the change at once. Checked on Textual 8.2.8."""
    node._bindings = bindings


# ---------------------------------------------------------------------- the app's run
def app_failure(app: Any) -> BaseException | None:
    """The exception that ended `app`'s run (Textual's `App._exception`), or None.

    Why: the server runs each connection's app with `run_async` and must log why an
    app failed; Textual catches the exception of a handler, shows it, exits and keeps it
    in `_exception` without raising it from `run_async` (its public `return_code` says
    only that it failed, not why). Checked on Textual 8.2.8."""
    failure: BaseException | None = getattr(app, "_exception", None)
    return failure


def app_driver(app: Any) -> Any:
    """The driver `app` runs on (Textual's `App._driver`), or None before it runs and
    after.

    Why: the server's driver (tt22.serve.render.driver) counts the input it has not
    parsed yet, and the server closes a session that pastes more than it allows; the
    App gives no public reference to its driver. Checked on Textual 8.2.8."""
    return getattr(app, "_driver", None)


# ---------------------------------------------------------------------- layout
def compositor_size(screen: Screen[Any]) -> Size:
    """The size `screen` was last laid out at (its compositor's, Textual's
    `Screen._compositor.size`; Size(0, 0) before its first layout).

    Why: a screen's first layout sends the screen a `Resize` to the size it was just
    laid out at, and Textual's screen answers any `Resize` by laying itself and every
    screen under it out again, though nothing changed size; `SettledScreen` skips a
    `Resize` to this size (half of what the new-game screen took to open, issue 10:
    every screen opens in under 150 ms). The screen's public `size` is its region's,
    which is not the compositor's until the layout is done. Checked on Textual 8.2.8."""
    size: Size = screen._compositor.size
    return size


def message_clock() -> float:
    """Textual's message clock (`textual._time.get_time`: `Message.time` is read from it
    as each message is made; monotonic, or the performance counter on Windows): a
    request made before a moment read from it is older than that moment. Checked on
    Textual 8.2.8."""
    return _time.get_time()


class FirstLayoutIsLast(Screen[ResultT]):
    """A screen laid out once as it opens, where Textual lays a new screen out three
    times and draws it four times.

    Why (the new-game screen, issue 10: every screen opens in under 150 ms): the first
    layout sets each widget's size from nothing, which has every widget ask for another
    layout (and a repaint) though it is already where it belongs; the requests its
    containers made as they were mounted arrive after it too; and a scroll bar, found
    to be needed by the first layout, is placed by a second, whose own new size asks for
    a third; and the screen asks to be drawn whole once more after its first layout.
    Each is a full layout or drawing of the screen, and together they were half of the
    time the new-game screen took to open. Here the first layout is the last: what was
    asked before that layout and paint, or by them, is dropped, because that layout
    placed and drew every widget as it is; but the widgets `still_to_lay_out` names
    keep their requests (the new-game form keeps its scroll bar's room from the start,
    and at a size where the form fits the bar goes with one more layout, as Textual
    does). Anything asked afterwards (a key, a resize, a new seat) is laid out as usual.

    Private names (Textual 8.2.8): `Screen._refresh_layout(size, scroll)`, which lays
    the screen out; the compositor's `layers` (every widget placed, the scroll bars
    too); `Widget._layout_required` / `_repaint_required` and `Screen._layout_widgets`,
    the requests that layout leaves; `messages.Layout` / `messages.Update` (their
    `time`) and Screen's `_on_layout` / `_on_update`, which handle the requests that
    arrive after it."""

    _laid_out_at: float | None = None  # (the message clock: see `message_clock`)

    def before_first_layout(self) -> None:
        """Called just before the first layout (note what it may change)."""

    def still_to_lay_out(self) -> Collection[Widget]:
        """Just after the first layout: the widgets whose requests for another layout
        and repaint stand (none: all are dropped)."""
        return ()

    def _refresh_layout(self, size: Size | None = None, scroll: bool = False) -> None:
        first = self._laid_out_at is None and self.is_current
        if first:
            self.before_first_layout()
        super()._refresh_layout(size, scroll)
        if not first or not self._compositor.size:
            return
        self._laid_out_at = message_clock()
        widgets = {widget for widget, _where in self._compositor.layers}  # (scroll bars too)
        widgets.update(self.walk_children(Widget))
        kept = self.still_to_lay_out()
        for widget in widgets:
            if widget in kept:
                continue
            widget._layout_required = False
            widget._repaint_required = False
        self._layout_required = False
        self._layout_widgets.clear()
        # (Screen asks for a repaint of the whole screen once this layout returns.)
        self.call_next(self._drop_repaint)

    def _drop_repaint(self) -> None:
        self._repaint_required = False

    def _drop_if_asked_before(self, message: messages.Layout | messages.Update) -> None:
        """Not Screen's handler for a request made before the first layout was done."""
        if self._laid_out_at is not None and message.time <= self._laid_out_at:
            message.stop()
            message.prevent_default()

    async def _on_layout(self, message: messages.Layout) -> None:
        self._drop_if_asked_before(message)

    async def _on_update(self, message: messages.Update) -> None:
        self._drop_if_asked_before(message)


# ---------------------------------------------------------------------- Rich
def ratio_distribute(
    total: int, ratios: Sequence[int], minimums: Sequence[int] | None = None
) -> list[int]:
    """`total` cells shared by `ratios`, each at least its minimum, exactly as Rich's
    `Table` shares its flexible columns (`rich._ratio.ratio_distribute`).

    Why: `SeatsTable` draws its rows itself when every cell fits on one line (a move
    redraws the seats of every screen at a table, and Rich's table measured every cell
    twice: the seats' share of a 20-player server's CPU fell from 16% to 6%), and its
    columns must be Rich's to the cell, because a cell that wraps is still drawn by
    Rich's table (`tests/tui/test_seats_lines.py` compares both). Rich's own function, not a
    copy: the columns follow Rich's if it changes. Checked on Rich 15.0.0."""
    return list(_rich_ratio_distribute(total, list(ratios), list(minimums) if minimums else None))
