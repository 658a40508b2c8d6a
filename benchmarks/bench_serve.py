"""`tt22 serve` under load: many SSH players at tables of four, on this machine.

Starts `tt22 serve` as its own process on 127.0.0.1 (port 0, a throwaway data folder),
connects N asyncssh clients that read their screens through pyte, seats them four to a
table (all people: the clients pace themselves like bots, thinking 0.1-0.5 s by default,
faster than any person: `--think 1,4` paces them as people play), and plays until each
has made M moves or its match ends. Prints:

- connect-to-lobby time (ssh connect until the lobby is drawn), median and p99;
- keypress-to-screen latency (a move's key until the first byte of its redraw), median,
  p99 and max;
- the server's memory (RSS) before, with every player in the lobby, and per connection;
- bytes sent per player per move at 80x24.

The clients run in this process, on the same 2 shared cores as the server, so the
latency includes their own queueing: it is an upper bound. Run:
`python benchmarks/bench_serve.py [--players 100] [--moves 30] [--think 0.1,0.5]
[--game twentytwo|rook|gin]`

`--game rook` seats four people at each Rook table, `--game gin` two at each Gin table;
their clients answer each turn's prompt with the simplest move (pass the bidding when
they may, put back the first five cards, the trump proposed, the card under the cursor;
pass the upcard, draw from the stock, knock when the card at the cursor allows it, else
discard the hand's last card), and close each hand's summary.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh
import pyte

TURN = ("Your lead:", "Your turn:", "Your move:", "Exchange: select")
"""The prompts that say it is this player's move (never a line of the table's log, such
as "Exchange: Ann kept", which a client must not take for its turn)."""
END, HOME, RIGHT = "\x1b[F", "\x1b[H", "\x1b[C"


class Game:
    """How the benchmark's clients open, recognise and play one game's tables."""

    def __init__(
        self,
        size: int,
        form: tuple[str, str],
        started: str,
        over: str,
        turns: list[tuple[str, str]],
    ) -> None:
        self.size = size  # people per table
        self.form = form  # keys in the new-table form before ctrl+s, and what it shows then
        self.started = started  # what every screen shows once the match plays
        self.over = over
        self.turns = turns  # (what the screen says, the keys that answer it), in order

    def keys(self, text: str) -> str | None:
        for words, keys in self.turns:
            if words in text:
                return keys
        return None


GAMES = {
    # 22: past the game and the players, people 2 -> 4; Enter keeps the hand in the
    # exchange, d plays the lowest cards.
    "twentytwo": Game(
        4, ("\t\t\x1b[C\x1b[C", "bots)  ‹ 4 ›"), "Deal 1", "Match over",
        [("Exchange: select", "\r"), *((w, "d") for w in TURN if w != "Exchange: select")],
    ),
    # Rook: the game one step right, people 2 -> 4.
    "rook": Game(
        4, (RIGHT + "\t\t\x1b[C\x1b[C", "bots)  ‹ 4 ›"), "hand 1", "The game is over",
        [
            ("Next hand", "\r"),
            ("Enter bid, p pass", "p"),
            ("Your bid:", "\r"),
            ("Choose a pile", "\r"),
            ("Your nest", HOME + (" " + RIGHT) * 5 + "\r"),
            ("Name trump", "\r"),
            ("Your lead", "\r"),
            ("Your turn", "\r"),
            ("The dummy's turn", "\r"),
        ],
    ),
    # Gin: three steps right; two players, both people by default.
    "gin": Game(
        2, (RIGHT * 3, "‹ Gin Rummy ›"), "Hand 1", "Game over",
        [
            ("Next hand", "\r"),
            ("Take the upcard", "\r"),
            ("The stock is spent", "\r"),
            ("Draw from the stock", "\r"),
            ("knock with it (k)", "k"),
            ("for gin (k)", "k"),
            ("(Enter): deadwood", END + "\r"),
        ],
    ),
}  # fmt: skip


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User and system CPU time the process has used (from /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


class Player:
    def __init__(self, name: str) -> None:
        self.name = name
        self.key = asyncssh.generate_private_key("ssh-ed25519")
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()
        self.bytes = 0
        self.last_chunk = 0.0
        self.proc: asyncssh.SSHClientProcess[bytes] | None = None
        self.conn: asyncssh.SSHClientConnection | None = None

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def connect(self, port: int) -> float:
        start = time.perf_counter()
        self.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=self.name,
            client_keys=[self.key],
            known_hosts=None,
            agent_path=None,
        )
        self.proc = await self.conn.create_process(
            term_type="xterm-256color", term_size=(80, 24), encoding=None
        )
        asyncio.get_running_loop().create_task(self._read())
        await self.wait_for("lobby")
        return time.perf_counter() - start

    async def _read(self) -> None:
        assert self.proc is not None
        while True:
            data = await self.proc.stdout.read(65536)
            if not data:
                self.changed.set()
                return
            self.last_chunk = time.perf_counter()
            self.bytes += len(data)
            self.stream.feed(data)
            self.changed.set()

    async def wait_for(self, *words: str, timeout: float = 120) -> None:
        end = time.monotonic() + timeout
        while not all(w in self.text for w in words):
            self.changed.clear()
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.name} never saw {words}:\n{self.text}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)

    def press(self, keys: str) -> None:
        assert self.proc is not None
        self.proc.stdin.write(keys.encode())


async def seat(table: list[Player], game: Game) -> None:
    host, *guests = table
    host.press("n")
    await host.wait_for("A new table")
    keys, shown = game.form
    host.press(keys)  # the game and its people
    await host.wait_for(shown)
    host.press("\x13")  # ctrl+s
    await host.wait_for(f"waiting for {game.size - 1} more")
    code = re.search(r"Table (\w{4}): waiting", host.text)
    assert code is not None
    for guest in guests:
        # (The code need not be on the guest's screen: 25 tables are more than a
        # screen of the lobby shows. A code is all a friend is told.)
        guest.press("j")
        await guest.wait_for("Table code")  # the code's field is open: type the code
        guest.press(code.group(1) + "\r")
    for p in table:
        try:
            await p.wait_for(game.started)
        except TimeoutError:
            for q in guests:
                print(q.name, q.text, sep="\n", file=sys.stderr)
            raise


async def play(
    p: Player,
    game: Game,
    moves: int,
    latencies: list[float],
    rng: random.Random,
    done: asyncio.Event,
    think: tuple[float, float],
) -> int:
    """Move whenever the screen says so, until this table is done (one of its players
    has made `moves` moves, or its match is over)."""
    made = 0
    while not done.is_set() and game.over not in p.text:
        if game.keys(p.text) is None:
            p.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(p.changed.wait(), 1)
            continue
        await asyncio.sleep(rng.uniform(*think))  # a person thinking (the pacing)
        keys = game.keys(p.text)
        if keys is None:
            # The prompt was the last of a redraw still arriving when the client looked:
            # a key now would do nothing, and the next screen change (another player's
            # move, seconds away) would be taken for its answer.
            continue
        p.changed.clear()
        pressed = time.perf_counter()
        p.press(keys)
        try:
            await asyncio.wait_for(p.changed.wait(), 10)
        except TimeoutError:
            continue  # the key did nothing (the screen was a step behind): look again
        latencies.append(p.last_chunk - pressed)
        made += 1
        if made >= moves:
            done.set()
    done.set()
    return made


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--moves", type=int, default=30, help="moves per player at most")
    parser.add_argument(
        "--think",
        default="0.1,0.5",
        help="seconds a client waits before each move, as MIN,MAX (default 0.1,0.5)",
    )
    parser.add_argument("--game", choices=sorted(GAMES), default="twentytwo")
    args = parser.parse_args()
    low, high = (float(x) for x in args.think.split(","))
    game = GAMES[args.game]
    size = game.size
    n = args.players - args.players % size
    data = Path(tempfile.mkdtemp(prefix="tt22-bench-serve-"))
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tt22",
        "serve",
        "--open",
        "--port",
        "0",
        "--data",
        str(data),
        "--grace",
        "600",
        stdout=asyncio.subprocess.PIPE,
    )
    assert server.stdout is not None
    await server.stdout.readline()
    line = (await server.stdout.readline()).decode()
    port = int(line.split(" port ")[1].split(",")[0])
    players: list[Player] = []
    rss0 = rss_kib(server.pid)
    try:
        players += [Player(f"p{i:03d}") for i in range(n)]
        connect: list[float] = []
        for group in range(0, n, 10):  # ten at a time, as people arrive
            connect += await asyncio.gather(*(p.connect(port) for p in players[group : group + 10]))
        rss1 = rss_kib(server.pid)
        tables = [players[i : i + size] for i in range(0, n, size)]
        await asyncio.gather(*(seat(t, game) for t in tables))
        rss2 = rss_kib(server.pid)
        before = [p.bytes for p in players]
        latencies: list[float] = []
        rng = random.Random(22)
        cpu0 = cpu_seconds(server.pid)
        clients0 = time.process_time()
        wall0 = time.perf_counter()
        dones = [asyncio.Event() for _ in tables]
        made = await asyncio.gather(
            *(
                play(p, game, args.moves, latencies, rng, dones[i // size], (low, high))
                for i, p in enumerate(players)
            )
        )
        rss3 = rss_kib(server.pid)
        cpu = cpu_seconds(server.pid) - cpu0
        wall = time.perf_counter() - wall0
        clients = time.process_time() - clients0
        per_move = []
        for i, table in enumerate(tables):
            moves = sum(made[i * size : i * size + size])
            sent = sum(p.bytes - before[players.index(p)] for p in table)
            if moves:
                per_move.append(sent / size / moves)
        ms = [x * 1000 for x in latencies]
        print(
            f"{args.game}: {n} players at {len(tables)} tables of {size}, "
            f"thinking {low}-{high} s; "
            f"moves made: {sum(made)}"
        )
        print(
            f"connect to lobby: median {statistics.median(connect) * 1000:.0f} ms, "
            f"p99 {p99(connect) * 1000:.0f} ms"
        )
        print(
            f"keypress to screen: median {statistics.median(ms):.1f} ms, p99 {p99(ms):.1f} ms, "
            f"max {max(ms):.1f} ms ({len(ms)} moves)"
        )
        print(
            f"server RSS: {rss0 / 1024:.1f} MiB idle, {rss1 / 1024:.1f} MiB with {n} in the lobby "
            f"({(rss1 - rss0) / n:.0f} KiB per connection), {rss2 / 1024:.1f} MiB seated, "
            f"{rss3 / 1024:.1f} MiB after play"
        )
        print(f"bytes per player per move (80x24): {statistics.mean(per_move):.0f}")
        table_moves = sum(made)
        print(
            f"server CPU while playing: {cpu:.1f} s for {table_moves} moves "
            f"({cpu / max(1, table_moves) * 1000:.1f} ms per move, all {size} screens); "
            f"{cpu / wall:.0%} of a core over {wall:.0f} s of play, "
            f"the clients {clients / wall:.0%}"
        )
    finally:
        for p in players:
            if p.conn is not None:
                p.conn.close()
        server.terminate()
        await server.wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
