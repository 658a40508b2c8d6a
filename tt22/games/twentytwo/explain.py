"""Reasons a player is given: why a move is illegal, why a choice is forced, and which
cards can take part in some legal play. The interface asks these; it never decides.

`why_forced` and `why_refused` answer with a `Reason` (tt22.games.twentytwo.reasons),
which an interface says in its player's language; `forced_reason`, `selection_problem`
and `explain` are the same answers in English (the rule number last: "... (R13)."), for
the command line, tests and the names re-exported for one release (tests/core/test_shims.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from tt22.core.cards import CODE, show_ranks
from tt22.core.protocol import IllegalMove, Reason

from .legality import can_beat
from .moves import Move, Play
from .reasons import line, reason
from .state import State, apply
from .views import SeatView

__all__ = [
    "explain",
    "forced_reason",
    "playable_cards",
    "selection_problem",
    "why_forced",
    "why_refused",
]


def explain(state: State, move: Move) -> str | None:
    """None when `move` is legal now, else the reason with its rule number."""
    try:
        apply(state, move)
    except IllegalMove as e:
        return str(e)
    return None


def why_forced(v: SeatView) -> Reason | None:
    """When this seat's choice is forced, why ("you cannot beat K-Q-10, so you play your
    three lowest cards"); None when the seat has a real choice."""
    if not v.my_turn or not v.playing or not v.plays:
        return None
    best = v.best_desc
    k = len(best)
    if not can_beat(v.hand, best):
        return reason("twentytwo.cannot_beat", "R13", best=show_ranks(best), count=k)
    moves = v.legal_moves()
    if len(moves) == 1:
        if v.rules.must_beat:
            return reason("twentytwo.must_beat_one", "R13", best=show_ranks(best))
        return reason("twentytwo.only_one", "R13")
    if v.rules.must_beat:
        return reason("twentytwo.must_beat", "R13", best=show_ranks(best))
    return None


def forced_reason(v: SeatView) -> str | None:
    """`why_forced` in English, as a sentence ("You cannot beat A, so you play your
    lowest card (R13).")."""
    why = why_forced(v)
    return None if why is None else line(why)


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


def why_refused(v: SeatView, cards: Sequence[int]) -> Reason | None:
    """Why playing (or, in the exchange, discarding) `cards` now would be illegal, judged
    from the view alone; None when it is legal. The cards are the seat's own."""
    if not v.my_turn:
        return reason("twentytwo.not_your_turn", "")
    if v.exchanging:
        if len(cards) > v.stock_size and v.rules.exchange == "up_to_stock":
            return reason("twentytwo.stock_short", "R11", count=len(cards), stock=v.stock_size)
        return None
    if not cards:
        return reason("twentytwo.choose", "")
    ranks = sorted(((c >> 2) for c in cards), reverse=True)
    if not v.plays:
        if len(cards) > 1 and ranks[0] != ranks[-1]:
            return reason("twentytwo.lead_one_rank", "R12")
        if len(cards) > v.rules.max_set:
            return reason("twentytwo.lead_too_many", "R12", max_set=v.rules.max_set)
        if len(cards) >= len(v.hand):
            return reason("twentytwo.lead_keep_one", "R12")
        return None
    k = len(v.best_desc)
    if len(cards) != k:
        return reason("twentytwo.select_count", "R13", count=k)
    for m in v.legal_moves():
        assert isinstance(m, Play)
        if sorted((CODE[t] >> 2 for t in m.cards), reverse=True) == ranks:
            return None
    best = show_ranks(v.best_desc)
    lowest = sorted((c >> 2 for c in v.hand[:k]), reverse=True)
    if ranks == lowest:
        return reason("twentytwo.must_beat", "R13", best=best)
    return reason("twentytwo.neither", "R13", ranks=show_ranks(ranks), best=best, count=k)


def selection_problem(v: SeatView, cards: Sequence[int]) -> str | None:
    """`why_refused` in English, as a sentence ("A lead is at most 4 cards (R12).")."""
    why = why_refused(v, cards)
    return None if why is None else line(why)
