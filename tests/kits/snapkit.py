"""Screenshots of the interface kept as regression tests (tests/snapshots/).

Each snapshot is a screen at 80x24 as Textual exports it (SVG: every cell, colour and
style; open it in a browser to look) and its text (the same screen as plain lines, so a
failure reads as a diff of words and cards, not of SVG). A test compares both with the
files kept; a missing or different file fails, naming what changed. After a change
that is meant, run the tests with `TT22_UPDATE_SNAPSHOTS=1` to write the files anew,
look at them (`git diff tests/snapshots/`), and commit them with the change.
"""

from __future__ import annotations

import difflib
import os
import re
from typing import Any

from layoutkit import screen_lines
from paths import TESTS

__all__ = ["SNAPSHOTS", "check_snapshot"]

SNAPSHOTS = TESTS / "snapshots"
UPDATE = os.environ.get("TT22_UPDATE_SNAPSHOTS") == "1"

# Textual names the SVG's CSS classes after a hash of the whole export; two exports of
# the same screen are byte-identical, so the SVG is compared as it is.
_TRAILING = re.compile(r"[ \t]+$", re.MULTILINE)


def check_snapshot(app: Any, name: str) -> None:
    """Compare `app`'s screen now with tests/snapshots/`name`.{txt,svg}."""
    text = _TRAILING.sub("", "\n".join(screen_lines(app))).rstrip("\n") + "\n"
    svg = app.export_screenshot(title=name)
    SNAPSHOTS.mkdir(exist_ok=True)
    kept_text, kept_svg = SNAPSHOTS / f"{name}.txt", SNAPSHOTS / f"{name}.svg"
    if UPDATE:
        kept_text.write_text(text, encoding="utf-8")
        kept_svg.write_text(svg, encoding="utf-8")
        return
    if not kept_text.exists() or not kept_svg.exists():
        raise AssertionError(
            f"no snapshot {name} in tests/snapshots: run with TT22_UPDATE_SNAPSHOTS=1, look"
            " at it and commit it"
        )
    was = kept_text.read_text(encoding="utf-8")
    if was != text:
        diff = "\n".join(
            difflib.unified_diff(
                was.splitlines(), text.splitlines(), "kept", "now", lineterm="", n=1
            )
        )
        raise AssertionError(f"snapshot {name}: the screen's text changed\n{diff}")
    if kept_svg.read_text(encoding="utf-8") != svg:
        raise AssertionError(
            f"snapshot {name}: the same text, other colours or styles (compare"
            f" tests/snapshots/{name}.svg with the screen)"
        )
