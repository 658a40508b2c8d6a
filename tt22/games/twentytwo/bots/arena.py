"""22's bots as `tt22 arena` seats them (the duplicate arena, tt22/commands/arena.py):
every bot by name (`NAMES`), its budget scaled by `--think`, and the cheater, which
sees every hand (a measuring stick, never offered to players). The registry's entry
names this module (`GameEntry.arena`), so the arena asks it and names no game."""

from __future__ import annotations

from ..moves import Move
from ..state import State
from . import BOT_NAMES, Bot, make_bot
from .base import bot_stream
from .cheater import CHEATER_NAME, CheaterBot

__all__ = ["CHEATER_NAME", "NAMES", "arena_bot"]

NAMES: tuple[str, ...] = BOT_NAMES
"""The honest bots a line-up may name (the cheater apart)."""

CHEATER_BUDGET = 600
"""The cheater's playouts per decision at `--think 1`."""


class _Seeing:
    """The cheater in the match loop: tt22.core.bots.play_match hands a bot that
    `sees_everything` the state (CheaterBot has no `choose` of its own, so it is never
    seated as an honest bot by mistake)."""

    sees_everything = True

    def __init__(self, bot: CheaterBot) -> None:
        self.bot = bot
        self.name = bot.name

    def choose(self, state: State) -> Move:
        return self.bot.choose_seeing_everything(state)


def arena_bot(name: str, seed: str, seat: int, scale: float) -> Bot | _Seeing:
    """The bot `name` for `seat` of the match of `seed`, its budget times `scale`."""
    if name == CHEATER_NAME:
        budget = max(1, round(CHEATER_BUDGET * scale))
        return _Seeing(CheaterBot(bot_stream(seed, seat, CHEATER_NAME), budget))
    return make_bot(name, seed, seat, scale)
