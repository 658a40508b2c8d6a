"""Levels 3 and 4: judging each move by playing the deal out in sampled worlds.

Both bots deal the unseen cards again (determinize.py), play every candidate move in
each sampled world, and finish the deal by the rules of thumb on the rank-level
simulator (fastsim.py). Budgets are counts of playouts, never seconds, so a bot's
moves depend only on its view and its own random stream: a simulated match replays
exactly on any machine, however busy.

- `SamplingBot` gives every candidate the same sampled worlds (common random numbers:
  the difference between two moves is measured on the same deals) and picks the move
  with the lowest mean penalty for its seat.
- `SearchBot` spends the same kind of budget by sequential halving (the weaker half of
  the candidates is dropped after each round, so the close calls get most playouts),
  solves small endgames exactly in every sampled world instead of playing them out by
  rule, and scores a deal by what it does to the seat's chance of winning the match
  (a penalty that eliminates us, or one that eliminates a rival, counts for more than
  its face value).
"""

from __future__ import annotations

from collections.abc import Sequence

from tt22.core.rng import Pcg32

from ..moves import Move
from ..views import SeatView
from .choices import Candidate, candidates
from .determinize import Sampler, sim_from
from .fastsim import DONE, PLAY, Sim

__all__ = ["SamplingBot", "SearchBot", "match_value", "solve"]

ENDGAME_CARDS = 3
"""From this many cards in hand down, the search bot solves each sampled world exactly."""

SOLVE_COST = 12
"""An exact endgame solve costs about this many playouts; budgets count it so."""

REFERENCE_WORK = 4 * 7
"""A budget counts playouts of a four-player deal of seven cards. A bigger table or a
bigger hand makes each playout longer, so the bot runs proportionally fewer: think time
per move stays about the same whatever the deal."""


def playouts_now(view: SeatView, budget: int) -> int:
    """The budget in playouts for this decision (see REFERENCE_WORK)."""
    work = len(view.players_in) * max(2, len(view.hand))
    return max(1, budget * REFERENCE_WORK // work)


def apply_candidate(s: Sim, c: Candidate) -> None:
    if s.phase == PLAY:
        s.play(c.ranks, c.beat)
    else:
        s.exchange(c.ranks)


def solve(s: Sim) -> list[int]:
    """Penalties when every seat, knowing every hand, plays to lower its own (max-n).

    The two-card trick needs no search: leading the higher card and beating whenever
    possible is then optimal for each seat (a lower last card is never worse), which
    is what the rules of thumb do.
    """
    if s.phase != PLAY or len(s.hands[s.to_move]) <= 2:
        return s.finish()
    seat = s.to_move
    best: list[int] | None = None
    for ranks, beat in s.options():
        t = s.copy()
        t.play(ranks, beat)
        result = solve(t) if t.phase != DONE else t.penalties()
        if best is None or result[seat] < best[seat]:
            best = result
    assert best is not None
    return best


def match_value(view: SeatView, penalties: Sequence[int]) -> float:
    """The seat's share of the match after this deal: each player still in weighs the
    square of the points it may still lose; everyone out at once shares by R6."""
    limit = view.rules.elimination_at
    me = view.seat
    weights: list[float] = []
    mine = 0.0
    for seat in view.players_in:
        left = limit - view.totals[seat] - penalties[seat]
        w = float(left * left) if left > 0 else 0.0
        weights.append(w)
        if seat == me:
            mine = w
    total = sum(weights)
    if total > 0:
        return mine / total
    finals = [view.totals[seat] + penalties[seat] for seat in view.players_in]
    low = min(finals)
    if view.totals[me] + penalties[me] != low:
        return 0.0
    return 1.0 / finals.count(low)


class _PlayoutBot:
    """What the look-ahead bots share: their stream and their budget in playouts."""

    name = "playouts"

    def __init__(self, rng: Pcg32, playouts: int, name: str | None = None) -> None:
        self.rng = rng
        self.playouts = playouts
        if name is not None:
            self.name = name


class SamplingBot(_PlayoutBot):
    """Flat Monte Carlo over sampled worlds; the budget is playouts per decision."""

    name = "sampling"

    def choose(self, view: SeatView) -> Move:
        cands = candidates(view)
        if len(cands) == 1 or (view.playing and len(view.hand) <= 2):
            return cands[0].move  # with two cards the rule of thumb is optimal (see solve)
        sampler = Sampler(view)
        worlds = max(1, playouts_now(view, self.playouts) // len(cands))
        me = view.seat
        totals = [0] * len(cands)
        for _ in range(worlds):
            base = sim_from(view, sampler.sample(self.rng))
            for i, c in enumerate(cands):
                s = base.copy()
                apply_candidate(s, c)
                totals[i] += s.finish()[me]
        best = min(range(len(cands)), key=lambda i: totals[i])
        return cands[best].move


class SearchBot(_PlayoutBot):
    """Determinized search: sequential halving over candidates, exact small endgames,
    outcomes scored by `match_value`. The budget is playouts per decision."""

    name = "search"

    def choose(self, view: SeatView) -> Move:
        cands = candidates(view)
        if len(cands) == 1 or (view.playing and len(view.hand) <= 2):
            return cands[0].move  # with two cards the rule of thumb is optimal (see solve)
        budget = playouts_now(view, self.playouts)
        if view.playing and len(view.hand) <= ENDGAME_CARDS:
            return self._endgame(view, cands, budget)
        sampler = Sampler(view)
        arms = list(range(len(cands)))
        sums = [0.0] * len(cands)
        counts = [0] * len(cands)
        rounds = max(1, (len(cands) - 1).bit_length())
        for _ in range(rounds):
            per = max(1, budget // (rounds * len(arms)))
            for _ in range(per):
                base = sim_from(view, sampler.sample(self.rng))
                for a in arms:
                    s = base.copy()
                    apply_candidate(s, cands[a])
                    sums[a] += match_value(view, s.finish())
                    counts[a] += 1
            arms.sort(key=lambda a: -sums[a] / counts[a])
            arms = arms[: max(1, (len(arms) + 1) // 2)]
            if len(arms) == 1:
                break
        return cands[arms[0]].move

    def _endgame(self, view: SeatView, cands: list[Candidate], budget: int) -> Move:
        """Every candidate in every sampled world, each world solved exactly."""
        sampler = Sampler(view)
        worlds = max(1, budget // (SOLVE_COST * len(cands)))
        sums = [0.0] * len(cands)
        for _ in range(worlds):
            base = sim_from(view, sampler.sample(self.rng))
            for i, c in enumerate(cands):
                s = base.copy()
                apply_candidate(s, c)
                sums[i] += match_value(view, solve(s))
        best = max(range(len(cands)), key=lambda i: sums[i])
        return cands[best].move
