"""Twenty-Two (22): rules, seeded dealing, moves, legality, views, and the game as the
protocol sees it (`TWENTYTWO`). Pure: no Textual, no files, no clock, no environment. A
match is a function of (rules, seed, moves); the shared pieces (cards, RNG, seeds,
players, `IllegalMove`, `RulesError`) are tt22.core's.
"""

from .cards import rank_value
from .explain import (
    explain,
    forced_reason,
    playable_cards,
    selection_problem,
    why_forced,
    why_refused,
)
from .game import TWENTYTWO, TwentyTwo
from .moves import Exchange, Move, Play
from .rules import OPTION_NAMES, Rules, parse_rule_assignments
from .state import (
    EXCHANGE,
    OVER,
    PLAY,
    DealResult,
    DealStart,
    ExchangeRecord,
    State,
    TrickRecord,
    apply,
    legal_moves,
    new_match,
)
from .views import PublicDeal, SeatView, view

__all__ = [
    "EXCHANGE",
    "OPTION_NAMES",
    "OVER",
    "PLAY",
    "TWENTYTWO",
    "DealResult",
    "DealStart",
    "Exchange",
    "ExchangeRecord",
    "Move",
    "Play",
    "PublicDeal",
    "Rules",
    "SeatView",
    "State",
    "TrickRecord",
    "TwentyTwo",
    "apply",
    "explain",
    "forced_reason",
    "legal_moves",
    "new_match",
    "parse_rule_assignments",
    "playable_cards",
    "rank_value",
    "selection_problem",
    "view",
    "why_forced",
    "why_refused",
]
