"""A measuring stick, never an opponent: a bot that sees every hand and the stock.

It shows how much room the honest bots leave. It does not implement the `Bot` protocol
on purpose: the only way to ask it for a move is `choose_seeing_everything(state)`,
which takes the whole `State`, so no code path that hands out views can seat it by
mistake. `tt22 arena --allow-cheater` is the one place that calls it; it is not in
`BOT_NAMES`, so `tt22 sim` and play never offer it.
"""

from __future__ import annotations

from tt22.core.rng import Pcg32

from ..moves import Move
from ..state import EXCHANGE, State
from ..views import view
from .choices import candidates
from .fastsim import Sim
from .montecarlo import ENDGAME_CARDS, apply_candidate, match_value, playouts_now, solve

__all__ = ["CHEATER_NAME", "CheaterBot"]

CHEATER_NAME = "cheater"
DEFAULT_PLAYOUTS = 600


def _sim_of(state: State) -> Sim:
    s = Sim.__new__(Sim)
    s.hands = [[c >> 2 for c in h] for h in state.hands]
    nxt = [-1] * state.players
    order = state.deal.order
    for i, seat in enumerate(order):
        nxt[seat] = order[(i + 1) % len(order)]
    s.nxt = nxt
    s.order = order
    s.phase = state.phase
    s.stock = [c >> 2 for c in state.stock]
    s.stop_short = state.rules.exchange == "stop_when_short"
    s.max_set = state.rules.max_set
    s.must_beat = state.rules.must_beat
    s.to_move = state.to_move
    s.leader = state.leader
    s.best = list(state.best_desc)
    s.best_seat = state.best_seat
    s.ex_seats = order[order.index(state.to_move) :] if state.phase == EXCHANGE else ()
    s.ex_i = 0
    s.rng = None
    s.eps = 0
    return s


class CheaterBot:
    """Evaluates each candidate on the true deal (every hand, the stock in order): by
    playouts where the others answer by the rules of thumb with some noise, and from
    three cards down by solving the deal exactly."""

    name = CHEATER_NAME

    def __init__(self, rng: Pcg32, playouts: int = DEFAULT_PLAYOUTS) -> None:
        self.rng = rng
        self.playouts = playouts

    def choose_seeing_everything(self, state: State) -> Move:
        seat = state.to_move
        v = view(state, seat)
        cands = candidates(v)
        if len(cands) == 1:
            return cands[0].move
        base = _sim_of(state)
        scores = []
        if v.playing and len(v.hand) <= ENDGAME_CARDS:
            for c in cands:
                s = base.copy()
                apply_candidate(s, c)
                scores.append(match_value(v, solve(s)))
        else:
            reps = max(1, playouts_now(v, self.playouts) // len(cands))
            for c in cands:
                total = 0.0
                for _ in range(reps):
                    s = base.copy()
                    apply_candidate(s, c)
                    s.noise(self.rng, 40)
                    total += match_value(v, s.finish())
                scores.append(total)
        best = max(range(len(cands)), key=lambda i: scores[i])
        return cands[best].move
