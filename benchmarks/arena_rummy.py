"""Arena for the Rummy family: bot A against bot B over seeded games, seats alternated,
with the 95% Wilson interval of A's share of wins and each bot's slowest move.

Run: `python benchmarks/arena_rummy.py [--game gin|rummy] [--a sampling] [--b rules]
[--games 100] [--rule NAME=VALUE ...]`. Rummy is played by two (A and B alternate seats).
"""

from __future__ import annotations

import argparse
import time

from tt22.commands.arena import wilson
from tt22.core.registry import get_game
from tt22.games.rummy.bots import BOT_NAMES, make_bot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=("gin", "rummy"), default="gin")
    parser.add_argument("--a", choices=BOT_NAMES, default="sampling")
    parser.add_argument("--b", choices=BOT_NAMES, default="rules")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rule", action="append", default=[])
    parser.add_argument("--seed", default="arena-rummy")
    args = parser.parse_args()
    game = get_game(args.game)
    rules = game.rules(args.rule, 2)
    wins = 0.0
    slowest = {"a": 0.0, "b": 0.0}
    start = time.perf_counter()
    for i in range(args.games):
        seed = f"{args.seed}/{i}"
        a_seat = i % 2
        names = [args.a if s == a_seat else args.b for s in (0, 1)]
        bots = [make_bot(n, seed) for n in names]
        state = game.new_match(rules, 2, seed)
        while not game.is_over(state):
            seat = game.to_move(state)
            t = time.perf_counter()
            move = bots[seat].choose(game.view(state, seat))
            who = "a" if seat == a_seat else "b"
            slowest[who] = max(slowest[who], time.perf_counter() - t)
            state = game.apply(state, move)
        winners = game.winners(state)
        if a_seat in winners:
            wins += 1 / len(winners)
    low, high = wilson(wins, args.games)
    print(f"{args.game}: {args.a} (A) against {args.b} (B), {args.games} games, seats alternated")
    print(
        f"A wins {wins:g}/{args.games} = {wins / args.games:.1%},"
        f" 95% Wilson [{low:.1%}, {high:.1%}]"
    )
    print(
        f"slowest move: A {slowest['a']:.3f}s, B {slowest['b']:.3f}s;"
        f" {time.perf_counter() - start:.0f}s in all"
    )


if __name__ == "__main__":
    main()
