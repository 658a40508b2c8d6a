"""The games layer stays pure, as the 22 engine does: no Textual, no files, no clock, no
environment, no hidden randomness; and it sits below records, bots and the interface.
Checked on the source of every module under tt22/games and at run time."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from puritykit import absolute_imports, assert_no_io_clock_or_hash_calls, modules_loaded_by

GAMES = Path(__file__).resolve().parent.parent / "tt22" / "games"

ALLOWED_MODULES = {
    "__future__",
    "abc",
    "collections",
    "collections.abc",
    "hashlib",
    "importlib",  # the registry loads the one game asked for, by its module name
    "itertools",
    "math",
    "msgspec",
    "types",
    "typing",
    # the shared pieces below the games (ARCHITECTURE.md: cards, RNG, seeds, players are
    # written once): 22's engine is pure and checked by tests/test_engine_layering.py
    "tt22",
    "tt22.engine",
    "tt22.engine.cards",
    "tt22.engine.moves",
    "tt22.engine.players",
    "tt22.engine.rng",
    "tt22.engine.rules",
    "tt22.engine.seeds",
    "tt22.engine.state",
    "tt22.transcript",  # 22's transcript: pure, built on the engine alone
    "tt22.safe",  # the one helper for outside text: pure (unicodedata)
}


def _files() -> list[Path]:
    files = sorted(GAMES.rglob("*.py"))
    assert len(files) >= 10, files  # protocol, registry, 22's adapter and Rook's modules
    return files


def test_games_import_only_pure_modules() -> None:
    for path in _files():
        for name in absolute_imports(path):
            assert name in ALLOWED_MODULES, f"{path.relative_to(GAMES)} imports {name}"


def test_games_make_no_io_clock_or_hash_calls() -> None:
    assert_no_io_clock_or_hash_calls(_files())


def test_importing_every_game_loads_no_ui_io_or_random_modules() -> None:
    code = (
        "import sys; before = set(sys.modules)\n"
        "from tt22.games import game_names, get_game\n"
        "for name in game_names(): get_game(name)\n"
        "print(sorted(set(sys.modules) - before))\n"
    )
    loaded = modules_loaded_by(code)
    tops = {name.split(".")[0] for name in loaded}
    for bad in ("textual", "rich", "random", "platformdirs", "sqlite3", "socket", "time"):
        assert bad not in tops, f"importing the games loaded {bad}"
    ours = {name for name in loaded if name.startswith("tt22.")}
    allowed = ("tt22.games", "tt22.engine", "tt22.transcript", "tt22.safe")
    assert all(name.startswith(allowed) for name in ours), sorted(ours)
    assert "tt22.games.rook" in ours


def test_listing_the_games_loads_no_game() -> None:
    code = (
        "import sys\n"
        "from tt22.games import game_names\n"
        "print(game_names(), 'tt22.games.rook' in sys.modules, 'tt22.engine' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip() == "('twentytwo', 'rook', 'rummy', 'gin') False False"


def test_no_layer_below_reaches_up_into_the_games_consumers() -> None:
    forbidden = ("textual", "tt22.tui", "tt22.cli", "tt22.commands", "tt22.record", "tt22.bots")
    for path in _files():
        for name in absolute_imports(path):
            assert not name.startswith(forbidden), f"{path.relative_to(GAMES)} imports {name}"
