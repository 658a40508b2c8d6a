"""Untrusted text (player names, comments, file names) made safe to print.

Records come from strangers: a name could carry terminal escape sequences or Rich
markup. Plain-text output gets control characters spelled out; the interface also
escapes markup (`rich.markup.escape`) before it renders such text.
"""

from __future__ import annotations

import unicodedata

__all__ = ["printable"]


def printable(text: str, limit: int = 200) -> str:
    """`text` with every control or format character shown as an escape (\\x1b, \\u202e),
    cut to `limit` characters so a huge name cannot flood a screen."""
    out: list[str] = []
    for ch in text[:limit]:
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            code = ord(ch)
            out.append(
                f"\\x{code:02x}"
                if code < 0x100
                else f"\\u{code:04x}"
                if code < 0x10000
                else f"\\U{code:08x}"
            )
        else:
            out.append(ch)
    if len(text) > limit:
        out.append("…")
    return "".join(out)
