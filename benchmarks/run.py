"""Run every benchmark in this folder, one after another, in one process tree.

Each `bench_*.py` prints its own figures; ratios between them are measured in the same
run on the same (shared, noisy) machine, which is what the issues ask for.
Run: `python benchmarks/run.py [NAME ...]` (NAME like `engine` for bench_engine.py).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def main() -> int:
    here = Path(__file__).resolve().parent
    wanted = set(sys.argv[1:])
    status = 0
    for script in sorted(here.glob("bench_*.py")):
        name = script.stem.removeprefix("bench_")
        if wanted and name not in wanted:
            continue
        print(f"== {name} ==", flush=True)
        status |= subprocess.call([sys.executable, str(script)])
        print(flush=True)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
