"""`tt22 analyse` at its default settings on the samples the issue names: the 4-player 22
match (records/4p-random.22rec), Rook's (records/4p-rook.22rec) and Gin's
(records/2p-gin.22rec), one seat each, every core (the goal: at most 60 s each with the
machine's two cores). Each run is the real command in a subprocess (`--no-save`, JSON
to nowhere), timed by the wall clock, with the load average before and after it, since
the machine is shared and the figures move with its load.

Run: `python benchmarks/bench_analysis.py [--seat N] [--jobs J] [--worlds K] [--only NAME]`.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ("4p-random", "4p-rook", "2p-gin")
GOAL_SECONDS = 60.0


def load() -> str:
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seat", default="0")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--worlds", type=int, default=None)
    parser.add_argument("--only", choices=SAMPLES, action="append")
    args = parser.parse_args()
    print(f"cores {os.cpu_count()}, python {sys.version.split()[0]}")
    for name in args.only or SAMPLES:
        path = ROOT / "records" / f"{name}.22rec"
        cmd = [sys.executable, "-m", "tt22", "analyse", str(path), "--seat", args.seat]
        cmd += ["--no-save", "--format", "json"]
        if args.jobs:
            cmd += ["--jobs", str(args.jobs)]
        if args.worlds:
            cmd += ["--worlds", str(args.worlds)]
        before = load()
        t0 = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
        seconds = time.perf_counter() - t0
        after = load()
        if done.returncode:
            print(f"{name}: failed ({done.returncode}): {done.stderr.strip()}")
            continue
        out = json.loads(done.stdout)
        acc = out["accuracy"][0]
        verdict = "within" if seconds <= GOAL_SECONDS else "OVER"
        print(
            f"{name} ({out['game']}, seat {args.seat}): {seconds:.1f} s ({verdict} the"
            f" {GOAL_SECONDS:.0f} s goal), {len(out['decisions'])} decisions,"
            f" {out['worlds']} worlds, bot {out['bot']}; accuracy {acc['accuracy']}%,"
            f" marks {acc['marks']}; load {before} -> {after}"
        )


if __name__ == "__main__":
    main()
