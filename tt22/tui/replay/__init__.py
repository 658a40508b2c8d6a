"""The replayer: step through a `.22rec` record of any game.

`ReplayScreen` (screen.py) is the one replayer, a game's replay interface its small
subclass (tt22/tui/games/<name>/replay.py, named by the registry); `RecordPicker()`
lists the records folder (newest first) and takes any path, then opens the record in
its game's replayer. The home screen pushes `replay_screen()` (the picker).
"""

from __future__ import annotations

from tt22.tui.replay.picker import RecordPicker
from tt22.tui.replay.screen import ReplayScreen

__all__ = ["RecordPicker", "ReplayScreen", "replay_screen"]


def replay_screen() -> RecordPicker:
    """What the home screen's "replay" opens: the record picker."""
    return RecordPicker()
