"""Test kit for `tt22 serve`: a server on 127.0.0.1 port 0 with throwaway keys, and
clients that read their screens through a terminal emulator (pyte).

Every wait here waits for something real (text on a screen, a table's state) with a
deadline; none is a bare sleep standing in for an event.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncssh
import pyte

from tt22.serve.keys import host_key
from tt22.serve.ssh import Server, ServerConfig, start_server

DEADLINE = 60.0


async def until(check: Callable[[], Any], what: str, deadline: float = DEADLINE) -> Any:
    """Poll `check` on the loop until it is truthy; AssertionError naming `what` after
    `deadline` seconds (a generous bound on a loaded 2-core machine, not a pace)."""
    end = time.monotonic() + deadline
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


async def serve(
    folder: Path, *, allowed: asyncssh.SSHAuthorizedKeys | None = None, grace: float = 60.0
) -> Server:
    key, _ = host_key(folder / "server")
    return await start_server(
        ServerConfig("127.0.0.1", 0, folder / "server", key, allowed, grace, 0.0)
    )


class Client:
    """One player's ssh session and the screen it shows."""

    def __init__(self, name: str, key: asyncssh.SSHKey | None = None) -> None:
        self.name = name
        self.key = key or asyncssh.generate_private_key("ssh-ed25519")
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.received: list[bytes] = []
        self.conn: asyncssh.SSHClientConnection | None = None
        self.proc: Any = None
        self._pump: asyncio.Task[None] | None = None
        self.closed = asyncio.Event()

    async def connect(self, port: int, width: int = 80, height: int = 24) -> Client:
        self.screen.resize(height, width)
        self.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=self.name,
            client_keys=[self.key],
            known_hosts=None,
            agent_path=None,
        )
        self.proc = await self.conn.create_process(
            term_type="xterm-256color", term_size=(width, height), encoding=None
        )
        self._pump = asyncio.get_running_loop().create_task(self._read())
        return self

    async def _read(self) -> None:
        try:
            while True:
                data = await self.proc.stdout.read(65536)
                if not data:
                    return
                self.received.append(data)
                self.stream.feed(data)
        finally:
            self.closed.set()

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def see(self, *words: str, deadline: float = DEADLINE) -> str:
        """Wait until every one of `words` is on the screen; the screen's text."""
        await until(
            lambda: all(w in self.text for w in words), f"{self.name} to see {words}", deadline
        )
        return self.text

    def press(self, keys: str | bytes) -> None:
        self.proc.stdin.write(keys.encode() if isinstance(keys, str) else keys)

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            with contextlib.suppress(Exception):
                await self.conn.wait_closed()
        if self._pump is not None:
            self._pump.cancel()
            with contextlib.suppress(BaseException):
                await self._pump
