"""The options of 500 Rum and Persian Rummy (RUMMY.md "Option names") and how a table is
checked. Each game has its own rules class (a record's rules name its game)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from tt22.core.protocol import Option, parse_assignments

from .reasons import refused

__all__ = ["PERSIAN_OPTIONS", "RUM500_OPTIONS", "PersianRules", "Rum500Rules"]

_SHARED: tuple[Option, ...] = (
    Option(
        "opening",
        "int",
        30,
        "F5",
        "a first meld (one turn) must be worth more than this",
        low=0,
        high=500,
    ),
    Option("target", "int", 500, "F9", "the points that win", low=1, high=100000),
    Option("max_turns", "int", 200, "F9", "turns before a hand is void", low=1, high=10000),
)

RUM500_OPTIONS: tuple[Option, ...] = (
    Option(
        "hand_size",
        "int",
        None,
        "F1",
        "cards dealt to each: 13 with 2 players, 7 with 3 or 4",
        low=3,
        high=20,
    ),
    *_SHARED,
)

PERSIAN_OPTIONS: tuple[Option, ...] = (
    Option("hand_size", "int", 7, "P2", "cards dealt to each", low=3, high=13),
    _SHARED[0],
    Option(
        "target",
        "int",
        500,
        "P7",
        "a side reaching this ends the game before the second deal",
        low=1,
        high=100000,
    ),
    _SHARED[2],
    Option(
        "four_jokers",
        "int",
        4,
        "P4",
        "four jokers put down at once score 4 times; 2: any four of a kind doubles",
        low=2,
        high=4,
    ),
    Option("out_bonus", "int", 25, "P5", "the side of the player going out scores", high=1000),
    Option("game_bonus", "int", 50, "P7", "the side winning the two deals scores", high=1000),
)


class Rum500Rules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """RUMMY.md's 500 Rum options (F1, F5, F9); `hand_size` None: as F1 says."""

    hand_size: int | None = None
    opening: int = 30
    target: int = 500
    max_turns: int = 200

    @property
    def persian(self) -> bool:
        return False

    def for_players(self, players: int) -> Rum500Rules:
        if not 2 <= players <= 4:
            raise refused(
                "rum500.rules.players", "F1", game="500 Rum", low=2, high=4, players=players
            )
        size = self.hand_size if self.hand_size is not None else 13 if players == 2 else 7
        if size * players >= 52:
            raise refused("rum500.rules.hand_size", "F1", value=size, players=players)
        return msgspec.structs.replace(self, hand_size=size)

    def as_dict(self) -> dict[str, Any]:
        return {o.name: getattr(self, o.name) for o in RUM500_OPTIONS}


class PersianRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """RUMMY.md's Persian Rummy options (P2, P4, P5, P7, and F5, F9's)."""

    hand_size: int = 7
    opening: int = 30
    target: int = 500
    max_turns: int = 200
    four_jokers: int = 4
    out_bonus: int = 25
    game_bonus: int = 50

    @property
    def persian(self) -> bool:
        return True

    def for_players(self, players: int) -> PersianRules:
        if players != 4:
            raise refused(
                "rum500.rules.players", "P2", game="Persian Rummy", low=4, high=4, players=players
            )
        if self.four_jokers not in (2, 4):
            raise refused("persian.rules.four_jokers", "P4", value=self.four_jokers)
        if self.hand_size * players >= 56:
            raise refused("rum500.rules.hand_size", "P2", value=self.hand_size, players=players)
        return self

    def as_dict(self) -> dict[str, Any]:
        return {o.name: getattr(self, o.name) for o in PERSIAN_OPTIONS}


def parse_rum500(assignments: Sequence[str]) -> Rum500Rules:
    return msgspec.structs.replace(Rum500Rules(), **parse_assignments(assignments, RUM500_OPTIONS))


def parse_persian(assignments: Sequence[str]) -> PersianRules:
    return msgspec.structs.replace(
        PersianRules(), **parse_assignments(assignments, PERSIAN_OPTIONS)
    )
