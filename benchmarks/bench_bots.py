"""Bot think time per move, level by level, and the fast simulator's playout rate.

Target (issue 6): the strongest level (expert) takes at most about one second per move
on the development machine. Budgets are playout counts (deterministic), so this script
is how they were calibrated: it reports CPU seconds per move (what the budget buys) and
wall seconds (what a player waits on a shared machine), mean and slowest.
Run: `python benchmarks/bench_bots.py [--matches M] [--players N ...]`.
"""

from __future__ import annotations

import argparse
import time

from tt22.games.twentytwo import Rules, apply, new_match, view
from tt22.games.twentytwo.bots import LEVELS, make_bot
from tt22.games.twentytwo.bots.base import bot_stream
from tt22.games.twentytwo.bots.determinize import Sampler, sim_from


def think_times(level: str, players: int, matches: int) -> tuple[int, float, float, float]:
    """(moves, mean CPU s, slowest CPU s, mean wall s) of `level` in seat 0 against
    rules-of-thumb bots."""
    rules = Rules().for_players(players)
    cpu: list[float] = []
    wall = 0.0
    for g in range(matches):
        seed = f"bench-bots/{g}"
        bots = [make_bot(level if s == 0 else "rules", seed, s) for s in range(players)]
        state = new_match(rules, players, seed)
        while not state.over:
            seat = state.to_move
            v = view(state, seat)
            c0, w0 = time.process_time(), time.perf_counter()
            move = bots[seat].choose(v)
            if seat == 0:
                cpu.append(time.process_time() - c0)
                wall += time.perf_counter() - w0
            state = apply(state, move)
    return len(cpu), sum(cpu) / len(cpu), max(cpu), wall / len(cpu)


def playout_rate(players: int, n: int = 3000) -> float:
    """Sampled deals played out from the first exchange, per second."""
    rules = Rules().for_players(players)
    state = new_match(rules, players, "bench-playouts")
    v = view(state, state.to_move)
    rng = bot_stream("bench-playouts", v.seat, "bench")
    sampler = Sampler(v)
    t0 = time.perf_counter()
    for _ in range(n):
        sim_from(v, sampler.sample(rng)).finish()
    return n / (time.perf_counter() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=2)
    parser.add_argument("--players", type=int, nargs="*", default=[4, 9])
    args = parser.parse_args()
    for players in args.players:
        print(f"playouts/s ({players} players): {playout_rate(players):.0f}")
    print(
        f"{'level':>7} {'players':>7} {'moves':>6} {'cpu s/move':>10} {'slowest':>8} {'wall s':>7}"
    )
    for players in args.players:
        for level in LEVELS:
            moves, mean, slowest, wall = think_times(level, players, args.matches)
            print(f"{level:>7} {players:>7} {moves:>6} {mean:>10.4f} {slowest:>8.3f} {wall:>7.4f}")


if __name__ == "__main__":
    main()
