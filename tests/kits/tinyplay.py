"""Play High Card (tests/kits/tinygame.py) at the one table by hand: registers the test
game's entry and runs the app (`python tests/kits/tinyplay.py [players [language
[ascii]]]`), to try the table in a terminal (tmux at 80x24, say). Not a test."""

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
    language = sys.argv[2] if len(sys.argv) > 2 else "en"
    ascii_cards = len(sys.argv) > 3 and sys.argv[3] == "ascii"
    seats = (Player("Ann"), *(Player(f"Bot {s}", "bot", "easy") for s in range(1, n)))
    table = NewTable("tiny", (), "tmux", seats)
    TT22App(StartOptions(language=language, ascii_cards=ascii_cards, table=table)).run()
