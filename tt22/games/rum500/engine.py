"""500 Rum's and Persian Rummy's match state and `apply` (F1-F9, P1-P8): the one fold.

Persian Rummy is 500 Rum with jokers, partnerships and a game of two deals, so both are
this fold; `rules.persian` switches P1-P8 on. A `State` never changes once `apply`
returns it; legality reads a `Position` (the seat to move, its hand, everything public),
which a state and a seat's view both give, so a view judges moves as the state does.

What 500 Rum adds to the Rummy family's turn (F4-F7), and how tt22 reads it:
- The discard pile is spread: a `Take` names the deepest card taken; that card and
  every card above it come into the hand. When it is not the top card it must be put
  down by the very next move (F4: "a move that leaves it in the hand is illegal"), in a
  meld or, after the opening, as a lay-off; a take is legal only when that is possible
  (with the opening's value when the player has not opened). The top card alone carries
  no obligation but M4's: it may not be discarded this turn. The cards above a deep
  card carry none *(convention)*.
- The opening (F5): a player's first melds, put down in one turn, are worth more than
  `opening`. While it is being built the turn cannot end, so a first meld is legal only
  when the rest of the hand can still finish it; lay-offs wait until it is done.
- No move may leave a turn with no legal way to end (M4: the top card taken cannot be
  discarded; a meld that leaves only it, unplaceable, is refused, as in Rummy).
- Each card on the table remembers who put it there (F6), so melds and lay-offs score
  for the player who laid them (F8). The stock is stored top last; transcripts show it
  top first.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache
from typing import NamedTuple

from tt22.games.rummy import common
from tt22.games.rummy.cards import LOW
from tt22.games.rummy.common import PILE_FIELDS, Event, PileState, push, replaced

from .cards import CODE, DECK, HELD, PERSIAN_DECK, TEXT
from .melds import (
    accepts,
    best_value,
    candidate_melds,
    extend,
    four_of_a_kind,
    is_meld,
    meld_value,
    order_meld,
    placed_values,
)
from .moves import STOCK, Discard, Draw, LayOff, Meld, Pass, Rum500Move, Take
from .reasons import broken
from .rules import PersianRules, Rum500Rules

HandStart = common.HandStart

__all__ = [
    "ACT",
    "DRAW",
    "OVER",
    "HandResult",
    "HandStart",
    "Position",
    "State",
    "Table",
    "accept_map",
    "apply",
    "check",
    "in_some_meld",
    "legal_moves",
    "new_match",
    "pile_takes",
    "position_moves",
]

DRAW, ACT, OVER = range(3)
ENDED_OUT, ENDED_STOCK, ENDED_TURNS = "out", "stock", "turns"

Rules = Rum500Rules | PersianRules
Table = tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]
"""The melds on the table in laid order: (who melded it, its cards in order, who put down
each card) (F6)."""


class HandResult(NamedTuple):
    """A finished hand: who went out (-1: nobody), how it ended (`out`, `stock`: F7's
    empty stock, `turns`: void, F9), the cards left, the table, and per seat the value
    melded and laid off, the bonuses (P4, P5), the value held, the hand's points (F8)
    and the scores after it (a side's total for both partners in Persian, P2)."""

    start: HandStart
    events: tuple[Event, ...]
    out: int
    ended: str
    left: tuple[tuple[int, ...], ...]
    table: Table
    melded: tuple[int, ...]
    bonus: tuple[int, ...]
    held: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]


class Position(NamedTuple):
    """What legality reads: public facts and the hand of the seat to move."""

    rules: Rules
    phase: int
    to_move: int
    hand: tuple[int, ...]
    pile: tuple[int, ...]
    table: Table
    taken: int  # the top card taken this turn (M4), -1 if none
    must: int  # the deep card taken that must be placed next (F4), -1 if none
    stock_count: int
    opened: bool  # the seat to move has made its opening (F5)
    so_far: int  # the value of this turn's melds while the opening is being built


class State(PileState[Rules, HandStart, HandResult, Position]):
    """A 500 Rum or Persian match at one moment, hidden cards included (views.py); the
    fields all the family's folds have, and their copy, are `PileState`'s."""

    __slots__ = ("bonus", "must", "opened", "so_far", "table")

    table: Table
    must: int
    opened: tuple[bool, ...]
    so_far: int
    bonus: tuple[int, ...]  # per seat this hand: P4's four jokers

    def _copy_into(self, new: State) -> None:
        new.phase, new.pile, new.seen, new.step, new.taken = PILE_FIELDS(self)
        new.bonus = self.bonus
        new.must = self.must
        new.opened = self.opened
        new.so_far = self.so_far
        new.table = self.table

    def position(self) -> Position:
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
            self.must,
            len(self.stock),
            self.opened[seat] if seat >= 0 else False,
            self.so_far,
        )
        return self.pos


def _deal(s: State, number: int, dealer: int) -> None:
    """F1/P2: shuffle with `deal/<n>` (56 cards in Persian, P1), deal one card at a time
    from the dealer's left; the next card starts the discard pile, the rest is the stock."""
    m = s.match
    rules: Rules = m.rules
    n = m.players
    k = rules.hand_size
    assert k is not None
    deck = common.shuffled(m.key, f"deal/{number}", PERSIAN_DECK if rules.persian else DECK)
    dealt = common.deal_round(deck, n, k, dealer)
    upcard = deck[n * k]
    stock = tuple(deck[n * k + 1 :])
    s.start = HandStart(number, dealer, tuple(dealt), upcard, stock)
    s.hands = tuple(tuple(sorted(h)) for h in dealt)
    s.stock = stock[::-1]
    s.pile = (upcard,)
    s.table = ()
    s.taken = -1
    s.must = -1
    s.opened = (False,) * n
    s.so_far = 0
    s.bonus = (0,) * n
    s.turns = 0
    s.step = 0
    s.seen = ((),) * n
    s.log = None
    s.phase = DRAW
    s.to_move = (dealer + 1) % n


def new_match(rules: Rules, players: int, seed: str) -> State:
    return common.start_match(State, rules, players, seed, _deal)


# ---------------------------------------------------------------------------
# Legality


def card_of(text: str) -> int:
    return common.card_of(text, CODE)


def in_some_meld(cards: Collection[int], m: int) -> bool:
    """Could `m` be in a meld made of `cards` (which hold it)? Cheap bit work: a third
    card of its rank, or two suit neighbours making a run through it (F2), or two more
    jokers (P1)."""
    if m >= 52:
        return sum(1 for c in cards if c >= 52) >= 3
    rank, suit = m >> 2, m & 3
    same = 0
    places = 0
    for c in cards:
        if c >= 52:
            continue
        if c >> 2 == rank:
            same += 1
        if c & 3 == suit:
            p = LOW[c]
            places |= 1 << p
            if p == 0:
                places |= 1 << 13
    if same >= 3:
        return True
    for q in (LOW[m], 13) if LOW[m] == 0 else (LOW[m],):
        for a in (q - 2, q - 1, q):
            if a >= 0 and places >> a & 7 == 7:
                return True
    return False


def _layable(card: int, table: Sequence[tuple[int, ...]]) -> bool:
    return any(card in accepts(meld) for meld in table)


def _leftover_ok(rest: Sequence[int], taken: int, melds: Sequence[tuple[int, ...]]) -> bool:
    """M4: the turn can end: nothing left (out), a card that may be discarded, or only
    the top card taken, which then lays off on a meld."""
    if not rest or any(c != taken for c in rest):
        return True
    return _layable(taken, melds)


def opening_plan(
    hand: tuple[int, ...],
    so_far: int,
    opening: int,
    taken: int,
    must: int,
    melds: tuple[tuple[int, ...], ...],
) -> bool:
    """F5: can melds from `hand` (the first holding `must`, when given) bring the opening
    from `so_far` to more than `opening`, leaving a hand whose turn can end?"""
    if so_far > opening:
        return _leftover_ok(hand, taken, melds)
    if so_far + best_value(hand) <= opening:
        return False
    for meld in candidate_melds(hand):
        if must >= 0 and must not in meld:
            continue
        ordered = order_meld(meld)
        rest = tuple(c for c in hand if c not in meld)
        if opening_plan(rest, so_far + meld_value(ordered), opening, taken, -1, (*melds, ordered)):
            return True
    return False


def can_take(p: Position, index: int) -> bool:
    """F4: may the seat take the pile from `index` up? The top card always; a deeper one
    only when it can be put down at once (in a meld of the hand and the cards taken, or
    on the table after the opening; before it, in a meld that starts an opening)."""
    if index == len(p.pile) - 1:
        return True
    m = p.pile[index]
    grown = (*p.hand, *p.pile[index:])
    if p.opened:
        return in_some_meld(grown, m) or _layable(m, [cards for _, cards, _ in p.table])
    if not in_some_meld(grown, m):
        return False
    melds = tuple(cards for _, cards, _ in p.table)
    return opening_plan(tuple(sorted(grown)), 0, p.rules.opening, -1, m, melds)


def check(p: Position, move: Rum500Move) -> tuple[int, ...]:
    """Raise the rule a move breaks; return its cards (as ints) when it is legal."""
    if p.phase == OVER:
        broken("rummy.over", "F9")
    if not isinstance(move, (Draw, Take, Pass, Meld, LayOff, Discard)):
        broken("rummy.not_a_move", "M4", kind=type(move).__name__)
    if move.seat != p.to_move:
        broken("rummy.turn", "M4", expected=p.to_move, seat=move.seat)
    if isinstance(move, (Draw, Take, Pass)):
        if p.phase != DRAW:
            broken("rummy.drawn", "M4")
        if isinstance(move, Draw):
            if move.source != STOCK:
                broken("rum500.use_take", "F4")
            if not p.stock_count:
                broken("rum500.stock_empty", "F7")
            return ()
        if isinstance(move, Pass):
            if p.stock_count:
                broken("rum500.stock_left", "F7")
            return ()
        card = card_of(move.card)
        if card not in p.pile:
            broken("rum500.not_in_pile", "F4", card=move.card)
        index = p.pile.index(card)
        if not can_take(p, index):
            broken("rum500.cannot_use", "F4", card=move.card)
        return p.pile[index:]
    if p.phase != ACT:
        broken("rummy.draw_first", "M4")
    opening = p.rules.opening
    if isinstance(move, Discard):
        card = card_of(move.card)
        if card not in p.hand:
            broken("rummy.not_held", "F7", card=move.card)
        if p.must >= 0:
            broken("rum500.must_place", "F4", card=TEXT[p.must])
        if p.so_far and not p.opened:
            broken("rum500.opening_unfinished", "F5", value=p.so_far, opening=opening)
        if card == p.taken:
            broken("rummy.taken_back", "M4", card=move.card)
        return (card,)
    if isinstance(move, Meld):
        cards = tuple(card_of(t) for t in move.cards)
        for c, t in zip(cards, move.cards, strict=True):
            if c not in p.hand:
                broken("rummy.not_held", "F6", card=t)
        if not is_meld(cards):
            rule = "P1" if any(c >= 52 for c in cards) else "F2"
            broken("rummy.not_a_meld", rule, cards=" ".join(move.cards))
        if p.must >= 0 and p.must not in cards:
            broken("rum500.must_first", "F4", card=TEXT[p.must])
        ordered = order_meld(cards)
        rest = tuple(c for c in p.hand if c not in cards)
        melds = (*(m for _, m, _ in p.table), ordered)
        if not p.opened:
            total = p.so_far + meld_value(ordered)
            if not opening_plan(rest, total, opening, p.taken, -1, melds):
                if total <= opening:
                    broken("rum500.opening_low", "F5", opening=opening)
                broken("rum500.stuck", "M4", card=TEXT[p.taken])
            return cards
        if not _leftover_ok(rest, p.taken, melds):
            broken("rum500.stuck", "M4", card=TEXT[p.taken])
        return cards
    card = card_of(move.card)
    if card not in p.hand:
        broken("rummy.not_held", "F6", card=move.card)
    if not p.opened:
        broken("rum500.not_opened", "F5", opening=opening)
    if p.must >= 0 and card != p.must:
        broken("rum500.must_first", "F4", card=TEXT[p.must])
    if not 0 <= move.meld < len(p.table):
        broken("rummy.no_meld", "F6", meld=move.meld)
    grown = extend(p.table[move.meld][1], card)
    if grown is None:
        broken("rummy.no_fit", "F6", card=move.card, meld=move.meld)
    grown_melds = [m for _, m, _ in p.table]
    grown_melds[move.meld] = grown
    if not _leftover_ok(tuple(c for c in p.hand if c != card), p.taken, grown_melds):
        broken("rum500.stuck", "M4", card=TEXT[p.taken])
    return (card,)


def _fine(p: Position, move: Rum500Move) -> bool:
    return common.is_legal(check, p, move)


@lru_cache(maxsize=4096)
def accept_map(melds: tuple[tuple[int, ...], ...]) -> dict[int, tuple[int, ...]]:
    """Card -> the indices of the melds it would extend (F6), for a table's melds."""
    out: dict[int, list[int]] = {}
    for i, meld in enumerate(melds):
        for c in accepts(meld):
            out.setdefault(c, []).append(i)
    return {c: tuple(i) for c, i in out.items()}


def _table_melds(table: Table) -> tuple[tuple[int, ...], ...]:
    return tuple(cards for _, cards, _ in table)


def _could_meld(m: int, ranks: list[int], suits: list[int]) -> bool:
    """`in_some_meld` from running counts: `ranks` per rank (13: the jokers), `suits` the
    run places held per suit (an ace at 0 and 13)."""
    if m >= 52:
        return ranks[13] >= 3
    if ranks[m >> 2] >= 3:
        return True
    bits = suits[m & 3]
    q = LOW[m]
    for place in (q, 13) if q == 0 else (q,):
        for a in (place - 2, place - 1, place):
            if a >= 0 and bits >> a & 7 == 7:
                return True
    return False


def _count(c: int, ranks: list[int], suits: list[int]) -> None:
    if c >= 52:
        ranks[13] += 1
        return
    ranks[c >> 2] += 1
    q = LOW[c]
    suits[c & 3] |= (1 << q) | (8192 if q == 0 else 0)


def pile_takes(p: Position) -> list[int]:
    """The indices of the pile that may be taken (F4, `can_take`), top first, with the
    cheap test kept as running counts while the pick goes deeper."""
    pile = p.pile
    top = len(pile) - 1
    if top < 0:
        return []
    out = [top]
    ranks = [0] * 14
    suits = [0, 0, 0, 0]
    for c in p.hand:
        _count(c, ranks, suits)
    _count(pile[top], ranks, suits)
    lay = accept_map(_table_melds(p.table)) if p.opened else {}
    for i in range(top - 1, -1, -1):
        m = pile[i]
        _count(m, ranks, suits)
        if p.opened:
            if m in lay or _could_meld(m, ranks, suits):
                out.append(i)
        elif _could_meld(m, ranks, suits) and can_take(p, i):
            out.append(i)
    return out


def position_moves(p: Position) -> list[Rum500Move]:
    """Every legal move at `p`: the stock (or, empty, the pass), each card of the pile
    that may be taken (top first); then melds, lay-offs and discards. The same moves as
    filtering every candidate through `check` (tests/games/rum500 proves it), with the
    opened seat's tests done inline: this is a random playout's hot path."""
    seat = p.to_move
    if p.phase == OVER:
        return []
    pile = p.pile
    if p.phase == DRAW:
        moves: list[Rum500Move] = [Draw(seat, STOCK) if p.stock_count else Pass(seat)]
        moves.extend(Take(seat, TEXT[pile[i]]) for i in pile_takes(p))
        return moves
    out: list[Rum500Move] = []
    must = p.must
    hand = p.hand
    taken = p.taken if p.taken in hand else -1
    lay = accept_map(_table_melds(p.table)) if p.opened else {}
    for meld in candidate_melds(hand):
        if must >= 0 and must not in meld:
            continue
        ordered = order_meld(meld)
        m = Meld(seat, tuple(TEXT[c] for c in ordered))
        if not p.opened:
            if _fine(p, m):
                out.append(m)
            continue
        if (
            taken >= 0
            and len(hand) - len(meld) == 1
            and taken not in meld
            and taken not in lay
            and taken not in accepts(ordered)
        ):
            continue  # M4: only the top card taken would be left, and it fits nowhere
        out.append(m)
    if p.opened:
        for card in hand if must < 0 else (must,):
            for i in lay.get(card, ()):
                if taken >= 0 and len(hand) == 2 and card != taken:
                    grown = [*_table_melds(p.table)]
                    extended = extend(grown[i], card)
                    assert extended is not None
                    grown[i] = extended
                    if not _layable(taken, grown):
                        continue
                out.append(LayOff(seat, TEXT[card], i))
    if must < 0 and (p.opened or not p.so_far):
        out.extend(Discard(seat, TEXT[c]) for c in hand if c != p.taken)
    return out


def legal_moves(state: State) -> list[Rum500Move]:
    return position_moves(state.position())


# ---------------------------------------------------------------------------
# The fold


def table_values(table: Table, players: int) -> tuple[int, ...]:
    """F6/F8: per seat, the value of the cards it melded and laid off, each where it lies."""
    melded = [0] * players
    for _, cards, by in table:
        for value, seat in zip(placed_values(cards), by, strict=True):
            melded[seat] += value
    return tuple(melded)


def _end_hand(s: State, out: int, ended: str) -> None:
    """F8: each scores what it put down less what it holds (P4's bonus and P5's for going
    out in Persian, the partners' points added, P2); a void hand scores nothing (F9).
    F9: the game ends after a hand in which someone reaches the target; P7: after the
    second deal (or a side reaching the target), the side ahead scores the game bonus."""
    n = s.players
    rules = s.rules
    if ended == ENDED_TURNS:
        zero = (0,) * n
        melded, bonus, held, points = zero, zero, zero, zero
    else:
        melded = table_values(s.table, n)
        extra = list(s.bonus)
        if isinstance(rules, PersianRules) and out >= 0:
            extra[out] += rules.out_bonus
        bonus = tuple(extra)
        held = tuple(sum(HELD[c] for c in h) for h in s.hands)
        points = tuple(m + b - h for m, b, h in zip(melded, bonus, held, strict=True))
    if rules.persian:
        sides = (points[0] + points[2], points[1] + points[3])
        s.scores = tuple(s.scores[i] + sides[i % 2] for i in range(n))
    else:
        s.scores = tuple(a + b for a, b in zip(s.scores, points, strict=True))
    s.history = (
        *s.history,
        HandResult(
            s.start,
            common.events_of(s.log),
            out,
            ended,
            s.hands,
            s.table,
            melded,
            bonus,
            held,
            points,
            s.scores,
        ),
    )
    if isinstance(rules, PersianRules):
        if s.start.number >= 2 or max(s.scores) >= rules.target:
            a, b = s.scores[0], s.scores[1]
            if a == b:
                s.winners = tuple(range(n))
            else:
                side = 0 if a > b else 1
                s.winners = (side, side + 2)
                s.scores = tuple(
                    v + (rules.game_bonus if i % 2 == side else 0) for i, v in enumerate(s.scores)
                )
            s.phase = OVER
            s.to_move = -1
            return
    elif max(s.scores) >= rules.target:
        s.winners = common.seats_scoring(s.scores, max(s.scores))
        s.phase = OVER
        s.to_move = -1
        return
    _deal(s, s.start.number + 1, (s.start.dealer + 1) % n)


def four_bonus(rules: PersianRules, meld: tuple[int, ...]) -> int:
    """P4: four jokers put down in one meld score four times their value (320: a bonus of
    three times 80); with `four_jokers = 2` any four of a kind so put down scores twice."""
    if not four_of_a_kind(meld):
        return 0
    if meld[0] >= 52:
        return (rules.four_jokers - 1) * meld_value(meld)
    return meld_value(meld) if rules.four_jokers == 2 else 0


def _next_turn(s: State, seat: int) -> None:
    s.turns += 1
    s.taken = -1
    s.must = -1
    s.so_far = 0
    s.step = 0
    if s.turns >= s.rules.max_turns:
        _end_hand(s, -1, ENDED_TURNS)
        return
    s.phase = DRAW
    s.to_move = (seat + 1) % s.players


def apply(state: State, move: Rum500Move) -> State:
    """The state after `move`; RuleBroken naming the rule when it is illegal."""
    p = state.position()
    cards = check(p, move)
    s = state.copy()
    seat = move.seat
    s.step += 1
    if isinstance(move, Pass):
        s.log = push(s.log, (seat, "pass", None))
        s.turns += 1
        _end_hand(s, -1, ENDED_STOCK)
        return s
    if isinstance(move, Draw):
        card = s.stock[-1]
        s.stock = s.stock[:-1]
        s.log = push(s.log, (seat, "stock", card))
        s.hands = replaced(s.hands, seat, tuple(sorted((*s.hands[seat], card))))
        s.phase = ACT
        return s
    if isinstance(move, Take):
        s.pile = s.pile[: len(s.pile) - len(cards)]
        if len(cards) == 1:
            s.taken = cards[0]
        else:
            s.must = cards[0]
        s.seen = replaced(s.seen, seat, (*s.seen[seat], *cards))
        s.log = push(s.log, (seat, "take", cards))
        s.hands = replaced(s.hands, seat, tuple(sorted((*s.hands[seat], *cards))))
        s.phase = ACT
        return s
    hand = tuple(c for c in s.hands[seat] if c not in cards)
    s.hands = replaced(s.hands, seat, hand)
    if isinstance(move, Discard):
        s.pile = (*s.pile, cards[0])
        s.log = push(s.log, (seat, "discard", cards[0]))
        if not hand:
            s.turns += 1
            _end_hand(s, seat, ENDED_OUT)
            return s
        _next_turn(s, seat)
        return s
    if s.must in cards:
        s.must = -1
    if isinstance(move, Meld):
        meld = order_meld(cards)
        s.table = (*s.table, (seat, meld, (seat,) * len(meld)))
        s.log = push(s.log, (seat, "meld", meld))
        rules = s.rules
        if isinstance(rules, PersianRules):
            s.bonus = replaced(s.bonus, seat, s.bonus[seat] + four_bonus(rules, meld))
        if not s.opened[seat]:
            s.so_far += meld_value(meld)
            if s.so_far > rules.opening:
                s.opened = replaced(s.opened, seat, True)
    else:
        owner, old, by = s.table[move.meld]
        grown = extend(old, cards[0])
        assert grown is not None
        who = dict(zip(old, by, strict=True))
        who[cards[0]] = seat
        table = list(s.table)
        table[move.meld] = (owner, grown, tuple(who[c] for c in grown))
        s.table = tuple(table)
        s.log = push(s.log, (seat, "layoff", (cards[0], move.meld)))
    if not hand:
        s.turns += 1
        _end_hand(s, seat, ENDED_OUT)
    return s
