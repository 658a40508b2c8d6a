"""`Rules`: every option of RULES.md by its option name, and how a table is checked.

`decks` and `max_set` depend on the number of players (R1, R12), so a `Rules` may leave
`decks` unset (0) until `for_players` resolves it; a resolved `Rules` is what a match,
a record and a transcript carry.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from tt22.core.protocol import RulesError

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPTION_NAMES",
    "Rules",
    "parse_rule_assignments",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 9

OPTION_NAMES = (
    "decks",
    "max_set",
    "first_hand",
    "elimination_at",
    "exchange",
    "must_beat",
    "all_out",
    "first_dealer",
)

ExchangeRule = Literal["up_to_stock", "stop_when_short"]
AllOutRule = Literal["lowest_total", "no_winner"]
FirstDealerRule = Literal["high_card"]

# Bounds that keep every match well defined: with elimination_at <= 40 the cards set
# aside as penalties can never leave fewer available cards than players still in (R9).
FIRST_HAND_RANGE = (1, 13)
ELIMINATION_RANGE = (1, 40)


class Rules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The options of RULES.md ("Option names"), defaults as stated there.

    decks = 0 means "the default for the table" (1 up to six players, 2 above); max_set
    = 0 means 4 x decks. Neither is ever 0 in a resolved `Rules`.
    """

    decks: int = 0
    max_set: int = 0
    first_hand: int = 7
    elimination_at: int = 22
    exchange: ExchangeRule = "up_to_stock"
    must_beat: bool = False
    all_out: AllOutRule = "lowest_total"
    first_dealer: FirstDealerRule = "high_card"

    def for_players(self, players: int) -> Rules:
        """This rule set resolved for a table of `players`, or RulesError saying why not."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesError(
                f"22 is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players} (R1)"
            )
        decks = self.decks or (1 if players <= 6 else 2)
        if decks not in (1, 2):
            raise RulesError(f"decks must be 1 or 2, not {decks} (R1)")
        if players > 6 and decks != 2:
            raise RulesError(f"{players} players need two decks (R1)")
        if self.max_set not in (0, 4 * decks):
            raise RulesError(f"max_set follows decks: it is {4 * decks} with {decks} deck(s) (R12)")
        lo, hi = FIRST_HAND_RANGE
        if not lo <= self.first_hand <= hi:
            raise RulesError(f"first_hand must be {lo} to {hi}, not {self.first_hand} (R9)")
        lo, hi = ELIMINATION_RANGE
        if not lo <= self.elimination_at <= hi:
            raise RulesError(f"elimination_at must be {lo} to {hi}, not {self.elimination_at} (R5)")
        return msgspec.structs.replace(self, decks=decks, max_set=4 * decks)

    def as_dict(self) -> dict[str, Any]:
        """Every option by name, in RULES.md's order (the transcript's `rules` object)."""
        return {name: getattr(self, name) for name in OPTION_NAMES}


_CHOICES: dict[str, tuple[str, ...]] = {
    "exchange": ("up_to_stock", "stop_when_short"),
    "all_out": ("lowest_total", "no_winner"),
    "first_dealer": ("high_card",),
}


def _parse_value(name: str, text: str) -> int | bool | str:
    if name in _CHOICES:
        if text not in _CHOICES[name]:
            raise RulesError(
                f"{name} must be one of {', '.join(_CHOICES[name])}, not {_shown(text)}"
            )
        return text
    if name == "must_beat":
        low = text.lower()
        if low in ("true", "yes", "1", "on"):
            return True
        if low in ("false", "no", "0", "off"):
            return False
        raise RulesError(f"must_beat must be true or false, not {_shown(text)}")
    # ASCII digits only: int() would take "٣" (an Arabic-Indic 3), "1_0" and " 7 ".
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 6):
        raise RulesError(f"{name} must be a whole number, not {_shown(text)}")
    return int(text)


def _shown(text: str) -> str:
    """`text` quoted for an error line, cut so a huge argument cannot flood it."""
    return repr(text if len(text) <= 40 else text[:40] + "…")


def parse_rule_assignments(assignments: list[str], base: Rules | None = None) -> Rules:
    """`["must_beat=true", "decks=2"]` -> Rules; unknown names and values raise RulesError."""
    values: dict[str, Any] = {}
    for item in assignments:
        name, sep, text = item.partition("=")
        name = name.strip()
        if not sep:
            raise RulesError(f"a rule is NAME=VALUE, not {_shown(item)}")
        if name not in OPTION_NAMES:
            raise RulesError(
                f"unknown rule {_shown(name)}; the rules are {', '.join(OPTION_NAMES)}"
            )
        values[name] = _parse_value(name, text.strip())
    return msgspec.structs.replace(base or Rules(), **values)
