"""A hint for a human player: the move a look-ahead bot would make from this seat's view,
with the numbers behind it (how often that move, and the next best, lose the deal in
the sampled worlds), so the interface can give a one-line reason without judging
anything itself.

Only the view is used: a hint knows what the player knows, never a hidden card. The
worlds come from a stream named after the position (as every bot's), so asking twice
gives the same hint.
"""

from __future__ import annotations

from typing import NamedTuple

from ..moves import Move
from ..views import SeatView
from .base import bot_stream
from .choices import candidates
from .determinize import Sampler, sim_from
from .montecarlo import apply_candidate, playouts_now

__all__ = ["Hint", "hint"]

HINT_PLAYOUTS = 6000
"""Playouts for a hint: three times the "hard" level's budget (well under a second)."""


class Hint(NamedTuple):
    move: Move
    forced: bool  # the only legal move
    lose_pct: int  # % of sampled deals this move loses (penalty > 0)
    mean_penalty: float
    alternative: Move | None  # the next best move, when there is one
    alternative_lose_pct: int
    worlds: int


def hint(view: SeatView, seed: str, playouts: int = HINT_PLAYOUTS) -> Hint:
    """The move with the lowest mean penalty over sampled deals (common random numbers:
    every candidate is played out in the same worlds), and how it compares."""
    cands = candidates(view)
    if len(cands) == 1:
        return Hint(cands[0].move, True, 0, 0.0, None, 0, 0)
    rng = bot_stream(seed, view.seat, "hint")
    rng.at(view)
    sampler = Sampler(view)
    worlds = max(1, playouts_now(view, playouts) // len(cands))
    me = view.seat
    totals = [0] * len(cands)
    losses = [0] * len(cands)
    for _ in range(worlds):
        base = sim_from(view, sampler.sample(rng))
        for i, c in enumerate(cands):
            s = base.copy()
            apply_candidate(s, c)
            penalty = s.finish()[me]
            totals[i] += penalty
            losses[i] += penalty > 0
    order = sorted(range(len(cands)), key=lambda i: (totals[i], i))
    best, second = order[0], order[1]
    return Hint(
        cands[best].move,
        False,
        round(100 * losses[best] / worlds),
        totals[best] / worlds,
        cands[second].move,
        round(100 * losses[second] / worlds),
        worlds,
    )
