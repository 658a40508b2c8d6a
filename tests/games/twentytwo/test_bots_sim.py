"""The rank-level simulator agrees with the engine; determinization respects the view."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tt22.core.cards import CODE
from tt22.core.conformance import random_playout
from tt22.core.registry import get_game
from tt22.core.rng import Pcg32
from tt22.games.twentytwo import (
    Exchange,
    Play,
    State,
    apply,
    legal_moves,
    view,
)
from tt22.games.twentytwo.bots.base import bot_stream
from tt22.games.twentytwo.bots.cheater import _sim_of
from tt22.games.twentytwo.bots.determinize import Sampler, constraints, determinized_state, sim_from
from tt22.games.twentytwo.bots.fastsim import DONE, EXCHANGE, PLAY

OPTIONS = [[], ["must_beat=true"], ["exchange=stop_when_short"], ["must_beat=true", "decks=2"]]


GAME22 = get_game("twentytwo")


def _somewhere(players: int, options: list[str], seed: str, steps: int) -> State:
    """A state part-way through a random match (not over): the last one within `steps`
    moves of a seeded random playout."""
    playout = random_playout(GAME22, players, seed, rules=options, name="test", limit=steps)
    state: State = [s for s, _ in playout if not s.over][-1]
    return state


def _ranks(texts: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(sorted(CODE[t] >> 2 for t in texts))


tables = st.tuples(
    st.integers(2, 9), st.sampled_from(OPTIONS), st.text(max_size=6), st.integers(0, 120)
)


@settings(max_examples=60, deadline=None)
@given(tables)
def test_fast_simulator_follows_the_engine(table: tuple[int, list[str], str, int]) -> None:
    players, options, seed, steps = table
    state = _somewhere(players, options, seed, steps)
    sim = _sim_of(state)
    deal = state.deal.number
    rng = Pcg32(7, len(seed))
    while True:
        moves = legal_moves(state)
        move = moves[rng.bounded(len(moves))]
        if isinstance(move, Play):
            assert sim.phase == PLAY and sim.to_move == state.to_move
            engine_opts = sorted(_ranks(m.cards) for m in moves if isinstance(m, Play))
            sim_opts = sorted(tuple(sorted(r)) for r, _ in sim.options())
            assert engine_opts == sim_opts
            ranks = _ranks(move.cards)
            beat = next(b for r, b in sim.options() if tuple(sorted(r)) == ranks)
            sim.play(ranks, beat)
        else:
            assert isinstance(move, Exchange)
            assert sim.phase == EXCHANGE and sim.to_move == state.to_move
            sim.exchange(_ranks(move.discard))
        state = apply(state, move)
        if state.over or state.deal.number != deal:
            break
        assert [sorted(c >> 2 for c in h) for h in state.hands] == sim.hands
    assert sim.phase == DONE
    result = state.history[-1]
    expected = [0] * players
    for seat in result.losers:
        expected[seat] = result.penalty
    assert sim.penalties() == expected


@settings(max_examples=60, deadline=None)
@given(tables)
def test_determinized_worlds_are_consistent_with_the_view(
    table: tuple[int, list[str], str, int],
) -> None:
    players, options, seed, steps = table
    state = _somewhere(players, options, seed, steps)
    seat = state.to_move
    v = view(state, seat)
    bounds = constraints(v)
    # The truth satisfies what the view says about hidden hands.
    for other, (lo, hi) in bounds.items():
        assert all(lo <= c >> 2 < hi for c in state.hands[other])
    rng = bot_stream(seed, seat, "test")
    sampler = Sampler(v)
    for _ in range(5):
        hands, stock, rest = sampler.sample(rng)
        assert sorted([c for h in hands.values() for c in h] + stock + rest) == v.unseen_cards()
        assert len(stock) == v.stock_size
        for other, cards in hands.items():
            assert len(cards) == v.hand_counts[other]
        s = sim_from(v, (hands, stock, rest))
        assert s.hands[seat] == [c >> 2 for c in v.hand]
        s.finish()
        assert s.phase == DONE
    det = determinized_state(v, rng)
    again = view(det, seat)
    for field in ("hand", "plays", "tricks", "hand_counts", "stock_size", "exchanges", "phase"):
        assert getattr(again, field) == getattr(v, field), field
    assert list(again.legal_moves()) == list(v.legal_moves())
    # The determinized state plays on through the engine.
    moves = legal_moves(det)
    apply(det, moves[0])


def test_a_duck_bounds_the_hand_from_below() -> None:
    """Seat 1 ducked a 5 under a queen: it holds nothing below a 5."""
    state = _somewhere(3, [], "duck", 0)
    from tt22.games.twentytwo.state import TrickRecord

    s = state.copy()
    s.phase = 1
    s.tricks = (TrickRecord(0, ((0, (40,)), (1, (12,)), (2, (44,))), 2),)
    v = view(s, 2)
    assert constraints(v)[1] == (3, 13)
    assert constraints(v)[0] == (0, 13)
