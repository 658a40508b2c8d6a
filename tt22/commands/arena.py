"""`tt22 arena`: bots against bots in duplicate format, with confidence intervals.

Duplicate format cuts the luck of the deal: every seed is played once per rotation of
the line-up through the seats, so each bot meets the same cards from every seat. With
P bots a run is whole groups of P matches (`--matches` is rounded up to a multiple of P).
A bot named more than once is one entry in the table: its seats are pooled.

Budgets are playout counts, so results do not depend on the machine's load; `--think`
scales every budget so that the expert level would spend about that many seconds per
move (1.0 is the levels as offered). Think times are measured and reported, never used.

`--game rook` is a team arena (tt22/commands/arena_teams.py): two bots, one per side.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tt22.commands.common import UsageError, add_rule_argument
from tt22.core.bots import play_match
from tt22.core.players import Player
from tt22.core.registry import default_game, entry, get_game
from tt22.core.safe import printable
from tt22.core.seeds import MAX_SEED
from tt22.record.games import game_of_rules

DESCRIPTION = "pit bots against each other, duplicate format"

NOMINAL_THINK = 1.0
"""Seconds per move of the levels as offered (expert's budget is calibrated to it)."""

MAX_MATCHES = 1_000_000


MAX_ARENA_SEED = MAX_SEED - len(f"/{MAX_MATCHES}")


def configure(parser: argparse.ArgumentParser) -> None:
    from tt22.commands.games import add_game_argument

    add_game_argument(parser)
    parser.add_argument(
        "--bots",
        required=True,
        metavar="A,B,...",
        help=f"the line-up, one bot per seat (2 to 9); names: {', '.join(_lineup_bots().NAMES)};"
        " with --game rook two bots, A's side and B's (easy, normal, hard, expert, random,"
        " rules, sampling)",
    )
    parser.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="team games (--game rook): players at the table, 2 to 4 (default 4)",
    )
    parser.add_argument("--matches", type=int, default=40, metavar="N", help="matches to play")
    parser.add_argument(
        "--seed",
        metavar="S",
        help=f"up to {MAX_ARENA_SEED} characters; omitted: a fresh code (printed with the results)",
    )
    add_rule_argument(parser)
    parser.add_argument(
        "--think",
        type=float,
        metavar="SECONDS",
        help="scale every bot's playout budget so that expert takes about this long per "
        "move (default 1.0: the levels as offered)",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--out", metavar="DIR", help="keep every match as a .22rec record here")
    parser.add_argument(
        "--allow-cheater",
        action="store_true",
        help=f"allow the bot '{_lineup_bots().CHEATER_NAME}', which sees every hand"
        " (a measuring stick)",
    )


# ---------------------------------------------------------------------------
# Statistics


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval: sound near 0% and 100%, unlike p +- z*se."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(total: float, total_sq: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    mean = total / n
    if n == 1:
        return (mean, mean)
    var = max(0.0, (total_sq - n * mean * mean) / (n - 1))
    half = z * math.sqrt(var / n)
    return (mean - half, mean + half)


@dataclass
class Tally:
    """One bot's results over all the seats it held."""

    name: str
    matches: int = 0
    wins: float = 0.0  # a shared win (R6) counts 1/k to each of the k winners
    deals: int = 0
    losses: int = 0
    penalty: int = 0
    penalty_sq: int = 0
    moves: int = 0
    seconds: float = 0.0
    slowest: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.matches)
        dlo, dhi = wilson(self.losses, self.deals)
        plo, phi = mean_ci(self.penalty, self.penalty_sq, self.deals)
        return {
            "name": self.name,
            "matches": self.matches,
            "wins": int(self.wins) if self.wins.is_integer() else round(self.wins, 4),
            "win_rate": self.wins / self.matches if self.matches else 0.0,
            "win_rate_ci95": [lo, hi],
            "deals": self.deals,
            "deal_loss_rate": self.losses / self.deals if self.deals else 0.0,
            "deal_loss_rate_ci95": [dlo, dhi],
            "mean_penalty": self.penalty / self.deals if self.deals else 0.0,
            "mean_penalty_ci95": [plo, phi],
            "moves": self.moves,
            "seconds_per_move": self.seconds / self.moves if self.moves else 0.0,
            "max_seconds_per_move": self.slowest,
        }


@dataclass
class MatchResult:
    seed: str
    lineup: list[str]  # bot name by seat
    state: Any  # the game's final state
    moves: list[tuple[Any, float]] = field(default_factory=list)


# ---------------------------------------------------------------------------
# Playing


def duplicate_bots(name: str) -> Any | None:
    """The module of game `name`'s bots as the duplicate arena seats them (its registry
    entry's `arena`: `NAMES`, `CHEATER_NAME`, `arena_bot`), or None for a game played
    in the team arena."""
    where = entry(name).arena
    return importlib.import_module(where) if where else None


def _lineup_bots() -> Any:
    """The duplicate arena's bots of the game tt22 opens on (the help's names)."""
    return duplicate_bots(default_game())


def play_one(rules: Any, seed: str, lineup: Sequence[str], scale: float) -> MatchResult:
    """One match of the game whose rules `rules` are; each honest bot sees only its
    view, the cheater the whole state."""
    name = game_of_rules(rules)
    module = duplicate_bots(name)
    assert module is not None, f"{name} has no duplicate arena"
    bots = [module.arena_bot(bot, seed, seat, scale) for seat, bot in enumerate(lineup)]
    played = play_match(get_game(name), rules, seed, bots, clock=time.perf_counter)
    moves = list(zip(played.moves, played.seconds, strict=True))
    return MatchResult(seed, list(lineup), played.state, moves)


def schedule(lineup: Sequence[str], matches: int, seed: str) -> list[tuple[str, list[str]]]:
    """(seed, line-up by seat) for every match: each seed once per rotation."""
    p = len(lineup)
    groups = -(-matches // p)
    out: list[tuple[str, list[str]]] = []
    for g in range(groups):
        s = f"{seed}/{g + 1}"
        for r in range(p):
            out.append((s, [lineup[(seat + r) % p] for seat in range(p)]))
    return out


def score(tallies: dict[str, Tally], result: MatchResult) -> None:
    state = result.state
    lineup = result.lineup
    for name in lineup:
        tallies[name].matches += 1
    for seat in state.winners:
        tallies[lineup[seat]].wins += 1.0 / len(state.winners)
    for d in state.history:
        for seat in d.start.players_in:
            t = tallies[lineup[seat]]
            t.deals += 1
            if seat in d.losers:
                t.losses += 1
                t.penalty += d.penalty
                t.penalty_sq += d.penalty * d.penalty
    seat_of = _movers(result)
    for (_move, seconds), seat in zip(result.moves, seat_of, strict=True):
        t = tallies[lineup[seat]]
        t.moves += 1
        t.seconds += seconds
        t.slowest = max(t.slowest, seconds)


def _movers(result: MatchResult) -> list[int]:
    return [move.seat for move, _ in result.moves]


def run_arena(
    rules: Any,
    lineup: Sequence[str],
    matches: int,
    seed: str,
    scale: float,
    on_match: Callable[[int, int, MatchResult], None] | None = None,
) -> list[Tally]:
    """Play the whole schedule; one tally per distinct bot name, in line-up order."""
    tallies: dict[str, Tally] = {}
    for name in lineup:
        tallies.setdefault(name, Tally(name))
    plan = schedule(lineup, matches, seed)
    for i, (s, seats) in enumerate(plan):
        result = play_one(rules, s, seats, scale)
        score(tallies, result)
        if on_match is not None:
            on_match(i + 1, len(plan), result)
    return list(tallies.values())


# ---------------------------------------------------------------------------
# Output


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def render_text(header: str, tallies: Sequence[Tally]) -> str:
    rows = [
        (
            "bot",
            "matches",
            "win rate (95% CI)",
            "deal-loss rate (95% CI)",
            "penalty/deal (95% CI)",
            "s/move",
            "max s",
        )
    ]
    for t in tallies:
        d = t.as_dict()
        lo, hi = d["win_rate_ci95"]
        dlo, dhi = d["deal_loss_rate_ci95"]
        plo, phi = d["mean_penalty_ci95"]
        rows.append(
            (
                printable(t.name),
                str(t.matches),
                f"{_pct(d['win_rate'])} ({_pct(lo)}-{_pct(hi)})",
                f"{_pct(d['deal_loss_rate'])} ({_pct(dlo)}-{_pct(dhi)})",
                f"{d['mean_penalty']:5.2f} ({plo:5.2f}-{phi:5.2f})",
                f"{d['seconds_per_move']:.4f}",
                f"{d['max_seconds_per_move']:.3f}",
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = [header]
    for r in rows:
        lines.append("  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip())
    return "\n".join(lines) + "\n"


class _Progress:
    """A one-line progress bar on stderr, only when stderr is a terminal."""

    def __init__(self) -> None:
        self.live = sys.stderr.isatty()

    def __call__(self, done: int, total: int, _result: MatchResult) -> None:
        if not self.live:
            return
        width = 30
        filled = width * done // total
        sys.stderr.write(f"\rarena [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def parse_lineup(spec: str, allow_cheater: bool, bots: Any = None) -> list[str]:
    """The line-up of `--bots`, each a bot of `bots` (a game's duplicate arena module;
    by default the game tt22 opens on), or UsageError."""
    bots = bots or _lineup_bots()
    cheater, known = bots.CHEATER_NAME, bots.NAMES
    names = [n.strip() for n in spec.split(",")]
    if not 2 <= len(names) <= 9:
        raise UsageError(f"--bots names {len(names)} bots; an arena seats 2 to 9")
    for n in names:
        if n == cheater:
            if not allow_cheater:
                raise UsageError(f"the bot {cheater!r} sees every hand: add --allow-cheater")
            continue
        if n not in known:
            raise UsageError(f"unknown bot {printable(n)!r}; the bots are {', '.join(known)}")
    return names


def run(args: argparse.Namespace) -> int:
    from tt22.commands.games import game_from_args, game_table

    game = game_from_args(args)
    bots = duplicate_bots(game.name)
    if bots is None:
        return run_teams(game, args)
    if args.players is not None:
        raise UsageError(
            "--players is for team games (--game rook); 22's arena seats one bot per name in --bots"
        )
    lineup = parse_lineup(args.bots, args.allow_cheater, bots)
    if not 1 <= args.matches <= MAX_MATCHES:
        raise UsageError(f"--matches must be between 1 and {MAX_MATCHES}")
    think = NOMINAL_THINK if args.think is None else args.think
    if not (math.isfinite(think) and 0 < think <= 60):
        raise UsageError("--think must be a number of seconds above 0 and at most 60")
    args.players = len(lineup)
    rules, _players, seed = game_table(game, args)
    if len(seed) > MAX_ARENA_SEED:  # each match's seed is "<seed>/<n>", at most MAX_SEED
        raise UsageError(f"an arena seed is at most {MAX_ARENA_SEED} characters, not {len(seed)}")
    out_dir = _prepare_out(args.out)
    progress = _Progress()

    def on_match(done: int, total: int, result: MatchResult) -> None:
        if out_dir is not None:
            _save_record(out_dir, done, rules, result)
        progress(done, total, result)

    scale = think / NOMINAL_THINK
    try:
        tallies = run_arena(rules, lineup, args.matches, seed, scale, on_match)
    except OSError as e:
        sys.stderr.write(
            f"tt22 arena: cannot save a record in {printable(str(out_dir))}: {e.strerror}\n"
        )
        return 1
    played = tallies and sum(t.matches for t in tallies) // len(lineup)
    if args.format == "json":
        obj = {
            "seed": seed,
            "players": len(lineup),
            "lineup": lineup,
            "matches": played,
            "think": think,
            "rules": rules.as_dict(),
            "bots": [t.as_dict() for t in tallies],
        }
        sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
    else:
        header = (
            f"arena: {played} matches, duplicate format ({len(lineup)} rotations per seed), "
            f"seed {printable(seed)!r}, think {think:g} s"
        )
        sys.stdout.write(render_text(header, tallies))
    return 0


def run_teams(game: Any, args: argparse.Namespace) -> int:
    """`tt22 arena --game NAME` for a partnership game: A's side against B's."""
    from tt22.commands import arena_teams
    from tt22.commands.common import seed_from_args
    from tt22.commands.games import bot_choices, game_rules

    a, b = arena_teams.parse_teams(args.bots, bot_choices(game))
    if not 1 <= args.matches <= MAX_MATCHES:
        raise UsageError(f"--matches must be between 1 and {MAX_MATCHES}")
    if args.think is not None:
        raise UsageError("--think scales 22's bots only; Rook's levels are their own budgets")
    if args.allow_cheater:
        raise UsageError(f"{game.title} has no '{_lineup_bots().CHEATER_NAME}' bot")
    if args.players is None:
        args.players = game.default_players if game.partnerships else 2
    if not game.partnerships and args.players != 2:
        # sides by seat parity are Rook's partnerships; other games are every seat for itself
        raise UsageError(f"the arena plays {game.title} head to head for now: --players 2")
    rules = game_rules(game, args.rule, args.players)
    seed = seed_from_args(args)
    if len(seed) > MAX_ARENA_SEED:
        raise UsageError(f"an arena seed is at most {MAX_ARENA_SEED} characters, not {len(seed)}")
    out_dir = _prepare_out(args.out)
    seeds = -(-args.matches // 2)  # each seed twice, the sides swapped
    try:
        tally = arena_teams.run_team_arena(game, rules, args.players, a, b, seeds, seed, out_dir)
    except OSError as e:
        sys.stderr.write(
            f"tt22 arena: cannot save a record in {printable(str(out_dir))}: {e.strerror}\n"
        )
        return 1
    arena_teams.report(args, game, rules, tally, seed)
    return 0


# ---------------------------------------------------------------------------
# Records (--out)


def _prepare_out(out: str | None) -> Path | None:
    if out is None:
        return None
    path = Path(out)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(f"cannot use --out {printable(out)!r}: {e.strerror}") from None
    return path


def _save_record(out_dir: Path, index: int, rules: Any, result: MatchResult) -> None:
    """The match as a .22rec record, each move with the time its bot took."""
    from tt22 import record

    players = [Player(f"{name} {seat + 1}", "bot", name) for seat, name in enumerate(result.lineup)]
    moves = [record.RecordedMove(move, think=seconds) for move, seconds in result.moves]
    started = dt.datetime.now(dt.UTC)
    rec = record.build_record(rules, result.seed, players, moves, started)
    record.save_record(out_dir / f"match-{index:05d}.22rec", rec)
