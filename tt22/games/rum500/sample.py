"""Worlds from a view (OpenSpiel's ResampleFromInfostate): the unseen cards dealt again
consistently with what the seat knows (M5, P8), for determinizing bots.

Each other seat keeps the cards it is known to hold: those it took from the pile (a take
is public, F4) and has not melded, laid off or discarded since. The rest of each hand and
the stock come from the cards this seat has not seen, shuffled by `rng`. The world's view
for the seat is the view it came from; its transcript is not a record (a stock draw's
card is unknown there).
"""

from __future__ import annotations

from tt22.core.rng import Pcg32
from tt22.games.rummy.common import MatchInfo, log_of

from .cards import DECK, PERSIAN_DECK
from .engine import HandResult, HandStart, State
from .views import RumView

__all__ = ["known_held", "world"]

WORLD_KEY = b"world"
"""A world's own key: only future deals use it, and a bot's rollouts stop at the hand's end."""


def known_held(view: RumView) -> tuple[tuple[int, ...], ...]:
    """Per seat, the cards the table saw it take and not put down since (the view's own
    seat: its hand)."""
    holder: dict[int, int] = {}
    for seat, kind, data in view.events:
        if kind == "take":
            for c in data:
                holder[c] = seat
        elif kind in ("discard", "meld"):
            for c in data if kind == "meld" else (data,):
                holder.pop(c, None)
        elif kind == "layoff":
            holder.pop(data[0], None)
    out: list[list[int]] = [[] for _ in range(view.players)]
    for card, seat in holder.items():
        if seat != view.seat:
            out[seat].append(card)
    out[view.seat] = list(view.hand)
    return tuple(tuple(sorted(cs)) for cs in out)


def world(view: RumView, rng: Pcg32) -> State:
    n = view.players
    known = known_held(view)
    gone = {c for cs in known for c in cs} | set(view.pile)
    gone.update(c for _, cards, _ in view.table for c in cards)
    pool = [c for c in (PERSIAN_DECK if view.rules.persian else DECK) if c not in gone]
    rng.shuffle(pool)
    hands: list[tuple[int, ...]] = []
    at = 0
    for seat in range(n):
        need = view.counts[seat] - len(known[seat])
        hands.append(tuple(sorted((*known[seat], *pool[at : at + need]))))
        at += need
    s = State.__new__(State)
    s.pos = None
    s.match = MatchInfo(view.rules, n, WORLD_KEY, view.dealer)
    s.start = HandStart(view.number, view.dealer, (), -1, ())
    s.phase = view.phase
    s.to_move = view.to_move
    s.hands = tuple(hands)
    s.stock = tuple(pool[at : at + view.stock_count])
    s.pile = view.pile
    s.table = view.table
    s.taken = view.taken
    s.must = view.must
    s.opened = view.opened
    s.so_far = view.so_far
    s.bonus = view.bonus
    s.turns = view.turns
    s.step = view.step
    s.seen = view.seen
    s.log = log_of(view.events)  # the public events: a stock draw's card stays unknown (None)
    s.scores = view.scores
    s.history = tuple(
        HandResult(
            HandStart(h.number, h.dealer, (), -1, ()),
            (),
            h.out,
            h.ended,
            h.left,
            h.table,
            h.melded,
            h.bonus,
            h.held,
            h.points,
            h.scores,
        )
        for h in view.history
    )
    s.winners = view.winners
    return s
