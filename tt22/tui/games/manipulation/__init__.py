"""Manipulation Rummy's interface: its table with the work area where the table's melds
are rearranged, its replayer (what a play broke and made), its summaries and help. The
rules and the solver live in tt22/games/manipulation; everything here asks them.

Its registry entry names the table and replay classes (tt22.tui.tables opens them as
every game's), so listing games imports none of this.
Modules: work (the work area, plain data), changes (what a play broke and made), words
("manipulation.ui." and the engine's reasons in three languages), table, replay."""
