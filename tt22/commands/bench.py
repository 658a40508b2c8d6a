"""`tt22 bench`: random matches through the full rules, timed.

Every decision generates the legal moves (the exchange included) and applies one, as a
search bot's playout would. The last line is exactly `decisions/s: <number>`.

`--game NAME` times another game the same way through the game protocol only
(`run_protocol`, which benchmarks/bench_games.py also runs beside 22 in one process). A
Rook match under uniformly random moves may never end (wild bids lose hand after hand), so
each stops after `--hands` hands. 22 is timed exactly as it always was (`measure`).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from tt22.commands.common import UsageError, check_seed
from tt22.commands.games import add_game_argument, game_from_args, game_rules
from tt22.core.protocol import RulesError
from tt22.core.registry import DEFAULT_GAME, get_game
from tt22.core.rng import seed_key, stream
from tt22.games.twentytwo import OVER, Rules, apply, legal_moves, new_match

DESCRIPTION = "time random matches through the engine"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=4, metavar="N")
    parser.add_argument("--games", type=int, default=200, metavar="G")
    parser.add_argument("--seed", default="bench", metavar="S")
    add_game_argument(parser)
    parser.add_argument(
        "--hands",
        type=int,
        default=HANDS,
        metavar="H",
        help=f"games other than 22: stop each match after H hands (default {HANDS})",
    )


HANDS = 10


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


def run_protocol(
    name: str, players: int, games: int, seed: str, max_hands: int
) -> tuple[int, int, float]:
    """(decisions, hands, seconds) of `games` matches of any registered game through
    `Game`'s methods only (what a generic bot or the arena calls), with uniformly random
    legal moves; each match stops after `max_hands` hands."""
    game: Any = get_game(name)
    rules = game.rules([], players)
    choose = stream(seed_key(seed), "bench").bounded
    legal, step, is_over = game.legal_moves, game.apply, game.is_over
    decisions = hands = 0
    start = time.perf_counter()
    for g in range(games):
        state = game.new_match(rules, players, f"{seed}/{g}")
        while not is_over(state) and len(state.history) < max_hands:
            moves = legal(state)
            state = step(state, moves[choose(len(moves))])
            decisions += 1
        hands += len(state.history)
    return decisions, hands, time.perf_counter() - start


def run(args: argparse.Namespace) -> int:
    check_seed(args.seed)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    game = game_from_args(args)
    if game.name != DEFAULT_GAME:
        if args.hands < 1:
            raise UsageError("--hands must be at least 1")
        game_rules(game, [], args.players)
        decisions, hands, seconds = run_protocol(
            game.name, args.players, args.games, args.seed, args.hands
        )
        print(f"game: {game.name}")
        print(f"players: {args.players}")
        print(f"matches: {args.games} (each at most {args.hands} hands)")
        print(f"hands: {hands}")
        print(f"decisions: {decisions}")
        print(f"seconds: {seconds:.3f}")
        print(f"decisions/s: {decisions / seconds:.0f}")
        return 0
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
