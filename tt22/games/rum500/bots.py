"""Bots of 500 Rum and Persian Rummy. Each sees its seat's view (M5, P8) and nothing else.

- `random`: any legal move uniformly, from the decision's own stream.
- `rules` (normal): rules of thumb. Take from the spread pile (F4) the pick that most
  raises what the hand can meld, less what the useless cards taken would cost if still
  held at the end (F8); else draw. Put down every meld (the most valuable first) and
  lay off every card it can (F6): points count only on the table. Discard the card worth
  least to keep: high cards with no partner in the hand first (F3), never one the table
  could take. With the stock empty it takes nothing (F7) unless a pick pays.
- `casual` (easy): the rules of thumb with slips: now and then it misses a pick or a
  lay-off, or throws the second best card.
- `sampling` (hard): the rules of thumb's draws and melds; its discards weigh, besides
  the card's worth to its own hand, how often the card would serve another seat (its
  partner excepted, P2): over `worlds` deals of the unseen cards drawn from the view
  (`Game.resample`, `sample.world`), the share in which an opponent could meld it with
  its hand (or lay it off after its opening), since the spread pile lets anyone take it
  later with everything above it (F4). It also keeps a meld back from the table late in
  no case: melded points are safe, held ones a risk.

Randomness: every decision draws from `bot/<seat>/<name>/<hand>/<turn>/<step>` of the
match seed (docs/seeds.md), so a decision is a pure function of (seed, seat, bot, view).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.core.bots import Bot, BotMenu, RandomMoveBot, decision_stream
from tt22.core.rng import Pcg32, seed_key
from tt22.core.sampling import tally
from tt22.games.rummy.cards import LOW

from .cards import CODE, HELD
from .engine import DRAW, in_some_meld
from .game import RUM500_GAME
from .melds import accepts, best_value, meld_value, order_meld
from .moves import Discard, LayOff, Meld, Take
from .views import RumView

__all__ = [
    "BOT_NAMES",
    "LEVELS",
    "NAMES",
    "CasualBot",
    "RandomBot",
    "RulesBot",
    "SamplingBot",
    "make_bot",
    "make_level",
    "seat_bot",
]


def decision_rng(key: bytes, name: str, view: RumView) -> Pcg32:
    return decision_stream(key, view.seat, name, view.number, view.turns, view.step)


class RandomBot(RandomMoveBot):
    decide = staticmethod(decision_rng)


def _melds_on(view: RumView) -> list[tuple[int, ...]]:
    return [cards for _, cards, _ in view.table]


def layable(card: int, melds: Sequence[tuple[int, ...]]) -> bool:
    return any(card in accepts(m) for m in melds)


def partners(card: int, hand: Sequence[int]) -> int:
    """How many cards of `hand` could make a meld with `card` one day: the others of its
    rank, and the cards of its suit within two places (an ace both low and high)."""
    if card >= 52:
        return 2 * sum(1 for c in hand if c >= 52 and c != card)
    rank, suit = card >> 2, card & 3
    place = LOW[card]
    near = 0
    for c in hand:
        if c == card or c >= 52:
            continue
        if c >> 2 == rank:
            near += 1
        elif c & 3 == suit:
            d = abs(LOW[c] - place)
            if place == 0 or LOW[c] == 0:
                d = min(d, abs((13 if LOW[c] == 0 else LOW[c]) - (13 if place == 0 else place)))
            if d <= 2:
                near += 1
    return near


def keep_value(card: int, hand: Sequence[int], melds: Sequence[tuple[int, ...]]) -> float:
    """Lower is a better discard: a card's partners in the hand count for it, its value
    if still held at the end counts against it (F3, F8); a card the table's melds would
    take is never given away (any opened seat would lay it off, F6)."""
    worth = 6.0 * partners(card, hand) - HELD[card]
    if layable(card, melds):
        worth += 40.0
    return worth


class RulesBot:
    """Rules of thumb (the module's docstring). `CasualBot` is this bot with slips."""

    name = "rules"
    waste = 0.5
    """How much a useless card taken with a pick costs, as a share of its value held."""

    def __init__(self, seed: str) -> None:
        self.key = seed_key(seed)

    def rng(self, view: RumView) -> Pcg32 | None:
        return None

    def slip(self, rng: Pcg32 | None) -> bool:
        return False

    def pick_gain(self, view: RumView, take: Take) -> float:
        """What taking the pile from `take.card` up is worth: the meld value it adds,
        less `waste` of the held value of the cards taken that no meld wants."""
        index = view.pile.index(CODE[take.card])
        cards = view.pile[index:]
        grown = (*view.hand, *cards)
        melds = _melds_on(view)
        gain = float(best_value(grown) - best_value(view.hand))
        opened = view.opened[view.seat]
        for c in cards:
            if opened and layable(c, melds):
                gain += HELD[c] if c not in view.hand else 0
            elif not in_some_meld(grown, c):
                gain -= self.waste * HELD[c]
        return gain

    def draw(self, view: RumView, legal: Sequence[Any]) -> Any:
        takes = [m for m in legal if isinstance(m, Take)]
        rng = self.rng(view)
        best: Any = None
        best_gain = 0.0
        for t in takes:
            g = self.pick_gain(view, t)
            if g > best_gain:
                best, best_gain = t, g
        if best is not None and not self.slip(rng):
            return best
        return legal[0]  # the stock, or with it empty the pass (F7)

    def act(self, view: RumView, legal: Sequence[Any]) -> Any:
        rng = self.rng(view)
        melds = [m for m in legal if isinstance(m, Meld)]
        if melds:
            return max(
                melds,
                key=lambda m: (meld_value(order_meld(CODE[t] for t in m.cards)), len(m.cards)),
            )
        lays = [m for m in legal if isinstance(m, LayOff)]
        discards = [m for m in legal if isinstance(m, Discard)]
        if lays and (not discards or not self.slip(rng)):
            return max(lays, key=lambda m: HELD[CODE[m.card]])
        ranked = self.rank_discards(view, discards)
        if len(ranked) > 1 and self.slip(rng):
            return ranked[1]
        return ranked[0]

    def rank_discards(self, view: RumView, discards: Sequence[Discard]) -> list[Discard]:
        melds = _melds_on(view)
        return sorted(
            discards,
            key=lambda m: (keep_value(CODE[m.card], view.hand, melds), -HELD[CODE[m.card]]),
        )

    def choose(self, view: Any) -> Any:
        legal = view.legal_moves()
        if len(legal) == 1:
            return legal[0]
        if view.phase == DRAW:
            return self.draw(view, legal)
        return self.act(view, legal)


class CasualBot(RulesBot):
    """The easy level: the rules of thumb with a casual player's slips (a fifth of its
    picks, lay-offs and discards), drawn from the decision's own stream."""

    name = "casual"
    slips = 1 / 5

    def rng(self, view: RumView) -> Pcg32 | None:
        return decision_rng(self.key, self.name, view)

    def slip(self, rng: Pcg32 | None) -> bool:
        return rng is not None and rng.chance(self.slips)


class SamplingBot(RulesBot):
    """The strongest level: the rules of thumb's draws and melds, discards weighed
    against the other seats' likely hands, dealt from the view again and again
    (the module's docstring)."""

    name = "sampling"

    def __init__(self, seed: str, worlds: int = 16, danger: float = 30.0) -> None:
        super().__init__(seed)
        self.worlds = worlds
        self.danger = danger

    def rank_discards(self, view: RumView, discards: Sequence[Discard]) -> list[Discard]:
        if len(discards) <= 1:
            return list(discards)
        melds = _melds_on(view)
        cards = [CODE[m.card] for m in discards]
        rng = decision_rng(self.key, self.name, view)
        others = [s for s in range(view.players) if s != view.seat and s != view.partner]

        def serves(w: Any, c: int) -> float:
            """How many opponents in world `w` could meld `c` (or lay it off)."""
            n = 0
            for s in others:
                grown = (*w.hands[s], *view.pile, c)
                if in_some_meld(grown, c) or (view.opened[s] and layable(c, melds)):
                    n += 1
            return float(n)

        useful = dict(
            zip(cards, tally(RUM500_GAME, view, rng, self.worlds, cards, serves), strict=True)
        )
        scale = self.danger / (self.worlds * max(1, len(others)))

        def key(m: Discard) -> tuple[float, int]:
            c = CODE[m.card]
            return (keep_value(c, view.hand, melds) + scale * useful[c], -HELD[c])

        return sorted(discards, key=key)


LEVELS: dict[str, tuple[str, int]] = {
    "easy": ("casual", 0),
    "normal": ("rules", 0),
    "hard": ("sampling", 16),
}
"""Levels, weakest first: the bot and its sampled worlds per discard (docs/bots.md)."""

MENU: BotMenu[Bot] = BotMenu(
    (RandomBot, CasualBot, RulesBot, SamplingBot), LEVELS, worlds=16, sampled=("sampling",)
)
BOT_NAMES = MENU.bot_names
NAMES = MENU.names
make_bot = MENU.make_bot
make_level = MENU.make_level
seat_bot = MENU.seat_bot
