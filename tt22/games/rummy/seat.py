"""The Rummy family's transcript as one seat saw the match (M5), for `tt22 show --seat N`.

Built only from that seat's views, one per state of the match (the state before each
move and the last one), and the finished hands as every seat saw them
(`views.public_hands`), so it cannot hold a card the seat never saw: the views module is
the one statement of what a seat may know. The shape is the full transcript's
(docs/transcript-rummy.md) with `"seen_by": N` after `version` and these changes:

- `dealt`: the seat's own hand (as dealt, sorted), the others null;
- `stock`: null, and `stock_size` the cards in it after the deal;
- a draw from the stock shows its card only for the seat's own draws (the card that
  came into its hand); another seat's is `"card": null`; a reshuffle's new stock is
  `"stock": null` (its order is nobody's to know, M9);
- a finished hand's result is what its view shows the table: at a knock or gin both
  hands are shown (G5), when someone goes out in Rummy the cards left are counted
  openly (M10); a void hand shows no hand (`left` null).

Draws from the discard pile, melds, lay-offs, discards and scores are the table's.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, Protocol

from tt22.core.players import Player

from . import gin, rummy
from .cards import TEXT, cards_text
from .common import Event
from .transcript import FORMAT, VERSION, event_entry
from .views import GinView, PublicRummyHand, RummyView

__all__ = ["SeatView", "gin_seat_transcript", "own_draws", "rummy_seat_transcript"]

View = RummyView | GinView


class SeatView(Protocol):
    """What `own_draws` reads of a seat's view (Rummy's, Gin's, 500 Rum's)."""

    @property
    def seat(self) -> int: ...

    @property
    def number(self) -> int: ...

    @property
    def hand(self) -> tuple[int, ...]: ...

    @property
    def events(self) -> tuple[Event, ...]: ...


def own_draws(views: Sequence[SeatView]) -> dict[tuple[int, int], int]:
    """(hand number, event index) -> card, for each of the seat's own stock draws: the
    one card that came into its hand with that event (a seat's transcript shows the
    card it drew, which its views show only as a hand that grew)."""
    seat = views[0].seat
    out: dict[tuple[int, int], int] = {}
    for before, after in itertools.pairwise(views):
        if before.number != after.number:
            continue
        start = len(before.events)
        for i, (who, kind, _) in enumerate(after.events[start:], start):
            if who == seat and kind == "stock":
                new = set(after.hand) - set(before.hand)
                if len(new) == 1:
                    out[(after.number, i)] = new.pop()
    return out


def _events(
    number: int, events: Sequence[Event], own: dict[tuple[int, int], int]
) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for i, (seat, kind, data) in enumerate(events):
        if kind == "stock":
            card = own.get((number, i))
            out.append(
                {
                    "seat": seat,
                    "action": "draw",
                    "from": "stock",
                    "card": None if card is None else TEXT[card],
                }
            )
        elif kind == "reshuffle":
            out.append({"seat": None, "action": "reshuffle", "stock": None})
        else:
            out.append(event_entry((seat, kind, data)))
    return out


def _firsts(views: Sequence[View]) -> dict[int, View]:
    """Each hand's first view (the state just dealt), by hand number."""
    firsts: dict[int, View] = {}
    for v in views:
        over = gin.OVER if isinstance(v, GinView) else rummy.OVER
        if v.phase != over:
            firsts.setdefault(v.number, v)
    return firsts


def _start(first: View, players: int, upcard: int) -> dict[str, Any]:
    return {
        "number": first.number,
        "dealer": first.dealer,
        "dealt": [
            cards_text(list(first.hand)) if s == first.seat else None for s in range(players)
        ],
        "upcard": TEXT[upcard] if upcard >= 0 else None,
        "stock": None,
        "stock_size": first.stock_count,
    }


def _head(game: str, v: View, seed: str, players: Sequence[Player]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "seen_by": v.seat,
        "game": game,
        "seed": seed,
        "rules": v.rules.as_dict(),
        "players": [
            {"seat": i, "name": p.name, "kind": p.kind, "bot": p.bot} for i, p in enumerate(players)
        ],
    }


def _rummy_result(h: PublicRummyHand) -> dict[str, Any]:
    return {
        "winner": h.winner if h.winner >= 0 else None,
        "ended": h.ended,
        "table": [{"owner": o, "cards": cards_text(c)} for o, c in h.table],
        "left": [cards_text(c) for c in h.left] if h.left else None,
        "deltas": list(h.deltas),
        "scores": list(h.scores),
    }


def rummy_seat_transcript(
    views: Sequence[RummyView],
    ended: Sequence[PublicRummyHand],
    seed: str,
    players: Sequence[Player],
) -> dict[str, Any]:
    """The Rummy transcript as the seat of `views` saw the match; `ended` is every
    finished hand as the table saw it (`views.public_hands` of the last state)."""
    last = views[-1]
    own = own_draws(views)
    firsts = _firsts(views)
    hands: list[dict[str, Any]] = []
    for h in ended:
        entry = _start(firsts[h.number], last.players, h.upcard)
        entry["events"] = _events(h.number, h.events, own)
        entry["result"] = _rummy_result(h)
        hands.append(entry)
    if last.phase != rummy.OVER:
        first = firsts[last.number]
        entry = _start(first, last.players, first.pile[0] if first.pile else -1)
        entry["events"] = _events(last.number, last.events, own)
        entry["result"] = None
        hands.append(entry)
    out = _head("rummy", last, seed, players)
    out["first_dealer"] = views[0].dealer
    out["hands"] = hands
    out["result"] = {
        "finished": last.phase == rummy.OVER,
        "winners": list(last.winners),
        "scores": list(last.scores),
    }
    return out


def _gin_start(first: GinView) -> dict[str, Any]:
    entry = _start(first, 2, first.upcard)
    entry["knock_limit"] = first.limit
    entry["doubled"] = first.double
    return entry


def _gin_result(r: gin.GinResult) -> dict[str, Any]:
    void = r.kind == "void"
    return {
        "kind": r.kind,
        "knocker": None if void else r.knocker,
        "winner": None if void else r.winner,
        "melds": None if void else [[cards_text(m) for m in ms] for ms in r.melds],
        "lay_offs": [{"card": TEXT[c], "meld": i} for c, i in r.lay_offs],
        "deadwood": list(r.deadwood),
        "left": None if void else [cards_text(c) for c in r.left],
        "deltas": list(r.deltas),
        "points": list(r.points),
    }


def gin_seat_transcript(
    views: Sequence[GinView], seed: str, players: Sequence[Player]
) -> dict[str, Any]:
    """The Gin transcript as the seat of `views` saw the match."""
    last = views[-1]
    own = own_draws(views)
    firsts = {n: v for n, v in _firsts(views).items() if isinstance(v, GinView)}
    hands: list[dict[str, Any]] = []
    for r in last.history:
        number = r.start.number
        entry = _gin_start(firsts[number])
        entry["events"] = _events(number, r.events, own)
        entry["result"] = _gin_result(r)
        hands.append(entry)
    over = last.phase == gin.OVER
    if not over:
        entry = _gin_start(firsts[last.number])
        entry["events"] = _events(last.number, last.events, own)
        entry["result"] = None
        hands.append(entry)
    out = _head("gin", last, seed, players)
    out["first_dealer"] = views[0].dealer
    out["hands"] = hands
    out["result"] = {
        "finished": over,
        "winners": list(last.winners),
        "points": list(last.points),
        "hands_won": [sum(1 for r in last.history if r.winner == s) for s in (0, 1)],
        "scores": list(last.scores),
    }
    return out
