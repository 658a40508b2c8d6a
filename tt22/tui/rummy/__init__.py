"""The Rummy family's interface: Gin's and Rummy's table, their parts and the replayer.

The rules live in tt22/games/rummy (the engine); everything here asks it. Words are in
`words.py`, added to the one catalogue under "rummy.".
"""
