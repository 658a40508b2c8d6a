"""Helpers for the engine tests: set up an exact table position, make moves by text,
and check the invariants that must hold in every state.

`rig` builds a state by hand (white-box: it fills State's fields) so a rule test can
start from the very position the rule talks about instead of hunting for a seed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tt22.core.cards import CODE, TEXT, full_deck
from tt22.games.twentytwo import (
    EXCHANGE,
    OVER,
    PLAY,
    Exchange,
    Play,
    Rules,
    State,
    apply,
    new_match,
)
from tt22.games.twentytwo.state import DealStart, ExchangeRecord


def cards(text: str) -> tuple[int, ...]:
    return tuple(CODE[t] for t in text.split())


def texts(cs: Sequence[int]) -> str:
    return " ".join(TEXT[c] for c in cs)


def rig(
    hands: Sequence[str | None],
    *,
    rules: Rules | None = None,
    dealer: int | None = None,
    stock: str = "",
    phase: int = PLAY,
    totals: Sequence[int] | None = None,
    penalties: Sequence[str] | None = None,
    seed: str = "rig",
) -> State:
    """A state of deal 1 with exactly these hands (None: that seat is out of the match).

    The dealer defaults to the last seat in, so seat 0 (if in) moves first. In PLAY
    every player is recorded as having kept their hand.
    """
    n = len(hands)
    base = new_match(rules or Rules(), n, seed)
    s = base.copy()
    out = tuple(h is None for h in hands)
    players_in = tuple(i for i in range(n) if not out[i])
    if dealer is None:
        dealer = players_in[-1]
    order: list[int] = []
    seat = dealer
    while len(order) < len(players_in):
        seat = (seat + 1) % n
        if not out[seat]:
            order.append(seat)
    dealt = tuple(None if h is None else cards(h) for h in hands)
    size = max(len(h) for h in dealt if h is not None)
    s.deal = DealStart(1, dealer, size, players_in, tuple(order), dealt, cards(stock))
    s.hands = tuple(() if h is None else tuple(sorted(h)) for h in dealt)
    s.stock = cards(stock)
    s.discards = tuple(() for _ in range(n))
    s.exchanges = tuple(ExchangeRecord(seat, (), ()) for seat in order) if phase == PLAY else ()
    s.tricks = ()
    s.plays = ()
    s.best_seat = -1
    s.best_desc = ()
    s.totals = tuple(totals) if totals is not None else (0,) * n
    s.penalties = tuple(cards(p) for p in penalties) if penalties else tuple(() for _ in range(n))
    s.out = out
    s.history = ()
    s.winners = ()
    s.phase = phase
    s.leader = s.to_move = order[0]
    return s


def play(state: State, seat: int, text: str) -> State:
    return apply(state, Play(seat, tuple(text.split())))


def exchange(state: State, seat: int, text: str = "") -> State:
    return apply(state, Exchange(seat, tuple(text.split())))


def keep_all(state: State) -> State:
    """Everyone keeps their hand: the exchange is skipped."""
    while state.phase == EXCHANGE:
        state = apply(state, Exchange(state.to_move, ()))
    return state


def cards_accounted(state: State) -> Counter[int]:
    """Every card of the match's deck(s) where it is now: hands, stock, this deal's
    discards, the cards played this deal and the penalty cards set aside.

    At the end of the match the losers' last cards are both in hand and set aside; they
    are counted once.
    """
    seen: Counter[int] = Counter()
    for h in state.hands:
        seen.update(h)
    seen.update(state.stock)
    for d in state.discards:
        seen.update(d)
    for t in state.tricks:
        for _, cs in t.plays:
            seen.update(cs)
    for _, cs in state.plays:
        seen.update(cs)
    for p in state.penalties:
        seen.update(p)
    if state.phase == OVER:
        last = state.history[-1]
        for seat, c in last.showdown:
            if seat in last.losers:
                seen[c] -= 1
    return +seen


def full(state: State) -> Counter[int]:
    return Counter(full_deck(state.rules.decks))


__all__ = [
    "EXCHANGE",
    "OVER",
    "PLAY",
    "cards",
    "cards_accounted",
    "exchange",
    "full",
    "keep_all",
    "play",
    "rig",
    "texts",
]
