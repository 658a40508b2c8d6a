"""`tt22 play`: open the game at the table (you against bots, the settings' name and
level, a fresh seed unless `--seed`). Plain `tt22`, with no command (or display options
only, `tt22 --lang ja`), opens the home screen instead. Textual is imported in `run`
only."""

from __future__ import annotations

import argparse

from tt22.commands.common import UsageError, add_display_arguments, add_table_arguments
from tt22.commands.games import add_game_argument, game_from_args, game_table
from tt22.core.registry import default_game, default_level

DESCRIPTION = "play at the table (with no command: the home screen)"

MAX_NAME = 24


def configure(parser: argparse.ArgumentParser) -> None:
    add_game_argument(parser)
    add_table_arguments(parser, players_default=None)
    parser.add_argument("--name", metavar="NAME", help="your name at the table")
    parser.add_argument("--watch", action="store_true", help="every seat a bot: a demo to watch")
    parser.add_argument(
        "--bot",
        metavar="LEVEL",
        help="the level of the bots at the table (default: the settings' choice)",
    )
    parser.add_argument(
        "--pace",
        type=float,
        metavar="SECONDS",
        help="how long each bot move stays on screen (0 = as fast as the screen can follow)",
    )
    add_display_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from tt22.core.players import Player

    game = game_from_args(args)  # before Textual is imported: one line, exit 2
    if game.name != default_game():  # the home screen's game, or straight to a table
        return _run_game(args, game.name)
    # `tt22 play` goes to the table; `tt22` alone (or with display options only) opens
    # the home screen, unless its options set a table.
    asked_for_table = args.players is not None or args.seed is not None or args.rule
    starts_table = not getattr(args, "home", False) or asked_for_table or args.watch
    if args.pace is not None and not 0 <= args.pace <= 60:
        raise UsageError(f"--pace must be 0 to 60 seconds, not {args.pace:g}")
    name = (args.name or "").strip()
    if args.name is not None and not name:
        raise UsageError("--name is empty")
    if len(name) > MAX_NAME:
        raise UsageError(f"--name is at most {MAX_NAME} characters")
    from tt22.play.session import bot_levels

    levels = bot_levels()
    if args.bot is not None and args.bot not in levels:
        raise UsageError(f"unknown bot level {args.bot!r}; the levels are {', '.join(levels)}")

    from tt22.tui.app import StartOptions
    from tt22.tui.i18n import set_language, t

    options = StartOptions(
        watch=args.watch,
        pace=args.pace,
        ascii_cards=True if args.ascii else None,
        language=args.lang,
    )
    if starts_table:
        rules, players, seed = game_table(game, args)
        from tt22.tui.settings import load_settings

        settings = load_settings()
        set_language(args.lang or settings.language or _locale_language())
        level = args.bot or default_level(levels, settings.bot)
        seats: list[Player] = []
        for seat in range(players):
            if seat == 0 and not args.watch:
                seats.append(Player(name or settings.name or t("player.you")))
            else:
                seats.append(
                    Player(t("player.bot", n=seat), "bot", level)  # Bot n sits at seat n
                )
        options.rules, options.players, options.seed = rules, seats, seed
    from tt22.tui.app import TT22App

    app = TT22App(options)
    app.run()
    # Non-zero when the app ended by an exception (Textual printed the traceback).
    return app.return_code or 0


def _locale_language() -> str:
    from tt22.tui.i18n import detect_language

    return detect_language()


def _check_name(args: argparse.Namespace) -> str:
    name = (args.name or "").strip()
    if args.name is not None and not name:
        raise UsageError("--name is empty")
    if len(name) > MAX_NAME:
        raise UsageError(f"--name is at most {MAX_NAME} characters")
    return name


def _run_game(args: argparse.Namespace, name: str) -> int:
    """`tt22 play --game NAME` for a game other than 22: straight to that game's table
    (tt22.tui.tables), you against the game's bots (or bots only with --watch)."""
    from tt22.core.players import Player
    from tt22.core.registry import get_game
    from tt22.tui.tables import TABLES, NewTable

    game = get_game(name)
    if name not in TABLES:
        raise UsageError(
            f"{game.title} has no table yet; its games can be played by bots, shown and"
            f" checked: tt22 sim, show, verify, bench and arena take --game {name}"
        )
    if args.pace is not None and not 0 <= args.pace <= 60:
        raise UsageError(f"--pace must be 0 to 60 seconds, not {args.pace:g}")
    you = _check_name(args)
    if args.players is None:
        args.players = game.default_players
    _rules, players, seed = game_table(game, args)  # every rule and the table checked
    from tt22.core import bots

    levels = bots.levels(name)
    if args.bot is not None and args.bot not in levels:
        raise UsageError(f"unknown bot level {args.bot!r}; the levels are {', '.join(levels)}")
    from tt22.tui.app import StartOptions, TT22App
    from tt22.tui.i18n import set_language, t
    from tt22.tui.settings import load_settings

    settings = load_settings()
    set_language(args.lang or settings.language or _locale_language())
    level = args.bot or default_level(levels, settings.bot)
    seats: list[Player] = []
    for seat in range(players):
        if seat == 0 and not args.watch:
            seats.append(Player(you or settings.name or t("player.you")))
        else:
            seats.append(Player(t("player.bot", n=seat), "bot", level))
    table = NewTable(name, tuple(args.rule or ()), seed, tuple(seats), watch=args.watch)
    options = StartOptions(
        watch=args.watch,
        pace=args.pace,
        ascii_cards=True if args.ascii else None,
        language=args.lang,
        table=table,
    )
    app = TT22App(options)
    app.run()
    return app.return_code or 0
