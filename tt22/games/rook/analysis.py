"""What `tt22 analyse` measures in Rook (docs/analysis.md): the points the seat's side
scores this hand (K14-K17: the counters and the last trick it takes, the bid made or set
back), higher being better.

Worlds come from `Game.resample` (sample.py: the unseen cards dealt consistently with the
view, voids and the dummy included); each is played out to the end of the hand by the
rules of thumb, which play a hand about forty times faster than the sampling levels.
"""

from __future__ import annotations

from tt22.core.protocol import Objective

from .state import State

__all__ = ["OBJECTIVE", "RookObjective"]


class RookObjective(Objective):
    """The side's score this hand: with 4 players both partners score it (K1), else the
    seat alone. A counter is 5, 10 or 20 points (K4), so the thresholds are a five's
    worth (?!), a ten's (?) and a Rook's or a set bid's beginning (??, 20)."""

    unit = "side's points this hand"
    lower_is_better = False
    thresholds = (5.0, 10.0, 20.0)
    worlds = 48
    playout = "rules"

    def outcome(self, seat: int, start: State, end: State) -> float:
        return float(end.scores[seat] - start.scores[seat])


OBJECTIVE = RookObjective()
