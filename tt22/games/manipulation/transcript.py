"""Manipulation Rummy's transcript (docs/transcript-manipulation.md): a whole match
written out, and the same as one seat saw it (`tt22 show --seat N`).

Programs outside tt22 read this, so the shape is exact: key names and order, card text,
`null` for what has not happened. The full transcript shows every card, the stock's
order included; the seat's is built only from that seat's views, so it cannot hold a
card the seat never saw.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from tt22.core.players import Player
from tt22.games.rummy.common import Event, events_of

from . import engine
from .cards import TEXT, cards_text
from .views import ManipulationView

__all__ = ["FORMAT", "VERSION", "seat_transcript", "transcript"]

FORMAT = "tt22-manipulation-transcript"
VERSION = 1


def event_entry(e: Event, card: int | None = -1) -> dict[str, Any]:
    """One event: a draw (its card, or null where the reader may not know it), a pass,
    a play (the hand cards put down and the whole new table, X9)."""
    seat, kind, data = e
    if kind == "draw":
        shown = data if card == -1 else card
        return {"seat": seat, "action": "draw", "card": None if shown is None else TEXT[shown]}
    if kind == "pass":
        return {"seat": seat, "action": "pass"}
    played, table = data
    return {
        "seat": seat,
        "action": "play",
        "cards": cards_text(played),
        "table": [cards_text(m) for m in table],
    }


def _head(seed: str, rules: dict[str, Any], players: Sequence[Player]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": "manipulation",
        "seed": seed,
        "rules": rules,
        "players": [
            {"seat": i, "name": p.name, "kind": p.kind, "bot": p.bot} for i, p in enumerate(players)
        ],
    }


def _result(
    winner: int,
    ended: str,
    left: Sequence[Sequence[int]] | None,
    table: Sequence[Sequence[int]],
    deltas: Sequence[int],
    scores: Sequence[int],
) -> dict[str, Any]:
    return {
        "winner": winner if winner >= 0 else None,
        "ended": ended,
        "table": [cards_text(m) for m in table],
        "left": None if left is None else [cards_text(h) for h in left],
        "deltas": list(deltas),
        "scores": list(scores),
    }


def transcript(s: engine.State, seed: str, players: Sequence[Player]) -> dict[str, Any]:
    hands: list[dict[str, Any]] = []
    starts = [h.start for h in s.history]
    ends: list[Any] = list(s.history)
    if not s.over:
        starts.append(s.start)
    for i, st in enumerate(starts):
        entry: dict[str, Any] = {
            "number": st.number,
            "dealer": st.dealer,
            "dealt": [cards_text(h) for h in st.dealt],
            "stock": cards_text(st.stock),
        }
        if i < len(ends):
            h = ends[i]
            entry["events"] = [event_entry(e) for e in h.events]
            entry["result"] = _result(h.winner, h.ended, h.left, h.table, h.deltas, h.scores)
        else:
            entry["events"] = [event_entry(e) for e in events_of(s.log)]
            entry["result"] = None
        hands.append(entry)
    out = _head(seed, s.rules.as_dict(), players)
    out["first_dealer"] = s.match.first_dealer
    out["hands"] = hands
    out["result"] = {"finished": s.over, "winners": list(s.winners), "scores": list(s.scores)}
    return out


def _own_draws(views: Sequence[ManipulationView]) -> dict[tuple[int, int], int]:
    """(hand number, event index) -> card, for each of the seat's own draws: the one
    card that came into its hand with that event."""
    seat = views[0].seat
    out: dict[tuple[int, int], int] = {}
    for before, after in itertools.pairwise(views):
        if before.number != after.number or len(after.events) != len(before.events) + 1:
            continue
        who, kind, _ = after.events[-1]
        if who == seat and kind == "draw":
            new = list(after.hand)
            for c in before.hand:
                new.remove(c)
            if len(new) == 1:
                out[(after.number, len(after.events) - 1)] = new[0]
    return out


def seat_transcript(
    views: Sequence[ManipulationView],
    ended: Sequence[engine.HandResult],
    seed: str,
    players: Sequence[Player],
) -> dict[str, Any]:
    """The transcript as the seat of `views` saw the match (one view per state, the
    last one the last state), `ended` the finished hands whose results are public:
    `"seen_by"` after `version`; `dealt` the seat's own hand, the others null; `stock`
    null and `stock_size` the cards left after the deal; a draw's card only for the
    seat's own draws. A finished hand's result (the cards left, counted openly) is the
    table's."""
    last = views[-1]
    own = _own_draws(views)
    firsts: dict[int, ManipulationView] = {}
    for v in views:
        if not v.over:
            firsts.setdefault(v.number, v)
    hands: list[dict[str, Any]] = []
    numbers = [h.start.number for h in ended]
    if not last.over:
        numbers.append(last.number)
    for i, number in enumerate(numbers):
        first = firsts[number]
        entry: dict[str, Any] = {
            "number": number,
            "dealer": first.dealer,
            "dealt": [
                cards_text(first.hand) if p == first.seat else None for p in range(first.players)
            ],
            "stock": None,
            "stock_size": first.stock_count,
        }
        events = ended[i].events if i < len(ended) else last.events
        entry["events"] = [
            event_entry(e, own.get((number, k)) if e[1] == "draw" else -1)
            for k, e in enumerate(events)
        ]
        if i < len(ended):
            h = ended[i]
            left = h.left
            entry["result"] = _result(h.winner, h.ended, left, h.table, h.deltas, h.scores)
        else:
            entry["result"] = None
        hands.append(entry)
    out = _head(seed, last.rules.as_dict(), players)
    out = {"format": out["format"], "version": out["version"], "seen_by": last.seat, **out}
    out["first_dealer"] = views[0].dealer
    out["hands"] = hands
    out["result"] = {
        "finished": last.over,
        "winners": list(last.winners),
        "scores": list(last.scores),
    }
    return out
