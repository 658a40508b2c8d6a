"""What `tt22 analyse` measures in 500 Rum and Persian Rummy (docs/analysis.md): the
hand's score difference (tt22.games.rummy.analysis), the points the seat's side makes
this hand (melds and lay-offs less the cards still held, F8; Persian's going-out bonus,
P6) less what the other sides make on average; Persian's partners (P2) are one side.
Worlds come from `Game.resample` (sample.py), played out by the rules of thumb."""

from __future__ import annotations

from tt22.games.rummy.analysis import FamilyObjective

__all__ = ["OBJECTIVE", "PERSIAN_OBJECTIVE", "Rum500Objective"]


class Rum500Objective(FamilyObjective):
    """Thresholds: 10 points (?!), 20 (?), 40 (??): an ace is 15, a face card 10 (F8)."""

    thresholds = (10.0, 20.0, 40.0)
    worlds = 8


class PersianObjective(Rum500Objective):
    """Partners sit opposite (P2): seat % 2 is the side."""

    sides = 2


OBJECTIVE = Rum500Objective()
PERSIAN_OBJECTIVE = PersianObjective()
