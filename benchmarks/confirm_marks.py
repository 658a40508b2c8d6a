"""Do the marks mean something? (issue 24, "Honest checks")

Bot matches of a game are analysed at the default settings, every seat; then every
decision marked `??` is rated again with ten times the worlds and another seed, and so is
a sample of the decisions whose played move was the best. A blunder is confirmed when the
re-rating's loss is at least the game's blunder threshold; a best move is confirmed when
its re-rating's loss is within one standard error (`loss <= loss_se`).

Run: `python benchmarks/confirm_marks.py [--game twentytwo] [--matches 3] [--best 30]`.
"""

from __future__ import annotations

import argparse
import functools
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tt22.analysis.engine import Settings, analyse_decision, decisions, objective_of
from tt22.core.bots import make_bot, play_match
from tt22.core.registry import get_game

BOTS = ("random", "rules", "normal", "rules")


@functools.cache
def match(game_name: str, seed: str, players: int) -> tuple[list[Any], list[Any]]:
    game = get_game(game_name)
    rules = game.rules([], players)
    names = [BOTS[s % len(BOTS)] for s in range(players)]
    bots = [make_bot(game_name, n, seed, s) for s, n in enumerate(names)]
    states: list[Any] = []
    played = play_match(game, rules, seed, bots, on_move=lambda s, m: states.append(s))
    return states, played.moves


def rate(job: tuple[str, str, int, int, int, str]) -> tuple[int, Any]:
    game_name, seed, players, at, worlds, salt = job
    game = get_game(game_name)
    states, moves = match(game_name, seed, players)
    d = next(d for d in decisions(game, states, moves, range(players)) if d.at == at)
    objective = objective_of(game_name)
    s = Settings(worlds, salt, objective.playout)
    return at, analyse_decision(game, objective, d.view, d.played, d.at, d.where, s)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="twentytwo")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--best", type=int, default=30, help="best moves re-rated")
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args()
    objective = objective_of(args.game)
    k = objective.worlds
    blunder = objective.thresholds[2]
    t0 = time.perf_counter()
    first: list[tuple[str, int, Any]] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        jobs = []
        for m in range(args.matches):
            seed = f"confirm {m}"
            game = get_game(args.game)
            states, moves = match(args.game, seed, args.players)
            for d in decisions(game, states, moves, range(args.players)):
                jobs.append((args.game, seed, args.players, d.at, k, "analyse"))
        for job, (_, r) in zip(jobs, pool.map(rate, jobs, chunksize=4), strict=True):
            if r is not None:
                first.append((job[1], job[3], r))
        marked = [(seed, at, r) for seed, at, r in first if r.mark == "??"]
        best = [(seed, at, r) for seed, at, r in first if r.played == r.best]
        step = max(1, len(best) // max(1, args.best))
        best = best[::step][: args.best]
        again = [
            (args.game, seed, args.players, at, 10 * k, "confirm") for seed, at, _ in marked + best
        ]
        results = list(pool.map(rate, again))
    redo = {(job[1], job[3]): r for job, (_, r) in zip(again, results, strict=True)}
    kept = sum(1 for seed, at, _ in marked if redo[(seed, at)].loss >= blunder)
    near = sum(1 for seed, at, _ in best if redo[(seed, at)].loss <= redo[(seed, at)].loss_se)
    print(
        f"{args.game}: {len(first)} decisions rated at {k} worlds in {args.matches} bot"
        f" matches ({', '.join(BOTS[: args.players])})"
    )
    for seed, at, r in marked:
        again_r = redo[(seed, at)]
        print(
            f"  {seed!r} move {at + 1}: played {r.played}, best {r.best}:"
            f" loss {r.loss} ±{r.loss_se}; at {10 * k} worlds best {again_r.best},"
            f" loss {again_r.loss} ±{again_r.loss_se} ({again_r.mark or 'no mark'})"
        )
    if marked:
        print(
            f"  ?? confirmed at {10 * k} worlds (loss >= {blunder:g}): {kept} of {len(marked)}"
            f" = {100 * kept / len(marked):.0f}%"
        )
    if best:
        print(
            f"  best moves within one standard error at {10 * k} worlds: {near} of"
            f" {len(best)} = {100 * near / len(best):.0f}%"
        )
    with open("/proc/loadavg") as f:
        print(f"  {time.perf_counter() - t0:.0f} s; load {' '.join(f.read().split()[:3])}")


if __name__ == "__main__":
    main()
