"""History index build time (issue 25: goal at most 2 s for 1,000 records).

Makes a records folder of real matches played by the engine's bots (`play_match`, as
`tt22 sim` plays them: 22, Rook, Persian Rummy and 500 Rum between random bots, a person
at seat 0, bots of every level), `--distinct` matches each saved under several names,
dates and seatings up to `--records` files, then times:
- the first build of the index from nothing (every record read strictly and indexed);
- `rebuild` (every record read again over an existing index);
- a pass with nothing changed (what `tt22 stats` and the Stats screen do each time);
- the whole `tt22 stats` command, a real process, with nothing changed.
Run: `python benchmarks/bench_history.py [--records 1000] [--distinct 100] [--rounds 3]`.
Note `cat /proc/loadavg` beside the figures: the machine is shared, so the wall times
vary with its load; the CPU times (this process's) much less.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import msgspec

from tt22.core.bots import make_bot, play_match
from tt22.core.players import Player
from tt22.core.registry import get_game
from tt22.history import DB_NAME, connect, sync
from tt22.record import Record, build_record, encode_record

GAMES = ("twentytwo", "rook", "persian", "rum500")
LEVELS = ("easy", "normal", "hard")


def distinct_matches(n: int) -> list[Record]:
    out = []
    started = dt.datetime(2026, 11, 1, tzinfo=dt.UTC)
    for i in range(n):
        name = GAMES[i % len(GAMES)]
        game = get_game(name)
        players = game.default_players
        seed = f"bench-history/{i}"
        rules = game.rules((), players)
        bots = [make_bot(name, "random", seed, s) for s in range(players)]
        _, moves, _ = play_match(game, rules, seed, bots, hands=200)
        seats = [Player("Ann")] + [Player(f"Bot {s}", "bot", "normal") for s in range(1, players)]
        out.append(build_record(rules, seed, seats, moves, started))
    return out


def make_folder(folder: Path, records: int, distinct: int) -> None:
    base = distinct_matches(distinct)
    when = dt.datetime(2026, 11, 1, tzinfo=dt.UTC)
    for i in range(records):
        record = base[i % len(base)]
        n = len(record.players)
        seats = [Player("Ann")] + [
            Player(f"Bot {s}", "bot", LEVELS[(i + s) % len(LEVELS)]) for s in range(1, n)
        ]
        started = (when + dt.timedelta(minutes=7 * i)).strftime("%Y-%m-%dT%H:%M:%SZ")
        record = msgspec.structs.replace(record, players=seats, started=started)
        name = f"{started.replace(':', '-')}-{i}.22rec"
        (folder / name).write_bytes(encode_record(record))


def timed_build(home: Path, rebuild: bool = False, fresh: bool = True) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process) of opening the index and one pass:
    the CPU time is the figure a shared machine's load does not inflate."""
    if fresh:
        for suffix in ("", "-wal", "-shm"):
            p = home / (DB_NAME + suffix)
            if p.exists():
                p.unlink()
    start, cpu = time.perf_counter(), time.process_time()
    db = connect(home)
    report = sync(db, home / "records", rebuild=rebuild)
    db.close()
    took = time.perf_counter() - start, time.process_time() - cpu
    assert report.skipped == 0, report
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--records", type=int, default=1000)
    parser.add_argument("--distinct", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="tt22-bench-history-"))
    try:
        folder = home / "records"
        folder.mkdir()
        t = time.perf_counter()
        make_folder(folder, args.records, args.distinct)
        size = sum(p.stat().st_size for p in folder.iterdir())
        print(
            f"made {args.records} records ({args.distinct} distinct matches,"
            f" {size / 1e6:.1f} MB) in {time.perf_counter() - t:.1f} s"
        )
        timed_build(home)  # (warm: imports, every game's decoder made once)
        first, first_cpu = min(timed_build(home) for _ in range(args.rounds))
        again, again_cpu = min(
            timed_build(home, rebuild=True, fresh=False) for _ in range(args.rounds)
        )
        same, _ = min(timed_build(home, fresh=False) for _ in range(args.rounds))
        env = {**os.environ, "TT22_HOME": str(home)}
        runs = []
        for _ in range(args.rounds):
            t = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "tt22", "stats"],
                env=env,
                check=True,
                stdout=subprocess.DEVNULL,
            )
            runs.append(time.perf_counter() - t)
        n = args.records
        print(
            f"first build of the index:   {first:.3f} s ({first / n * 1e3:.2f} ms a record),"
            f" CPU {first_cpu:.3f} s"
        )
        print(f"rebuild over an index:      {again:.3f} s, CPU {again_cpu:.3f} s")
        print(f"nothing changed:            {same:.3f} s")
        print(f"`tt22 stats`, a process:    {min(runs):.3f} s (nothing changed)")
        load = Path("/proc/loadavg").read_text().strip()
        print(f"goal: first build <= 2 s for 1,000 records; load {load}")
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
