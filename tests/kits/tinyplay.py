"""Play High Card (tests/kits/tinygame.py) at the one table by hand: registers the test
game's entry and runs the app (`python tests/kits/tinyplay.py [players]`), to try the
table in a terminal (tmux at 80x24, say). Not a test."""

from __future__ import annotations

import sys

import tinygame

from tt22.core import registry
from tt22.core.players import Player
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.tables import NewTable

if __name__ == "__main__":
    registry.register(tinygame.ENTRY)
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    seats = (Player("Ann"), *(Player(f"Bot {s}", "bot", "easy") for s in range(1, n)))
    TT22App(StartOptions(language="en", table=NewTable("tiny", (), "tmux", seats))).run()
