"""What `tt22 analyse` measures in Manipulation Rummy (docs/analysis.md): the hand's
score difference (tt22.games.rummy.analysis) with the sign turned, as its totals are
penalties (X7: the cards left in hand, lowest total wins): the others' mean penalty this
hand less one's own. Worlds come from `Game.resample`, played out by the rules of thumb."""

from __future__ import annotations

from tt22.games.rummy.analysis import FamilyObjective

__all__ = ["OBJECTIVE", "ManipulationObjective"]


class ManipulationObjective(FamilyObjective):
    """Thresholds: 5 points (?!), 10 (?), 20 (??) of penalty difference."""

    penalties = True
    thresholds = (5.0, 10.0, 20.0)
    worlds = 8


OBJECTIVE = ManipulationObjective()
