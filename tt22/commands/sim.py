"""`tt22 sim`: play a whole match with bots and print it (text or the JSON transcript)."""

from __future__ import annotations

import argparse
import os
import stat
import sys

from tt22.bots import BOT_NAMES, make_bot
from tt22.commands.common import (
    UsageError,
    add_ascii_argument,
    add_table_arguments,
    table_from_args,
)
from tt22.engine import Move, Rules
from tt22.engine.players import Player
from tt22.safe import printable
from tt22.simulate import play_match
from tt22.textlog import render_text
from tt22.transcript import transcript, transcript_json

DESCRIPTION = "play a whole match with bots and print it"


def configure(parser: argparse.ArgumentParser) -> None:
    add_table_arguments(parser)
    parser.add_argument(
        "--bots",
        metavar="NAME,...",
        help="bots by seat, comma separated (one name seats it everywhere); "
        f"names: {', '.join(BOT_NAMES)}",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    add_ascii_argument(parser)
    parser.add_argument("--out", metavar="FILE.22rec", help="also save the match as a record")
    parser.add_argument(
        "--force", action="store_true", help="let --out replace an existing record file"
    )


def parse_bots(spec: str | None, players: int) -> list[str]:
    names = [n.strip() for n in (spec or "random").split(",")]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise UsageError(f"--bots names {len(names)} bots for {players} players")
    for n in names:
        if n not in BOT_NAMES:
            raise UsageError(f"unknown bot {n!r}; the bots are {', '.join(BOT_NAMES)}")
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
    path: str, rules: Rules, seed: str, seats: list[Player], moves: list[Move]
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
    rules, players, seed = table_from_args(args)
    names = parse_bots(args.bots, players)
    if args.out:
        check_out(args.out, args.force)
    bots = [make_bot(name, seed, seat) for seat, name in enumerate(names)]
    seats = [Player(f"Bot {seat}", "bot", name) for seat, name in enumerate(names)]
    state, moves = play_match(rules, seed, bots)
    if args.out:
        save_sim_record(args.out, rules, seed, seats, moves)
    if args.format == "json":
        sys.stdout.write(transcript_json(state, seed, seats))
    else:
        sys.stdout.write(render_text(transcript(state, seed, seats), ascii_style=args.ascii))
    return 0
