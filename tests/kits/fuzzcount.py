"""Counts of fuzz cases run, printed at the end of the test run by conftest.py.

The issue asks for the number of fuzz cases in the test output; hypothesis does not
report it by itself, so each fuzz test calls `count("what")` once per example.
"""

from __future__ import annotations

from collections import Counter

__all__ = ["COUNTS", "count"]

COUNTS: Counter[str] = Counter()


def count(kind: str) -> None:
    COUNTS[kind] += 1
