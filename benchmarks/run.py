"""Run every benchmark in this folder, one after another, in one process tree.

Each `bench_*.py` prints its own figures; ratios between them are measured in the same
run on the same (shared, noisy) machine, which is what the issues ask for.
Run: `python benchmarks/run.py [NAME ...] [-- ARG ...]` (NAME like `engine` for
bench_engine.py; the ARGs after `--` go to each script run, e.g.
`python benchmarks/run.py tui -- --only screens`).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def main() -> int:
    here = Path(__file__).resolve().parent
    argv = sys.argv[1:]
    extra: list[str] = []
    if "--" in argv:
        at = argv.index("--")
        argv, extra = argv[:at], argv[at + 1 :]
    wanted = set(argv)
    status = 0
    for script in sorted(here.glob("bench_*.py")):
        name = script.stem.removeprefix("bench_")
        if wanted and name not in wanted:
            continue
        print(f"== {name} ==", flush=True)
        status |= subprocess.call([sys.executable, str(script), *extra])
        print(flush=True)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
