"""`tt22 sim`: play a whole match with bots and print it (text or the JSON transcript).

`--game rook` plays Rook with Rook's bots (levels easy..expert or bots by name) and
prints docs/transcript-rook.md's transcript; 22 is played as it always was. A match of
another game that reaches `--max-hands` unfinished is printed as it stands and exits 1,
so a script never takes a runaway for a result."""

from __future__ import annotations

import argparse
import os
import stat
import sys
from collections.abc import Sequence
from typing import Any

from tt22.commands.common import (
    UsageError,
    add_ascii_argument,
    add_table_arguments,
)
from tt22.commands.games import (
    add_game_argument,
    bot_choices,
    check_text,
    game_from_args,
    game_table,
    game_text,
)
from tt22.core.bots import make_bot, play_match
from tt22.core.players import Player
from tt22.core.safe import printable

DESCRIPTION = "play a whole match with bots and print it"


MAX_HANDS = 1000
"""The default of `--max-hands`: a game other than 22 that no one has won after this many
hands stops there, unfinished, and `tt22 sim` says so and exits 1. Only a runaway meets
it: the longest real matches seen are Gin's between bots that never knock (171 hands,
nearly all void), and every Rook match ends since K21 shares a level win."""
MAX_HANDS_LIMIT = 100_000
UNFINISHED = 1
"""The exit status of a match stopped at the cap (2 is a usage error, as everywhere)."""

EPILOG = (
    "A game other than 22 stops after --max-hands hands (default"
    f" {MAX_HANDS}) if no one has won by then: the transcript (and --out's record) is"
    " still written, marked unfinished, a line on standard error says so, and the exit"
    f" status is {UNFINISHED}. A finished match exits 0. 22 always ends: its penalties"
    " only grow."
)


def max_hands(text: str) -> int:
    """`--max-hands`: a whole number from 1 to MAX_HANDS_LIMIT (argparse says why not)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {printable(text, 40)!r}") from None
    if not 1 <= value <= MAX_HANDS_LIMIT:
        raise argparse.ArgumentTypeError(f"must be 1 to {MAX_HANDS_LIMIT}, not {value}")
    return value


def configure(parser: argparse.ArgumentParser) -> None:
    parser.epilog = EPILOG
    add_game_argument(parser)
    add_table_arguments(parser, players_default=None)
    parser.add_argument(
        "--bots",
        metavar="NAME,...",
        help="bots by seat, comma separated (one name seats it everywhere): a level"
        " (easy, normal, hard, expert) or one of the game's bots by name (22: random, rules,"
        " sampling, search; the others: random, casual, rules, sampling); default random",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    add_ascii_argument(parser)
    parser.add_argument("--out", metavar="FILE.22rec", help="also save the match as a record")
    parser.add_argument(
        "--force", action="store_true", help="let --out replace an existing record file"
    )
    parser.add_argument(
        "--max-hands",
        type=max_hands,
        default=MAX_HANDS,
        metavar="N",
        help=f"stop a game other than 22 after N hands with no winner (default {MAX_HANDS});"
        f" the match is then unfinished and the exit status {UNFINISHED}",
    )


def parse_bots(spec: str | None, players: int, choices: Sequence[str]) -> list[str]:
    names = [n.strip() for n in (spec or "random").split(",")]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise UsageError(f"--bots names {len(names)} bots for {players} players")
    for n in names:
        if n not in choices:
            raise UsageError(f"unknown bot {printable(n)!r}; the bots are {', '.join(choices)}")
    return names


def check_out(path: str, force: bool) -> None:
    """Refuse (UsageError) an --out that exists, unless `force` and it is a regular file:
    the record is written by replacing the path, which would swap a symlink or a device
    node for a file (`--out /dev/full` as root replaced the node)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as e:
        raise UsageError(f"cannot write {printable(path)}: {e.strerror or e}") from None
    if not stat.S_ISREG(info.st_mode):
        raise UsageError(f"{printable(path)} exists and is not a regular file; not replaced")
    if not force:
        raise UsageError(f"{printable(path)} exists; --force replaces it")


def save_sim_record(
    path: str, rules: Any, seed: str, seats: list[Player], moves: Sequence[Any]
) -> None:
    """Write the simulated match as a `.22rec` (one line and exit 2 if it cannot be)."""
    import datetime as dt

    from tt22.record import RecordError, build_record, save_record

    record = build_record(rules, seed, seats, moves, dt.datetime.now(dt.UTC))
    try:
        save_record(path, record)
    except (OSError, RecordError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise UsageError(f"cannot write {printable(path)}: {reason}") from None


def run(args: argparse.Namespace) -> int:
    """`tt22 sim`: the match of `--game` between `--bots`, through the game's protocol and
    its registry entry's bots (tt22.core.bots)."""
    game = game_from_args(args)
    rules, players, seed = game_table(game, args)
    names = parse_bots(args.bots, players, bot_choices(game))
    if args.format != "json":
        check_text(game.name)
    if args.out:
        check_out(args.out, args.force)
    bots = [make_bot(game.name, name, seed, seat) for seat, name in enumerate(names)]
    seats = [Player(f"Bot {seat}", "bot", name) for seat, name in enumerate(names)]
    state, moves, _ = play_match(game, rules, seed, bots, hands=args.max_hands)
    if args.out:
        save_sim_record(args.out, rules, seed, seats, moves)
    if args.format == "json":
        sys.stdout.write(game.transcript_json(state, seed, seats))
    else:
        t = game.transcript(state, seed, seats)
        sys.stdout.write(game_text(game.name, t, args.ascii))
    if not game.is_over(state):
        sys.stdout.flush()
        n = args.max_hands
        sys.stderr.write(
            f"tt22 sim: no one had won after {n} hand{'' if n == 1 else 's'}: stopped there,"
            " the match is unfinished (--max-hands N plays longer)\n"
        )
        return UNFINISHED
    return 0
