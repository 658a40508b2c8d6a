"""The help's Markdown drawn as one renderable: headings, paragraphs, lists and the key
tables, whose key column never wraps (`↑ ↓ [ ]` and `Home End` stay on one line).

Textual's Markdown widget builds a widget per block and per table cell, which took the
help 0.4-0.6 s to open; this is one widget, drawn in a few milliseconds. The text is
ours (help_text.py), and it is still never parsed as console markup: the few inline
marks it uses (**bold**, *italic*, `code`) become styles here.
"""

from __future__ import annotations

import re

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

__all__ = ["help_renderable", "inline"]

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
        table.add_row(*(inline(c) for c in _cells(row)))
    return table


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
            text = inline(hang + " ".join(para))
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
        para.append(stripped)
        i += 1
    flush()
    while parts and isinstance(parts[-1], Text) and not parts[-1].plain:
        parts.pop()
    return Group(*parts)


def _hanging(text: Text, indent: int) -> RenderableType:
    """A list item: its wrapped lines start under the item's text, not its mark."""
    if not indent:
        return text
    table = Table.grid(expand=True)
    table.add_column(width=indent, no_wrap=True)
    table.add_column(ratio=1, overflow="fold")  # (as in _table: never a `…`)
    table.add_row(text[:indent], text[indent:])
    return table
