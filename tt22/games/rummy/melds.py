"""Melds (M2) and deadwood (G3): which card sets are runs or groups, every meld a hand
could make, and the arrangement of a hand into melds that leaves the least deadwood.

Cards are 22's integers; a set of cards is also a bit mask (`1 << card`) where the search
needs speed. `best_arrangement` is exact: it branches on the lowest card that any meld
could cover (deadwood, or one of the melds holding it) and memoises on what is left, so a
typical 10-card hand (a few candidate melds) costs a handful of steps. The property test
proves it against a brute force over every subset of the hand (tests/test_rummy_melds.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import ACE_HIGH, LOW, VALUE

__all__ = [
    "Arrangement",
    "best_arrangement",
    "candidate_melds",
    "extend",
    "is_meld",
    "isolated_cards",
    "isolated_value",
    "lay_off_all",
    "min_deadwood_after_lay_offs",
    "order_meld",
]

Arrangement = tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...]]
"""(deadwood value, melds in canonical order, deadwood cards sorted)."""


def _run_places(cards: Sequence[int], ace_high: bool) -> list[int] | None:
    """The places of a same-suit card set in a run, or None if they are not one run."""
    if len({c & 3 for c in cards}) != 1:
        return None
    places = sorted(LOW[c] for c in cards)
    if places[-1] - places[0] == len(places) - 1:
        return places
    if ace_high and places[0] == 0:
        high = sorted(ACE_HIGH if p == 0 else p for p in places)
        if high[-1] - high[0] == len(high) - 1:
            return high
    return None


def is_meld(cards: Sequence[int], ace_high: bool) -> bool:
    """M2: a run of 3+ cards of one suit in sequence (never round the corner), or a
    group of 3 or 4 cards of one rank."""
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return False
    if len({c >> 2 for c in cards}) == 1:
        return len(cards) <= 4
    return _run_places(cards, ace_high) is not None


def order_meld(cards: Iterable[int], ace_high: bool) -> tuple[int, ...]:
    """A meld's cards in the order a person lays them: a run low to high (a high ace
    last), a group by suit."""
    cs = list(cards)
    if len({c >> 2 for c in cs}) == 1:
        return tuple(sorted(cs))
    places = _run_places(cs, ace_high)
    high = places is not None and places[-1] == ACE_HIGH
    return tuple(sorted(cs, key=lambda c: ACE_HIGH if high and LOW[c] == 0 else LOW[c]))


def candidate_melds(hand: Iterable[int], ace_high: bool) -> list[tuple[int, ...]]:
    """Every meld that can be made from `hand` (each group of 3 or 4, each run segment of
    3 or more), in canonical order."""
    by_rank: dict[int, list[int]] = {}
    by_suit: list[dict[int, int]] = [{}, {}, {}, {}]
    for c in hand:
        by_rank.setdefault(c >> 2, []).append(c)
        by_suit[c & 3][LOW[c]] = c
    out: list[tuple[int, ...]] = []
    for _, cs in sorted(by_rank.items()):
        if len(cs) >= 3:
            cs.sort()
            if len(cs) == 4:
                out.append(tuple(cs))
                for skip in range(4):
                    out.append(tuple(c for i, c in enumerate(cs) if i != skip))
            else:
                out.append(tuple(cs))
    for places in by_suit:
        if len(places) < 3:
            continue
        if ace_high and 0 in places:
            places = {**places, ACE_HIGH: places[0]}
        start = -1
        for p in range(ACE_HIGH + 2):
            if p in places:
                if start < 0:
                    start = p
                continue
            if start >= 0 and p - start >= 3:
                for a in range(start, p - 2):
                    for b in range(a + 3, p + 1):
                        if a == 0 and b == ACE_HIGH + 1:
                            continue  # the ace twice: round the corner
                        out.append(tuple(places[q] for q in range(a, b)))
            start = -1
    return out


def best_arrangement(hand: Sequence[int], ace_high: bool = False) -> Arrangement:
    """G3: the melds that leave the least deadwood, with that deadwood. Ties go to the
    first arrangement found (deterministic), so the knocker's shown melds are stable."""
    melds = candidate_melds(hand, ace_high)
    total = sum(VALUE[c] for c in hand)
    if not melds:
        return total, (), tuple(sorted(hand))
    masks: list[tuple[int, int, int]] = []  # (mask, value, index)
    by_card: dict[int, list[tuple[int, int, int]]] = {}
    cover = 0
    for i, m in enumerate(melds):
        mask = 0
        for c in m:
            mask |= 1 << c
        entry = (mask, sum(VALUE[c] for c in m), i)
        masks.append(entry)
        for c in m:
            by_card.setdefault(c, []).append(entry)
        cover |= mask
    memo: dict[int, tuple[int, tuple[int, ...]]] = {}

    def search(left: int) -> tuple[int, tuple[int, ...]]:
        """Most value meldable from `left` (coverable cards not yet decided)."""
        if not left:
            return 0, ()
        hit = memo.get(left)
        if hit is not None:
            return hit
        low = left & -left
        card = low.bit_length() - 1
        best = search(left ^ low)
        for mask, value, index in by_card[card]:
            if mask & left == mask:
                got, chosen = search(left & ~mask)
                if got + value > best[0]:
                    best = (got + value, (index, *chosen))
        memo[left] = best
        return best

    melded, chosen = search(cover)
    used = 0
    out = []
    for i in chosen:
        out.append(melds[i])
        used |= masks[i][0]
    dead = tuple(sorted(c for c in hand if not used >> c & 1))
    return total - melded, tuple(out), dead


_WINDOWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(7 << a for a in range(max(0, p - 2), min(p, 10) + 1)) for p in range(13)
)


def isolated_cards(hand: Sequence[int]) -> list[int]:
    """The cards of `hand` no meld could hold (aces low): see `isolated_value`."""
    suits = [0, 0, 0, 0]
    ranks = [0] * 13
    for c in hand:
        suits[c & 3] |= 1 << LOW[c]
        ranks[c >> 2] += 1
    out = []
    for c in hand:
        if ranks[c >> 2] >= 3:
            continue
        m = suits[c & 3]
        if not any(m & w == w for w in _WINDOWS[LOW[c]]):
            out.append(c)
    return out


def isolated_value(hand: Sequence[int]) -> int:
    """A lower bound of G3's deadwood (aces low): the value of the cards no meld could
    hold (no two more of their rank, no run of three through them). Cheap bit work: it
    lets the knock test skip the exact search for almost every hand of a playout."""
    suits = [0, 0, 0, 0]
    ranks = [0] * 13
    for c in hand:
        suits[c & 3] |= 1 << LOW[c]
        ranks[c >> 2] += 1
    total = 0
    for c in hand:
        if ranks[c >> 2] >= 3:
            continue
        m = suits[c & 3]
        for w in _WINDOWS[LOW[c]]:
            if m & w == w:
                break
        else:
            total += VALUE[c]
    return total


def extend(meld: Sequence[int], card: int, ace_high: bool) -> tuple[int, ...] | None:
    """The meld with `card` laid off on it (M6, G5), or None when it does not fit."""
    if card in meld:
        return None
    grown = (*meld, card)
    if not is_meld(grown, ace_high):
        return None
    return order_meld(grown, ace_high)


def lay_off_all(
    melds: Sequence[tuple[int, ...]], cards: Sequence[int]
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """G5 (aces low): lay off as many of `cards` as possible onto `melds`, onto cards
    already laid off too. Returns ((card, meld index), ...) and the cards left.

    Runs first, repeatedly (a card on a run may open the way for the next), then groups:
    a card that fits both a group and a run loses nothing by going on the run, and one
    that fits only a group fits it whatever else is laid off, so this is the most."""
    current = [tuple(m) for m in melds]
    left = sorted(cards)
    done: list[tuple[int, int]] = []
    changed = True
    while changed:
        changed = False
        for c in list(left):
            for i, m in enumerate(current):
                if len({x >> 2 for x in m}) == 1:
                    continue
                grown = extend(m, c, False)
                if grown is not None:
                    current[i] = grown
                    done.append((c, i))
                    left.remove(c)
                    changed = True
                    break
    for c in list(left):
        for i, m in enumerate(current):
            if len({x >> 2 for x in m}) == 1 and extend(m, c, False) is not None:
                current[i] = (*m, c)
                done.append((c, i))
                left.remove(c)
                break
    return tuple(done), tuple(left)


def min_deadwood_after_lay_offs(
    hand: Sequence[int], knocker_melds: Sequence[tuple[int, ...]]
) -> tuple[int, tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...], tuple[int, ...]]:
    """G5: the opponent's least deadwood over every arrangement of their hand into melds
    and every lay-off onto the knocker's melds: (deadwood, melds, lay-offs, cards left)."""
    melds = candidate_melds(hand, False)
    best: tuple[int, tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...], tuple[int, ...]]
    best = (10**9, (), (), ())

    def visit(start: int, used: frozenset[int], chosen: tuple[tuple[int, ...], ...]) -> None:
        nonlocal best
        rest = [c for c in hand if c not in used]
        offs, left = lay_off_all(knocker_melds, rest)
        dead = sum(VALUE[c] for c in left)
        if dead < best[0]:
            best = (dead, chosen, offs, tuple(sorted(left)))
        for i in range(start, len(melds)):
            m = melds[i]
            if used.isdisjoint(m):
                visit(i + 1, used | set(m), (*chosen, m))

    visit(0, frozenset(), ())
    return best
