"""`tt22 replay FILE`: open a record in the replayer.

The file is read and decoded before Textual is imported, so a file that is not a record
gets one clear line and exit status 2 without a screen ever being drawn. A record that
decodes but fails verification still opens: the replayer shows it up to the last good
move with a banner saying where and why.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tt22.commands.common import UsageError, add_display_arguments
from tt22.commands.games import add_game_argument, refuse_other_games

DESCRIPTION = "step through a .22rec record"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a .22rec record")
    add_game_argument(parser)
    parser.add_argument(
        "--seat",
        type=int,
        metavar="N",
        help="start in seat N's view (seats count from 0, as in tt22 show), not all hands open",
    )
    add_display_arguments(parser)
    parser.add_argument("--goto", metavar="PLACE", help="start at 3, 3.2, 3.2.1 or #57")


def open_record(name: str) -> object:
    """The decoded record at `name`, or UsageError with one line saying why not."""
    from tt22.record import RecordError, load_record
    from tt22.safe import printable

    path = Path(name)
    shown = printable(name)
    if not path.exists():
        raise UsageError(f"no such file: {shown}")
    if path.is_dir():
        raise UsageError(f"{shown} is a folder, not a record")
    try:
        return load_record(path)
    except RecordError as e:
        raise UsageError(f"{shown} is not a record tt22 can read: {printable(str(e))}") from None
    except OSError as e:
        raise UsageError(f"cannot read {shown}: {e.strerror or e}") from None


def run(args: argparse.Namespace) -> int:
    from tt22.replay_model import GotoError, ReplayError, ReplayModel
    from tt22.safe import printable

    refuse_other_games(args, "the replayer")
    record = open_record(args.file)
    try:
        model = ReplayModel.from_record(record)  # type: ignore[arg-type]
    except ReplayError as e:
        raise UsageError(f"{printable(args.file)} cannot be replayed: {e}") from None
    seat = None
    if args.seat is not None:
        if not 0 <= args.seat < len(model.players):
            raise UsageError(f"--seat must be 0 to {len(model.players) - 1} for this record")
        seat = args.seat
    start = model.end if model.problem is not None else 0
    if args.goto is not None:
        try:
            start = model.goto(args.goto)
        except GotoError as e:
            raise UsageError(str(e)) from None
    from tt22.tui.replay.app import run_replay

    return run_replay(
        model, Path(args.file), seat=seat, ascii_cards=args.ascii, start=start, language=args.lang
    )
