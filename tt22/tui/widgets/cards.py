"""How a card and a play are drawn: symbol or ASCII style, suits never by colour alone."""

from __future__ import annotations

import os
from collections.abc import Sequence

from rich.text import Text

from tt22.engine import show_card

__all__ = ["card_label", "cards_text", "plain_cards", "suit_style"]

RED_SUITS = (1, 2)  # hearts, diamonds


def suit_style(card: int) -> str:
    """ "red" for hearts and diamonds, except under NO_COLOR (as Textual reads it: set at
    all), where the monochrome filter would turn red into a grey darker than a dimmed
    card: the suit symbol or letter says the suit anyway."""
    return "red" if (card & 3) in RED_SUITS and "NO_COLOR" not in os.environ else ""


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
