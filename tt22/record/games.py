"""What the records need of each game, through the game protocol only (tt22.games).

A record's body is decoded with its game's own rules and move types, so every bound the
game's structs carry is checked while decoding, and a rule the game does not have is an
unknown field. Nothing here knows a game by name but 22, the game of every version-1
record (its own checks and messages are its game's: `Game.table_problem` and the rest).
"""

from __future__ import annotations

import functools
from typing import Any

import msgspec

from tt22.core.protocol import Game
from tt22.core.registry import DEFAULT_GAME, UnknownGame, game_names, get_game
from tt22.games.twentytwo import Move, Rules

from .errors import RecordError
from .schema import EnvelopeV2, EnvelopeV3, GameRecord

__all__ = [
    "Envelope",
    "analysed_decoder",
    "envelope_decoder",
    "format_1_game",
    "game_for",
    "game_of_rules",
    "rules_type",
]


class Envelope(msgspec.Struct, forbid_unknown_fields=True):
    """The whole file, version 1: always 22 (the format names no game), its body 22's
    rules and moves. Here with format 1's other knowledge of 22, so the schema of the
    other versions names no game."""

    format: str
    format_version: int
    record: GameRecord[Rules, Move]


def game_for(name: str) -> Game[Any, Any, Any, Any]:
    """The registered game `name`, or RecordError saying which games there are."""
    try:
        return get_game(name)
    except UnknownGame:
        raise RecordError(
            f"a record of a game this tt22 does not have ({name!r});"
            f" the games are {', '.join(game_names())}",
            "game",
        ) from None


@functools.cache
def rules_type(name: str) -> type:
    """The class of a game's rules (its default rules' type)."""
    return type(get_game(name).rules())


@functools.cache
def _names_by_rules_type(names: tuple[str, ...]) -> dict[type, str]:
    """Game names by rules type, for the games registered now (`names`: a game
    registered later, a plug-in found by its entry point, makes a new table)."""
    return {rules_type(name): name for name in names}


def game_of_rules(rules: object) -> str:
    """The game whose rules `rules` are (each game has its own rules class)."""
    if type(rules) is Rules:
        return DEFAULT_GAME
    name = _names_by_rules_type(game_names()).get(type(rules))
    if name is None:
        raise TypeError(f"{type(rules).__name__} are not the rules of a registered game")
    return name


def format_1_game() -> Game[Any, Any, Any, Any]:
    """The game of every version-1 record, the format that names no game (22's): what
    tt22.record.codec writes as format 1 when it can, and the one game 22's own
    replayer model folds (`replay_record`)."""
    return get_game(DEFAULT_GAME)


def _decoder(envelope: Any, name: str) -> Any:
    """A strict decoder of `envelope` holding game `name`'s rules and moves (each game's
    `Game.move_type`, 22's included)."""
    return msgspec.json.Decoder(envelope[rules_type(name), get_game(name).move_type])


@functools.cache
def envelope_decoder(name: str) -> msgspec.json.Decoder[EnvelopeV2[Any, Any]]:
    """A strict decoder of a version-2 file of game `name`."""
    decoder: msgspec.json.Decoder[EnvelopeV2[Any, Any]] = _decoder(EnvelopeV2, name)
    return decoder


@functools.cache
def analysed_decoder(name: str) -> msgspec.json.Decoder[EnvelopeV3[Any, Any]]:
    """A strict decoder of a version-3 file (an analysed copy) of game `name`."""
    decoder: msgspec.json.Decoder[EnvelopeV3[Any, Any]] = _decoder(EnvelopeV3, name)
    return decoder
