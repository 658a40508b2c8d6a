"""Level 1: any legal move, uniformly. The baseline every other level must beat."""

from __future__ import annotations

from tt22.core.rng import Pcg32

from ..moves import Move
from ..views import SeatView

__all__ = ["RandomBot"]


class RandomBot:
    name = "random"

    def __init__(self, rng: Pcg32) -> None:
        self.rng = rng

    def choose(self, view: SeatView) -> Move:
        moves = view.legal_moves()
        return moves[self.rng.bounded(len(moves))]
