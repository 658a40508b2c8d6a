"""Engine speed: decisions/s of random matches through the full rules, and state copies/s.

Targets (issue 2): `tt22 bench --players 4` at 1e5 decisions/s or more, a state copy at
5e5/s or more. Run: `python benchmarks/bench_engine.py [--games G]`.
"""

from __future__ import annotations

import argparse

from tt22.commands.bench import measure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    print(f"{'players':>7} {'decisions':>10} {'decisions/s':>12} {'copies/s':>10}")
    for players in (2, 4, 6, 9):
        decisions, _deals, seconds, copy_rate = measure(players, args.games, "bench")
        print(f"{players:>7} {decisions:>10} {decisions / seconds:>12.0f} {copy_rate:>10.0f}")


if __name__ == "__main__":
    main()
