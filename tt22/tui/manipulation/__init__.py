"""Manipulation Rummy's interface: its table with the work area where the table's melds
are rearranged, its replayer (what a play broke and made), its summaries and help. The
rules and the solver live in tt22/games/manipulation; everything here asks them."""
