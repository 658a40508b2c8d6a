"""Where the tests find the repository's files, whatever folder a test sits in."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
