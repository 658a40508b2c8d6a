"""`tt22 show FILE`: a record as a readable account or as the JSON transcript, whole or
as one seat saw it (`--seat N`: what that seat could know and nothing more; 22's R23,
Rook's K23, the Rummy family's M5).

A seat's transcript is the game's (`Game.seat_transcript`: built from that seat's view of
each state, or for 22 cut from its full transcript), so this command holds no rule of
what a seat may see.

The record is replayed first; a record that does not verify is not shown (exit 1).
"""

from __future__ import annotations

import argparse
import sys

from tt22.commands.common import UsageError, add_ascii_argument
from tt22.commands.games import add_game_argument, check_record_game, game_from_args, game_text
from tt22.core.registry import get_game
from tt22.core.safe import json_text, printable
from tt22.record import (
    Record,
    RecordError,
    comment_visible,
    load_record,
    replay_game,
)

DESCRIPTION = "print a record as text or as the JSON transcript"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a .22rec record")
    add_game_argument(parser, of_record=True)
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument(
        "--seat", type=int, metavar="N", help="only what seat N could see (seats count from 0)"
    )
    add_ascii_argument(parser)


def _comments(record: Record, seat: int | None) -> list[str]:
    """Comments on moves, escaped; as seen by `seat`, only those on its own moves (a
    comment may speak of the hand it was made with)."""
    lines: list[str] = []
    for i, rm in enumerate(record.moves):
        by = rm.move.seat
        if rm.comment and comment_visible(by, seat):
            name = printable(record.players[by].name, 40)
            lines.append(f"  move {i + 1} ({name}, seat {by}): {printable(rm.comment, 1000)}")
    return lines


def run(args: argparse.Namespace) -> int:
    if args.game is not None:
        game_from_args(args)  # an unknown --game: one line, before the file is read
    try:
        record = load_record(args.file)
    except RecordError as e:
        raise UsageError(f"{printable(args.file)}: {e}") from None
    other = check_record_game(args, record.game)
    if other is not None:
        raise UsageError(f"{printable(args.file)}: {other}")
    n = len(record.players)
    if args.seat is not None and not 0 <= args.seat < n:
        raise UsageError(f"--seat must be 0 to {n - 1} for this {n}-player record")
    result = replay_game(record)
    if not result.ok:
        print(
            f"tt22 show: {printable(args.file)}: {result.problem} (tt22 verify tells more)",
            file=sys.stderr,
        )
        return 1
    game = get_game(record.game)
    if args.seat is None:
        t = game.transcript(result.final, record.seed, record.players)
    else:
        t = game.seat_transcript(result.states, record.seed, record.players, args.seat)
    out = json_text(t) if args.format == "json" else game_text(record.game, t, args.ascii)
    if args.format != "json":
        resigned = record.result.resigned
        if resigned is not None:
            name = printable(record.players[resigned].name, 40)
            out += f"Resigned by {name} (seat {resigned}) in deal {record.result.deals}.\n"
        comments = _comments(record, args.seat)
        if comments:
            out += "\nComments:\n" + "\n".join(comments) + "\n"
    sys.stdout.write(out)
    return 0
