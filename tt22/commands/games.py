"""`--game NAME` and what the commands need of a game beyond the protocol.

Every command reaches a game through `tt22.games.get_game` only; the two things the
protocol does not carry (the readable text form of a transcript, and a game's bots) are
looked up here by module name, so loading one game never loads another.
"""

from __future__ import annotations

import argparse
import importlib
from typing import Any

from tt22.commands.common import UsageError
from tt22.games import DEFAULT_GAME, UnknownGame, game_names, get_game
from tt22.games.protocol import Game, RulesError
from tt22.safe import printable

__all__ = [
    "add_game_argument",
    "game_from_args",
    "game_rules",
    "game_text",
    "refuse_other_games",
]

# A game's readable account of its transcript: module with render_text(t, ascii_style).
_TEXT: dict[str, str] = {
    "twentytwo": "tt22.textlog",
    "rook": "tt22.games.rook.textlog",
}


def add_game_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game",
        default=DEFAULT_GAME,
        metavar="NAME",
        help=f"the game: {', '.join(game_names())} (default {DEFAULT_GAME})",
    )


def game_from_args(args: argparse.Namespace) -> Game[Any, Any, Any, Any]:
    """The game of `--game`, or UsageError naming the games there are."""
    try:
        return get_game(args.game)
    except UnknownGame:
        raise UsageError(
            f"unknown game {printable(args.game, 40)!r}; the games are {', '.join(game_names())}"
        ) from None


def refuse_other_games(args: argparse.Namespace, command: str) -> None:
    """For a command that plays 22 only for now: any other game is one honest line."""
    game = game_from_args(args)
    if game.name != DEFAULT_GAME:
        raise UsageError(
            f"tt22 {command} plays Twenty-Two only for now; {game.title} is not there yet"
            f" (tt22 sim, show, verify, bench and arena take --game {game.name})"
        )


def game_rules(game: Game[Any, Any, Any, Any], assignments: list[str], players: int) -> Any:
    """`--rule NAME=VALUE`s checked against the game's options and resolved for the
    table, or UsageError in one line."""
    if not game.min_players <= players <= game.max_players:
        raise UsageError(
            f"{game.title} is played by {game.min_players} to {game.max_players} players,"
            f" not {players}"
        )
    try:
        return game.rules(assignments, players)
    except RulesError as e:
        raise UsageError(str(e)) from None


def game_text(name: str, transcript: dict[str, Any], ascii_style: bool) -> str:
    """The readable account of a transcript of game `name`."""
    module = _TEXT.get(name)
    if module is None:
        raise UsageError(f"the text form of {name} is not written yet; use --format json")
    text: str = importlib.import_module(module).render_text(transcript, ascii_style=ascii_style)
    return text
