"""Rook's match state and `apply`: the one fold (K1-K22).

As with 22's engine, a `State` is never changed once `apply` returns it: `apply` copies
the slots (pointer copies: every field is an int, a tuple or an immutable record) and
changes the copy. Chance never enters as a move: the first-dealer draw and each deal's
shuffle come from the seed's named streams (`first-dealer`, `deal/<n>`, docs/seeds.md),
through the shared generator of tt22.core.rng.

Positions: the hands on the table. With 3 or 4 players a position is a seat. With 2
players there are three positions, seat 0, seat 1 and the dummy (position 2, K22), and
the non-bidder moves for the dummy in its turn.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import comb
from typing import NamedTuple, NoReturn, overload

from tt22.core.rng import seed_key, stream

from .cards import BIG_DECK, CODE, POINTS, ROOK, SMALL_DECK, SUIT_CHARS, TEXT
from .moves import Bid, Nest, Pass, Pile, Play, RookMove, Trump
from .reasons import PHASE_WORDS, broken
from .rules import RookRules, deck_points

__all__ = [
    "BIDDING",
    "DUMMY",
    "NEST",
    "OVER",
    "PILES",
    "PLAY",
    "TRUMP",
    "HandResult",
    "HandStart",
    "MatchInfo",
    "NestOptions",
    "State",
    "TrickRecord",
    "apply",
    "bid_options",
    "legal_moves",
    "new_match",
    "play_options",
    "playable_cards",
    "trick_winner",
]

PILES, BIDDING, NEST, TRUMP, PLAY, OVER = range(6)
PHASE_RULES = ("K22", "K8", "K9", "K10", "K11", "K18")
DUMMY = 2
"""The dummy's position in the 2-player game (K22)."""
NEST_SIZE = 5
HAND_SIZE_BIG = 9
PILE_SIZE = 12


class MatchInfo(NamedTuple):
    """What stays fixed for a whole match."""

    rules: RookRules
    players: int
    key: bytes
    first_draws: tuple[tuple[tuple[int, int], ...], ...]  # rounds of (seat, card), K5
    first_dealer: int
    positions: int  # hands in play: 4, 3, or 3 (2 players and the dummy)
    cap: int  # the deck's points, the highest bid (K4, K8)


class HandStart(NamedTuple):
    """A hand as dealt (K6, K20): `dealt` holds the hands of positions (4 players) or
    the three piles in dealt order (2-3 players), each in dealt order."""

    number: int
    dealer: int
    order: tuple[int, ...]  # positions clockwise from the dealer's left (K7, K22)
    nxt: tuple[int, ...]  # nxt[position]: the next position clockwise
    dealt: tuple[tuple[int, ...], ...]
    nest: tuple[int, ...]
    out_of_play: tuple[int, ...]


class TrickRecord(NamedTuple):
    leader: int  # a position
    plays: tuple[tuple[int, int], ...]  # (position, card)
    winner: int
    points: int


class HandResult(NamedTuple):
    """A finished hand and its scoring (K14-K17)."""

    start: HandStart
    pile_of: tuple[int, ...]  # position -> pile index (2-3 players), () with 4
    bids: tuple[tuple[int, int], ...]  # (seat, points); 0 points is a pass
    bidder: int
    bid: int
    put_back: tuple[int, ...]
    trump: int
    tricks: tuple[TrickRecord, ...]
    taken: tuple[int, int]  # counters of (the bidder's side, the other side), nest included
    made: bool
    deltas: tuple[int, ...]  # per seat
    scores: tuple[int, ...]  # per seat, after the hand


class State:
    """A Rook match at one moment, hidden cards included (see views.py)."""

    __slots__ = (
        "bidder",
        "bids",
        "hands",
        "high",
        "history",
        "leader",
        "led",
        "match",
        "passed",
        "phase",
        "pile_of",
        "plays",
        "put_back",
        "scores",
        "start",
        "taken",
        "to_move",
        "tricks",
        "trump",
        "turn",
        "winners",
    )

    match: MatchInfo
    start: HandStart
    phase: int
    to_move: int  # the seat that moves; -1 when the match is over
    turn: int  # the position whose cards are on turn (a seat outside the play)
    hands: tuple[tuple[int, ...], ...]  # per position, sorted
    pile_of: tuple[int, ...]  # per position: the pile taken, -1 not yet (2 players)
    bids: tuple[tuple[int, int], ...]
    high: int  # the current bid, 0 before the opening
    bidder: int  # the seat of the current high bid, then the bidder; -1 before
    passed: tuple[bool, ...]  # per seat
    put_back: tuple[int, ...]
    trump: int  # suit 0..3, -1 before it is named
    leader: int  # position
    led: int  # the suit led to the current trick, -1 before its first card
    plays: tuple[tuple[int, int], ...]
    tricks: tuple[TrickRecord, ...]
    taken: tuple[int, ...]  # counters per position in this hand's tricks so far
    scores: tuple[int, ...]  # per seat
    history: tuple[HandResult, ...]
    winners: tuple[int, ...]

    def copy(self) -> State:
        new = State.__new__(State)
        new.match = self.match
        new.start = self.start
        new.phase = self.phase
        new.to_move = self.to_move
        new.turn = self.turn
        new.hands = self.hands
        new.pile_of = self.pile_of
        new.bids = self.bids
        new.high = self.high
        new.bidder = self.bidder
        new.passed = self.passed
        new.put_back = self.put_back
        new.trump = self.trump
        new.leader = self.leader
        new.led = self.led
        new.plays = self.plays
        new.tricks = self.tricks
        new.taken = self.taken
        new.scores = self.scores
        new.history = self.history
        new.winners = self.winners
        return new

    @property
    def rules(self) -> RookRules:
        return self.match.rules

    @property
    def players(self) -> int:
        return self.match.players

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def fingerprint(self) -> tuple[object, ...]:
        """Every field as plain data: equal fingerprints mean equal states."""
        return tuple(getattr(self, name) for name in State.__slots__)

    def controller(self, position: int) -> int:
        """The seat that moves for `position`: itself, or for the dummy the non-bidder."""
        if position == DUMMY and self.match.players == 2:
            return 1 - self.bidder
        return position


# ---------------------------------------------------------------------------
# Starting a match and a hand


def _rank(card: int) -> int:
    return 13 if card == ROOK else card >> 2


def _first_dealer(
    deck: Sequence[int], players: int, key: bytes
) -> tuple[tuple[tuple[tuple[int, int], ...], ...], int]:
    """K5 (as 22's R7): everyone draws from the shuffled deck; the highest rank deals
    (the Rook is above every card, K3); those tied draw again. When the deck runs short a
    fresh one is shuffled from the same stream."""
    rng = stream(key, "first-dealer")
    pile: list[int] = []
    rounds: list[tuple[tuple[int, int], ...]] = []
    drawing = list(range(players))
    while True:
        if len(pile) < len(drawing):
            pile = list(deck)
            rng.shuffle(pile)
        draws = tuple((seat, pile.pop(0)) for seat in drawing)
        rounds.append(draws)
        top = max(_rank(c) for _, c in draws)
        drawing = [seat for seat, c in draws if _rank(c) == top]
        if len(drawing) == 1:
            return tuple(rounds), drawing[0]


def _deal(s: State, number: int, dealer: int) -> None:
    """K6/K20: shuffle from stream `deal/<n>` and deal one card at a time."""
    m = s.match
    players = m.players
    deck = list(BIG_DECK if players == 4 else SMALL_DECK)
    stream(m.key, f"deal/{number}").shuffle(deck)
    n = m.positions
    if players == 2:
        order: tuple[int, ...] = (1 - dealer, DUMMY, dealer)  # dealer, non-dealer, dummy
        nxt = [0, 0, 0]
        nxt[dealer], nxt[1 - dealer], nxt[DUMMY] = 1 - dealer, DUMMY, dealer
    else:
        order = tuple((dealer + 1 + i) % n for i in range(n))
        nxt = [(p + 1) % n for p in range(n)]
    if players == 4:
        dealt_list: list[tuple[int, ...]] = [()] * 4
        for i, pos in enumerate(order):
            dealt_list[pos] = tuple(deck[i : 4 * HAND_SIZE_BIG : 4])
        dealt = tuple(dealt_list)
        nest = tuple(deck[36:41])
        out: tuple[int, ...] = ()
        hands = tuple(tuple(sorted(h)) for h in dealt)
        pile_of: tuple[int, ...] = ()
    else:
        dealt = tuple(tuple(deck[i : 3 * PILE_SIZE : 3]) for i in range(3))
        out = tuple(deck[36:39])
        nest = tuple(deck[39:44])
        if players == 3:  # K21: each player takes one pile, from the dealer's left
            pile_list = [0, 0, 0]
            for i, pos in enumerate(order):
                pile_list[pos] = i
            pile_of = tuple(pile_list)
            hands = tuple(tuple(sorted(dealt[pile_list[p]])) for p in range(3))
        else:
            pile_of = (-1, -1, -1)
            hands = ((), (), ())
    s.start = HandStart(number, dealer, order, tuple(nxt), dealt, nest, out)
    s.hands = hands
    s.pile_of = pile_of
    s.bids = ()
    s.high = 0
    s.bidder = -1
    s.passed = (False,) * players
    s.put_back = ()
    s.trump = -1
    s.leader = order[0]
    s.led = -1
    s.plays = ()
    s.tricks = ()
    s.taken = (0,) * n
    first = order[0]  # K7: the dealer's left; with 2 players the non-dealer (K22)
    s.phase = PILES if players == 2 else BIDDING
    s.to_move = s.turn = first


def new_match(rules: RookRules, players: int, seed: str) -> State:
    """The state before the first move: first dealer drawn, first hand dealt (K5, K6)."""
    rules = rules.for_players(players)
    key = seed_key(seed)
    deck = BIG_DECK if players == 4 else SMALL_DECK
    draws, dealer = _first_dealer(deck, players, key)
    s = State.__new__(State)
    s.match = MatchInfo(
        rules, players, key, draws, dealer, 3 if players < 4 else 4, deck_points(players)
    )
    s.scores = (0,) * players
    s.history = ()
    s.winners = ()
    _deal(s, 1, dealer)
    return s


# ---------------------------------------------------------------------------
# Legal options, shared by the state and the seat's view (they see the same inputs)


def bid_options(seat: int, high: int, rules: RookRules, cap: int) -> list[Bid | Pass]:
    """K8: a pass (not for the opening), or any multiple of bid_step above the current
    bid (at least min_bid to open) up to the cap."""
    step = rules.bid_step
    if high == 0:
        return [Bid(seat, p) for p in range(rules.min_bid, cap + 1, step)]
    moves: list[Bid | Pass] = [Pass(seat)]
    moves.extend(Bid(seat, p) for p in range(high + step, cap + 1, step))
    return moves


_PLAYS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(seat, TEXT[c]) for c in range(53)) for seat in range(4)
)
"""_PLAYS[seat][card]: every one-card play, built once."""


def playable_cards(hand: tuple[int, ...], led: int, trump: int) -> list[int]:
    """K11/K12: lead anything; follow the suit led if you can (the Rook may always be
    played); when trump is led and your only trump is the Rook, play it."""
    if led < 0:
        return list(hand)
    follow = [c for c in hand if c & 3 == led and c != ROOK]
    if follow:
        if hand[-1] == ROOK:  # sorted: the Rook (52) is last
            follow.append(ROOK)
        return follow
    if led == trump and hand[-1] == ROOK:
        return [ROOK]
    return list(hand)


def play_options(seat: int, hand: tuple[int, ...], led: int, trump: int) -> list[Play]:
    """The legal plays of `playable_cards`, as the cached move structs."""
    plays = _PLAYS[seat]
    return [plays[c] for c in playable_cards(hand, led, trump)]


def trick_winner(plays: Sequence[tuple[int, int]], led: int, trump: int) -> int:
    """K13: the Rook; otherwise the highest trump; otherwise the highest of the suit led."""
    best_pos = -1
    best_key = -1
    for pos, c in plays:
        if c == ROOK:
            return pos
        suit = c & 3
        if suit == trump:
            key = 100 + c
        elif suit == led:
            key = c
        else:
            continue
        if key > best_key:
            best_key = key
            best_pos = pos
    return best_pos


class NestOptions(Sequence[Nest]):
    """Every 5-card nest (K9) as a lazy sequence: 2002 of them from 14 cards, 6188 from
    17, decoded only when asked (a random playout asks for one). Option i is the i-th
    5-subset of the sorted hand in lexicographic order of positions."""

    __slots__ = ("_hand", "_seat", "_size")

    def __init__(self, seat: int, hand: tuple[int, ...]) -> None:
        self._seat = seat
        self._hand = hand
        self._size = comb(len(hand), NEST_SIZE) if len(hand) >= NEST_SIZE else 0

    def __len__(self) -> int:
        return self._size

    def _decode(self, index: int) -> Nest:
        hand = self._hand
        n = len(hand)
        chosen: list[str] = []
        k = NEST_SIZE
        i = 0
        while k:
            ways = comb(n - i - 1, k - 1)  # subsets that take hand[i]
            if index < ways:
                chosen.append(TEXT[hand[i]])
                k -= 1
            else:
                index -= ways
            i += 1
        return Nest(self._seat, tuple(chosen))

    @overload
    def __getitem__(self, index: int) -> Nest: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Nest]: ...
    def __getitem__(self, index: int | slice) -> Nest | Sequence[Nest]:
        if isinstance(index, slice):
            return [self._decode(i) for i in range(*index.indices(self._size))]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError(index)
        return self._decode(index)

    def __iter__(self) -> Iterator[Nest]:
        for i in range(self._size):
            yield self._decode(i)


def pile_options(seat: int, pile_of: tuple[int, ...]) -> list[Pile]:
    return [Pile(seat, p) for p in range(3) if p not in pile_of]


def trump_options(seat: int) -> list[Trump]:
    return [Trump(seat, suit) for suit in SUIT_CHARS]


def legal_moves(state: State) -> Sequence[RookMove]:
    """Every legal move of the seat to move (empty when the match is over)."""
    phase = state.phase
    seat = state.to_move
    if phase == PLAY:
        return play_options(seat, state.hands[state.turn], state.led, state.trump)
    if phase == BIDDING:
        return bid_options(seat, state.high, state.match.rules, state.match.cap)
    if phase == NEST:
        return NestOptions(seat, state.hands[seat])
    if phase == TRUMP:
        return trump_options(seat)
    if phase == PILES:
        return pile_options(seat, state.pile_of)
    return []


# ---------------------------------------------------------------------------
# The moves


def _card(text: str) -> int:
    c = CODE.get(text)
    if c is None:
        broken("rook.not_a_card", "K2", card=text)
    return c


def _apply_pile(s: State, move: Pile) -> None:
    p = move.pile
    if not 0 <= p < 3:
        broken("rook.pile_range", "K22", pile=p)
    if p in s.pile_of:
        broken("rook.pile_taken", "K22", pile=p)
    pile_of = list(s.pile_of)
    pile_of[move.seat] = p
    dealer = s.start.dealer
    if move.seat != dealer:  # the non-dealer chose first; now the dealer (K22)
        s.pile_of = tuple(pile_of)
        s.to_move = s.turn = dealer
        return
    pile_of[DUMMY] = next(q for q in range(3) if q not in pile_of)
    s.pile_of = tuple(pile_of)
    dealt = s.start.dealt
    s.hands = tuple(tuple(sorted(dealt[q])) for q in pile_of)
    s.phase = BIDDING
    s.to_move = s.turn = 1 - dealer  # the non-dealer bids first (K22)


def _next_bidder(s: State, seat: int) -> int:
    nxt = s.start.nxt
    passed = s.passed
    p = nxt[seat]
    while p >= s.match.players or passed[p]:  # skip the dummy and those who passed
        p = nxt[p]
    return p


def _apply_bid(s: State, move: RookMove) -> None:
    rules = s.match.rules
    seat = move.seat
    if isinstance(move, Pass):
        if s.high == 0:
            broken("rook.must_open", "K8", min_bid=rules.min_bid)
        passed = list(s.passed)
        passed[seat] = True
        s.passed = tuple(passed)
        s.bids = (*s.bids, (seat, 0))
    else:
        assert isinstance(move, Bid)
        points = move.points
        cap = s.match.cap
        if points % rules.bid_step:
            broken("rook.bid_step", "K8", step=rules.bid_step, points=points)
        if s.high == 0 and points < rules.min_bid:
            broken("rook.bid_open_low", "K8", min_bid=rules.min_bid, points=points)
        if points <= s.high:
            broken("rook.bid_not_higher", "K8", high=s.high, points=points)
        if points > cap:
            broken("rook.bid_cap", "K8", cap=cap, points=points)
        s.high = points
        s.bidder = seat
        s.bids = (*s.bids, (seat, points))
    if s.high == s.match.cap or s.passed.count(False) == 1:
        _take_nest(s)
        return
    s.to_move = s.turn = _next_bidder(s, seat)


def _take_nest(s: State) -> None:
    """K8 ends, K9 begins: the bidder adds the nest to their hand."""
    b = s.bidder
    hands = list(s.hands)
    hands[b] = tuple(sorted(hands[b] + s.start.nest))
    s.hands = tuple(hands)
    s.phase = NEST
    s.to_move = s.turn = b


def _apply_nest(s: State, move: Nest) -> None:
    cards = move.cards
    if len(cards) != NEST_SIZE:
        broken("rook.nest_size", "K9", count=len(cards))
    hand = list(s.hands[s.bidder])
    chosen: list[int] = []
    for text in cards:
        c = _card(text)
        if c in chosen:
            broken("rook.nest_twice", "K9", card=text)
        if c not in hand:
            broken("rook.nest_not_held", "K9", card=text)
        chosen.append(c)
        hand.remove(c)
    hands = list(s.hands)
    hands[s.bidder] = tuple(hand)
    s.hands = tuple(hands)
    s.put_back = tuple(chosen)
    s.phase = TRUMP


def _apply_trump(s: State, move: Trump) -> None:
    suit = SUIT_CHARS.find(move.suit) if len(move.suit) == 1 else -1
    if suit < 0:
        broken("rook.trump_suit", "K10", suit=move.suit)
    s.trump = suit
    s.phase = PLAY
    s.leader = s.turn = s.start.order[0]  # K11: the first player leads (K7, K22)
    s.to_move = s.controller(s.turn)


def _apply_play(s: State, move: Play) -> None:
    pos = s.turn
    hand = s.hands[pos]
    c = CODE.get(move.card, -1)
    try:
        i = hand.index(c)
    except ValueError:
        broken("rook.not_held", "K11", card=move.card)
    led = s.led
    if led >= 0 and c != ROOK and c & 3 != led:
        trump = s.trump
        for x in hand:
            if x & 3 == led and x != ROOK:
                broken("rook.follow_suit", "K11", suit=SUIT_CHARS[led])
        if led == trump and hand[-1] == ROOK:
            broken("rook.rook_forced", "K12")
    if led < 0:
        s.led = s.trump if c == ROOK else c & 3  # K12: a Rook lead calls trump
    hands = list(s.hands)
    hands[pos] = hand[:i] + hand[i + 1 :]
    s.hands = tuple(hands)
    s.plays = plays = (*s.plays, (pos, c))
    if len(plays) < s.match.positions:
        s.turn = nxt = s.start.nxt[pos]
        s.to_move = s.controller(nxt)
        return
    winner = trick_winner(plays, s.led, s.trump)
    pts = 0
    for _, x in plays:
        pts += POINTS[x]
    taken = list(s.taken)
    taken[winner] += pts
    s.tricks = (*s.tricks, TrickRecord(s.leader, plays, winner, pts))
    s.plays = ()
    s.led = -1
    if hands[pos]:
        s.taken = tuple(taken)
        s.leader = s.turn = winner  # K11: the winner leads the next trick
        s.to_move = s.controller(winner)
        return
    for x in s.put_back:  # K14: the last trick takes the nest
        taken[winner] += POINTS[x]
    s.taken = tuple(taken)
    _score_hand(s)


def _score_hand(s: State) -> None:
    """K15-K18, K21, K22: count the sides, score the bid, end or deal the next hand."""
    m = s.match
    players = m.players
    bidder = s.bidder
    if players == 4:
        side = tuple(p & 1 == bidder & 1 for p in range(4))
    else:  # 3 players: the bidder alone; 2: the non-bidder and the dummy together
        side = tuple(p == bidder for p in range(m.positions))
    ours = sum(t for t, mine in zip(s.taken, side, strict=True) if mine)
    theirs = sum(s.taken) - ours
    made = ours >= s.high
    deltas = tuple(
        (s.high if made else -s.high) if side[seat] else theirs for seat in range(players)
    )
    scores = tuple(a + d for a, d in zip(s.scores, deltas, strict=True))
    s.scores = scores
    s.history = (
        *s.history,
        HandResult(
            s.start,
            s.pile_of,
            s.bids,
            bidder,
            s.high,
            s.put_back,
            s.trump,
            s.tricks,
            (ours, theirs),
            made,
            deltas,
            scores,
        ),
    )
    top = max(scores)
    if top >= m.rules.target:
        leaders = [seat for seat in range(players) if scores[seat] == top]
        # K18: with 4 players the two teams level at the top play another hand (partners
        # always score alike, so one team at the top is two seats); K22 likewise. K21: with
        # 3 the players level at the top share the win, for the two defenders of a hand
        # always score alike and could otherwise stay level for ever.
        if players == 3 or len({seat & 1 if players == 4 else seat for seat in leaders}) == 1:
            s.phase = OVER
            s.to_move = s.turn = -1
            s.winners = tuple(leaders)
            return
    _deal(s, s.start.number + 1, (s.start.dealer + 1) % players)  # K5


# ---------------------------------------------------------------------------
# The public fold

_MOVE_PHASE: dict[type, int] = {
    Pile: PILES,
    Bid: BIDDING,
    Pass: BIDDING,
    Nest: NEST,
    Trump: TRUMP,
    Play: PLAY,
}


def _wrong_phase(state: State, wanted: int) -> NoReturn:
    """A move of another phase: one whose phase is over names that phase's rule (a trump
    named twice is K10's, a bid after the bidding K8's); one that comes too early names
    the rule of the phase still going on."""
    phase = state.phase
    if wanted == PILES and state.players != 2:
        broken("rook.no_piles", "K22")
    if wanted < phase:
        broken(
            "rook.phase_over",
            PHASE_RULES[wanted],
            wanted=PHASE_WORDS[wanted],
            now=PHASE_WORDS[phase],
        )
    broken("rook.phase", PHASE_RULES[phase], wanted=PHASE_WORDS[wanted], now=PHASE_WORDS[phase])


def apply(state: State, move: RookMove) -> State:
    """The state after `move`, or RuleBroken (an IllegalMove) naming the K rule."""
    phase = state.phase
    if phase == OVER:
        broken("rook.over", "K18")
    wanted = _MOVE_PHASE.get(type(move), -1)
    if wanted < 0:
        broken("rook.not_a_move", PHASE_RULES[phase], kind=type(move).__name__)
    if wanted != phase:
        _wrong_phase(state, wanted)
    if move.seat != state.to_move:
        broken("rook.turn", PHASE_RULES[phase], expected=state.to_move, seat=move.seat)
    s = state.copy()
    if phase == PLAY:
        assert type(move) is Play
        _apply_play(s, move)
    elif phase == BIDDING:
        _apply_bid(s, move)
    elif phase == NEST:
        assert type(move) is Nest
        _apply_nest(s, move)
    elif phase == TRUMP:
        assert type(move) is Trump
        _apply_trump(s, move)
    else:
        assert type(move) is Pile
        _apply_pile(s, move)
    return s
