"""Rook's transcript as one seat saw the match (K23), for `tt22 show --seat N`.

Built only from that seat's views, one per state of the match (the state before each
move and the last one), so it cannot hold a card the seat never saw: the views are the
one statement of what a seat may know. The shape is the full transcript's
(docs/transcript-rook.md) with `"seen_by": N` after `version` and `null` for what the
seat does not know:

- `dealt`: the seat's own hand or pile (as it first held it, sorted) and, with 2 players,
  the dummy's pile once turned up (K22); the others null;
- `nest`: the nest as taken, for the bidder only (K9); `put_back` for the bidder during
  the hand; `out_of_play` null while the hand is played;
- once a hand is over, what its views show every seat: the nest as put back (it goes
  with the last trick and is counted, K14, K15) and the cards out of play (K23: hidden
  until the hand ends).

Bids, trump, piles taken, the dummy's face-up cards, tricks and scores are the table's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.core.players import Player

from .cards import SUIT_CHARS, TEXT
from .state import BIDDING, DUMMY, NEST, PILES, PLAY
from .transcript import FORMAT, VERSION, counters, trick_entry
from .views import PublicHand, RookView

__all__ = ["seat_transcript"]


def _cards(cards: Sequence[int] | None) -> list[str] | None:
    return None if cards is None else [TEXT[c] for c in cards]


def _pile_choices(dealer: int, pile_of: Sequence[int]) -> list[dict[str, int]]:
    out: list[dict[str, int]] = []
    for seat in (1 - dealer, dealer):
        if pile_of[seat] < 0:
            break
        out.append({"seat": seat, "pile": pile_of[seat]})
    return out


class _Hand:
    """What the seat learned of one hand, gathered view by view."""

    def __init__(self, first: RookView) -> None:
        self.seat = first.seat
        self.players = first.players
        self.number = first.hand_number
        self.dealer = first.dealer
        self.first = first.order[0]
        self.own: tuple[int, ...] | None = None
        self.before_nest: tuple[int, ...] = ()
        self.nest: tuple[int, ...] | None = None
        self.face_up: tuple[int, ...] = ()
        self.turned_up: tuple[int, ...] | None = None
        self.last = first

    def see(self, v: RookView) -> None:
        self.last = v
        if self.own is None and v.hand and v.phase != PILES:
            self.own = v.hand
        if v.phase == BIDDING:
            self.before_nest = v.hand
        elif v.phase == NEST and v.seat == v.bidder and self.nest is None:
            taken = set(v.hand) - set(self.before_nest)
            self.nest = tuple(sorted(taken))
        if v.players == 2:
            if v.dummy_hidden and not self.face_up:
                self.face_up = v.dummy
            if v.phase == PLAY and self.turned_up is None:
                self.turned_up = v.dummy

    def _dealt(self, pile_of: Sequence[int]) -> list[list[str] | None]:
        if self.players == 4:
            return [_cards(self.own) if s == self.seat else None for s in range(4)]
        dealt: list[list[str] | None] = [None, None, None]
        if -1 not in pile_of:
            dealt[pile_of[self.seat]] = _cards(self.own)
            if self.players == 2 and self.turned_up is not None:
                dealt[pile_of[DUMMY]] = _cards(self.turned_up)
        return dealt

    def entry(self, ended: PublicHand | None) -> dict[str, Any]:
        v = self.last
        if ended is not None:
            pile_of, bids, bidder, bid = ended.pile_of, ended.bids, ended.bidder, ended.bid
            trump, put_back = ended.trump, ended.nest
            tricks = [trick_entry(t.leader, t.plays, t) for t in ended.tricks]
            bidding_over = True
        else:
            pile_of, bids, bidder, bid = v.pile_of, v.bids, v.bidder, v.high
            trump, put_back = v.trump, v.nest
            tricks = [trick_entry(t.leader, t.plays, t) for t in v.tricks]
            if v.plays:
                tricks.append(trick_entry(v.leader, v.plays, None))
            bidding_over = v.phase > BIDDING
        dummy: dict[str, Any] | None = None
        if self.players == 2 and pile_of[DUMMY] >= 0:
            dummy = {"pile": pile_of[DUMMY], "face_up": _cards(self.face_up)}
        out: dict[str, Any] = {
            "number": self.number,
            "dealer": self.dealer,
            "first": self.first,
            "dealt": self._dealt(pile_of),
            "nest": _cards(self.nest),
            "out_of_play": _cards(ended.out_of_play) if ended is not None else None,
            "pile_choices": _pile_choices(self.dealer, pile_of) if self.players == 2 else [],
            "piles": list(pile_of) if self.players < 4 and -1 not in pile_of else None,
            "dummy": dummy,
            "bids": [{"seat": seat, "bid": points or None} for seat, points in bids],
            "bidder": bidder if bidding_over else None,
            "bid": bid if bidding_over else None,
            "put_back": _cards(put_back) if put_back else None,
            "trump": SUIT_CHARS[trump] if trump >= 0 else None,
            "tricks": tricks,
            "result": None,
        }
        if ended is not None:
            out["result"] = {
                "counters": counters(len(v.hand_counts), ended.tricks, ended.nest),
                "nest_to": ended.tricks[-1].winner,
                "bidder_side": ended.taken[0],
                "other_side": ended.taken[1],
                "made": ended.made,
                "deltas": list(ended.deltas),
                "scores": list(ended.scores),
            }
        return out


def seat_transcript(
    views: Sequence[RookView], seed: str, players: Sequence[Player]
) -> dict[str, Any]:
    """The transcript of the match as the seat of `views` saw it: `views[i]` is its view
    of the state before move i, the last one its view of the last state reached."""
    last = views[-1]
    hands: list[dict[str, Any]] = []
    current: _Hand | None = None
    for v in views:
        if current is not None and len(v.history) > len(hands):
            hands.append(current.entry(v.history[len(hands)]))
            current = None
        if current is None and not v.over:
            current = _Hand(v)
        if current is not None:
            current.see(v)
    if current is not None:
        hands.append(current.entry(None))
    return {
        "format": FORMAT,
        "version": VERSION,
        "seen_by": last.seat,
        "game": "rook",
        "seed": seed,
        "rules": last.rules.as_dict(),
        "players": [
            {"seat": i, "name": p.name, "kind": p.kind, "bot": p.bot} for i, p in enumerate(players)
        ],
        "first_dealer": {
            "draws": [
                [{"seat": seat, "card": TEXT[c]} for seat, c in rnd] for rnd in last.first_draws
            ],
            "dealer": views[0].dealer,
        },
        "hands": hands,
        "result": {
            "finished": last.over,
            "winners": list(last.winners),
            "scores": list(last.scores),
        },
    }
