"""`Rules`: every option of RULES.md by its option name, and how a table is checked.

`decks` and `max_set` depend on the number of players (R1, R12), so a `Rules` may leave
`decks` unset (0) until `for_players` resolves it; a resolved `Rules` is what a match,
a record and a transcript carry.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from tt22.core.protocol import RULES_ENGLISH, Reason, RulesError, rules_error

from .reasons import rules_error as refused

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
            raise refused(
                "twentytwo.rules.players", "R1", low=MIN_PLAYERS, high=MAX_PLAYERS, players=players
            )
        decks = self.decks or (1 if players <= 6 else 2)
        if decks not in (1, 2):
            raise refused("twentytwo.rules.decks", "R1", decks=decks)
        if players > 6 and decks != 2:
            raise refused("twentytwo.rules.two_decks", "R1", players=players)
        if self.max_set not in (0, 4 * decks):
            raise refused("twentytwo.rules.max_set", "R12", size=4 * decks, decks=decks)
        lo, hi = FIRST_HAND_RANGE
        if not lo <= self.first_hand <= hi:
            raise refused(
                "twentytwo.rules.first_hand", "R9", low=lo, high=hi, value=self.first_hand
            )
        lo, hi = ELIMINATION_RANGE
        if not lo <= self.elimination_at <= hi:
            raise refused(
                "twentytwo.rules.elimination_at", "R5", low=lo, high=hi, value=self.elimination_at
            )
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
            choices = ", ".join(_CHOICES[name])
            raise _complaint("rules.one_of", name=name, choices=choices, value=_cut(text))
        return text
    if name == "must_beat":
        low = text.lower()
        if low in ("true", "yes", "1", "on"):
            return True
        if low in ("false", "no", "0", "off"):
            return False
        raise _complaint("rules.boolean", name=name, value=_cut(text))
    # ASCII digits only: int() would take "٣" (an Arabic-Indic 3), "1_0" and " 7 ".
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 6):
        raise _complaint("rules.whole_number", name=name, value=_cut(text))
    return int(text)


def _complaint(code: str, **args: str) -> RulesError:
    """One of the option parser's complaints every game shares (no rule number)."""
    return rules_error(Reason(code, "", tuple(args.items())), RULES_ENGLISH)


def _cut(text: str) -> str:
    """`text` cut for an error line, so a huge argument cannot flood it (the message
    quotes it)."""
    return text if len(text) <= 40 else text[:40] + "…"


def parse_rule_assignments(assignments: list[str], base: Rules | None = None) -> Rules:
    """`["must_beat=true", "decks=2"]` -> Rules; unknown names and values raise RulesError."""
    values: dict[str, Any] = {}
    for item in assignments:
        name, sep, text = item.partition("=")
        name = name.strip()
        if not sep:
            raise _complaint("rules.assignment", text=_cut(item))
        if name not in OPTION_NAMES:
            raise _complaint("rules.unknown", name=_cut(name), known=", ".join(OPTION_NAMES))
        values[name] = _parse_value(name, text.strip())
    return msgspec.structs.replace(base or Rules(), **values)
