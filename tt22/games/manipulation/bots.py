"""Bots of Manipulation Rummy. Each sees its seat's view (M5) and nothing else.

- `random`: any move of `legal_moves` uniformly (the draw or pass, a meld of the hand,
  a lay-off), from the decision's own stream.
- `casual` (easy): puts down the biggest meld of its hand alone, one a turn; never
  touches the table.
- `rules` (normal), rules of thumb: never rearranges the table, but puts down every meld
  its hand makes (the longest first) and lays off every card it can onto the table's
  melds, all in one play (X4); else draws.
- `solver` (hard): the play placing the most cards (then points) that any rearrangement
  of the table allows (solver.py), every turn it has one, searched within a work budget
  (`PLAY_BUDGET` states, a count and never the clock: the same move on any machine);
  the rules of thumb's play when that search found none as large.
- `sampling` (expert): the solver's play, held back when it helps an opponent. With
  the stock not yet empty and the play not going out, it deals the unseen cards again
  `worlds` times (`resample`) and asks, in each world, whether an opponent close to going
  out (at most `close` cards) could go out on the table the play leaves but not on the
  table as it is; if that happens in more than `risk` of the worlds it draws instead,
  keeping its cards to itself (X4: a player who will not play must draw). An opponent
  who can go out either way is not slowed by holding back, so that does not count.
  Every question of a decision's worlds shares one budget (`WORLDS_BUDGET` states).

Randomness: every decision draws from `bot/<seat>/<name>/<hand>/<turn>` of the match
seed (docs/seeds.md), so a decision is a pure function of (seed, seat, bot, view).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.core.bots import Bot, BotMenu, RandomMoveBot, decision_stream
from tt22.core.rng import Pcg32, seed_key
from tt22.core.sampling import tally

from .cards import CODE, OPENING_VALUE, PENALTY, TEXT
from .engine import extensions, hand_melds, is_legal
from .game import MANIPULATION_GAME, best_play
from .moves import Draw, ManipulationMove, Pass, Play
from .solver import solve
from .views import ManipulationView

__all__ = [
    "BOT_NAMES",
    "LEVELS",
    "NAMES",
    "CasualBot",
    "RandomBot",
    "RulesBot",
    "SamplingBot",
    "SolverBot",
    "make_bot",
    "seat_bot",
]


def decision_rng(key: bytes, name: str, view: ManipulationView) -> Pcg32:
    return decision_stream(key, view.seat, name, view.number, view.turns)


def _no_play(view: ManipulationView) -> ManipulationMove:
    return Draw(view.seat) if view.stock_count else Pass(view.seat)


class RandomBot(RandomMoveBot):
    decide = staticmethod(decision_rng)


def _worth(meld: Sequence[int]) -> tuple[int, int]:
    return len(meld), sum(PENALTY[c] for c in meld)


def simple_play(view: ManipulationView, every: bool) -> Play | None:
    """A play that leaves the table's melds as they are but for cards added at their
    ends: the hand's melds, longest (then highest) first, then lay-offs, repeated while
    any card fits (`every`), or only the biggest meld of the hand (not `every`)."""
    hand = list(view.hand)
    table = list(view.table)
    played: list[int] = []
    opened = view.opened[view.seat]
    while True:
        melds = hand_melds(hand)
        if not melds:
            break
        best = max(melds, key=_worth)
        if not opened and sum(OPENING_VALUE[c] for c in best) < view.rules.opening:
            break
        table.append(best)
        for c in best:
            hand.remove(c)
        played.extend(best)
        if not every:
            break
    if every and opened:
        changed = True
        while changed and hand:
            changed = False
            for i, meld in enumerate(table):
                for c, grown in extensions(meld):
                    if c in hand:
                        table[i] = grown
                        hand.remove(c)
                        played.append(c)
                        changed = True
                        break
    if not played:
        return None
    move = Play(
        view.seat,
        tuple(TEXT[c] for c in sorted(played)),
        tuple(tuple(TEXT[c] for c in m) for m in table),
    )
    return move if is_legal(view.position(), move) else None


class RulesBot:
    """Rules of thumb: every meld of the hand and every lay-off, in one play."""

    name = "rules"
    every = True

    def __init__(self, seed: str) -> None:
        self.key = seed_key(seed)

    def choose(self, view: ManipulationView) -> ManipulationMove:
        play = simple_play(view, self.every)
        return play if play is not None else _no_play(view)


class CasualBot(RulesBot):
    """The easy level: the biggest meld of the hand alone, one a turn."""

    name = "casual"
    every = False


PLAY_BUDGET = 3_000
"""The states the solver may expand for a bot's own play (solver.solve's `budget`): a
count, not a time, so a position gives the same move on every machine. Small tables
fit it whole and are solved exactly; on big ones (late in a long hand a table holds 70
to 100 cards) the search keeps the likeliest states (docs/bots.md measures what this
costs)."""
WORLDS_BUDGET = 6_000
"""The states for all the questions the sampled worlds ask in one decision (could an
opponent go out?), shared out evenly (with one near opponent and 8 worlds, 375 a
question), so a decision expands at most PLAY_BUDGET + WORLDS_BUDGET states however
many opponents are near."""


def _size(play: Play | None) -> tuple[int, int]:
    if play is None:
        return (0, 0)
    return len(play.cards), sum(PENALTY[CODE[c]] for c in play.cards)


def budgeted_play(view: ManipulationView) -> Play | None:
    """The solver's play within `PLAY_BUDGET`, or the rules of thumb's when the
    budgeted search found none as large (the rules of thumb's is always valid)."""
    play = best_play(view, budget=PLAY_BUDGET)
    if view.opened[view.seat]:
        simple = simple_play(view, True)
        if _size(simple) > _size(play):
            return simple
    return play


class SolverBot:
    """The solver's play every turn it has one (the most cards placed, then points)."""

    name = "solver"

    def __init__(self, seed: str) -> None:
        self.key = seed_key(seed)

    def choose(self, view: ManipulationView) -> ManipulationMove:
        play = budgeted_play(view)
        return play if play is not None else _no_play(view)


class SamplingBot:
    """The solver's play, held back when sampled worlds say it lets an opponent out
    (the module's docstring)."""

    name = "sampling"

    def __init__(self, seed: str, worlds: int = 8, close: int = 4, risk: float = 0.25) -> None:
        self.key = seed_key(seed)
        self.worlds = worlds
        self.close = close
        self.risk = risk

    def choose(self, view: ManipulationView) -> ManipulationMove:
        play = budgeted_play(view)
        if play is None:
            return _no_play(view)
        if len(play.cards) == len(view.hand) or not view.stock_count:
            return play  # going out, or with the stock empty holding back only passes
        seat = view.seat
        near = [s for s in range(view.players) if s != seat and 0 < view.counts[s] <= self.close]
        if not near or not all(view.opened):
            return play
        now = [c for m in view.table for c in m]
        after = [CODE[c] for m in play.table for c in m]
        rng = decision_rng(self.key, self.name, view)
        budget = max(1, WORLDS_BUDGET // (2 * self.worlds * len(near)))

        def helps(w: Any, play: Play) -> float:
            """1 when in world `w` some near opponent could go out after `play` and not
            on the table as it is."""
            for s in near:
                theirs = w.hands[s]
                if solve(after, theirs, theirs, budget) is None:
                    continue  # (placing every card of theirs: going out)
                if solve(now, theirs, theirs, budget) is None:
                    return 1.0
            return 0.0

        (helped,) = tally(MANIPULATION_GAME, view, rng, self.worlds, (play,), helps)
        return _no_play(view) if helped > self.risk * self.worlds else play


LEVELS: dict[str, str] = {
    "easy": "casual",
    "normal": "rules",
    "hard": "solver",
    "expert": "sampling",
}
"""Levels as the other games name them (docs/bots.md measures expert against normal)."""

MENU: BotMenu[Bot] = BotMenu((RandomBot, CasualBot, RulesBot, SolverBot, SamplingBot), LEVELS)
BOT_NAMES = MENU.bot_names
NAMES = MENU.names
"""Every name `seat_bot` takes, levels first (tt22.core.bots asks the entry's module)."""
make_bot = MENU.make_bot
seat_bot = MENU.seat_bot
