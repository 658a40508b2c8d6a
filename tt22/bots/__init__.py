"""Bots: each sees only its seat's view (R23) and returns a move."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot, bot_stream
from .random_bot import RandomBot

__all__ = ["BOT_NAMES", "Bot", "make_bot"]

_FACTORIES: dict[str, Callable[[str, int], Bot]] = {
    "random": lambda seed, seat: RandomBot(bot_stream(seed, seat, "random")),
}

BOT_NAMES: tuple[str, ...] = tuple(_FACTORIES)


def make_bot(name: str, seed: str, seat: int) -> Bot:
    """The bot called `name` for `seat` of the match of `seed`; KeyError if unknown."""
    return _FACTORIES[name](seed, seat)
