"""500 Rum's and Persian Rummy's interface: the Rummy family's table and replayer with
what these two add (the spread discard pile, whose meld is whose, the running score,
the opening as it is built, Persian's partnerships), their summaries and help. The
rules live in tt22/games/rum500; everything here asks them. Opened through
tt22.tui.tables by the classes the entries name (table.Rum500Table,
replay.Rum500ReplayScreen)."""
