"""`tt22 analyse`'s engine: every decision of the chosen seats rated from that seat's own
view (docs/analysis.md). No Textual and no game's name: a game is reached through its
registry entry (its `Game` and its `Objective`, tt22.core.protocol)."""

from .engine import (
    NotAnalysable,
    Settings,
    analyse_decision,
    analyse_record,
    analyse_states,
    objective_of,
)

__all__ = [
    "NotAnalysable",
    "Settings",
    "analyse_decision",
    "analyse_record",
    "analyse_states",
    "objective_of",
]
