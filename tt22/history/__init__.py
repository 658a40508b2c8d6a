"""A player's history: an SQLite index of every finished match in the records folder,
and what it says (docs/stats.md). No Textual: `tt22 stats` and the Stats screen both read
it. The records stay the truth; the index is made again from them whenever it is missing
or out of date."""

from .chart import chart_lines
from .db import DB_NAME, SCHEMA_VERSION, HistoryError, connect, schema_version
from .index import SyncReport, daily_date, open_index, places, sync
from .stats import (
    DailyResult,
    GameStats,
    Match,
    Seat,
    Streak,
    clock,
    daily_results,
    game_stats,
    person_matches,
    share_line,
)

__all__ = [
    "DB_NAME",
    "SCHEMA_VERSION",
    "DailyResult",
    "GameStats",
    "HistoryError",
    "Match",
    "Seat",
    "Streak",
    "SyncReport",
    "chart_lines",
    "clock",
    "connect",
    "daily_date",
    "daily_results",
    "game_stats",
    "open_index",
    "person_matches",
    "places",
    "schema_version",
    "share_line",
    "sync",
]
