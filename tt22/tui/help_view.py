"""The help's Markdown drawn as one renderable: headings, paragraphs, lists and the key
tables, whose key column never wraps (`↑ ↓ [ ]` and `Home End` stay on one line).

Textual's Markdown widget builds a widget per block and per table cell, which took the
help 0.4-0.6 s to open; this is one widget, drawn in a few milliseconds. The text is
ours (help_text.py), and it is still never parsed as console markup: the few inline
marks it uses (**bold**, *italic*, `code`) become styles here.

Paragraphs, list items and table cells wrap as each language wraps (`Wrapped`): at
spaces, and in Japanese between any two characters except before closing punctuation
(`、` `。` `)` ...) or after an opening bracket, as Japanese is set. Rich wraps only at
spaces, so a Japanese sentence either went down whole to the next line, leaving the one
before it half empty, or needed a space written after every `、` and `。`, which no
Japanese text has. Korean puts spaces between words and wraps at them, like English.
"""

from __future__ import annotations

import re
import unicodedata

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

__all__ = ["Wrapped", "break_points", "help_renderable", "inline"]

# Kinsoku: no line starts with these, and none ends with the opening ones.
_NO_START = set(
    "、。，．・：；？！）」』】〕〉》]),.:;?!%ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々〜…"
)
_NO_END = set("（「『【〔〈《[(")


def _breaks_anywhere(ch: str) -> bool:
    """Japanese and Chinese characters: a line may break before or after any of them.
    (Hangul is not among them: Korean breaks at its spaces.)"""
    if unicodedata.east_asian_width(ch) not in ("W", "F"):
        return False
    return not (
        "\uac00" <= ch <= "\ud7a3" or "\u1100" <= ch <= "\u11ff" or "\u3130" <= ch <= "\u318f"
    )


def break_points(plain: str) -> list[bool]:
    """`ok[i]`: whether a line may start at character `i` of `plain` (0 < i). A number
    keeps its counter (`9枚`, `2人`): no break after a Latin letter or digit."""
    ok = [False] * (len(plain) + 1)
    for i in range(1, len(plain)):
        before, ch = plain[i - 1], plain[i]
        if ch == " ":
            continue
        if before == " " or (
            (_breaks_anywhere(before) or _breaks_anywhere(ch))
            and not (
                ch in _NO_START or before in _NO_END or (before.isascii() and before.isalnum())
            )
        ):
            ok[i] = True
    return ok


class Wrapped:
    """`text` wrapped to the width it is given, at the places `break_points` allows;
    with `indent`, the first `indent` cells (a list item's mark) stay alone in their
    column and the other lines start under the text. A run longer than the width with
    no place to break is cut at the width: nothing is ever lost to a `…`."""

    def __init__(self, text: Text, indent: int = 0) -> None:
        self.text = text
        self.indent = indent

    def lines(self, width: int) -> list[Text]:
        head, body = self.text[: self.indent], self.text[self.indent :]
        room = max(1, width - self.indent)
        plain = body.plain
        ok = break_points(plain)
        cuts: list[int] = []
        start, used, last_ok = 0, 0, -1
        i = 0
        while i < len(plain):
            if i > start and ok[i]:
                last_ok = i
            w = cell_len(plain[i])
            if used + w > room and plain[i] != " " and i > start:
                cut = last_ok if last_ok > start else i
                cuts.append(cut)
                start, last_ok = cut, -1
                while start < len(plain) and plain[start] == " ":
                    start += 1
                used = cell_len(plain[start:i]) if start <= i else 0
                i = max(i, start)
                continue
            used += w
            i += 1
        lines = [part for part in body.divide(cuts)] if cuts else [body.copy()]
        out: list[Text] = []
        for n, line in enumerate(lines):
            line = line.copy()
            line.rstrip()
            while line.plain.startswith(" "):
                line = line[1:]
            lead = head.copy() if n == 0 else Text(" " * self.indent)
            out.append(Text.assemble(lead, line))
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines(options.max_width):
            yield from line.render(console)
            yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        plain = self.text.plain[self.indent :]
        ok = break_points(plain)
        longest, run = 0, 0
        for i, ch in enumerate(plain):
            if i and ok[i]:
                run = 0
            run += cell_len(ch) if ch != " " else 0
            longest = max(longest, run)
        return Measurement(self.indent + longest, self.indent + cell_len(plain))


_INLINE = re.compile(r"\*\*(.+?)\*\*|`(.+?)`|\*(\S(?:.*?\S)?)\*")


def inline(source: str, style: str = "") -> Text:
    """`source` with **bold**, `code` and *italic* as styles, everything else as is."""
    text = Text(style=style)
    at = 0
    for m in _INLINE.finditer(source):
        text.append(source[at : m.start()])
        if m.group(1) is not None:
            text.append(m.group(1), style="bold")
        elif m.group(2) is not None:
            text.append(m.group(2), style="bold")
        else:
            text.append(m.group(3), style="italic")
        at = m.end()
    text.append(source[at:])
    return text


def _cells(row: str) -> list[str]:
    return [c.strip() for c in row.strip().strip("|").split("|")]


def _table(rows: list[str]) -> Table:
    head, *body = rows
    table = Table(box=None, padding=(0, 2, 0, 0), show_edge=False, pad_edge=False, expand=False)
    names = _cells(head)
    table.add_column(inline(names[0], "bold"), no_wrap=True, style="bold")
    for name in names[1:]:
        # "fold", not Rich's "ellipsis": a line of wide characters that the wrap leaves a
        # cell too long goes on in the next line instead of losing its end to a `…`.
        table.add_column(inline(name, "bold"), ratio=1, overflow="fold")
    for row in body:
        if set(row.replace("|", "").strip()) <= set("-: "):
            continue  # the separator line
        first, *rest = _cells(row)
        table.add_row(inline(first), *(Wrapped(inline(c)) for c in rest))
    return table


def _join(lines: list[str]) -> str:
    """A paragraph's source lines as one: joined by a space, except where Japanese runs
    on from one line to the next (Japanese has no spaces between words)."""
    out = lines[0]
    for line in lines[1:]:
        end, start = out.rstrip("*`"), line.lstrip("*`")
        if end and start and (_breaks_anywhere(end[-1]) or _breaks_anywhere(start[0])):
            out += line
        else:
            out += " " + line
    return out


def help_renderable(source: str) -> RenderableType:
    """The help's Markdown (a small, known subset) as one Rich renderable."""
    parts: list[RenderableType] = []
    lines = source.splitlines()
    i = 0
    para: list[str] = []
    hang = ""

    def flush() -> None:
        nonlocal para, hang
        if para:
            text = inline(hang + _join(para))
            parts.append(_hanging(text, len(hang)))
            para = []
            hang = ""

    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if not stripped:
            flush()
            if parts and not (isinstance(parts[-1], Text) and not parts[-1].plain):
                parts.append(Text(""))
            i += 1
            continue
        if stripped.startswith("|"):
            flush()
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append(lines[i])
                i += 1
            parts.append(_table(rows))
            parts.append(Text(""))
            continue
        if stripped.startswith("#"):
            flush()
            level = len(stripped) - len(stripped.lstrip("#"))
            title = stripped[level:].strip()
            style = "bold reverse" if level == 1 else "bold underline"
            parts.append(inline(title, style))
            parts.append(Text(""))
            i += 1
            continue
        item = re.match(r"(\s*)(\d+\.|\*|-)\s+(.*)", line)
        if item:
            flush()
            indent, mark, rest = item.groups()
            bullet = "•" if mark in ("*", "-") else mark
            hang = " " * len(indent) + bullet + " "
            para = [rest]
            i += 1
            continue
        indent = len(line) - len(line.lstrip(" "))
        if hang and 0 < indent < len(hang):
            # Back at an outer item's column after a nested list: a paragraph of that
            # item, not more words of the last nested one ("The best play ... wins").
            flush()
            hang = " " * indent
        para.append(stripped)
        i += 1
    flush()
    while parts and isinstance(parts[-1], Text) and not parts[-1].plain:
        parts.pop()
    return Group(*parts)


def _hanging(text: Text, indent: int) -> RenderableType:
    """A paragraph, or a list item whose wrapped lines start under the item's text, not
    its mark."""
    return Wrapped(text, indent)
