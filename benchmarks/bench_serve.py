"""`tt22 serve` under load: many SSH players at tables of four, on this machine.

Starts `tt22 serve` as its own process on 127.0.0.1 (port 0, a throwaway data folder),
connects N asyncssh clients that read their screens through pyte, seats them four to a
table (all people: the clients pace themselves like bots, thinking 0.1-0.5 s by default,
faster than any person: `--think 1,4` paces them as people play), and plays until each
has made M moves or its match ends. Prints:

- connect-to-lobby time (ssh connect until the lobby is drawn), median and p99;
- keypress-to-screen latency (a move's key until the first byte of its redraw), median,
  p99 and max, and its p99 in each 20 s of play (where in the match the tail is);
- the same move on the other screens at its table (the key until each table-mate's first
  bytes after it, for those whose table was not covered by a summary): the server
  answers the mover's own screen first (tt22.serve.pacer);
- the server's memory (RSS) before, with every player in the lobby, and per connection;
- bytes sent per player per move at 80x24;
- the server's CPU per move, and where a slow answer may come from: the clients' own
  event-loop lag (what the instrument adds to the latency), the server's loop lag, and
  the server's collector passes by generation while the tables play.

The clients run in `--workers` processes of their own (2 by default; whole tables to
each), as real players are separate ssh processes: a client loop busy with its other
players would add its own lag to the figure. They still share the machine's cores with
the server (`--client-nice N` lowers their priority; on a machine shared with other
work that starves them as well, so it is 0 by default).
The server runs through this script (`--as-server`), which only adds the probes
(`gc.callbacks`, a loop-lag task), with `--profile FILE` cProfile of the play, and with
`--at-once N` another width for the server's pacer (tt22.serve.pacer). Run:
`python benchmarks/bench_serve.py [--players 100] [--moves 30] [--think 0.1,0.5]
[--game twentytwo|rook|gin] [--workers 2] [--client-nice 0] [--profile FILE]
[--at-once N]`

`--nodes N --store URL` runs N `tt22 serve` processes (nodes) on one PostgreSQL database
(docs/serve.md, "Going past one process"; `--store auto`: a throwaway cluster of
tests/kits/pgkit.py), sharing one host key; each table's people connect to one node
(table k to node k mod N: a table's people share a node until seats cross nodes), and
it prints each node's CPU per move and loop lag and the moves per second through the
database. `--store URL` with one node: one node on PostgreSQL, to compare with SQLite.

`--game rook` seats four people at each Rook table, `--game gin` two at each Gin table;
their clients answer each turn's prompt with the simplest move (pass the bidding when
they may, put back the first five cards, the trump proposed, the card under the cursor;
pass the upcard, draw from the stock, knock when the card at the cursor allows it, else
discard the hand's last card), and close each hand's summary.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import multiprocessing
import os
import random
import re
import shutil
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

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
        self.arrivals: list[float] = []  # when each chunk came (perf_counter)
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
            self.arrivals.append(self.last_chunk)
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
    latencies: list[tuple[float, float]],
    rng: random.Random,
    done: asyncio.Event,
    think: tuple[float, float],
    presses: list[tuple[float, list[Player]]],
    mates: list[Player],
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
        latencies.append((time.monotonic(), p.last_chunk - pressed))  # (when, how long)
        # (the table-mates whose table shows: not one covered by a summary, which
        # draws the table's changes once it steps aside)
        presses.append((pressed, [q for q in mates if q is not p and not covered(q.text)]))
        made += 1
        if made >= moves:
            done.set()
    done.set()
    return made


SUMMARIES = (": showdown", "Next hand")
"""What a deal's or hand's summary shows (22; Rook and Gin)."""


def covered(text: str) -> bool:
    return any(words in text for words in SUMMARIES)


def _first_after(arrivals: list[float], pressed: float) -> float | None:
    """How long after `pressed` the first chunk came (within 10 s): when a table-mate's
    screen first showed something after another's key (the move, or a redraw of it)."""
    at = bisect.bisect_left(arrivals, pressed)
    if at < len(arrivals) and arrivals[at] - pressed < 10:
        return arrivals[at] - pressed
    return None


class LagMeter:
    """How late this process's event loop wakes a task that sleeps `step` seconds: what
    the loop's own work adds to every time it measures."""

    def __init__(self, step: float = 0.01) -> None:
        self.step = step
        self.lags: list[tuple[float, float]] = []  # (monotonic time, seconds late)
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while True:
            t = time.monotonic()
            await asyncio.sleep(self.step)
            self.lags.append((t, time.monotonic() - t - self.step))

    def between(self, t0: float, t1: float) -> list[float]:
        return [lag for t, lag in self.lags if t0 <= t <= t1]


def share(n_tables: int, workers: int) -> list[range]:
    """Whole tables to each worker (a table is seated by its own players' clients)."""
    per, extra = divmod(n_tables, workers)
    out, at = [], 0
    for w in range(workers):
        k = per + (w < extra)
        out.append(range(at, at + k))
        at += k
    return [r for r in out if r]


def client_worker(
    pipe: Any, ports: list[int], tables: range, args: argparse.Namespace, groups: int
) -> None:
    """A worker process: its share of the players, driven by its own event loop, as real
    clients are their own ssh processes. Steps on the parent's word, so the parent can
    read the server's memory between them. They stand for other people's machines:
    `--client-nice` can leave them only the CPU the server does not use."""
    if args.client_nice:
        os.nice(args.client_nice)
    asyncio.run(_client_worker(pipe, ports, tables, args, groups))


async def _client_worker(
    pipe: Any, ports: list[int], tables: range, args: argparse.Namespace, groups: int
) -> None:
    loop = asyncio.get_running_loop()

    async def step(message: object) -> object:
        pipe.send(message)
        return await loop.run_in_executor(None, pipe.recv)

    game = GAMES[args.game]
    size = game.size
    low, high = (float(x) for x in args.think.split(","))
    players = [Player(f"p{i:03d}") for t in tables for i in range(t * size, t * size + size)]
    port_of = [ports[t % len(ports)] for t in tables for _ in range(size)]  # (a table's node)
    lag = LagMeter()
    lag.start()
    connect: list[float] = []
    try:
        for group in range(0, len(players), groups):  # a few at a time, as people arrive
            connect += await asyncio.gather(
                *(
                    p.connect(port_of[group + k])
                    for k, p in enumerate(players[group : group + groups])
                )
            )
        await step(("connected", connect))
        seated = [players[i : i + size] for i in range(0, len(players), size)]
        await asyncio.gather(*(seat(t, game) for t in seated))
        await step(("seated", None))
        before = [p.bytes for p in players]
        latencies: list[tuple[float, float]] = []
        rng = random.Random(22 + tables.start)
        dones = [asyncio.Event() for _ in seated]
        presses: list[list[tuple[float, list[Player]]]] = [[] for _ in players]
        cpu0, t0 = time.process_time(), time.monotonic()
        made = await asyncio.gather(
            *(
                play(
                    p,
                    game,
                    args.moves,
                    latencies,
                    rng,
                    dones[i // size],
                    (low, high),
                    presses[i],
                    seated[i // size],
                )
                for i, p in enumerate(players)
            )
        )
        cpu, t1 = time.process_time() - cpu0, time.monotonic()
        sent = [p.bytes - b for p, b in zip(players, before, strict=True)]
        per_table = [
            (sum(made[i : i + size]), sum(sent[i : i + size])) for i in range(0, len(players), size)
        ]
        others = [
            seen
            for i in range(len(players))
            for pressed, mates in presses[i]
            for q in mates
            if (seen := _first_after(q.arrivals, pressed)) is not None
        ]
        await step(("played", (latencies, per_table, cpu, t0, t1, lag.between(t0, t1), others)))
    finally:
        for p in players:
            if p.conn is not None:
                p.conn.close()


def serve_probed(out: str, profile: str, at_once: str, argv: list[str]) -> int:
    """`tt22 serve` with the benchmark's probes: every collector pass (its time and
    generation) and the server loop's lag, written to `out` when the server stops;
    and the server's cProfile when `profile` is a path."""
    import cProfile
    import gc
    import json

    import tt22.serve.ssh as ssh
    from tt22.cli import main

    passes: list[tuple[float, float, float, int, int]] = []
    # (when, wall time, CPU, generation, objects found garbage)
    started = [0.0, 0.0]

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[:] = time.monotonic(), time.thread_time()
        else:
            wall, cpu = time.monotonic() - started[0], time.thread_time() - started[1]
            passes.append((started[0], wall, cpu, info["generation"], info["collected"]))

    gc.callbacks.append(on_gc)
    lag = LagMeter()
    start_server = ssh.start_server

    async def start_measured(config: Any) -> Any:
        server = await start_server(config)
        lag.start()
        return server

    ssh.start_server = start_measured  # type: ignore[assignment]
    if at_once:  # (the pacer's width, to compare: tt22.serve.pacer)
        import tt22.serve.pacer as pacer

        pacer.AT_ONCE = int(at_once)
    # The profile covers the play only (SIGUSR1 when it starts, SIGUSR2 when it ends):
    # connecting and seating 100 players is another workload, and would drown it.
    profiler = cProfile.Profile() if profile else None
    signal.signal(signal.SIGUSR1, lambda *_: profiler and profiler.enable())
    signal.signal(signal.SIGUSR2, lambda *_: profiler and profiler.disable())
    try:
        return main(argv)
    finally:
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(profile)
        Path(out).write_text(json.dumps({"gc": passes, "lag": lag.lags}))


def spread(values: list[float]) -> str:
    if not values:
        return "none"
    ms = [x * 1000 for x in values]
    return f"median {statistics.median(ms):.1f} ms, p99 {p99(ms):.1f} ms, max {max(ms):.1f} ms"


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
    parser.add_argument(
        "--workers", type=int, default=2, help="client processes (default 2), tables shared out"
    )
    parser.add_argument(
        "--client-nice",
        type=int,
        default=0,
        help="the client processes' niceness (default 0; 10 measured their loop lag at "
        "0.5 s p99 on a machine shared with other work)",
    )
    parser.add_argument(
        "--profile", default="", help="write the server's cProfile of the play here"
    )
    parser.add_argument(
        "--at-once",
        type=int,
        default=0,
        help="screens drawing others' news at once (default: the server's own, 1)",
    )
    parser.add_argument("--nodes", type=int, default=1, help="server processes (default 1)")
    parser.add_argument(
        "--store",
        default="",
        help="the nodes' postgresql:// database, or auto: a throwaway cluster (default: "
        "SQLite, one node)",
    )
    args = parser.parse_args()
    if args.nodes > 1 and not args.store:
        parser.error("--nodes above 1 needs --store (a postgresql:// URL, or auto)")
    low, high = (float(x) for x in args.think.split(","))
    game = GAMES[args.game]
    size = game.size
    n = args.players - args.players % size
    data = Path(tempfile.mkdtemp(prefix="tt22-bench-serve-"))
    probe = data / "probe0.json"
    cluster = None
    store = args.store
    if store == "auto":  # (a throwaway PostgreSQL of the tests' kit)
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "kits"))
        from pgkit import start_cluster

        cluster = start_cluster()
        store = cluster.new_database()
    nodes: list[asyncio.subprocess.Process] = []
    ports: list[int] = []
    for i in range(max(1, args.nodes)):
        folder = data / f"n{i}"
        if i:  # (the nodes share one host key: node 0's)
            folder.mkdir(mode=0o700)
            shutil.copy2(data / "n0" / "ssh_host_ed25519_key", folder / "ssh_host_ed25519_key")
        node = await asyncio.create_subprocess_exec(
            sys.executable,
            __file__,
            "--as-server",
            str(data / f"probe{i}.json"),
            args.profile if not i else "",
            str(args.at_once or ""),
            "serve",
            "--open",
            "--port",
            "0",
            "--data",
            str(folder),
            "--grace",
            "600",
            *(("--store", store) if store else ()),
            stdout=asyncio.subprocess.PIPE,
        )
        assert node.stdout is not None
        await node.stdout.readline()
        line = (await node.stdout.readline()).decode()
        ports.append(int(line.split(" port ")[1].split(",")[0]))
        nodes.append(node)
    server = nodes[0]
    rss0 = sum(rss_kib(node.pid) for node in nodes)
    shares = share(n // size, max(1, args.workers))
    context = multiprocessing.get_context("spawn")
    pipes, workers = [], []
    loop = asyncio.get_running_loop()

    async def gather_step(word: str | None) -> list[Any]:
        if word is not None:
            for pipe in pipes:
                pipe.send(word)
        got = await asyncio.gather(*(loop.run_in_executor(None, p.recv) for p in pipes))
        return [payload for _, payload in got]

    try:
        for tables in shares:
            mine, theirs = context.Pipe()
            groups = max(1, 10 // len(shares))  # ten connecting at a time in all
            w = context.Process(target=client_worker, args=(theirs, ports, tables, args, groups))
            w.start()
            pipes.append(mine)
            workers.append(w)
        connect = [t for got in await gather_step(None) for t in got]
        rss1 = sum(rss_kib(node.pid) for node in nodes)
        await gather_step("seat")
        rss2 = sum(rss_kib(node.pid) for node in nodes)
        cpus0, wall0 = [cpu_seconds(node.pid) for node in nodes], time.monotonic()
        server.send_signal(signal.SIGUSR1)  # (the profile, if any, starts)
        played = await gather_step("play")
        cpus = [cpu_seconds(node.pid) - c for node, c in zip(nodes, cpus0, strict=True)]
        cpu, t1 = sum(cpus), time.monotonic()
        server.send_signal(signal.SIGUSR2)
        rss3 = sum(rss_kib(node.pid) for node in nodes)
        wall = t1 - wall0
        for pipe in pipes:
            pipe.send("close")
        timed = sorted(x for got in played for x in got[0])
        latencies = [x for _, x in timed]
        per_table = [t for got in played for t in got[1]]
        table_moves = sum(m for m, _ in per_table)
        per_move = [sent / size / m for m, sent in per_table if m]
        ms = [x * 1000 for x in latencies]
        print(
            f"{args.game}: {n} players at {n // size} tables of {size}, "
            f"thinking {low}-{high} s, clients in {len(shares)} processes; "
            f"moves made: {table_moves}"
        )
        print(
            f"connect to lobby: median {statistics.median(connect) * 1000:.0f} ms, "
            f"p99 {p99(connect) * 1000:.0f} ms"
        )
        print(
            f"keypress to screen: median {statistics.median(ms):.1f} ms, p99 {p99(ms):.1f} ms, "
            f"max {max(ms):.1f} ms ({len(ms)} moves)"
        )
        windows = []  # the tail through the match: p99 of each 20 s of play
        for w0 in range(0, int(wall) + 1, 20):
            part = [x * 1000 for t, x in timed if w0 <= t - wall0 < w0 + 20]
            if part:
                windows.append(f"{w0}-{w0 + 20} s: {p99(part):.0f} ms ({len(part)})")
        print("keypress to screen, p99 by 20 s of play: " + "; ".join(windows))
        print(
            f"server RSS: {rss0 / 1024:.1f} MiB idle, {rss1 / 1024:.1f} MiB with {n} in the lobby "
            f"({(rss1 - rss0) / n:.0f} KiB per connection), {rss2 / 1024:.1f} MiB seated, "
            f"{rss3 / 1024:.1f} MiB after play"
        )
        print(f"bytes per player per move (80x24): {statistics.mean(per_move):.0f}")
        print(
            f"server CPU while playing: {cpu:.1f} s for {table_moves} moves "
            f"({cpu / max(1, table_moves) * 1000:.1f} ms per move, all {size} screens); "
            f"{cpu / wall:.0%} of a core over {wall:.0f} s of play; "
            "the client processes "
            + ", ".join(f"{got[2] / (got[4] - got[3]):.0%}" for got in played)
        )
        others = [x for got in played for x in got[6]]
        print(
            f"a move on the other screens at its table (key to their first bytes): {spread(others)}"
        )
        if len(nodes) > 1 or store:
            order = [t for r in shares for t in r]  # (the tables in the order played lists them)
            for i, node_cpu in enumerate(cpus):
                moved = sum(
                    m for t, (m, _) in zip(order, per_table, strict=True) if t % len(nodes) == i
                )
                print(
                    f"node {i}: CPU {node_cpu:.1f} s for {moved} moves "
                    f"({node_cpu / max(1, moved) * 1000:.1f} ms per move); "
                    f"{node_cpu / wall:.0%} of a core"
                )
            print(f"moves through the database: {table_moves / wall:.1f} a second")
        print(
            "the clients' own loop lag (what the instrument adds), per process: "
            + "; ".join(spread(got[5]) for got in played)
        )
    finally:
        for w in workers:
            w.join(30)
            if w.is_alive():
                w.terminate()
        for node in nodes:
            node.terminate()
        for node in nodes:
            await node.wait()
        if cluster is not None:
            cluster.stop()
            shutil.rmtree(cluster.folder, ignore_errors=True)
    with contextlib.suppress(OSError, ValueError):
        import json

        for i in range(1, len(nodes)):
            other = json.loads((data / f"probe{i}.json").read_text())
            lags = [lag for t, lag in other["lag"] if wall0 <= t <= t1]
            print(f"node {i}'s loop lag while playing: {spread(lags)}")
        probed = json.loads(probe.read_text())
        lags = [lag for t, lag in probed["lag"] if wall0 <= t <= t1]
        whose = "the server's" if len(nodes) == 1 else "node 0's"
        print(f"{whose} loop lag while playing: {spread(lags)}")
        for gen in (0, 1, 2):
            took = [(d, c, k) for t, d, c, g, k in probed["gc"] if g == gen and wall0 <= t <= t1]
            if took:
                print(
                    f"the server's collector, generation {gen}: {len(took)} passes "
                    f"in {wall:.0f} s, {spread([d for d, _, _ in took])} "
                    f"(CPU {sum(c for _, c, _ in took):.2f} s in all; "
                    f"{sum(k for _, _, k in took)} objects found garbage)"
                )
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    shutil.rmtree(data, ignore_errors=True)  # (the server's throwaway data folder)
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--as-server"]:  # the server, started by main() with its probes
        raise SystemExit(serve_probed(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]))
    raise SystemExit(asyncio.run(main()))
