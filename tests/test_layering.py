"""The layers of ARCHITECTURE.md, checked on the source (every import and call) and at run
time. tt22.core (cards, RNG, seeds, players, the protocol, the registry) is pure and imports
no game; each game (tt22.games.<name>) is pure and stands on core and its own package
alone; bots and records never reach up to the interface or the command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from puritykit import absolute_imports, assert_no_io_clock_or_hash_calls, modules_loaded_by

TT22 = Path(__file__).resolve().parent.parent / "tt22"
CORE = TT22 / "core"
GAMES = TT22 / "games"

PURE = {
    "__future__",
    "abc",
    "bisect",  # a pure search (unicode14: the table of assigned code points)
    "collections",
    "collections.abc",
    "dataclasses",
    "datetime",  # only the date type, passed in by the caller (seeds.resolve_seed)
    "enum",
    "functools",
    "hashlib",
    "itertools",
    "math",
    "msgspec",
    "operator",
    "types",
    "typing",
    "unicodedata",
}
"""What a pure module may import: the standard library's pure parts, and msgspec."""

CORE_ALLOWED = PURE | {"importlib"}  # the registry loads the one game asked for, by name

GAMES_ALLOWED = PURE | {
    "tt22.transcript",  # 22's transcript: pure, built on 22's engine alone
    "tt22.safe",  # the one helper for outside text: pure (unicodedata)
}
"""Besides these, a game imports tt22.core and its own package (`_game_imports`)."""

BAD_MODULES = ("textual", "rich", "random", "platformdirs", "sqlite3", "socket", "time")
"""What loading core or any game never brings in: no interface, no IO, no hidden chance."""


def _files(folder: Path, least: int) -> list[Path]:
    files = sorted(folder.rglob("*.py"))
    assert len(files) >= least, (folder, files)
    return files


def _within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


# -- core ------------------------------------------------------------------------------


def test_core_imports_only_pure_modules_and_itself() -> None:
    for path in _files(CORE, 8):
        for name in absolute_imports(path):  # relative ones stay within core
            ok = name in CORE_ALLOWED or _within(name, "tt22.core")
            assert ok, f"{path.relative_to(TT22)} imports {name}"


def test_core_makes_no_io_clock_or_hash_calls() -> None:
    assert_no_io_clock_or_hash_calls(_files(CORE, 8))


def test_importing_all_of_core_loads_no_game_ui_io_or_random_modules() -> None:
    modules = sorted(f"tt22.core.{p.stem}" for p in CORE.glob("*.py") if p.stem != "__init__")
    code = (
        "import sys, importlib; before = set(sys.modules)\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "print(sorted(set(sys.modules) - before))\n"
    )
    loaded = modules_loaded_by(code)
    tops = {name.split(".")[0] for name in loaded}
    for bad in BAD_MODULES:
        assert bad not in tops, f"importing tt22.core loaded {bad}"
    ours = [name for name in loaded if name.startswith("tt22.")]
    assert ours and all(_within(name, "tt22.core") for name in ours), ours


# -- the games -------------------------------------------------------------------------


def _game_of(path: Path) -> str:
    """`rook` for tt22/games/rook/state.py."""
    return path.relative_to(GAMES).parts[0]


def test_games_import_only_pure_modules_core_and_their_own_package() -> None:
    for path in _files(GAMES, 30):
        if path.parent == GAMES:  # tt22/games/__init__.py: the package of games, empty
            assert not absolute_imports(path), path
            continue
        own = f"tt22.games.{_game_of(path)}"
        for name in absolute_imports(path):
            ok = name in GAMES_ALLOWED or _within(name, "tt22.core") or _within(name, own)
            assert ok, f"{path.relative_to(TT22)} imports {name}"


def test_games_make_no_io_clock_or_hash_calls() -> None:
    assert_no_io_clock_or_hash_calls(_files(GAMES, 30))


def test_importing_every_game_loads_no_ui_io_or_random_modules() -> None:
    code = (
        "import sys; before = set(sys.modules)\n"
        "from tt22.core.registry import game_names, get_game\n"
        "for name in game_names(): get_game(name)\n"
        "print(sorted(set(sys.modules) - before))\n"
    )
    loaded = modules_loaded_by(code)
    tops = {name.split(".")[0] for name in loaded}
    for bad in BAD_MODULES:
        assert bad not in tops, f"importing the games loaded {bad}"
    ours = {name for name in loaded if name.startswith("tt22.")}
    allowed = ("tt22.core", "tt22.games", *GAMES_ALLOWED)
    assert all(any(_within(name, a) for a in allowed) for name in ours), sorted(ours)
    assert {"tt22.games.twentytwo", "tt22.games.rook", "tt22.games.rummy"} <= ours


def test_listing_the_games_loads_no_game() -> None:
    code = (
        "import sys\n"
        "from tt22.core.registry import game_names\n"
        "print(game_names(), [m for m in sys.modules if m.startswith('tt22.games')])\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip() == "('twentytwo', 'rook', 'rummy', 'gin') []"


# -- the layers above ------------------------------------------------------------------

UPWARD = {
    "bots": ("textual", "tt22.tui", "tt22.cli", "tt22.commands", "tt22.record"),
    "record": ("textual", "tt22.tui", "tt22.cli", "tt22.commands", "tt22.bots"),
    "core": ("tt22.games", "tt22.bots", "tt22.record", "tt22.tui", "tt22.serve", "textual"),
    "games": ("textual", "tt22.tui", "tt22.cli", "tt22.commands", "tt22.record", "tt22.bots"),
}
"""Per layer, what it never imports: the arrows of ARCHITECTURE.md's table point down."""


def test_layers_import_only_downwards() -> None:
    for layer, forbidden in UPWARD.items():
        for path in _files(TT22 / layer, 1):
            for name in absolute_imports(path):
                bad = [f for f in forbidden if _within(name, f)]
                assert not bad, f"{path.relative_to(TT22)} imports {name}"


def test_bots_and_records_load_without_textual() -> None:
    code = (
        "import sys\n"
        "import tt22.bots, tt22.record\n"
        "assert 'textual' not in sys.modules, sorted(m for m in sys.modules if 'textual' in m)\n"
        "print('ok')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
