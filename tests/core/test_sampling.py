"""tt22.core.sampling: the worlds of one decision, and the determinizing bot over them."""

from __future__ import annotations

from typing import Any

from tt22.core.registry import get_game
from tt22.core.rng import seed_key, stream
from tt22.core.sampling import DeterminizingBot, tally
from tt22.games.rook.bots import SamplingRookBot, _value, decision_rng, playout
from tt22.games.rook.state import PLAY, State


def _rook_in_play(seed: str) -> tuple[Any, State]:
    """A Rook state in the play, a seat to move with more than one legal card."""
    from tt22.core.bots import make_bot

    rook = get_game("rook")
    state = rook.new_match(rook.rules([], 4), 4, seed)
    bots = [make_bot("rook", "rules", seed, s) for s in range(4)]
    while True:
        seat = rook.to_move(state)
        v = rook.view(state, seat)
        if v.phase == PLAY and len(v.legal_moves()) > 2 and len(v.tricks) >= 2:
            return rook, state
        state = rook.apply(state, bots[seat].choose(v))


def test_every_candidate_meets_the_same_worlds_in_the_streams_order() -> None:
    """Common random numbers: candidate i and j see world k alike, and the worlds are
    the game's `resample` from the stream, one after another."""
    rook, state = _rook_in_play("tally")
    v = rook.view(state, rook.to_move(state))
    seen: dict[str, list[Any]] = {"a": [], "b": [], "c": []}

    def judge(world: Any, name: str) -> float:
        seen[name].append(world.hands)
        return float(len(seen[name]))

    totals = tally(rook, v, stream(seed_key("t"), "w"), 5, ["a", "b", "c"], judge)
    assert totals == [15.0, 15.0, 15.0]
    rng = stream(seed_key("t"), "w")
    expected = [rook.resample(v, rng).hands for _ in range(5)]
    assert seen["a"] == seen["b"] == seen["c"] == expected
    assert len({repr(h) for h in expected}) == 5  # five different worlds


def test_rooks_sampling_bot_is_the_flat_monte_carlo_it_always_was() -> None:
    """The bot over `DeterminizingBot` picks, decision by decision, the card the flat
    loop it replaced picks: each legal card in the same worlds, played out by the rules
    of thumb, the best total of `_value`, the first card on a tie."""
    rook = get_game("rook")
    key = seed_key("flat")
    bot = SamplingRookBot(key, 6)
    assert isinstance(bot, DeterminizingBot)
    checked = 0
    for seed in ("flat1", "flat2", "flat3"):
        _, state = _rook_in_play(seed)
        while rook.locate(state).hand == 1 and not rook.is_over(state):
            seat = rook.to_move(state)
            v = rook.view(state, seat)
            moves = v.legal_moves()
            if len(moves) > 1:
                rng = decision_rng(key, seat, "sampling", v)
                totals = [0.0] * len(moves)
                for _ in range(6):
                    base = rook.resample(v, rng)
                    for i, m in enumerate(moves):
                        totals[i] += _value(v, playout(rook.apply(base, m)))
                best = moves[max(range(len(moves)), key=lambda i: (totals[i], -i))]
                assert bot.choose(v) == best
                checked += 1
            state = rook.apply(state, bot.choose(v))
    assert checked >= 10
