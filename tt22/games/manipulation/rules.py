"""Manipulation Rummy's options (RUMMY.md "Option names": `hand_size`, `opening`,
`target`) and how a table is checked (X2)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from tt22.core.protocol import Option, parse_assignments

from .reasons import refused

__all__ = ["OPTIONS", "ManipulationRules", "parse_rules"]

MIN_PLAYERS, MAX_PLAYERS = 2, 5
MIN_STOCK = 20
"""A deal leaves at least this many cards in the stock (X2 says 7 cards each for 2 to 5
players, 35 at most of 104; a bigger `hand_size` is refused when the stock would be
thinner than this)."""

OPTIONS: tuple[Option, ...] = (
    Option("hand_size", "int", 7, "X2", "cards dealt to each", low=1, high=30),
    Option(
        "opening",
        "int",
        0,
        "X5",
        "points (counted as M3) a seat's first play must place from its hand; 0: none",
        low=0,
        high=200,
    ),
    Option("target", "int", 100, "X8", "the penalty total that ends the game", low=1, high=10000),
)


class ManipulationRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """RUMMY.md's Manipulation options (X2, X5, X8)."""

    hand_size: int = 7
    opening: int = 0
    target: int = 100

    def for_players(self, players: int) -> ManipulationRules:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise refused(
                "manipulation.rules.players",
                "X2",
                low=MIN_PLAYERS,
                high=MAX_PLAYERS,
                players=players,
            )
        high = (104 - MIN_STOCK) // players
        if self.hand_size > high:
            raise refused(
                "manipulation.rules.hand_size",
                "X2",
                players=players,
                high=high,
                value=self.hand_size,
            )
        return self

    def as_dict(self) -> dict[str, Any]:
        return {o.name: getattr(self, o.name) for o in OPTIONS}


def parse_rules(assignments: Sequence[str]) -> ManipulationRules:
    return msgspec.structs.replace(ManipulationRules(), **parse_assignments(assignments, OPTIONS))
