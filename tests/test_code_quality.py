"""The standards CI holds every commit to: ruff (format and lint) and a strict type check.

The whole package passes `mypy --strict` (pyproject's [tool.mypy]); the brief asks it of
the engine and the records at least.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def test_ruff_format_is_clean() -> None:
    out = run("ruff", "format", "--check", ".")
    assert out.returncode == 0, out.stdout + out.stderr


def test_ruff_lint_is_clean() -> None:
    out = run("ruff", "check", ".")
    assert out.returncode == 0, out.stdout + out.stderr


def test_strict_type_check() -> None:
    out = run("mypy")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Success" in out.stdout
