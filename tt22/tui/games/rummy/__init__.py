"""The Rummy family's interface: Gin's and Rummy's table (tt22.tui.games.rummy.table), its
summaries and the replayer (tt22.tui.games.rummy.replay), opened through tt22.tui.tables by the
classes the games' registry entries name, and never imported by another game's screens
but the family's (500 Rum's table is this one with what it adds). The rules live in
tt22/games/rummy; everything here asks them. Words: words.py ("rummy.ui.")."""
