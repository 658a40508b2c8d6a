"""The engine stays pure: no Textual, no files, no clock, no environment, no hidden
randomness. Checked on the source (every import and call of tt22/engine) and at run time."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from puritykit import absolute_imports, assert_no_io_clock_or_hash_calls, modules_loaded_by

ENGINE = Path(__file__).resolve().parent.parent / "tt22" / "engine"

ALLOWED_MODULES = {
    "__future__",
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
    "typing",
    "unicodedata",
}


def _engine_files() -> list[Path]:
    files = sorted(ENGINE.glob("*.py"))
    assert files, ENGINE
    return files


def test_engine_imports_only_pure_modules() -> None:
    for path in _engine_files():
        for name in absolute_imports(path):  # relative ones stay within the engine
            assert name in ALLOWED_MODULES, f"{path.name} imports {name}"


def test_engine_makes_no_io_clock_or_hash_calls() -> None:
    assert_no_io_clock_or_hash_calls(_engine_files())


def test_importing_the_engine_loads_no_ui_io_or_random_modules() -> None:
    code = (
        "import sys; before = set(sys.modules); import tt22.engine; "
        "print(sorted(set(sys.modules) - before))"
    )
    loaded = modules_loaded_by(code)
    tops = {name.split(".")[0] for name in loaded}
    for bad in ("textual", "rich", "random", "platformdirs", "sqlite3", "socket"):
        assert bad not in tops, f"importing tt22.engine loaded {bad}"
    assert not [
        name for name in loaded if name.startswith("tt22.") and not name.startswith("tt22.engine")
    ], loaded


# The other arrows of ARCHITECTURE.md's layer table: bots and records sit on the engine
# and never reach up to the interface or the command line.
TT22 = ENGINE.parent
UPWARD = {
    "bots": ("textual", "tt22.tui", "tt22.cli", "tt22.commands", "tt22.record"),
    "record": ("textual", "tt22.tui", "tt22.cli", "tt22.commands", "tt22.bots"),
    "engine": ("tt22.",),
}


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names.append(node.module or "")
    return names


def test_layers_import_only_downwards() -> None:
    for layer, forbidden in UPWARD.items():
        files = sorted((TT22 / layer).rglob("*.py"))
        if layer != "record":
            assert files, layer
        for path in files:
            for name in _imports(path):
                bad = [f for f in forbidden if name == f.rstrip(".") or name.startswith(f + ".")]
                bad += [f for f in forbidden if f.endswith(".") and name.startswith(f)]
                assert not bad, f"{path.relative_to(TT22)} imports {name}"


def test_bots_and_records_load_without_textual() -> None:
    code = (
        "import sys, importlib.util\n"
        "import tt22.bots\n"
        "if importlib.util.find_spec('tt22.record'):\n"
        "    import tt22.record\n"
        "assert 'textual' not in sys.modules, sorted(m for m in sys.modules if 'textual' in m)\n"
        "print('ok')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
