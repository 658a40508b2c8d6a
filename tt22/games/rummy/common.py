"""What the Rummy family's folds share (Rummy, Gin, 500 Rum and Persian, Manipulation):
the match's fixed facts, the state's common fields and its copy, the start of a match,
the hand's event log, the first dealer, the shuffle and the deal (seeded streams,
docs/seeds.md section 13).

Each fold keeps its own rules; what is here is what was written out alike in each, so a
fix to the copy, the log or the deal is made once."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import attrgetter
from typing import Any, ClassVar, Generic, NamedTuple, Self, TypeVar

from tt22.core.protocol import IllegalMove
from tt22.core.rng import seed_key, stream

from .cards import CODE, DECK
from .reasons import broken

__all__ = [
    "PILE_FIELDS",
    "Event",
    "HandStart",
    "MatchInfo",
    "MatchState",
    "PileState",
    "card_of",
    "deal_round",
    "events_of",
    "first_dealer",
    "is_legal",
    "log_of",
    "push",
    "replaced",
    "seats_scoring",
    "shuffled",
    "start_match",
]

Event = tuple[int, str, Any]
"""(seat, kind, data) of one thing that happened in a hand, in order. Kinds: `stock`
(card drawn), `pile` (card taken from the discard pile), `meld` (cards), `layoff` ((card,
meld index)), `discard` (card), `knock` (card), `pass` (None), `reshuffle` (the new
stock, top first, seat -1)."""

Log = tuple[Any, Event] | None
"""The events as a linked list, newest first: appending is O(1) on the hot path."""


class HandStart(NamedTuple):
    """How a hand of Rummy, 500 Rum or Persian began (Gin's and Manipulation's hold
    other facts): the deal, the upcard that started the pile, the stock."""

    number: int
    dealer: int
    dealt: tuple[tuple[int, ...], ...]  # per seat, in dealt order
    upcard: int
    stock: tuple[int, ...]  # top first


class MatchInfo(NamedTuple):
    rules: Any
    players: int
    key: bytes
    first_dealer: int


R = TypeVar("R")  # the rules
H = TypeVar("H")  # how a hand started
F = TypeVar("F")  # a finished hand
P = TypeVar("P")  # the position legality reads


class MatchState(Generic[R, H, F, P]):
    """The fields every fold's state has, and what is done with them alike: `copy`,
    `rules`, `players`, `fingerprint`. A fold's `State` adds its own slots and copies
    them in `_copy_into`, calling its base's first.

    `copy` is the first step of every `apply`, a random playout's hot path: it is written
    out field by field, as a loop over the slots (getattr/setattr) costs about four times
    as much, and makes one call to the State's own `_copy_into`, no chain of them."""

    __slots__ = (
        "hands",
        "history",
        "log",
        "match",
        "pos",
        "scores",
        "start",
        "stock",
        "to_move",
        "turns",
        "winners",
    )

    FIELDS: ClassVar[tuple[str, ...]] = ()
    """Every slot of the class but the `pos` cache, sorted: what `fingerprint` reads."""

    match: MatchInfo
    start: H
    to_move: int
    hands: tuple[tuple[int, ...], ...]  # per seat, sorted
    stock: tuple[int, ...]  # top last
    turns: int
    log: Log
    scores: tuple[int, ...]
    history: tuple[F, ...]
    winners: tuple[int, ...]
    pos: P | None  # a cache of `position()`, not state

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names = {n for k in cls.__mro__ for n in k.__dict__.get("__slots__", ())}
        cls.FIELDS = tuple(sorted(names - {"pos"}))

    def copy(self) -> Self:
        new = object.__new__(type(self))
        new.hands = self.hands
        new.history = self.history
        new.log = self.log
        new.match = self.match
        new.scores = self.scores
        new.start = self.start
        new.stock = self.stock
        new.to_move = self.to_move
        new.turns = self.turns
        new.winners = self.winners
        new.pos = None
        self._copy_into(new)
        return new

    def _copy_into(self, new: Self) -> None:
        """The fields a fold's State adds (its own slots, and a pile fold's five)."""

    @property
    def rules(self) -> R:
        r: R = self.match.rules
        return r

    @property
    def players(self) -> int:
        return self.match.players

    def fingerprint(self) -> tuple[object, ...]:
        """Every field but the cache, in sorted order: equal fingerprints, equal states."""
        return tuple(getattr(self, name) for name in self.FIELDS)


class PileState(MatchState[R, H, F, P]):
    """A fold with a discard pile and turns of several steps (Rummy, Gin, 500 Rum): the
    phase of the turn, the pile, the card taken from it this turn, the moves made in the
    turn and the cards each seat has taken from the pile this hand."""

    __slots__ = ("phase", "pile", "seen", "step", "taken")

    phase: int
    pile: tuple[int, ...]  # top last
    taken: int  # the card taken from the pile this turn, -1 if none
    step: int  # moves made in the current turn
    seen: tuple[tuple[int, ...], ...]  # per seat: cards taken from the pile this hand


PILE_FIELDS = attrgetter("phase", "pile", "seen", "step", "taken")
"""A PileState's own five fields: each State's `_copy_into` copies them in one line,
`new.phase, new.pile, new.seen, new.step, new.taken = PILE_FIELDS(self)`, as a chain of
copiers up the classes costs a random playout a few per cent."""


S = TypeVar("S", bound=MatchState[Any, Any, Any, Any])


def start_match(
    cls: type[S], rules: Any, players: int, seed: str, deal: Callable[[S, int, int], None]
) -> S:
    """A match before its first move: the rules checked for the table, the first dealer
    drawn (`first_dealer`), no score yet, and hand 1 dealt by `deal(state, 1, dealer)`."""
    rules = rules.for_players(players)
    key = seed_key(seed)
    dealer = first_dealer(key, players)
    s = object.__new__(cls)
    s.pos = None
    s.match = MatchInfo(rules, players, key, dealer)
    s.scores = (0,) * players
    s.history = ()
    s.winners = ()
    deal(s, 1, dealer)
    return s


def deal_round(deck: Sequence[int], players: int, size: int, dealer: int) -> list[tuple[int, ...]]:
    """Each seat's `size` cards in dealt order, dealt one at a time from the dealer's
    left off the top of `deck` (M7, F1, X2)."""
    dealt: list[tuple[int, ...]] = [()] * players
    for i in range(players):
        dealt[(dealer + 1 + i) % players] = tuple(deck[i : players * size : players])
    return dealt


def replaced(values: tuple[Any, ...], seat: int, value: Any) -> Any:
    """`values` with the seat's entry replaced: a hand, a seat's seen cards, a flag."""
    return (*values[:seat], value, *values[seat + 1 :])


def seats_scoring(scores: Sequence[int], score: int) -> tuple[int, ...]:
    """The seats whose score is `score` (the game's winners, ties included)."""
    return tuple(i for i, v in enumerate(scores) if v == score)


def is_legal(check: Callable[[Any, Any], object], p: Any, move: Any) -> bool:
    """Does `check` (a fold's legality) pass `move` at `p`?"""
    try:
        check(p, move)
    except IllegalMove:
        return False
    return True


def push(log: Log, event: Event) -> Log:
    return (log, event)


def log_of(events: Iterable[Event]) -> Log:
    """The log holding `events` in order (a sampled world's, from a view's events)."""
    log: Log = None
    for event in events:
        log = (log, event)
    return log


def events_of(log: Log) -> tuple[Event, ...]:
    out: list[Event] = []
    while log is not None:
        log, event = log
        out.append(event)
    out.reverse()
    return tuple(out)


def first_dealer(key: bytes, players: int) -> int:
    """M7/G1 (convention): the first dealer is drawn uniformly from `first-dealer`."""
    return stream(key, "first-dealer").bounded(players)


def shuffled(key: bytes, purpose: str, cards: tuple[int, ...] = DECK) -> list[int]:
    deck = list(cards)
    stream(key, purpose).shuffle(deck)
    return deck


def card_of(text: str, code: Mapping[str, int] = CODE) -> int:
    """A move's card text (canonical, `TS`) as a card, or the rule-numbered refusal;
    `code` is the game's card names (500 Rum's and Persian's have jokers)."""
    card = code.get(text)
    if card is None:
        broken("rummy.not_a_card", "M1", card=text)
    return card
