"""Test kit for `tt22 serve`: a server on 127.0.0.1 port 0 with throwaway keys, and
clients that read their screens through a terminal emulator (pyte).

Every wait here waits for something real (text on a screen, a table's state) with a
deadline; none is a bare sleep standing in for an event.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import fcntl
import os
import re
import shutil
import struct
import subprocess
import termios
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncssh
import pyte
import pytest
from rich.color import ColorSystem
from textual._context import active_app, visible_screen_stack
from textual.strip import Strip

from tt22.serve.app import ServeApp
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
    folder: Path,
    *,
    allowed: asyncssh.SSHAuthorizedKeys | None = None,
    grace: float = 60.0,
    store: str = "",
) -> Server:
    """A server on 127.0.0.1 port 0 (`store`: a postgresql:// URL, else SQLite)."""
    key, _ = host_key(folder / "server")
    return await start_server(
        ServerConfig("127.0.0.1", 0, folder / "server", key, allowed, grace, 0.0, store=store)
    )


class Client:
    """One player's ssh session and the screen it shows."""

    def __init__(
        self, name: str, key: asyncssh.SSHKey | None = None, env: dict[str, str] | None = None
    ) -> None:
        self.name = name
        self.env = env or {}
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
            term_type="xterm-256color", term_size=(width, height), encoding=None, env=self.env
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


class PtyClient:
    """A real OpenSSH `ssh` in a pseudo-terminal, its screen read through pyte (the same
    `text`/`see`/`press` as `Client`)."""

    def __init__(self, name: str, folder: Path) -> None:
        self.name = name
        self.key = asyncssh.generate_private_key("ssh-ed25519")
        self.key_path = folder / f"{name}_ed25519"
        self.key.write_private_key(str(self.key_path))
        os.chmod(self.key_path, 0o600)
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.received: list[bytes] = []
        self.proc: subprocess.Popen[bytes] | None = None
        self.master = -1

    async def connect(self, port: int, width: int = 80, height: int = 24) -> PtyClient:
        self.screen.resize(height, width)
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        self.master = master
        self.proc = subprocess.Popen(
            [
                SSH,
                "-tt",
                "-p",
                str(port),
                "-i",
                str(self.key_path),
                "-o",
                "IdentitiesOnly=yes",
                "-o",
                "StrictHostKeyChecking=no",
                "-o",
                "UserKnownHostsFile=/dev/null",
                "-o",
                "LogLevel=ERROR",
                "-o",
                "BatchMode=yes",
                "-F",
                "/dev/null",
                f"{self.name}@127.0.0.1",
            ],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            start_new_session=True,
            env={"TERM": "xterm-256color", "PATH": os.environ.get("PATH", "")},
        )
        os.close(slave)
        asyncio.get_running_loop().add_reader(master, self._readable)
        return self

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except OSError:
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self.master)
            return
        self.received.append(data)
        self.stream.feed(data)

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def see(self, *words: str, deadline: float = DEADLINE) -> str:
        await until(
            lambda: all(w in self.text for w in words), f"{self.name} to see {words}", deadline
        )
        return self.text

    def press(self, keys: str | bytes) -> None:
        os.write(self.master, keys.encode() if isinstance(keys, str) else keys)

    async def close(self) -> None:
        if self.master >= 0:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self.master)
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            await until(lambda: self.proc is None or self.proc.poll() is not None, "ssh to end")
        if self.master >= 0:
            os.close(self.master)
            self.master = -1


SSH = shutil.which("ssh") or "/usr/bin/ssh"


CARD = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")


def cards_on(text: str) -> set[str]:
    """The cards (rank and suit, as drawn) a screen shows."""
    return {m.group(0) for m in CARD.finditer(text)}


def may_see(view: Any) -> set[str]:
    """Every card (as drawn) seat `view.seat` may know of: its hand, its exchange, and
    what was played or shown face up."""
    from tt22.core.cards import show_card

    cards: list[int] = [*view.hand, *view.my_discard, *view.my_draw]
    for _, played in view.plays:
        cards.extend(played)
    for pile in view.penalties:
        cards.extend(pile)
    deals = [(view.tricks, ())] + [(d.tricks, d.showdown) for d in view.history]
    for tricks, showdown in deals:
        for trick in tricks:
            for _, played in trick.plays:
                cards.extend(played)
        cards.extend(c for _, c in showdown)
    return {show_card(c) for c in cards}


def told(table: Any) -> bool:
    """Every screen has been handed the news the server has (tt22.serve.pacer hands
    a move's news to the other seats a few screens at a time) and has drawn it: a key
    pressed now reaches an app that knows the position, not one a move behind."""
    pacer = table.hub.pacer
    return not pacer.waiting and not pacer.drawing


async def play_to_end(
    table: Any, seats: dict[int, Any], stop: Callable[[], bool] = lambda: False
) -> int:
    """Play `table` to its end (or until `stop()`): each person's client moves (Enter
    keeps the hand in the exchange, `d` plays the lowest cards) once its own screen says
    it is their move; the bots move by themselves. At each such moment the screen may
    show no card that seat may not know, now or at one of its earlier turns (its move
    log keeps its own exchanges of earlier deals). A deal's summary is never closed
    here: it must step aside by itself when the person's turn comes. How many moves
    the people made."""
    moves = 0
    known: dict[int, set[str]] = {}
    while table.status == "playing" and not stop():
        seat = table.game.to_move(table.state)
        before = table.moves
        if seat not in seats or seat in table.standin:
            await until(
                lambda b=before: table.moves > b or table.status != "playing" or stop(),
                "a bot to move",
            )
            continue
        client = seats[seat]
        await until(
            lambda c=client: ("Your" in c.text or "Exchange:" in c.text) and told(table),
            f"{client.name} to see it is their move",
        )
        view = table.game.view(table.state, seat)
        seen = known.setdefault(seat, set())
        seen |= may_see(view)
        shown = cards_on(client.text)
        assert shown <= seen, f"{client.name} sees {shown - seen}:\n{client.text}"
        client.press("\r" if view.exchanging else "d")
        await until(lambda b=before: table.moves > b, f"{client.name}'s move to count")
        moves += 1
    return moves


async def own_table(server: Server, client: Any, options: Any) -> Any:
    """A table of `options` opened for `client` (in the lobby) as the new-table form
    does, once their lobby lists it as their seat."""
    await client.see("lobby")
    fp = server.store.owner(client.name)
    assert fp is not None
    table = server.hub.create(options, fp, client.name)
    await client.see(table.code, "your seat")
    return table


async def open_and_join(host: Any, guest: Any, server: Server) -> Any:
    """`host` opens a table of 2 people and 2 easy bots from the lobby, `guest` joins it
    by its code; the table, once its match has started."""
    await host.see("lobby", host.name)
    host.press("n")
    await host.see("A new table")
    host.press("\x13")  # ctrl+s opens the table as it is: 4 players, 2 people, easy bots
    await host.see("waiting for 1 more")
    table = next(t for t in server.hub.tables.values() if t.status == "waiting")
    await guest.see(table.code)  # the lobby lists the new table
    guest.press("j")
    await guest.see("Table code")  # the code's field is open
    guest.press(table.code + "\r")
    await until(lambda: table.status == "playing", "the match to start")
    return table


# ------------------------------------------------------------ what the app means to show
def cells(screen: pyte.Screen) -> list[list[pyte.screens.Char]]:
    return [[screen.buffer[y][x] for x in range(screen.columns)] for y in range(screen.lines)]


def record_apps(monkeypatch: pytest.MonkeyPatch) -> dict[str, ServeApp]:
    """The server's app for each person who connects from now on, by name (so a test
    can wait until a client's terminal shows what its app means: `same`)."""
    import tt22.serve.app as served

    apps: dict[str, ServeApp] = {}
    make_app = served.make_app

    def recording(hub: Any, person: Any, channel: Any, data: Path) -> ServeApp:
        apps[person.name] = app = make_app(hub, person, channel, data)
        CONTEXTS[app] = contextvars.copy_context()  # (its language)
        return app

    monkeypatch.setattr(served, "make_app", recording)
    return apps


CONTEXTS: dict[ServeApp, contextvars.Context] = {}


def _seen(cells: list[list[pyte.screens.Char]]) -> list[list[pyte.screens.Char]]:
    """The cells as a person sees them: a blank's foreground colour, boldness, italics
    and blinking do not show (Textual itself sends some blanks with them and some
    without, the same row either way)."""
    return [
        [
            c._replace(fg="default", bold=False, italics=False, blink=False)
            if c.data == " " and not (c.reverse or c.underscore or c.strikethrough)
            else c
            for c in row
        ]
        for row in cells
    ]


def shown(client: Client) -> list[list[pyte.screens.Char]]:
    return _seen(cells(client.screen))


def as_meant(strip: Strip, system: ColorSystem) -> str:
    """A strip's output in `system`'s colours, each style's SGR worked out afresh (never
    one Rich cached on the style for another console)."""
    return "".join(
        text if style is None else f"\x1b[{Strip.render_ansi(style, system)}m{text}\x1b[0m"
        for text, style, _ in strip
    )


def meant_by(app: ServeApp) -> list[list[pyte.screens.Char]]:
    """What `app` means its terminal to show now: its screen rendered whole by Textual
    (its compositor, its strips, its console, in its own context), on a fresh terminal."""

    def strips() -> list[Strip]:
        active_app.set(app)
        visible_screen_stack.set(list(app._background_screens))
        return app.screen._compositor.render_strips()

    screen = pyte.Screen(app.size.width, app.size.height)
    system = app.console._color_system or ColorSystem.TRUECOLOR
    stream = pyte.Stream(screen)
    for y, strip in enumerate(CONTEXTS[app].run(strips)):
        stream.feed(f"\x1b[{y + 1};1H" + as_meant(strip, system))
    return _seen(cells(screen))


async def same(client: Client, app: ServeApp, what: str) -> None:
    """Wait until the client's terminal shows exactly (every character, colour and
    attribute) what its app means to show; a row the shadow got wrong would never be
    sent again, so this would time out."""
    try:
        await until(lambda: shown(client) == meant_by(app), f"{client.name}'s screen {what}")
    except AssertionError as failed:
        now, meant = shown(client), meant_by(app)
        rows = [y for y in range(max(len(now), len(meant))) if now[y : y + 1] != meant[y : y + 1]]
        diff = [
            f"{y}: {''.join(c.data for c in now[y]) if y < len(now) else ''!r}\n"
            f"{y}: {''.join(c.data for c in meant[y]) if y < len(meant) else ''!r}"
            + "\n"
            + repr(
                [
                    (x, a, b)
                    for x, (a, b) in enumerate(zip(now[y], meant[y], strict=False))
                    if a != b
                ][:3]
            )
            for y in rows
        ]
        raise AssertionError("\n".join([str(failed), *diff])) from None
