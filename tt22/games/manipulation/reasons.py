"""Manipulation Rummy's reasons: stable codes with English templates (see Rummy's).

A meld's complaint names the meld by its place in the proposed table, `meld` from 0 (what
an interface points at) and `number` from 1 (what a person reads), and its cards."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tt22.core.protocol import Reasons

__all__ = ["ENGLISH", "RULES_ENGLISH", "broken", "reason", "refused"]

ENGLISH: Mapping[str, str] = MappingProxyType(
    {
        "manipulation.over": "the game is over",
        "manipulation.not_a_move": "{kind} is not a move of this game",
        "manipulation.turn": "it is seat {expected}'s turn, not seat {seat}'s",
        "manipulation.not_yours": "that is a move for seat {seat}, not for you",
        "manipulation.not_a_card": "{card} is not a card",
        "manipulation.no_card": "a play puts at least one card from your hand on the table",
        "manipulation.not_held": "{card} is not in your hand ({count} asked, {held} held)",
        "manipulation.went_back": "{cards} would go back to a hand: every card on the table "
        "stays on it",
        "manipulation.extra": "{cards} is neither on the table nor among the cards you play",
        "manipulation.meld_short": "meld {number} ({cards}): a meld needs at least 3 cards",
        "manipulation.group_suits": "meld {number} ({cards}): a group needs different suits",
        "manipulation.run_sequence": "meld {number} ({cards}): a run needs 3 cards in sequence",
        "manipulation.run_corner": "meld {number} ({cards}): a run never goes round the "
        "corner (K-A-2)",
        "manipulation.meld_mixed": "meld {number} ({cards}): a meld is one rank (a group) or "
        "one suit (a run)",
        "manipulation.stock_empty": "the stock is empty: play or pass",
        "manipulation.stock_left": "the stock is not empty: play or draw",
        "manipulation.opening_low": "your first play places {points} points from your hand; "
        "it needs {opening}",
        "manipulation.opening_kept": "before your first play you may not rearrange the "
        "table's melds: add melds of your own cards",
        "manipulation.must_draw": "no card of your hand can go on the table: draw",
        "manipulation.must_pass": "the stock is empty and no card of your hand can go on the "
        "table: pass",
    }
)

RULES_ENGLISH: Mapping[str, str] = MappingProxyType(
    {
        "manipulation.rules.players": "Manipulation Rummy is played by {low} to {high} "
        "players, not {players}",
        "manipulation.rules.hand_size": "with {players} players hand_size is at most {high}, "
        "not {value}",
    }
)
"""The English of Manipulation's complaints about a table (`for_players`); the option
parser's are every game's (tt22.core.protocol.RULES_ENGLISH)."""


REASONS = Reasons(ENGLISH, RULES_ENGLISH)
reason = REASONS.reason
words = REASONS.words
broken = REASONS.broken
raise_reason = REASONS.raise_reason
refused = REASONS.refused
