"""Manipulation Rummy's match state and `apply` (X1-X9): the one fold.

A `State` is never changed once `apply` returns it. Legality reads a `Position` (the
seat to move, its hand and everything public), which both a state and a seat's view
supply, so what a view judges is what the state enforces. Hands, the stock and melds are
tuples of card integers in which a card may appear twice (cards.py says why). The stock
is stored top last (a draw is a slice off the end); transcripts show it top first.

`legal_moves` cannot list every play: a play is any valid rearrangement of the whole
table, and a 40-card table has more of them than a search could ever visit. It lists the
draw (or, with the stock empty, the pass) and the plays a person makes without touching
the table: each meld made of hand cards alone and each hand card laid off at the end of
a meld; `apply` accepts every other valid play too (the solver, solver.py, finds the one
placing the most cards: the hint and the strongest bots use it). The list is built
lazily (`Moves`): a random playout asks for one move of it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations
from typing import Any, NamedTuple, overload

from tt22.games.rummy import common
from tt22.games.rummy.common import Event, MatchState, push, replaced, shuffled

from .cards import CODE, DECK, LOW, OPENING_VALUE, TEXT, penalty_of
from .melds import MELDS, meld_problem
from .moves import Draw, ManipulationMove, Pass, Play
from .reasons import broken, raise_reason
from .rules import ManipulationRules

__all__ = [
    "HandResult",
    "HandStart",
    "Moves",
    "Position",
    "State",
    "apply",
    "check",
    "extensions",
    "hand_melds",
    "lay_offs",
    "legal_moves",
    "new_match",
    "position_moves",
]

OUT, PASSED = "out", "passed"

TEXT_MELDS: dict[tuple[str, ...], tuple[int, ...]] = {
    tuple(TEXT[c] for c in laid): laid for laid in MELDS.values()
}
MELD_TEXT: dict[tuple[int, ...], tuple[str, ...]] = {m: t for t, m in TEXT_MELDS.items()}
"""Every meld as laid, by its text: a play's melds as the engine and the bots write them
are checked with one look-up each."""


class HandStart(NamedTuple):
    number: int
    dealer: int
    dealt: tuple[tuple[int, ...], ...]  # per seat, sorted
    stock: tuple[int, ...]  # top first


class HandResult(NamedTuple):
    start: HandStart
    events: tuple[Event, ...]
    winner: int  # -1: every seat passed with the stock empty (X7), and every seat scores
    ended: str  # OUT or PASSED
    left: tuple[tuple[int, ...], ...]  # each seat's cards at the end
    table: tuple[tuple[int, ...], ...]
    deltas: tuple[int, ...]
    scores: tuple[int, ...]


class Position(NamedTuple):
    """What legality reads: public facts and the hand of the seat to move."""

    rules: ManipulationRules
    over: bool
    to_move: int
    hand: tuple[int, ...]
    table: tuple[tuple[int, ...], ...]
    stock_count: int
    opened: bool  # has the seat to move made its first play this hand (X5)


class State(MatchState[ManipulationRules, HandStart, HandResult, Position]):
    """A Manipulation match at one moment, hidden cards included (see views.py); the
    fields all the family's folds have, and their copy, are `MatchState`'s."""

    __slots__ = ("opened", "over", "passes", "table")

    over: bool
    table: tuple[tuple[int, ...], ...]  # melds as laid, in the order the last play gave
    opened: tuple[bool, ...]
    passes: int  # passes in a row (X7)

    def _copy_into(self, new: State) -> None:
        new.opened = self.opened
        new.over = self.over
        new.passes = self.passes
        new.table = self.table

    def position(self) -> Position:
        if self.pos is None:
            seat = self.to_move
            self.pos = Position(
                self.rules,
                self.over,
                seat,
                self.hands[seat] if seat >= 0 else (),
                self.table,
                len(self.stock),
                self.opened[seat] if seat >= 0 else True,
            )
        return self.pos


def _deal(s: State, number: int, dealer: int) -> None:
    """X2: shuffle both decks with `deal/<n>`, deal one card at a time from the dealer's
    left, `hand_size` each; the rest is the stock. No discard pile."""
    m = s.match
    n, k = m.players, m.rules.hand_size
    deck = shuffled(m.key, f"deal/{number}", DECK)
    dealt = [tuple(sorted(h)) for h in common.deal_round(deck, n, k, dealer)]
    stock = tuple(deck[n * k :])
    s.start = HandStart(number, dealer, tuple(dealt), stock)
    s.hands = tuple(dealt)
    s.stock = stock[::-1]
    s.table = ()
    s.opened = (m.rules.opening == 0,) * n
    s.passes = 0
    s.turns = 0
    s.log = None
    s.over = False
    s.to_move = (dealer + 1) % n


def new_match(rules: ManipulationRules, players: int, seed: str) -> State:
    return common.start_match(State, rules, players, seed, _deal)


# ---------------------------------------------------------------------------
# Legality


def _card(text: str) -> int:
    card = CODE.get(text)
    if card is None:
        broken("manipulation.not_a_card", "X1", card=text)
    return card


def _without(hand: tuple[int, ...], cards: Sequence[int]) -> tuple[int, ...] | None:
    """`hand` less `cards` (a sub-multiset), or None when it does not hold them."""
    rest = list(hand)
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            return None
    return tuple(rest)


def _flat(melds: Sequence[Sequence[int]]) -> list[int]:
    return [c for m in melds for c in m]


def _difference(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """The multiset `a` less `b`, sorted."""
    rest = sorted(a)
    for c in b:
        if c in rest:
            rest.remove(c)
    return rest


def check(
    p: Position, move: ManipulationMove
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Raise the X-rule a move breaks; for a legal play return (the hand cards played,
    the new table as laid), else ((), ())."""
    if p.over:
        broken("manipulation.over", "X8")
    if not isinstance(move, (Draw, Pass, Play)):
        broken("manipulation.not_a_move", "X4", kind=type(move).__name__)
    if move.seat != p.to_move:
        broken("manipulation.turn", "X4", expected=p.to_move, seat=move.seat)
    if isinstance(move, Draw):
        if not p.stock_count:
            broken("manipulation.stock_empty", "X7")
        return (), ()
    if isinstance(move, Pass):
        if p.stock_count:
            broken("manipulation.stock_left", "X7")
        return (), ()
    played = tuple(_card(t) for t in move.cards)
    if not played:
        broken("manipulation.no_card", "X4")
    if _without(p.hand, played) is None:
        for c in set(played):
            if played.count(c) > p.hand.count(c):
                broken(
                    "manipulation.not_held",
                    "X9",
                    card=TEXT[c],
                    count=played.count(c),
                    held=p.hand.count(c),
                )
    laid: list[tuple[int, ...]] = []
    bad = -1
    for i, text in enumerate(move.table):
        meld = TEXT_MELDS.get(text)
        if meld is None:
            meld = tuple(_card(t) for t in text)
            ordered = MELDS.get(tuple(sorted(meld)))
            if ordered is None:
                bad = i if bad < 0 else bad
            else:
                meld = ordered
        laid.append(meld)
    kept = list(p.table)
    made = []
    for meld in laid:  # a meld kept whole needs no counting
        try:
            kept.remove(meld)
        except ValueError:
            made.append(meld)
    old = _flat(kept)
    new = _flat(made)
    if sorted(old + list(played)) != sorted(new):
        gone = _difference(old + list(played), new)
        if gone:
            broken("manipulation.went_back", "X4", cards=" ".join(TEXT[c] for c in gone))
        extra = _difference(new, old + list(played))
        broken("manipulation.extra", "X9", cards=" ".join(TEXT[c] for c in extra))
    if bad >= 0:
        problem = meld_problem(laid[bad], bad)
        assert problem is not None
        raise_reason(problem)
    if not p.opened:
        mine = list(laid)
        for meld in p.table:
            if meld in mine:
                mine.remove(meld)
            else:
                broken("manipulation.opening_kept", "X5")
        points = sum(OPENING_VALUE[c] for c in played)
        if points < p.rules.opening:
            broken("manipulation.opening_low", "X5", points=points, opening=p.rules.opening)
    return played, tuple(laid)


# ---------------------------------------------------------------------------
# The plays a person makes without touching the table


def hand_melds(hand: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct meld (X3) of hand cards alone, as laid: each group of 3 or 4
    different suits, each run segment of 3 or more places. Read from bit masks of the
    hand's suits and ranks, each mask's melds made once (`_runs`, `_groups`)."""
    suits = [0, 0, 0, 0]
    ranks = [0] * 13
    place_bit, suit_bit = PLACE_BIT, SUIT_BIT
    for c in hand:
        suits[c & 3] |= place_bit[c]
        ranks[c >> 2] |= suit_bit[c]
    out: list[tuple[int, ...]] = []
    for rank in range(13):
        mask = ranks[rank]
        if mask in GROUP_MASKS:
            out.extend(_groups(rank, mask))
    for suit in range(4):
        mask = suits[suit]
        if mask.bit_count() >= 3:
            out.extend(_runs(suit, mask))
    return out


GROUP_MASKS = frozenset((7, 11, 13, 14, 15))
"""The sets of suits of a rank (bit masks) that hold a group (X3)."""


PLACE_BIT: tuple[int, ...] = tuple(1 << LOW[c] for c in range(52))
SUIT_BIT: tuple[int, ...] = tuple(1 << (c & 3) for c in range(52))


@cache
def _groups(rank: int, mask: int) -> tuple[tuple[int, ...], ...]:
    cards = [rank * 4 + s for s in range(4) if mask >> s & 1]
    return tuple(g for size in (3, 4) for g in combinations(cards, size))


@cache
def _runs(suit: int, mask: int) -> tuple[tuple[int, ...], ...]:
    """The runs of a suit's places (bit 0 the ace, which also stands at 13, high)."""
    line = [bool(mask >> p & 1) for p in range(13)] + [bool(mask & 1)]
    out = []
    for a in range(14):
        if not line[a]:
            continue
        b = a
        while b + 1 < 14 and line[b + 1] and not (a == 0 and b + 1 == 13):
            b += 1
            if b - a >= 2:
                out.append(
                    tuple((12 if q in (0, 13) else q - 1) * 4 + suit for q in range(a, b + 1))
                )
    return tuple(out)


@cache
def extensions(meld: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The cards that extend a meld into a meld (X3), with the meld they make."""
    out = []
    for c in range(52):
        grown = MELDS.get(tuple(sorted((*meld, c))))
        if grown is not None:
            out.append((c, grown))
    return tuple(out)


def lay_offs(
    hand: Sequence[int], table: Sequence[tuple[int, ...]]
) -> list[tuple[int, int, tuple[int, ...]]]:
    """Each (hand card, meld index, the meld it makes) of a card laid off on a meld."""
    held = set(hand)
    return [
        (c, i, grown) for i, meld in enumerate(table) for c, grown in extensions(meld) if c in held
    ]


def _text(melds: Sequence[tuple[int, ...]]) -> tuple[tuple[str, ...], ...]:
    """Valid melds as laid, in text (one look-up each: `MELD_TEXT`)."""
    return tuple([MELD_TEXT[m] for m in melds])


class Moves(Sequence[ManipulationMove]):
    """`position_moves` as a lazy list: the draw or pass first, then each meld of hand
    cards, then each lay-off; a move is made when it is asked for."""

    __slots__ = ("first", "lays", "melds", "p")

    def __init__(self, p: Position) -> None:
        self.p = p
        seat = p.to_move
        self.first: ManipulationMove = Draw(seat) if p.stock_count else Pass(seat)
        self.melds: list[tuple[int, ...]] = []
        self.lays: list[tuple[int, int, tuple[int, ...]]] = []
        if p.opened:
            self.melds = hand_melds(p.hand)
            self.lays = lay_offs(p.hand, p.table)
        elif p.rules.opening > 0:
            opening = p.rules.opening
            self.melds = [
                m for m in hand_melds(p.hand) if sum(OPENING_VALUE[c] for c in m) >= opening
            ]

    def __len__(self) -> int:
        return 1 + len(self.melds) + len(self.lays)

    @overload
    def __getitem__(self, index: int) -> ManipulationMove: ...

    @overload
    def __getitem__(self, index: slice) -> list[ManipulationMove]: ...

    def __getitem__(self, index: int | slice) -> ManipulationMove | list[ManipulationMove]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        n = len(self)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError(index)
        if index == 0:
            return self.first
        p = self.p
        if index <= len(self.melds):
            meld = self.melds[index - 1]
            table: Any = (*p.table, meld)
            return Play(p.to_move, tuple(TEXT[c] for c in meld), _text(table))
        card, at, grown = self.lays[index - 1 - len(self.melds)]
        table = (*p.table[:at], grown, *p.table[at + 1 :])
        return Play(p.to_move, (TEXT[card],), _text(table))

    def __iter__(self) -> Iterator[ManipulationMove]:
        for i in range(len(self)):
            yield self[i]


def position_moves(p: Position) -> Sequence[ManipulationMove]:
    if p.over:
        return []
    return Moves(p)


def legal_moves(state: State) -> Sequence[ManipulationMove]:
    return position_moves(state.position())


# ---------------------------------------------------------------------------
# The fold


def _end_hand(s: State, winner: int, ended: str) -> None:
    """X8: the others take their cards as penalty. X7: a hand every seat passed ends
    with no winner, so there are no others: every seat takes its cards as penalty
    *(convention: X7 names no winner and X8 spares only the winner; scoring the hand
    keeps a blocked hand from costing nothing, and every game moving to its end)*. The
    game ends after the hand in which someone reaches the target; the lowest total wins
    (M10)."""
    n = s.players
    deltas = tuple(0 if i == winner else penalty_of(s.hands[i]) for i in range(n))
    s.scores = tuple(a + b for a, b in zip(s.scores, deltas, strict=True))
    result = HandResult(
        s.start, common.events_of(s.log), winner, ended, s.hands, s.table, deltas, s.scores
    )
    s.history = (*s.history, result)
    if max(s.scores) >= s.rules.target:
        s.winners = common.seats_scoring(s.scores, min(s.scores))
        s.over = True
        s.to_move = -1
        return
    _deal(s, s.start.number + 1, (s.start.dealer + 1) % n)


def apply(state: State, move: ManipulationMove) -> State:
    """The state after `move`; RuleBroken naming the X-rule when it is illegal."""
    p = state.position()
    played, laid = check(p, move)
    s = state.copy()
    seat = move.seat
    s.turns += 1
    if isinstance(move, Draw):
        card = s.stock[-1]
        s.stock = s.stock[:-1]
        s.hands = replaced(s.hands, seat, tuple(sorted((*s.hands[seat], card))))
        s.log = push(s.log, (seat, "draw", card))
        s.passes = 0
    elif isinstance(move, Pass):
        s.log = push(s.log, (seat, "pass", None))
        s.passes += 1
        if s.passes >= s.players:
            _end_hand(s, -1, PASSED)
            return s
    else:
        hand = _without(s.hands[seat], played)
        assert hand is not None
        s.hands = replaced(s.hands, seat, hand)
        s.table = laid
        s.log = push(s.log, (seat, "play", (tuple(sorted(played)), laid)))
        s.passes = 0
        if not s.opened[seat]:
            s.opened = replaced(s.opened, seat, True)
        if not hand:
            _end_hand(s, seat, OUT)
            return s
    s.to_move = (seat + 1) % s.players
    return s


def is_legal(p: Position, move: ManipulationMove) -> bool:
    return common.is_legal(check, p, move)
