"""Manipulation Rummy's solver on big positions: median and worst time of `solve` on
tables of about 40 cards with 12-card hands (issue 23's goal: median at most 50 ms,
worst at most 1 s).

Positions are built, seeded, from the two decks (X1): valid melds of 3 to 5 cards drawn
at random (runs and groups alike) until the table holds 40 cards or a little more, then
12 cards of what is left for the hand. Every answer is checked to be a valid table.

With `--budget N` the budgeted search the bots use (`solve(..., budget=N)`, at most N
states expanded; tt22/games/manipulation/bots.py's PLAY_BUDGET is 3,000) is timed too, on
the same positions, with how many of its answers place fewer cards or points than the
exact one (or none at all).

Run: `python benchmarks/bench_solver.py [--positions N] [--seed S] [--budget N]`.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from tt22.core.rng import seed_key, stream
from tt22.games.manipulation.melds import MELDS, is_meld
from tt22.games.manipulation.solver import solve

__all__ = ["position"]


def position(seed: str, table_size: int = 40, hand_size: int = 12) -> tuple[list[int], list[int]]:
    """(table cards, hand) of one seeded position: melds until `table_size` cards."""
    rng = stream(seed_key(seed), "solver-position")
    left = [2] * 52
    melds = [m for m in MELDS.values() if len(m) <= 5]
    table: list[int] = []
    while len(table) < table_size:
        meld = melds[rng.bounded(len(melds))]
        if all(left[c] for c in meld):
            for c in meld:
                left[c] -= 1
            table.extend(meld)
    pool = [c for c in range(52) for _ in range(left[c])]
    rng.shuffle(pool)
    return table, pool[:hand_size]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--seed", default="bench solver")
    parser.add_argument("--budget", type=int, default=None)
    args = parser.parse_args()
    times: list[float] = []
    placed: list[int] = []
    budgeted: list[float] = []
    short = lost = 0
    for i in range(args.positions):
        table, hand = position(f"{args.seed}/{i}")
        start = time.perf_counter()
        got = solve(table, hand)
        times.append(time.perf_counter() - start)
        assert got is not None and all(is_meld(m) for m in got.melds)
        assert Counter(c for m in got.melds for c in m) == Counter(table) + Counter(got.placed)
        placed.append(len(got.placed))
        if args.budget is not None:
            start = time.perf_counter()
            cut = solve(table, hand, (), args.budget)
            budgeted.append(time.perf_counter() - start)
            if cut is None:
                lost += 1
                continue
            assert all(is_meld(m) for m in cut.melds)
            assert Counter(c for m in cut.melds for c in m) == Counter(table) + Counter(cut.placed)
            short += (len(cut.placed), cut.points) < (len(got.placed), got.points)
    median, worst = statistics.median(times), max(times)
    print(f"{args.positions} positions, tables of 40 to 44 cards, hands of 12")
    print(f"cards placed: mean {statistics.mean(placed):.1f}, most {max(placed)}")
    print(f"median {median * 1000:.1f} ms (goal: at most 50), worst {worst * 1000:.1f} ms")
    print(f"(goal: at most 1000 ms); mean {statistics.mean(times) * 1000:.1f} ms")
    if budgeted:
        print(
            f"budget {args.budget}: median {statistics.median(budgeted) * 1000:.1f} ms, "
            f"worst {max(budgeted) * 1000:.1f} ms; {short} placed less, {lost} found none"
        )


if __name__ == "__main__":
    main()
