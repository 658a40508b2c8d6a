"""The Rummy family's options (RUMMY.md "Option names") and how a table is checked.

Gin's `undercut_bonus`, `target` and `spades_double` depend on `knock_limit` (G9: Oklahoma
plays to 150 with an undercut bonus of 20 and doubled spades hands), so they may be unset
until `resolved` fills them in; a resolved rule set is what a match and a record carry.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from tt22.core.protocol import Option, parse_assignments

from .reasons import refused

__all__ = ["GIN_OPTIONS", "RUMMY_OPTIONS", "GinRules", "RummyRules"]

RUMMY_OPTIONS: tuple[Option, ...] = (
    Option(
        "hand_size",
        "int",
        7,
        "M7",
        "cards dealt to each: 7, 10 (2-4 players) or 13 (2)",
        low=7,
        high=13,
    ),
    Option(
        "final_discard",
        "choice",
        "optional",
        "M8",
        "whether going out needs a final discard",
        choices=("optional", "required"),
    ),
    Option(
        "max_reshuffles",
        "int",
        3,
        "M9",
        "reshuffles of the discards before a hand is void",
        low=0,
        high=100,
    ),
    Option("max_turns", "int", 200, "M9", "turns before a hand is void", low=1, high=10000),
    Option("target", "int", 100, "M10", "the penalty total that ends the game", low=1, high=10000),
    Option(
        "ace",
        "choice",
        "low_or_high",
        "M2",
        "an ace in a run: low or high, or low only",
        choices=("low_or_high", "low"),
    ),
)

KNOCK_LIMITS = (*(str(i) for i in range(11)), "upcard")

GIN_OPTIONS: tuple[Option, ...] = (
    Option(
        "deal",
        "choice",
        "upcard",
        "G1",
        "10 cards and an upcard, or 11 to the non-dealer",
        choices=("upcard", "eleven"),
    ),
    Option(
        "undercut_bonus",
        "int",
        None,
        "G6",
        "the undercut bonus: 25; 20 in Oklahoma (G9)",
        low=0,
        high=1000,
    ),
    Option("gin_bonus", "int", 25, "G6", "the gin bonus", low=0, high=1000),
    Option("wall", "int", 0, "G7", "stock cards left when the hand is void", low=0, high=20),
    Option("max_turns", "int", 200, "G7", "turns before a hand is void", low=1, high=10000),
    Option(
        "target",
        "int",
        None,
        "G8",
        "the points that win: 100; 150 in Oklahoma (G9)",
        low=1,
        high=10000,
    ),
    Option("hand_bonus", "int", 20, "G8", "the end bonus for each hand won", low=0, high=1000),
    Option("game_bonus", "int", 100, "G8", "the winner's end bonus", low=0, high=1000),
    Option(
        "shutout_bonus",
        "int",
        100,
        "G8",
        "the bonus when the loser scored nothing",
        low=0,
        high=1000,
    ),
    Option(
        "knock_limit",
        "choice",
        "10",
        "G9",
        "the most deadwood to knock with, or the upcard",
        choices=KNOCK_LIMITS,
    ),
    Option(
        "spades_double",
        "bool",
        None,
        "G9",
        "a spade upcard doubles the hand: true in Oklahoma, else false",
    ),
)


class RummyRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """RUMMY.md's Rummy options (M2, M7-M10)."""

    hand_size: int = 7
    final_discard: str = "optional"
    max_reshuffles: int = 3
    max_turns: int = 200
    target: int = 100
    ace: str = "low_or_high"

    @property
    def ace_high(self) -> bool:
        return self.ace == "low_or_high"

    def for_players(self, players: int) -> RummyRules:
        if not 2 <= players <= 4:
            raise refused("rummy.rules.players", "M7", low=2, high=4, players=players)
        if self.hand_size not in (7, 10, 13) or (self.hand_size == 13 and players != 2):
            raise refused("rummy.rules.hand_size", "M7", value=self.hand_size)
        return self

    def as_dict(self) -> dict[str, Any]:
        return {o.name: getattr(self, o.name) for o in RUMMY_OPTIONS}


class GinRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """RUMMY.md's Gin options (G1-G9); None means "as `knock_limit` says" (G9)."""

    deal: str = "upcard"
    undercut_bonus: int | None = None
    gin_bonus: int = 25
    wall: int = 0
    max_turns: int = 200
    target: int | None = None
    hand_bonus: int = 20
    game_bonus: int = 100
    shutout_bonus: int = 100
    knock_limit: str = "10"
    spades_double: bool | None = None

    @property
    def oklahoma(self) -> bool:
        return self.knock_limit == "upcard"

    def resolved(self) -> GinRules:
        okla = self.oklahoma
        if okla and self.deal != "upcard":
            raise refused("gin.rules.oklahoma_deal", "G9")
        if self.spades_double and self.deal != "upcard":
            raise refused("gin.rules.spades_double_deal", "G9")
        return msgspec.structs.replace(
            self,
            undercut_bonus=(20 if okla else 25)
            if self.undercut_bonus is None
            else self.undercut_bonus,
            target=(150 if okla else 100) if self.target is None else self.target,
            spades_double=okla if self.spades_double is None else self.spades_double,
        )

    def for_players(self, players: int) -> GinRules:
        if players != 2:
            raise refused("gin.rules.players", "G1", count=2, players=players)
        return self.resolved()

    def as_dict(self) -> dict[str, Any]:
        return {o.name: getattr(self, o.name) for o in GIN_OPTIONS}


def parse_rummy(assignments: Sequence[str]) -> RummyRules:
    return msgspec.structs.replace(RummyRules(), **parse_assignments(assignments, RUMMY_OPTIONS))


def parse_gin(assignments: Sequence[str]) -> GinRules:
    return msgspec.structs.replace(GinRules(), **parse_assignments(assignments, GIN_OPTIONS))
