"""Fewer bytes to the terminal for the same screen.

Textual writes every run of text as "set the whole style, the text, reset"
(`ESC[38;5;253;48;5;233m` … `ESC[0m`), even when the next run has the same style or
differs only in its colour. Over an SSH link that is most of what a move costs. The
driver here passes everything through `SgrCompressor`, which keeps track of the style
the terminal is in and sends only what changes: nothing between runs of one style, and
only the attribute that differs otherwise. What appears on the screen is identical.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["SgrCompressor", "lean_driver"]

_CSI = re.compile(r"\x1b\[([0-9;:?<=>]*)([@-~])")
# Attributes by their "on" code, and the code that turns each off.
_OFF = {1: 22, 2: 22, 3: 23, 4: 24, 5: 25, 7: 27, 8: 28, 9: 29}


def _parse(params: str) -> tuple[frozenset[int], str, str] | None:
    """An SGR after a reset as (attributes, foreground, background); None when it holds
    something this does not model (then it is passed on as it is)."""
    attrs: set[int] = set()
    fg = bg = ""
    codes = params.split(";") if params else ["0"]
    i = 0
    while i < len(codes):
        code = codes[i]
        if not code.isdigit():
            return None
        n = int(code)
        if n == 0:
            attrs.clear()
            fg = bg = ""
        elif n in _OFF:
            attrs.add(n)
        elif 30 <= n <= 37 or 90 <= n <= 97 or n == 39:
            fg = "" if n == 39 else code
        elif 40 <= n <= 47 or 100 <= n <= 107 or n == 49:
            bg = "" if n == 49 else code
        elif n in (38, 48) and i + 1 < len(codes):
            size = 3 if codes[i + 1] == "5" else 5 if codes[i + 1] == "2" else 0
            if size == 0 or i + size > len(codes):
                return None
            colour = ";".join(codes[i : i + size])
            if n == 38:
                fg = colour
            else:
                bg = colour
            i += size - 1
        else:
            return None
        i += 1
    return frozenset(attrs), fg, bg


_RESET: tuple[frozenset[int], str, str] = (frozenset(), "", "")
# After an SGR this does not model: the terminal's style is not known.
_UNKNOWN: tuple[frozenset[int], str, str] = (frozenset({-1}), "?", "?")


def _codes(state: tuple[frozenset[int], str, str]) -> list[str]:
    attrs, fg, bg = state
    out = [str(a) for a in sorted(attrs)]
    if fg:
        out.append(fg)
    if bg:
        out.append(bg)
    return out


def _transition(now: tuple[frozenset[int], str, str], want: tuple[frozenset[int], str, str]) -> str:
    """The shortest SGR sequence from style `now` to style `want` (may be empty)."""
    if now == want:
        return ""
    if want == _RESET:
        return "\x1b[0m"
    full = "\x1b[0;" + ";".join(_codes(want)) + "m"
    if now == _UNKNOWN:
        return full
    attrs_now, fg_now, bg_now = now
    attrs_want, fg_want, bg_want = want
    dropped = attrs_now - attrs_want
    codes = [str(c) for c in sorted({_OFF[a] for a in dropped})]
    added = attrs_want - attrs_now
    if dropped & {1, 2}:  # 22 turns off bold and dim together: put back the one wanted
        added |= attrs_want & {1, 2}
    codes += [str(a) for a in sorted(added)]
    if fg_now != fg_want:
        codes.append(fg_want or "39")
    if bg_now != bg_want:
        codes.append(bg_want or "49")
    delta = "\x1b[" + ";".join(codes) + "m"
    return delta if len(delta) < len(full) else full


class SgrCompressor:
    """Rewrites a stream of terminal output so each style change costs only the
    attributes that change. Feed it whole writes; it keeps the terminal's style
    between them."""

    def __init__(self) -> None:
        self.sent = _RESET  # the style the terminal is in
        self.want = _RESET  # the style the stream asks for next

    def feed(self, data: str) -> str:
        out: list[str] = []
        at = 0
        for m in _CSI.finditer(data):
            if m.start() > at:
                self._text(data[at : m.start()], out)
            params, final = m.group(1), m.group(2)
            if final == "m":
                parsed = _parse(params)
                if parsed is None:  # unknown to us: sent as it is, on top of the style
                    out.append(_transition(self.sent, self.want))
                    out.append(m.group(0))
                    self.sent = self.want = _UNKNOWN
                elif params.startswith("0") or params == "":
                    self.want = parsed
                elif self.want == _UNKNOWN:
                    out.append(m.group(0))  # (on top of an unknown style: as it is)
                    self.sent = _UNKNOWN
                else:
                    # Textual's runs always start from a reset; be exact anyway.
                    attrs, fg, bg = self.want
                    add_attrs, add_fg, add_bg = parsed
                    self.want = (attrs | add_attrs, add_fg or fg, add_bg or bg)
            elif final in "JKX@LMPST":  # erasing and scrolling paint with the style
                out.append(_transition(self.sent, self.want))
                self.sent = self.want
                out.append(m.group(0))
            else:
                out.append(m.group(0))
            at = m.end()
        if at < len(data):
            self._text(data[at:], out)
        return "".join(out)

    def _text(self, text: str, out: list[str]) -> None:
        if "\x1b" in text:  # another escape (OSC, a lone ESC): pass it on, state reset
            out.append(_transition(self.sent, _RESET))
            self.sent = _RESET
            out.append(text)
            return
        printable = text.strip("\r\n")
        if printable:
            out.append(_transition(self.sent, self.want))
            self.sent = self.want
        out.append(text)


def lean_driver(base: type[Any]) -> type[Any]:
    """`base` (a Textual driver class) whose output goes through an `SgrCompressor`."""

    class LeanDriver(base):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._sgr = SgrCompressor()

        def write(self, data: str) -> None:
            super().write(self._sgr.feed(data))

    LeanDriver.__name__ = LeanDriver.__qualname__ = "Lean" + base.__name__
    return LeanDriver
