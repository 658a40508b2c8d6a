"""A Textual driver for one SSH channel, run in the server's own event loop.

Textual's Linux driver owns the process's terminal (signal handlers, termios, an input
thread), so it cannot serve a channel. This driver has no thread and no signal: the SSH
session feeds it the bytes the client typed (`feed`) and its size (`resize`), and it
writes the app's output to the channel. It leans on Textual's private xterm parser,
which is why pyproject pins textual<9 and tests/test_serve.py imports it.

Output is bounded: when the client stops reading and the channel's send buffer passes
`MAX_BUFFER`, the connection is closed rather than letting the buffer grow.
"""

from __future__ import annotations

import asyncio
from codecs import getincrementaldecoder
from typing import Any, Protocol

from textual import events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size

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
        self._parser.terminal_size = (size.width, size.height)
        self._app.post_message(events.Resize(size, size))

    def feed(self, data: bytes) -> None:
        """Bytes the client typed: keys, mouse and paste events for the app."""
        text = self._decode(data)
        for message in self._parser.feed(text):
            self.process_message(message)
        if self._tick is None:
            self._tick = asyncio.get_running_loop().call_later(0.1, self._on_tick)

    def _on_tick(self) -> None:
        """A lone Escape is a key only once nothing follows it (the parser's timeout)."""
        self._tick = None
        for message in self._parser.tick():
            self.process_message(message)

    def disable_input(self) -> None:
        pass

    def stop_application_mode(self) -> None:
        if self._tick is not None:
            self._tick.cancel()
        self.write("\x1b[?7h\x1b[?2004l\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l")
        self.write("\x1b[?25h\x1b[?1049l")
