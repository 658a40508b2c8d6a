"""`tt22 verify FILE...`: replay each record through the engine and say if it holds.

Exit status: 0 when every file is a good record; 1 when some readable record has a
move the rules forbid or does not match its digest or result; 2 when some file is not
a record at all (unreadable, not JSON, wrong type, corrupt, too large, newer format, a
game this tt22 does not have, rules that game does not have). Every game's records.
Never imports Textual: it must run anywhere, fast.
"""

from __future__ import annotations

import argparse
import sys

from tt22.commands.games import add_game_argument, check_record_game, game_from_args
from tt22.core.registry import default_game, get_game
from tt22.core.safe import printable
from tt22.record import RecordError, load_record, verify_record

DESCRIPTION = "check records by replaying them through the engine"

OK, BAD_RECORD, NOT_A_RECORD = 0, 1, 2


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help=".22rec files to check")
    parser.add_argument("--quiet", "-q", action="store_true", help="print only problems")
    add_game_argument(parser, of_record=True)


def check_file(path: str, args: argparse.Namespace | None = None) -> tuple[int, str]:
    """(status, one line) for one file; with `args.game`, a record of another game is
    not one of the records asked for (status 2)."""
    name = printable(path, 200)
    try:
        record = load_record(path)
    except RecordError as e:
        return NOT_A_RECORD, f"{name}: {e}"
    other = None if args is None else check_record_game(args, record.game)
    if other is not None:
        return NOT_A_RECORD, f"{name}: {other}"
    result = verify_record(record)
    if not result.ok:
        return BAD_RECORD, f"{name}: {result.problem}"
    r = record.result
    if r.finished:
        won = ", ".join(f"seat {s}" for s in r.winners) or "nobody"
        outcome = f"finished, won by {won}"
    else:
        outcome = "unfinished"
    if record.game == default_game():  # the game tt22 opens on: its line as it always was
        game, deals = "", f"{r.deals} deals"
    else:
        game, deals = f"{get_game(record.game).title}, ", f"{r.deals} hands"
    return OK, (
        f"{name}: ok ({game}{len(record.players)} players, {len(record.moves)} moves,"
        f" {deals}, {outcome})"
    )


def run(args: argparse.Namespace) -> int:
    if args.game is not None:
        game_from_args(args)  # an unknown --game: one line, exit 2, before any file
    worst = OK
    for path in args.files:
        status, line = check_file(path, args)
        worst = max(worst, status)
        if status == OK:
            if not args.quiet:
                print(line)
        else:
            print(line, file=sys.stderr)
    return worst
