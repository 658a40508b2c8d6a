"""Rook's bots. Each sees its seat's view (K23) and nothing else, and returns one move.

- `random`: any legal card, nest and trump uniformly; it opens at the minimum and passes
  otherwise (uniformly random bids lose hand after hand and a game may never end). For
  tests and the arena: no level plays it.
- `casual` (the easy level): the rules of thumb, slipping a careless card in the play
  now and then.
- `rules`: rules of thumb: bids from its hand's strength, keeps its longest strong suit as
  trump, buries low cards of short suits, wins tricks with counters cheaply, gives its
  partner points, saves the Rook for a trick worth it.
- `sampling`: a determinizing bot. For each candidate card it deals the unseen cards out
  again many times (consistent with what the view shows: hand sizes, voids revealed by
  failing to follow), plays each world to the end of the hand with the rules of thumb, and
  keeps the card whose side scores best on average. Bidding, the nest and trump are the
  rules of thumb's. It sees exactly what `view.unseen_cards()` says is unseen.

Randomness: every decision draws from its own stream of the match seed,
`bot/<seat>/<name>/<hand>/<phase>/<tricks>/<bids>` (docs/seeds.md), so a decision is a
pure function of (seed, seat, bot, view), as 22's bots are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tt22.core.bots import BotMenu, decision_stream, play_match
from tt22.core.rng import Pcg32, seed_key
from tt22.core.sampling import DeterminizingBot

from .cards import POINTS, ROOK, SUIT_CHARS, TEXT
from .game import ROOK_GAME
from .moves import Bid, Nest, Pass, Play, RookMove, Trump
from .rules import RookRules
from .sample import World, sample_world, voids, world_state
from .state import (
    BIDDING,
    DUMMY,
    NEST,
    PILES,
    PLAY,
    TRUMP,
    State,
    apply,
    playable_cards,
    trick_winner,
)
from .views import RookView

__all__ = [
    "BOT_NAMES",
    "LEVELS",
    "NAMES",
    "CasualRookBot",
    "RandomRookBot",
    "RookBot",
    "RulesRookBot",
    "SamplingRookBot",
    "World",
    "decision_rng",
    "make_bot",
    "make_level",
    "play_bots",
    "playout",
    "sample_world",
    "seat_bot",
    "voids",
    "world_state",
]


class RookBot(Protocol):
    """Chooses a move for its seat from what that seat may see."""

    name: str

    def choose(self, view: RookView) -> RookMove: ...


def decision_rng(key: bytes, seat: int, name: str, view: RookView) -> Pcg32:
    """The stream of one decision: a seat bids several times in a hand, so the number of
    bids so far is part of its name; in the play a seat decides once per trick."""
    return decision_stream(
        key, seat, name, view.hand_number, view.phase, len(view.tricks), len(view.bids)
    )


# ---------------------------------------------------------------------------
# Reading a view


def _suit(card: int, trump: int) -> int:
    return trump if card == ROOK else card & 3


def my_side(view: RookView) -> frozenset[int]:
    """The positions on this seat's side this hand (itself included)."""
    seat = view.seat
    if view.players == 4:
        return frozenset((seat, (seat + 2) % 4))
    if view.bidder < 0 or view.bidder == seat:
        return frozenset((seat,))
    if view.players == 3:
        return frozenset(p for p in range(3) if p != view.bidder)
    return frozenset((seat, DUMMY))


def _suit_strength(hand: Sequence[int], suit: int) -> int:
    """How good `suit` would be as trump: length first, then high cards."""
    cards = [c for c in hand if c != ROOK and c & 3 == suit]
    return 10 * len(cards) + sum(max(0, (c >> 2) - 6) for c in cards)


def best_trump(hand: Sequence[int]) -> int:
    return max(range(4), key=lambda s: (_suit_strength(hand, s), -s))


def hand_strength(hand: Sequence[int]) -> int:
    """A rough count of what a hand can take as bidder: its best trump suit's length and
    honours, aces, the Rook and the counters it holds."""
    trump = best_trump(hand)
    trumps = [c for c in hand if c != ROOK and c & 3 == trump]
    aces = sum(1 for c in hand if c != ROOK and c >> 2 == 12 and c & 3 != trump)
    honours = sum(max(0, (c >> 2) - 8) for c in trumps)  # Q 2, K 3, A 4 (and J 1)
    return (
        6 * len(trumps)
        + 2 * honours
        + 7 * aces
        + (15 if ROOK in hand else 0)
        + sum(POINTS[c] for c in hand) // 2
    )


# What the rules bot's side takes as bidder, by table: intercept + slope * strength, and
# the spread around it. Fitted on 400 deals per table with the rules bot playing every
# seat (the fit and its script: docs/bots.md, "Rook").
_TAKE_FIT = {4: (46.0, 0.645, 23.0), 3: (15.0, 0.635, 17.0), 2: (20.0, 0.54, 16.5)}


def bid_limit(view: RookView) -> int:
    """The highest bid this hand is worth: the points its side is expected to take,
    less half their spread, rounded down to the bid step (and never above the cap)."""
    intercept, slope, spread = _TAKE_FIT[view.players]
    expected = intercept + slope * hand_strength(view.hand) - spread / 2
    step = view.rules.bid_step
    return min(int(expected) // step * step, view.cap)


# ---------------------------------------------------------------------------
# Bots


def _opening(view: RookView) -> RookMove:
    return Bid(view.seat, view.rules.min_bid)


class RandomRookBot:
    """Level 1: random legal cards, nest and trump; the opening at the minimum, then pass."""

    name = "random"

    def __init__(self, key: bytes) -> None:
        self.key = key

    def choose(self, view: RookView) -> RookMove:
        if view.phase == BIDDING:
            return _opening(view) if view.high == 0 else Pass(view.seat)
        moves = view.legal_moves()
        rng = decision_rng(self.key, view.seat, self.name, view)
        return moves[rng.bounded(len(moves))]


def _nest_choice(seat: int, hand: Sequence[int]) -> Nest:
    """Keep the trump suit, the Rook and aces; bury the lowest cards of the shortest
    other suits (voids let the bidder trump in), counters last."""
    trump = best_trump(hand)
    counts = [0, 0, 0, 0]
    for c in hand:
        if c != ROOK:
            counts[c & 3] += 1

    def cost(c: int) -> tuple[int, int, int, int]:
        if c == ROOK or (c & 3) == trump:
            return (3, 0, 0, c)
        if c >> 2 == 12:
            return (2, 0, 0, c)
        return (1 if POINTS[c] else 0, counts[c & 3], c >> 2, c)

    chosen = sorted(hand, key=cost)[:5]
    return Nest(seat, tuple(TEXT[c] for c in sorted(chosen)))


def rules_card(
    side: frozenset[int],
    hand: Sequence[int],
    led: int,
    trump: int,
    plays: Sequence[tuple[int, int]],
    positions: int,
    legal: Sequence[int],
    bidder_side: bool,
) -> int:
    """The rules of thumb's card, from plain data (shared with the sampling bot's
    playouts): `legal` holds the cards that may be played."""
    if len(legal) == 1:
        return legal[0]
    if not plays:  # leading
        if bidder_side:
            trumps = [c for c in legal if c != ROOK and c & 3 == trump]
            if len(trumps) >= 2 and trumps[-1] >> 2 >= 10:
                return trumps[-1]  # pull trump with a high one
        aces = [c for c in legal if c != ROOK and c >> 2 == 12 and c & 3 != trump]
        if aces:
            return aces[0]
        plain = [c for c in legal if c != ROOK and c & 3 != trump and not POINTS[c]]
        pool = plain or [c for c in legal if c != ROOK] or list(legal)
        return min(pool, key=lambda c: (c >> 2, c))
    winner = trick_winner(plays, led, trump)
    at_stake = sum(POINTS[c] for _, c in plays)
    last = len(plays) == positions - 1
    if winner in side:  # partner winning: give points if safe, else throw low
        if last or (winner_card(plays, winner) >> 2) >= 11:
            counters = [c for c in legal if c != ROOK and POINTS[c]]
            if counters:
                return max(counters, key=lambda c: (POINTS[c], -(c >> 2)))
        return _cheapest(legal)
    winning = [c for c in legal if trick_winner((*plays, (-1, c)), led, trump) == -1]
    if winning:
        cheap = [c for c in winning if c != ROOK]
        if cheap and (at_stake or last or cheap[0] >> 2 >= 11):
            return min(cheap, key=lambda c: (c & 3 == trump, c >> 2))
        if ROOK in winning and (at_stake >= 15 or len(hand) <= 2):
            return ROOK
        if cheap and at_stake + max(POINTS[c] for c in cheap) >= 10:
            return min(cheap, key=lambda c: (c & 3 == trump, c >> 2))
    return _cheapest(legal)


def winner_card(plays: Sequence[tuple[int, int]], winner: int) -> int:
    for pos, c in plays:
        if pos == winner:
            return c
    return -1


def _cheapest(legal: Sequence[int]) -> int:
    """The card least worth keeping: no counter, low, not a trump winner, never the Rook."""
    pool = [c for c in legal if c != ROOK] or list(legal)
    return min(pool, key=lambda c: (POINTS[c] > 0, c >> 2, c))


class CasualRookBot:
    """The easy level: a casual player. It takes the nest and names trump by the rules of
    thumb, but now and then (`slip`, from the decision's own stream) it bids a step or
    two past what its hand is worth, or throws a legal card without thinking: it
    misjudges, it never gives the hand away as random play did."""

    name = "casual"
    slip = 1 / 2

    def __init__(self, key: bytes) -> None:
        self.key = key
        self.rules = RulesRookBot(key)

    def choose(self, view: RookView) -> RookMove:
        rng = decision_rng(self.key, view.seat, self.name, view)
        slipped = rng.chance(self.slip)
        if view.phase == PLAY and slipped:
            moves = view.legal_moves()
            return moves[rng.bounded(len(moves))]
        move = self.rules.choose(view)
        if view.phase == BIDDING and slipped and isinstance(move, Pass) and view.high:
            # An eager player's bid: one step past what the hand is worth (K8).
            nxt = view.min_next_bid()
            if nxt and nxt <= bid_limit(view) + 2 * view.rules.bid_step:
                return Bid(view.seat, nxt)
        return move


class RulesRookBot:
    """Level 2: the rules of thumb."""

    name = "rules"

    def __init__(self, key: bytes) -> None:
        self.key = key

    def choose(self, view: RookView) -> RookMove:
        seat = view.seat
        phase = view.phase
        if phase == BIDDING:
            if view.high == 0:
                return _opening(view)
            nxt = view.high + view.rules.bid_step
            if nxt <= bid_limit(view) and nxt <= view.cap:
                return Bid(seat, nxt)
            return Pass(seat)
        if phase == NEST:
            return _nest_choice(seat, view.hand)
        if phase == TRUMP:
            return Trump(seat, SUIT_CHARS[best_trump(view.hand)])
        if phase == PILES:
            moves = view.legal_moves()
            rng = decision_rng(self.key, seat, self.name, view)
            return moves[rng.bounded(len(moves))]
        hand = view.acting_hand()
        legal = playable_cards(hand, view.led, view.trump) if view.my_turn else []
        side = my_side(view)
        card = rules_card(
            side,
            hand,
            view.led,
            view.trump,
            view.plays,
            len(view.hand_counts),
            legal,
            view.bidder in side,
        )
        return Play(seat, TEXT[card])


# ---------------------------------------------------------------------------
# Determinization


def playout(s: State) -> State:
    """Play the hand out with the rules of thumb from every seat's full-information
    hands (a determinized world has no secrets left)."""
    number = len(s.history)
    positions = s.match.positions
    while s.phase == PLAY and len(s.history) == number:
        pos = s.turn
        hand = s.hands[pos]
        legal = playable_cards(hand, s.led, s.trump)
        seat = s.controller(pos)
        if s.match.players == 4:
            side = frozenset((seat, (seat + 2) % 4))
        elif seat == s.bidder:
            side = frozenset((seat,))
        else:
            side = frozenset(p for p in range(positions) if p != s.bidder)
        card = rules_card(side, hand, s.led, s.trump, s.plays, positions, legal, s.bidder in side)
        s = apply(s, Play(s.to_move, TEXT[card]))
    return s


def _value(view: RookView, s: State) -> float:
    """The hand's outcome for this seat: its side's score minus the best other seat's."""
    deltas = s.history[-1].deltas
    mine = deltas[view.seat]
    others = [d for seat, d in enumerate(deltas) if seat != view.seat and d != mine]
    return float(mine - (max(others) if others else mine))


class SamplingRookBot(DeterminizingBot):
    """Level 3: determinized sampling over the play (tt22.core.sampling: each legal card
    in the same `Game.resample` worlds, played out by `playout`, scored by `_value`); the
    rules of thumb elsewhere."""

    name = "sampling"
    game = ROOK_GAME

    def __init__(self, key: bytes, worlds: int = 24) -> None:
        super().__init__(worlds)
        self.key = key
        self.rules = RulesRookBot(key)

    def stream(self, view: RookView) -> Pcg32:
        return decision_rng(self.key, view.seat, self.name, view)

    def playout(self, state: State) -> State:
        return playout(state)

    def score(self, view: RookView, end: State) -> float:
        return _value(view, end)

    def samples(self, view: RookView) -> bool:
        return view.phase == PLAY

    def otherwise(self, view: RookView) -> RookMove:
        return self.rules.choose(view)


LEVELS: dict[str, tuple[str, int]] = {
    "easy": ("casual", 0),
    "normal": ("rules", 0),
    "hard": ("sampling", 16),
    "expert": ("sampling", 40),
}
"""Levels as 22's are named: the bot and its sampled worlds per card (docs/bots.md)."""

MENU: BotMenu[RookBot] = BotMenu(
    (RandomRookBot, CasualRookBot, RulesRookBot, SamplingRookBot),
    LEVELS,
    worlds=24,
    sampled=("sampling",),
    noun="Rook bot",
    seed_arg=seed_key,
)
BOT_NAMES = MENU.bot_names
NAMES = MENU.names
"""Every name `seat_bot` takes, levels first (tt22.core.bots: the registry entry's bots)."""
make_bot = MENU.make_bot
make_level = MENU.make_level
seat_bot = MENU.seat_bot


def play_bots(
    bots: Sequence[RookBot],
    rules: RookRules,
    seed: str,
    max_hands: int = 200,
) -> State:
    """A whole game between `bots` (one per seat), each seeing only its own view; stops
    after `max_hands` hands if no one has won by then (tt22.core.bots.play_match)."""
    state: State = play_match(ROOK_GAME, rules, seed, bots, hands=max_hands).state
    return state
