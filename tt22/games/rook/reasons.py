"""Rook's reasons: stable codes with English templates. The engine raises a `Reason`
(code, rule, args); the command line prints the English below, an interface looks the
code up in its own catalogue (ko, ja) and fills in the same arguments."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tt22.core.protocol import Reasons

__all__ = ["ENGLISH", "RULES_ENGLISH", "broken", "reason", "refused"]

ENGLISH: Mapping[str, str] = MappingProxyType(
    {
        "rook.over": "the game is over",
        "rook.not_a_move": "{kind} is not a Rook move",
        "rook.turn": "it is seat {expected}'s turn, not seat {seat}'s",
        "rook.not_yours": "that is a move for seat {seat}, not for you",
        "rook.phase": "that is a move of {wanted}, but now is {now}",
        "rook.phase_over": "{wanted} is over: now is {now}",
        "rook.no_piles": "only the 2-player game chooses piles",
        "rook.not_a_card": "{card} is not a card of this deck",
        "rook.pile_range": "the piles are 0, 1 and 2, not {pile}",
        "rook.pile_taken": "pile {pile} is already taken",
        "rook.must_open": "the first player must open the bidding with at least {min_bid}",
        "rook.bid_step": "a bid is a multiple of {step}, not {points}",
        "rook.bid_open_low": "the opening bid is at least {min_bid}, not {points}",
        "rook.bid_not_higher": "a bid must be higher than {high}, not {points}",
        "rook.bid_cap": "a bid is at most {cap}, the points in the deck, not {points}",
        "rook.nest_size": "put back exactly 5 cards, not {count}",
        "rook.nest_not_held": "{card} is not in your hand",
        "rook.nest_twice": "{card} is named twice",
        "rook.trump_suit": "trump is one of S, H, D or C, not {suit}",
        "rook.not_held": "{card} is not in the hand on turn",
        "rook.follow_suit": "you must follow the suit led ({suit}) while you hold it",
        "rook.rook_forced": "trump was led and your only trump is the Rook: you must play it",
        # forced choices (the seat has one legal move)
        "rook.forced_open": "you open the bidding: you must bid at least {min_bid}",
        "rook.forced_pass": "no higher bid is possible: you pass",
        "rook.forced_follow": "you must follow the suit led ({suit}) and hold only one such card",
        "rook.forced_last": "it is the last card of the hand",
    }
)

PHASE_WORDS = ("choosing piles", "the bidding", "the nest", "naming trump", "the play", "the end")


RULES_ENGLISH: Mapping[str, str] = MappingProxyType(
    {
        "rook.rules.players": "Rook is played by {low} to {high} players, not {players}",
        "rook.rules.bid_step": "bid_step must be a multiple of 5 from 5 to {high}, not {value}",
        "rook.rules.min_bid": (
            "min_bid must be a multiple of bid_step ({step}) from {step} to {high}, not {value}"
        ),
    }
)
"""The English of Rook's complaints about a table (`RookRules.for_players`); the others
are every game's (tt22.core.protocol.RULES_ENGLISH: the target's range, say)."""


REASONS = Reasons(ENGLISH, RULES_ENGLISH)
reason = REASONS.reason
broken = REASONS.broken
refused = REASONS.refused
