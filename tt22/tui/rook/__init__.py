"""Rook's interface: its table (tt22.tui.rook.table) and replayer (tt22.tui.rook.replay),
opened through tt22.tui.tables by the classes its registry entry names, never imported
by another game's screens."""
