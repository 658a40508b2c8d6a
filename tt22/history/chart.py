"""A small bar chart of recent results, drawn in text: one column per match, oldest at
the left, each bar as tall as the total, a mark under the wins. Unicode eighth blocks, or
`#` and `:` in ASCII (`--ascii`, the ASCII setting), so it reads in any terminal and stays
a few lines high and at most RECENT * 2 + a label wide: whole at 80x24."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["HEIGHT", "chart_lines"]

HEIGHT = 4
_EIGHTHS = " ▁▂▃▄▅▆▇█"


def chart_lines(
    totals: Sequence[int],
    wins: Sequence[bool],
    *,
    height: int = HEIGHT,
    ascii_style: bool = False,
) -> list[str]:
    """`height` rows of bars and a row of win marks (`W` under a win, `·`/`.` under a
    match not won), each line prefixed by the axis: the highest total at the top row,
    the baseline at the bottom. Empty for no matches."""
    if not totals:
        return []
    low = min(0, *totals)
    high = max(totals)
    span = max(1, high - low)
    top, base = str(high), str(low)
    pad = max(len(top), len(base))
    axis = "|" if ascii_style else "┤"
    rows: list[str] = []
    for row in range(height - 1, -1, -1):  # the top row first
        cells = []
        for total in totals:
            filled = (total - low) / span * height - row  # how much of this row
            cells.append(_cell(filled, ascii_style))
        label = top if row == height - 1 else base if row == 0 else ""
        rows.append(f"{label:>{pad}} {axis}" + "".join(f" {c}" for c in cells))
    no = "." if ascii_style else "·"
    rows.append(" " * (pad + 2) + "".join(f" {'W' if w else no}" for w in wins))
    return rows


def _cell(filled: float, ascii_style: bool) -> str:
    if filled >= 1:
        return "#" if ascii_style else "█"
    if filled <= 0:
        return " "
    if ascii_style:
        return ":" if filled >= 0.5 else "."
    return _EIGHTHS[max(1, round(filled * 8))]
