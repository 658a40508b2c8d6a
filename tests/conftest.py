"""Shared test hooks. Keep this small: it is loaded by every test run."""

from __future__ import annotations

import hashlib
import itertools
from typing import Any

import fuzzcount
import pytest


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print how many fuzz cases ran (tests/kits/fuzzcount.py), whatever the verbosity."""
    counts = fuzzcount.COUNTS
    if counts:
        detail = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
        terminalreporter.write_line(f"fuzz cases run: {sum(counts.values())} ({detail})")


@pytest.fixture(autouse=True)
def served_tables_have_fixed_seeds(request: pytest.FixtureRequest, monkeypatch: Any) -> None:
    """A served table draws its seed from the system's randomness; in a test it draws
    from a sequence fixed by the test's name instead, so a served match a test plays is
    the same deal at every run, and an assertion that holds for it holds always (a test
    once failed one run in many on a short random Gin deal). Each table still gets a
    seed of its own."""
    from tt22.serve import hub

    name = request.node.nodeid.encode()
    counter = itertools.count()

    def entropy() -> bytes:
        return hashlib.sha256(name + b"#%d" % next(counter)).digest()[:8]

    monkeypatch.setattr(hub, "table_entropy", entropy)
