"""The keys a screen offers, drawn as one line by one widget.

Textual's `Footer` is a container of one widget per key, and it builds them again
(mounting, styling, laying out) whenever the screen's bindings may have changed: at
every change of focus, and at every move at a table, where whose turn it is decides
which keys work. On the SSH server that rebuild was the largest part of the work a move
costs (four screens per move; issue 13's latency), and on a local screen a good part of
its opening time. `KeyBar` draws the same line (each key, its words, dimmed when it does
nothing now, the command palette's key on the right) from a single `render`, and only
repaints, never lays out, when the keys change. A click on a key presses it, as the
footer's keys do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import groupby
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.screen import Screen
from textual.strip import Strip

from tt22.tui.widgets.lines import StripLines, refresh_changed

__all__ = ["KeyBar", "group_display"]


def group_display(members: Sequence[Binding], key_display: Callable[[Binding], str]) -> str:
    """The keys of a binding group as drawn side by side: their own symbols joined,
    then shown as the app shows a key, so that in the ASCII style `←` and `→` read
    "<->" as at the table, not "LeftRight" (which pushed "q Back" off the replayer's
    line at 80 columns)."""
    joined = "".join(b.key_display or key_display(b) for b in members)
    return key_display(replace(members[0], key_display=joined))


def _split(shown: str, parts: int) -> list[str]:
    """`shown` cut into `parts` pieces of about equal width, in order (one per key of a
    group, so that a click on a piece presses that key)."""
    out: list[str] = []
    at = 0
    for i in range(parts):
        end = len(shown) * (i + 1) // parts if i < parts - 1 else len(shown)
        out.append(shown[at:end])
        at = end
    return out


@dataclass(frozen=True, slots=True)
class _Key:
    """One key as drawn: `description` is empty for the members of a group of keys,
    whose words (`label`) follow the last of them."""

    key: str
    shown: str
    description: str
    enabled: bool
    label: str = ""
    grouped: bool = False


class KeyBar(StripLines, can_focus=False):
    """The screen's keys on one line (see the module's docstring)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {"keybar--key", "keybar--description", "keybar--hover"}
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
    }
    KeyBar > .keybar--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    KeyBar > .keybar--description {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    KeyBar > .keybar--hover {
        background: $block-hover-background;
    }
    """

    def __init__(
        self,
        *,
        compact: bool = True,
        show_command_palette: bool = True,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.compact = compact
        self.show_command_palette = show_command_palette
        self._keys: tuple[_Key, ...] = ()
        self._palette: _Key | None = None
        self._spans: list[tuple[int, int, _Key]] = []
        self._hover: str | None = None
        self._pending = False
        self._drawn: tuple[Any, ...] | None = None  # the line's segments, as last drawn

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._keys, self._palette = self._read()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    @property
    def keys_shown(self) -> tuple[str, ...]:
        """The keys drawn now (for tests and the palette), the palette's last."""
        keys = tuple(k.key for k in self._keys)
        return keys + ((self._palette.key,) if self._palette else ())

    @property
    def words_shown(self) -> tuple[str, ...]:
        """Each key as the line draws it, in order ("q Home"; a group's keys side by
        side, then its word: "←→ Move"), the palette's last when it had room: what a
        player reads, for tests that the line is whole."""
        words: list[str] = []
        keys = ""
        for key in self._keys:
            if key.grouped:
                keys += key.shown
                if key.label:
                    words.append(f"{keys} {key.label}")
                    keys = ""
            else:
                words.append(f"{key.shown} {key.description}" if key.description else key.shown)
        palette = self._palette
        if palette is not None and any(k is palette for _s, _e, k in self._spans):
            words.append(f"{palette.shown} {palette.description}")
        return tuple(words)

    def _bindings_changed(self, screen: Screen[Any]) -> None:
        if not self._pending and self.is_attached and screen is self.screen:
            # One look however many signals, and before the screen's next frame: a look
            # after that frame repainted the keys in a frame of their own (a served
            # seat's second update, and its bytes, for most moves).
            self._pending = True
            self.call_next(self._look)

    def _look(self) -> None:
        self._pending = False
        if not self.is_attached:
            return
        read = self._read()
        if read != (self._keys, self._palette):
            self._keys, self._palette = read
            self._repaint()

    def _repaint(self) -> None:
        """Send only the cells of the line that changed (usually a key dimmed or lit)."""
        old = self._drawn
        self.forget_strips()
        if old is None or not self.size.width or not self.is_mounted:
            self.refresh()
            return
        self.strips()  # (renders the line once: what Textual repaints too)
        refresh_changed(self, [old], [self._drawn])

    def strips(self) -> list[Strip]:
        strips = super().strips()
        self._drawn = tuple(strips[0]) if strips else ()  # (what goes to the terminal)
        return strips

    def _read(self) -> tuple[tuple[_Key, ...], _Key | None]:
        """The keys to draw, from the screen's active bindings, as `Footer` chooses them:
        one key per action, the members of a binding group together."""
        app = self.app
        active = self.screen.active_bindings
        first: dict[str, tuple[Any, bool]] = {}
        for _node, binding, enabled, _tooltip in active.values():
            if binding.show and binding.action not in first:
                first[binding.action] = (binding, enabled)
        keys: list[_Key] = []
        for group, members in groupby(first.values(), lambda item: item[0].group):
            chosen = list(members)
            if group is not None and len(chosen) > 1:
                keyed = [binding for binding, _enabled in chosen]
                pieces = _split(group_display(keyed, app.get_key_display), len(chosen))
                for i, (binding, enabled) in enumerate(chosen):
                    last = i == len(chosen) - 1
                    keys.append(
                        _Key(
                            binding.key,
                            pieces[i],
                            "",
                            enabled,
                            label=group.description if last else "",
                            grouped=True,
                        )
                    )
            else:
                for binding, enabled in chosen:
                    shown = app.get_key_display(binding)
                    keys.append(_Key(binding.key, shown, binding.description, enabled))
        palette: _Key | None = None
        entry = active.get(app.COMMAND_PALETTE_BINDING)
        if self.show_command_palette and app.ENABLE_COMMAND_PALETTE and entry is not None:
            _node, binding, enabled, _tooltip = entry
            palette = _Key(binding.key, app.get_key_display(binding), binding.description, enabled)
        return tuple(keys), palette

    def render(self) -> Text:
        return self._line()

    def _line(self) -> Text:
        key_style = self.get_component_rich_style("keybar--key")
        words_style = self.get_component_rich_style("keybar--description")
        hover_style = self.get_component_rich_style("keybar--hover")
        dim = Style(dim=True)
        line = Text(no_wrap=True, overflow="crop", end="")
        spans: list[tuple[int, int, _Key]] = []

        def put(key: _Key, gap: str) -> None:
            start = line.cell_len
            extra = dim if not key.enabled else Style()
            if self._hover == key.key:
                extra += hover_style
            pad = "" if self.compact else " "
            line.append(f"{pad}{key.shown}{pad}", key_style + extra)
            if key.description:
                lead = " " if self.compact else ""
                tail = "" if self.compact else " "
                line.append(f"{lead}{key.description}{tail}", words_style + extra)
            spans.append((start, line.cell_len, key))
            if key.label:
                line.append(f" {key.label}", words_style)
            line.append(gap)

        for i, key in enumerate(self._keys):
            inside_group = key.grouped and not key.label  # no gap before the group's next
            last = i == len(self._keys) - 1  # (no gap after the last: the bar follows)
            put(key, "" if inside_group or last or not self.compact else " ")
        if self._palette is not None:
            tail = Text(no_wrap=True, end="")
            bar = "|" if getattr(self.app, "ascii_cards", False) else "▏"
            tail.append(bar, words_style)
            shown = f"{self._palette.shown} {self._palette.description}"
            tail.append(shown + ("" if self.compact else " "), key_style)
            room = self.size.width - tail.cell_len
            # Only where it leaves every key whole: a key cut under the palette's (as
            # `q 戻る` was under Textual's footer) is a key the player cannot read.
            if room >= line.cell_len:
                line.append(" " * (room - line.cell_len))
                start = line.cell_len + 1
                line.append_text(tail)
                spans.append((start, line.cell_len, self._palette))
        self._spans = spans
        return line

    def _key_at(self, x: int) -> _Key | None:
        for start, end, key in self._spans:
            if start <= x < end:
                return key
        return None

    def on_click(self, event: events.Click) -> None:
        key = self._key_at(event.x)
        if key is None:
            return
        event.stop()
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        key = self._key_at(event.x)
        hover = key.key if key is not None else None
        if hover != self._hover:
            self._hover = hover
            self._repaint()

    def on_leave(self, event: events.Leave) -> None:
        if self._hover is not None:
            self._hover = None
            self._repaint()
