"""`--game NAME` and what the commands need of a game beyond the protocol.

Every command reaches a game through `tt22.games.get_game` only; the two things the
protocol does not carry (the readable text form of a transcript, and a game's bots) are
looked up here by module name, so loading one game never loads another.
"""

from __future__ import annotations

import argparse
from typing import Any

from tt22.commands.common import UsageError, seed_from_args
from tt22.core.bots import bot_names, has_bots
from tt22.core.protocol import Game, RulesError
from tt22.core.registry import (
    UnknownGame,
    default_game,
    entry,
    game_names,
    get_game,
    textlog_module,
)
from tt22.core.safe import printable

__all__ = [
    "add_game_argument",
    "check_record_game",
    "game_from_args",
    "game_rules",
    "game_table",
    "game_text",
]

# A game's readable account of its transcript: module with render_text(t, ascii_style).


def add_game_argument(parser: argparse.ArgumentParser, *, of_record: bool = False) -> None:
    """`--game NAME`; for a command that reads records (`of_record`) the default is
    whatever game each record names, and NAME asks that it be that game."""
    names = ", ".join(game_names())
    parser.add_argument(
        "--game",
        default=None if of_record else default_game(),
        metavar="NAME",
        help=f"only records of this game: {names} (default: any)"
        if of_record
        else f"the game: {names} (default {default_game()})",
    )


def check_record_game(args: argparse.Namespace, game: str) -> str | None:
    """Why a record of `game` is not what `--game` asked for, or None."""
    if args.game is None:
        return None
    wanted = game_from_args(args)
    if wanted.name == game:
        return None
    return f"a record of {get_game(game).title}, not of {wanted.title} (--game {wanted.name})"


def game_table(game: Game[Any, Any, Any, Any], args: argparse.Namespace) -> tuple[Any, int, str]:
    """(resolved rules, players, seed) of `--players`, `--rule` and `--seed` for `game`,
    every game alike. Without `--players` a game is played at its usual table
    (`default_players`: Gin's two, 22's four)."""
    if args.players is None:
        args.players = game.default_players
    rules = game_rules(game, args.rule, args.players)
    return rules, args.players, seed_from_args(args)


def bot_choices(game: Game[Any, Any, Any, Any]) -> list[str]:
    """Every bot name a game takes (its levels and its bots by name), or UsageError when
    it has none yet."""
    if not has_bots(game.name):
        raise UsageError(f"{game.title} has no bots yet")
    return list(bot_names(game.name))


def game_from_args(args: argparse.Namespace) -> Game[Any, Any, Any, Any]:
    """The game of `--game`, or UsageError naming the games there are."""
    try:
        return get_game(args.game)
    except UnknownGame:
        raise UsageError(
            f"unknown game '{printable(args.game, 40)}'; the games are {', '.join(game_names())}"
        ) from None


def seat_range(game: Game[Any, Any, Any, Any]) -> str:
    """`2 to 4`, or `2` for a game of one table size."""
    low, high = game.min_players, game.max_players
    return str(low) if low == high else f"{low} to {high}"


def game_rules(game: Game[Any, Any, Any, Any], assignments: list[str], players: int) -> Any:
    """`--rule NAME=VALUE`s checked against the game's options and resolved for the
    table, or UsageError in one line."""
    if not game.min_players <= players <= game.max_players:
        raise UsageError(f"{game.title} is played by {seat_range(game)} players, not {players}")
    try:
        return game.rules(assignments, players)
    except RulesError as e:
        raise UsageError(str(e)) from None


def check_text(name: str) -> None:
    """UsageError, before any work, when game `name` has no text form yet."""
    if not entry(name).textlog:
        raise UsageError(f"the text form of {name} is not written yet; use --format json")


def game_text(name: str, transcript: dict[str, Any], ascii_style: bool) -> str:
    """The readable account of a transcript of game `name`."""
    module = textlog_module(name)
    if module is None:
        raise UsageError(f"the text form of {name} is not written yet; use --format json")
    text: str = module.render_text(transcript, ascii_style=ascii_style)
    return text
