"""A real `tt22` process in a real terminal (a pty), for tests of what a person starting
the program sees: the output is read until the test has seen what it waits for, and
`screen_of` draws it as an 80x24 terminal would (pyte)."""

from __future__ import annotations

from collections.abc import Callable

import pyte

__all__ = ["run_in_a_pty", "screen_of"]


def run_in_a_pty(
    args: list[str], env: dict[str, str], enough: Callable[[bytes], bool], limit: float = 120.0
) -> bytes:
    """What a real `tt22` process writes to an 80x24 terminal until `enough` says it has
    seen what it waits for (`limit` seconds at most: a hung process fails the test)."""
    import fcntl
    import os
    import pty
    import select
    import signal
    import struct
    import sys
    import termios
    import time

    pid, fd = pty.fork()
    if pid == 0:  # the child: the terminal is the pty
        os.execve(sys.executable, [sys.executable, "-m", "tt22", *args], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    out = bytearray()
    end = time.monotonic() + limit
    try:
        while time.monotonic() < end and not enough(bytes(out)):
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                try:
                    out += os.read(fd, 65536)
                except OSError:
                    break
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
    return bytes(out)


def screen_of(out: bytes, columns: int = 80, lines: int = 24) -> list[str]:
    """The terminal's lines after `out`, as a terminal of that size shows them."""
    screen = pyte.Screen(columns, lines)
    stream = pyte.ByteStream(screen)
    stream.feed(out)
    return [line.rstrip() for line in screen.display]
