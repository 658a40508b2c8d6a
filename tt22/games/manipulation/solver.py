"""The solver (X4, X9): the valid table that places the most cards of a hand.

Given the cards on the table (which must all stay there) and a hand, find an
arrangement of all the table's cards and some of the hand's into valid melds (X3) that
places the most hand cards, and among those the most points (X8's penalties, the points
a player no longer risks); optionally every card of `must` (the cards a player selected)
has to be among them. The answer is exact.

Why a dynamic programme over places, not a search over melds. Read as set partitioning
(den Hertog and Hulshof's integer programme for Rummikub chooses, among every possible
meld, copies that cover each table card and at most the hand's copies), the problem has
hundreds of candidate melds and a branch-and-bound over them explodes on a 40-card table
with two copies of every card. van Rijn, Takes and Vis ("The complexity of Rummikub
problems", 2016) instead walk the values from low to high, remembering for every suit only
how long its open runs are: a run is an interval of places, so what lies below the
current place matters only through the lengths of the runs that reach it, and a length
past 3 behaves as 3 (the run may stop or go on). Their state per suit is bounded by the
number of copies; ours is the same walk with these choices:

- Places go A(low), 2, ..., K, A(high): fourteen layers, the ace on both ends. An ace
  used low is remembered in its suit's state until the high layer, so no ace is used
  twice and every ace of the table is used once (X3: never round the corner, so a run
  holding both aces would be K-A-2's cousin: the layers never join the ends).
- Two copies of every card (X1) mean at most two runs of a suit pass any place, so a
  suit's state is an unordered pair of lengths in {0, 1, 2, 3+}: ten values.
- Within a layer the suits are decided one at a time (a profile), carrying how many of
  the layer's cards go into groups and whether a suit gives two; at the layer's end that
  must split into groups of 3 or 4 different suits: 0, 3 or 4 (at most one of each
  suit), or 6 to 8 (two groups; a suit with two copies gives one to each). Aces are
  grouped at the low layer only.
- Each (layer, suit) uses between its table copies (all must stay) and its table plus
  hand copies, at least the `must` ones; a run of length 1 or 2 must go on, one of 3+
  may stop; a run is never stopped and started again at once (the longer run is the same
  cards with more freedom).

The states of a layer are a dictionary keyed by the four suits' codes and the group
profile, holding the best score (placed cards times 1000 plus points) and a back pointer;
the arrangement is read back along the pointers. After each (layer, suit) a state is
dropped when another beats it there (`_undominated`): the same elsewhere, runs in that
suit that can do all its runs can (a run of 3 or more may stop or go on, one of 2 goes
further than one of 1), and at least its score. That keeps the answer exact and cuts
the states of a 75-card table about four times; which of several equally good tables
comes out may differ from the search without it.

A `budget` (the bots') bounds the states expanded: each step keeps at most its share
(`_trim`: half the best scores, half the states freest to end in valid melds), so the
answer is a valid table or None and the same on every machine, but not surely the best
once a step is cut. The property tests check it against a
brute force over every subset of small hands (tests/games/manipulation/test_solver.py);
benchmarks/bench_solver.py times 40-card tables with 12-card hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from .cards import ACE_HIGH, PENALTY

__all__ = ["Solution", "solve"]

PAIRS: tuple[tuple[int, int], ...] = tuple((x, y) for y in range(4) for x in range(y + 1))
"""A suit's open runs: an unordered pair of lengths, 0 (none) to 3 (3 or more)."""
PAIR_INDEX = {p: i for i, p in enumerate(PAIRS)}
CLOSED = frozenset(PAIR_INDEX[p] for p in ((0, 0), (0, 3), (3, 3)))
"""The pairs in which every run may stop."""
GROUPABLE = frozenset((0, 3, 4, 6, 7, 8))
"""The number of a layer's cards that can make groups of different suits (X3)."""
WEIGHT = 1000
"""A placed card outweighs any points: 24 cards at most 15 each stay below it."""
LAYERS = ACE_HIGH + 1


class Solution(NamedTuple):
    """A valid table: `melds` (each as laid, X3) hold every table card and `placed`,
    the hand cards it uses (sorted, a card twice when both copies go); `points` are
    their X8 penalties."""

    placed: tuple[int, ...]
    melds: tuple[tuple[int, ...], ...]
    points: int


Choice = tuple[int, int, int, int]
"""(mask of the runs extended, new runs, cards to groups, cards used) at one (layer, suit)."""


@cache
def _moves(
    pair: int, low: int, high: int, new: bool, group: bool
) -> tuple[tuple[int, Choice], ...]:
    """Every way one (layer, suit) may use `low` to `high` of its copies, from the open
    runs `pair`: (the new pair, the choice)."""
    x, y = PAIRS[pair]
    slots = (x, y)
    out: list[tuple[int, Choice]] = []
    seen: set[tuple[int, int, int]] = set()
    for used in range(low, high + 1):
        for mask in range(4):
            lengths = []
            ok = True
            for i in range(2):
                if mask >> i & 1:
                    if slots[i] == 0:
                        ok = False
                    else:
                        lengths.append(min(slots[i] + 1, 3))
                elif slots[i] in (1, 2):
                    ok = False  # a run of one or two cards must go on
            extended = len(lengths)
            if not ok or extended > used:
                continue
            rest = used - extended
            for starts in range(min(rest, 2 - extended) + 1 if new else 1):
                grouped = rest - starts
                if grouped and not group:
                    continue
                runs = sorted([*lengths, *([1] * starts)])
                while len(runs) < 2:
                    runs.insert(0, 0)
                key = (PAIR_INDEX[(runs[0], runs[1])], grouped, used)
                if key not in seen:  # another mask to the same runs: the same future
                    seen.add(key)
                    out.append((key[0], (mask, starts, grouped, used)))
    return tuple(out)


def _card(suit: int, layer: int) -> int:
    return (12 if layer in (0, ACE_HIGH) else layer - 1) * 4 + suit


def _counts(cards: Sequence[int]) -> list[int]:
    out = [0] * 52
    for c in cards:
        out[c] += 1
    return out


SUIT_BITS = 5
PROFILE_SHIFT = 4 * SUIT_BITS
"""A state is one integer: four suit codes of 5 bits (the pair, plus 10 times the aces
used low) and the layer's group profile above them (cards to groups times 2, plus 1
when a suit gave two). Integers are the cheapest dictionary keys Python has, and the
search makes tens of thousands of steps."""


def solve(
    table: Sequence[int],
    hand: Sequence[int],
    must: Sequence[int] = (),
    budget: int | None = None,
) -> Solution | None:
    """The valid table that places the most cards of `hand` (then the most points),
    using every card of `must` (a sub-multiset of `hand`); None when no valid table
    holds every table card (and every `must` card).

    With a `budget` the search expands at most that many states (nodes) in all: each
    of the 56 steps may expand its even share of what is left, and a step that holds
    more keeps the likeliest of them (`_trim`). The answer is then still a valid table, or
    None when the states kept all died, but no longer surely the best; it depends on
    the position and the budget alone, never on the clock, so every machine finds the
    same. A position whose steps all fit their shares is solved exactly."""
    t, h, r = _counts(table), _counts(hand), _counts(must)
    for c in range(52):
        h[c] = max(0, min(h[c], 2 - t[c]))  # two copies of a card at most (X1)
        if r[c] > h[c]:
            return None
    states: dict[int, int] = {0: 0}
    back: list[dict[int, tuple[int, Choice]]] = []
    spent, steps_left = 0, LAYERS * 4
    for layer in range(LAYERS):
        new = layer < 12  # a run started at the king (K-A) could never reach 3 cards
        group = layer < ACE_HIGH  # aces are grouped at the low layer only
        for suit in range(4):
            shift = suit * SUIT_BITS
            if budget is not None:
                share = max(1, (budget - spent) // steps_left)
                if len(states) > share:
                    states = _trim(states, share)
                spent += len(states)
                steps_left -= 1
            keep = ((1 << PROFILE_SHIFT) - 1) & ~(31 << shift)
            last = suit == 3
            card = _card(suit, layer)
            tc, hc, rc = t[card], h[card], r[card]
            worth = WEIGHT + PENALTY[card]
            options: dict[int, list[tuple[int, int, int, int, Choice]]] = {}
            step: dict[int, int] = {}
            pointers: dict[int, tuple[int, Choice]] = {}
            get = step.get
            for state, score in states.items():
                code = state >> shift & 31
                moves = options.get(code)
                if moves is None:
                    moves = options[code] = _options(code, layer, tc, hc, rc, worth, new, group)
                profile = state >> PROFILE_SHIFT
                total0, two0 = profile >> 1, profile & 1
                base = state & keep
                for code_after, grouped, two, gain, choice in moves:
                    total = total0 + grouped
                    if last:
                        if total not in GROUPABLE or ((two0 | two) and total < 6):
                            continue
                        key = base | code_after << shift
                    elif total > 8:
                        continue
                    else:
                        key = base | code_after << shift | (total * 2 | two0 | two) << PROFILE_SHIFT
                    value = score + gain
                    if get(key, -1) < value:
                        step[key] = value
                        pointers[key] = (state, choice)
            states = _undominated(step, shift)
            back.append(pointers)
            if not states:
                return None
    finals = [
        (score, s)
        for s, score in states.items()
        if all((s >> (k * SUIT_BITS) & 31) % 10 in CLOSED for k in range(4))
    ]
    if not finals:
        return None
    best_score, state = max(finals)
    choices: list[Choice] = [(0, 0, 0, 0)] * (LAYERS * 4)
    for i in range(LAYERS * 4 - 1, -1, -1):
        state, choices[i] = back[i][state]
    return _rebuild(choices, t, best_score % WEIGHT)


def _ge(x: int, y: int) -> bool:
    """One open run of length `x` can do all that one of length `y` can: a run of 3 or
    more may stop (and so be none) or go on; one of 2 goes on to 3 where one of 1 goes
    on to 2, which must go on again."""
    return x == y or x == 3 or (x == 2 and y == 1)


def _dominates(a: tuple[int, int], b: tuple[int, int]) -> bool:
    (a1, a2), (b1, b2) = a, b
    return (_ge(a1, b1) and _ge(a2, b2)) or (_ge(a1, b2) and _ge(a2, b1))


ABOVE: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        q + 10 * (code // 10)
        for q in range(len(PAIRS))
        if q != code % 10 and _dominates(PAIRS[q], PAIRS[code % 10])
    )
    if code < 30
    else ()
    for code in range(32)
)
"""For each suit code, the codes with the same aces used low whose runs can do all
that its runs can, and more."""

FREE: tuple[int, ...] = tuple(
    sum(x in (0, 3) for x in PAIRS[code % 10]) if code < 30 else 0 for code in range(32)
)
"""A suit code's runs that are free to stop (none, or 3 or more cards)."""


def _undominated(step: dict[int, int], shift: int) -> dict[int, int]:
    """The states of `step` but those another state beats: the same in every other
    suit and the group profile, runs in the suit at `shift` that can do all they can
    (`ABOVE`), and at least the score. Whatever the beaten state could still become,
    the other can too, with at least as many points, so the answer stays exact."""
    out: dict[int, int] = {}
    get = step.get
    for key, score in step.items():
        base = key & ~(31 << shift)
        for code in ABOVE[key >> shift & 31]:
            other = get(base | code << shift)
            if other is not None and other >= score:
                break
        else:
            out[key] = score
    return out


def _trim(states: dict[int, int], keep: int) -> dict[int, int]:
    """The `keep` states a budgeted search goes on with: half of them the highest
    scores (then the most runs free to stop), the other half the most runs free to
    stop (then the highest scores), so that states placing fewer hand cards but
    likelier to end as valid melds are not all crowded out; a pure function of the
    states (ties in the order the search made them)."""
    suits = range(0, PROFILE_SHIFT, SUIT_BITS)
    free = {key: sum(FREE[key >> s & 31] for s in suits) for key in states}
    best = sorted(states.items(), key=lambda item: (-item[1], -free[item[0]]))
    out = dict(best[: keep - keep // 2])
    if len(out) < keep:
        for key, score in sorted(best, key=lambda item: (-free[item[0]], -item[1])):
            if key not in out:
                out[key] = score
                if len(out) == keep:
                    break
    return out


def _options(
    code: int, layer: int, tc: int, hc: int, rc: int, worth: int, new: bool, group: bool
) -> list[tuple[int, int, int, int, Choice]]:
    """The moves of one suit's code at one (layer, suit): (the code after, cards to
    groups, 1 if two, the score gained, the choice)."""
    pair, low_used = code % 10, code // 10
    if layer == 0:
        low, high = 0, tc + hc
    elif layer == ACE_HIGH:
        low, high = max(0, tc + rc - low_used), tc + hc - low_used
    else:
        low, high = tc + rc, tc + hc
    out = []
    for pair_after, choice in _moves(pair, low, high, new, group):
        used = choice[3]
        if layer == 0:
            gained = max(0, used - tc)
            code_after = pair_after + 10 * used
        elif layer == ACE_HIGH:
            gained = max(0, low_used + used - tc) - max(0, low_used - tc)
            code_after = pair_after
        else:
            gained = used - tc
            code_after = pair_after + 10 * low_used
        out.append((code_after, choice[2], int(choice[2] == 2), gained * worth, choice))
    return out


def _rebuild(choices: Sequence[Choice], table: Sequence[int], points: int) -> Solution:
    """The melds of the choices along the best path, and the hand cards they place."""
    runs: list[list[list[int]]] = [[[], []] for _ in range(4)]
    melds: list[tuple[int, ...]] = []
    for layer in range(LAYERS):
        grouped: list[tuple[int, int]] = []
        for suit in range(4):
            mask, starts, to_groups, _ = choices[layer * 4 + suit]
            card = _card(suit, layer)
            after: list[list[int]] = []
            for i in range(2):
                run = runs[suit][i]
                if not run:
                    continue
                if mask >> i & 1:
                    run.append(card)
                    after.append(run)
                else:
                    melds.append(tuple(run))
            after.extend([card] for _ in range(starts))
            while len(after) < 2:
                after.append([])
            after.sort(key=lambda run: min(len(run), 3))
            runs[suit] = after
            if to_groups:
                grouped.append((suit, to_groups))
        total = sum(n for _, n in grouped)
        if total:
            groups: list[list[int]] = [[]] if total <= 4 else [[], []]
            for suit, n in sorted(grouped, key=lambda sn: -sn[1]):
                card = _card(suit, layer)
                if n == 2:
                    groups[0].append(card)
                    groups[1].append(card)
                else:
                    min(groups, key=len).append(card)
            melds.extend(tuple(sorted(g)) for g in groups)
    for suit in range(4):
        melds.extend(tuple(run) for run in runs[suit] if run)
    used = _counts([c for m in melds for c in m])
    placed = tuple(c for c in range(52) for _ in range(used[c] - table[c]))
    return Solution(placed, tuple(melds), points)
