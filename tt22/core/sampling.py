"""Determinizing sampling over `Game.resample`: one loop and one bot for every game.

A bot cannot see the cards it has not been shown, so it deals them again: `worlds`
times it asks the game for a state its seat cannot tell from the real one
(`Game.resample(view, rng)`, from the decision's own stream) and judges each candidate
in that same world, so two candidates differ only by themselves (common random numbers).

- `tally` is that loop with any judge: Rook's sampling bot plays each card out; Gin's,
  500 Rum's and Manipulation's count the worlds in which a discard or a play would
  help an opponent.
- `DeterminizingBot` is the bot whose judge is a playout: each legal move applied in
  each world, the rest played by the game's playout policy (every hand open: a world
  has no secrets), the end scored for the seat; the best total wins, the first legal
  move on a tie. Its budget is a count of worlds, never seconds, so a decision is a
  pure function of (seed, seat, bot, view) on any machine.

22's sampling and search bots are not this bot: they deal with the same determinizer
but play out on a rank-level simulator many times faster than `apply`
(tt22/games/twentytwo/bots/montecarlo.py), and search spends its playouts unevenly.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from .protocol import Game
from .rng import Pcg32

__all__ = ["DeterminizingBot", "tally"]

C = TypeVar("C")


def tally(
    game: Game[Any, Any, Any, Any],
    view: Any,
    rng: Pcg32,
    worlds: int,
    candidates: Sequence[C],
    judge: Callable[[Any, C], float],
) -> list[float]:
    """For each candidate, the sum of `judge(world, candidate)` over `worlds` worlds
    dealt from `view` by `game.resample` with `rng`, one after another (every candidate
    meets each world before the next is dealt, so the draws are the same whatever the
    candidates)."""
    totals = [0.0] * len(candidates)
    resample = game.resample
    for _ in range(worlds):
        world = resample(view, rng)
        for i, c in enumerate(candidates):
            totals[i] += judge(world, c)
    return totals


class DeterminizingBot(ABC):
    """Flat Monte Carlo over sampled worlds (the module's docstring). A game's bot names
    its game, its decision stream (`stream`), its playout policy (`playout`: the state
    where the measure ends, every seat played from the full state) and the figure of
    the end for the seat (`score`, higher better); `samples` says which decisions are
    sampled and `otherwise` makes the rest (by default: all of them, and the first
    legal move)."""

    name = "sampling"
    game: Game[Any, Any, Any, Any]

    def __init__(self, worlds: int) -> None:
        self.worlds = worlds

    @abstractmethod
    def stream(self, view: Any) -> Pcg32:
        """The decision's own stream (tt22.core.bots.decision_stream)."""

    @abstractmethod
    def playout(self, state: Any) -> Any:
        """`state` played on by the game's policy to where the measure ends."""

    @abstractmethod
    def score(self, view: Any, end: Any) -> float:
        """The seat's figure at `end`, higher better."""

    def samples(self, view: Any) -> bool:
        """Whether this decision is sampled (else `otherwise` makes it)."""
        return True

    def otherwise(self, view: Any) -> Any:
        """The move of a decision not sampled."""
        return self.game.view_legal_moves(view)[0]

    def choose(self, view: Any) -> Any:
        if not self.samples(view):
            return self.otherwise(view)
        moves = self.game.view_legal_moves(view)
        if len(moves) == 1:
            return moves[0]
        apply, playout, score = self.game.apply, self.playout, self.score

        def judge(world: Any, move: Any) -> float:
            return score(view, playout(apply(world, move)))

        totals = tally(self.game, view, self.stream(view), self.worlds, moves, judge)
        return moves[max(range(len(moves)), key=lambda i: (totals[i], -i))]
