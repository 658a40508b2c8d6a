"""Manipulation Rummy (RUMMY.md X1-X9): two decks, the table's melds rearranged by
whoever plays. Pure: no Textual, no I/O, no clock.

The modules: cards (X1, X8), melds (X3 and what is wrong with a meld), the solver (the
table that places the most hand cards).
"""
