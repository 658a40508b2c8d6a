"""Helpers for the Rook tests: set up an exact position, make moves by text, play whole
games with a seeded chooser, and check the invariants every state keeps.

`rig` builds a PLAY-phase state by hand (white-box: it fills State's fields) so a rule
test starts from the very position its rule talks about instead of hunting for a seed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from tt22.core.rng import Pcg32, seed_key, stream
from tt22.games.rook import ROOK_GAME, RookRules, State
from tt22.games.rook.cards import BIG_DECK, CODE, SMALL_DECK, SUIT_CHARS, TEXT
from tt22.games.rook.moves import Bid, Pass, RookMove
from tt22.games.rook.state import BIDDING, NEST, OVER, PILES, PLAY, new_match

GAME = ROOK_GAME


def cards(text: str) -> tuple[int, ...]:
    return tuple(CODE[t] for t in text.split())


def texts(cs: Sequence[int]) -> str:
    return " ".join(TEXT[c] for c in cs)


def move(s: State, text: str) -> State:
    """Apply `text` (`bid 75`, `play AS`) for the seat to move."""
    return GAME.apply(s, GAME.parse_move(s.to_move, text))


def moves(s: State, *items: str) -> State:
    for text in items:
        s = move(s, text)
    return s


def rig(
    players: int,
    hands: Sequence[str],
    *,
    trump: str = "H",
    leader: int = 0,
    bidder: int = 0,
    bid: int = 70,
    put_back: str = "",
    taken: Sequence[int] | None = None,
    scores: Sequence[int] | None = None,
    rules: RookRules | None = None,
    seed: str = "rig",
) -> State:
    """A PLAY-phase state of hand 1 with exactly these hands (per position: with 2
    players the third is the dummy), `leader` to lead."""
    s = new_match(rules or RookRules(), players, seed).copy()
    n = s.match.positions
    assert len(hands) == n
    s.hands = tuple(tuple(sorted(cards(h))) for h in hands)
    if players == 2:
        s.pile_of = (0, 1, 2)
    s.phase = PLAY
    s.bidder = bidder
    s.high = bid
    s.bids = ((bidder, bid),)
    s.passed = tuple(seat != bidder for seat in range(players))
    s.trump = SUIT_CHARS.index(trump)
    s.put_back = cards(put_back)
    s.leader = s.turn = leader
    s.to_move = s.controller(leader)
    s.led = -1
    s.plays = ()
    s.tricks = ()
    s.taken = tuple(taken) if taken is not None else (0,) * n
    if scores is not None:
        s.scores = tuple(scores)
    return s


def deck_of(players: int) -> tuple[int, ...]:
    return BIG_DECK if players == 4 else SMALL_DECK


def cards_in_state(s: State) -> Counter[int]:
    """Every card the state holds this hand: hands, nest, tricks, the trick on the table,
    the cards out of play."""
    held: Counter[int] = Counter()
    for h in s.hands:
        held.update(h)
    if s.phase < NEST:
        held.update(s.start.nest)  # not yet taken
    else:
        held.update(s.put_back)
    for t in s.tricks:
        held.update(c for _, c in t.plays)
    held.update(c for _, c in s.plays)
    held.update(s.start.out_of_play)
    if s.phase == PILES:  # 2 players: nobody holds a pile until both have chosen
        for pile in s.start.dealt:
            held.update(pile)
    return held


Chooser = Callable[[State, Sequence[RookMove], Pcg32], RookMove]


def modest(s: State, legal: Sequence[RookMove], rng: Pcg32) -> RookMove:
    """Random, except that a bid never goes more than two steps above the minimum: with
    wild bids every hand is lost and scores can sink forever (the rules allow that)."""
    if s.phase == BIDDING:
        limit = s.rules.min_bid + 2 * s.rules.bid_step
        legal = [
            m for m in legal if isinstance(m, Pass) or (isinstance(m, Bid) and m.points <= limit)
        ]
        if not legal:  # only bids above the limit and no pass: the opening at its lowest
            return GAME.legal_moves(s)[0]
    return legal[rng.bounded(len(legal))]


def play_game(
    players: int,
    seed: str,
    rules: RookRules | None = None,
    chooser: Chooser = modest,
    max_hands: int = 200,
    each: Callable[[State], None] | None = None,
) -> State:
    """A whole game under `chooser` (seeded by `seed`), calling `each` on every state."""
    s = new_match(rules or RookRules(), players, seed)
    rng = stream(seed_key(seed), "test-chooser")
    while s.phase != OVER and len(s.history) < max_hands:
        if each is not None:
            each(s)
        s = GAME.apply(s, chooser(s, GAME.legal_moves(s), rng))
    if each is not None:
        each(s)
    return s
