"""Rook's interface: its table (`table`) and replayer (`replay`),
opened through tt22.tui.tables by the classes its registry entry names, never imported
by another game's screens."""
