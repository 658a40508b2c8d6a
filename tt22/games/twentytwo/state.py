"""The match state and `apply`: the one fold every part of tt22 goes through.

A `State` is never changed after `apply` returns it: `apply` makes a shallow copy and
changes the copy. Every field is an int, a tuple or an immutable record, so a copy is
a handful of pointer copies and search can keep as many states as it likes.

Chance never enters as a move: the first-dealer draw, each deal's shuffle and the choice
among several losers (R20) each come from their own stream of the seed (tt22.core.rng.stream).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tt22.core.cards import CODE, full_deck, show_ranks

# (IllegalMove: no longer raised here by name, but an old name of this module, kept one
# release: tests/core/test_shims.py)
from tt22.core.protocol import IllegalMove  # noqa: F401
from tt22.core.rng import seed_key, stream

from .cards import VALUES
from .legality import (
    ExchangeOptions,
    beats,
    can_beat,
    follow_options,
    follow_single,
    lead_options,
)
from .moves import Exchange, Move, Play
from .reasons import broken
from .rules import Rules

__all__ = [
    "EXCHANGE",
    "OVER",
    "PLAY",
    "DealResult",
    "DealStart",
    "ExchangeRecord",
    "MatchInfo",
    "State",
    "TrickRecord",
    "apply",
    "legal_moves",
    "new_match",
]

EXCHANGE = 0
PLAY = 1
OVER = 2

_CODE = CODE
_CODE_GET = CODE.get


class MatchInfo(NamedTuple):
    """What stays fixed for a whole match."""

    rules: Rules
    players: int
    key: bytes
    first_draws: tuple[tuple[tuple[int, int], ...], ...]  # rounds of (seat, card), R7
    first_dealer: int


class DealStart(NamedTuple):
    """A deal as dealt, before the exchange."""

    number: int
    dealer: int
    hand_size: int
    players_in: tuple[int, ...]  # in seat order
    order: tuple[int, ...]  # players in, clockwise from the dealer's left (R10, R11)
    dealt: tuple[tuple[int, ...] | None, ...]  # per seat, in dealt order; None when out
    stock: tuple[int, ...]  # top first


class ExchangeRecord(NamedTuple):
    seat: int
    discard: tuple[int, ...]
    draw: tuple[int, ...]


class TrickRecord(NamedTuple):
    leader: int
    plays: tuple[tuple[int, tuple[int, ...]], ...]  # (seat, cards as played)
    winner: int


class DealResult(NamedTuple):
    """A finished deal: the showdown and scoring (R17-R20)."""

    start: DealStart
    exchanges: tuple[ExchangeRecord, ...]
    tricks: tuple[TrickRecord, ...]
    showdown: tuple[tuple[int, int], ...]  # (seat, last card), seat order
    losers: tuple[int, ...]
    penalty: int
    totals: tuple[int, ...]
    eliminated: tuple[int, ...]


class State:
    """Everything about a match at one moment (hidden cards included: see views.py)."""

    __slots__ = (
        "best_desc",
        "best_seat",
        "deal",
        "discards",
        "exchanges",
        "hands",
        "history",
        "leader",
        "match",
        "out",
        "penalties",
        "phase",
        "plays",
        "stock",
        "to_move",
        "totals",
        "tricks",
        "winners",
    )

    match: MatchInfo
    deal: DealStart
    phase: int
    to_move: int  # -1 when the match is over
    hands: tuple[tuple[int, ...], ...]  # sorted
    stock: tuple[int, ...]
    discards: tuple[tuple[int, ...], ...]
    exchanges: tuple[ExchangeRecord, ...]
    leader: int
    plays: tuple[tuple[int, tuple[int, ...]], ...]
    best_seat: int
    best_desc: tuple[int, ...]
    tricks: tuple[TrickRecord, ...]
    totals: tuple[int, ...]
    penalties: tuple[tuple[int, ...], ...]
    out: tuple[bool, ...]
    history: tuple[DealResult, ...]
    winners: tuple[int, ...]

    def copy(self) -> State:
        new = State.__new__(State)
        new.match = self.match
        new.deal = self.deal
        new.phase = self.phase
        new.to_move = self.to_move
        new.hands = self.hands
        new.stock = self.stock
        new.discards = self.discards
        new.exchanges = self.exchanges
        new.leader = self.leader
        new.plays = self.plays
        new.best_seat = self.best_seat
        new.best_desc = self.best_desc
        new.tricks = self.tricks
        new.totals = self.totals
        new.penalties = self.penalties
        new.out = self.out
        new.history = self.history
        new.winners = self.winners
        return new

    @property
    def rules(self) -> Rules:
        return self.match.rules

    @property
    def players(self) -> int:
        return self.match.players

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def fingerprint(self) -> tuple[object, ...]:
        """Every field as plain data: equal fingerprints mean equal states."""
        return tuple(getattr(self, name) for name in State.__slots__)


# ---------------------------------------------------------------------------
# Starting a match and a deal


def _first_dealer(
    rules: Rules, players: int, key: bytes
) -> tuple[tuple[tuple[tuple[int, int], ...], ...], int]:
    """R7: everyone draws from one shuffled deck; those tied for highest draw again.

    The deck is shuffled once from stream "first-dealer"; should it run short, a fresh
    full deck is shuffled from the same stream and drawing continues from its top.
    """
    rng = stream(key, "first-dealer")
    deck: list[int] = []
    rounds: list[tuple[tuple[int, int], ...]] = []
    drawing = list(range(players))
    while True:
        if len(deck) < len(drawing):
            fresh = full_deck(rules.decks)
            rng.shuffle(fresh)
            deck = fresh
        draws = tuple((seat, deck.pop(0)) for seat in drawing)
        rounds.append(draws)
        top = max(card >> 2 for _, card in draws)
        drawing = [seat for seat, card in draws if card >> 2 == top]
        if len(drawing) == 1:
            return tuple(rounds), drawing[0]


def _next_in(out: Sequence[bool], seat: int) -> int:
    n = len(out)
    s = (seat + 1) % n
    while out[s]:
        s = (s + 1) % n
    return s


def _start_deal(s: State, number: int, dealer: int, wanted: int) -> None:
    """R8-R10: gather every card not set aside as a penalty, shuffle, deal, leave a stock."""
    m = s.match
    decks = m.rules.decks
    if decks == 1:
        aside = {c for cards in s.penalties for c in cards}
        deck = [c for c in range(52) if c not in aside] if aside else full_deck(1)
    else:
        deck = full_deck(decks)
        for cards in s.penalties:
            for c in cards:
                deck.remove(c)
    stream(m.key, f"deal/{number}").shuffle(deck)
    out = s.out
    players = m.players
    players_in = tuple([seat for seat in range(players) if not out[seat]])
    # clockwise from the dealer's left (R10): the seats in after the dealer, then before
    after = [seat for seat in players_in if seat > dealer]
    order = tuple(after + [seat for seat in players_in if seat <= dealer])
    m_in = len(players_in)
    size = min(wanted, len(deck) // m_in)
    if size < 1:
        raise RuntimeError("no cards left to deal")  # excluded by Rules' bounds (R9)
    dealt: list[tuple[int, ...] | None] = [None] * players
    hands: list[tuple[int, ...]] = [()] * players
    n = size * m_in
    for p, seat in enumerate(order):
        got = deck[p:n:m_in]  # one card at a time, clockwise (R10)
        dealt[seat] = tuple(got)
        got.sort()
        hands[seat] = tuple(got)
    s.deal = DealStart(number, dealer, size, players_in, order, tuple(dealt), tuple(deck[n:]))
    s.hands = tuple(hands)
    s.stock = s.deal.stock
    s.discards = ((),) * players
    s.exchanges = ()
    s.tricks = ()
    s.plays = ()
    s.best_seat = -1
    s.best_desc = ()
    s.phase = EXCHANGE
    s.to_move = order[0]
    s.leader = order[0]
    _skip_empty_exchanges(s)


def new_match(rules: Rules, players: int, seed: str) -> State:
    """The state before the first move: first dealer drawn, first deal dealt (R7-R10)."""
    rules = rules.for_players(players)
    key = seed_key(seed)
    draws, dealer = _first_dealer(rules, players, key)
    s = State.__new__(State)
    s.match = MatchInfo(rules, players, key, draws, dealer)
    s.totals = (0,) * players
    s.penalties = tuple(() for _ in range(players))
    s.out = (False,) * players
    s.history = ()
    s.winners = ()
    _start_deal(s, 1, dealer, rules.first_hand)
    return s


# ---------------------------------------------------------------------------
# The exchange (R11, R22)


def _record_keep(s: State, seats: Sequence[int]) -> None:
    s.exchanges = s.exchanges + tuple(ExchangeRecord(seat, (), ()) for seat in seats)


def _skip_empty_exchanges(s: State) -> None:
    """With an empty stock nobody can draw (R22): everyone left keeps their hand."""
    if s.phase == EXCHANGE and not s.stock:
        order = s.deal.order
        _record_keep(s, order[order.index(s.to_move) :])
        _start_play(s)


def _start_play(s: State) -> None:
    s.phase = PLAY
    s.leader = s.to_move = s.deal.order[0]
    s.plays = ()
    s.best_seat = -1
    s.best_desc = ()
    if len(s.hands[s.to_move]) <= 1:
        _showdown(s)  # R16: a deal of one card has no tricks


def _remove(hand: tuple[int, ...], cards: Sequence[int]) -> tuple[int, ...] | None:
    """hand less cards (as a multiset), or None if some card is not in hand."""
    rest = list(hand)
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            return None
    return tuple(rest)


def _parse(texts: Sequence[str]) -> list[int] | None:
    out: list[int] = []
    for t in texts:
        c = CODE.get(t)
        if c is None:
            return None
        out.append(c)
    return out


def _apply_exchange(s: State, move: Exchange) -> None:
    seat = move.seat
    discard: list[int] = []
    for t in move.discard:
        c = _CODE_GET(t)
        if c is None:
            broken("twentytwo.not_cards", "R11")
        discard.append(c)
    hand = s.hands[seat]
    rest = list(hand)
    for c in discard:
        try:
            rest.remove(c)
        except ValueError:
            broken("twentytwo.discard_not_held", "R11")
    order = s.deal.order
    stock = s.stock
    k = len(discard)
    if k > len(stock):
        if s.match.rules.exchange == "up_to_stock":
            broken("twentytwo.stock_short", "R11", count=k, stock=len(stock))
        # stop_when_short: this player and everyone after keep their hands.
        _record_keep(s, order[order.index(seat) :])
        _start_play(s)
        return
    if k:
        draw = stock[:k]
        s.stock = stock[k:]
        rest += draw
        rest.sort()
        hands = list(s.hands)
        hands[seat] = tuple(rest)
        s.hands = tuple(hands)
        discards = list(s.discards)
        discards[seat] = kept = tuple(discard)
        s.discards = tuple(discards)
        record = ExchangeRecord(seat, kept, draw)
    else:
        record = ExchangeRecord(seat, (), ())  # the hand is kept as it is
    s.exchanges = s.exchanges + (record,)  # noqa: RUF005 (concatenation: twice as fast)
    i = order.index(seat) + 1
    if i == len(order):
        _start_play(s)
    else:
        s.to_move = order[i]
        if not s.stock:
            _skip_empty_exchanges(s)


# ---------------------------------------------------------------------------
# Tricks (R12-R16)


def _apply_play(s: State, move: Play) -> None:
    seat = move.seat
    hand = s.hands[seat]
    texts = move.cards
    if len(texts) == 1:
        try:
            i = hand.index(CODE[texts[0]])
        except (KeyError, ValueError):
            broken("twentytwo.play_not_held", "R12")
        c = hand[i]
        rest = hand[:i] + hand[i + 1 :]
        played: tuple[int, ...] = _CARD1[c]
        if s.plays:
            _judge_single_follow(s, seat, hand, c >> 2)
        else:
            _judge_lead(s, seat, rest, [c >> 2])
    else:
        parsed = _parse(texts)
        if parsed is None or not parsed:
            broken("twentytwo.no_cards", "R13" if s.plays else "R12")
        removed = _remove(hand, parsed)
        if removed is None:
            broken("twentytwo.play_not_held", "R12")
        rest = removed
        played = tuple(parsed)
        ranks_desc = sorted([c >> 2 for c in parsed], reverse=True)
        if s.plays:
            _judge_follow(s, seat, hand, ranks_desc)
        else:
            _judge_lead(s, seat, rest, ranks_desc)
    _finish_play(s, seat, rest, played)


def _judge_lead(s: State, seat: int, rest: tuple[int, ...], ranks_desc: list[int]) -> None:
    """R12: one card, or a set of one rank up to max_set, keeping a card."""
    k = len(ranks_desc)
    if k > 1 and ranks_desc[0] != ranks_desc[-1]:
        broken("twentytwo.lead_one_rank", "R12")
    if k > s.match.rules.max_set:
        broken("twentytwo.lead_too_many", "R12", max_set=s.match.rules.max_set)
    if not rest:
        broken("twentytwo.lead_keep_one", "R12")
    s.best_seat = seat
    s.best_desc = tuple(ranks_desc)


def _judge_single_follow(s: State, seat: int, hand: tuple[int, ...], r: int) -> None:
    """R13/R14 for the most common move of all, one card on a one-card lead."""
    best = s.best_desc
    if len(best) != 1:
        broken("twentytwo.follow_count", "R13", count=len(best))
    if r >= best[0]:
        s.best_seat = seat  # R14: among equals the later play is stronger
        s.best_desc = _RANK1[r]
    elif r != hand[0] >> 2:
        broken("twentytwo.neither", "R13", ranks=show_ranks([r]), best=show_ranks(best), count=1)
    elif s.match.rules.must_beat and hand[-1] >> 2 >= best[0]:
        broken("twentytwo.must_beat", "R13", best=show_ranks(best))


def _judge_follow(s: State, seat: int, hand: tuple[int, ...], ranks_desc: list[int]) -> None:
    """R13/R14: beat or match the best play, or duck with the lowest cards."""
    best = s.best_desc
    k = len(ranks_desc)
    if k != len(best):
        broken("twentytwo.follow_count", "R13", count=len(best))
    if beats(ranks_desc, best):
        s.best_seat = seat
        s.best_desc = tuple(ranks_desc)
        return
    lowest = sorted(c >> 2 for c in hand[:k])
    if sorted(ranks_desc) != lowest:
        ranks, shown = show_ranks(ranks_desc), show_ranks(best)
        broken("twentytwo.neither", "R13", ranks=ranks, best=shown, count=k)
    if s.match.rules.must_beat and can_beat(hand, best):
        broken("twentytwo.must_beat", "R13", best=show_ranks(best))


def _finish_play(s: State, seat: int, rest: tuple[int, ...], played: tuple[int, ...]) -> None:
    """Put the cards on the trick; at the trick's end, its winner leads (R15) or, when
    everyone is down to one card, the showdown comes (R16)."""
    hands = list(s.hands)
    hands[seat] = rest
    s.hands = tuple(hands)
    s.plays = (*s.plays, (seat, played))
    out = s.out
    nxt = seat + 1
    n = len(out)
    while True:
        if nxt == n:
            nxt = 0
        if not out[nxt]:
            break
        nxt += 1
    if nxt != s.leader:
        s.to_move = nxt
        return
    winner = s.best_seat
    s.tricks = (*s.tricks, TrickRecord(s.leader, s.plays, winner))
    s.plays = ()
    s.best_seat = -1
    s.best_desc = ()
    if len(rest) == 1:
        _showdown(s)
    else:
        s.leader = s.to_move = winner


_RANK1: tuple[tuple[int], ...] = tuple((r,) for r in range(13))
_CARD1: tuple[tuple[int], ...] = tuple((c,) for c in range(52))


# ---------------------------------------------------------------------------
# Showdown, scoring, the next deal (R17-R21, R5, R6)


def _showdown(s: State) -> None:
    m = s.match
    players_in = s.deal.players_in
    hands = s.hands
    showdown = tuple([(seat, hands[seat][0]) for seat in players_in])
    top = max([c for _, c in showdown]) >> 2  # (the highest card has the highest rank)
    losers = tuple([seat for seat, c in showdown if c >> 2 == top])
    penalty = VALUES[top]
    totals = list(s.totals)
    penalties = list(s.penalties)
    for seat, c in showdown:
        if c >> 2 == top:
            totals[seat] += penalty
            penalties[seat] = penalties[seat] + (c,)
    s.totals = tuple(totals)
    s.penalties = tuple(penalties)
    limit = m.rules.elimination_at
    eliminated = tuple([seat for seat in losers if totals[seat] >= limit])
    out = list(s.out)
    for seat in eliminated:
        out[seat] = True
    s.out = tuple(out)
    s.history = s.history + (  # noqa: RUF005 (concatenation: twice as fast)
        DealResult(s.deal, s.exchanges, s.tricks, showdown, losers, penalty, s.totals, eliminated),
    )
    s.plays = ()
    remaining = [seat for seat in players_in if not out[seat]]
    if len(remaining) <= 1:
        s.phase = OVER
        s.to_move = -1
        if remaining:
            s.winners = (remaining[0],)
        elif m.rules.all_out == "lowest_total":
            low = min(totals[seat] for seat in players_in)
            s.winners = tuple(seat for seat in players_in if totals[seat] == low)  # R6
        else:
            s.winners = ()
        return
    if len(losers) == 1:
        dealer = losers[0]
    else:
        number = s.deal.number
        dealer = losers[stream(m.key, f"dealer/{number}").bounded(len(losers))]
    if out[dealer]:
        dealer = _next_in(out, dealer)  # R20
    _start_deal(s, s.deal.number + 1, dealer, penalty)  # R21


# ---------------------------------------------------------------------------
# The public fold


def apply(state: State, move: Move) -> State:
    """The state after `move`, or IllegalMove (a RuleBroken, its `Reason` attached)
    saying which rule forbids it.

    A legal play by the seat to move is this function's own work: the new state is
    built at once, every field set once (rather than copied and then changed), with no
    further call on the way; this is every step of every random playout. Everything
    else (an exchange, anything illegal or unusual) goes to `_apply_checked`, which
    makes the same state field for field, and says which rule a move breaks in the
    rulebook's order."""
    if type(move) is not Play or state.phase != PLAY or move.seat != state.to_move:
        if type(move) is Exchange and state.phase == EXCHANGE and move.seat == state.to_move:
            s = state.copy()  # the checks `_apply_checked` would make first are passed
            _apply_exchange(s, move)
            return s
        return _apply_checked(state, move)
    seat = move.seat
    hand = state.hands[seat]
    texts = move.cards
    plays = state.plays
    if len(texts) == 1:
        try:
            i = hand.index(_CODE[texts[0]])
        except (KeyError, ValueError):
            return _apply_checked(state, move)
        c = hand[i]
        rest = hand[:i] + hand[i + 1 :]
        r = c >> 2
        played: tuple[int, ...] = _CARD1[c]
        if plays:
            best_desc = state.best_desc
            if len(best_desc) != 1:
                return _apply_checked(state, move)
            if r >= best_desc[0]:
                best_seat = seat  # R14: among equals the later play is stronger
                best_desc = _RANK1[r]
            elif r == hand[0] >> 2 and not (
                state.match.rules.must_beat and hand[-1] >> 2 >= best_desc[0]
            ):
                best_seat = state.best_seat  # a duck (R13.2)
            else:
                return _apply_checked(state, move)
        elif rest and state.match.rules.max_set >= 1:
            best_seat = seat
            best_desc = _RANK1[r]
        else:
            return _apply_checked(state, move)
    else:
        cards: list[int] = []
        for t in texts:
            code = _CODE_GET(t)
            if code is None:
                return _apply_checked(state, move)
            cards.append(code)
        k = len(cards)
        if not k:
            return _apply_checked(state, move)
        rest_list = list(hand)
        try:
            for c in cards:
                rest_list.remove(c)
        except ValueError:
            return _apply_checked(state, move)
        rest = tuple(rest_list)
        played = tuple(cards)
        ranks_desc = sorted([c >> 2 for c in cards], reverse=True)
        if plays:
            best_desc = state.best_desc
            if k != len(best_desc):
                return _apply_checked(state, move)
            if beats(ranks_desc, best_desc):
                best_seat = seat  # R13.1, R14
                best_desc = tuple(ranks_desc)
            elif sorted(ranks_desc) != sorted([c >> 2 for c in hand[:k]]):
                return _apply_checked(
                    state, move
                )  # neither beats nor ducks with the lowest cards (R13)
            elif state.match.rules.must_beat and can_beat(hand, best_desc):
                return _apply_checked(state, move)
            else:
                best_seat = state.best_seat  # a duck (R13.2)
        elif rest and ranks_desc[0] == ranks_desc[-1] and k <= state.match.rules.max_set:
            best_seat = seat
            best_desc = tuple(ranks_desc)
        else:
            return _apply_checked(state, move)
    s = State.__new__(State)
    s.match = state.match
    s.deal = state.deal
    s.phase = PLAY
    hands = list(state.hands)
    hands[seat] = rest
    s.hands = tuple(hands)
    s.stock = state.stock
    s.discards = state.discards
    s.exchanges = state.exchanges
    s.totals = state.totals
    s.penalties = state.penalties
    out = s.out = state.out
    s.history = state.history
    s.winners = state.winners
    plays = plays + ((seat, played),)  # noqa: RUF005 (concatenation: twice as fast)
    leader = s.leader = state.leader
    nxt = seat + 1
    n = len(out)
    while True:
        if nxt == n:
            nxt = 0
        if not out[nxt]:
            break
        nxt += 1
    if nxt != leader:
        s.to_move = nxt
        s.plays = plays
        s.best_seat = best_seat
        s.best_desc = best_desc
        s.tricks = state.tricks
        return s
    s.tricks = state.tricks + (TrickRecord(leader, plays, best_seat),)  # noqa: RUF005 (R15)
    s.plays = ()
    s.best_seat = -1
    s.best_desc = ()
    if len(rest) == 1:
        s.to_move = seat
        _showdown(s)  # R16
    else:
        s.leader = s.to_move = best_seat
    return s


def _apply_checked(state: State, move: Move) -> State:
    """`apply` with every check in the rulebook's order: what names the rule a move
    breaks, and what every exchange goes through. `apply` itself does a legal play;
    it hands everything else, and anything it is unsure of, to this."""
    if state.phase == OVER:
        broken("twentytwo.over", "R5")
    if move.seat != state.to_move:
        rule = "R11" if state.phase == EXCHANGE else "R13" if state.plays else "R12"
        broken("twentytwo.turn", rule, expected=state.to_move, seat=move.seat)
    s = state.copy()
    if type(move) is Play:
        if s.phase != PLAY:
            broken("twentytwo.exchange_first", "R11")
        _apply_play(s, move)
    elif type(move) is Exchange:
        if s.phase != EXCHANGE:
            broken("twentytwo.exchange_over", "R11")
        _apply_exchange(s, move)
    else:
        broken("twentytwo.not_a_move", "R11", kind=type(move).__name__)
    return s


def legal_moves(state: State) -> Sequence[Move]:
    """Every distinct legal move of the seat to move (one per rank multiset)."""
    phase = state.phase
    seat = state.to_move
    if phase == PLAY:
        if state.plays:
            best = state.best_desc
            if len(best) == 1:
                return follow_single(seat, state.hands[seat], best[0], state.match.rules.must_beat)
            return follow_options(seat, state.hands[seat], best, state.match.rules.must_beat)
        return lead_options(seat, state.hands[seat], state.match.rules.max_set)
    if phase == EXCHANGE:
        return ExchangeOptions(
            seat,
            state.hands[seat],
            len(state.stock),
            state.match.rules.exchange == "stop_when_short",
        )
    return []


def legal_for(
    phase: int,
    seat: int,
    hand: tuple[int, ...],
    stock: int,
    plays: tuple[object, ...],
    best_desc: tuple[int, ...],
    rules: Rules,
) -> Sequence[Move]:
    """Legal moves from what the seat to move can see (its hand, the stock's size, the
    trick): what a `SeatView` asks. `legal_moves` makes the same dispatch inline, since it
    runs at every step of every playout."""
    if phase == EXCHANGE:
        return ExchangeOptions(seat, hand, stock, rules.exchange == "stop_when_short")
    if phase == PLAY:
        if not plays:
            return lead_options(seat, hand, rules.max_set)
        return follow_options(seat, hand, best_desc, rules.must_beat)
    return []
