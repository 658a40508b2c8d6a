"""The rest of one deal on ranks alone: what bots' playouts run instead of the engine.

Suits never matter for play or scoring (R2), and a playout never needs a record, a
view or the next deal, so a playout works on sorted lists of ranks (0..12 = 2..A) and
plain ints. That makes it several times faster than folding `Move`s through
`tt22.games.twentytwo.apply`; tests check it against the engine move by move.

The rules implemented here are R11 (exchange, both options), R12-R16 (tricks) and
R17-R19 (showdown and penalty) exactly; the policies (`lead_choice`, `follow_choice`,
`exchange_choice`) are the rules of thumb every bot level shares.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from itertools import combinations

from tt22.core.rng import Pcg32

from ..cards import VALUES

__all__ = [
    "EXCHANGE",
    "PLAY",
    "Sim",
    "exchange_choice",
    "follow_choice",
    "follow_options",
    "lead_choice",
    "lead_options",
]

EXCHANGE = 0
PLAY = 1
DONE = 2

# Rules of thumb for the exchange (ranks: 0 = 2 ... 12 = A). Tuned by deal-level
# tournaments in the fast simulator (see docs/bots.md).
KEEP_LOW = 3  # the lowest card is kept when it is a 5 or lower: the card to end on
KEEP_HIGH = 11  # kings and aces are kept: they win tricks and so keep the low card safe


def exchange_choice(hand: Sequence[int], stock: int) -> list[int]:
    """Ranks to discard: the middle cards, worst first, as many as the stock allows.

    A good hand for 22 holds one low card to show at the end and high cards that win
    tricks (so the low card is never ducked away); middle cards do neither.
    """
    if stock <= 0 or not hand:
        return []
    out: list[int] = []
    for i, r in enumerate(hand):
        if i == 0 and r <= KEEP_LOW:
            continue
        if r >= KEEP_HIGH:
            continue
        out.append(r)
    if len(out) > stock:
        # Keep the discards furthest from either end of the hand: the middle ones.
        out.sort(key=lambda r: -min(r - KEEP_LOW, KEEP_HIGH - r))
        out = sorted(out[:stock])
    return out


def lead_choice(hand: Sequence[int], max_set: int) -> list[int]:
    """What to lead: with two cards the higher (the lower is shown). Otherwise the
    highest rank below a king, every card of it (a set is harder to beat), keeping
    the lowest card; with nothing below a king but the lowest card, the highest rank.

    Leading middle cards sheds them while kings and aces stay to win the late tricks;
    tournaments in the fast simulator put this well ahead of leading the top card.
    """
    n = len(hand)
    if n == 2:
        return [hand[1]]
    top = -1
    for r in hand[1:]:
        if r < KEEP_HIGH:
            top = r
    if top < 0:
        top = hand[-1]
    count = 0
    for r in hand[1:]:
        if r == top:
            count += 1
    return [top] * max(1, min(count, max_set, n - 1))


def follow_choice(
    hand: Sequence[int], best: Sequence[int], must_beat: bool
) -> tuple[list[int], bool]:
    """(ranks to play, whether they beat): beat as cheaply as possible, else duck.

    Beating sheds a card we do not want to show and keeps the lowest card for the end;
    ducking gives the lowest card away.
    """
    k = len(best)
    if k == 1:
        b = best[0]
        i = bisect_left(hand, b)
        if i >= len(hand):
            return [hand[0]], False
        return [hand[i]], True
    chosen = _cheapest_beat(hand, best)
    if chosen is None:
        return list(hand[:k]), False
    return chosen, True


def _cheapest_beat(hand: Sequence[int], best: Sequence[int]) -> list[int] | None:
    """The lowest ranks that beat `best` (sorted high to low), or None.

    Each requirement, highest first, takes the lowest unused card that meets it; if
    any beating choice exists this one does (exchange argument), and it is the cheapest.
    """
    avail = list(hand)
    chosen: list[int] = []
    for req in best:
        j = bisect_left(avail, req)
        if j == len(avail):
            return None
        chosen.append(avail.pop(j))
    chosen.sort()
    return chosen


def lead_options(hand: Sequence[int], max_set: int) -> list[list[int]]:
    """R12 on ranks: one card of each rank, or 2..max_set of one rank, keeping one card."""
    limit = min(max_set, len(hand) - 1)
    out: list[list[int]] = []
    i = 0
    n = len(hand)
    while i < n:
        r = hand[i]
        j = i
        while j < n and hand[j] == r:
            j += 1
        for m in range(1, min(j - i, limit) + 1):
            out.append([r] * m)
        i = j
    return out


def _beats(desc: Sequence[int], best: Sequence[int]) -> bool:
    return all(a >= b for a, b in zip(desc, best, strict=True))


def follow_options(
    hand: Sequence[int], best: Sequence[int], must_beat: bool
) -> list[tuple[list[int], bool]]:
    """R13 on ranks: every distinct rank multiset that beats, plus the duck (unless
    must_beat forbids it); each with whether it beats."""
    k = len(best)
    beating: list[list[int]] = []
    seen: set[tuple[int, ...]] = set()
    for combo in combinations(hand, k):
        if combo in seen:
            continue
        seen.add(combo)
        if _beats(sorted(combo, reverse=True), best):
            beating.append(list(combo))
    duck = list(hand[:k])
    out: list[tuple[list[int], bool]] = [(c, True) for c in beating]
    if tuple(duck) not in {tuple(c) for c in beating} and not (must_beat and beating):
        out.insert(0, (duck, False))
    return out


def _remove(hand: list[int], ranks: Sequence[int]) -> None:
    for r in ranks:
        hand.remove(r)


class Sim:
    """One deal from some moment to its showdown, on ranks, with every hand known.

    `hands[seat]` is a sorted list of ranks ([] for a seat that is out); `nxt[seat]` is
    the next seat still in, clockwise. In the exchange, `ex_seats[ex_i:]` are the seats
    still to decide and `stock` holds the stock's ranks, top first.
    """

    __slots__ = (
        "best",
        "best_seat",
        "eps",
        "ex_i",
        "ex_seats",
        "hands",
        "leader",
        "max_set",
        "must_beat",
        "nxt",
        "order",
        "phase",
        "rng",
        "stock",
        "stop_short",
        "to_move",
    )

    hands: list[list[int]]
    nxt: list[int]
    order: tuple[int, ...]
    phase: int
    ex_seats: tuple[int, ...]
    ex_i: int
    stock: list[int]
    stop_short: bool
    leader: int
    to_move: int
    best: list[int]
    best_seat: int
    max_set: int
    must_beat: bool
    rng: Pcg32 | None
    eps: int

    def noise(self, rng: Pcg32, eps: int) -> None:
        """From now on each real choice is made at random with probability eps/256."""
        self.rng = rng
        self.eps = eps

    def copy(self) -> Sim:
        s = Sim.__new__(Sim)
        s.hands = [list(h) for h in self.hands]
        s.nxt = self.nxt
        s.order = self.order
        s.phase = self.phase
        s.ex_seats = self.ex_seats
        s.ex_i = self.ex_i
        s.stock = list(self.stock)
        s.stop_short = self.stop_short
        s.leader = self.leader
        s.to_move = self.to_move
        s.best = list(self.best)
        s.best_seat = self.best_seat
        s.max_set = self.max_set
        s.must_beat = self.must_beat
        s.rng = self.rng
        s.eps = self.eps
        return s

    # -- moves ---------------------------------------------------------------

    def exchange(self, discard: Sequence[int]) -> None:
        """The seat to move discards these ranks and draws as many (R11)."""
        seat = self.to_move
        k = len(discard)
        if k > len(self.stock):
            if not self.stop_short:
                raise ValueError("discard larger than the stock")
            self._start_play()  # stop_when_short: everyone left keeps their hand
            return
        if k:
            h = self.hands[seat]
            _remove(h, discard)
            h.extend(self.stock[:k])
            del self.stock[:k]
            h.sort()
        self.ex_i += 1
        if self.ex_i >= len(self.ex_seats) or not self.stock:
            self._start_play()
        else:
            self.to_move = self.ex_seats[self.ex_i]

    def _start_play(self) -> None:
        self.phase = PLAY
        self.leader = self.to_move = self.order[0]
        self.best = []
        self.best_seat = -1
        if len(self.hands[self.leader]) <= 1:
            self.phase = DONE

    def play(self, ranks: Sequence[int], beat: bool) -> None:
        """The seat to move plays these ranks; `beat` says whether they beat (R13, R14).

        A lead always "beats". The caller has chosen a legal play.
        """
        seat = self.to_move
        h = self.hands[seat]
        _remove(h, ranks)
        if not self.best or beat:
            self.best = sorted(ranks, reverse=True)
            self.best_seat = seat
        nxt = self.nxt[seat]
        if nxt != self.leader:
            self.to_move = nxt
            return
        winner = self.best_seat
        self.best = []
        self.best_seat = -1
        self.leader = self.to_move = winner
        if len(h) == 1:
            self.phase = DONE

    def options(self) -> list[tuple[list[int], bool]]:
        """Every distinct play now, as (ranks, beats). Play phase only."""
        h = self.hands[self.to_move]
        if not self.best:
            return [(o, True) for o in lead_options(h, self.max_set)]
        return follow_options(h, self.best, self.must_beat)

    # -- results -------------------------------------------------------------

    def penalties(self) -> list[int]:
        """R17-R19 at the showdown: each seat's penalty (0 unless it lost)."""
        top = -1
        for seat in self.order:
            r = self.hands[seat][0]
            if r > top:
                top = r
        value = VALUES[top]
        out = [0] * len(self.hands)
        for seat in self.order:
            if self.hands[seat][0] == top:
                out[seat] = value
        return out

    def finish(self) -> list[int]:
        """Play to the showdown by the rules of thumb (with noise, see `noise`); the
        penalties."""
        self.finish_exchange()
        if self.phase == PLAY:
            self._play_out(self.rng, self.eps)
        return self.penalties()

    def finish_exchange(self) -> None:
        """The exchanges still to come, by the rules of thumb."""
        while self.phase == EXCHANGE:
            h = self.hands[self.to_move]
            self.exchange(exchange_choice(h, len(self.stock)))

    def step(self) -> None:
        """One play by the rules of thumb (play phase only)."""
        h = self.hands[self.to_move]
        rng = self.rng
        if rng is not None and self.eps and (rng.next_u32() & 255) < self.eps:
            opts = self.options()
            play, beat = opts[rng.bounded(len(opts))]
            self.play(play, beat)
        elif not self.best:
            self.play(lead_choice(h, self.max_set), True)
        else:
            play, beat = follow_choice(h, self.best, self.must_beat)
            self.play(play, beat)

    def _play_out(self, rng: Pcg32 | None, eps: int) -> None:
        if rng is None or eps <= 0:
            self._play_out_by_rule()
            return
        hands = self.hands
        nxt = self.nxt
        max_set = self.max_set
        must_beat = self.must_beat
        leader = self.leader
        seat = self.to_move
        best = self.best
        best_seat = self.best_seat
        while True:
            if not best:
                h = hands[leader]
                if (rng.next_u32() & 255) < eps:
                    opts = lead_options(h, max_set)
                    play = opts[rng.bounded(len(opts))]
                else:
                    play = lead_choice(h, max_set)
                _remove(h, play)
                best = sorted(play, reverse=True)
                best_seat = leader
                seat = nxt[leader]
            while seat != leader:
                h = hands[seat]
                if (rng.next_u32() & 255) < eps:
                    fo = follow_options(h, best, must_beat)
                    play, beat = fo[rng.bounded(len(fo))]
                else:
                    play, beat = follow_choice(h, best, must_beat)
                _remove(h, play)
                if beat:
                    best = sorted(play, reverse=True)
                    best_seat = seat
                seat = nxt[seat]
            leader = seat = best_seat
            best = []
            if len(hands[leader]) == 1:
                break
        self.leader = self.to_move = leader
        self.best = []
        self.best_seat = -1
        self.phase = DONE

    def _play_out_by_rule(self) -> None:
        """`_play_out` without noise: `lead_choice` and `follow_choice` written out in
        place on the sorted hands (the same plays, card for card: a playout is what the
        sampling and search bots spend their whole budget on)."""
        hands = self.hands
        nxt = self.nxt
        max_set = self.max_set
        must_beat = self.must_beat
        leader = self.leader
        seat = self.to_move
        best = self.best
        best_seat = self.best_seat
        while True:
            if not best:
                h = hands[leader]
                n = len(h)
                if n == 2:
                    best = [h.pop()]  # the higher of two (lead_choice)
                else:
                    # lead_choice: the highest rank below a king after the lowest card
                    # (else the highest rank), as many of it as allowed
                    j = bisect_left(h, KEEP_HIGH, 1)
                    top = h[j - 1] if j > 1 else h[-1]
                    i = bisect_left(h, top, 1)
                    m = bisect_right(h, top, 1) - i
                    m = max(1, min(m, max_set, n - 1))
                    i = bisect_left(h, top)  # the first of them (_remove takes those)
                    del h[i : i + m]
                    best = [top] * m
                best_seat = leader
                seat = nxt[leader]
            if len(best) == 1:
                b = best[0]
                while seat != leader:
                    h = hands[seat]
                    i = bisect_left(h, b)  # follow_choice: the cheapest card that beats
                    if i < len(h):
                        b = h.pop(i)
                        best_seat = seat
                    else:
                        del h[0]  # nothing beats: duck the lowest card
                    seat = nxt[seat]
            else:
                while seat != leader:
                    h = hands[seat]
                    play, beat = follow_choice(h, best, must_beat)
                    _remove(h, play)
                    if beat:
                        best = sorted(play, reverse=True)
                        best_seat = seat
                    seat = nxt[seat]
            leader = seat = best_seat
            best = []
            if len(hands[leader]) == 1:
                break
        self.leader = self.to_move = leader
        self.best = []
        self.best_seat = -1
        self.phase = DONE
