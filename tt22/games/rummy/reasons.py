"""The Rummy family's reasons: stable codes with English templates (see Rook's)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tt22.core.protocol import Reasons

__all__ = ["ENGLISH", "RULES_ENGLISH", "broken", "reason", "refused"]

ENGLISH: Mapping[str, str] = MappingProxyType(
    {
        "rummy.over": "the game is over",
        "rummy.not_a_move": "{kind} is not a move of this game",
        "rummy.turn": "it is seat {expected}'s turn, not seat {seat}'s",
        "rummy.not_yours": "that is a move for seat {seat}, not for you",
        "rummy.draw_first": "draw a card first, from the stock or the discard pile",
        "rummy.drawn": "you have drawn already: meld, lay off or discard",
        "rummy.source": "draw from the stock or the discard pile, not {source}",
        "rummy.pile_empty": "the discard pile is empty",
        "rummy.not_a_card": "{card} is not a card",
        "rummy.not_held": "{card} is not in your hand",
        "rummy.taken_back": "{card} was taken from the discard pile this turn",
        "rummy.not_a_meld": "{cards} is not a run or a group",
        "rummy.no_meld": "there is no meld {meld} on the table",
        "rummy.no_fit": "{card} does not extend meld {meld}",
        "rummy.keep_discard": "keep a card to discard: going out needs a final discard",
        "rummy.stuck": "that would leave only {card}, which you may not discard this turn",
        "rummy.stock_only": "the discard pile is empty: draw from the stock",
        "rummy.forced_discard": "{card} is the only card you may discard",
        "rummy.only_move": "your only move is: {move}",
        "gin.offer": "take the upcard or pass",
        "gin.stock_first": "both passed the upcard: the non-dealer draws from the stock",
        "gin.knock_high": "your deadwood would be {deadwood}; the knock limit is {limit}",
        "gin.wall": "the stock is down to {wall} cards: take the discard to knock, or pass",
        "gin.wall_knock": "you took the last discard: you must knock",
        "gin.wall_no_knock": "taking {card} would not let you knock",
    }
)


RULES_ENGLISH: Mapping[str, str] = MappingProxyType(
    {
        "rummy.rules.players": "Rummy is played by {low} to {high} players, not {players}",
        "rummy.rules.hand_size": "hand_size is 7 or 10, or 13 with 2 players, not {value}",
        "gin.rules.players": "Gin Rummy is played by {count} players, not {players}",
        "gin.rules.oklahoma_deal": "Oklahoma (knock_limit=upcard) needs deal=upcard",
        "gin.rules.spades_double_deal": "spades_double needs an upcard: deal=upcard",
    }
)
"""The English of Rummy's and Gin's complaints about a table (`for_players`,
`GinRules.resolved`); the option parser's are every game's
(tt22.core.protocol.RULES_ENGLISH)."""


REASONS = Reasons(ENGLISH, RULES_ENGLISH)
reason = REASONS.reason
broken = REASONS.broken
refused = REASONS.refused
