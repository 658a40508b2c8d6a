"""A Textual driver for one SSH channel, run in the server's own event loop.

Textual's Linux driver owns the process's terminal (signal handlers, termios, an input
thread), so it cannot serve a channel. This driver has no thread and no signal: the SSH
session feeds it the bytes the client typed (`feed`) and its size (`resize`), and it
writes the app's output to the channel. It leans on Textual's private xterm parser,
which is why pyproject pins textual<9 and tests/test_serve.py imports it.

Output is lean: repaints send only the rows that differ from what the client's terminal
shows (`shadow.Shadow`, through `ServeApp._display`). Output is bounded: when the
client stops reading and the channel's send buffer passes `MAX_BUFFER`, the connection
is closed rather than letting the buffer grow.
"""

from __future__ import annotations

import asyncio
from codecs import getincrementaldecoder
from typing import Any, Protocol

from textual import events
from textual._time import get_time
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size

from tt22.serve.shadow import Shadow

__all__ = ["MAX_BUFFER", "Channel", "ChannelDriver"]

MAX_BUFFER = 1 << 20
"""Bytes a client may leave unread before its connection is closed (a screen is ~10 KB)."""


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
        app.driver_feed = self.feed
        app.driver_resize = self.resize

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
        size = Size(max(1, width), max(1, height))
        self.shadow.forget()  # the client's terminal may have cropped or cleared its rows
        self._parser.terminal_size = (size.width, size.height)
        self._app.post_message(events.Resize(size, size))

    def feed(self, data: bytes) -> None:
        """Bytes the client typed: keys, mouse and paste events for the app."""
        text = self._decode(data)
        for message in self._parser.feed(text):
            self.process_message(message)
        self._wait_for_timeout()

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
            self.process_message(message)
        self._wait_for_timeout()

    def disable_input(self) -> None:
        pass

    def stop_application_mode(self) -> None:
        if self._tick is not None:
            self._tick.cancel()
        self.write("\x1b[?7h\x1b[?2004l\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l")
        self.write("\x1b[?25h\x1b[?1049l")
