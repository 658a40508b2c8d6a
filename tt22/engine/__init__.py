"""The 22 engine: rules, seeded dealing, moves, legality, views. Pure: no Textual, no
files, no clock, no environment. A match is a function of (rules, seed, moves)."""

from .cards import card_text, parse_card, parse_cards, rank, rank_value, show_card, show_ranks
from .explain import explain, forced_reason, playable_cards, selection_problem
from .moves import Exchange, Move, Play
from .rng import GENERATOR_ID, normalise_seed
from .rules import OPTION_NAMES, Rules, RulesError, parse_rule_assignments
from .seeds import MAX_SEED, fresh_seed, resolve_seed, seed_commitment, seed_problem
from .state import (
    EXCHANGE,
    OVER,
    PLAY,
    DealResult,
    DealStart,
    ExchangeRecord,
    IllegalMove,
    State,
    TrickRecord,
    apply,
    legal_moves,
    new_match,
)
from .views import PublicDeal, SeatView, view

__all__ = [
    "EXCHANGE",
    "GENERATOR_ID",
    "MAX_SEED",
    "OPTION_NAMES",
    "OVER",
    "PLAY",
    "DealResult",
    "DealStart",
    "Exchange",
    "ExchangeRecord",
    "IllegalMove",
    "Move",
    "Play",
    "PublicDeal",
    "Rules",
    "RulesError",
    "SeatView",
    "State",
    "TrickRecord",
    "apply",
    "card_text",
    "explain",
    "forced_reason",
    "fresh_seed",
    "legal_moves",
    "new_match",
    "normalise_seed",
    "parse_card",
    "parse_cards",
    "parse_rule_assignments",
    "playable_cards",
    "rank",
    "rank_value",
    "resolve_seed",
    "seed_commitment",
    "seed_problem",
    "selection_problem",
    "show_card",
    "show_ranks",
    "view",
]
