"""Each game's own interface: its words, help, panels, table and replayer screens.

A folder here may name its game (and a game of a family its family's folder); nothing
else under `tt22/tui` names a game. The registry entry of a game points at its screens
here by name ("module:Class"), so the shared table, replayer and app open any game
without importing it.
"""
