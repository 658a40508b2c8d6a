"""Between engine moves and the ranks bots think in: candidates and their cards.

Bots reason on ranks (suits never matter, R2) and must answer with a `Move` naming
cards of their own hand. An exchange can have over two thousand distinct options (an
11-card hand of different ranks); bots that evaluate options by playouts consider a
short list instead: keeping the hand, every discard of a contiguous run of the hand's
ranks (all copies), and the rules-of-thumb discard.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tt22.core.cards import CODE, TEXT

from ..moves import Exchange, Move, Play
from ..views import SeatView
from .fastsim import exchange_choice, follow_choice, lead_choice

__all__ = ["Candidate", "candidates", "cards_for", "rules_move"]

ALL_EXCHANGES_UP_TO = 48
"""When the exchange has at most this many options, all of them are candidates."""


class Candidate(NamedTuple):
    move: Move
    ranks: tuple[int, ...]  # play: ranks played; exchange: ranks discarded
    beat: bool  # a play that beats the best so far (a lead always does)


def cards_for(hand: Sequence[int], ranks: Sequence[int]) -> tuple[str, ...]:
    """Cards of `hand` (sorted) with these ranks, lowest suits first (as the engine lists)."""
    pool = list(hand)
    out: list[str] = []
    for r in sorted(ranks):
        for i, c in enumerate(pool):
            if c >> 2 == r:
                out.append(TEXT[c])
                del pool[i]
                break
        else:
            raise ValueError(f"no card of rank {r} left in hand")
    return tuple(out)


def _ranks(texts: Sequence[str]) -> tuple[int, ...]:
    return tuple(sorted(CODE[t] >> 2 for t in texts))


def rules_move(view: SeatView) -> Move:
    """The rules-of-thumb move for this view (it must be this seat's turn)."""
    hand = [c >> 2 for c in view.hand]
    if view.exchanging:
        discard = exchange_choice(hand, view.stock_size)
        return Exchange(view.seat, cards_for(view.hand, discard))
    if not view.plays:
        play = lead_choice(hand, view.rules.max_set)
    else:
        play, _beat = follow_choice(hand, view.best_desc, view.rules.must_beat)
    return Play(view.seat, cards_for(view.hand, play))


def _beats(desc: Sequence[int], best: Sequence[int]) -> bool:
    return all(a >= b for a, b in zip(desc, best, strict=True))


def candidates(view: SeatView) -> list[Candidate]:
    """The moves worth evaluating now; the rules-of-thumb move comes first, so that it
    wins ties."""
    first = rules_move(view)
    if view.exchanging:
        return _exchange_candidates(view, first)
    out: list[Candidate] = []
    best = view.best_desc
    assert isinstance(first, Play)
    first_ranks = _ranks(first.cards)
    for m in view.legal_moves():
        assert isinstance(m, Play)
        ranks = _ranks(m.cards)
        beat = not best or _beats(sorted(ranks, reverse=True), best)
        c = Candidate(m, ranks, beat)
        if ranks == first_ranks:
            out.insert(0, c)
        else:
            out.append(c)
    return out


def _exchange_candidates(view: SeatView, first: Move) -> list[Candidate]:
    assert isinstance(first, Exchange)
    legal = view.legal_moves()
    seen: set[tuple[int, ...]] = set()
    out: list[Candidate] = []

    def add(m: Move) -> None:
        assert isinstance(m, Exchange)
        ranks = _ranks(m.discard)
        if ranks not in seen:
            seen.add(ranks)
            out.append(Candidate(m, ranks, False))

    add(first)
    if len(legal) <= ALL_EXCHANGES_UP_TO:
        for m in legal:
            add(m)
        return out
    add(Exchange(view.seat, ()))
    hand = view.hand
    groups: list[list[int]] = []
    for c in hand:
        if groups and groups[-1][0] >> 2 == c >> 2:
            groups[-1].append(c)
        else:
            groups.append([c])
    limit = view.stock_size
    for i in range(len(groups)):
        run: list[int] = []
        for j in range(i, len(groups)):
            run.extend(groups[j])
            if len(run) > limit:
                break
            add(Exchange(view.seat, tuple(TEXT[c] for c in run)))
    if view.rules.exchange == "stop_when_short" and len(hand) > limit:
        add(legal[len(legal) - 1])  # the one option that stands for "more than the stock"
    return out
