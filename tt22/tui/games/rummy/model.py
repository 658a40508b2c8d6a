"""What the Rummy family's screens show, worked out from a seat's view: no Textual here.

The screen holds no rules. Which moves are legal, why a choice is forced and what is
wrong with a move all come from the game (`view_legal_moves`, `forced_reason`,
`explain_view`); the hand's best melds and its deadwood from the engine's own
`best_arrangement` (G3). This module only sorts those answers into what the table draws:
the hand in the order of its melds, the melds a card may be laid off on, the knock the
cursor's card would make.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from tt22.games.rummy import Discard, Draw, Knock, LayOff, Meld, Pass
from tt22.games.rummy.cards import CODE, TEXT, hand_order
from tt22.games.rummy.melds import best_arrangement
from tt22.games.rummy.views import GinView, RummyView

__all__ = [
    "Arranged",
    "Choices",
    "arrange",
    "choices",
    "is_gin",
    "lay_off_targets",
]

View = GinView | RummyView


def is_gin(view: Any) -> bool:
    return isinstance(view, GinView)


def ace_high(view: View) -> bool:
    return isinstance(view, RummyView) and view.rules.ace_high


class Arranged(NamedTuple):
    """A hand as the table shows it: each meld of its best arrangement, then the rest."""

    groups: tuple[tuple[int, ...], ...]  # the melds, in the engine's order
    rest: tuple[int, ...]  # the deadwood cards, by suit, then up the suit (hand_order)
    deadwood: int

    @property
    def order(self) -> tuple[int, ...]:
        """Every card once, melds first: the order of the cursor."""
        return tuple(c for g in self.groups for c in g) + self.rest


def arrange(hand: Sequence[int], high: bool = False) -> Arranged:
    """The hand's best arrangement (G3; Rummy's ace may be high, M2), the deadwood in
    the one order of a hand (`hand_order`: by suit, the ace where the rules put it)."""
    dead, melds, rest = best_arrangement(tuple(hand), high)
    return Arranged(tuple(melds), hand_order(rest, high), dead)


class Choices(NamedTuple):
    """The seat's legal moves, sorted by kind (all from `view_legal_moves`)."""

    stock: Draw | None
    pile: Draw | None
    passes: Pass | None
    discards: dict[int, Discard]
    knocks: dict[int, Knock]
    melds: tuple[Meld, ...]
    lay_offs: tuple[LayOff, ...]

    @property
    def drawing(self) -> bool:
        return self.stock is not None or self.pile is not None or self.passes is not None

    @property
    def acting(self) -> bool:
        return bool(self.discards or self.knocks or self.melds or self.lay_offs)


def choices(moves: Sequence[Any], code: Mapping[str, int] = CODE) -> Choices:
    stock = pile = passes = None
    discards: dict[int, Discard] = {}
    knocks: dict[int, Knock] = {}
    melds: list[Meld] = []
    lays: list[LayOff] = []
    for m in moves:
        if isinstance(m, Draw):
            if m.source == "stock":
                stock = m
            else:
                pile = m
        elif isinstance(m, Pass):
            passes = m
        elif isinstance(m, Discard):
            discards[code[m.card]] = m
        elif isinstance(m, Knock):
            knocks[code[m.card]] = m
        elif isinstance(m, Meld):
            melds.append(m)
        elif isinstance(m, LayOff):
            lays.append(m)
    return Choices(stock, pile, passes, discards, knocks, tuple(melds), tuple(lays))


def lay_off_targets(c: Choices, card: int, texts: Sequence[str] = TEXT) -> tuple[int, ...]:
    """The table's melds (their numbers, from 0) that `card` may be laid off on now
    (`texts`: the cards' text, the family's or a member's with jokers)."""
    text = texts[card]
    return tuple(m.meld for m in c.lay_offs if m.card == text)


def meld_of(c: Choices, cards: Sequence[int], texts: Sequence[str] = TEXT) -> Meld | None:
    """The legal meld of exactly these cards, if there is one."""
    want = {texts[x] for x in cards}
    for m in c.melds:
        if set(m.cards) == want and len(m.cards) == len(want):
            return m
    return None


def deadwood_after(view: View, card: int) -> int:
    """The hand's least deadwood once `card` is discarded (G3, G4): what knocking with
    it would leave."""
    rest = tuple(x for x in view.hand if x != card)
    return int(best_arrangement(rest, ace_high(view))[0])
