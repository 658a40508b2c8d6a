"""`tt22 serve` under a hostile or unlucky client: what one connection may cost.

Each test is named after the finding of the serve review (2026-12-01) it answers and
fails without its fix: a paste waits in the channel and a flood is closed (H1), the
drawn size is capped (H2), sessions per connection and key (M1), the environment kept
(M3), the log and the files (L2), names (L3), the allow file (L4), Escape (L6), and
connections that never sign in or open nothing (L9). All on 127.0.0.1 port 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import stat
import sys
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from paths import ROOT
from servekit import Client, record_apps, serve, until
from textual import events

from tt22.serve import ssh
from tt22.serve.app import ServeApp
from tt22.serve.keys import read_allowed
from tt22.serve.render import driver as served_driver
from tt22.serve.render.driver import MAX_HEIGHT, MAX_WIDTH, ChannelDriver
from tt22.serve.store import skeleton, why_not_a_name


async def _connect(port: int, name: str, key: asyncssh.SSHKey) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect(
        "127.0.0.1", port, username=name, client_keys=[key], known_hosts=None, agent_path=None
    )


class _Session:
    """One session on a connection made elsewhere, its output kept as it comes."""

    def __init__(self) -> None:
        self.out = bytearray()
        self.err = bytearray()
        self.proc: Any = None
        self._pumps: list[asyncio.Task[None]] = []

    async def open(
        self, conn: asyncssh.SSHClientConnection, env: dict[str, str] | None = None
    ) -> _Session:
        self.proc = await conn.create_process(
            term_type="xterm", term_size=(80, 24), encoding=None, env=env or {}
        )
        loop = asyncio.get_running_loop()
        self._pumps = [
            loop.create_task(self._pump(self.proc.stdout, self.out)),
            loop.create_task(self._pump(self.proc.stderr, self.err)),
        ]
        return self

    @staticmethod
    async def _pump(stream: Any, into: bytearray) -> None:
        with contextlib.suppress(Exception):
            while data := await stream.read(65536):
                into += data

    @property
    def exited(self) -> bool:
        return bool(self.proc.exit_status is not None)

    async def served_or_refused(self, drawn: bytes = b"lobby") -> str:
        """'served' once its lobby is drawn (`drawn` is on it), else the line it was
        refused with."""
        await until(lambda: drawn in self.out or self.exited, "the session's answer")
        if drawn in self.out:
            return "served"
        await until(lambda: all(p.done() for p in self._pumps), "the refusal's last bytes")
        return self.err.decode(errors="replace").strip()


# ------------------------------------------------------------------------------- H1
AT_ONCE = 256
"""Keys an app may be handed at once: at 0.1-0.4 ms a key, the longest another app waits."""


async def test_h1_a_paste_waits_in_the_channel_not_in_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """4,000 keys written at once (a paste, below the flood's bound) all reach the app,
    in order, but a slice at a time, each taken before the next is fed: the rest waits
    in the SSH channel, so the other apps on the loop keep their turn."""
    waiting: list[int] = []  # events fed that the app had not taken yet, at each feed
    counted: list[int] = []
    taken = [0]
    feed, on_event = ChannelDriver.feed, ServeApp.on_event

    def watched(self: ChannelDriver, data: bytes, *whole: bool) -> int:
        waiting.append(sum(counted) - taken[0])
        n = int(feed(self, data, *whole) or len(data) // 3)  # (before the fix: no count)
        counted.append(n)
        return n

    async def taking(self: ServeApp, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            taken[0] += 1
        await on_event(self, event)

    monkeypatch.setattr(ChannelDriver, "feed", watched)
    monkeypatch.setattr(ServeApp, "on_event", taking)
    server = await serve(tmp_path)
    try:
        c = await Client("ann").connect(server.port)
        await c.see("lobby")
        await until(lambda: taken[0] == sum(counted), "the lobby's first keys")
        taken[0] = 0
        counted.clear()
        waiting.clear()
        c.press("\x1b[A" * 4000 + "n")  # up arrows (the lobby's cursor), then a new table
        await c.see("A new table")
        # handed over a few ms of work at a time, each taken before the next is fed
        assert max(counted) <= AT_ONCE, max(counted)
        assert max(waiting) <= AT_ONCE, max(waiting)
        assert sum(counted) == 4001  # every key, none lost
        await c.close()
    finally:
        await server.close()


async def test_h1_a_flood_is_closed_with_one_line(tmp_path: Path) -> None:
    """64 KiB of keys from a client that stays: its session is closed with one line
    once it has sent MAX_BURST keys without a pause; another person plays on."""
    server = await serve(tmp_path)
    try:
        other = await Client("bob").connect(server.port)
        await other.see("lobby")
        conn = await _connect(server.port, "ann", asyncssh.generate_private_key("ssh-ed25519"))
        flooder = await _Session().open(conn)
        assert await flooder.served_or_refused() == "served"
        flooder.proc.stdin.write(b"j" * 65536)
        await until(lambda: flooder.exited, "the flooder's session to close", deadline=120)
        line = flooder.err.decode(errors="replace")
        assert f"more than {ssh.MAX_BURST} keys at once" in line
        assert flooder.proc.exit_status == 1
        other.press("n")
        await other.see("A new table")
        conn.close()
        await other.close()
    finally:
        await server.close()


async def test_h1_an_endless_paste_is_closed(tmp_path: Path) -> None:
    """A bracketed paste that never ends is kept whole by the parser: past MAX_PASTE
    the session is closed with one line."""
    server = await serve(tmp_path)
    try:
        conn = await _connect(server.port, "ann", asyncssh.generate_private_key("ssh-ed25519"))
        paster = await _Session().open(conn)
        assert await paster.served_or_refused() == "served"
        paster.proc.stdin.write(b"\x1b[200~" + b"x" * (ssh.MAX_PASTE + 4096))
        await until(lambda: paster.exited, "the paster's session to close", deadline=120)
        assert f"a paste of more than {ssh.MAX_PASTE // 1024} KiB" in paster.err.decode()
        conn.close()
    finally:
        await server.close()


# ------------------------------------------------------------------------------- H2
async def test_h2_the_drawn_size_is_capped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A terminal larger than MAX_WIDTH x MAX_HEIGHT gets the screen drawn at that size,
    from its pty request, its window changes and an in-band size report alike."""
    apps = record_apps(monkeypatch)
    server = await serve(tmp_path)
    try:
        c = await Client("ann").connect(server.port, width=1000, height=400)
        await c.see("lobby")
        app = apps["ann"]
        await until(lambda: tuple(app.size) == (MAX_WIDTH, MAX_HEIGHT), "the capped size")
        c.proc.change_terminal_size(120, 40)
        await until(lambda: tuple(app.size) == (120, 40), "a size under the cap, as it is")
        c.press("\x1b[48;9000;9000;0;0t")  # an in-band report: not the SSH size
        c.proc.change_terminal_size(5000, 3000)
        await until(lambda: tuple(app.size) == (MAX_WIDTH, MAX_HEIGHT), "the capped size again")
        await c.close()
    finally:
        await server.close()


# ------------------------------------------------------------------------------- M1
async def test_m1_one_key_holds_few_sessions(tmp_path: Path) -> None:
    """Two sessions on one connection, three on one key; the next is refused with one
    line, and another person still gets in."""
    server = await serve(tmp_path)
    key = asyncssh.generate_private_key("ssh-ed25519")
    try:
        first = await _connect(server.port, "hog", key)
        answers = [await (await _Session().open(first)).served_or_refused() for _ in range(3)]
        assert answers[:2] == ["served", "served"]
        assert "at most 2 sessions on one connection" in answers[2]
        second = await _connect(server.port, "hog", key)
        assert await (await _Session().open(second)).served_or_refused() == "served"
        third = await _connect(server.port, "hog", key)
        refused = await (await _Session().open(third)).served_or_refused()
        assert "hog has 3 sessions open already" in refused
        other = await _connect(server.port, "ann", asyncssh.generate_private_key("ssh-ed25519"))
        assert await (await _Session().open(other)).served_or_refused() == "served"
        for conn in (first, second, third, other):
            conn.close()
    finally:
        await server.close()


# ------------------------------------------------------------------------------- M3
async def test_m3_only_the_environment_used_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hundreds of large variables are refused as they come, before any session cap is
    checked: a refused session held no more of them than a served one, and that is
    only LANG (and the like), short."""
    seen: list[dict[str, str]] = []
    session = ssh.Server._session

    async def recording(self: ssh.Server, process: Any) -> None:
        seen.append(dict(process.env))
        await session(self, process)

    monkeypatch.setattr(ssh.Server, "_session", recording)
    apps = record_apps(monkeypatch)
    server = await serve(tmp_path)
    env = {f"JUNK{i}": "x" * 30000 for i in range(200)}
    env |= {"LANG": "ko_KR.UTF-8", "NO_COLOR": "1", "LC_TOO_LONG": "y" * 500}
    try:
        key = asyncssh.generate_private_key("ssh-ed25519")
        first = await _connect(server.port, "minji", key)
        served = [
            await (await _Session().open(first, env)).served_or_refused(b"minji") for _ in range(3)
        ]
        assert served[:2] == ["served", "served"] and "at most 2" in served[2]
        assert seen and all(e == {"LANG": "ko_KR.UTF-8", "NO_COLOR": "1"} for e in seen), [
            sorted(e)[:5] for e in seen
        ]
        assert apps["minji"].person.env == {"LANG": "ko_KR.UTF-8", "NO_COLOR": "1"}
        first.close()
    finally:
        await server.close()


# ------------------------------------------------------------------------------- L2
def test_l2_the_log_is_cut_and_private(tmp_path: Path) -> None:
    """serve.log is cut at LOG_BYTES, LOG_KEPT old files kept, each 0600 whatever the
    umask; asyncssh's INFO lines (a line per window change) are not logged."""
    from tt22.commands.serve import LOG_BYTES, LOG_KEPT, log_to

    old = os.umask(0o022)
    root = logging.getLogger()
    level = root.level
    handler = log_to(tmp_path)
    try:
        log = logging.getLogger("tt22.serve")
        for i in range(4 * LOG_BYTES // 100):
            log.info("line %06d %s", i, "x" * 80)
        logging.getLogger("asyncssh").info("Received window change: 100x40")
    finally:
        root.removeHandler(handler)
        handler.close()
        root.setLevel(level)
        os.umask(old)
    files = sorted(tmp_path.glob("serve.log*"))
    assert 1 < len(files) <= LOG_KEPT + 1
    for path in files:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
        assert path.stat().st_size <= LOG_BYTES + 200
    assert "window change" not in (tmp_path / "serve.log").read_text()


def test_l2_the_data_folder_is_private(tmp_path: Path) -> None:
    """`tt22 serve` run with the usual umask (022): the data folder is 0700 and the
    store, the log and a started table's options are 0600; the log holds no line per
    window change."""

    async def go() -> None:
        data = tmp_path / "data"
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tt22",
            "serve",
            "--open",
            "--port",
            "0",
            "--data",
            str(data),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env={**os.environ, "TT22_HOME": str(tmp_path / "home")},
            umask=0o022,
        )
        assert proc.stdout is not None
        await asyncio.wait_for(proc.stdout.readline(), 60)
        second = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode()
        port = int(second.split(" port ")[1].split(",")[0])
        ann = Client("ann")
        try:
            await ann.connect(port)
            await ann.see("lobby")
            for i in range(200):
                ann.proc.change_terminal_size(80 + i % 40, 24 + i % 10)
            ann.proc.change_terminal_size(80, 24)
            ann.press("n")
            await ann.see("A new table")
            ann.press("\t\t\x1b[D\x13")  # 4 players, 1 person, 3 bots: it starts
            await until(lambda: list((data / "tables").glob("*.options")), "a table's options")
        finally:
            await ann.close()
            proc.terminate()
            assert await asyncio.wait_for(proc.wait(), 60) == 0
        assert stat.S_IMODE(data.stat().st_mode) == 0o700
        files = [data / "tt22-serve.sqlite", data / "serve.log", *(data / "tables").glob("*")]
        for path in files:
            assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
        log = (data / "serve.log").read_text()
        assert "window change" not in log and "ann signed in" in log

    asyncio.run(go())


# ------------------------------------------------------------------------------- L3
LOOK_ALIKES = ["Ann", "\u0430nn", "ann\u2800", "\u3164", "z\u0301\u0301\u0301", "an\u200bn"]


async def test_l3_look_alike_and_invisible_names_are_refused(tmp_path: Path) -> None:
    """With ann signed in, another key gets none of the review's names: another case,
    a Cyrillic letter, a blank Braille character, a Hangul filler, stacked accents, a
    zero-width space (which SASLprep makes a space); nor an all-Cyrillic look-alike of a
    Latin name. Names of one script, Korean and Japanese included, are served."""
    server = await serve(tmp_path)
    try:
        ann = await Client("ann").connect(server.port)
        ace = await Client("ace").connect(server.port)
        await ann.see("signed in as ann")
        await ace.see("signed in as ace")
        for name in [*LOOK_ALIKES, "\u0430\u0441\u0435"]:  # асе: Cyrillic, all of it
            with pytest.raises(asyncssh.PermissionDenied):
                await Client(name).connect(server.port)
        for name in ["민지", "佐々木", "Nguyễn", "bob-2"]:
            ok = await Client(name).connect(server.port)
            await ok.see(f"signed in as {name}")
            await ok.close()
        await ann.close()
        await ace.close()
    finally:
        await server.close()


def test_l3_names_are_one_script_and_compared_by_skeleton() -> None:
    for name in [*LOOK_ALIKES[1:], "ann\u115f", "a\ufe0fb", "x\u2764", "-ann", "a b", "٣ann"]:
        assert why_not_a_name(name) is not None, name
    for name in ["ann", "Ann", "민지", "ゆき", "ユーキ", "佐々木", "田中Ann", "Мина", "ann.b"]:
        assert why_not_a_name(name) is None, name
    assert skeleton("Ann") == skeleton("ann") == skeleton("\u0430nn")
    assert skeleton("\u0430\u0441\u0435") == skeleton("ace")
    assert skeleton("AnnI") == skeleton("annl") == skeleton("ann1")
    assert skeleton("ann") != skeleton("anne")


# ------------------------------------------------------------------------------- L4
async def test_l4_the_allow_file_ties_names_to_keys(tmp_path: Path) -> None:
    """A real allow file: ann's line names her (its comment) and limits her to this
    address (`from=`); bob's comment is not a name, so his key takes one name; eve's
    line admits her only from elsewhere. ann's name is hers alone, a key has one name,
    and `from=` is checked against the real address."""
    ann, bob, eve = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(3))

    def line(key: asyncssh.SSHKey, comment: str) -> str:
        words = key.export_public_key().decode().split()
        return " ".join([*words[:2], comment])

    path = tmp_path / "allowed"
    path.write_text(
        f'from="127.0.0.1" {line(ann, "ann")}\n'
        f"{line(bob, 'bob@laptop')}\n"
        f'from="10.9.9.9" {line(eve, "eve")}\n'
    )
    server = await serve(tmp_path, allowed=read_allowed(path))  # type: ignore[arg-type]
    try:
        first = await Client("ann", ann).connect(server.port)
        await first.see("signed in as ann")
        for name, key in [("annie", ann), ("ann", bob), ("eve", eve)]:
            with pytest.raises(asyncssh.PermissionDenied):
                await Client(name, key).connect(server.port)
        second = await Client("bob", bob).connect(server.port)
        await second.see("signed in as bob")
        with pytest.raises(asyncssh.PermissionDenied):
            await Client("rob", bob).connect(server.port)  # one name a key
        await first.close()
        await second.close()
    finally:
        await server.close()


def test_l4_a_bad_allow_file_is_one_line(tmp_path: Path) -> None:
    ann, bob = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    path = tmp_path / "allowed"
    path.write_text(ann.export_public_key().decode() + "not a key at all\n")
    with pytest.raises(ValueError, match="line 2 is not a key"):
        read_allowed(path)
    twice = [k.export_public_key().decode().split()[:2] for k in (ann, bob)]
    path.write_text("\n".join(" ".join([*words, "ann"]) for words in twice))
    with pytest.raises(ValueError, match="line 2 names ann, as line 1 does"):
        read_allowed(path)


# ------------------------------------------------------------------------------- L6
class _FakeApp:
    """What ChannelDriver needs of an app: its channel, and a queue for its events."""

    def __init__(self) -> None:
        self.channel = self
        self.size = (80, 24)
        self.got: list[Any] = []

    def send(self, data: bytes) -> None:
        pass

    def buffered(self) -> int:
        return 0

    def close(self) -> None:
        pass

    async def _post_message(self, message: Any) -> bool:
        self.got.append(message)
        return True

    def keys(self) -> list[str]:
        return [m.key for m in self.got]


async def test_l6_a_lone_escape_is_the_escape_key_at_once() -> None:
    """An Escape that ends what the client sent is the key at once (no parser timeout
    pending); an Escape that ends a slice the reader cut is kept, and with the rest of
    its sequence it is the key that sequence means; a whole sequence is its key."""
    app = _FakeApp()
    driver = ChannelDriver(app)  # type: ignore[arg-type]
    count = driver.feed(b"\x1b")  # (all the client sent)
    assert driver._parser._timeout_time is None and driver._tick is None
    assert count == 1
    await until(lambda: app.keys() == ["escape"], "the Escape key")
    app.got.clear()
    assert driver.feed(b"x\x1b", whole=False) == 1  # (x; the Escape waits for the rest)
    assert driver.feed(b"[A", whole=True) == 1
    await until(lambda: len(app.got) == 2, "the two keys")
    assert app.keys() == ["x", "up"]
    app.got.clear()
    assert driver.feed(b"\x1b[B\x1b", whole=True) == 2
    await until(lambda: len(app.got) == 2, "the two keys")
    assert app.keys() == ["down", "escape"]


# ------------------------------------------------------------------------------- L9
@pytest.mark.parametrize("cap", ["MAX_UNAUTHENTICATED", "MAX_UNAUTHENTICATED_PER_ADDRESS"])
async def test_l9_connections_not_signed_in_are_capped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cap: str
) -> None:
    """Past MAX_UNAUTHENTICATED connections that have not signed in (or as many from
    one address), a new one is closed at once (not after the login timeout); once they
    go, people get in again."""
    monkeypatch.setattr(ssh, cap, 3)
    server = await serve(tmp_path)
    try:
        idle = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(3)]
        for r, _ in idle:  # (the server's version line: each is counted by now)
            assert (await asyncio.wait_for(r.readline(), 30)).startswith(b"SSH-2.0-")
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        try:  # closed: its end of file, or a reset (an abort)
            got = await asyncio.wait_for(reader.read(), ssh.LOGIN_TIMEOUT / 2)
            assert reader.at_eof(), got
        except ConnectionResetError:
            pass
        writer.close()
        for _, w in idle:
            w.close()
        await until(lambda: not getattr(server, "knocking", {}), "the idle ones to go")
        c = await Client("ann").connect(server.port)
        await c.see("lobby")
        await c.close()
    finally:
        await server.close()


async def test_l9_a_connection_that_opens_nothing_is_closed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A signed-in connection that runs no session is closed after IDLE seconds (set
    small here); one whose session runs is not."""
    monkeypatch.setattr(ssh, "IDLE", 0.5)
    server = await serve(tmp_path)
    try:
        player = await Client("bob").connect(server.port)
        await player.see("lobby")
        conn = await _connect(server.port, "ann", asyncssh.generate_private_key("ssh-ed25519"))
        await asyncio.wait_for(conn.wait_closed(), 30)
        player.press("n")
        await player.see("A new table")  # the one with a session is still served
        await player.close()
    finally:
        await server.close()


def test_limits_are_the_documented_ones() -> None:
    """docs/serve.md states these figures; a change to one must change the docs."""
    docs = (ROOT / "docs" / "serve.md").read_text()
    section = docs.split("## Limits on a connection", 1)[1].split("\n## ", 1)[0]
    for figure in [
        f"{MAX_WIDTH}x{MAX_HEIGHT}",
        f"{ssh.MAX_SESSIONS_PER_CONNECTION} sessions on one connection",
        f"{ssh.MAX_SESSIONS_PER_KEY} on one key",
        f"{ssh.MAX_BURST:,} keys",
        f"{ssh.MAX_PASTE // 1024} KiB",
        f"{ssh.MAX_UNAUTHENTICATED} connections",
        f"{ssh.IDLE:.0f} seconds",
        f"{served_driver.MAX_BUFFER >> 20} MiB",
    ]:
        assert figure in section, figure
