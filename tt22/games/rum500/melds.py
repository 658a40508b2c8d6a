"""Melds of 500 Rum and Persian Rummy (F2, F3, P1, P4) on top of the Rummy family's.

Runs and groups are Rummy's with the ace low or high (F2, `tt22.games.rummy.melds` with
`ace_high`); the jokers meld only with each other, in a group of three or four (P1).
A card's value depends on its place in its meld (F3): a run's first ace is low (5), its
last high (15); an ace in a group 15.

`best_value` is the most a hand can put down in melds at once: the opening's test (F5)
and the bots' measure. It is an exact search over disjoint melds, memoised on the cards
left (as Gin's deadwood search, `tt22.games.rummy.melds.best_arrangement`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from tt22.games.rummy.cards import LOW
from tt22.games.rummy.melds import candidate_melds as rummy_candidates
from tt22.games.rummy.melds import extend as rummy_extend
from tt22.games.rummy.melds import is_meld as rummy_is_meld
from tt22.games.rummy.melds import order_meld as rummy_order

__all__ = [
    "accepts",
    "best_value",
    "candidate_melds",
    "extend",
    "fits",
    "four_of_a_kind",
    "is_meld",
    "meld_value",
    "order_meld",
    "placed_values",
]


def is_meld(cards: Sequence[int]) -> bool:
    """F2: a run (ace low or high, never both) or a group of 3 or 4; P1: or a group of
    3 or 4 jokers, and jokers in nothing else."""
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return False
    jokers = sum(1 for c in cards if c >= 52)
    if jokers:
        return jokers == len(cards) <= 4
    return rummy_is_meld(cards, True)


def order_meld(cards: Iterable[int]) -> tuple[int, ...]:
    """A meld in laying order: a run low to high (a high ace last), a group by suit, the
    jokers by number."""
    return _ordered(tuple(cards))


@lru_cache(maxsize=65536)
def _ordered(cs: tuple[int, ...]) -> tuple[int, ...]:
    if cs and cs[0] >= 52:
        return tuple(sorted(cs))
    return rummy_order(cs, True)


def extend(meld: Sequence[int], card: int) -> tuple[int, ...] | None:
    """The meld with `card` laid off on it (F6), in order, or None when it does not fit."""
    if card in meld:
        return None
    if card >= 52 or meld[0] >= 52:
        if card >= 52 and meld[0] >= 52 and len(meld) < 4:
            return tuple(sorted((*meld, card)))
        return None
    return rummy_extend(meld, card, True)


@lru_cache(maxsize=65536)
def accepts(meld: tuple[int, ...]) -> frozenset[int]:
    """The cards that would extend the (ordered) meld (F6): the missing jokers of a joker
    group, the missing suits of a group, the next card at either end of a run (an ace
    below the 2 or above the king, never both). What a lay-off test asks on the hot path
    instead of `extend`, which builds the grown meld."""
    if len(meld) >= 4 and (meld[0] >= 52 or meld[0] >> 2 == meld[-1] >> 2):
        return frozenset()
    if meld[0] >= 52:
        return frozenset(c for c in range(52, 56) if c not in meld)
    if meld[0] >> 2 == meld[-1] >> 2:
        rank = meld[0] >> 2
        return frozenset(c for c in range(rank * 4, rank * 4 + 4) if c not in meld)
    suit = meld[0] & 3
    first, last = meld[0], meld[-1]
    out = []
    low = LOW[first]  # a high ace is never first; a low ace (0) has nothing below
    if low > 0:
        out.append(_at(low - 1, suit))
    high = 13 if last >> 2 == 12 else LOW[last]  # a last ace is high
    if high < 13:
        out.append(_at(high + 1, suit))
    return frozenset(c for c in out if c not in meld)


def _at(place: int, suit: int) -> int:
    """The card at run place `place` (0 or 13: the ace) of `suit`."""
    return (12 if place in (0, 13) else place - 1) * 4 + suit


def fits(card: int, meld: tuple[int, ...]) -> bool:
    return card in accepts(meld)


def candidate_melds(hand: Iterable[int]) -> tuple[tuple[int, ...], ...]:
    """Every meld of `hand` (Rummy's groups and run segments, aces low or high) and, with
    three jokers or more, the group of the lowest three and the group of all four (which
    three jokers make a group changes nothing). Memoised on the sorted hand: legality
    asks it of the same hand many times in a turn."""
    return _candidates(tuple(sorted(hand)))


@lru_cache(maxsize=65536)
def _candidates(hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    plain = [c for c in hand if c < 52]
    jokers = [c for c in hand if c >= 52]
    if len(jokers) < 3 and not _any_meld(plain):
        return ()
    out = rummy_candidates(plain, True)
    if len(jokers) >= 3:
        out.append(tuple(jokers[:3]))
        if len(jokers) == 4:
            out.append(tuple(jokers))
    return tuple(out)


def _any_meld(cards: Sequence[int]) -> bool:
    """Whether `cards` hold any group or run at all: three of a rank, or three places in
    a row of a suit (the ace at both ends). Cheap bits before Rummy's full listing."""
    ranks = [0] * 13
    suits = [0, 0, 0, 0]
    for c in cards:
        r = c >> 2
        ranks[r] += 1
        if ranks[r] >= 3:
            return True
        q = LOW[c]
        suits[c & 3] |= (1 << q) | (8192 if q == 0 else 0)
    return any(b & (b >> 1) & (b >> 2) for b in suits)


def placed_values(meld: Sequence[int]) -> tuple[int, ...]:
    """F3/P3: each card's value where it lies in the (ordered) meld."""
    if meld[0] >= 52:
        return (20,) * len(meld)
    group = meld[0] >> 2 == meld[-1] >> 2
    out = []
    for i, c in enumerate(meld):
        r = c >> 2
        if r == 12:
            out.append(15 if group or i == len(meld) - 1 else 5)
        else:
            out.append(10 if r >= 8 else 5)
    return tuple(out)


@lru_cache(maxsize=65536)
def meld_value(meld: tuple[int, ...]) -> int:
    return sum(placed_values(meld))


def four_of_a_kind(meld: Sequence[int]) -> bool:
    """Four jokers, or four cards of one rank (P4's `four_jokers = 2` doubles either)."""
    return len(meld) == 4 and (meld[0] >= 52 or meld[0] >> 2 == meld[-1] >> 2)


def best_value(hand: Sequence[int]) -> int:
    """The most `hand` can put down at once in disjoint melds (F3 values)."""
    return _best(tuple(sorted(hand)))


@lru_cache(maxsize=65536)
def _best(hand: tuple[int, ...]) -> int:
    melds = candidate_melds(hand)
    if not melds:
        return 0
    by_card: dict[int, list[tuple[int, int]]] = {}
    cover = 0
    for m in melds:
        mask = 0
        for c in m:
            mask |= 1 << c
        entry = (mask, meld_value(order_meld(m)))
        for c in m:
            by_card.setdefault(c, []).append(entry)
        cover |= mask
    memo: dict[int, int] = {}

    def search(left: int) -> int:
        if not left:
            return 0
        hit = memo.get(left)
        if hit is not None:
            return hit
        low = left & -left
        card = low.bit_length() - 1
        best = search(left ^ low)
        for mask, value in by_card[card]:
            if mask & left == mask:
                got = search(left & ~mask) + value
                if got > best:
                    best = got
        memo[left] = best
        return best

    return search(cover)
