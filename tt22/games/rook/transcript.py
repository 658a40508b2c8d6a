"""Rook's expanded transcript (docs/transcript-rook.md): a whole match written out.

Programs outside tt22 read this, so the shape is exact: key names and order, card text,
`null` for what has not happened yet. Built from a `State` (which carries its own
history) without replaying anything. It shows every card, the nest and the cards out of
play included: it is the full record, not a seat's view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.core.players import Player

from .cards import POINTS, SUIT_CHARS, TEXT
from .state import BIDDING, DUMMY, HandStart, State, TrickRecord
from .views import DUMMY_FACE_UP

__all__ = ["FORMAT", "VERSION", "counters", "transcript", "trick_entry"]

FORMAT = "tt22-rook-transcript"
VERSION = 1


def _cards(cards: Sequence[int]) -> list[str]:
    return [TEXT[c] for c in cards]


def trick_entry(
    leader: int, plays: Sequence[tuple[int, int]], t: TrickRecord | None
) -> dict[str, Any]:
    """One trick as the transcript writes it (`t` None: the trick in progress); shared
    with the seat's transcript (seat.py), where every trick is public."""
    return {
        "leader": leader,
        "plays": [{"hand": pos, "card": TEXT[c]} for pos, c in plays],
        "winner": t.winner if t is not None else None,
        "points": t.points if t is not None else None,
    }


def _pile_choices(start: HandStart, pile_of: Sequence[int]) -> list[dict[str, int]]:
    """K22: the non-dealer's choice, then the dealer's (as far as they were made)."""
    out: list[dict[str, int]] = []
    for seat in (1 - start.dealer, start.dealer):
        if pile_of[seat] < 0:
            break
        out.append({"seat": seat, "pile": pile_of[seat]})
    return out


def _hand(
    players: int,
    start: HandStart,
    pile_of: tuple[int, ...],
    bids: Sequence[tuple[int, int]],
    bidder: int,
    high: int,
    put_back: Sequence[int],
    trump: int,
    tricks: Sequence[TrickRecord],
    bidding_over: bool,
) -> dict[str, Any]:
    dummy: dict[str, Any] | None = None
    if players == 2 and pile_of[DUMMY] >= 0:
        pile = pile_of[DUMMY]
        dummy = {"pile": pile, "face_up": _cards(start.dealt[pile][:DUMMY_FACE_UP])}
    return {
        "number": start.number,
        "dealer": start.dealer,
        "first": start.order[0],
        "dealt": [_cards(h) for h in start.dealt],
        "nest": _cards(start.nest),
        "out_of_play": _cards(start.out_of_play),
        "pile_choices": _pile_choices(start, pile_of) if players == 2 else [],
        "piles": list(pile_of) if players < 4 and -1 not in pile_of else None,
        "dummy": dummy,
        "bids": [{"seat": seat, "bid": points or None} for seat, points in bids],
        "bidder": bidder if bidding_over else None,
        "bid": high if bidding_over else None,
        "put_back": _cards(put_back) if put_back else None,
        "trump": SUIT_CHARS[trump] if trump >= 0 else None,
        "tricks": [trick_entry(t.leader, t.plays, t) for t in tricks],
        "result": None,
    }


def counters(positions: int, tricks: Sequence[TrickRecord], put_back: Sequence[int]) -> list[int]:
    """Counters taken per position, the nest with the last trick (K14, K15)."""
    counters = [0] * positions
    for t in tricks:
        counters[t.winner] += t.points
    if tricks:
        counters[tricks[-1].winner] += sum(POINTS[c] for c in put_back)
    return counters


def transcript(state: State, seed: str, players: Sequence[Player]) -> dict[str, Any]:
    """The transcript object of the match that led to `state` (finished or not)."""
    m = state.match
    n = m.players
    hands: list[dict[str, Any]] = []
    for h in state.history:
        entry = _hand(
            n, h.start, h.pile_of, h.bids, h.bidder, h.bid, h.put_back, h.trump, h.tricks, True
        )
        entry["result"] = {
            "counters": counters(m.positions, h.tricks, h.put_back),
            "nest_to": h.tricks[-1].winner,
            "bidder_side": h.taken[0],
            "other_side": h.taken[1],
            "made": h.made,
            "deltas": list(h.deltas),
            "scores": list(h.scores),
        }
        hands.append(entry)
    if not state.over:
        bidding_over = state.phase > BIDDING
        entry = _hand(
            n,
            state.start,
            state.pile_of,
            state.bids,
            state.bidder,
            state.high,
            state.put_back,
            state.trump,
            state.tricks,
            bidding_over,
        )
        if state.plays:
            entry["tricks"].append(trick_entry(state.leader, state.plays, None))
        hands.append(entry)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": "rook",
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
        "hands": hands,
        "result": {
            "finished": state.over,
            "winners": list(state.winners),
            "scores": list(state.scores),
        },
    }
