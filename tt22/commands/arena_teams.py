"""`tt22 arena --game rook`: one bot's team against another's, duplicate format.

Rook is played by sides (partners with 4 players; by seat parity with 2 and 3, as
benchmarks/arena_rook.py did), so a line-up is two bots, A and B, not one per seat: every
seed is played twice, A's side holding the even seats and then the odd ones, so both sides
meet the same cards. A game that no one has won after `MAX_HANDS` hands counts as
unfinished, for neither. The win rate of A comes with a Wilson 95% interval; think times
are measured and reported, never used.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tt22.commands.arena import wilson
from tt22.commands.common import UsageError
from tt22.commands.sim import MAX_HANDS as SIM_MAX_HANDS
from tt22.core.bots import make_bot, play_match
from tt22.core.players import Player
from tt22.core.protocol import Game
from tt22.core.safe import printable

__all__ = ["MAX_HANDS", "TeamTally", "play_team_game", "run_team_arena"]

MAX_HANDS = SIM_MAX_HANDS
"""A game still going after this many hands is unfinished: `tt22 sim`'s cap, far past
any real match now that every Rook match ends (K21's shared win: a 3-player match with
the defenders level ran to the old cap of 200)."""


@dataclass
class TeamTally:
    """A's results against B over the whole schedule."""

    a: str
    b: str
    games: int = 0
    wins: int = 0
    unfinished: int = 0
    think: dict[str, list[float]] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.games)
        out: dict[str, Any] = {
            "a": self.a,
            "b": self.b,
            "games": self.games,
            "unfinished": self.unfinished,
            "a_wins": self.wins,
            "a_win_rate": self.wins / self.games if self.games else 0.0,
            "a_win_rate_ci95": [lo, hi],
        }
        out["seconds_per_move"] = {
            name: sum(times) / len(times) if times else 0.0 for name, times in self.think.items()
        }
        out["max_seconds_per_move"] = {
            name: max(times, default=0.0) for name, times in self.think.items()
        }
        return out


def a_seats(players: int, swap: bool) -> list[bool]:
    """Which seats A holds: the even ones, or with `swap` the odd ones."""
    return [(seat % 2 == 0) != swap for seat in range(players)]


def play_team_game(
    game: Game[Any, Any, Any, Any],
    rules: Any,
    players: int,
    seed: str,
    names: list[str],
) -> tuple[Any, list[tuple[Any, float]]]:
    """One game, each seat's bot (a level or a bot name) seeing only its view; the final
    state and every move with the seconds its bot took."""
    assert len(names) == players, (names, players)
    bots = [make_bot(game.name, name, seed, seat) for seat, name in enumerate(names)]
    played = play_match(game, rules, seed, bots, hands=MAX_HANDS, clock=time.perf_counter)
    return played.state, list(zip(played.moves, played.seconds, strict=True))


def run_team_arena(
    game: Game[Any, Any, Any, Any],
    rules: Any,
    players: int,
    a: str,
    b: str,
    seeds: int,
    seed: str,
    out_dir: Path | None = None,
) -> TeamTally:
    tally = TeamTally(a, b, think={a: [], b: []} if a != b else {a: []})
    index = 0
    for i in range(seeds):
        s = f"{seed}/{i + 1}"
        for swap in (False, True):
            holds = a_seats(players, swap)
            names = [a if mine else b for mine in holds]
            state, moves = play_team_game(game, rules, players, s, names)
            index += 1
            for move, seconds in moves:
                tally.think[names[move.seat]].append(seconds)
            if out_dir is not None:
                _save(out_dir, index, rules, s, names, moves)
            if not game.is_over(state):
                tally.unfinished += 1
                continue
            tally.games += 1
            tally.wins += any(holds[w] for w in game.winners(state))
    return tally


def _save(
    out_dir: Path, index: int, rules: Any, seed: str, names: list[str], moves: list[Any]
) -> None:
    from tt22 import record

    players = [Player(f"{name} {seat + 1}", "bot", name) for seat, name in enumerate(names)]
    recorded = [record.RecordedMove(move, think=seconds) for move, seconds in moves]
    rec = record.build_record(rules, seed, players, recorded, dt.datetime.now(dt.UTC))
    record.save_record(out_dir / f"match-{index:05d}.22rec", rec)


def parse_teams(spec: str, choices: list[str]) -> tuple[str, str]:
    names = [n.strip() for n in spec.split(",")]
    if len(names) != 2:
        raise UsageError(
            f"--bots names {len(names)} bots; a team arena is two: A,B (A's side, B's side)"
        )
    for n in names:
        if n not in choices:
            raise UsageError(f"unknown bot {printable(n)!r}; the bots are {', '.join(choices)}")
    return names[0], names[1]


def report(args: argparse.Namespace, game: Any, rules: Any, tally: TeamTally, seed: str) -> None:
    d = tally.as_dict()
    if args.format == "json":
        obj = {
            "game": game.name,
            "seed": seed,
            "players": args.players,
            "rules": game.rules_dict(rules),
        }
        sys.stdout.write(json.dumps({**obj, **d}, ensure_ascii=False) + "\n")
        return
    lo, hi = d["a_win_rate_ci95"]
    lines = [
        f"arena: {game.title}, {args.players} players, {tally.a} vs {tally.b}, duplicate"
        f" (each seed twice, sides swapped), seed {printable(seed)!r}",
        f"games: {tally.games} (unfinished after {MAX_HANDS} hands: {tally.unfinished})",
        f"{printable(tally.a)} side won: {tally.wins} = {100 * d['a_win_rate']:.1f}%,"
        f" 95% Wilson [{100 * lo:.1f}%, {100 * hi:.1f}%]",
    ]
    for name in d["seconds_per_move"]:
        lines.append(
            f"{printable(name)}: {d['seconds_per_move'][name]:.4f} s/move,"
            f" max {d['max_seconds_per_move'][name]:.3f} s"
        )
    sys.stdout.write("\n".join(lines) + "\n")
