"""The Stats screen: a player's history, from home (`t`). See screen.py."""

from tt22.tui.stats.screen import StatsScreen

__all__ = ["StatsScreen"]
