"""What every game shares and no game's rules: the 52 card ints and their text, the seeded
RNG and seed codes, players, Unicode helpers (Unicode 14's code points, outside text made
printable), the game protocol and the registry of games.

Pure: the standard library and msgspec only, no Textual, no files, no clock, no
environment; it imports no game (tests/core/test_layering.py). Importing this package loads
nothing more: import the module you need (`tt22.core.rng`, `tt22.core.protocol`, ...).
"""
