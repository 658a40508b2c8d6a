"""Bots of the Rummy family. Each sees its seat's view (M5) and nothing else.

- `random`: any legal move uniformly, from the decision's own stream (for tests and the
  arena; no level plays it).
- `casual` (the easy level): the rules of thumb with a casual player's slips: it
  overlooks a useful discard now and then, sometimes throws the second or third best
  card, misses a lay-off at times. It melds, lays off and knocks whenever it can.
- `rules` (normal): rules of thumb. In Rummy take the discard only when it goes into a
  meld (or onto the table's), put down every meld and lay off every card it can, and
  discard by the worth of the hand kept (`tactics`: deadwood less the chances of the
  cards to grow into melds, weighed more as a hand drags on), so hands end (M9). In Gin
  take the upcard or the discard only when it lowers the hand's deadwood, discard the
  card that leaves the least deadwood (the highest such card on a tie), and knock as
  soon as it may, with the least deadwood (gin when it can).
- `sampling` (Gin): the rules of thumb's draws and knocks; discards weighing the deadwood
  kept, how the kept cards may grow with the next draw, and the opponent's likely hand,
  dealt from the view again and again (`Game.resample` through tt22.core.sampling's
  `tally`; it tracks the cards the opponent picked up).

Randomness: every decision draws from `bot/<seat>/<name>/<hand>/<turn>/<step>` of the
match seed (docs/seeds.md), so a decision is a pure function of (seed, seat, bot, view).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.core.bots import Bot, BotMenu, RandomMoveBot, decision_stream
from tt22.core.rng import Pcg32, seed_key
from tt22.core.sampling import tally

from .cards import CODE, TEXT, VALUE
from .game import GIN_GAME
from .melds import best_arrangement, isolated_cards
from .moves import PILE, STOCK, Discard, Draw, Knock, LayOff, Meld, Pass
from .sample import known_held
from .tactics import keep_worth, serves_a_meld, unseen
from .views import GinView, RummyView

__all__ = [
    "BOT_NAMES",
    "LEVELS",
    "NAMES",
    "Bot",
    "CasualBot",
    "RandomBot",
    "RulesBot",
    "SamplingBot",
    "decision_rng",
    "make_bot",
    "make_level",
    "seat_bot",
]

View = RummyView | GinView


def decision_rng(key: bytes, name: str, view: View) -> Pcg32:
    return decision_stream(key, view.seat, name, view.number, view.turns, len(view.events))


class RandomBot(RandomMoveBot):
    decide = staticmethod(decision_rng)


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


def patience(view: RummyView) -> float:
    """How much a Rummy hand's draw potential counts against its deadwood: more as the
    hand drags on (each reshuffle, M9), when a stuck hand has many draws ahead."""
    return PATIENCE + PATIENCE_PER_RESHUFFLE * view.reshuffles


PATIENCE = 3.0
PATIENCE_PER_RESHUFFLE = 8.0
"""Measured by benchmarks/void_hands.py (four players, 30 matches): 2 and 4 left 5.0 void
hands in 100, 3 and 8 left 1.2, 4 and 12 left 1.8."""


STUCK = 2
SLACK = 8.0
"""After `STUCK` reshuffles (one before M9's limit) the hand is stuck: every seat throws
back what it draws and keeps the low cards the others need. A stuck player throws any
card within `SLACK` of the best, drawn from the decision's stream, so held cards go
round and someone gets a meld (benchmarks/void_hands.py measures it)."""


def _shaken(options: Sequence[tuple[float, int]], rng: Pcg32) -> list[int]:
    best = options[0][0]
    near = [c for w, c in options if w <= best + SLACK]
    first = near[rng.bounded(len(near))]
    return [first, *(c for _, c in options if c != first)]


def rummy_discard(view: RummyView, legal: Sequence[Any], wait: float) -> list[tuple[float, int]]:
    """Each legal discard as (worth of the hand it keeps, card), best first (the higher
    card on a tie): see `tactics`."""
    ace_high = view.rules.ace_high
    pool = unseen(view)
    options = []
    for m in legal:
        if isinstance(m, Discard):
            card = CODE[m.card]
            kept = [c for c in view.hand if c != card]
            options.append((keep_worth(kept, pool, view.table, ace_high, wait), card))
    options.sort(key=lambda wc: (wc[0], -VALUE[wc[1]]))
    return options


def gin_discards(hand: Sequence[int], banned: int) -> list[int]:
    """Every card but `banned` (M4), best discard first: the least deadwood left, the
    higher card on a tie."""
    cards = [c for c in hand if c != banned]
    return sorted(
        cards, key=lambda c: (best_arrangement([x for x in hand if x != c])[0], -VALUE[c])
    )


class RulesBot:
    """Rules of thumb (the module's docstring). `CasualBot` is this bot with slips."""

    name = "rules"

    def __init__(self, seed: str) -> None:
        self.key = seed_key(seed)

    def take(self, view: View, useful: bool, rng: Pcg32 | None) -> bool:
        """Take the pile's top (or the upcard) when it is `useful`."""
        return useful

    def pick(self, ranked: Sequence[int], rng: Pcg32 | None) -> int:
        """The discard, from the cards ranked best first."""
        return ranked[0]

    def lay_off(self, rng: Pcg32 | None) -> bool:
        """Lay off a card the table's melds can take (Rummy, M6)."""
        return True

    def patience(self, view: RummyView) -> float:
        return patience(view)

    def rng(self, view: View) -> Pcg32 | None:
        return None

    def choose(self, view: Any) -> Any:
        legal = view.legal_moves()
        seat = view.seat
        if len(legal) == 1:
            return legal[0]
        rng = self.rng(view)
        kinds = {type(m) for m in legal}
        rummy = isinstance(view, RummyView)
        if Draw in kinds and Discard not in kinds and Knock not in kinds:
            if Draw(seat, PILE) in legal:
                if rummy:
                    top = view.pile[-1]
                    useful = serves_a_meld(view.hand, top, view.table, view.rules.ace_high)
                    # A hand the stock went round on: a card that joins one of the
                    # hand's own is worth it too (three stuck players each holding a
                    # third of the last run would never go out).
                    useful = useful or (
                        view.reshuffles >= 1 and top not in isolated_cards((*view.hand, top))
                    )
                else:
                    useful = _worth_taking(view)
                if self.take(view, useful, rng):
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
        if lays and (Discard not in kinds or self.lay_off(rng)):
            return lays[0]
        if rummy:
            options = rummy_discard(view, legal, self.patience(view))
            ranked = [c for _, c in options]
            if view.reshuffles >= STUCK:
                ranked = _shaken(options, decision_rng(self.key, "stuck", view))
        else:
            ranked = gin_discards(view.hand, view.taken)
        return Discard(seat, TEXT[self.pick(ranked, rng)])


class CasualBot(RulesBot):
    """The easy level: a casual player, who knows the rules of thumb and slips.

    It melds, lays off and knocks whenever it can (a Gin hand against it is a real
    hand, never a 413-0 shut-out), but it overlooks a useful discard now and then
    (`overlook`), sometimes throws the second or third best card (`slip`), misses a
    lay-off at times, and never learns patience as a Rummy hand drags on. Its slips
    draw from the decision's own stream, so it is as reproducible as the others.
    Measured with `tt22 arena` (40 games, duplicate): it won 12.5% of Rummy games and
    32.5% of Gin games against normal (at a quarter to a third of slips: 0% and 15%)."""

    name = "casual"
    overlook = 1 / 5
    slip = 1 / 5
    miss = 1 / 5

    def rng(self, view: View) -> Pcg32 | None:
        return decision_rng(self.key, self.name, view)

    def take(self, view: View, useful: bool, rng: Pcg32 | None) -> bool:
        return useful and not _chance(rng, self.overlook)

    def pick(self, ranked: Sequence[int], rng: Pcg32 | None) -> int:
        if len(ranked) > 1 and _chance(rng, self.slip):
            assert rng is not None
            return ranked[1 + rng.bounded(min(2, len(ranked) - 1))]
        return ranked[0]

    def lay_off(self, rng: Pcg32 | None) -> bool:
        return not _chance(rng, self.miss)

    def patience(self, view: RummyView) -> float:
        return PATIENCE


def _chance(rng: Pcg32 | None, p: float) -> bool:
    return rng is not None and rng.chance(p)


def _after_best_discard(hand: Sequence[int]) -> int:
    """About the least deadwood of an 11-card hand after its discard: its best
    arrangement less its highest deadwood card (exact unless breaking a meld would
    do better, which is rare and never by much). One search instead of eleven."""
    dead, _, cards = best_arrangement(hand)
    return dead - max((VALUE[c] for c in cards), default=0)


def draw_potential(hand: Sequence[int], dead: int, pool: Sequence[int]) -> float:
    """How much the next draw is expected to lower a 10-card hand's deadwood, over the
    cards it may come from (`pool`). A card that cannot join a meld with the hand
    changes nothing and is skipped without a search."""
    gain = 0
    for card in pool:
        grown = (*hand, card)
        if card in isolated_cards(grown):
            continue
        gain += max(0, dead - _after_best_discard(grown))
    return gain / max(1, len(pool))


class SamplingBot:
    """Gin: knocks as the rules of thumb; draws and discards by the hand it keeps and
    the hand it feeds.

    Each legal discard is scored by (lower is better)
    - the deadwood left (G3),
    - less `alpha` times the draw potential of the ten cards kept: the expected drop in
      deadwood from the next card drawn, over the cards the seat has not seen (a 7♥
      next to 8♥ and 7♠ has many ways to grow; a lone king none),
    - plus `danger` times the share of `worlds` sampled opponent hands in which the card
      would join a meld. The opponent's hand is dealt from the view (`gin_world`): the
      cards it took from the pile and still holds stay in it, the rest come from the
      cards this seat has not seen, so feeding its known pickups costs most.
    Ties go to the higher card. The discard pile's top is taken when the best hand it
    makes (so scored, without the danger) beats what a card from the stock is expected
    to make: the hand's deadwood less (1 + `alpha`) times its draw potential (the next
    draw's expected drop, and the potential kept after it). Rummy: the rules of thumb.

    Measured against the rules of thumb in docs/bots.md."""

    name = "sampling"

    def __init__(
        self, seed: str, worlds: int = 24, alpha: float = 2.0, danger: float = 8.0
    ) -> None:
        self.key = seed_key(seed)
        self.worlds = worlds
        self.alpha = alpha
        self.danger = danger
        self.rules = RulesBot(seed)

    def _value(self, hand: Sequence[int], pool: Sequence[int]) -> float:
        """A 10-card hand's worth (lower is better): deadwood less `alpha` times the
        draw potential."""
        dead = best_arrangement(hand)[0]
        return dead - self.alpha * draw_potential(hand, dead, pool)

    def _take_pile(self, view: GinView, pool: Sequence[int]) -> bool:
        top = view.pile[-1]
        grown = (*view.hand, top)
        take = min(self._value([c for c in grown if c != d], pool) for d in grown if d != top)
        dead = best_arrangement(view.hand)[0]
        stock = dead - (1 + self.alpha) * draw_potential(view.hand, dead, pool)
        return take < stock

    def choose(self, view: Any) -> Any:
        choice = self.rules.choose(view)
        if not isinstance(view, GinView):
            return choice
        seat = view.seat
        gone = set(view.hand) | set(view.pile) | set(known_held(view, 1 - seat))
        pool = [c for c in range(52) if c not in gone]
        if isinstance(choice, Draw) and len(view.hand) == 10:
            legal = view.legal_moves()
            if Draw(seat, PILE) in legal and Draw(seat, STOCK) in legal:
                return Draw(seat, PILE) if self._take_pile(view, pool) else Draw(seat, STOCK)
            return choice
        if not isinstance(choice, Discard):
            return choice
        options: list[tuple[float, int]] = []
        for m in view.legal_moves():
            if isinstance(m, Discard):
                card = CODE[m.card]
                options.append((self._value([c for c in view.hand if c != card], pool), card))
        if len(options) == 1:
            return choice
        rng = decision_rng(self.key, self.name, view)
        cards = list(dict.fromkeys(c for _, c in options))

        def joins(world: Any, card: int) -> float:
            """1 when the card would join a meld of the opponent's hand in `world`."""
            return 0.0 if card in isolated_cards((*world.hands[1 - seat], card)) else 1.0

        useful = dict(
            zip(cards, tally(GIN_GAME, view, rng, self.worlds, cards, joins), strict=True)
        )
        scale = self.danger / self.worlds
        _, best = min(options, key=lambda vc: (vc[0] + scale * useful[vc[1]], -VALUE[vc[1]]))
        return Discard(seat, TEXT[best])


LEVELS: dict[str, tuple[str, int]] = {
    "easy": ("casual", 0),
    "normal": ("rules", 0),
    "hard": ("sampling", 16),
    "expert": ("sampling", 40),
}
"""Levels as Rook's are named: the bot and its sampled worlds per discard (docs/bots.md
measures hard and expert against normal)."""

MENU: BotMenu[Bot] = BotMenu(
    (RandomBot, CasualBot, RulesBot, SamplingBot), LEVELS, worlds=24, sampled=("sampling",)
)
BOT_NAMES = MENU.bot_names
NAMES = MENU.names
"""Every name `seat_bot` takes, levels first (tt22.core.bots: the registry entry's bots)."""
make_bot = MENU.make_bot
make_level = MENU.make_level
seat_bot = MENU.seat_bot
