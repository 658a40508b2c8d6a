"""A Textual driver for one SSH channel, run in the server's own event loop.

Textual's Linux driver owns the process's terminal (signal handlers, termios, an input
thread), so it cannot serve a channel. This driver has no thread and no signal: the SSH
session feeds it the bytes the client typed (`feed`) and its size (`resize`), and it
writes the app's output to the channel. It leans on Textual's private xterm parser
(`XTermParser`: `feed`, `tick`, `terminal_size`, `_timeout_time`), its message clock
(`textual._time.get_time`) and `Driver._app`, which is why pyproject.toml pins Textual
to the release (8.2.x) `tests/core/test_textual_hooks.py` checks them on.

Output is lean: repaints send only the rows that differ from what the client's terminal
shows (`shadow.Shadow`, through `ServeApp._display`). Output is bounded: when the
client stops reading and the channel's send buffer passes `MAX_BUFFER`, the connection
is closed rather than letting the buffer grow. The size the app draws is bounded too
(`MAX_WIDTH` x `MAX_HEIGHT`, whatever the client says), and input is handed over only
as fast as the app handles it (`feed` counts the events, `settled` waits for them).
"""

from __future__ import annotations

import asyncio
import contextlib
from codecs import getincrementaldecoder
from typing import Any, Protocol

from textual import events
from textual._time import get_time
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size

from tt22.serve.render.shadow import Shadow

__all__ = ["MAX_BUFFER", "MAX_HEIGHT", "MAX_WIDTH", "Channel", "ChannelDriver"]

MAX_BUFFER = 1 << 20
"""Bytes a client may leave unread before its connection is closed (a screen is ~10 KB)."""

MAX_WIDTH = 300
MAX_HEIGHT = 100
"""The largest screen the server draws (docs/serve.md, "Limits on a connection"). A
larger terminal gets the screen drawn at this size in its top left corner: the cost of a
frame grows with its cells, and every app shares the server's one loop."""

SETTLED = 1.0
"""Seconds `settled` waits at most for the app (a screen closing may drop the marker)."""


class Channel(Protocol):
    """The part of an SSH session the driver needs."""

    def send(self, data: bytes) -> None: ...

    def buffered(self) -> int: ...

    def close(self) -> None: ...

    @property
    def size(self) -> tuple[int, int]: ...


class ChannelDriver(Driver):
    """Textual driver over a `Channel` (the app holds it as `app.channel`)."""

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.channel: Channel = app.channel
        self._parser = XTermParser()
        self._decode = getincrementaldecoder("utf-8")(errors="replace").decode
        self._tick: asyncio.TimerHandle | None = None
        self._closed = False
        self.shadow = Shadow()  # what the client's terminal shows (see `ServeApp._display`)
        self.unparsed = 0  # characters fed since the parser last gave an event (a paste)
        app.driver_feed = self.feed
        app.driver_resize = self.resize
        app.driver_settled = self.settled

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        if self._closed:
            return
        if self.channel.buffered() > MAX_BUFFER:
            self._closed = True  # the client stopped reading: let it go
            self.channel.close()
            return
        self.channel.send(data.encode("utf-8", "replace"))

    def flush(self) -> None:
        pass

    def start_application_mode(self) -> None:
        self.write("\x1b[?1049h")  # the alternate screen
        self.write("\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h")  # the mouse (SGR)
        self.write("\x1b[?25l")  # no cursor
        self.write("\x1b[?2004h")  # bracketed paste
        self.write("\x1b[?7l")  # no line wrap
        self.resize(*self.channel.size)

    def resize(self, width: int, height: int) -> None:
        size = Size(min(MAX_WIDTH, max(1, width)), min(MAX_HEIGHT, max(1, height)))
        self.shadow.forget()  # the client's terminal may have cropped or cleared its rows
        self._parser.terminal_size = (size.width, size.height)
        self._app.post_message(events.Resize(size, size))

    def feed(self, data: bytes, whole: bool = True) -> int:
        """Bytes the client typed: keys, mouse and paste events for the app; how many.

        `whole`: these bytes are all the client had sent (not a slice of more). Then an
        Escape at their end is the Escape key at once: a terminal writes an escape
        sequence in one write, so it comes whole, and the parser's wait (100 ms, every
        dialog's close) is only for sequences cut by the reader itself."""
        text = self._decode(data)
        count = 0
        for message in self._parser.feed(text):
            count += self._pass(message)
        if whole and text.endswith("\x1b") and self._parser._timeout_time is not None:
            self._parser._timeout_time = get_time()
            for message in self._parser.tick():
                count += self._pass(message)
        self.unparsed = 0 if count else self.unparsed + len(text)
        self._wait_for_timeout()
        return count

    def _pass(self, message: Any) -> int:
        """Hand a parsed event to the app; how many events that was (0 or 1)."""
        if isinstance(message, events.Resize):
            return 0  # an in-band size report: the SSH window-change is the size
        self.process_message(message)
        return 1

    async def settled(self) -> None:
        """Until the app has handled the input fed so far: the app has passed it on,
        and the widget with the focus (or the screen) has handled what it was passed.
        The reader feeds no more until then, so a paste waits in the channel (whose
        window then holds the client back) instead of in the app's queue, and the
        other apps on the loop get their turn after each slice."""
        app = self._app
        await _handled(app)
        try:
            target = app.focused or app.screen
        except Exception:  # (no screen yet, or the app is closing)
            return
        await _handled(target)

    def _wait_for_timeout(self) -> None:
        """While the parser waits to know whether an Escape is a key or starts a
        sequence, tick it once its timeout has passed (a tick any earlier, as the loop
        may run a timer, does nothing: the Escape would wait for the next keypress)."""
        deadline = self._parser._timeout_time
        if self._tick is None and deadline is not None:
            delay = max(0.0, deadline - get_time()) + 0.005
            self._tick = asyncio.get_running_loop().call_later(delay, self._on_tick)

    def _on_tick(self) -> None:
        """A lone Escape is a key only once nothing follows it (the parser's timeout)."""
        self._tick = None
        for message in self._parser.tick():
            self._pass(message)
        self._wait_for_timeout()

    def disable_input(self) -> None:
        pass

    def stop_application_mode(self) -> None:
        if self._tick is not None:
            self._tick.cancel()
        self.write("\x1b[?7h\x1b[?2004l\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l")
        self.write("\x1b[?25h\x1b[?1049l")


async def _handled(pump: Any) -> None:
    """Until `pump` has handled the messages already in its queue (a marker after them)."""
    done = asyncio.Event()
    if pump.call_later(done.set):
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(done.wait(), SETTLED)
