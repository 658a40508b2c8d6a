"""`tt22 bench`: random matches through the full rules, timed.

Every decision generates the legal moves (the exchange included) and applies one, as a
search bot's playout would. The last line is exactly `decisions/s: <number>`.
"""

from __future__ import annotations

import argparse
import time

from tt22.commands.common import UsageError, check_seed
from tt22.engine import OVER, Rules, RulesError, apply, legal_moves, new_match
from tt22.engine.rng import seed_key, stream

DESCRIPTION = "time random matches through the engine"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=4, metavar="N")
    parser.add_argument("--games", type=int, default=200, metavar="G")
    parser.add_argument("--seed", default="bench", metavar="S")


def measure(players: int, games: int, seed: str) -> tuple[int, int, float, float]:
    """(decisions, deals, seconds, copies per second) over `games` random matches."""
    rules = Rules().for_players(players)
    rng = stream(seed_key(seed), "bench")
    decisions = deals = 0
    last = None
    start = time.perf_counter()
    choose = rng.bounded
    for g in range(games):
        state = new_match(rules, players, f"{seed}/{g}")
        while state.phase != OVER:
            moves = legal_moves(state)
            state = apply(state, moves[choose(len(moves))])
            decisions += 1
        deals += len(state.history)
        last = state
    seconds = time.perf_counter() - start
    assert last is not None
    copies = 200_000
    t0 = time.perf_counter()
    s = last
    for _ in range(copies):
        s.copy()
    copy_rate = copies / (time.perf_counter() - t0)
    return decisions, deals, seconds, copy_rate


def run(args: argparse.Namespace) -> int:
    check_seed(args.seed)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    try:
        Rules().for_players(args.players)
    except RulesError as e:
        raise UsageError(str(e)) from None
    decisions, deals, seconds, copy_rate = measure(args.players, args.games, args.seed)
    print(f"players: {args.players}")
    print(f"matches: {args.games}")
    print(f"deals: {deals}")
    print(f"decisions: {decisions}")
    print(f"seconds: {seconds:.3f}")
    print(f"state copies/s: {copy_rate:.0f}")
    print(f"decisions/s: {decisions / seconds:.0f}")
    return 0
