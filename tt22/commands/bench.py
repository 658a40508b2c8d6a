"""`tt22 bench`: random matches through the full rules, timed.

Every decision generates the legal moves (the exchange included) and applies one, as a
search bot's playout would. The last line is exactly `decisions/s: <number>`.

`--game NAME` times a game through the game protocol only. A game whose matches end under
uniformly random moves (`Game.random_play_ends`: 22's) is timed over whole matches, with
its state's copies per second (`measure`); a Rook match under random moves may never end
(wild bids lose hand after hand), so such a game's matches stop after `--hands` hands
(`run_protocol`, which benchmarks/bench_games.py also runs beside 22 in one process).
22's engine functions are its `Game`'s own, so the loop calls exactly what it always did.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from tt22.commands.common import UsageError, check_seed
from tt22.commands.games import add_game_argument, game_from_args, game_rules
from tt22.core.registry import get_game
from tt22.core.rng import seed_key, stream

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
        help=f"a game whose random matches may not end: stop each after H hands (default {HANDS})",
    )


HANDS = 10


def measure(name: str, players: int, games: int, seed: str) -> tuple[int, int, float, float]:
    """(decisions, deals, seconds, copies per second) over `games` whole random matches
    of game `name` (one whose random matches end: `Game.random_play_ends`). The legal
    moves are empty exactly when a match is over (the protocol's contract), so nothing
    but them and `apply` is called per decision."""
    game: Any = get_game(name)
    rules = game.rules([], players)
    rng = stream(seed_key(seed), "bench")
    new_match, legal_moves, apply = game.new_match, game.legal_moves, game.apply
    decisions = deals = 0
    last = None
    start = time.perf_counter()
    choose = rng.bounded
    for g in range(games):
        state = new_match(rules, players, f"{seed}/{g}")
        moves = legal_moves(state)
        while moves:
            state = apply(state, moves[choose(len(moves))])
            decisions += 1
            moves = legal_moves(state)
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
    if not game.random_play_ends:
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
    game_rules(game, [], args.players)
    decisions, deals, seconds, copy_rate = measure(game.name, args.players, args.games, args.seed)
    print(f"players: {args.players}")
    print(f"matches: {args.games}")
    print(f"deals: {deals}")
    print(f"decisions: {decisions}")
    print(f"seconds: {seconds:.3f}")
    print(f"state copies/s: {copy_rate:.0f}")
    print(f"decisions/s: {decisions / seconds:.0f}")
    return 0
