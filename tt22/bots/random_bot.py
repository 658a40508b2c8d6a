"""Level 1: any legal move, uniformly. The baseline every other level must beat."""

from __future__ import annotations

from tt22.engine import Move, SeatView
from tt22.engine.rng import Pcg32

__all__ = ["RandomBot"]


class RandomBot:
    name = "random"

    def __init__(self, rng: Pcg32) -> None:
        self.rng = rng

    def choose(self, view: SeatView) -> Move:
        moves = view.legal_moves()
        return moves[self.rng.bounded(len(moves))]
