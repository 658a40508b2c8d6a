"""`tt22 replay FILE`: open a record in the replayer.

The file is read and decoded before Textual is imported, so a file that is not a record
gets one clear line and exit status 2 without a screen ever being drawn. A record that
decodes but fails verification still opens: the replayer shows it up to the last good
move with a banner saying where and why.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tt22.commands.common import UsageError, add_display_arguments
from tt22.commands.games import add_game_argument, game_from_args
from tt22.core.registry import default_game, get_game

DESCRIPTION = "step through a .22rec record"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a .22rec record")
    add_game_argument(parser, of_record=True)
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
    from tt22.core.safe import printable
    from tt22.record import RecordError, load_record

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
    from tt22.core.safe import printable
    from tt22.tui.games.twentytwo.replay_model import GotoError, ReplayError, TwentyTwoReplay

    wanted = game_from_args(args) if args.game is not None else None  # (an unknown one: 2)
    record: Any = open_record(args.file)
    if wanted is not None and wanted.name != record.game:
        raise UsageError(
            f"{printable(args.file)} is a record of {get_game(record.game).title},"
            f" not of {wanted.title} (--game {wanted.name})"
        )
    if record.game != default_game():  # 22's replayer stands on its own model (for now)
        return _run_other(args, record)
    try:
        model = TwentyTwoReplay.from_record(record)
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


def _run_other(args: argparse.Namespace, record: Any) -> int:
    """A record of a game other than 22, in that game's replayer (tt22.tui.tables)."""
    from tt22.core.safe import printable
    from tt22.tui.tables import REPLAYERS

    game = get_game(record.game)
    if record.game not in REPLAYERS:
        raise UsageError(
            f"{printable(args.file)} is a record of {game.title}, which the replayer cannot"
            " show yet (tt22 show and tt22 verify read it)"
        )
    seat = None
    if args.seat is not None:
        if not 0 <= args.seat < len(record.players):
            raise UsageError(f"--seat must be 0 to {len(record.players) - 1} for this record")
        seat = args.seat
    from tt22.play.replay import GotoError, ReplayError, ReplayModel

    try:
        model = ReplayModel.from_record(record)
    except ReplayError as e:
        raise UsageError(f"{printable(args.file)} cannot be replayed: {e}") from None
    start = None
    if args.goto is not None:
        try:
            start = model.goto(args.goto)
        except GotoError as e:
            raise UsageError(str(e)) from None
    from tt22.tui.app import StartOptions, TT22App
    from tt22.tui.tables import replay_screen

    path = Path(args.file)

    def screen() -> Any:
        return replay_screen(record.game, record, path, seat=seat, start=start, standalone=True)

    app = TT22App(StartOptions(ascii_cards=args.ascii or None, language=args.lang, screen=screen))
    app.run()
    return app.return_code or 0
