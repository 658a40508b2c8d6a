"""Rook duplicate arena: one bot's team against another's, each seed played twice with
the teams swapped, with a Wilson 95% interval; and how long the sampling bot thinks.

Issue 11's goal: the strongest level's team wins at least 60% of games against a
rules-of-thumb team, the lower end of the 95% interval above 55%, within 1 s a move.
Not a `bench_*` script (benchmarks/run.py would take minutes): run it on its own,
`python benchmarks/arena_rook.py [--seeds N] [--worlds W] [--a sampling] [--b rules]`.
"""

from __future__ import annotations

import argparse
import math
import time

from tt22.games.rook import RookRules, apply, new_match, view
from tt22.games.rook.bots import BOT_NAMES, RookBot, make_bot
from tt22.games.rook.state import OVER


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=60)
    parser.add_argument("--worlds", type=int, default=16, help="worlds of bot a")
    parser.add_argument("--worlds-b", type=int, default=16, help="worlds of bot b")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--a", default="sampling", choices=BOT_NAMES)
    parser.add_argument("--b", default="rules", choices=BOT_NAMES)
    args = parser.parse_args()
    wins = games = unfinished = 0
    think: list[float] = []
    start = time.perf_counter()
    for i in range(args.seeds):
        for swap in (False, True):
            seed = f"arena/{i}"
            names = [args.a if (seat % 2 == 0) != swap else args.b for seat in range(args.players)]
            bots: list[RookBot] = [
                make_bot(n, seed, args.worlds if (seat % 2 == 0) != swap else args.worlds_b)
                for seat, n in enumerate(names)
            ]
            s = new_match(RookRules(), args.players, seed)
            while s.phase != OVER and len(s.history) < 100:
                seat = s.to_move
                t0 = time.perf_counter()
                move = bots[seat].choose(view(s, seat))
                if (seat % 2 == 0) != swap:  # bot a's seats
                    think.append(time.perf_counter() - t0)
                s = apply(s, move)
            if s.phase != OVER:
                unfinished += 1
                continue
            games += 1
            wins += any((w % 2 == 0) != swap for w in s.winners)
    lo, hi = wilson(wins, games)
    print(
        f"{args.players} players, {args.a} (worlds {args.worlds}) vs {args.b}"
        f" (worlds {args.worlds_b}), duplicate"
    )
    print(f"games: {games} (unfinished after 100 hands: {unfinished})")
    print(
        f"{args.a} team won: {wins} = {wins / max(games, 1):.1%}, 95% Wilson [{lo:.1%}, {hi:.1%}]"
    )
    think.sort()
    if think:
        print(
            f"{args.a} seconds per move: mean {sum(think) / len(think):.3f},"
            f" 99th percentile {think[int(0.99 * (len(think) - 1))]:.3f}, max {think[-1]:.3f}"
        )
    print(f"wall: {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
