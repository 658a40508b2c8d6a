"""Rook's options (ROOK.md "Option names") and how a table is checked.

`min_bid` and `target` depend on the number of players (K8, K20-K22), so they may be 0
("the table's default") until `for_players` resolves them; a resolved rule set is what a
match, a record and a transcript carry, as with 22's `Rules`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from tt22.core.protocol import Option, parse_assignments

from .reasons import refused

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "OPTIONS", "RookRules", "deck_points", "parse_rules"]

MIN_PLAYERS = 2
MAX_PLAYERS = 4
TARGET_RANGE = (1, 1000)


def deck_points(players: int) -> int:
    """K4: the 4-player deck holds 120 points, the small deck 100. Also the bid cap (K8)."""
    return 120 if players == 4 else 100


OPTIONS: tuple[Option, ...] = (
    Option(
        "min_bid",
        "int",
        None,
        "K8",
        "the lowest opening bid: 70 with 4 players, 50 with 2-3",
        low=5,
        high=120,
    ),
    Option("bid_step", "int", 5, "K8", "bids are multiples of this", low=5, high=120),
    Option(
        "target",
        "int",
        None,
        "K18",
        "the score that ends the game: 300; 200 with 3 players",
        low=TARGET_RANGE[0],
        high=TARGET_RANGE[1],
    ),
)
OPTION_NAMES = tuple(o.name for o in OPTIONS)


class RookRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """ROOK.md's options; 0 for `min_bid` or `target` means the table's default."""

    min_bid: int = 0
    bid_step: int = 5
    target: int = 0

    def for_players(self, players: int) -> RookRules:
        """This rule set resolved for `players`, or RulesError saying why not."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise refused(
                "rook.rules.players", "K1", low=MIN_PLAYERS, high=MAX_PLAYERS, players=players
            )
        cap = deck_points(players)
        step = self.bid_step
        if step < 5 or step % 5 or step > cap:
            raise refused("rook.rules.bid_step", "K8", high=cap, value=step)
        min_bid = self.min_bid or (70 if players == 4 else 50)
        if min_bid % step or not step <= min_bid <= cap:
            raise refused("rook.rules.min_bid", "K8", step=step, high=cap, value=min_bid)
        target = self.target or (200 if players == 3 else 300)
        lo, hi = TARGET_RANGE
        if not lo <= target <= hi:
            raise refused("rules.range", "K18", name="target", low=lo, high=hi, value=target)
        return RookRules(min_bid=min_bid, bid_step=step, target=target)

    def as_dict(self) -> dict[str, Any]:
        """Every option by name, in ROOK.md's order (records and the transcript)."""
        return {name: getattr(self, name) for name in OPTION_NAMES}


def parse_rules(assignments: Sequence[str], base: RookRules | None = None) -> RookRules:
    """`["min_bid=80"]` -> RookRules; unknown names and bad values raise RulesError."""
    values = parse_assignments(assignments, OPTIONS)
    return msgspec.structs.replace(base or RookRules(), **values)
