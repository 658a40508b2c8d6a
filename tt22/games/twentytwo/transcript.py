"""The expanded transcript of ../shared/TRANSCRIPT.md: a whole match written out in full.

Programs outside tt22 read this, so the shape is exact: key names and order, card text,
`null` for a seat already out. Built from a final `State` (which carries its own history)
without replaying anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.core.cards import TEXT
from tt22.core.players import Player
from tt22.core.safe import json_text

from .state import DealStart, ExchangeRecord, State, TrickRecord

__all__ = ["json_text", "transcript", "transcript_json"]


def _cards(cards: Sequence[int]) -> list[str]:
    return [TEXT[c] for c in cards]


def _trick(
    t: TrickRecord | None, leader: int, plays: Sequence[tuple[int, Sequence[int]]]
) -> dict[str, Any]:
    return {
        "leader": leader,
        "plays": [{"seat": seat, "cards": _cards(cards)} for seat, cards in plays],
        "winner": t.winner if t is not None else None,
    }


def _deal_head(
    start: DealStart, exchanges: Sequence[ExchangeRecord], tricks: Sequence[TrickRecord]
) -> dict[str, Any]:
    return {
        "number": start.number,
        "dealer": start.dealer,
        "hand_size": start.hand_size,
        "players_in": list(start.players_in),
        "hands": [None if h is None else _cards(h) for h in start.dealt],
        "stock": _cards(start.stock),
        "exchanges": [
            {"seat": e.seat, "discard": _cards(e.discard), "draw": _cards(e.draw)}
            for e in exchanges
        ],
        "tricks": [_trick(t, t.leader, t.plays) for t in tricks],
    }


def transcript(state: State, seed: str, players: Sequence[Player]) -> dict[str, Any]:
    """The transcript object of the match that led to `state` (finished or not)."""
    m = state.match
    deals: list[dict[str, Any]] = []
    for d in state.history:
        entry = _deal_head(d.start, d.exchanges, d.tricks)
        entry["showdown"] = [{"seat": seat, "card": TEXT[c]} for seat, c in d.showdown]
        entry["losers"] = list(d.losers)
        entry["penalty"] = d.penalty
        entry["totals"] = list(d.totals)
        entry["eliminated"] = list(d.eliminated)
        deals.append(entry)
    if not state.over:
        entry = _deal_head(state.deal, state.exchanges, state.tricks)
        if state.plays:
            entry["tricks"].append(_trick(None, state.leader, state.plays))
        deals.append(entry)
    return {
        "format": "tt22-transcript",
        "version": 1,
        "seed": seed,
        "rules": state.rules.as_dict(),
        "players": [
            {"seat": i, "name": p.name, "kind": p.kind, "bot": p.bot} for i, p in enumerate(players)
        ],
        "first_dealer": {
            "draws": [
                [{"seat": seat, "card": TEXT[c]} for seat, c in rnd] for rnd in m.first_draws
            ],
            "dealer": m.first_dealer,
        },
        "deals": deals,
        "result": {"finished": state.over, "winners": list(state.winners)},
    }


def transcript_json(state: State, seed: str, players: Sequence[Player]) -> str:
    """The transcript as one JSON object, UTF-8, two-space indented, ending in a newline."""
    return json_text(transcript(state, seed, players))
