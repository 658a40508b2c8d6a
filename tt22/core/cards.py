"""The 52 cards as small ints, with one parser and one printer, for every game.

A card is ``rank * 4 + suit``: rank 0..12 is 2..A, suit 0..3 is S, H, D, C. Sorting ints
therefore sorts by rank first (all 22's rules look at, R2). Two decks simply hold every int
twice: identical cards are identical. What a card is worth is each game's own (22's
penalty values and Rook's counters are in the cards module of each game's own folder).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = [
    "JOKERS_FROM",
    "RANK_CHARS",
    "SUIT_CHARS",
    "SUIT_SYMBOLS",
    "CardError",
    "card_text",
    "full_deck",
    "parse_card",
    "parse_cards",
    "rank",
    "rank_name",
    "show_card",
    "show_ranks",
]

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

TEXT: tuple[str, ...] = tuple(r + s for r in RANK_CHARS for s in SUIT_CHARS)
"""TEXT[card] is the two-character form used in records and transcripts."""

CODE: dict[str, int] = {t: i for i, t in enumerate(TEXT)}


class CardError(ValueError):
    """A card's text is not one of the 52 two-character codes."""


def rank(card: int) -> int:
    return card >> 2


def rank_name(r: int) -> str:
    return RANK_NAMES[r]


def card_text(card: int) -> str:
    return TEXT[card]


def parse_card(text: str) -> int:
    """Accepts `TS`, `ts`, `10S`, `10♠`, `T♠`; the canonical form is `TS`."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) == 2 and t[1] in SUIT_SYMBOLS:
        t = t[0] + SUIT_CHARS[SUIT_SYMBOLS.index(t[1])]
    code = CODE.get(t)
    if code is None:
        raise CardError(f"not a card: {text!r}")
    return code


def parse_cards(texts: Iterable[str]) -> list[int]:
    return [parse_card(t) for t in texts]


JOKERS_FROM = 52
"""Cards from 52 on are jokers (Persian Rummy's four, 52 to 55), written `X1` to `X4` in
records and on screen alike; no game of two decks uses these numbers (a second deck
holds every int of 0..51 twice)."""


def show_card(card: int, ascii_style: bool = False) -> str:
    """What a person reads: `10♠` by default, `TS` in the ASCII style; a joker `X1`."""
    if card >= JOKERS_FROM:
        return f"X{card - JOKERS_FROM + 1}"
    if ascii_style:
        return TEXT[card]
    return RANK_NAMES[card >> 2] + SUIT_SYMBOLS[card & 3]


def show_ranks(ranks: Sequence[int]) -> str:
    """`K-Q-10`: a play's ranks from high to low, as a player says them."""
    return "-".join(RANK_NAMES[r] for r in sorted(ranks, reverse=True))


def full_deck(decks: int) -> list[int]:
    """The unshuffled deck in its pinned order: 2S 2H 2D 2C 3S ... AC, once per deck."""
    return list(range(52)) * decks
