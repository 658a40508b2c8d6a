"""The SSH front end: who may connect, what they may ask for, and one app per terminal.

No shell, ever: exec requests, subsystems (SFTP), port, X11 and agent forwarding and
sessions without a terminal are refused with one line. Identity is the key's
fingerprint, taken only once authentication has completed: `validate_public_key` also
runs for keys a client merely offers, so a check there alone would let anyone present
another person's public key.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import asyncssh

from tt22.serve.heap import HeapKeeper, strips_free_themselves
from tt22.serve.hub import Hub
from tt22.serve.keys import fingerprint
from tt22.serve.store import Store, valid_name

__all__ = ["Server", "ServerConfig", "start_server"]

log = logging.getLogger("tt22.serve")

MAX_INPUT = 4096
"""Bytes read from a client at once; a paste larger than this arrives in pieces."""
MAX_CONNECTIONS = 400


@dataclass
class ServerConfig:
    host: str
    port: int
    data: Path
    host_key: asyncssh.SSHKey
    allowed: asyncssh.SSHAuthorizedKeys | None  # None: --open
    grace: float = 60.0
    pace: float = 0.5
    keep_heap: bool = False  # freeze long-lived objects (tt22/serve/heap.py): `tt22 serve`


class _Auth(asyncssh.SSHServer):
    """One connection's authentication: names, keys, and nothing else."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.last_key: asyncssh.SSHKey | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Whether this key may sign in as `username`. Said yes to here, nothing is
        granted: the identity is taken in `auth_completed`, after the signature."""
        if not valid_name(username):
            return False
        allowed = self.server.config.allowed
        if allowed is not None and allowed.validate(key, "", "") is None:
            return False
        owner = self.server.store.owner(username)
        if owner is not None and owner != fingerprint(key):
            return False
        self.last_key = key  # the key of the signed request is the last one checked
        return True

    def auth_completed(self) -> None:
        assert self.conn is not None and self.last_key is not None
        username = self.conn.get_extra_info("username")
        fp = fingerprint(self.last_key)
        if not self.server.store.claim(username, fp):  # another key won the name just now
            self.conn.set_extra_info(tt22_refused="that name belongs to another key")
        self.conn.set_extra_info(tt22_fingerprint=fp)

    def connection_requested(self, *args: Any) -> bool:
        return False  # no port forwarding

    def server_requested(self, *args: Any) -> bool:
        return False

    def unix_connection_requested(self, *args: Any) -> bool:
        return False

    def unix_server_requested(self, *args: Any) -> bool:
        return False


class _SessionChannel:
    """The driver's `Channel` over an asyncssh process."""

    def __init__(self, process: asyncssh.SSHServerProcess[bytes], server: Server) -> None:
        self.process = process
        self.server = server
        width, height, _, _ = process.get_terminal_size()
        self.size = (width or 80, height or 24)
        self.closed = False

    def send(self, data: bytes) -> None:
        if not self.closed:
            try:
                self.process.stdout.write(data)
            except OSError:  # the client has gone (BrokenPipeError)
                self.closed = True

    def buffered(self) -> int:
        return int(self.process.channel.get_write_buffer_size())

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            log.info("closing a connection that stopped reading")
            self.server.let_go += 1
            self.process.channel.abort()


class Server:
    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.store = Store(config.data / "tt22-serve.sqlite")
        self.hub = Hub(config.data, self.store, grace=config.grace, pace=config.pace)
        self.heap = HeapKeeper() if config.keep_heap else None
        if self.heap is not None:  # (tables opening, filling, starting: new screens)
            strips_free_themselves()
            self.hub.watch_lobby(self.heap.settle)
            self.hub.watch_moves(self.heap.settle)
        self.listener: asyncssh.SSHAcceptor | None = None
        self.sessions: set[asyncio.Task[Any]] = set()
        self.processes: dict[int, asyncssh.SSHServerProcess[bytes]] = {}
        self.let_go = 0  # connections closed because they stopped reading
        self._stdout = sys.stdout
        self._stderr = sys.stderr

    @property
    def port(self) -> int:
        assert self.listener is not None
        return int(self.listener.get_port())

    async def start(self) -> None:
        self.hub.resume_tables()
        self.listener = await asyncssh.create_server(
            lambda: _Auth(self),
            self.config.host,
            self.config.port,
            server_host_keys=[self.config.host_key],
            process_factory=self.session,
            encoding=None,
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            login_timeout=30,
            keepalive_interval=30,
        )

    async def session(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        """One session: refused with one line unless it is a terminal with nothing
        asked of it; then the lobby app until the client leaves."""
        task = asyncio.current_task()
        if task is not None:
            self.sessions.add(task)
        self.processes[id(process)] = process
        try:
            await self._session(process)
        except Exception:
            log.exception("a session failed")
        finally:
            self.processes.pop(id(process), None)
            if task is not None:
                self.sessions.discard(task)

    async def _session(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        conn = cast(asyncssh.SSHServerConnection, process.channel.get_connection())
        refused = conn.get_extra_info("tt22_refused")
        why = None
        if refused:
            why = refused
        elif process.command is not None:
            why = "no commands here: connect without one to reach the lobby"
        elif process.subsystem is not None:
            why = "no subsystems (sftp) here"
        elif process.get_terminal_type() is None:
            why = "tt22 needs a terminal: connect with ssh -t"
        elif len(self.sessions) > MAX_CONNECTIONS:
            why = "the server is full"
        if why is not None:
            process.stderr.write(f"tt22 serve: {why}\r\n".encode())
            process.exit(1)
            return
        await self._run_app(process, conn)

    async def _run_app(
        self, process: asyncssh.SSHServerProcess[bytes], conn: asyncssh.SSHServerConnection
    ) -> None:
        from tt22.serve.app import Person, make_app

        channel = _SessionChannel(process, self)
        env = dict(process.env) if process.env else {}
        person = Person(
            name=str(conn.get_extra_info("username")),
            fingerprint=str(conn.get_extra_info("tt22_fingerprint")),
            term=process.get_terminal_type() or "xterm",
            env={str(k): str(v) for k, v in env.items()},
        )
        context = contextvars.copy_context()  # this app's own language, in its tasks
        app = context.run(make_app, self.hub, person, channel, self.config.data)
        run = asyncio.get_running_loop().create_task(app.run_async(), context=context)
        reader = asyncio.get_running_loop().create_task(self._read(process, app))
        if self.heap is not None:
            self.heap.settle()  # (its app and lobby, once drawn, live as long as it does)
        try:
            await asyncio.wait({run, reader}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            if not run.done():
                app.exit()
                with contextlib.suppress(asyncio.TimeoutError, Exception):
                    await asyncio.wait_for(run, 5)
            reader.cancel()
            self._restore_streams()
            failed = getattr(app, "_exception", None)
            if failed is None and run.done() and not run.cancelled():
                failed = run.exception()
            if failed is not None:
                log.error("a connection's app failed", exc_info=failed)
            channel.closed = True
            if self.heap is not None:
                self.heap.released()
            with contextlib.suppress(Exception):
                process.exit(0)

    async def _read(self, process: asyncssh.SSHServerProcess[bytes], app: Any) -> None:
        while True:
            try:
                data = await process.stdin.read(MAX_INPUT)
            except asyncssh.TerminalSizeChanged as e:
                resize = getattr(app, "driver_resize", None)
                if resize is not None:
                    resize(e.width, e.height)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            if not data:
                return  # the client closed its side
            feed = getattr(app, "driver_feed", None)
            if feed is not None:
                feed(data)

    def _restore_streams(self) -> None:
        """Textual redirects sys.stdout/stderr while an app runs; with many apps ending
        in any order the last one may leave another's capture in place."""
        if not any(not t.done() for t in self.sessions):
            sys.stdout, sys.stderr = self._stdout, self._stderr

    async def close(self) -> None:
        if self.listener is not None:
            self.listener.close()
            await self.listener.wait_closed()
        for task in list(self.sessions):
            task.cancel()
        for task in list(self.sessions):
            with contextlib.suppress(BaseException):
                await task
        self.hub.close()
        if self.heap is not None:
            self.heap.close()
        self.store.close()
        sys.stdout, sys.stderr = self._stdout, self._stderr


async def start_server(config: ServerConfig) -> Server:
    server = Server(config)
    await server.start()
    return server
