"""The engine stays pure: no Textual, no files, no clock, no environment, no hidden
randomness. Checked on the source (every import and call of tt22/engine) and at run time."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "tt22" / "engine"

ALLOWED_MODULES = {
    "__future__",
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
FORBIDDEN_CALLS = {"open", "input", "print", "hash", "id", "exec", "eval", "__import__"}
FORBIDDEN_ATTRIBUTES = {"now", "today", "utcnow", "time", "getenv", "environ", "urandom"}


def _engine_files() -> list[Path]:
    files = sorted(ENGINE.glob("*.py"))
    assert files, ENGINE
    return files


def test_engine_imports_only_pure_modules() -> None:
    for path in _engine_files():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # within the engine package
                    continue
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name in ALLOWED_MODULES, f"{path.name} imports {name}"


def test_engine_makes_no_io_clock_or_hash_calls() -> None:
    for path in _engine_files():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} calls {node.func.id}()"
            if isinstance(node, ast.Attribute):
                assert node.attr not in FORBIDDEN_ATTRIBUTES, f"{path.name} uses .{node.attr}"


def test_importing_the_engine_loads_no_ui_io_or_random_modules() -> None:
    code = (
        "import sys; before = set(sys.modules); import tt22.engine; "
        "print(sorted(set(sys.modules) - before))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    loaded = ast.literal_eval(result.stdout)
    tops = {name.split(".")[0] for name in loaded}
    for bad in ("textual", "rich", "random", "platformdirs", "sqlite3", "socket"):
        assert bad not in tops, f"importing tt22.engine loaded {bad}"
    assert not [
        name for name in loaded if name.startswith("tt22.") and not name.startswith("tt22.engine")
    ], loaded
