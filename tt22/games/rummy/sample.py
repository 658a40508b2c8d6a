"""Gin worlds from a view (OpenSpiel's ResampleFromInfostate): the unseen cards dealt
again consistently with what the seat knows (M5).

The opponent keeps the cards it is known to hold (taken from the pile and neither
discarded since nor held by us), the rest of its hand and the stock's order are drawn from
the unseen cards. Used by the sampling bot, which sees nothing else. The world's own view
for the seat is the view it came from; its transcript is not a record (a stock draw's
card is unknown there).
"""

from __future__ import annotations

from tt22.core.rng import Pcg32

from .common import MatchInfo, log_of
from .gin import HandStart, State
from .views import GinView

__all__ = ["gin_world", "known_held"]

WORLD_KEY = b"world"
"""A world's own key: only future deals use it, and a bot's rollouts stop at the hand's end."""


def known_held(view: GinView, seat: int) -> tuple[int, ...]:
    """Cards `seat` took from the pile and must still hold (not on the pile, not ours)."""
    gone = set(view.pile) | set(view.hand)
    return tuple(sorted({c for c in view.seen[seat] if c not in gone}))  # taken twice: once


def gin_world(view: GinView, rng: Pcg32) -> State:
    me, other = view.seat, 1 - view.seat
    known = known_held(view, other)
    seen = set(view.hand) | set(view.pile) | set(known)
    pool = [c for c in range(52) if c not in seen]
    rng.shuffle(pool)
    need = view.counts[other] - len(known)
    hands: list[tuple[int, ...]] = [(), ()]
    hands[me] = view.hand
    hands[other] = tuple(sorted((*known, *pool[:need])))
    s = State.__new__(State)
    s.pos = None
    s.match = MatchInfo(view.rules, 2, WORLD_KEY, view.dealer)
    s.start = HandStart(view.number, view.dealer, (), view.upcard, (), view.limit, view.double)
    s.phase = view.phase
    s.to_move = view.to_move
    s.hands = (hands[0], hands[1])
    s.stock = tuple(pool[need : need + view.stock_count])
    s.pile = view.pile
    s.taken = view.taken
    s.offer = view.offer
    s.last_chance = view.last_chance
    s.turns = view.turns
    s.step = 0
    s.seen = view.seen
    s.log = log_of(view.events)  # the public events: a stock draw's card stays unknown (None)
    s.points = view.points
    s.won = (
        sum(1 for r in view.history if r.winner == 0),
        sum(1 for r in view.history if r.winner == 1),
    )
    s.scores = view.scores
    s.history = view.history
    s.winners = view.winners
    return s
