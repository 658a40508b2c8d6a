"""Gin Rummy's match state and `apply` (G1-G9, with M1-M5): the one fold.

Nothing is put on the table during play (G3): a hand ends by a knock (G4-G6) or void
(G7). The knock test is the hot path of every playout: `knock_cards` first bounds the
deadwood from below by the cards no meld could hold (bit work), and searches for the best
arrangement only when that bound leaves a knock possible, which in most positions it does
not. Positions are read through `Position`, which a state and a seat's view both supply.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from .cards import TEXT, VALUE
from .common import PILE_FIELDS, Event, PileState, card_of, events_of, push, shuffled, start_match
from .melds import best_arrangement, isolated_value, min_deadwood_after_lay_offs
from .moves import PILE, STOCK, Discard, Draw, GinMove, Knock, Pass
from .reasons import broken
from .rules import GinRules

__all__ = [
    "DISCARD",
    "DRAW",
    "OFFER",
    "OVER",
    "WALL",
    "GinResult",
    "HandStart",
    "Position",
    "State",
    "apply",
    "check",
    "knock_cards",
    "legal_moves",
    "new_match",
    "position_moves",
]

OFFER, DRAW, DISCARD, WALL, OVER = range(5)
NON_DEALER_OFFERED, DEALER_OFFERED, BOTH_PASSED, PLAYING = range(4)
HAND = 10


class HandStart(NamedTuple):
    number: int
    dealer: int
    dealt: tuple[tuple[int, ...], ...]  # per seat, in dealt order
    upcard: int  # -1 with deal = "eleven"
    stock: tuple[int, ...]  # top first
    limit: int  # the knock limit of this hand (G4, G9)
    double: bool  # a spade upcard doubles the hand (G9)


class GinResult(NamedTuple):
    """A finished hand: `kind` is gin, knock, undercut or void (G6, G7)."""

    start: HandStart
    events: tuple[Event, ...]
    kind: str
    knocker: int  # -1 for a void hand
    winner: int  # -1 for a void hand
    melds: tuple[tuple[tuple[int, ...], ...], ...]  # per seat, as shown (() when void)
    lay_offs: tuple[tuple[int, int], ...]  # (card, index of the knocker's meld)
    deadwood: tuple[int, ...]  # per seat, after lay-offs
    left: tuple[tuple[int, ...], ...]  # per seat: the cards at the end
    deltas: tuple[int, ...]
    points: tuple[int, ...]


class Position(NamedTuple):
    """What legality reads: public facts and the hand of the seat to move."""

    rules: GinRules
    phase: int
    to_move: int
    hand: tuple[int, ...]
    pile: tuple[int, ...]
    taken: int
    stock_count: int
    offer: int
    last_chance: bool
    limit: int


class State(PileState[GinRules, HandStart, GinResult, Position]):
    """A Gin match at one moment, hidden cards included (see views.py); the fields all
    the family's folds have, and their copy, are `PileState`'s."""

    __slots__ = ("last_chance", "offer", "points", "won")

    offer: int
    last_chance: bool  # took the last discard at the wall: must knock (G7)
    points: tuple[int, ...]  # hand points so far (G6)
    won: tuple[int, ...]  # hands won (G8)
    # `scores`: points, then with G8's bonuses once the game is over

    def _copy_into(self, new: State) -> None:
        new.phase, new.pile, new.seen, new.step, new.taken = PILE_FIELDS(self)
        new.last_chance = self.last_chance
        new.offer = self.offer
        new.points = self.points
        new.won = self.won

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
            self.taken,
            len(self.stock),
            self.offer,
            self.last_chance,
            self.start.limit,
        )
        return self.pos


def knock_limit(rules: GinRules, upcard: int) -> int:
    """G4: 10; G9: the upcard's value, an ace meaning gin only."""
    if rules.knock_limit != "upcard":
        return int(rules.knock_limit)
    return 0 if VALUE[upcard] == 1 else VALUE[upcard]


def _deal(s: State, number: int, dealer: int) -> None:
    """G1: shuffle with `deal/<n>`, ten cards each one at a time from the non-dealer;
    the 21st card is the upcard (or, with deal = eleven, the non-dealer's 11th)."""
    rules = s.rules
    deck = shuffled(s.match.key, f"deal/{number}")
    other = 1 - dealer
    dealt: list[tuple[int, ...]] = [(), ()]
    dealt[other] = tuple(deck[0 : 2 * HAND + 1 : 2])
    dealt[dealer] = tuple(deck[1 : 2 * HAND : 2])
    stock = tuple(deck[2 * HAND + 1 :])
    if rules.deal == "eleven":
        upcard = -1
        s.pile = ()
        s.phase = DISCARD
        s.offer = PLAYING
    else:
        upcard = dealt[other][-1]
        dealt[other] = dealt[other][:-1]
        s.pile = (upcard,)
        s.phase = OFFER
        s.offer = NON_DEALER_OFFERED
    limit = 10 if upcard < 0 else knock_limit(rules, upcard)
    double = bool(rules.spades_double) and upcard >= 0 and upcard & 3 == 0
    s.start = HandStart(number, dealer, tuple(dealt), upcard, stock, limit, double)
    s.hands = tuple(tuple(sorted(h)) for h in dealt)
    s.stock = stock[::-1]
    s.taken = -1
    s.last_chance = False
    s.turns = 0
    s.step = 0
    s.seen = ((), ())
    s.log = None
    s.to_move = other


def new_match(rules: GinRules, players: int, seed: str) -> State:
    s = start_match(State, rules, players, seed, _deal)
    s.points = (0, 0)
    s.won = (0, 0)
    return s


# ---------------------------------------------------------------------------
# Legality


def knock_cards(hand: Sequence[int], taken: int, limit: int) -> list[int]:
    """The cards `hand` (11 cards) may knock with: not the card taken from the pile
    (M4), and leaving deadwood of `limit` or less (G4)."""
    if isolated_value(hand) - 10 > limit:
        return []  # no discard can bring the deadwood down to the limit
    out = []
    for d in hand:
        if d == taken:
            continue
        rest = [c for c in hand if c != d]
        if isolated_value(rest) <= limit and best_arrangement(rest)[0] <= limit:
            out.append(d)
    return out


def _wall_knock(p: Position) -> bool:
    """G7: would taking the last discard let the seat knock?"""
    top = p.pile[-1]
    return bool(knock_cards((*p.hand, top), top, p.limit))


def check(p: Position, move: GinMove) -> int:
    """Raise the rule a move breaks; return its card (-1 for none) when it is legal."""
    if p.phase == OVER:
        broken("rummy.over", "G8")
    if not isinstance(move, (Draw, Pass, Discard, Knock)):
        broken("rummy.not_a_move", "G3", kind=type(move).__name__)
    if move.seat != p.to_move:
        broken("rummy.turn", "M4", expected=p.to_move, seat=move.seat)
    phase = p.phase
    if isinstance(move, Draw) and move.source not in (STOCK, PILE):
        broken("rummy.source", "M4", source=move.source)
    if phase == OFFER:
        if isinstance(move, Pass) or (isinstance(move, Draw) and move.source == PILE):
            return -1
        broken("gin.offer", "G1")
    if phase == WALL:
        if isinstance(move, Pass):
            return -1
        if isinstance(move, Draw) and move.source == PILE:
            if not _wall_knock(p):
                broken("gin.wall_no_knock", "G7", card=TEXT[p.pile[-1]])
            return -1
        broken("gin.wall", "G7", wall=p.rules.wall)
    if phase == DRAW:
        if isinstance(move, Draw):
            if move.source == PILE and p.offer == BOTH_PASSED:
                broken("gin.stock_first", "G1")
            return -1
        broken("rummy.draw_first", "M4")
    if isinstance(move, (Draw, Pass)):
        broken("rummy.drawn", "M4")
    card = card_of(move.card)
    if card not in p.hand:
        broken("rummy.not_held", "M4", card=move.card)
    if card == p.taken:
        broken("rummy.taken_back", "M4", card=move.card)
    if isinstance(move, Discard):
        if p.last_chance:
            broken("gin.wall_knock", "G7")
        return card
    rest = [c for c in p.hand if c != card]
    dead = best_arrangement(rest)[0]
    if dead > p.limit:
        rule = "G9" if p.rules.oklahoma else "G4"
        broken("gin.knock_high", rule, deadwood=dead, limit=p.limit)
    return card


def position_moves(p: Position) -> list[GinMove]:
    seat = p.to_move
    phase = p.phase
    if phase == DRAW:
        if p.offer == BOTH_PASSED:
            return [Draw(seat, STOCK)]
        return [Draw(seat, STOCK), Draw(seat, PILE)]
    if phase == DISCARD:
        out: list[GinMove] = []
        if not p.last_chance:
            out = [Discard(seat, TEXT[c]) for c in p.hand if c != p.taken]
        out.extend(Knock(seat, TEXT[c]) for c in knock_cards(p.hand, p.taken, p.limit))
        return out
    if phase == OFFER:
        return [Draw(seat, PILE), Pass(seat)]
    if phase == WALL:
        return [Draw(seat, PILE), Pass(seat)] if _wall_knock(p) else [Pass(seat)]
    return []


def legal_moves(state: State) -> list[GinMove]:
    return position_moves(state.position())


# ---------------------------------------------------------------------------
# The fold


def _with(hands: tuple[tuple[int, ...], ...], seat: int, hand: tuple[int, ...]) -> Any:
    return (hand, hands[1]) if seat == 0 else (hands[0], hand)


def _void(s: State) -> None:
    """G7: nobody scores and the same dealer deals again."""
    result = GinResult(
        s.start, events_of(s.log), "void", -1, -1, (), (), (0, 0), s.hands, (0, 0), s.points
    )
    s.history = (*s.history, result)
    _deal(s, s.start.number + 1, s.start.dealer)


def _knock(s: State, knocker: int) -> None:
    """G5/G6: show, lay off (not onto gin), count and score; G8: the game's end."""
    rules = s.rules
    other = 1 - knocker
    kd, kmelds, _ = best_arrangement(s.hands[knocker])
    if kd == 0:
        od, omelds, _ = best_arrangement(s.hands[other])
        offs: tuple[tuple[int, int], ...] = ()
        kind, winner, gained = "gin", knocker, od + rules.gin_bonus
    else:
        od, omelds, offs, _ = min_deadwood_after_lay_offs(s.hands[other], kmelds)
        if od <= kd:
            bonus = rules.undercut_bonus or 0
            kind, winner, gained = "undercut", other, kd - od + bonus
        else:
            kind, winner, gained = "knock", knocker, od - kd
    if s.start.double:
        gained *= 2
    deltas = (gained, 0) if winner == 0 else (0, gained)
    s.points = (s.points[0] + deltas[0], s.points[1] + deltas[1])
    s.won = (s.won[0] + (winner == 0), s.won[1] + (winner == 1))
    melds = (kmelds, omelds) if knocker == 0 else (omelds, kmelds)
    dead = (kd, od) if knocker == 0 else (od, kd)
    s.history = (
        *s.history,
        GinResult(
            s.start,
            events_of(s.log),
            kind,
            knocker,
            winner,
            melds,
            offs,
            dead,
            s.hands,
            deltas,
            s.points,
        ),
    )
    target = rules.target or 0
    if s.points[winner] >= target:
        loser = 1 - winner
        totals = [s.points[i] + s.won[i] * rules.hand_bonus for i in (0, 1)]
        totals[winner] += rules.game_bonus
        if s.points[loser] == 0:
            totals[winner] += rules.shutout_bonus
        s.scores = (totals[0], totals[1])
        s.winners = (winner,)
        s.phase = OVER
        s.to_move = -1
        return
    s.scores = s.points
    _deal(s, s.start.number + 1, 1 - winner)


def apply(state: State, move: GinMove) -> State:
    """The state after `move`; RuleBroken naming the rule when it is illegal."""
    p = state.position()
    card = check(p, move)
    s = state.copy()
    seat = move.seat
    s.step += 1
    if isinstance(move, Pass):
        s.log = push(s.log, (seat, "pass", None))
        if s.phase == WALL:
            _void(s)
        elif s.offer == NON_DEALER_OFFERED:
            s.offer = DEALER_OFFERED
            s.to_move = 1 - seat
        else:
            s.offer = BOTH_PASSED
            s.phase = DRAW
            s.to_move = 1 - seat
        return s
    if isinstance(move, Draw):
        if move.source == STOCK:
            top = s.stock[-1]
            s.stock = s.stock[:-1]
            s.log = push(s.log, (seat, "stock", top))
        else:
            top = s.pile[-1]
            s.pile = s.pile[:-1]
            s.taken = top
            s.seen = _with(s.seen, seat, (*s.seen[seat], top))
            s.log = push(s.log, (seat, "pile", top))
            s.last_chance = s.phase == WALL
        s.hands = _with(s.hands, seat, tuple(sorted((*s.hands[seat], top))))
        s.phase = DISCARD
        return s
    s.hands = _with(s.hands, seat, tuple(c for c in s.hands[seat] if c != card))
    s.pile = (*s.pile, card)
    if isinstance(move, Knock):
        s.log = push(s.log, (seat, "knock", card))
        s.turns += 1
        _knock(s, seat)
        return s
    s.log = push(s.log, (seat, "discard", card))
    s.turns += 1
    s.taken = -1
    s.step = 0
    s.offer = PLAYING
    if s.turns >= s.rules.max_turns:
        _void(s)
        return s
    s.to_move = 1 - seat
    s.phase = WALL if len(s.stock) <= s.rules.wall else DRAW
    return s
