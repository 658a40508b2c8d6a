"""Moves: one tagged union shared by the engine, bots, records and the interface.

Cards travel as their two-character text (`TS`) so a record reads like a game score;
the engine maps text to ints with one dict look-up per card.
"""

from __future__ import annotations

import msgspec

__all__ = ["Exchange", "Move", "Play"]


class Exchange(msgspec.Struct, frozen=True, tag="exchange", forbid_unknown_fields=True):
    """R11: `seat` discards `discard` face down and draws as many from the stock.

    An empty discard keeps the hand. Under `exchange = "stop_when_short"` a discard
    larger than the stock means "I wanted more than there is": the hand is kept and the
    exchange ends for everyone after.
    """

    seat: int
    discard: tuple[str, ...] = ()


class Play(msgspec.Struct, frozen=True, tag="play", forbid_unknown_fields=True):
    """R12/R13: `seat` puts `cards` face up on the current trick."""

    seat: int
    cards: tuple[str, ...]


Move = Exchange | Play
