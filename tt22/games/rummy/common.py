"""What Rummy and Gin share: the match's fixed facts, the hand's event log, the first
dealer and the shuffle (seeded streams, docs/seeds.md section 13)."""

from __future__ import annotations

from typing import Any, NamedTuple

from tt22.core.rng import stream

from .cards import CODE, DECK
from .reasons import broken

__all__ = ["Event", "MatchInfo", "card_of", "events_of", "first_dealer", "push", "shuffled"]

Event = tuple[int, str, Any]
"""(seat, kind, data) of one thing that happened in a hand, in order. Kinds: `stock`
(card drawn), `pile` (card taken from the discard pile), `meld` (cards), `layoff` ((card,
meld index)), `discard` (card), `knock` (card), `pass` (None), `reshuffle` (the new
stock, top first, seat -1)."""

Log = tuple[Any, Event] | None
"""The events as a linked list, newest first: appending is O(1) on the hot path."""


class MatchInfo(NamedTuple):
    rules: Any
    players: int
    key: bytes
    first_dealer: int


def push(log: Log, event: Event) -> Log:
    return (log, event)


def events_of(log: Log) -> tuple[Event, ...]:
    out: list[Event] = []
    while log is not None:
        log, event = log
        out.append(event)
    out.reverse()
    return tuple(out)


def first_dealer(key: bytes, players: int) -> int:
    """M7/G1 (convention): the first dealer is drawn uniformly from `first-dealer`."""
    return stream(key, "first-dealer").bounded(players)


def shuffled(key: bytes, purpose: str, cards: tuple[int, ...] = DECK) -> list[int]:
    deck = list(cards)
    stream(key, purpose).shuffle(deck)
    return deck


def card_of(text: str) -> int:
    """A move's card text (canonical, `TS`) as a card, or the rule-numbered refusal."""
    card = CODE.get(text)
    if card is None:
        broken("rummy.not_a_card", "M1", card=text)
    return card
