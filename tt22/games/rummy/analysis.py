"""What `tt22 analyse` measures in the Rummy family (docs/analysis.md): the hand's score
difference, the points the seat's side gains this hand less what the other sides gain on
average, so a move that feeds an opponent's meld costs as much as one that spoils one's
own. Gin (G6-G8: the knock, gin and undercut bonuses counted as they fall in the hand)
and Rummy (M10: penalties, so the sign is turned: the others' penalties less one's own).

`score_difference` is shared with 500 Rum, Persian Rummy and Manipulation (their
packages build on this one's common fold). Worlds come from `Game.resample` (Gin:
and Rummy: sample.py); each is played out to the end of the hand by the
rules of thumb.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.core.protocol import Game, Objective

from .cards import CODE, TEXT, VALUE
from .melds import best_arrangement
from .moves import PILE, STOCK, Discard, Draw, Knock, LayOff, Meld, Pass
from .views import GinView

__all__ = [
    "GIN_OBJECTIVE",
    "OBJECTIVE",
    "FamilyObjective",
    "gin_rules_move",
    "score_difference",
]


def score_difference(start: Sequence[int], end: Sequence[int], seat: int, sides: int = 0) -> float:
    """What `seat`'s side gained from `start` to `end` less the mean gain of the seats of
    the other sides. With `sides` (2: partners sit opposite, seat % 2 names the side) a
    side's gain is counted once, by one of its seats."""
    gains = [b - a for a, b in zip(start, end, strict=True)]
    if sides:
        mine = seat % sides
        theirs = [gains[s] for s in range(sides) if s != mine]
        return float(gains[mine] - sum(theirs) / len(theirs))
    others = [g for s, g in enumerate(gains) if s != seat]
    return float(gains[seat] - sum(others) / len(others))


class FamilyObjective(Objective):
    """The hand's score difference (see the module); `penalties` turns the sign for a
    game whose totals are penalties (lowest wins), `sides` counts partnerships."""

    unit = "points of score difference this hand"
    lower_is_better = False
    penalties = False
    sides = 0
    playout = "rules"

    def outcome(self, seat: int, start: Any, end: Any) -> float:
        diff = score_difference(start.scores, end.scores, seat, self.sides)
        return -diff if self.penalties else diff


_DEADWOOD: dict[tuple[int, ...], int] = {}
_DEADWOOD_CAP = 1 << 18


def _deadwood(cards: Sequence[int]) -> int:
    """G3's least deadwood of a hand (`melds.best_arrangement`), remembered by hand: a
    playout asks it of the same few hands again and again."""
    key = tuple(sorted(cards))
    found = _DEADWOOD.get(key)
    if found is None:
        if len(_DEADWOOD) >= _DEADWOOD_CAP:
            _DEADWOOD.clear()
        found = _DEADWOOD[key] = best_arrangement(key)[0]
    return found


def _least_after_discard(hand: Sequence[int], banned: int) -> int:
    best = 10**9
    for c in hand:
        if c != banned:
            best = min(best, _deadwood([x for x in hand if x != c]))
    return best


def gin_rules_move(view: GinView) -> Any:
    """What Gin's rules bot (`bots.RulesBot`) plays from this view, by the same rules of
    thumb (take the pile's top only when it lowers the deadwood after the best discard,
    knock as soon as possible with the least deadwood, discard the card leaving the least
    deadwood, the higher on a tie), its deadwood remembered: a test holds the two to the
    same move on every view of real matches and playouts."""
    legal = view.legal_moves()
    seat = view.seat
    if len(legal) == 1:
        return legal[0]
    kinds = {type(m) for m in legal}
    hand = view.hand
    if Draw in kinds and Discard not in kinds and Knock not in kinds:
        if Draw(seat, PILE) in legal and view.pile:
            top = view.pile[-1]
            now = _least_after_discard(hand, -1) if len(hand) > 10 else _deadwood(hand)
            if _least_after_discard((*hand, top), top) < now:
                return Draw(seat, PILE)
        if Draw(seat, STOCK) in legal:
            return Draw(seat, STOCK)
        return Pass(seat) if Pass(seat) in legal else legal[0]
    knocks = [m for m in legal if isinstance(m, Knock)]
    if knocks:
        return min(knocks, key=lambda m: _deadwood([c for c in hand if c != CODE[m.card]]))
    melds = [m for m in legal if isinstance(m, Meld)]
    if melds:
        return max(melds, key=lambda m: (len(m.cards), sum(VALUE[CODE[t]] for t in m.cards)))
    lays = [m for m in legal if isinstance(m, LayOff)]
    if lays:
        return lays[0]
    cards = [c for c in hand if c != view.taken]
    best = min(cards, key=lambda c: (_deadwood([x for x in hand if x != c]), -VALUE[c]))
    return Discard(seat, TEXT[best])


class GinObjective(FamilyObjective):
    """Gin's hand: the knocker scores the deadwood difference, gin 25 more, an undercut
    25 to the defender (G6-G7). Thresholds: 4 points (?!), 10 (?), 20 (??): an undercut
    or a gin is 25. Its `rollout` plays the rules bot's moves (`gin_rules_move`)
    through the engine, its deadwood remembered."""

    thresholds = (4.0, 10.0, 20.0)
    worlds = 4

    def rollout(
        self, game: Game[Any, Any, Any, Any], world: Any, move: Any, seat: int
    ) -> tuple[float, tuple[float, ...]]:
        apply, view, to_move, done = game.apply, game.view, game.to_move, self.done
        state = apply(world, move)
        while not done(game, world, state):
            p = to_move(state)
            state = apply(state, gin_rules_move(view(state, p)))
        return self.outcome(seat, world, state), ()


class RummyObjective(FamilyObjective):
    """Rummy's hand (M10): the players left holding cards take their count as penalties.
    Thresholds: 5 (?!), 10 (?), 20 (??) points, a face card's worth and two."""

    penalties = True
    thresholds = (5.0, 10.0, 20.0)
    worlds = 4


OBJECTIVE = RummyObjective()
GIN_OBJECTIVE = GinObjective()
