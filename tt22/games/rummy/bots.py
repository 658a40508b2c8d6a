"""Bots of the Rummy family. Each sees its seat's view (M5) and nothing else.

- `random`: any legal move uniformly, from the decision's own stream.
- `rules`: rules of thumb. Take the upcard or the discard only when it lowers the hand's
  deadwood; in Rummy put down every meld and lay off every card it can; discard the card
  that leaves the least deadwood (the highest such card on a tie); in Gin knock as soon as
  it may, with the least deadwood (gin when it can).

Randomness: every decision draws from `bot/<seat>/<name>/<hand>/<turn>/<step>` of the
match seed (docs/seeds.md), so a decision is a pure function of (seed, seat, bot, view).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from tt22.engine.rng import Pcg32, seed_key, stream

from .cards import CODE, TEXT, VALUE
from .melds import best_arrangement
from .moves import PILE, STOCK, Discard, Draw, Knock, LayOff, Meld, Pass
from .views import GinView, RummyView

__all__ = ["BOT_NAMES", "Bot", "RandomBot", "RulesBot", "decision_rng", "make_bot", "play_bots"]

View = RummyView | GinView


class Bot(Protocol):
    name: str

    def choose(self, view: Any) -> Any: ...


def decision_rng(key: bytes, name: str, view: View) -> Pcg32:
    step = len(view.events)
    return stream(key, f"bot/{view.seat}/{name}/{view.number}/{view.turns}/{step}")


class RandomBot:
    name = "random"

    def __init__(self, seed: str) -> None:
        self.key = seed_key(seed)

    def choose(self, view: Any) -> Any:
        legal = view.legal_moves()
        return legal[decision_rng(self.key, self.name, view).bounded(len(legal))]


def _ace_high(view: View) -> bool:
    return isinstance(view, RummyView) and view.rules.ace_high


def best_discard(hand: Sequence[int], banned: int, ace_high: bool) -> tuple[int, int]:
    """(deadwood left, card) of the discard leaving the least deadwood, the highest card
    on a tie, never `banned` (the card just taken, M4)."""
    best = (10**9, -1)
    for c in hand:
        if c == banned:
            continue
        rest = [x for x in hand if x != c]
        key = (best_arrangement(rest, ace_high)[0], -VALUE[c])
        if key < (best[0], -VALUE[best[1]] if best[1] >= 0 else 0):
            best = (key[0], c)
    return best


def _worth_taking(view: View) -> bool:
    """Does the pile's top lower the deadwood after the best discard?"""
    if not view.pile:
        return False
    top = view.pile[-1]
    ace_high = _ace_high(view)
    now = best_arrangement(view.hand, ace_high)[0]
    if isinstance(view, GinView):
        now = best_discard(view.hand, -1, ace_high)[0] if len(view.hand) > 10 else now
    after = best_discard((*view.hand, top), top, ace_high)[0]
    return after < now


class RulesBot:
    name = "rules"

    def __init__(self, seed: str) -> None:
        self.key = seed_key(seed)

    def choose(self, view: Any) -> Any:
        legal = view.legal_moves()
        seat = view.seat
        if len(legal) == 1:
            return legal[0]
        kinds = {type(m) for m in legal}
        if Draw in kinds and Discard not in kinds and Knock not in kinds:
            if Draw(seat, PILE) in legal and _worth_taking(view):
                return Draw(seat, PILE)
            if Draw(seat, STOCK) in legal:
                return Draw(seat, STOCK)
            return Pass(seat) if Pass(seat) in legal else legal[0]
        knocks = [m for m in legal if isinstance(m, Knock)]
        if knocks:
            return min(
                knocks,
                key=lambda m: best_arrangement([c for c in view.hand if c != CODE[m.card]])[0],
            )
        melds = [m for m in legal if isinstance(m, Meld)]
        if melds:
            return max(melds, key=lambda m: (len(m.cards), sum(VALUE[CODE[t]] for t in m.cards)))
        lays = [m for m in legal if isinstance(m, LayOff)]
        if lays:
            return lays[0]
        _, card = best_discard(view.hand, view.taken, _ace_high(view))
        return Discard(seat, TEXT[card])


BOT_NAMES = ("random", "rules")


def make_bot(name: str, seed: str) -> Bot:
    if name == "random":
        return RandomBot(seed)
    if name == "rules":
        return RulesBot(seed)
    raise ValueError(f"unknown bot {name!r}; the bots are {', '.join(BOT_NAMES)}")


def play_bots(game: Any, rules: Any, seed: str, bots: Sequence[Bot], limit: int = 100_000) -> Any:
    """A whole match of bots, each shown only its seat's view."""
    state = game.new_match(rules, len(bots), seed)
    for _ in range(limit):
        if game.is_over(state):
            break
        seat = game.to_move(state)
        state = game.apply(state, bots[seat].choose(game.view(state, seat)))
    return state
