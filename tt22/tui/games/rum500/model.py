"""What 500 Rum's and Persian's table shows, worked out from a seat's view: no Textual.

The rules stay in the game: which cards of the spread pile may be taken is the list of
`Take` moves `view_legal_moves` gives (F4), what a meld is worth is the engine's
`meld_value` (F3), whether a seat has opened is in the view (F5). This module sorts
those answers for the screen: the family's `Choices` plus the takes, the hand in the
order of melds it could put down, the opening as it is being built.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from tt22.games.rum500 import Take
from tt22.games.rum500.cards import CODE, HELD
from tt22.games.rum500.melds import candidate_melds, is_meld, meld_value, order_meld
from tt22.tui.games.rummy.model import Arranged, Choices, choices

__all__ = ["RumChoices", "arrange", "held_value", "opening_value", "rum_choices"]


class RumChoices(NamedTuple):
    """The seat's legal moves: the family's kinds, and the cards of the pile it may
    take from (pile index -> the `Take`), deepest last."""

    family: Choices
    takes: dict[int, Take]


def rum_choices(view: Any, moves: Sequence[Any]) -> RumChoices:
    takes: dict[int, Take] = {}
    for m in moves:
        if isinstance(m, Take):
            takes[view.pile.index(CODE[m.card])] = m
    ordered = dict(sorted(takes.items(), reverse=True))  # the top first, then deeper
    return RumChoices(choices(moves), ordered)


def arrange(hand: Sequence[int]) -> Arranged:
    """The hand as the table lays it out: melds it could put down (the most valuable
    first, no card twice), then the rest by suit and rank, jokers last; `deadwood` is
    what the rest would count against the seat if the hand ended now (F8)."""
    groups: list[tuple[int, ...]] = []
    used: set[int] = set()
    ranked = sorted(candidate_melds(hand), key=lambda m: -meld_value(order_meld(m)))
    for meld in ranked:
        if used.isdisjoint(meld):
            groups.append(order_meld(meld))
            used.update(meld)
    rest = tuple(sorted((c for c in hand if c not in used), key=_order))
    return Arranged(tuple(groups), rest, held_value(rest))


def _order(card: int) -> tuple[int, int]:
    return (4, card) if card >= 52 else (card & 3, card >> 2)


def held_value(cards: Sequence[int]) -> int:
    """F8: what cards left in a hand count against it (an ace 15, a joker 20)."""
    return sum(HELD[c] for c in cards)


def opening_value(view: Any, picked: Sequence[int]) -> int | None:
    """F5: the opening's value this turn with the picked cards put down as one meld, or
    None when they are not a meld (then the opening so far is what counts)."""
    if len(picked) < 3 or not is_meld(tuple(picked)):
        return None
    return int(view.so_far) + meld_value(order_meld(picked))
