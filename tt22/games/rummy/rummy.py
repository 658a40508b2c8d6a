"""Rummy's match state and `apply` (M1-M10): the one fold.

A `State` is never changed once `apply` returns it. Positions are read through
`Position` (the seat to move, its hand and everything public), which both a state and a
seat's view supply, so the legality a view judges is the legality the state enforces.
The stock is stored top last (a draw is a slice off the end); transcripts show it top
first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from . import common
from .cards import TEXT, value_of
from .common import PILE_FIELDS, Event, Log, PileState, card_of, push, replaced
from .melds import candidate_melds, extend, is_meld, order_meld
from .moves import PILE, STOCK, Discard, Draw, LayOff, Meld, RummyMove
from .reasons import broken
from .rules import RummyRules

HandStart = common.HandStart

__all__ = [
    "ACT",
    "DRAW",
    "OVER",
    "HandResult",
    "HandStart",
    "Position",
    "State",
    "apply",
    "check",
    "legal_moves",
    "new_match",
    "position_moves",
]

DRAW, ACT, OVER = range(3)
VOID_TURNS, VOID_RESHUFFLES, VOID_EMPTY = "turns", "reshuffles", "no_cards"


class HandResult(NamedTuple):
    start: HandStart
    events: tuple[Event, ...]
    winner: int  # -1: a void hand (M9)
    ended: str  # "out", or why the hand is void
    left: tuple[tuple[int, ...], ...]  # each seat's cards at the end
    table: tuple[tuple[int, tuple[int, ...]], ...]
    deltas: tuple[int, ...]
    scores: tuple[int, ...]


class Position(NamedTuple):
    """What legality reads: public facts and the hand of the seat to move."""

    rules: RummyRules
    phase: int
    to_move: int
    hand: tuple[int, ...]
    pile: tuple[int, ...]
    table: tuple[tuple[int, tuple[int, ...]], ...]
    taken: int
    stock_count: int


class State(PileState[RummyRules, HandStart, HandResult, Position]):
    """A Rummy match at one moment, hidden cards included (see views.py); the fields
    all the family's folds have, and their copy, are `PileState`'s."""

    __slots__ = ("reshuffles", "table")

    table: tuple[tuple[int, tuple[int, ...]], ...]  # (owner, cards) in laid order
    reshuffles: int

    def _copy_into(self, new: State) -> None:
        new.phase, new.pile, new.seen, new.step, new.taken = PILE_FIELDS(self)
        new.reshuffles = self.reshuffles
        new.table = self.table

    def position(self) -> Position:
        """The position to judge moves by, made once per state (a state never changes
        once `apply` returns it; `copy` clears it for the new state)."""
        if self.pos is not None:
            return self.pos
        seat = self.to_move
        self.pos = Position(
            self.rules,
            self.phase,
            seat,
            self.hands[seat] if seat >= 0 else (),
            self.pile,
            self.table,
            self.taken,
            len(self.stock),
        )
        return self.pos


def _deal(s: State, number: int, dealer: int) -> None:
    """M7: shuffle with `deal/<n>`, deal one card at a time from the dealer's left; the
    next card starts the discard pile, the rest is the stock (top first)."""
    m = s.match
    n, k = m.players, m.rules.hand_size
    deck = common.shuffled(m.key, f"deal/{number}")
    dealt = common.deal_round(deck, n, k, dealer)
    upcard = deck[n * k]
    stock = tuple(deck[n * k + 1 :])
    s.start = HandStart(number, dealer, tuple(dealt), upcard, stock)
    s.hands = tuple(tuple(sorted(h)) for h in dealt)
    s.stock = stock[::-1]
    s.pile = (upcard,)
    s.table = ()
    s.taken = -1
    s.turns = 0
    s.step = 0
    s.reshuffles = 0
    s.seen = ((),) * n
    s.log = None
    s.phase = DRAW
    s.to_move = (dealer + 1) % n


def new_match(rules: RummyRules, players: int, seed: str) -> State:
    return common.start_match(State, rules, players, seed, _deal)


# ---------------------------------------------------------------------------
# Legality


def _leaves_stuck(
    p: Position, rest: tuple[int, ...], table: Sequence[tuple[int, tuple[int, ...]]]
) -> None:
    """M8: no going out without a final discard when one is required; M4: never leave
    only the card taken from the pile when it cannot then be laid off."""
    if not rest:
        if p.rules.final_discard == "required":
            broken("rummy.keep_discard", "M8")
        return
    if len(rest) == 1 and rest[0] == p.taken:
        fits = any(extend(cards, p.taken, p.rules.ace_high) for _, cards in table)
        if p.rules.final_discard == "required" or not fits:
            broken("rummy.stuck", "M4", card=TEXT[p.taken])


def check(p: Position, move: RummyMove) -> tuple[int, ...]:
    """Raise the M-rule a move breaks; return its cards (as ints) when it is legal."""
    if p.phase == OVER:
        broken("rummy.over", "M10")
    if not isinstance(move, (Draw, Meld, LayOff, Discard)):
        broken("rummy.not_a_move", "M4", kind=type(move).__name__)
    if move.seat != p.to_move:
        broken("rummy.turn", "M4", expected=p.to_move, seat=move.seat)
    if isinstance(move, Draw):
        if p.phase != DRAW:
            broken("rummy.drawn", "M4")
        if move.source == PILE:
            if not p.pile:
                broken("rummy.pile_empty", "M9")
        elif move.source != STOCK:
            broken("rummy.source", "M4", source=move.source)
        return ()
    if p.phase != ACT:
        broken("rummy.draw_first", "M4")
    ace_high = p.rules.ace_high
    if isinstance(move, Discard):
        card = card_of(move.card)
        if card not in p.hand:
            broken("rummy.not_held", "M4", card=move.card)
        if card == p.taken:
            broken("rummy.taken_back", "M4", card=move.card)
        return (card,)
    if isinstance(move, Meld):
        cards = tuple(card_of(t) for t in move.cards)
        for c, t in zip(cards, move.cards, strict=True):
            if c not in p.hand:
                broken("rummy.not_held", "M6", card=t)
        if not is_meld(cards, ace_high):
            broken("rummy.not_a_meld", "M2", cards=" ".join(move.cards))
        rest = tuple(c for c in p.hand if c not in cards)
        table = (*p.table, (p.to_move, cards))
        _leaves_stuck(p, rest, table)
        return cards
    card = card_of(move.card)
    if card not in p.hand:
        broken("rummy.not_held", "M6", card=move.card)
    if not 0 <= move.meld < len(p.table):
        broken("rummy.no_meld", "M6", meld=move.meld)
    grown = extend(p.table[move.meld][1], card, ace_high)
    if grown is None:
        broken("rummy.no_fit", "M6", card=move.card, meld=move.meld)
    grown_table = [*p.table[: move.meld], (p.to_move, grown), *p.table[move.meld + 1 :]]
    _leaves_stuck(p, tuple(c for c in p.hand if c != card), grown_table)
    return (card,)


def position_moves(p: Position) -> list[RummyMove]:
    """Every legal move at `p`: draws; then melds (each run segment and group), lay-offs
    (each card on each meld it extends), discards (each card but the one taken)."""
    seat = p.to_move
    if p.phase == OVER:
        return []
    if p.phase == DRAW:
        moves: list[RummyMove] = [Draw(seat, STOCK)]
        if p.pile:
            moves.append(Draw(seat, PILE))
        return moves
    out: list[RummyMove] = []
    ace_high = p.rules.ace_high
    for meld in candidate_melds(p.hand, ace_high):
        m = Meld(seat, tuple(TEXT[c] for c in order_meld(meld, ace_high)))
        if _fine(p, m):
            out.append(m)
    for card in p.hand:
        for i, (_, cards) in enumerate(p.table):
            if extend(cards, card, ace_high) is not None:
                lay = LayOff(seat, TEXT[card], i)
                if _fine(p, lay):
                    out.append(lay)
    out.extend(Discard(seat, TEXT[c]) for c in p.hand if c != p.taken)
    return out


def _fine(p: Position, move: RummyMove) -> bool:
    return common.is_legal(check, p, move)


def legal_moves(state: State) -> list[RummyMove]:
    return position_moves(state.position())


# ---------------------------------------------------------------------------
# The fold


def _end_hand(s: State, winner: int, ended: str) -> None:
    """M8/M10: the others take their cards' value as penalty; M9: a void hand scores
    nothing. The game ends after the hand in which someone reaches the target."""
    n = s.players
    if winner >= 0:
        deltas = tuple(0 if i == winner else value_of(s.hands[i]) for i in range(n))
    else:
        deltas = (0,) * n
    s.scores = tuple(a + b for a, b in zip(s.scores, deltas, strict=True))
    s.history = (
        *s.history,
        HandResult(s.start, _events(s.log), winner, ended, s.hands, s.table, deltas, s.scores),
    )
    if max(s.scores) >= s.rules.target:
        s.winners = common.seats_scoring(s.scores, min(s.scores))
        s.phase = OVER
        s.to_move = -1
        return
    _deal(s, s.start.number + 1, (s.start.dealer + 1) % n)


def _events(log: Log) -> tuple[Event, ...]:
    return common.events_of(log)


def _next_turn(s: State, seat: int) -> None:
    s.turns += 1
    s.taken = -1
    s.step = 0
    if s.turns >= s.rules.max_turns:
        _end_hand(s, -1, VOID_TURNS)
        return
    s.phase = DRAW
    s.to_move = (seat + 1) % s.players


def _draw_stock(s: State, seat: int) -> None:
    """M9: an empty stock is made again from the discards, shuffled with
    `reshuffle/<hand>/<k>`; beyond `max_reshuffles`, or with nothing to shuffle, the hand
    is void."""
    if not s.stock:
        if s.reshuffles >= s.rules.max_reshuffles:
            _end_hand(s, -1, VOID_RESHUFFLES)
            return
        if not s.pile:
            _end_hand(s, -1, VOID_EMPTY)
            return
        s.reshuffles += 1
        new = tuple(
            common.shuffled(s.match.key, f"reshuffle/{s.start.number}/{s.reshuffles}", s.pile)
        )
        s.log = push(s.log, (-1, "reshuffle", new))
        s.stock = new[::-1]
        s.pile = ()
    card = s.stock[-1]
    s.stock = s.stock[:-1]
    s.log = push(s.log, (seat, "stock", card))
    s.hands = replaced(s.hands, seat, tuple(sorted((*s.hands[seat], card))))
    s.phase = ACT
    s.step += 1


def apply(state: State, move: RummyMove) -> State:
    """The state after `move`; RuleBroken naming the M-rule when it is illegal."""
    p = state.position()
    cards = check(p, move)
    s = state.copy()
    seat = move.seat
    if isinstance(move, Draw):
        if move.source == STOCK:
            _draw_stock(s, seat)
            return s
        card = s.pile[-1]
        s.pile = s.pile[:-1]
        s.taken = card
        s.seen = replaced(s.seen, seat, (*s.seen[seat], card))
        s.log = push(s.log, (seat, "pile", card))
        s.hands = replaced(s.hands, seat, tuple(sorted((*s.hands[seat], card))))
        s.phase = ACT
        s.step += 1
        return s
    hand = tuple(c for c in s.hands[seat] if c not in cards)
    s.hands = replaced(s.hands, seat, hand)
    s.step += 1
    if isinstance(move, Discard):
        s.pile = (*s.pile, cards[0])
        s.log = push(s.log, (seat, "discard", cards[0]))
        if not hand:
            _end_hand(s, seat, "out")
            return s
        _next_turn(s, seat)
        return s
    if isinstance(move, Meld):
        meld = order_meld(cards, s.rules.ace_high)
        s.table = (*s.table, (seat, meld))
        s.log = push(s.log, (seat, "meld", meld))
    else:
        owner, old = s.table[move.meld]
        grown = extend(old, cards[0], s.rules.ace_high)
        assert grown is not None
        table = list(s.table)
        table[move.meld] = (owner, grown)
        s.table = tuple(table)
        s.log = push(s.log, (seat, "layoff", (cards[0], move.meld)))
    if not hand:
        s.turns += 1
        _end_hand(s, seat, "out")
    return s
