"""Untrusted text (player names, comments, file names) made safe to print.

Records come from strangers: a name could carry terminal escape sequences or Rich
markup. Plain-text output gets control characters spelled out; the interface also
escapes markup (`rich.markup.escape`) before it renders such text.
"""

from __future__ import annotations

import re
import unicodedata

import msgspec

__all__ = ["json_text", "printable"]


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


def json_text(data: object) -> str:
    """`data` as two-space indented JSON ending in a newline, with every character that
    could reorder or hide text on a terminal written as a `\\uXXXX` escape: C0 and C1
    controls, format characters (bidi overrides such as U+202E), line and paragraph
    separators, private-use and unassigned code points. Such a character can only sit
    inside a string, so the escape is the same JSON value; the rest stays UTF-8. (Every
    game's transcript is written so: `Game.transcript_json`, `tt22 show`.)"""
    text = msgspec.json.format(msgspec.json.encode(data), indent=2).decode("utf-8")
    return _NON_ASCII.sub(_escape, text) + "\n"


_NON_ASCII = re.compile("[^\x00-\x7e]")  # (DEL too)
_HIDDEN = ("Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp")


def _escape(match: re.Match[str]) -> str:
    ch = match.group()
    if unicodedata.category(ch) not in _HIDDEN:
        return ch
    code = ord(ch)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # JSON spells a code point above U+FFFF as a surrogate pair
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
