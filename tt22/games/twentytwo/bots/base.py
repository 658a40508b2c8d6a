"""The one interface every bot implements, and how a bot gets its own random stream.

A bot is given its seat's view (R23) and nothing else, and returns one move. Its
randomness comes from a stream derived from the match seed, its seat, its name and the
position it decides at, so a decision is a pure function of (seed, seat, bot, view): a
simulated match is reproducible, a match continued after a restart or played on from a
replay goes on exactly as it would have, and the stream is never the one that deals.
"""

from __future__ import annotations

from typing import Protocol

from tt22.core.bots import decision_stream
from tt22.core.rng import Pcg32, seed_key, stream

from ..moves import Move
from ..views import SeatView

__all__ = ["Bot", "BotRng", "PositionalBot", "bot_stream"]


class Bot(Protocol):
    """Chooses a move for its seat from what that seat may see (tt22.core.bots.Bot, for
    22's views and moves)."""

    name: str

    def choose(self, view: SeatView) -> Move: ...


class BotRng(Pcg32):
    """A bot's generator: stream "bot/<seat>/<name>" of the seed (docs/seeds.md), which
    `at(view)` restarts at one decision's stream, "bot/<seat>/<name>/<deal>/<phase>/<trick>"
    (tt22.core.bots.decision_stream).

    A seat decides once per exchange and once per trick, so (deal, phase, tricks done)
    names each of its decisions, and the draws of one never depend on how many draws an
    earlier one made.
    """

    __slots__ = ("key", "name", "seat")

    def __init__(self, key: bytes, seat: int, name: str) -> None:
        self.restart(stream(key, f"bot/{seat}/{name}"))
        self.key = key
        self.seat = seat
        self.name = name

    def at(self, view: SeatView) -> None:
        """Restart this generator at the stream of the decision `view` asks for."""
        self.restart(
            decision_stream(
                self.key, self.seat, self.name, view.deal_number, view.phase, len(view.tricks)
            )
        )

    def restart(self, fresh: Pcg32) -> None:
        """Go on as `fresh` would (its state, its stream)."""
        self.state = fresh.state
        self.inc = fresh.inc


def bot_stream(seed: str, seat: int, name: str) -> BotRng:
    """The generator for the bot of `name` at `seat` in the match of `seed`."""
    return BotRng(seed_key(seed), seat, name)


class PositionalBot:
    """A bot whose generator is restarted at every decision's own stream (BotRng.at)."""

    def __init__(self, bot: Bot, rng: BotRng) -> None:
        self.bot = bot
        self.rng = rng
        self.name = bot.name

    def choose(self, view: SeatView) -> Move:
        self.rng.at(view)
        return self.bot.choose(view)
