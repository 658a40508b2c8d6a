"""What `tt22 analyse` measures in 22 (docs/analysis.md): the seat's penalty points this
deal, lower being better, and beside them its chance of being put out by this deal (R5).

Worlds are dealt from the seat's view by 22's `Game.resample` as every game's are (its
determinizer, `bots.determinize`: the unseen cards dealt again, consistent with every
duck the table has seen, earlier deals made whole from the public record), the moves
weighed when there are many are the ones 22's look-ahead bots weigh (`bots.choices`),
and each world is played out to the end of the deal by the rules of thumb, the policy
22's sampling and search bots play their own playouts with.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.core.protocol import Game, Objective

from .bots.choices import candidates
from .bots.fastsim import Sim
from .moves import Move
from .state import EXCHANGE, OVER, PLAY, State
from .views import SeatView

__all__ = ["OBJECTIVE", "TwentyTwoObjective", "sim_of"]


def sim_of(state: State) -> Sim:
    """The rank-level simulator (bots/fastsim.py) of the deal of `state` as it stands, in
    the exchange or the play: the same deal on ranks alone (R2: suits never matter)."""
    deal = state.deal
    order = deal.order
    s = Sim.__new__(Sim)
    s.hands = [sorted(c >> 2 for c in h) for h in state.hands]
    nxt = [-1] * len(state.hands)
    for i, seat in enumerate(order):
        nxt[seat] = order[(i + 1) % len(order)]
    s.nxt = nxt
    s.order = order
    s.phase = state.phase
    s.stock = [c >> 2 for c in state.stock]
    rules = state.match.rules
    s.stop_short = rules.exchange == "stop_when_short"
    s.max_set = rules.max_set
    s.must_beat = rules.must_beat
    s.to_move = state.to_move
    s.leader = state.leader
    s.best = list(state.best_desc)
    s.best_seat = state.best_seat
    s.ex_seats = order[order.index(state.to_move) :] if state.phase == EXCHANGE else ()
    s.ex_i = 0
    s.rng = None
    s.eps = 0
    return s


class TwentyTwoObjective(Objective):
    """Penalty points this deal (R3, R18): a deal's loser takes its last card's value, so
    the figure runs 0 to 11 a deal, and a loss of 2 points is a whole card's difference
    at the bottom of the ranks. Thresholds: ?! from 1 point, ? from 2, ?? from 4 (the
    difference between taking a low penalty and a high one)."""

    unit = "penalty points this deal"
    lower_is_better = True
    thresholds = (1.0, 2.0, 4.0)
    extras = ("out",)
    worlds = 320
    playout = "rules"

    def outcome(self, seat: int, start: State, end: State) -> float:
        return float(end.totals[seat] - start.totals[seat])

    def extra(self, seat: int, start: State, end: State) -> tuple[float, ...]:
        return (1.0 if end.out[seat] and not start.out[seat] else 0.0,)

    def rollout(
        self, game: Game[Any, Any, Any, Any], world: State, move: Move, seat: int
    ) -> tuple[float, tuple[float, ...]]:
        """The move through the engine, then the rest of the deal by the rules of thumb
        on the rank-level simulator (the rules bot's very policy, several times faster
        than folding moves: tests/analysis checks they agree)."""
        state = game.apply(world, move)
        if state.phase == OVER or state.deal.number != world.deal.number:
            return self.outcome(seat, world, state), self.extra(seat, world, state)
        assert state.phase in (EXCHANGE, PLAY)
        penalty = sim_of(state).finish()[seat]
        limit = state.match.rules.elimination_at
        out = penalty > 0 and not world.out[seat] and world.totals[seat] + penalty >= limit
        return float(penalty), (1.0 if out else 0.0,)

    def propose(self, game: Game[Any, Any, Any, Any], view: SeatView) -> Sequence[Move]:
        """The look-ahead bots' own short list: the rules-of-thumb move first, then every
        legal play, or in an exchange the kept hand and each run of ranks."""
        return [c.move for c in candidates(view)]


OBJECTIVE = TwentyTwoObjective()
