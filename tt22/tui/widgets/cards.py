"""How a card and a play are drawn: symbol or ASCII style, suits never by colour alone."""

from __future__ import annotations

import os
from collections.abc import Sequence
from contextvars import ContextVar

from rich.segment import Segment
from rich.text import Text
from textual.color import Color
from textual.filter import LineFilter

from tt22.core.cards import show_card

__all__ = [
    "ASCII_CHROME",
    "AsciiChrome",
    "card_label",
    "cards_text",
    "no_colour",
    "own_no_colour",
    "plain_cards",
    "suit_style",
]

RED_SUITS = (1, 2)  # hearts, diamonds

_NO_COLOUR: ContextVar[bool | None] = ContextVar("tt22_no_colour", default=None)


def own_no_colour(value: bool) -> None:
    """This context's own NO_COLOR (a served connection's, from its client's
    environment), in place of the process's."""
    _NO_COLOUR.set(value)


def no_colour() -> bool:
    """NO_COLOR as Textual reads it (set at all): this context's own when it has one
    (`own_no_colour`), else the process's."""
    own = _NO_COLOUR.get()
    return "NO_COLOR" in os.environ if own is None else own


def suit_style(card: int) -> str:
    """ "red" for hearts and diamonds, except under NO_COLOR, where the monochrome filter
    would turn red into a grey darker than a dimmed card: the suit symbol or letter says
    the suit anyway."""
    return "red" if (card & 3) in RED_SUITS and not no_colour() else ""


def card_label(card: int, ascii_style: bool) -> str:
    return show_card(card, ascii_style)


def plain_cards(cards: Sequence[int], ascii_style: bool) -> str:
    return " ".join(show_card(c, ascii_style) for c in sorted(cards, reverse=True))


def cards_text(cards: Sequence[int], ascii_style: bool, style: str = "") -> Text:
    """Cards high to low; red suits get a colour on top of their symbol/letter."""
    text = Text(style=style)
    for i, c in enumerate(sorted(cards, reverse=True)):
        if i:
            text.append(" ")
        text.append(show_card(c, ascii_style), style=suit_style(c))
    return text


def _chrome_table() -> dict[int, str]:
    """Every box-drawing and block character, and the symbols the interface draws, to one
    ASCII character of the same width (a drawn line keeps its length)."""
    table: dict[int, str] = {}
    for code in range(0x2500, 0x2580):  # box drawing: corners and crossings +, lines - |
        name = chr(code)
        if name in "─━┄┅┈┉╌╍═":
            table[code] = "-"
        elif name in "│┃┆┇┊┋╎╏║":
            table[code] = "|"
        else:
            table[code] = "+"
    for code in range(0x2580, 0x25A0):  # blocks and shades: bars, scrollbars, card backs
        table[code] = "#"
    table.update({ord("▏"): "|", ord("▕"): "|", ord("▁"): "_", ord("▔"): "-"})
    symbols = {
        "…": "~", "·": "-", "•": "*", "★": "*", "☆": "*", "▲": "^", "▼": "v", "▶": ">",
        "◀": "<", "⏎": "~", "←": "<", "→": ">", "↑": "^", "↓": "v", "✗": "x", "✓": "v",
        "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    }  # fmt: skip
    table.update({ord(k): v for k, v in symbols.items()})
    return table


ASCII_CHROME = _chrome_table()


class AsciiChrome(LineFilter):
    """The ASCII style for the whole screen, not only the cards: borders, bars, scrollbars,
    separators and marks drawn by tt22 or by Textual become plain ASCII characters of
    the same width, for a terminal (or a font) that cannot show them. Applied to every
    line as the screen is drawn; letters of any language are left alone."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            Segment(text.translate(ASCII_CHROME), style, control) if not control else seg
            for seg in segments
            for text, style, control in (seg,)
        ]
