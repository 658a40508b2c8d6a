"""What `tt22 analyse` measures in 22 (docs/analysis.md): the seat's penalty points this
deal, lower being better, and beside them its chance of being put out by this deal (R5).

Worlds are dealt from the seat's view by 22's determinizer (`bots.determinize`: the
unseen cards dealt again, consistent with every duck the table has seen), the moves
weighed when there are many are the ones 22's look-ahead bots weigh (`bots.choices`),
and each world is played out to the end of the deal by the rules of thumb, the policy
22's sampling and search bots play their own playouts with.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.core.protocol import Game, Objective
from tt22.core.rng import Pcg32

from .bots.choices import candidates
from .bots.determinize import determinized_state
from .moves import Move
from .state import State
from .views import SeatView

__all__ = ["OBJECTIVE", "TwentyTwoObjective"]


class TwentyTwoObjective(Objective):
    """Penalty points this deal (R3, R18): a deal's loser takes its last card's value, so
    the figure runs 0 to 11 a deal, and a loss of 2 points is a whole card's difference
    at the bottom of the ranks. Thresholds: ?! from 1 point, ? from 2, ?? from 4 (the
    difference between taking a low penalty and a high one)."""

    unit = "penalty points this deal"
    lower_is_better = True
    thresholds = (1.0, 2.0, 4.0)
    extras = ("out",)
    worlds = 96
    playout = "rules"

    def outcome(self, seat: int, start: State, end: State) -> float:
        return float(end.totals[seat] - start.totals[seat])

    def extra(self, seat: int, start: State, end: State) -> tuple[float, ...]:
        return (1.0 if end.out[seat] and not start.out[seat] else 0.0,)

    def resample(self, game: Game[Any, Any, Any, Any], view: SeatView, rng: Pcg32) -> State:
        """22's determinizer (its `Game.resample` is not offered through the protocol
        yet): every card the seat has not seen dealt again, consistently with the view."""
        return determinized_state(view, rng)

    def propose(self, game: Game[Any, Any, Any, Any], view: SeatView) -> Sequence[Move]:
        """The look-ahead bots' own short list: the rules-of-thumb move first, then every
        legal play, or in an exchange the kept hand and each run of ranks."""
        return [c.move for c in candidates(view)]


OBJECTIVE = TwentyTwoObjective()
