"""Text that wraps where it may: the score history's legend between its entries, and a
line of names and cards (22's first-dealer draw) never inside a name and its card, in
Japanese between any two letters (it has no spaces to break at)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.widgets import Static

__all__ = ["Wrapped", "legend_lines", "wrap_keeping"]


def legend_lines(legend: str, width: int) -> list[str]:
    """The marks' legend ("+ lost that deal  ! out (22+)": its entries two spaces
    apart in every language) in lines of at most `width` cells, broken only between
    entries: a line break inside one ("! out" over "(22+)") parts a mark from what it
    means. An entry wider than the line has lines of its own."""
    width = max(2, width)
    lines: list[str] = []
    joinable = False  # (the last line holds whole entries only)
    for entry in (e.strip() for e in legend.split("  ")):
        if not entry:
            continue
        if joinable and cell_len(lines[-1]) + 2 + cell_len(entry) <= width:
            lines[-1] += "  " + entry
        elif cell_len(entry) <= width:
            lines.append(entry)
        else:
            lines.extend(_wrapped(entry, width))
            joinable = False
            continue
        joinable = True
    return lines


def _wrapped(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` cells, broken at its spaces, and inside a
    word only when it is wider than the line (Japanese has no spaces to break at)."""
    lines = [""]
    for word in text.split():
        sep = " " if lines[-1] else ""
        if cell_len(lines[-1] + sep + word) <= width:
            lines[-1] += sep + word
            continue
        if cell_len(word) <= width:
            lines.append(word)
            continue
        line = lines[-1] + sep
        for ch in word:
            if cell_len(line + ch) > width:
                lines[-1] = line
                lines.append("")
                line = ""
            line += ch
        lines[-1] = line
    return [line.rstrip() for line in lines if line.strip()]


_NO_LINE_START = frozenset("、。，．,.)）:：!！?？")  # (a line never begins with these)


def wrap_keeping(text: str, keep: list[str], width: int) -> list[str]:
    """`text` in lines of at most `width` cells, broken at a space or between two
    letters when either is wide (Japanese runs on without spaces: breaking only at
    spaces left half a line empty), but never inside one of `keep` (a name and the
    card it drew: "Bo" over "10♠" says nothing) nor before a comma or a full stop."""
    width = max(2, width)
    inside = [False] * (len(text) + 1)  # (no break before this index)
    for phrase in sorted(set(keep), key=len, reverse=True):
        if not phrase or cell_len(phrase) > width:
            continue
        at = text.find(phrase)
        while at >= 0:
            for i in range(at + 1, at + len(phrase)):
                inside[i] = True
            at = text.find(phrase, at + len(phrase))
    cuts = [0]
    for i in range(1, len(text)):
        if inside[i] or text[i] in _NO_LINE_START or text[i] == " ":
            continue
        if text[i - 1] == " " or cell_len(text[i - 1]) == 2 or cell_len(text[i]) == 2:
            cuts.append(i)
    cuts.append(len(text))
    lines: list[str] = []
    line = ""
    for lo, hi in pairwise(cuts):
        piece = text[lo:hi]
        if cell_len((line + piece).rstrip()) <= width:
            line += piece
            continue
        if line.strip():
            lines.append(line.rstrip())
        line = piece.lstrip()
        while cell_len(line.rstrip()) > width:  # (one piece wider than the line: cut)
            cut = max(i for i in range(1, len(line) + 1) if cell_len(line[:i]) <= width)
            lines.append(line[:cut])
            line = line[cut:]
    if line.strip():
        lines.append(line.rstrip())
    return lines


class Wrapped(Static):
    """Text in as many lines as the width needs, broken where `wrap` says (the legend
    between its entries, the first-dealer draw never inside a name and its card)."""

    DEFAULT_CSS = """
    Wrapped { height: auto; color: $text-muted; }
    """

    def __init__(self, wrap: Callable[[int], list[str]], *, classes: str | None = None) -> None:
        super().__init__(classes=classes)
        self.wrap = wrap

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.wrap(width))

    def render(self) -> Text:
        return Text("\n".join(self.wrap(self.content_region.width or 80)))
