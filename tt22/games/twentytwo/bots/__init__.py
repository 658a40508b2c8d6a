"""Bots: each sees only its seat's view (R23) and returns a move.

The ladder, weakest first: `random`, `rules` (rules of thumb), `sampling` (playouts in
sampled deals) and `search` (determinized search with exact endgames). Players pick a
level (`LEVELS`: easy, normal, hard, expert), which names a bot and its budget in
playouts per decision. The `cheater` sees every hand: it exists only for the arena and
is deliberately not in `BOT_NAMES` (see `tt22.games.twentytwo.bots.cheater`).
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot, PositionalBot, bot_stream
from .montecarlo import SamplingBot, SearchBot
from .random_bot import RandomBot
from .rules_bot import RulesBot

__all__ = ["BOT_NAMES", "DEFAULT_BUDGETS", "LEVELS", "Bot", "bot_spec", "make_bot"]

DEFAULT_BUDGETS: dict[str, int] = {"sampling": 2000, "search": 10000}
"""Playouts per decision when a bot is named without a level."""

LEVELS: dict[str, str] = {
    "easy": "rules",
    "normal": "sampling:50",
    "hard": "sampling:2000",
    "expert": "search:10000",
}
"""Level -> "bot" or "bot:playouts". Calibrated on the development machine (2 shared
cores): expert stays under about one second per move (docs/bots.md)."""

_MAKERS: dict[str, Callable[..., Bot]] = {
    "random": lambda rng, budget, name: RandomBot(rng),
    "rules": lambda rng, budget, name: RulesBot(rng),
    "sampling": lambda rng, budget, name: SamplingBot(rng, budget, name),
    "search": lambda rng, budget, name: SearchBot(rng, budget, name),
}

BOT_NAMES: tuple[str, ...] = (*_MAKERS, *LEVELS)

NAMES = BOT_NAMES
"""Every name `seat_bot` takes (tt22.core.bots: the registry entry's bots; with `LEVELS`
and `seat_bot`, what the entry promises of this module)."""


def bot_spec(name: str) -> tuple[str, int]:
    """(algorithm, playouts per decision) for a bot or level name; KeyError if unknown."""
    spec = LEVELS.get(name, name)
    algo, _, budget = spec.partition(":")
    if algo not in _MAKERS:
        raise KeyError(name)
    return algo, int(budget) if budget else DEFAULT_BUDGETS.get(algo, 0)


def make_bot(name: str, seed: str, seat: int, scale: float = 1.0) -> Bot:
    """The bot called `name` (a bot or a level) for `seat` of the match of `seed`.

    `scale` multiplies the playout budget (the arena's --think); KeyError if unknown.
    Every decision draws from its own stream, named after the seed, seat, `name` and
    position (`BotRng.at`), so the bot's move is a pure function of what it sees.
    """
    algo, budget = bot_spec(name)
    rng = bot_stream(seed, seat, name)
    playouts = max(1, round(budget * scale))
    bot = _MAKERS[algo](rng, playouts, name)
    bot.name = name
    return PositionalBot(bot, rng)


def seat_bot(name: str, seed: str, seat: int) -> Bot:
    """The bot of a level or a name for `seat` (tt22.core.bots.make_bot asks this);
    KeyError if unknown."""
    return make_bot(name, seed, seat)
