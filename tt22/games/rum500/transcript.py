"""500 Rum's and Persian Rummy's transcript (docs/transcript-rum500.md): a whole match
written out, and the same as one seat saw it (`tt22 show --seat N`).

Programs outside tt22 read this, so the shape is exact: key names and order, card text,
`null` for what has not happened. The full transcript is built from a state (which
carries its own history) and shows every card, the stock's order included. The seat's is
built only from that seat's views (and the finished hands as every seat saw them), so
it cannot hold a card the seat never saw.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.core.players import Player
from tt22.games.rummy.common import Event, events_of
from tt22.games.rummy.seat import own_draws
from tt22.games.rummy.views import public_events

from . import engine
from .cards import TEXT, texts
from .views import HandSummary, RumView, summary

__all__ = ["FORMAT", "VERSION", "seat_transcript", "transcript"]

FORMAT = "tt22-rum500-transcript"
VERSION = 1


def event_entry(e: Event, card: int | None = -1) -> dict[str, Any]:
    """One event as the transcript writes it; `card` None hides a stock draw's card."""
    seat, kind, data = e
    if kind == "stock":
        shown = data if card == -1 else card
        return {
            "seat": seat,
            "action": "draw",
            "from": "stock",
            "card": None if shown is None else TEXT[shown],
        }
    if kind == "take":
        return {"seat": seat, "action": "take", "cards": texts(data)}
    if kind == "meld":
        return {"seat": seat, "action": "meld", "cards": texts(data)}
    if kind == "layoff":
        return {"seat": seat, "action": "layoff", "card": TEXT[data[0]], "meld": data[1]}
    if kind == "pass":
        return {"seat": seat, "action": "pass"}
    return {"seat": seat, "action": kind, "card": TEXT[data]}


def _result(h: HandSummary, void_left: Any) -> dict[str, Any]:
    return {
        "out": h.out if h.out >= 0 else None,
        "ended": h.ended,
        "table": [{"owner": o, "cards": texts(c), "by": list(by)} for o, c, by in h.table],
        "left": [texts(c) for c in h.left] if h.left else void_left,
        "melded": list(h.melded),
        "bonus": list(h.bonus),
        "held": list(h.held),
        "points": list(h.points),
        "scores": list(h.scores),
    }


def _head(
    name: str, rules: Any, seed: str, players: Sequence[Player], seat: int | None
) -> dict[str, Any]:
    out: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if seat is not None:
        out["seen_by"] = seat
    out["game"] = name
    out["seed"] = seed
    out["rules"] = rules.as_dict()
    out["players"] = [
        {"seat": i, "name": p.name, "kind": p.kind, "bot": p.bot} for i, p in enumerate(players)
    ]
    if rules.persian:
        out["sides"] = [[0, 2], [1, 3]]
    return out


def _tail(out: dict[str, Any], finished: bool, winners: Any, scores: Any) -> dict[str, Any]:
    out["result"] = {"finished": finished, "winners": list(winners), "scores": list(scores)}
    return out


def _name(rules: Any) -> str:
    return "persian" if rules.persian else "rum500"


def transcript(s: engine.State, seed: str, players: Sequence[Player]) -> dict[str, Any]:
    hands: list[dict[str, Any]] = []
    starts = [(h.start, h.events, summary(h)._replace(left=h.left)) for h in s.history]
    for st, events, h in starts:
        entry = _start(st.number, st.dealer, _sorted(st.dealt), st.upcard, st.stock)
        entry["events"] = [event_entry(e) for e in events]
        entry["result"] = _result(h, [])
        hands.append(entry)
    if s.phase != engine.OVER:
        st = s.start
        entry = _start(st.number, st.dealer, _sorted(st.dealt), st.upcard, st.stock)
        entry["events"] = [event_entry(e) for e in events_of(s.log)]
        entry["result"] = None
        hands.append(entry)
    out = _head(_name(s.rules), s.rules, seed, players, None)
    out["first_dealer"] = s.match.first_dealer
    out["hands"] = hands
    return _tail(out, s.phase == engine.OVER, s.winners, s.scores)


def _sorted(dealt: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """The hands as dealt, each sorted as a seat holds it: the full transcript and a seat's
    write a dealt hand alike (the deal's order is the stock's shuffle, already written)."""
    return tuple(tuple(sorted(h)) for h in dealt)


def _start(
    number: int,
    dealer: int,
    dealt: Sequence[Sequence[int] | None],
    upcard: int,
    stock: Sequence[int] | None,
) -> dict[str, Any]:
    return {
        "number": number,
        "dealer": dealer,
        "dealt": [None if h is None else texts(h) for h in dealt],
        "upcard": TEXT[upcard],
        "stock": None if stock is None else texts(stock),
    }


def public_hands(state: engine.State) -> tuple[tuple[int, tuple[Event, ...]], ...]:
    """Every finished hand's upcard and events as the table saw them (stock cards out)."""
    return tuple((h.start.upcard, public_events(h.events)) for h in state.history)


def seat_transcript(
    views: Sequence[RumView],
    ended: Sequence[tuple[int, tuple[Event, ...]]],
    seed: str,
    players: Sequence[Player],
) -> dict[str, Any]:
    """The transcript as the seat of `views` saw the match (`seen_by`): its own dealt
    hand and stock draws, the others' null, the stock null with its size in
    `stock_size`; `ended` is `public_hands` of the last state."""
    last = views[-1]
    seat = last.seat
    own = own_draws(views)
    firsts: dict[int, RumView] = {}
    for v in views:
        if v.phase != engine.OVER:
            firsts.setdefault(v.number, v)

    def start(first: RumView, upcard: int) -> dict[str, Any]:
        dealt = [first.hand if i == seat else None for i in range(first.players)]
        entry = _start(first.number, first.dealer, dealt, upcard, None)
        entry["stock_size"] = first.stock_count
        return entry

    def events(number: int, evs: Sequence[Event]) -> list[dict[str, Any]]:
        return [
            event_entry(e, own.get((number, i)) if e[1] == "stock" else -1)
            for i, e in enumerate(evs)
        ]

    hands: list[dict[str, Any]] = []
    for h, (upcard, evs) in zip(last.history, ended, strict=True):
        entry = start(firsts[h.number], upcard)
        entry["events"] = events(h.number, evs)
        entry["result"] = _result(h, None)
        hands.append(entry)
    if last.phase != engine.OVER:
        first = firsts[last.number]
        entry = start(first, first.pile[0])
        entry["events"] = events(last.number, last.events)
        entry["result"] = None
        hands.append(entry)
    out = _head(_name(last.rules), last.rules, seed, players, seat)
    out["first_dealer"] = views[0].dealer
    out["hands"] = hands
    return _tail(out, last.phase == engine.OVER, last.winners, last.scores)
