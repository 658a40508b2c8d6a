"""The layers of ARCHITECTURE.md, checked on the source (every import and call) and at run
time. tt22.core (cards, RNG, seeds, players, the protocol, the registry) is pure and imports
no game; each game (tt22.games.<name>) is pure and stands on core and its own package
alone; bots and records never reach up to the interface or the command line; the server
and the shared interface know games only through core (the protocol and the registry),
but for the allow-list below; the interface never imports the command line."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from paths import ROOT
from puritykit import absolute_imports, assert_no_io_clock_or_hash_calls, modules_loaded_by

TT22 = ROOT / "tt22"
CORE = TT22 / "core"
GAMES = TT22 / "games"
BOTS22 = "tt22.games.twentytwo.bots"

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
    "re",  # 22's transcript escapes characters that could hide text on a terminal
    "types",
    "typing",
    "unicodedata",
}
"""What a pure module may import: the standard library's pure parts, and msgspec."""

CORE_ALLOWED = PURE | {"importlib", "importlib.metadata"}
"""The registry loads the one game asked for, by name, and lists plug-ins by entry point."""

GAMES_ALLOWED = PURE
"""Besides these, a game imports tt22.core and its own package."""

FAMILY = {"rum500": "tt22.games.rummy", "manipulation": "tt22.games.rummy"}
"""A game built on its family's shared modules may import that family's package too
(RUMMY.md: 500 Rum, Persian and Manipulation Rummy reuse the Rummy family's cards and
melds, issue 23)."""

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
            family = FAMILY.get(_game_of(path))
            ok = ok or (family is not None and _within(name, family))
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
    names, _, loaded = result.stdout.strip().rpartition(") ")
    assert names.startswith("('twentytwo', 'rook', 'rummy', 'gin', ") and loaded == "[]"


# -- the layers above ------------------------------------------------------------------

ABOVE_GAMES = ("textual", "tt22.tui", "tt22.serve", "tt22.cli", "tt22.commands", "tt22.record")
UPWARD = {
    "core": ("tt22.games", *ABOVE_GAMES),
    "games": ABOVE_GAMES,
    "record": ("textual", "tt22.tui", "tt22.serve", "tt22.cli", "tt22.commands", BOTS22),
    # The play layer gets its games and their bots from the registry, by name.
    "play": (
        "textual",
        "rich",
        "tt22.tui",
        "tt22.serve",
        "tt22.cli",
        "tt22.commands",
        "tt22.games",
    ),
}
"""Per layer, what it never imports: the arrows of ARCHITECTURE.md's table point down (and
records never play: no bots)."""


def test_layers_import_only_downwards() -> None:
    for layer, forbidden in UPWARD.items():
        for path in _files(TT22 / layer, 1):
            for name in absolute_imports(path):
                bad = [f for f in forbidden if _within(name, f)]
                assert not bad, f"{path.relative_to(TT22)} imports {name}"


def test_bots_and_records_load_without_textual() -> None:
    code = (
        "import sys\n"
        "import tt22.games.twentytwo.bots, tt22.record\n"
        "assert 'textual' not in sys.modules, sorted(m for m in sys.modules if 'textual' in m)\n"
        "print('ok')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_the_play_layer_loads_without_textual() -> None:
    code = (
        "import sys\n"
        "import tt22.play.session, tt22.play.runner, tt22.play.events, tt22.play.log\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "assert not bad, bad\n"
        "print('ok')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


# -- the server and the shared interface know no game ----------------------------------

PER_GAME_UI = {
    "tui/games/rook": "rook",
    "tui/games/rummy": "rummy",
    "tui/games/rum500": "rum500",
    "tui/games/manipulation": "manipulation",
    "tui/games/twentytwo": "twentytwo",
}
"""A game's own interface package: it may import its game (and only that one), and a
game of a family its family's game and interface (500 Rum's table is the Rummy family's
table with the spread pile: FAMILY)."""

KNOWS_A_GAME: dict[str, set[str]] = {
    # The server's 22 seat, its spectators' log and its table glue: to go into each game's
    # Game/GameUI entries and the one ServedSession (the review's steps 3, 4 and 6).
    "serve/app.py": {"twentytwo"},
    "serve/tables.py": {"rook"},
    # 22's own screens and session, still to merge into the one table, the one replayer
    # and play/session.py (steps 4 and 5), and the help pages' per-game text.
    "tui/widgets/snapshot.py": {"twentytwo"},
}
"""The allow-list, to shrink (never to grow): shared modules of tt22/serve and tt22/tui
that still import a game's own modules, and which games. Remove an entry when its module
stops; a module not listed imports no game's module at all."""


def _game_named(name: str) -> str | None:
    """The game whose own module `name` is, or None for a module shared by every game:
    tt22.games.<name> and tt22.tui.games.<name> (a game's interface)."""
    parts = name.split(".")
    if parts[:2] == ["tt22", "games"] and len(parts) > 2:
        return parts[2]
    if parts[:3] == ["tt22", "tui", "games"] and len(parts) > 3:
        return PER_GAME_UI.get(f"tui/games/{parts[3]}")
    return None


def _shared_ui_and_server_files() -> list[Path]:
    files = _files(TT22 / "serve", 10) + _files(TT22 / "tui", 40)
    return [p for p in files if p.parent.relative_to(TT22).as_posix() not in PER_GAME_UI]


def test_the_server_and_the_shared_interface_import_no_games_module() -> None:
    seen: dict[str, set[str]] = {}
    for path in _shared_ui_and_server_files():
        rel = path.relative_to(TT22).as_posix()
        games = {g for g in map(_game_named, absolute_imports(path)) if g is not None}
        allowed = KNOWS_A_GAME.get(rel, set())
        assert games <= allowed, f"{rel} imports {sorted(games - allowed)}'s own modules"
        seen[rel] = games
    # The list shrinks: an entry whose module no longer imports that game goes.
    stale = {rel: g - seen.get(rel, set()) for rel, g in KNOWS_A_GAME.items()}
    assert not {rel: g for rel, g in stale.items() if g}


def test_a_games_interface_imports_no_other_game() -> None:
    for folder, game in PER_GAME_UI.items():
        for path in _files(TT22 / folder, 1):
            for name in absolute_imports(path):
                other = _game_named(name)
                family = FAMILY.get(game, "").rpartition(".")[2]
                ok = other is None or other in (game, family)
                assert ok, f"{path.relative_to(TT22)} imports {name}"


def test_the_interface_and_the_server_never_import_the_command_line() -> None:
    for layer in ("tui", "serve"):
        for path in _files(TT22 / layer, 10):
            for name in absolute_imports(path):
                bad = _within(name, "tt22.commands") or _within(name, "tt22.cli")
                assert not bad, f"{path.relative_to(TT22)} imports {name}"


def test_the_interface_never_imports_the_server_or_asyncssh() -> None:
    for path in _files(TT22 / "tui", 40):
        for name in absolute_imports(path):
            bad = _within(name, "tt22.serve") or _within(name, "asyncssh")
            assert not bad, f"{path.relative_to(TT22)} imports {name}"


# -- outside the games, hardly anything names a game ------------------------------------

NAMES_A_GAME = re.compile(
    r"\bDEFAULT_GAME\b"
    r"|[\"'](?:twentytwo|rook|rummy|gin)[\"']"
    r"|\btt22\.games\.(?:twentytwo|rook|rummy)\b"
    r"|from \.\.?games\.(?:twentytwo|rook|rummy)\b"
)
"""A line that names a game: the default game, a game's name as a string, or a game's
own modules (issue 22's measure)."""

MAY_NAME_GAMES = ("games/", "tui/games/", "samples/", "core/registry.py", "record/games.py")
"""Where naming games is the point: the games themselves, their interfaces (tui/games),
the registry's entries, and format 1's reader (every version-1 record is 22's)."""

GAME_NAMING_LINES: dict[str, int] = {
    "serve/app.py": 1,
    "tui/widgets/snapshot.py": 2,
}
"""The allow-list, to shrink (never to grow): per module of tt22/, how many of its lines
still name a game (22's own screens, session, replayer and served seat until the one
table, replayer and session replace them; 22's record checks and messages, its arena and its
bench's hot path). Lower a number when a module names fewer; a module not listed names
none."""


def _game_naming_lines() -> dict[str, int]:
    counts: dict[str, int] = {}
    for path in _files(TT22, 100):
        rel = path.relative_to(TT22).as_posix()
        if rel.startswith(MAY_NAME_GAMES):
            continue
        text = path.read_text(encoding="utf-8")
        n = sum(1 for line in text.splitlines() if NAMES_A_GAME.search(line))
        if n:
            counts[rel] = n
    return counts


def test_outside_the_games_few_lines_name_a_game() -> None:
    counts = _game_naming_lines()
    print(f"lines of tt22/ outside the games that name a game: {sum(counts.values())}")
    grown = {
        rel: (n, GAME_NAMING_LINES.get(rel, 0))
        for rel, n in counts.items()
        if n > GAME_NAMING_LINES.get(rel, 0)
    }
    assert not grown, f"modules naming games more than allowed (now, allowed): {grown}"
    assert sum(counts.values()) <= sum(GAME_NAMING_LINES.values())


def test_the_old_homes_of_22s_engine_and_bots_are_gone() -> None:
    """tt22.engine and tt22.bots were re-exports of 22's rules and bots for one release
    (issue 22); nothing used them but their own test, so they went."""
    for old in ("engine", "bots"):
        assert not (TT22 / old).exists(), old
        code = f"import importlib.util; print(importlib.util.find_spec('tt22.{old}'))"
        result = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
        )
        assert result.stdout.strip() == "None", result.stdout
