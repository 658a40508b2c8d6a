"""The one interface every bot implements, and how a bot gets its own random stream.

A bot is given its seat's view (R23) and nothing else, and returns one move. Its
randomness comes from a stream derived from the match seed, its seat, its name and the
position it decides at, so a decision is a pure function of (seed, seat, bot, view): a
simulated match is reproducible, a match continued after a restart or played on from a
replay goes on exactly as it would have, and the stream is never the one that deals.
"""

from __future__ import annotations

import hashlib
from typing import Protocol

from tt22.core.rng import Pcg32, seed_key

from ..moves import Move
from ..views import SeatView

__all__ = ["Bot", "BotRng", "PositionalBot", "bot_stream"]


class Bot(Protocol):
    """Chooses a move for its seat from what that seat may see."""

    name: str

    def choose(self, view: SeatView) -> Move: ...


def _seeded(key: bytes, purpose: str) -> tuple[int, int]:
    d = hashlib.sha256(key + b"\x00" + purpose.encode("utf-8")).digest()
    return int.from_bytes(d[0:8], "big"), int.from_bytes(d[8:16], "big")


class BotRng(Pcg32):
    """A bot's generator: stream "bot/<seat>/<name>" of the seed (docs/seeds.md), which
    `at(view)` re-derives for one decision as "bot/<seat>/<name>/<deal>/<phase>/<trick>".

    A seat decides once per exchange and once per trick, so (deal, phase, tricks done)
    names each of its decisions, and the draws of one never depend on how many draws an
    earlier one made.
    """

    __slots__ = ("key", "purpose")

    def __init__(self, key: bytes, purpose: str) -> None:
        super().__init__(*_seeded(key, purpose))
        self.key = key
        self.purpose = purpose

    def at(self, view: SeatView) -> None:
        """Restart this generator at the stream of the decision `view` asks for."""
        fresh = Pcg32(
            *_seeded(self.key, f"{self.purpose}/{view.deal_number}/{view.phase}/{len(view.tricks)}")
        )
        self.state = fresh.state
        self.inc = fresh.inc


def bot_stream(seed: str, seat: int, name: str) -> BotRng:
    """The generator for the bot of `name` at `seat` in the match of `seed`."""
    return BotRng(seed_key(seed), f"bot/{seat}/{name}")


class PositionalBot:
    """A bot whose generator is restarted at every decision's own stream (BotRng.at)."""

    def __init__(self, bot: Bot, rng: BotRng) -> None:
        self.bot = bot
        self.rng = rng
        self.name = bot.name

    def choose(self, view: SeatView) -> Move:
        self.rng.at(view)
        return self.bot.choose(view)
