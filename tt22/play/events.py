"""What a play session tells the screen that listens to it: plain frozen values.

A screen never polls a session: the bot driver (`tt22.play.runner.BotRunner`) posts
one of these for every move it plays and for every bot that fails, and the screen
answers each as it comes. `before` and `after` are the game's own states for a local
session (the screen draws the views it may show from them); a served session would
hand the seat's views instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["BotFailed", "Event", "HandOver", "MatchOver", "Moved"]


@dataclass(frozen=True, slots=True)
class Moved:
    """`seat` played `move`, going from `before` to `after` in `think` seconds.
    `stand_in` names the bot that played in the seat's own bot's place (after that bot
    failed and the person chose a stand-in for one move); None for the seat's own."""

    seat: int
    move: Any
    before: Any
    after: Any
    think: float
    stand_in: str | None = None


@dataclass(frozen=True, slots=True)
class HandOver:
    """The move just posted ended hand (deal) number `hand`; the match goes on."""

    hand: int
    after: Any


@dataclass(frozen=True, slots=True)
class MatchOver:
    """The move just posted ended the match; `winners` are the game's."""

    winners: tuple[int, ...]
    after: Any


@dataclass(frozen=True, slots=True)
class BotFailed:
    """The bot of `seat` (`bot`: its level or name) raised, or chose a move the rules
    forbid (`move`, else None). Nothing was played: the seat waits until the person
    chooses what happens (`BotRunner.retry`, `stand_in`, or leaving). `error` is one
    line for people (the exception's type and message, or for an illegal move its rule
    alone: the move names a card of the bot's hidden hand, so only the log file
    (tt22.play.log) has it, with the traceback). `move` is for the program, never shown."""

    seat: int
    bot: str
    error: str
    move: Any = None


Event = Moved | HandOver | MatchOver | BotFailed
