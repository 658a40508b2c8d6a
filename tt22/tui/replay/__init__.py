"""The replayer: step through a `.22rec` record with the live table's widgets.

`ReplayScreen(record, path)` shows one record; `RecordPicker()` lists the records
folder (newest first) and takes any path, then opens `ReplayScreen`. The home screen
pushes `replay_screen()` (the picker).
"""

from __future__ import annotations

from tt22.tui.replay.picker import RecordPicker
from tt22.tui.replay.screen import ReplayScreen

__all__ = ["RecordPicker", "ReplayScreen", "replay_screen"]


def replay_screen() -> RecordPicker:
    """What the home screen's "replay" opens: the record picker."""
    return RecordPicker()
