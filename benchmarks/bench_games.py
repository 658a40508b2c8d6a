"""Games through the protocol: decisions/s of random matches for every registered game,
beside 22's engine driven directly (what `tt22 bench` times), in one run.

Issue 23's: 500 Rum (`--players`, at most 4), Persian Rummy (4 players) and Manipulation
Rummy at least 25,000 decisions/s each (for Manipulation a decision is a turn; its matches
stop after 3 hands, as its random hands run long), and the plays its solver chooses timed
apart. Issue 11's targets: Rook at least half of 22's decisions/s; 22 through the protocol as
fast as 22 direct (its adapter is the engine's own functions). Issue 12's goal: Gin at
least 25,000 decisions/s on random playouts (Rummy is timed with `--players`). All are
timed in interleaved rounds and each reports its best round, so a burst of load on the shared
machine hits all of them alike. A Rook match under uniformly random moves may never end
(wild bids lose hand after hand), so every match stops after `--hands` hands.

Run: `python benchmarks/bench_games.py [--games G] [--rounds R] [--players N]`.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from tt22.commands.bench import run_protocol as run_game
from tt22.core.rng import seed_key, stream
from tt22.games import twentytwo


def run_direct_22(players: int, games: int, seed: str, max_hands: int) -> tuple[int, float]:
    """22 exactly as `tt22 bench` drives it (tt22.commands.bench.measure's loop)."""
    rules = twentytwo.Rules().for_players(players)
    choose = stream(seed_key(seed), "bench").bounded
    new_match, legal_moves, apply, over = (
        twentytwo.new_match,
        twentytwo.legal_moves,
        twentytwo.apply,
        2,
    )
    decisions = 0
    start = time.perf_counter()
    for g in range(games):
        state = new_match(rules, players, f"{seed}/{g}")
        while state.phase != over and len(state.history) < max_hands:
            moves = legal_moves(state)
            state = apply(state, moves[choose(len(moves))])
            decisions += 1
    return decisions, time.perf_counter() - start


def run_protocol(
    name: str, players: int, games: int, seed: str, max_hands: int
) -> tuple[int, float]:
    """Any registered game through `Game`'s methods only: `tt22 bench --game NAME`'s loop."""
    decisions, _hands, seconds = run_game(name, players, games, seed, max_hands)
    return decisions, seconds


def compare(
    games: int, rounds: int, players: int, max_hands: int, seed: str = "bench"
) -> dict[str, float]:
    """Best decisions/s of each contender over interleaved rounds."""
    contenders: dict[str, Callable[[], tuple[int, float]]] = {
        "twentytwo (engine direct)": lambda: run_direct_22(players, games, seed, max_hands),
        "twentytwo (protocol)": lambda: run_protocol("twentytwo", players, games, seed, max_hands),
        "rook (protocol)": lambda: run_protocol("rook", players, games, seed, max_hands),
        "rummy (protocol)": lambda: run_protocol("rummy", players, games, seed, max_hands),
        "gin (protocol, 2 players)": lambda: run_protocol("gin", 2, games, seed, max_hands),
        "rum500 (protocol)": lambda: run_protocol(
            "rum500", min(players, 4), games, seed, max_hands
        ),
        "persian (protocol, 4)": lambda: run_protocol("persian", 4, games, seed, max_hands),
        "manipulation (protocol, 3)": lambda: run_protocol("manipulation", 3, games, seed, 3),
    }
    best = dict.fromkeys(contenders, 0.0)
    for _ in range(rounds):
        for label, run in contenders.items():
            decisions, seconds = run()
            best[label] = max(best[label], decisions / seconds)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hands", type=int, default=10)
    args = parser.parse_args()
    best = compare(args.games, args.rounds, args.players, args.hands)
    direct = best["twentytwo (engine direct)"]
    print(f"players {args.players}, {args.games} matches x {args.rounds} rounds, best round")
    print(f"{'game':<28} {'decisions/s':>12} {'vs 22 direct':>13}")
    for label, rate in best.items():
        print(f"{label:<28} {rate:>12.0f} {rate / direct:>13.2f}")
    rook = best["rook (protocol)"] / direct
    print(f"rook / twentytwo: {rook:.2f} (target: at least 0.50)")
    gin = best["gin (protocol, 2 players)"]
    print(f"gin: {gin:.0f} decisions/s (issue 12's goal: at least 25,000)")
    for label in ("rum500 (protocol)", "persian (protocol, 4)"):
        name = label.split()[0]
        print(f"{name}: {best[label]:.0f} decisions/s (issue 23's goal: at least 25,000)")
    manipulation = best["manipulation (protocol, 3)"]
    print(f"manipulation: {manipulation:.0f} decisions/s (issue 23's goal: at least 25,000)")
    plays, seconds = solver_plays(4, "bench")
    print(f"manipulation, plays chosen by the solver: {plays / seconds:.0f}/s ({plays} plays)")


def solver_plays(games: int, seed: str) -> tuple[int, float]:
    """Manipulation's turns played by the solver's bot (`solver`, every seat), counted
    apart from the random playouts (issue 23): (plays the solver chose, seconds)."""
    from tt22.core.bots import make_bot, play_match
    from tt22.core.registry import get_game

    game = get_game("manipulation")
    plays = 0
    start = time.perf_counter()
    for g in range(games):
        bots = [make_bot("manipulation", "solver", f"{seed}/{g}", seat) for seat in range(3)]
        played = play_match(game, game.rules([], 3), f"{seed}/{g}", bots, hands=1)
        plays += sum(1 for m in played.moves if type(m).__name__ == "Play")
    return plays, time.perf_counter() - start


if __name__ == "__main__":
    main()
