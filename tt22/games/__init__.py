"""The games, one package each: tt22.games.twentytwo (22), .rook, .rummy (Rummy, Gin).

Importing this package loads no game; `tt22.core.registry.get_game(name)` loads one.
"""
