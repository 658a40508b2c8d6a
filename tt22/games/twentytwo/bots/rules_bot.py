"""Level 2: rules of thumb a decent player uses, with no look-ahead.

Exchange the middle cards, keep a low card to show at the end and kings and aces to
win tricks; lead the highest set below a king (the higher of the last two cards); beat
as cheaply as possible when following, duck only when nothing beats. The same rules
play out every deal in the search bots' playouts (fastsim.py).
"""

from __future__ import annotations

from tt22.core.rng import Pcg32

from ..moves import Move
from ..views import SeatView
from .choices import rules_move

__all__ = ["RulesBot"]


class RulesBot:
    name = "rules"

    def __init__(self, rng: Pcg32 | None = None) -> None:
        self.rng = rng  # unused: the rules are deterministic

    def choose(self, view: SeatView) -> Move:
        return rules_move(view)
