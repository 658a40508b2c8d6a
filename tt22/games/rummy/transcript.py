"""The Rummy family's transcript (docs/transcript-rummy.md): a whole match written out.

Programs outside tt22 read this, so the shape is exact: key names and order, card text,
`null` for what has not happened. Built from a state (which carries its own history)
without replaying anything. It shows every card, the stock's order included: it is the
full record, not a seat's view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.core.players import Player

from . import gin, rummy
from .cards import TEXT, cards_text
from .common import Event, events_of

__all__ = ["FORMAT", "VERSION", "event_entry", "gin_transcript", "rummy_transcript"]

FORMAT = "tt22-rummy-transcript"
VERSION = 1


def event_entry(e: Event) -> dict[str, Any]:
    """One event as the transcript writes it; shared with the seat's transcript (seat.py)."""
    seat, kind, data = e
    if kind in ("stock", "pile"):
        src = "stock" if kind == "stock" else "discard"
        return {"seat": seat, "action": "draw", "from": src, "card": TEXT[data]}
    if kind == "meld":
        return {"seat": seat, "action": "meld", "cards": cards_text(data)}
    if kind == "layoff":
        return {"seat": seat, "action": "layoff", "card": TEXT[data[0]], "meld": data[1]}
    if kind == "reshuffle":
        return {"seat": None, "action": "reshuffle", "stock": cards_text(data)}
    if kind == "pass":
        return {"seat": seat, "action": "pass"}
    return {"seat": seat, "action": kind, "card": TEXT[data]}


def _start(
    number: int, dealer: int, dealt: Sequence[Sequence[int]], upcard: int, stock: Sequence[int]
) -> dict[str, Any]:
    return {
        "number": number,
        "dealer": dealer,
        "dealt": [cards_text(list(h)) for h in dealt],
        "upcard": TEXT[upcard] if upcard >= 0 else None,
        "stock": cards_text(list(stock)),
    }


def _head(game: str, seed: str, rules: dict[str, Any], players: Sequence[Player]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "seed": seed,
        "rules": rules,
        "players": [
            {"seat": i, "name": p.name, "kind": p.kind, "bot": p.bot} for i, p in enumerate(players)
        ],
    }


def rummy_transcript(s: rummy.State, seed: str, players: Sequence[Player]) -> dict[str, Any]:
    hands: list[dict[str, Any]] = []
    for h in s.history:
        st = h.start
        entry = _start(st.number, st.dealer, st.dealt, st.upcard, st.stock)
        entry["events"] = [event_entry(e) for e in h.events]
        entry["result"] = {
            "winner": h.winner if h.winner >= 0 else None,
            "ended": h.ended,
            "table": [{"owner": o, "cards": cards_text(c)} for o, c in h.table],
            "left": [cards_text(c) for c in h.left],
            "deltas": list(h.deltas),
            "scores": list(h.scores),
        }
        hands.append(entry)
    if s.phase != rummy.OVER:
        st = s.start
        entry = _start(st.number, st.dealer, st.dealt, st.upcard, st.stock)
        entry["events"] = [event_entry(e) for e in events_of(s.log)]
        entry["result"] = None
        hands.append(entry)
    out = _head("rummy", seed, s.rules.as_dict(), players)
    out["first_dealer"] = s.match.first_dealer
    out["hands"] = hands
    out["result"] = {
        "finished": s.phase == rummy.OVER,
        "winners": list(s.winners),
        "scores": list(s.scores),
    }
    return out


def _gin_start(st: gin.HandStart) -> dict[str, Any]:
    entry = _start(st.number, st.dealer, st.dealt, st.upcard, st.stock)
    entry["knock_limit"] = st.limit
    entry["doubled"] = st.double
    return entry


def gin_transcript(s: gin.State, seed: str, players: Sequence[Player]) -> dict[str, Any]:
    hands: list[dict[str, Any]] = []
    for h in s.history:
        entry = _gin_start(h.start)
        entry["events"] = [event_entry(e) for e in h.events]
        void = h.kind == "void"
        entry["result"] = {
            "kind": h.kind,
            "knocker": None if void else h.knocker,
            "winner": None if void else h.winner,
            "melds": [[cards_text(m) for m in ms] for ms in h.melds] if not void else None,
            "lay_offs": [{"card": TEXT[c], "meld": i} for c, i in h.lay_offs],
            "deadwood": list(h.deadwood),
            "left": [cards_text(c) for c in h.left],
            "deltas": list(h.deltas),
            "points": list(h.points),
        }
        hands.append(entry)
    if s.phase != gin.OVER:
        entry = _gin_start(s.start)
        entry["events"] = [event_entry(e) for e in events_of(s.log)]
        entry["result"] = None
        hands.append(entry)
    out = _head("gin", seed, s.rules.as_dict(), players)
    out["first_dealer"] = s.match.first_dealer
    out["hands"] = hands
    out["result"] = {
        "finished": s.phase == gin.OVER,
        "winners": list(s.winners),
        "points": list(s.points),
        "hands_won": list(s.won),
        "scores": list(s.scores),
    }
    return out
