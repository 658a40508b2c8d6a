"""Properties of the engine over random tables (2-9 players, every rule option), seeds
and moves: what must hold in every state of every match.

One random walk per example checks, at every step: cards are conserved, hands stay equal
in size, every legal move applies, random card choices are legal exactly when their rank
multiset is among the legal moves, and views do not depend on hidden cards. Every walk
ends within a bound. A last test replays recorded moves in fresh interpreters with other
PYTHONHASHSEEDs and compares the transcripts byte for byte.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from math import ceil

import msgspec
from enginekit import cards_accounted, full
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tt22.core.cards import CODE, TEXT
from tt22.core.players import Player
from tt22.core.protocol import IllegalMove
from tt22.core.rng import Pcg32
from tt22.games.twentytwo import (
    EXCHANGE,
    OVER,
    PLAY,
    Exchange,
    Move,
    Play,
    Rules,
    State,
    apply,
    legal_moves,
    new_match,
    view,
)
from tt22.games.twentytwo.state import DealStart, ExchangeRecord
from tt22.games.twentytwo.transcript import transcript_json


@st.composite
def tables(draw: st.DrawFn) -> tuple[Rules, int, str, int]:
    """(rules, players, seed, choice seed): every option of RULES.md in play."""
    players = draw(st.integers(2, 9))
    decks = 2 if players > 6 else draw(st.sampled_from([1, 1, 2]))
    rules = Rules(
        decks=decks,
        first_hand=draw(st.one_of(st.just(7), st.integers(1, 13))),
        elimination_at=draw(st.one_of(st.just(22), st.integers(1, 40))),
        exchange=draw(st.sampled_from(["up_to_stock", "stop_when_short"])),
        must_beat=draw(st.booleans()),
        all_out=draw(st.sampled_from(["lowest_total", "no_winner"])),
    )
    seed = draw(st.text(max_size=8))
    return rules, players, seed, draw(st.integers(0, 2**64 - 1))


def _rank_key(texts: Sequence[str]) -> tuple[int, ...]:
    return tuple(sorted(CODE[t] >> 2 for t in texts))


def _is_sub_multiset(part: Sequence[int], whole: Sequence[int]) -> bool:
    return not (Counter(part) - Counter(whole))


# ---------------------------------------------------------------------------
# Invariants checked at every step


def _check_conservation(s: State) -> None:
    assert cards_accounted(s) == full(s)


def _check_hand_sizes(s: State) -> None:
    players_in = s.deal.players_in
    for seat in range(s.players):
        if seat not in players_in:
            assert s.hands[seat] == ()
    if s.phase == EXCHANGE:
        assert {len(s.hands[i]) for i in players_in} == {s.deal.hand_size}
    elif s.phase == PLAY:
        played = dict(s.plays)
        k = len(s.plays[0][1]) if s.plays else 0
        sizes = {len(s.hands[i]) + (k if i in played else 0) for i in players_in}
        assert len(sizes) == 1
        (size,) = sizes
        assert size >= 2  # R12/R16: a trick is led only while everyone holds two or more
        assert size == s.deal.hand_size - sum(len(t.plays[0][1]) for t in s.tricks)
    else:
        assert all(len(s.hands[i]) == 1 for i in players_in)


def _check_legal_moves(s: State, rng: Pcg32) -> None:
    """Every legal move applies (all plays; a sample of a large exchange list), and each
    rank multiset is listed once."""
    moves = legal_moves(s)
    assert len(moves) >= 1
    seat = s.to_move
    if s.phase == PLAY:
        keys = [_rank_key(m.cards) for m in moves if isinstance(m, Play)]
        assert len(set(keys)) == len(keys) == len(moves)
        for m in moves:
            assert isinstance(m, Play) and m.seat == seat
            assert _is_sub_multiset([CODE[t] for t in m.cards], s.hands[seat])
            apply(s, m)
    else:
        n = len(moves)
        picks = set(range(min(n, 6))) | {n - 1} | {rng.bounded(n) for _ in range(6)}
        discards: set[tuple[int, ...]] = set()
        for i in sorted(picks):
            m = moves[i]
            assert isinstance(m, Exchange) and m.seat == seat
            discards.add(_rank_key(m.discard))
            apply(s, m)
        assert len(discards) == len(picks)
        assert n == _exchange_count(s)


def _exchange_count(s: State) -> int:
    """Distinct exchanges by rank multiset, counted from scratch: vectors of 'how many of
    each rank' with a total the stock allows (plus one 'too many' under stop_when_short)."""
    hand = s.hands[s.to_move]
    cap = min(len(s.stock), len(hand))
    ways = Counter({0: 1})
    for n in Counter(c >> 2 for c in hand).values():
        nxt: Counter[int] = Counter()
        for total, w in ways.items():
            for take in range(n + 1):
                if total + take <= cap:
                    nxt[total + take] += w
        ways = nxt
    extra = s.rules.exchange == "stop_when_short" and len(s.stock) < len(hand)
    return sum(ways.values()) + int(extra)


def _check_random_choices(s: State, rng: Pcg32) -> None:
    """Random card choices: apply accepts one exactly when it is legal by rank multiset."""
    seat = s.to_move
    hand = list(s.hands[seat])
    moves = legal_moves(s)
    if s.phase == PLAY:
        legal = {_rank_key(m.cards) for m in moves}
    for _ in range(6):
        pool = list(hand)
        if rng.bounded(4) == 0:
            pool.append(rng.bounded(52))  # sometimes a card that may not be in hand
        k = 1 + rng.bounded(len(pool))
        if s.phase == PLAY and s.plays and rng.bounded(2):
            k = min(len(s.plays[0][1]), len(pool))  # as many as were led: the hard case
        chosen = []
        for _ in range(k):
            chosen.append(pool.pop(rng.bounded(len(pool))))
        in_hand = _is_sub_multiset(chosen, hand)
        texts = tuple(TEXT[c] for c in chosen)
        move: Move
        if s.phase == PLAY:
            move = Play(seat, texts)
            expect = in_hand and _rank_key(texts) in legal
        else:
            move = Exchange(seat, texts)
            expect = in_hand and (
                len(chosen) <= len(s.stock) or s.rules.exchange == "stop_when_short"
            )
        try:
            apply(s, move)
            ok = True
        except IllegalMove as e:
            ok = False
            assert e.rule in {"R11", "R12", "R13"}
        assert ok == expect, (move, s.phase, s.plays, hand)
    # Moving out of turn is always refused.
    other = (seat + 1) % s.players
    move = Play(other, (TEXT[hand[0]],)) if s.phase == PLAY else Exchange(other, ())
    try:
        apply(s, move)
        raise AssertionError("a move out of turn was accepted")
    except IllegalMove:
        pass


# ---------------------------------------------------------------------------
# Views: nothing hidden from a seat may change what that seat sees (R23).


def _garble(cs: Sequence[int]) -> tuple[int, ...]:
    return tuple((c + 1) % 52 for c in cs)


def _hide_deal(d: DealStart, seat: int) -> DealStart:
    dealt = tuple(h if i == seat or h is None else _garble(h) for i, h in enumerate(d.dealt))
    return d._replace(dealt=dealt, stock=_garble(d.stock))


def _hide_exchanges(es: Sequence[ExchangeRecord], seat: int) -> tuple[ExchangeRecord, ...]:
    return tuple(
        e if e.seat == seat else e._replace(discard=_garble(e.discard), draw=_garble(e.draw))
        for e in es
    )


def scramble_hidden(s: State, seat: int) -> State:
    """`s` with everything hidden from `seat` changed: other hands, other discards and the
    stock trade cards among themselves; dealt hands, stocks and other players' exchanges
    of this and earlier deals are garbled (same sizes)."""
    t = s.copy()
    others = [i for i in range(s.players) if i != seat]
    pool = [c for i in others for c in s.hands[i]] + list(s.stock)
    pool += [c for i in others for c in s.discards[i]]
    it = iter(pool[1:] + pool[:1])
    hands = list(s.hands)
    for i in others:
        hands[i] = tuple(sorted(next(it) for _ in s.hands[i]))
    t.hands = tuple(hands)
    t.stock = tuple(next(it) for _ in s.stock)
    discards = list(s.discards)
    for i in others:
        discards[i] = tuple(next(it) for _ in s.discards[i])
    t.discards = tuple(discards)
    t.deal = _hide_deal(s.deal, seat)
    t.exchanges = _hide_exchanges(s.exchanges, seat)
    t.history = tuple(
        d._replace(start=_hide_deal(d.start, seat), exchanges=_hide_exchanges(d.exchanges, seat))
        for d in s.history
    )
    return t


def _check_views(s: State) -> None:
    for seat in range(s.players):
        v = view(s, seat)
        assert v == view(scramble_hidden(s, seat), seat)
        assert v.hand == s.hands[seat]
        assert v.hand_counts == tuple(len(h) for h in s.hands)
        if v.my_turn:
            assert [m.cards if isinstance(m, Play) else m.discard for m in v.legal_moves()] == [
                m.cards if isinstance(m, Play) else m.discard for m in legal_moves(s)
            ]
        else:
            assert v.legal_moves() == []
        if s.phase != OVER:
            # unseen cards: exactly the other hands, other discards and the stock.
            hidden = Counter(s.stock)
            for i in range(s.players):
                if i != seat:
                    hidden.update(s.hands[i])
                    hidden.update(s.discards[i])
            assert Counter(v.unseen_cards()) == hidden
        else:
            assert v.unseen_cards() == []  # nothing is left to deal


# ---------------------------------------------------------------------------
# The walk


def _deal_bound(rules: Rules, players: int) -> int:
    """Every deal adds at least 2 to the total of a player still in (below the limit), so
    a match has at most this many deals."""
    return players * ceil(rules.elimination_at / 2)


CHECKED_STEPS = 400
"""Full checks run on a walk's first steps (long matches then play on unchecked), which
keeps one example under about a second."""


def _walk(table: tuple[Rules, int, str, int], check: bool) -> tuple[State, list[Move]]:
    rules, players, seed, choice_seed = table
    rng = Pcg32(choice_seed, 22)
    s = new_match(rules, players, seed)
    resolved = s.rules
    move_bound = _deal_bound(resolved, players) * (players + 13 * players)
    moves: list[Move] = []
    step = 0
    while True:
        if check and step == CHECKED_STEPS:
            check = False
            _check_conservation(s)
        if check:
            _check_conservation(s)
            _check_hand_sizes(s)
            if step % 3 == 0:
                _check_views(s)
        if s.over:
            break
        if check:
            before = s.fingerprint()
            _check_legal_moves(s, rng)
            _check_random_choices(s, rng)
            assert s.fingerprint() == before  # apply never changes the state it is given
        options = legal_moves(s)
        move = options[rng.bounded(len(options))]
        s = apply(s, move)
        moves.append(move)
        step += 1
        assert step <= move_bound, "the match did not end"
    assert len(s.history) <= _deal_bound(resolved, players)
    assert s.to_move == -1 and legal_moves(s) == []
    if resolved.all_out == "lowest_total":
        assert len(s.winners) >= 1
    return s, moves


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(tables())
def test_every_step_of_random_matches_keeps_the_invariants(
    table: tuple[Rules, int, str, int],
) -> None:
    _walk(table, check=True)


@settings(max_examples=150, deadline=None)
@given(tables())
def test_every_match_ends_and_the_winner_is_right(table: tuple[Rules, int, str, int]) -> None:
    s, _ = _walk(table, check=False)
    last = s.history[-1]
    still_in = [i for i in range(s.players) if not s.out[i]]
    assert len(still_in) <= 1
    if still_in:
        assert s.winners == tuple(still_in)  # R5
    elif s.rules.all_out == "lowest_total":  # R6
        low = min(last.totals[i] for i in last.start.players_in)
        assert s.winners == tuple(i for i in last.start.players_in if last.totals[i] == low)
    else:
        assert s.winners == ()
    # Totals are the sums of penalties, and every penalty card is worth what was scored.
    for seat in range(s.players):
        assert s.totals[seat] == sum(d.penalty for d in s.history if seat in d.losers)
        assert len(s.penalties[seat]) == sum(seat in d.losers for d in s.history)


# ---------------------------------------------------------------------------
# Determinism across processes and hash seeds

_REPLAY = r"""
import json, sys
import msgspec
from tt22.games.twentytwo import Move, Rules, apply, new_match
from tt22.core.players import Player
from tt22.games.twentytwo.transcript import transcript_json

out = []
for case in json.loads(sys.stdin.read()):
    rules = msgspec.convert(case["rules"], Rules)
    s = new_match(rules, case["players"], case["seed"])
    for m in msgspec.json.decode(case["moves"].encode(), type=list[Move]):
        s = apply(s, m)
    players = [Player(f"P{i}") for i in range(case["players"])]
    out.append([transcript_json(s, case["seed"], players), repr(s.fingerprint())])
sys.stdout.write(json.dumps(out))
"""


def test_same_rules_seed_and_moves_give_the_same_match_in_a_fresh_process() -> None:
    cases = []
    expected = []
    tables_ = [
        (Rules(), 4, "fresh process", 1),
        (Rules(must_beat=True, exchange="stop_when_short"), 7, "Ünïcode ☃ seed", 2),
        (Rules(decks=2, first_hand=11, all_out="no_winner", elimination_at=30), 3, "", 3),
        (Rules(first_hand=2, elimination_at=9), 9, "nine", 4),
    ]
    for table in tables_:
        s, moves = _walk(table, check=False)
        rules, players, seed, _ = table
        cases.append(
            {
                "rules": msgspec.to_builtins(rules),
                "players": players,
                "seed": seed,
                "moves": msgspec.json.encode(moves).decode(),
            }
        )
        names = [Player(f"P{i}") for i in range(players)]
        expected.append([transcript_json(s, seed, names), repr(s.fingerprint())])
    for hash_seed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        result = subprocess.run(
            [sys.executable, "-c", _REPLAY],
            input=json.dumps(cases),
            capture_output=True,
            text=True,
            env=env,
            check=True,
            timeout=120,
        )
        assert json.loads(result.stdout) == expected


# ---------------------------------------------------------------------------
# Legal move lists against brute force over every subset of a hand


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[int], int]:
    """A sorted hand of 2..11 cards from one or two decks, and the decks."""
    decks = draw(st.sampled_from([1, 2]))
    size = draw(st.integers(2, 11))
    deck = list(range(52)) * decks
    picked = draw(
        st.lists(st.integers(0, len(deck) - 1), min_size=size, max_size=size, unique=True)
    )
    return sorted(deck[i] for i in picked), decks


def _sub_multisets(ranks: Sequence[int], k: int) -> set[tuple[int, ...]]:
    from itertools import combinations

    return {tuple(sorted(c)) for c in combinations(ranks, k)}


@settings(max_examples=300, deadline=None)
@given(hands(), st.data())
def test_follow_and_lead_options_are_exactly_the_legal_rank_multisets(
    hand_decks: tuple[list[int], int], data: st.DataObject
) -> None:
    from tt22.games.twentytwo.legality import follow_options, lead_options

    hand, decks = hand_decks
    ranks = [c >> 2 for c in hand]
    max_set = 4 * decks
    # Leads (R12): one card, or 2..max_set of one rank, keeping a card.
    leads = {
        m
        for k in range(1, len(hand))
        for m in _sub_multisets(ranks, k)
        if (k == 1 or (len(set(m)) == 1 and k <= max_set))
    }
    got = lead_options(0, hand, max_set)
    assert sorted(_rank_key(m.cards) for m in got) == sorted(leads)
    for m in got:
        assert _is_sub_multiset([CODE[t] for t in m.cards], hand)
    # Follows (R13): any k-multiset that beats card by card, plus the lowest k cards
    # unless must_beat forbids ducking while something beats.
    k = data.draw(st.integers(1, min(max_set, len(hand) - 1)))
    best = sorted(data.draw(st.lists(st.integers(0, 12), min_size=k, max_size=k)), reverse=True)
    if k > 1 and data.draw(st.booleans()):
        best = [best[0]] * k  # a led set of one rank, as it is before anyone follows
    must_beat = data.draw(st.booleans())
    beating = {
        m
        for m in _sub_multisets(ranks, k)
        if all(r >= b for r, b in zip(sorted(m, reverse=True), best, strict=True))
    }
    duck = tuple(sorted(ranks[:k]))
    expect = set(beating)
    if not (must_beat and beating):
        expect.add(duck)
    got = follow_options(0, hand, tuple(best), must_beat)
    keys = [_rank_key(m.cards) for m in got]
    assert len(keys) == len(set(keys))
    assert set(keys) == expect
    for m in got:
        assert _is_sub_multiset([CODE[t] for t in m.cards], hand)


@settings(max_examples=200, deadline=None)
@given(hands(), st.integers(0, 12), st.booleans())
def test_exchange_options_are_every_allowed_discard_once(
    hand_decks: tuple[list[int], int], stock: int, stop_when_short: bool
) -> None:
    from tt22.games.twentytwo.legality import ExchangeOptions

    hand, _ = hand_decks
    ranks = [c >> 2 for c in hand]
    options = ExchangeOptions(3, hand, stock, stop_when_short)
    got = [_rank_key(m.discard) for m in options]
    assert all(m.seat == 3 for m in options)
    assert len(got) == len(options) == len(set(got))
    cap = min(stock, len(hand))
    expect = {m for k in range(cap + 1) for m in _sub_multisets(ranks, k)}
    if stop_when_short and stock < len(hand):
        too_many = [m for m in got if len(m) > stock]
        assert len(too_many) == 1  # one option stands for every too-large discard
        expect.add(too_many[0])
    assert set(got) == expect
    for m in options:
        assert _is_sub_multiset([CODE[t] for t in m.discard], hand)
    assert [m.discard for m in options[-3:]] == [options[i].discard for i in range(len(options))][
        -3:
    ]
