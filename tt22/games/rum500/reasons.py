"""500 Rum's and Persian Rummy's reasons: stable codes with English templates (as the
Rummy family's, tt22.games.rummy.reasons, whose shared codes these reuse where a rule is
the family's: the turn, a card not held, not a meld)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tt22.core.protocol import Reasons
from tt22.games.rummy.reasons import ENGLISH as RUMMY_ENGLISH

__all__ = ["ENGLISH", "RULES_ENGLISH", "broken", "reason", "refused"]

ENGLISH: Mapping[str, str] = MappingProxyType(
    {
        **RUMMY_ENGLISH,
        "rum500.stock_empty": "the stock is empty: take from the discard pile, or end the hand",
        "rum500.stock_left": "the stock is not empty: draw from it or take from the pile",
        "rum500.use_take": "take from the discard pile by naming the deepest card you take",
        "rum500.not_in_pile": "{card} is not in the discard pile",
        "rum500.cannot_use": "{card} could not be melded or laid off this turn",
        "rum500.must_place": "{card} came from deep in the pile: meld it or lay it off first",
        "rum500.opening_low": "an opening must be worth more than {opening} in one turn",
        "rum500.opening_unfinished": "your opening is worth {value}, not more than {opening}",
        "rum500.not_opened": "you may lay off only after your opening (more than {opening})",
        "rum500.stuck": "that would leave only {card}, which you may not discard this turn",
        "rum500.forced_take": "the stock is empty: take from the pile or end the hand",
        "rum500.must_first": "{card} came from deep in the pile: it must be placed now",
        "rum500.opening_first": "your opening is not finished: meld more first",
    }
)


RULES_ENGLISH: Mapping[str, str] = MappingProxyType(
    {
        "rum500.rules.players": "{game} is played by {low} to {high} players, not {players}",
        "rum500.rules.hand_size": "hand_size={value} leaves no card to start the discard"
        " pile with {players} players",
        "persian.rules.four_jokers": "four_jokers is 4 or 2, not {value}",
    }
)
"""The English of 500 Rum's and Persian's complaints about a table; the option parser's
are every game's (tt22.core.protocol.RULES_ENGLISH)."""


REASONS = Reasons(ENGLISH, RULES_ENGLISH)
reason = REASONS.reason
broken = REASONS.broken
refused = REASONS.refused
