"""Which plays and exchanges are legal, by rank multiset (suits never matter, R2).

These functions see only what the seat to move may see (its own hand, the trick on the
table, the stock's size), so the engine's state and a seat's view share them.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Sequence
from typing import overload

from tt22.core.cards import TEXT

from .moves import Exchange, Play

__all__ = [
    "ExchangeOptions",
    "beats",
    "can_beat",
    "follow_options",
    "follow_single",
    "lead_options",
    "rank_groups",
]


def _single_plays(seat: int) -> tuple[Play, ...]:
    return tuple(Play(seat, (TEXT[c],)) for c in range(52))


SINGLE_PLAYS: tuple[tuple[Play, ...], ...] = tuple(_single_plays(seat) for seat in range(9))
"""SINGLE_PLAYS[seat][card]: one-card plays, built once (most moves are one card)."""


def rank_groups(hand: Sequence[int]) -> list[tuple[int, list[int]]]:
    """The sorted hand grouped by rank, low to high: [(rank, [cards...]), ...]."""
    groups: list[tuple[int, list[int]]] = []
    last = -1
    for c in hand:
        r = c >> 2
        if r != last:
            groups.append((r, [c]))
            last = r
        else:
            groups[-1][1].append(c)
    return groups


def beats(ranks_desc: Sequence[int], best_desc: Sequence[int]) -> bool:
    """R13.1: each card, both sorted high to low, equal to or higher than the best play's."""
    for r, b in zip(ranks_desc, best_desc, strict=True):  # noqa: SIM110 (a loop: faster)
        if r < b:
            return False
    return True


def can_beat(hand: Sequence[int], best_desc: Sequence[int]) -> bool:
    """Whether any k cards of `hand` beat or match; the k highest do if anything does."""
    k = len(best_desc)
    j = len(hand) - k
    if j < 0 or not k:  # (not a position of play: as the general comparison answers)
        top = [c >> 2 for c in hand[-k:]]
        top.reverse()
        return beats(top, best_desc)
    for b in reversed(best_desc):  # the k highest cards, low to high, against best
        if hand[j] >> 2 < b:
            return False
        j += 1
    return True


def lead_options(seat: int, hand: Sequence[int], max_set: int) -> list[Play]:
    """R12: one card, or 2..max_set cards of one rank, keeping at least one card."""
    limit = min(max_set, len(hand) - 1)
    singles = SINGLE_PLAYS[seat]
    moves: list[Play] = []
    run: tuple[str, ...] = ()
    last = -1
    for c in hand:
        r = c >> 2
        if r != last:
            last = r
            run = (TEXT[c],)
            moves.append(singles[c])
        elif len(run) < limit:
            run = (*run, TEXT[c])
            moves.append(Play(seat, run))
    return moves


def follow_options(
    seat: int, hand: Sequence[int], best_desc: Sequence[int], must_beat: bool
) -> list[Play]:
    """R13: every rank multiset that beats or matches, plus the duck (unless R13 must_beat
    forbids it); each multiset once, with its cards picked canonically (lowest suits)."""
    k = len(best_desc)
    if k == 1:
        return _follow_single(seat, hand, best_desc[0], must_beat)
    if k == 2:
        duck = _pair_play(seat, hand[0], hand[1])
    else:
        duck = Play(seat, tuple([TEXT[c] for c in hand[:k]]))
    if not can_beat(hand, best_desc):
        return [duck]  # the common case: nothing beats a set, so the duck is forced
    groups = rank_groups(hand)
    groups.reverse()  # high to low
    moves: list[Play] = []
    if k == 2:
        _follow_pairs(seat, groups, best_desc[0], best_desc[1], moves)
    else:
        _follow_sets(seat, groups, best_desc, moves)
    duck_desc = [c >> 2 for c in hand[k - 1 :: -1]]
    if not beats(duck_desc, best_desc) and not must_beat:
        moves.insert(0, duck)  # a duck that beats is already listed (R14)
    return moves


_PAIR_PLAYS: list[list[Play | None]] = [[None] * (52 * 52) for _ in range(9)]
"""_PAIR_PLAYS[seat][52 * first + second]: two-card plays, each made the first time it is
asked for (they are immutable; pairs are the commonest set)."""


def _pair_play(seat: int, first: int, second: int) -> Play:
    plays = _PAIR_PLAYS[seat]
    play = plays[52 * first + second]
    if play is None:
        play = plays[52 * first + second] = Play(seat, (TEXT[first], TEXT[second]))
    return play


def _follow_pairs(
    seat: int, groups: list[tuple[int, list[int]]], b0: int, b1: int, moves: list[Play]
) -> None:
    """Two-card follows that beat (b0, b1): a pair of one rank, or two ranks r > r2."""
    plays = _PAIR_PLAYS[seat]
    for i, (r, cards) in enumerate(groups):
        if r < b0:
            return
        c0 = cards[0]
        base = 52 * c0
        if len(cards) >= 2:
            play = plays[base + cards[1]]
            if play is None:
                play = _pair_play(seat, c0, cards[1])
            moves.append(play)
        for j in range(i + 1, len(groups)):
            r2, cards2 = groups[j]
            if r2 < b1:
                break
            play = plays[base + cards2[0]]
            if play is None:
                play = _pair_play(seat, c0, cards2[0])
            moves.append(play)


def _follow_sets(
    seat: int, groups: list[tuple[int, list[int]]], best_desc: Sequence[int], moves: list[Play]
) -> None:
    """Follows of three or more cards that beat, by walking ranks from high to low."""
    k = len(best_desc)
    chosen: list[int] = []

    def walk(gi: int, pos: int) -> None:
        if pos == k:
            moves.append(Play(seat, tuple([TEXT[c] for c in chosen])))
            return
        need = best_desc[pos]
        for j in range(gi, len(groups)):
            r, cards = groups[j]
            if r < need:
                return  # lower ranks cannot fill this position either
            for m in range(min(len(cards), k - pos), 0, -1):
                chosen.extend(cards[:m])
                walk(j + 1, pos + m)
                del chosen[len(chosen) - m :]

    walk(0, 0)


def _follow_single(seat: int, hand: Sequence[int], best: int, must_beat: bool) -> list[Play]:
    """R13 for one card: the lowest card, and one card of each rank >= the best."""
    singles = SINGLE_PLAYS[seat]
    i = bisect_left(hand, best << 2)  # the first card of rank >= best (the hand is sorted)
    if i == 0 or (must_beat and i < len(hand)):
        moves: list[Play] = []  # the duck beats (and is listed below), or may not be played
    else:
        moves = [singles[hand[0]]]
    last = -1
    for j in range(i, len(hand)):
        c = hand[j]
        if c >> 2 != last:
            moves.append(singles[c])
            last = c >> 2
    return moves


follow_single = _follow_single
"""R13 on a one-card lead, `follow_options`' answer for `best_desc == (best,)`: the
engine's `legal_moves` calls it directly (it is most moves of every match)."""


_COUNTS: dict[tuple[tuple[int, ...], int], int] = {}


def _count(shape: tuple[int, ...], cap: int) -> int:
    """Choices of a count 0..n for each rank group of `shape` (its groups' sizes, high
    to low: the order does not change the answer) totalling at most `cap`. Memoised by
    shape, which recurs far more often than the hands themselves."""
    if cap <= 0 or not shape:
        return 1
    key = (shape, cap)
    got = _COUNTS.get(key)
    if got is None:
        if sum(shape) <= cap:
            got = 1
            for n in shape:
                got *= n + 1
        else:
            rest = shape[1:]
            got = 0
            for take in range(min(shape[0], cap) + 1):
                got += _count(rest, cap - take)
        if len(_COUNTS) > 65536:
            _COUNTS.clear()
        _COUNTS[key] = got
    return got


class ExchangeOptions(Sequence[Exchange]):
    """Every distinct exchange (R11) as a lazy sequence, one per rank multiset.

    A hand of 11 different ranks has 2048 of them; building them all at every decision
    would dominate a random playout, so option i is decoded only when asked for. The
    options are the vectors "how many of each rank" (ranks low to high): with no limit,
    option i is i in mixed radix; when the stock limits the discard, `_count` counts the
    vectors whose total fits and option i is unranked from those counts. Under
    "stop_when_short" every too-large discard has the same effect, so one extra option
    (the stock's size plus one of the lowest cards) stands for them all.
    """

    __slots__ = ("_cap", "_groups", "_limited", "_seat", "_size", "_stop")

    def __init__(self, seat: int, hand: Sequence[int], stock: int, stop_when_short: bool) -> None:
        self._seat = seat
        # The hand's cards as text, grouped by rank (low to high): what an option is made of.
        groups: list[list[str]] = []
        text = TEXT
        last = -1
        run: list[str] = []
        for c in hand:
            if c >> 2 != last:
                last = c >> 2
                run = [text[c]]
                groups.append(run)
            else:
                run.append(text[c])
        self._groups = groups
        self._stop: Exchange | None = None
        self._limited = stock < len(hand)
        if not self._limited:
            self._cap = len(hand)
            size = 1
            for texts in groups:
                size *= len(texts) + 1
            self._size = size
            return
        self._cap = cap = stock
        self._size = _count(tuple(sorted([len(texts) for texts in groups], reverse=True)), cap)
        if stop_when_short:
            self._stop = Exchange(seat, tuple([TEXT[c] for c in hand[: stock + 1]]))
            self._size += 1

    def _decode(self, index: int) -> Exchange:
        discard: list[str] = []
        groups = self._groups
        if not self._limited:
            for texts in groups:
                index, take = divmod(index, len(texts) + 1)
                if take:
                    discard += texts[:take]
            return Exchange(self._seat, tuple(discard))
        c = self._cap
        sizes = [len(texts) for texts in groups]
        for i, texts in enumerate(groups):
            if c == 0:
                break  # nothing more fits: the rest of the option is all zeros
            # ordered first by how many of this rank, then by the options of the rest
            rest = tuple(sorted(sizes[i + 1 :], reverse=True))
            take = 0
            for take in range(min(sizes[i], c) + 1):
                n = _count(rest, c - take)
                if index < n:
                    break
                index -= n
            if take:
                discard += texts[:take]
                c -= take
        return Exchange(self._seat, tuple(discard))

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Exchange: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Exchange]: ...
    def __getitem__(self, index: int | slice) -> Exchange | Sequence[Exchange]:
        if type(index) is int and 0 <= index < self._size - (self._stop is not None):
            return self._decode(index)  # the usual question, answered first
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._size))]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError(index)
        if self._stop is not None and index == self._size - 1:
            return self._stop
        return self._decode(index)

    def __iter__(self) -> Iterator[Exchange]:
        for i in range(self._size):
            yield self[i]
