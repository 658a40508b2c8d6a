"""Per-seat views (K23): what one seat may know at one moment, and nothing more.

A `RookView` holds the seat's own cards, every card played, the bidding and the trump,
in the 2-player game the dummy's face-up cards (all of them once trump is named), and
the nest only for the bidder who put it down. Other hands, the nest and the cards out of
play are not in it at all (not merely hidden behind a flag). A finished hand's nest and
cards out of play are shown in `history`: the hand has ended (K14, K23).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .cards import BIG_DECK, SMALL_DECK
from .moves import RookMove
from .rules import RookRules
from .state import (
    BIDDING,
    DUMMY,
    NEST,
    OVER,
    PILES,
    PLAY,
    TRUMP,
    HandResult,
    HandStart,
    MatchInfo,
    NestOptions,
    State,
    TrickRecord,
    bid_options,
    pile_options,
    play_options,
    trump_options,
)

__all__ = ["PublicHand", "RookView", "own_state", "state_from_view", "view"]

DUMMY_FACE_UP = 6


class PublicHand(NamedTuple):
    """A finished hand as the table saw it once it ended: everything but the dealt
    hands (whose cards all went into tricks, or the nest, anyway)."""

    number: int
    dealer: int
    pile_of: tuple[int, ...]
    bids: tuple[tuple[int, int], ...]
    bidder: int
    bid: int
    nest: tuple[int, ...]  # as put back, counted by the last trick (K14)
    out_of_play: tuple[int, ...]
    trump: int
    tricks: tuple[TrickRecord, ...]
    taken: tuple[int, int]
    made: bool
    deltas: tuple[int, ...]
    scores: tuple[int, ...]


class RookView(NamedTuple):
    seat: int
    players: int
    rules: RookRules
    cap: int
    phase: int
    to_move: int
    turn: int  # the position on turn (2 is the dummy in the 2-player game)
    hand_number: int
    dealer: int
    order: tuple[int, ...]
    hand: tuple[int, ...]  # this seat's cards (the bidder's 14 or 17 while at the nest)
    dummy: tuple[int, ...]  # the dummy's face-up cards (2 players), sorted
    dummy_hidden: int  # how many of the dummy's cards are face down
    hand_counts: tuple[int, ...]  # per position
    pile_of: tuple[int, ...]
    bids: tuple[tuple[int, int], ...]
    high: int
    bidder: int
    passed: tuple[bool, ...]
    nest: tuple[int, ...]  # only for the bidder, once put back
    trump: int
    leader: int
    led: int
    plays: tuple[tuple[int, int], ...]
    tricks: tuple[TrickRecord, ...]
    taken: tuple[int, ...]  # counters in this hand's tricks, per position (no nest)
    scores: tuple[int, ...]
    history: tuple[PublicHand, ...]
    winners: tuple[int, ...]
    first_draws: tuple[tuple[tuple[int, int], ...], ...] = ()
    """The first-dealer draw (K5), rounds of (seat, card): drawn face up for all."""

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat and self.phase != OVER

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def min_next_bid(self) -> int:
        """The lowest bid allowed now (K8): min_bid to open, else one step above the
        current bid; 0 when no bid is possible (the bidding is over or at the top)."""
        if self.phase != BIDDING:
            return 0
        lowest = self.rules.min_bid if self.high == 0 else self.high + self.rules.bid_step
        return lowest if lowest <= self.cap else 0

    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides as seats: (0, 2) and (1, 3) with 4 players (K1); with 3 the bidder
        alone and the other two (K21), each seat alone before the bidding is won; with 2
        each seat alone, the dummy playing with the non-bidder (K22)."""
        if self.players == 4:
            return ((0, 2), (1, 3))
        if self.players == 3 and self.bidder >= 0:
            return ((self.bidder,), tuple(s for s in range(3) if s != self.bidder))
        return tuple((s,) for s in range(self.players))

    def acting_hand(self) -> tuple[int, ...]:
        """The cards on turn for this seat: its own, or the dummy's in the dummy's turn."""
        if self.players == 2 and self.turn == DUMMY:
            return self.dummy
        return self.hand

    def legal_moves(self) -> Sequence[RookMove]:
        """This seat's legal moves now (none when it is not its turn)."""
        if not self.my_turn:
            return []
        seat = self.seat
        phase = self.phase
        if phase == PLAY:
            return play_options(seat, self.acting_hand(), self.led, self.trump)
        if phase == BIDDING:
            return bid_options(seat, self.high, self.rules, self.cap)
        if phase == NEST:
            return NestOptions(seat, self.hand)
        if phase == TRUMP:
            return trump_options(seat)
        if phase == PILES:
            return pile_options(seat, self.pile_of)
        return []

    def unseen_cards(self) -> list[int]:
        """Cards this seat has not seen this hand (other hands, the face-down dummy,
        the nest unless it put it down, the cards out of play), sorted: what a
        determinizing bot deals out again."""
        if self.phase == OVER:
            return []
        seen = set(self.hand) | set(self.dummy) | set(self.nest)
        for t in self.tricks:
            seen.update(c for _, c in t.plays)
        seen.update(c for _, c in self.plays)
        deck = BIG_DECK if self.players == 4 else SMALL_DECK
        return [c for c in deck if c not in seen]


def _public(h: HandResult) -> PublicHand:
    return PublicHand(
        h.start.number,
        h.start.dealer,
        h.pile_of,
        h.bids,
        h.bidder,
        h.bid,
        h.put_back,
        h.start.out_of_play,
        h.trump,
        h.tricks,
        h.taken,
        h.made,
        h.deltas,
        h.scores,
    )


def _dummy(state: State) -> tuple[tuple[int, ...], int]:
    if state.players != 2 or state.phase in (PILES, OVER):
        return (), 0
    cards = state.hands[DUMMY]
    if state.phase >= PLAY:  # K22: turned up once trump is named
        return cards, 0
    up = state.start.dealt[state.pile_of[DUMMY]][:DUMMY_FACE_UP]
    return tuple(sorted(up)), len(cards) - len(up)


def _hand_counts(state: State, positions: int, over: bool) -> tuple[int, ...]:
    """Cards held per position, public: while the 2-player game chooses piles (K22) the
    hands are dealt only once both have chosen, but a pile taken is that player's, and
    its size is known to all (the review's M8: a bot that took pile 1 showed 0 cards)."""
    if over:
        return (0,) * positions
    if state.phase == PILES:
        dealt = state.start.dealt
        return tuple(len(dealt[p]) if p >= 0 else 0 for p in state.pile_of)
    return tuple(len(h) for h in state.hands)


def view(state: State, seat: int) -> RookView:
    """What `seat` may know now (K23)."""
    dummy, hidden = _dummy(state)
    over = state.phase == OVER
    positions = state.match.positions
    return RookView(
        seat=seat,
        players=state.players,
        rules=state.rules,
        cap=state.match.cap,
        phase=state.phase,
        to_move=state.to_move,
        turn=state.turn,
        hand_number=state.start.number,
        dealer=state.start.dealer,
        order=state.start.order,
        hand=() if over else state.hands[seat],
        dummy=dummy,
        dummy_hidden=hidden,
        hand_counts=_hand_counts(state, positions, over),
        pile_of=state.pile_of,
        bids=state.bids,
        high=state.high,
        bidder=state.bidder,
        passed=state.passed,
        nest=state.put_back if seat == state.bidder and not over else (),
        trump=state.trump,
        leader=state.leader,
        led=state.led,
        plays=state.plays,
        tricks=() if over else state.tricks,
        taken=(0,) * positions if over else state.taken,
        scores=state.scores,
        history=tuple(_public(h) for h in state.history),
        winners=state.winners,
        first_draws=state.match.first_draws,
    )


def state_from_view(
    view: RookView,
    hands: tuple[tuple[int, ...], ...],
    put_back: tuple[int, ...],
    *,
    nest: tuple[int, ...] = (),
    dealt: tuple[tuple[int, ...], ...] | None = None,
    out_of_play: tuple[int, ...] = (),
) -> State:
    """A state of the view's hand with the hidden parts filled in by the caller: a
    determinizing bot's sampled world, or empty hands to judge the seat's own move. It
    has no seed (the next hand's deal is never what such a state is for) and no history."""
    s = State.__new__(State)
    positions = len(view.hand_counts)
    s.match = MatchInfo(
        view.rules, view.players, b"view", view.first_draws, view.dealer, positions, view.cap
    )
    order = view.order
    nxt = [0] * positions
    for i, p in enumerate(order):
        nxt[p] = order[(i + 1) % positions]
    if dealt is None:
        dealt = ((),) * (4 if view.players == 4 else 3)  # unseen: empty
    s.start = HandStart(view.hand_number, view.dealer, order, tuple(nxt), dealt, nest, out_of_play)
    s.phase = view.phase
    s.to_move = view.to_move
    s.turn = view.turn
    s.hands = hands
    s.pile_of = view.pile_of
    s.bids = view.bids
    s.high = view.high
    s.bidder = view.bidder
    s.passed = view.passed
    s.put_back = put_back
    s.trump = view.trump
    s.leader = view.leader
    s.led = view.led
    s.plays = view.plays
    s.tricks = view.tricks
    s.taken = view.taken
    s.scores = view.scores
    s.history = ()
    s.winners = ()
    return s


def own_state(view: RookView) -> State:
    """The view as a state with every unseen card left out: enough to judge this seat's
    move (legality only ever looks at the cards on turn)."""
    hands: list[tuple[int, ...]] = [()] * len(view.hand_counts)
    if view.phase != OVER:
        hands[view.seat] = view.hand
        if view.players == 2 and view.phase >= PLAY:
            hands[DUMMY] = view.dummy
    return state_from_view(view, tuple(hands), view.nest)
