"""Gin and Rummy worlds from a view (OpenSpiel's ResampleFromInfostate): the unseen cards
dealt again consistently with what the seat knows (M5).

Every other seat keeps the cards it is known to hold (taken from the pile and neither
put down since nor held by us), the rest of its hand and the stock's order are drawn from
the unseen cards. Used by Gin's sampling bot and the analysis, which see nothing else
(`Game.resample`). The world's own view for the seat is the view it came from (a Rummy
world's bar the earlier hands, which a playout never reaches back to); its transcript is
not a record (a stock draw's card is unknown there).
"""

from __future__ import annotations

from tt22.core.rng import Pcg32

from .common import MatchInfo, log_of
from .gin import HandStart, State
from .rummy import HandStart as RummyHandStart
from .rummy import State as RummyState
from .views import GinView, RummyView

__all__ = ["gin_world", "known_held", "rummy_world"]

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


def _rummy_known_held(view: RummyView) -> list[list[int]]:
    """Per seat, the cards the table saw it take from the pile this hand and not put
    down since (discarded, melded or laid off), in the hand's order of events: a card
    taken, thrown back and taken again is its last taker's; the view's own seat holds
    its hand."""
    holder: dict[int, int] = {}
    for seat, kind, data in view.events:
        if kind == "pile":
            holder[data] = seat
        elif kind in ("discard", "knock"):
            holder.pop(data, None)
        elif kind == "meld":
            for c in data:
                holder.pop(c, None)
        elif kind == "layoff":
            holder.pop(data[0], None)
    out: list[list[int]] = [[] for _ in range(view.players)]
    for card, seat in holder.items():
        if seat != view.seat:
            out[seat].append(card)
    out[view.seat] = list(view.hand)
    return [sorted(cards) for cards in out]


def rummy_world(view: RummyView, rng: Pcg32) -> RummyState:
    """A Rummy state the view's seat cannot tell from the real one this hand: every
    other seat keeps the cards it took from the pile and still holds, the rest of its
    hand and the stock are dealt from the cards the seat has not seen (M5). Earlier
    hands are left out of the history and later deals come from a key of the world's
    own: a playout stops at the hand's end."""
    n = view.players
    known = _rummy_known_held(view)
    gone = {c for cs in known for c in cs} | set(view.pile)
    gone.update(c for _, cards in view.table for c in cards)
    pool = [c for c in range(52) if c not in gone]
    rng.shuffle(pool)
    hands: list[tuple[int, ...]] = []
    at = 0
    for seat in range(n):
        need = view.counts[seat] - len(known[seat])
        hands.append(tuple(sorted((*known[seat], *pool[at : at + need]))))
        at += need
    s = RummyState.__new__(RummyState)
    s.pos = None
    s.match = MatchInfo(view.rules, n, WORLD_KEY, view.dealer)
    s.start = RummyHandStart(view.number, view.dealer, (), -1, ())
    s.phase = view.phase
    s.to_move = view.to_move
    s.hands = tuple(hands)
    s.stock = tuple(pool[at : at + view.stock_count])
    s.pile = view.pile
    s.table = view.table
    s.taken = view.taken
    s.step = 0
    s.seen = view.seen
    s.reshuffles = view.reshuffles
    s.turns = view.turns
    s.log = log_of(view.events)
    s.scores = view.scores
    s.history = ()
    s.winners = view.winners
    return s
