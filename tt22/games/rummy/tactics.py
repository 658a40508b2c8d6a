"""What a Rummy hand is worth to keep, from the seat's view alone (M5): the judgement the
rules-of-thumb and casual bots share.

Why not "the least deadwood", as the first rules of thumb had it: a bot that keeps its
lowest cards and throws back every high card it draws hoards the very low cards the
others need to finish their runs; with three or four such bots nobody can go out, the
stock is shuffled again and again, and the hand ends void after a hundred draws (M9;
22 void hands in 100 with four players). A person keeps the cards that can still grow
into melds, takes the discard when it makes one, and gives up on cards that cannot.

The worth of a kept hand (lower is better) is its deadwood, not counting cards that can
be laid off on the table (M6), less `patience` times its draw potential: the expected
drop of that deadwood from the next card drawn, over the cards this seat has not seen.
Patience grows as the hand goes on (each reshuffle), since a stuck hand has many draws
ahead of it and the deadwood counts only if someone else goes out.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .cards import VALUE
from .melds import best_arrangement, extend, isolated_cards
from .views import RummyView

__all__ = ["keep_worth", "layable", "serves_a_meld", "unseen"]

Table = tuple[tuple[int, tuple[int, ...]], ...]


def unseen(view: RummyView) -> list[int]:
    """The cards this seat cannot see: in another hand or in the stock. (A card taken
    from the pile by another seat, M5's `seen`, is in their hand: not to be drawn.)"""
    gone = set(view.hand) | set(view.pile)
    for _, meld in view.table:
        gone.update(meld)
    for cards in view.seen:
        gone.update(cards)
    return [c for c in range(52) if c not in gone]


@lru_cache(maxsize=256)
def _layable_cards(table: Table, ace_high: bool) -> frozenset[int]:
    """Every card that can be laid off on a meld of `table` (M6), found once per table:
    a bot judging its options asks for the same table hundreds of times a decision
    (each kept hand, each card it might draw), and a table changes only when a meld is
    made or grown. Tables are tuples, so they key the cache as they are."""
    return frozenset(
        card
        for card in range(52)
        if any(extend(meld, card, ace_high) is not None for _, meld in table)
    )


def layable(card: int, table: Table, ace_high: bool) -> bool:
    """Can `card` be laid off on a meld of the table now (M6)?"""
    return card in _layable_cards(table, ace_high)


def _deadwood(hand: Sequence[int], table: Table, ace_high: bool) -> int:
    dead, _, cards = best_arrangement(hand, ace_high)
    lay = _layable_cards(table, ace_high)
    return dead - sum(VALUE[c] for c in cards if c in lay)


def _potential(
    hand: Sequence[int], dead: int, pool: Sequence[int], table: Table, ace_high: bool
) -> float:
    """The expected drop of the kept hand's deadwood from one more card and its best
    discard, over `pool`. A card no meld could hold with the hand changes nothing and
    costs no search (aces low in the test, which only widens it)."""
    if not pool:
        return 0.0
    gain = 0
    for card in pool:
        grown = (*hand, card)
        if card in isolated_cards(grown) and not layable(card, table, ace_high):
            continue
        best = min(
            _deadwood([c for c in grown if c != d], table, ace_high) for d in grown if d != card
        )
        gain += max(0, dead - best)
    return gain / len(pool)


def keep_worth(
    kept: Sequence[int], pool: Sequence[int], table: Table, ace_high: bool, patience: float
) -> float:
    """Lower is better: the kept hand's deadwood less `patience` times its potential."""
    dead = _deadwood(kept, table, ace_high)
    if patience <= 0 or not kept:
        return float(dead)
    return dead - patience * _potential(kept, dead, pool, table, ace_high)


def serves_a_meld(hand: Sequence[int], card: int, table: Table, ace_high: bool) -> bool:
    """Does `card`, taken into `hand`, go into a meld of the hand's best arrangement, or
    onto a meld of the table? The discard is worth taking only then (M4: it cannot be
    thrown straight back, and a card taken for its low value alone only slows the hand)."""
    if layable(card, table, ace_high):
        return True
    return card not in best_arrangement((*hand, card), ace_high)[2]
