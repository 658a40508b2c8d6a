"""Shared test hooks. Keep this small: it is loaded by every test run."""

from __future__ import annotations

from typing import Any

import fuzzcount


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print how many fuzz cases ran (tests/fuzzcount.py), whatever the verbosity."""
    counts = fuzzcount.COUNTS
    if counts:
        detail = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
        terminalreporter.write_line(f"fuzz cases run: {sum(counts.values())} ({detail})")
