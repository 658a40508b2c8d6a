"""The SSH front end: who may connect, what they may ask for, and one app per terminal.

No shell, ever: exec requests, subsystems (SFTP), port, X11 and agent forwarding and
sessions without a terminal are refused with one line. Identity is the key's
fingerprint, taken only once authentication has completed: `validate_public_key` also
runs for keys a client merely offers, so a check there alone would let anyone present
another person's public key.

What one client may cost is bounded (docs/serve.md, "Limits on a connection"):
connections not yet signed in (`MAX_UNAUTHENTICATED`), a signed-in connection that runs
no session (`IDLE`), channels and sessions per connection and per key, the
environment a session may set (`ENV_NAMES`), the terminal's size (`driver.MAX_WIDTH`),
and input: read `SLICE` bytes at a time, each slice handled before the next is read,
and a connection that sends more than `MAX_BURST` events without a pause is closed.
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
from asyncssh.packet import SSHPacket

from tt22.core.safe import printable
from tt22.serve.hub import Hub
from tt22.serve.keys import Allowed, fingerprint
from tt22.serve.render.driver import MAX_HEIGHT, MAX_WIDTH
from tt22.serve.render.heap import HeapKeeper, strips_free_themselves
from tt22.serve.store import ServerStore, open_store, why_not_a_name
from tt22.tui.hooks import app_driver, app_failure

__all__ = ["Server", "ServerConfig", "start_server"]

log = logging.getLogger("tt22.serve")

MAX_CONNECTIONS = 400
"""Sessions (apps) on the whole server."""
MAX_SESSIONS_PER_CONNECTION = 2
MAX_SESSIONS_PER_KEY = 3
"""A person may watch a table in a second terminal while they play, or sit at two
machines; more than that on one key is one client taking slots from everyone else."""
MAX_CHANNELS = 4
"""Session channels open at once on one connection, started or not: a channel that asks
for nothing still costs the server its buffers."""
MAX_UNAUTHENTICATED = 64
MAX_UNAUTHENTICATED_PER_ADDRESS = 8
"""Connections still in their key exchange or authentication, in all and from one
address (OpenSSH: MaxStartups, PerSourceMaxStartups): past either, a new one is closed
at once. The bound from one address keeps one host from filling the server's."""
LOGIN_TIMEOUT = 30.0
"""Seconds a connection has to sign in."""
IDLE = 60.0
"""Seconds a signed-in connection may run no session before it is closed."""

SLICE = 128
"""Bytes read from a client at once. Each slice is handled by the app before the next
is read, so a paste waits in the SSH channel, not in the app's queue, and another app
waits at most one slice's keys (a few ms) for its turn."""
WINDOW = 64 * 1024
"""The SSH receive window of a session: what a client may send before it must wait."""
MAX_BURST = 8192
"""Input events (keys, mouse reports, a paste counts one) a client may send without the
input ever running dry before its connection is closed: more than anyone types, and a
paste of text into the chat is one event (bracketed paste)."""
MAX_PASTE = 256 * 1024
"""Characters of one paste (or of input that gives no event at all) before the
connection is closed: the parser keeps a paste whole until it ends."""

ENV_NAMES = frozenset({"LANG", "NO_COLOR", "COLORTERM", "TERM"})
"""The environment variables a session may set (with `LC_*`): its language and colours.
Every other is refused as it comes, so nothing of it is kept."""
MAX_ENV = 16
MAX_ENV_VALUE = 64


def env_allowed(name: bytes, value: bytes) -> bool:
    """Whether a session may set `name` to `value` (`ENV_NAMES` and `LC_*`, short)."""
    if len(value) > MAX_ENV_VALUE or len(name) > 32:
        return False
    text = name.decode("ascii", "replace")
    return text in ENV_NAMES or (text.startswith("LC_") and text[3:].isalpha())


class _Channel(asyncssh.SSHServerChannel[bytes]):
    """A session channel that keeps only the environment tt22 uses (`env_allowed`),
    at most `MAX_ENV` variables. asyncssh itself keeps every `env` request of a
    channel, from before its shell is asked for, so no later check can bound them."""

    def _process_env_request(self, packet: SSHPacket) -> bool:
        name = packet.get_string()
        value = packet.get_string()
        packet.check_end()
        env = self._env  # (asyncssh's own store of the requests)
        if not env_allowed(name, value) or (name not in env and len(env) >= MAX_ENV):
            return False
        env[name] = value
        return True


class _Process(asyncssh.SSHServerProcess[bytes]):
    """asyncssh's process, counted on its connection while its channel is open."""

    def __init__(self, auth: _Auth) -> None:
        super().__init__(auth.server.session, None, 0, False)
        self.auth = auth

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self.auth.channels -= 1


@dataclass
class ServerConfig:
    host: str
    port: int
    data: Path
    host_key: asyncssh.SSHKey
    allowed: Allowed | asyncssh.SSHAuthorizedKeys | None  # None: --open
    grace: float = 60.0
    pace: float = 0.5
    keep_heap: bool = False  # freeze long-lived objects (tt22/serve/render/heap.py): `tt22 serve`
    store: str = ""  # --store: a postgresql:// URL; empty: the SQLite file in `data`


class _Auth(asyncssh.SSHServer):
    """One connection: its authentication (names, keys, and nothing else), its session
    channels, and its apps."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.last_key: asyncssh.SSHKey | None = None
        self.address = ""  # the client's IP address
        self.signed_in = False
        self.channels = 0  # session channels open
        self.apps = 0  # of them, those running an app
        self._idle: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else ""  # (gone from the connection once closed)
        why = self.server.knocked(self.address)
        if why is not None:
            log.warning("refusing a connection from %s: %s", self.address, why)
            asyncio.get_running_loop().call_soon(conn.abort)

    def connection_lost(self, exc: Exception | None) -> None:
        self._signed_in_or_gone()
        self._stop_idle()

    def _signed_in_or_gone(self) -> None:
        """No longer a connection that has not signed in (counted once)."""
        if not self.signed_in:
            self.signed_in = True
            self.server.left_the_door(self.address)

    def begin_auth(self, username: str) -> bool:
        why = why_not_a_name(username)
        if why is not None and self.conn is not None:  # no key will do: say why
            self.conn.send_auth_banner(f"tt22 serve: {printable(username)!r}: {why}\r\n")
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
        why = self.server.why_not(username, key, self.address)
        if why is not None:
            log.info("refused %r (%s): %s", printable(username), fingerprint(key), why)
            return False
        self.last_key = key  # the key of the signed request is the last one checked
        return True

    def auth_completed(self) -> None:
        assert self.conn is not None and self.last_key is not None
        username = self.conn.get_extra_info("username")
        fp = fingerprint(self.last_key)
        if not self.server.claim(username, self.last_key, self.address):
            self.conn.set_extra_info(tt22_refused="that name belongs to another key")
        self.conn.set_extra_info(tt22_fingerprint=fp)
        self._signed_in_or_gone()
        log.info("%s signed in (%s) from %s", printable(username), fp, self.address)
        self._start_idle()

    def session_requested(self) -> tuple[asyncssh.SSHServerChannel[bytes], _Process]:
        """A session channel, unless this connection has `MAX_CHANNELS` open: one that
        keeps only the environment tt22 uses, with a bounded receive window."""
        assert self.conn is not None
        if self.channels >= MAX_CHANNELS:
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                f"tt22 serve: at most {MAX_CHANNELS} channels on one connection",
            )
        chan = self.conn.create_server_channel(encoding=None, window=WINDOW)
        chan.__class__ = _Channel  # (asyncssh makes the channel; this bounds its env)
        self.channels += 1
        return chan, _Process(self)

    def app_started(self) -> None:
        self.apps += 1
        self._stop_idle()

    def app_ended(self) -> None:
        self.apps -= 1
        if self.apps == 0:
            self._start_idle()

    def _start_idle(self) -> None:
        self._stop_idle()
        self._idle = asyncio.get_running_loop().call_later(IDLE, self._idle_out)

    def _stop_idle(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None

    def _idle_out(self) -> None:
        self._idle = None
        if self.conn is not None and self.apps == 0:
            log.info("closing a connection that ran no session for %.0f s", IDLE)
            self.conn.close()

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
        self.size = (min(width or 80, MAX_WIDTH), min(height or 24, MAX_HEIGHT))
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
        self.store: ServerStore = open_store(config.store, config.data)
        self.hub = Hub(config.data, self.store, grace=config.grace, pace=config.pace)
        self.link: Any = None  # with a PostgreSQL store: the other nodes (serve/nodes.py)
        if config.store:
            from tt22.serve.nodes import NodeLink
            from tt22.serve.pgstore import PgStore

            assert isinstance(self.store, PgStore)
            self.link = self.hub.logs = NodeLink(self.store, self.hub)
        self.heap = HeapKeeper() if config.keep_heap else None
        if self.heap is not None:  # (tables opening, filling, starting: new screens)
            strips_free_themselves()
            self.hub.watch_lobby(self.heap.settle)
            self.hub.watch_moves(self.heap.settle)
        self.listener: asyncssh.SSHAcceptor | None = None
        self.sessions: set[asyncio.Task[Any]] = set()
        self.processes: dict[int, asyncssh.SSHServerProcess[bytes]] = {}
        self.let_go = 0  # connections closed because they stopped reading
        self.unauthenticated = 0  # connections not signed in yet
        self.knocking: dict[str, int] = {}  # of them, by the address they come from
        self.apps_of: dict[str, int] = {}  # sessions running an app, by key fingerprint
        allowed = config.allowed
        self.allowed = (
            Allowed.of(allowed) if isinstance(allowed, asyncssh.SSHAuthorizedKeys) else allowed
        )
        self._stdout = sys.stdout
        self._stderr = sys.stderr

    def knocked(self, address: str) -> str | None:
        """A connection from `address` has not signed in yet: counted; why it must be
        closed at once (too many such connections), or None."""
        self.unauthenticated += 1
        self.knocking[address] = self.knocking.get(address, 0) + 1
        if self.knocking[address] > MAX_UNAUTHENTICATED_PER_ADDRESS:
            return f"{MAX_UNAUTHENTICATED_PER_ADDRESS} from there not signed in yet"
        if self.unauthenticated > MAX_UNAUTHENTICATED:
            return f"{MAX_UNAUTHENTICATED} not signed in yet"
        return None

    def left_the_door(self, address: str) -> None:
        """A connection counted by `knocked` has signed in or gone."""
        self.unauthenticated -= 1
        self.knocking[address] -= 1
        if not self.knocking[address]:
            del self.knocking[address]

    def why_not(self, name: str, key: asyncssh.SSHKey, address: str) -> str | None:
        """Why `key`, connecting from `address`, may not sign in as `name`; None when
        it may. With --allow the key's line must admit it from there (`from=`), and a
        name the allow file ties to a key is that key's alone."""
        why = why_not_a_name(name)
        if why is not None:
            return why
        fp = fingerprint(key)
        if self.allowed is not None:
            line = self.allowed.match(key, address)
            if line is None:
                return "not an allowed key" + (f" from {address}" if address else "")
            if line.name is not None:
                return None if line.name == name else f"this key is {line.name} here"
            named = self.allowed.named(name)
            if named is not None and named.fingerprint != fp:
                return f"{name} is line {named.line}'s name in the allow file"
        return self.store.why_not(name, fp)

    def claim(self, name: str, key: asyncssh.SSHKey, address: str) -> bool:
        """Make `name` the key's, once it has signed in; whether it is."""
        fp = fingerprint(key)
        line = self.allowed.match(key, address) if self.allowed is not None else None
        if line is not None and line.name == name:
            return self.store.give(name, fp)  # the allow file says whose it is
        return self.store.claim(name, fp)

    @property
    def port(self) -> int:
        assert self.listener is not None
        return int(self.listener.get_port())

    async def start(self) -> None:
        self.hub.resume_tables()
        if self.link is not None:
            await self.link.start()
        self.listener = await asyncssh.create_server(
            lambda: _Auth(self),
            self.config.host,
            self.config.port,
            server_host_keys=[self.config.host_key],
            encoding=None,
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            login_timeout=LOGIN_TIMEOUT,
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
        else:
            why = self._full(conn)
        if why is not None:
            process.stderr.write(f"tt22 serve: {why}\r\n".encode())
            process.exit(1)
            return
        auth = cast(_Auth, conn.get_owner())
        fp = str(conn.get_extra_info("tt22_fingerprint"))
        auth.app_started()
        self.apps_of[fp] = self.apps_of.get(fp, 0) + 1
        try:
            await self._run_app(process, conn)
        finally:
            auth.app_ended()
            self.apps_of[fp] -= 1
            if not self.apps_of[fp]:
                del self.apps_of[fp]

    def _full(self, conn: asyncssh.SSHServerConnection) -> str | None:
        """Why no more sessions may start on `conn`: this connection's, this key's or
        the server's sessions are all taken; None when one may."""
        auth = cast(_Auth, conn.get_owner())
        fp = str(conn.get_extra_info("tt22_fingerprint"))
        name = str(conn.get_extra_info("username"))
        if auth.apps >= MAX_SESSIONS_PER_CONNECTION:
            return f"at most {MAX_SESSIONS_PER_CONNECTION} sessions on one connection"
        if self.apps_of.get(fp, 0) >= MAX_SESSIONS_PER_KEY:
            return f"{name} has {MAX_SESSIONS_PER_KEY} sessions open already: close one first"
        if len(self.sessions) > MAX_CONNECTIONS:
            return "the server is full"
        return None

    async def _run_app(
        self, process: asyncssh.SSHServerProcess[bytes], conn: asyncssh.SSHServerConnection
    ) -> None:
        from tt22.serve.app import Person, make_app

        channel = _SessionChannel(process, self)
        env = process.channel.get_environment_bytes()  # (only what _Channel kept)
        person = Person(
            name=str(conn.get_extra_info("username")),
            fingerprint=str(conn.get_extra_info("tt22_fingerprint")),
            term=(process.get_terminal_type() or "xterm")[:64],
            env={
                k.decode("ascii"): v.decode("utf-8", "replace")
                for k, v in env.items()
                if env_allowed(k, v)  # (an allow line's environment= is kept there too)
            },
        )
        context = contextvars.copy_context()  # this app's own language, in its tasks
        app = context.run(make_app, self.hub, person, channel, self.config.data)
        run = asyncio.get_running_loop().create_task(app.run_async(), context=context)
        reader = asyncio.get_running_loop().create_task(self._read(process, app))
        if self.heap is not None:
            self.heap.settle()  # (its app and lobby, once drawn, live as long as it does)
        why: str | None = None
        try:
            await asyncio.wait({run, reader}, return_when=asyncio.FIRST_COMPLETED)
            if reader.done() and not reader.cancelled() and reader.exception() is None:
                why = reader.result()
        finally:
            if not run.done():
                app.exit()
                with contextlib.suppress(asyncio.TimeoutError, Exception):
                    await asyncio.wait_for(run, 5)
            reader.cancel()
            self._restore_streams()
            failed = app_failure(app)
            if failed is None and run.done() and not run.cancelled():
                failed = run.exception()
            if failed is not None:
                log.error("a connection's app failed", exc_info=failed)
            channel.closed = True
            if self.heap is not None:
                self.heap.released()
            with contextlib.suppress(Exception):
                if why is not None:  # after the app has given the terminal back
                    log.warning("closing %s's session: %s", person.name, why)
                    process.stderr.write(f"\r\ntt22 serve: {why}\r\n".encode())
                process.exit(0 if why is None else 1)

    async def _read(self, process: asyncssh.SSHServerProcess[bytes], app: Any) -> str | None:
        """Feed the client's input to its app, `SLICE` bytes at a time, each slice
        handled before the next is read. None when the client closed its side; why
        its session must close when it sends more than anyone types (`MAX_BURST`
        events without its input running dry: a read shorter than a slice means
        nothing more was waiting) or a paste longer than `MAX_PASTE`."""
        burst = 0
        while True:
            try:
                data = await process.stdin.read(SLICE)
            except asyncssh.TerminalSizeChanged as e:
                resize = getattr(app, "driver_resize", None)
                if resize is not None:
                    resize(e.width, e.height)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            if not data:
                return None  # the client closed its side
            feed = getattr(app, "driver_feed", None)
            if feed is None:
                continue
            whole = len(data) < SLICE
            events = int(feed(data, whole))
            burst += events
            if burst > MAX_BURST:
                return f"more than {MAX_BURST} keys at once: closing (paste text into the chat)"
            driver = app_driver(app)
            if getattr(driver, "unparsed", 0) > MAX_PASTE:
                return f"a paste of more than {MAX_PASTE // 1024} KiB: closing"
            if events:
                await app.driver_settled()
            if whole:
                burst = 0

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
        if self.link is not None:
            await self.link.close()
        self.hub.close()
        if self.heap is not None:
            self.heap.close()
        self.store.close()
        sys.stdout, sys.stderr = self._stdout, self._stderr


async def start_server(config: ServerConfig) -> Server:
    server = Server(config)
    await server.start()
    return server
