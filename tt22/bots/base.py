"""The one interface every bot implements, and how a bot gets its own random stream.

A bot is given its seat's view (R23) and nothing else, and returns one move. Its
randomness comes from a stream derived from the match seed and its seat, so a
simulated match is reproducible, and the stream is never the one that deals cards.
"""

from __future__ import annotations

from typing import Protocol

from tt22.engine import Move, SeatView
from tt22.engine.rng import Pcg32, seed_key, stream

__all__ = ["Bot", "bot_stream"]


class Bot(Protocol):
    """Chooses a move for its seat from what that seat may see."""

    name: str

    def choose(self, view: SeatView) -> Move: ...


def bot_stream(seed: str, seat: int, name: str) -> Pcg32:
    """The generator for the bot of `name` at `seat` in the match of `seed`."""
    return stream(seed_key(seed), f"bot/{seat}/{name}")
