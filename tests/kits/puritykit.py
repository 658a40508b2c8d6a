"""What the purity tests of the engine and the games layer share: the calls and attributes
a pure module never uses, its absolute imports read from the source, and the modules an
import pulls in, seen from a fresh interpreter."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

FORBIDDEN_CALLS = {"open", "input", "print", "hash", "id", "exec", "eval", "__import__"}
FORBIDDEN_ATTRIBUTES = {"now", "today", "utcnow", "time", "getenv", "environ", "urandom"}


def absolute_imports(path: Path) -> list[str]:
    """Every module `path` imports by absolute name (relative imports stay in its package)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names.append(node.module or "")
    return names


def assert_no_io_clock_or_hash_calls(paths: Iterable[Path]) -> None:
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} calls {node.func.id}()"
            if isinstance(node, ast.Attribute):
                assert node.attr not in FORBIDDEN_ATTRIBUTES, f"{path.name} uses .{node.attr}"


def modules_loaded_by(code: str) -> list[str]:
    """The modules that `code` adds to sys.modules; it prints them as its last act."""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    loaded: list[str] = ast.literal_eval(result.stdout)
    return loaded
