"""The terminal output compressor: the same cells, in the same styles, in fewer bytes."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from tt22.tui.wire import SgrCompressor

CSI = re.compile(r"\x1b\[([0-9;]*)([A-Za-z])")


def screen(stream: str, width: int = 20, height: int = 4) -> dict[tuple[int, int], tuple[str, str]]:
    """A tiny terminal: each cell's character and the SGR codes in force when it was
    written (applied code by code, an independent reading of the stream)."""
    cells: dict[tuple[int, int], tuple[str, str]] = {}
    x = y = 0
    codes: dict[str, str] = {}
    at = 0

    def write(text: str) -> None:
        nonlocal x, y
        for ch in text:
            if ch == "\r":
                x = 0
            elif ch == "\n":
                y += 1
            else:
                cells[(x, y)] = (ch, ";".join(f"{k}={v}" for k, v in sorted(codes.items())))
                x += 1

    for m in CSI.finditer(stream):
        write(stream[at : m.start()])
        at = m.end()
        params, final = m.group(1), m.group(2)
        if final == "H":
            row, col = [*params.split(";"), "1", "1"][:2]
            y, x = int(row) - 1, int(col) - 1
        elif final == "m":
            parts = params.split(";") if params else ["0"]
            i = 0
            while i < len(parts):
                n = int(parts[i])
                if n == 0:
                    codes.clear()
                elif n in (38, 48):
                    size = 3 if parts[i + 1] == "5" else 5
                    codes["fg" if n == 38 else "bg"] = ";".join(parts[i + 1 : i + size])
                    i += size - 1
                elif n == 22:
                    codes.pop("1", None)
                    codes.pop("2", None)
                elif n in (23, 24, 27, 29):
                    codes.pop(str(n - 20), None)
                elif n == 39:
                    codes.pop("fg", None)
                elif n == 49:
                    codes.pop("bg", None)
                else:
                    codes[str(n)] = "on"
                i += 1
    write(stream[at:])
    return cells


STYLES = [
    "",
    "1",
    "2",
    "1;38;5;214;48;5;17",
    "38;5;253;48;5;233",
    "38;5;246;48;5;233",
    "2;9;38;5;246;48;5;233",
    "1;7;38;2;10;20;30",
    "3;4",
    "38;5;197;48;5;233",
]


def rich_runs(runs: list[tuple[int, int, str, int]]) -> str:
    """Output as Textual writes it: a cursor move, then each run styled and reset."""
    out = []
    for row, col, text, style in runs:
        sgr = STYLES[style % len(STYLES)]
        out.append(f"\x1b[{row};{col}H")
        out.append(f"\x1b[{sgr}m{text}\x1b[0m" if sgr else text)
    return "".join(out)


runs = st.lists(
    st.tuples(
        st.integers(1, 4), st.integers(1, 10), st.text("ab ★▶", min_size=1, max_size=6),
        st.integers(0, 50),
    ),
    max_size=30,
)  # fmt: skip


@given(st.lists(runs, min_size=1, max_size=4))
def test_compressed_output_draws_the_same_cells(
    writes: list[list[tuple[int, int, str, int]]],
) -> None:
    squeeze = SgrCompressor()
    plain = "".join(rich_runs(w) for w in writes)
    lean = "".join(squeeze.feed(rich_runs(w)) for w in writes)  # one write at a time
    assert screen(lean) == screen(plain)
    assert len(lean) <= len(plain) + 4 * len(writes)


def test_runs_of_one_style_cost_one_sequence() -> None:
    row = "\x1b[1;1H" + "".join(f"\x1b[38;5;253;48;5;233m{w}\x1b[0m" for w in "abcdef")
    lean = SgrCompressor().feed(row)
    assert lean == "\x1b[1;1H\x1b[38;5;253;48;5;233mabcdef"
    # Only the colour that changes is sent.
    two = SgrCompressor().feed("\x1b[38;5;253;48;5;233ma\x1b[0m\x1b[38;5;246;48;5;233mb\x1b[0m")
    assert two == "\x1b[38;5;253;48;5;233ma\x1b[38;5;246mb"


def test_sequences_it_does_not_model_pass_through() -> None:
    stream = "\x1b[?2026h\x1b[4:3mx\x1b[0m\x1b]8;;http://x\x1b\\y\x1b[?2026l"
    lean = SgrCompressor().feed(stream)
    assert "\x1b[?2026h" in lean and "\x1b[4:3m" in lean and "\x1b]8;;http://x\x1b\\" in lean
    assert lean.endswith("\x1b[?2026l")
