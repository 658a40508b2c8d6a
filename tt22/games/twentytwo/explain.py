"""Reasons in a player's words: why a move is illegal, why a choice is forced, and which
cards can take part in some legal play. The interface asks these; it never decides."""

from __future__ import annotations

from collections.abc import Sequence

from tt22.core.cards import CODE, show_ranks
from tt22.core.protocol import IllegalMove

from .cards import lowest_cards_words
from .legality import can_beat
from .moves import Move, Play
from .state import State, apply
from .views import SeatView

__all__ = ["explain", "forced_reason", "playable_cards", "selection_problem"]


def explain(state: State, move: Move) -> str | None:
    """None when `move` is legal now, else the reason with its rule number."""
    try:
        apply(state, move)
    except IllegalMove as e:
        return str(e)
    return None


def forced_reason(v: SeatView) -> str | None:
    """When this seat's choice is forced, say why ("you cannot beat K-Q-10, so you play
    your three lowest cards"); None when the seat has a real choice."""
    if not v.my_turn or not v.playing or not v.plays:
        return None
    best = v.best_desc
    k = len(best)
    if not can_beat(v.hand, best):
        return f"You cannot beat {show_ranks(best)}, so you play {lowest_cards_words(k)} (R13)."
    moves = v.legal_moves()
    if len(moves) == 1:
        if v.rules.must_beat:
            return f"House rule: you can beat {show_ranks(best)}, and only one play does it (R13)."
        return "Only one play is possible here (R13)."
    if v.rules.must_beat:
        return f"House rule: you can beat {show_ranks(best)}, so you must (R13)."
    return None


def playable_cards(v: SeatView) -> frozenset[int]:
    """Cards of the hand that belong to at least one legal move now (any suit of a rank
    that some legal move uses). Empty when it is not this seat's turn."""
    moves = v.legal_moves()
    if not moves:
        return frozenset()
    if v.exchanging:
        return frozenset(v.hand)
    ranks: set[int] = set()
    for m in moves:
        assert isinstance(m, Play)
        ranks.update(CODE[t] >> 2 for t in m.cards)
    return frozenset(c for c in v.hand if c >> 2 in ranks)


def selection_problem(v: SeatView, cards: Sequence[int]) -> str | None:
    """Why playing `cards` now would be illegal, judged from the view alone."""
    if not v.my_turn:
        return "It is not your turn."
    if v.exchanging:
        if len(cards) > v.stock_size and v.rules.exchange == "up_to_stock":
            return (
                f"You cannot discard {len(cards)} cards: the stock holds only {v.stock_size} (R11)."
            )
        return None
    if not cards:
        return "Choose the cards to play."
    ranks = sorted(((c >> 2) for c in cards), reverse=True)
    if not v.plays:
        if len(cards) > 1 and ranks[0] != ranks[-1]:
            return "A lead of several cards must all be one rank (R12)."
        if len(cards) > v.rules.max_set:
            return f"A lead is at most {v.rules.max_set} cards (R12)."
        if len(cards) >= len(v.hand):
            return "The leader must keep at least one card (R12)."
        return None
    k = len(v.best_desc)
    if len(cards) != k:
        return f"Play exactly {k} card{'s' if k > 1 else ''}, as many as were led (R13)."
    for m in v.legal_moves():
        assert isinstance(m, Play)
        if sorted((CODE[t] >> 2 for t in m.cards), reverse=True) == ranks:
            return None
    lowest = sorted((c >> 2 for c in v.hand[:k]), reverse=True)
    if ranks == lowest:
        return f"House rule: you can beat {show_ranks(v.best_desc)}, so you must (R13)."
    best = show_ranks(v.best_desc)
    return f"{show_ranks(ranks)} neither beats {best} nor is {lowest_cards_words(k)} (R13)."
