"""One module per `tt22` subcommand, imported only when that command runs.

Each module has `configure(parser)` and `run(args) -> int`; `tt22.cli` lists them.
"""
