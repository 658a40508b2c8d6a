"""Void hands per 100 hands, for each bot level and player count of Rummy and Gin.

A hand is void when it ends with no winner (Rummy's M9: the stock reshuffled too often or
too many turns; Gin's G7: the stock down to the wall). Bots that take the discard pile's
top every turn leave the stock standing still, so a person sits through a long hand that
scores nothing: the issue's goal is under 3 void hands in 100 for `normal` and stronger,
under 10 for `easy`. Also printed: draws per hand (a hand's length as a person lives
it), the share of draws taken from the discard pile, and the matches a player ended
without winning a hand (Gin's easy bot that never knocked lost 413-0).

Run: `python benchmarks/void_hands.py [--seeds 200] [--levels easy,normal,hard]
[--jobs N]`. Every seat of a match plays the same level; whole matches, seeded
`void/<game>/<players>/<level>/<i>`, so a run is reproducible.
"""

from __future__ import annotations

import argparse
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any, NamedTuple

from tt22.core.registry import get_game
from tt22.games.rummy.bots import LEVELS, make_level

CASES = (("rummy", 2), ("rummy", 3), ("rummy", 4), ("gin", 2))


class Tally(NamedTuple):
    hands: int
    void: int
    draws: int
    pile: int
    matches: int
    shutouts: int


def one_match(game_name: str, players: int, level: str, seed: str) -> Tally:
    game = get_game(game_name)
    rules = game.rules((), players)
    bots = [make_level(level, seed) for _ in range(players)]
    state: Any = game.new_match(rules, players, seed)
    while not game.is_over(state):
        seat = game.to_move(state)
        state = game.apply(state, bots[seat].choose(game.view(state, seat)))
    hands = state.history
    void = sum(h.winner < 0 for h in hands)
    won = {h.winner for h in hands}
    draws = sum(sum(e[1] in ("stock", "pile") for e in h.events) for h in hands)
    pile = sum(sum(e[1] == "pile" for e in h.events) for h in hands)
    shutout = any(seat not in won for seat in range(players))
    return Tally(len(hands), void, draws, pile, 1, int(shutout))


def run_case(game_name: str, players: int, level: str, seeds: int, jobs: int) -> Tally:
    names = [f"void/{game_name}/{players}/{level}/{i}" for i in range(seeds)]
    with ProcessPoolExecutor(jobs) as pool:
        tallies = list(
            pool.map(
                one_match,
                [game_name] * seeds,
                [players] * seeds,
                [level] * seeds,
                names,
            )
        )
    return Tally(*(sum(t[i] for t in tallies) for i in range(len(Tally._fields))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=200, help="matches per case")
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    levels = [level for level in args.levels.split(",") if level]
    for level in levels:
        if level not in LEVELS:
            parser.error(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}")
    print(
        f"{'game':<6} {'players':>7} {'level':<7} {'hands':>6} {'void/100':>8}"
        f" {'draws/hand':>10} {'from pile':>9} {'a seat won no hand':>18}"
    )
    for game_name, players in CASES:
        for level in levels:
            t = run_case(game_name, players, level, args.seeds, args.jobs)
            hands = max(1, t.hands)
            print(
                f"{game_name:<6} {players:>7} {level:<7} {t.hands:>6}"
                f" {100 * t.void / hands:>8.1f} {t.draws / hands:>10.1f}"
                f" {t.pile / max(1, t.draws):>9.0%} {t.shutouts / max(1, t.matches):>18.0%}",
                flush=True,
            )


if __name__ == "__main__":
    main()
