"""The `tt22` command line: a table of subcommands, each imported only when it runs.

`tt22 --help`, `tt22 verify` and `tt22 show` must start fast and never import Textual,
so nothing here imports more than argparse until a command is chosen.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from collections.abc import Sequence
from typing import NoReturn

from tt22 import __version__

# name -> (module, one-line description). A module missing from this checkout is left out.
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("tt22.commands.play", "play at the table (with no command: the home screen)"),
    "replay": ("tt22.commands.replay", "step through a .22rec record"),
    "sim": ("tt22.commands.sim", "play a whole match with bots and print it"),
    "show": ("tt22.commands.show", "print a record as text or as the JSON transcript"),
    "verify": ("tt22.commands.verify", "check records by replaying them through the engine"),
    "stats": ("tt22.commands.stats", "your matches: played, won, places, streaks, the daily deal"),
    "analyse": ("tt22.commands.analyse", "rate every decision of a record from the seat's view"),
    "arena": ("tt22.commands.arena", "pit bots against each other, duplicate format"),
    "bench": ("tt22.commands.bench", "time random matches through the engine"),
    "serve": ("tt22.commands.serve", "serve tables over SSH (needs the serve extra)"),
}


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: {_line(message)}\n")
        raise SystemExit(2)


MAX_LINE = 300


def _line(message: str) -> str:
    """An error line as printed: control characters (and the surrogates a byte that is
    not UTF-8 becomes) escaped, cut so a huge argument cannot fill the terminal."""
    from tt22.core.safe import printable

    return printable(message, MAX_LINE)


def _available() -> dict[str, tuple[str, str]]:
    return {k: v for k, v in COMMANDS.items() if importlib.util.find_spec(v[0]) is not None}


def _chosen(argv: Sequence[str], names: Sequence[str]) -> str | None:
    for arg in argv:
        if arg in names:
            return arg
        if not arg.startswith("-"):
            return None
    return None


def _game_options(argv: Sequence[str]) -> bool:
    """True when the command line starts with an option that only the game takes
    (`--lang`, `--ascii`, ...): with no command named, those belong to `play`."""
    return bool(argv) and argv[0].startswith("-") and argv[0] not in TOP_LEVEL_OPTIONS


TOP_LEVEL_OPTIONS = ("-h", "--help", "--version")


def build_parser(argv: Sequence[str]) -> tuple[_Parser, str | None]:
    commands = _available()
    parser = _Parser(
        prog="tt22",
        description="Twenty-Two (22), the card game, in the terminal.",
        epilog="With no command, tt22 opens the game.",
    )
    parser.add_argument("--version", action="version", version=f"tt22 {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    chosen = _chosen(argv, list(commands))
    for name, (module, description) in commands.items():
        p = sub.add_parser(name, help=description, description=description)
        if name == chosen:
            importlib.import_module(module).configure(p)
    return parser, chosen


def main(argv: Sequence[str] | None = None) -> int:
    from tt22.commands.common import UsageError

    args_list = list(sys.argv[1:] if argv is None else argv)
    # With no command named, `play` is meant (`tt22 --lang ja` is `tt22 play --lang ja`),
    # but it opens the home screen unless the options set a table: only a `play` that
    # is named goes straight to the table whatever its options.
    implicit = _game_options(args_list) and "play" in _available()
    if implicit:
        args_list = ["play", *args_list]
    parser, _ = build_parser(args_list)
    args = parser.parse_args(args_list)
    if args.command is None:
        if "play" not in _available():
            parser.print_help()
            return 0
        implicit = True
        args_list = ["play", *args_list]
        parser, _ = build_parser(args_list)
        args = parser.parse_args(args_list)
    if args.command == "play":
        args.home = implicit
    module = importlib.import_module(COMMANDS[args.command][0])
    try:
        return int(module.run(args))
    except UsageError as e:
        sys.stderr.write(f"tt22 {args.command}: {_line(str(e))}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("tt22: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0


def entry() -> None:
    """The console script."""
    raise SystemExit(main())
