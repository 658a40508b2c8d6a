"""The replayer's model: folding, navigation, views, totals, comments (no Textual)."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tt22.core.bots import play_match
from tt22.core.cards import TEXT, show_card
from tt22.core.players import Player
from tt22.games.twentytwo import EXCHANGE, TWENTYTWO, Exchange, Play, Rules, apply, new_match
from tt22.games.twentytwo.bots import make_bot
from tt22.tui.games.twentytwo.replay import GotoError, TwentyTwoReplay
from tt22.tui.games.twentytwo.replay_panes import move_text


@cache
def match(seed: str = "replay-1", players: int = 3) -> tuple[Rules, list[Player], list[object]]:
    bots = [make_bot("random", seed, s) for s in range(players)]
    _, moves, _ = play_match(TWENTYTWO, Rules(), seed, bots)
    return Rules(), [Player(f"P{s}", "bot", "random") for s in range(players)], list(moves)


def model(seed: str = "replay-1", players: int = 3) -> TwentyTwoReplay:
    rules, seats, moves = match(seed, players)
    return TwentyTwoReplay.from_moves(TWENTYTWO, rules, seats, seed, moves)  # type: ignore[arg-type]


def test_states_are_the_engine_fold() -> None:
    m = model()
    rules, seats, moves = match()
    s = new_match(rules, len(seats), "replay-1")
    assert m.states[0].fingerprint() == s.fingerprint()
    for i, move in enumerate(moves):
        s = apply(s, move)  # type: ignore[arg-type]
        assert m.states[i + 1].fingerprint() == s.fingerprint()
    assert m.end == len(moves)
    assert m.state(m.end).over
    assert m.problem is None


def test_rows_name_deal_trick_seat_and_cards() -> None:
    m = model()
    assert len(m.rows) == m.end
    last = (0, 0)
    for row in m.rows:
        before = m.states[row.move_index]
        assert row.deal == before.deal.number
        assert row.seat == before.to_move
        assert (row.deal, row.trick) >= last  # deals and tricks only move forward
        last = (row.deal, row.trick)
        assert row.exchange == (before.phase == EXCHANGE) == (row.trick == 0)
        move = m.moves[row.move_index]
        texts = move.discard if isinstance(move, Exchange) else move.cards
        assert tuple(TEXT[c] for c in row.cards) == texts
    assert m.rows[0].deal == 1


def test_where_counts_deals_tricks_and_moves() -> None:
    m = model()
    w = m.where(0)
    assert (w.deal, w.trick, w.move) == (1, 0, 0)
    assert w.deals == m.states[-1].deal.number
    assert m.where(m.end).deal == w.deals
    assert m.where(m.end).move == m.where(m.end).moves == m.end
    for p in range(0, m.end + 1, 7):
        wp = m.where(p)
        assert 0 <= wp.trick <= wp.tricks or wp.tricks == 0
        assert wp.deal == m.state(p).deal.number


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_jumps_move_monotonically_and_land_on_boundaries(raw: int) -> None:
    m = model()
    p = raw % (m.end + 1)
    for nxt, prev in ((m.next_trick, m.prev_trick), (m.next_deal, m.prev_deal)):
        n = nxt(p)
        assert n > p or p == m.end == n
        b = prev(p)
        assert b < p or p == 0 == b
        assert prev(n) <= p
    d = m.next_deal(p)
    if d != m.end:
        # A deal jump lands where a new deal has just been dealt and nobody has moved.
        assert m.state(d).deal.number != m.state(d - 1).deal.number
        assert m.state(d).exchanges == () or m.state(d).phase != EXCHANGE
    t = m.next_trick(p)
    if t != m.end:
        s = m.state(t)
        assert s.plays == ()  # a trick jump lands before the trick's first card


def test_steps_clamp_at_both_ends() -> None:
    m = model()
    assert m.step(0, -1) == 0
    assert m.step(m.end, 1) == m.end
    assert m.step(5, 1) == 6
    assert m.prev_deal(0) == 0 and m.next_deal(m.end) == m.end


def test_goto_deal_trick_move_and_absolute() -> None:
    m = model()
    assert m.goto("1") == 0
    assert m.goto("#0") == 0
    assert m.goto(f"#{m.end}") == m.end
    p = m.goto("2")
    assert m.state(p).deal.number == 2 and m.where(p).trick == 0
    p = m.goto("2.1")
    assert m.where(p).trick == 1 and m.state(p).plays == ()
    p = m.goto("2.1.2")
    assert m.where(p).trick == 1 and len(m.state(p).plays) == 2
    row = m.rows[p - 1]
    assert (row.deal, row.trick, row.step) == (2, 1, 2)
    for bad in ("", "x", "999", "1.99", "1.1.99", "#999999", "-1", "1.2.3.4"):
        with pytest.raises(GotoError):
            m.goto(bad)


def test_seat_view_hides_other_discards_and_future_moves() -> None:
    m = model()
    p = m.goto("1.1")  # the exchange of deal 1 is over
    for seat in range(3):
        rows = m.visible_rows(p, seat)
        assert len(rows) == p  # nothing after the position
        for r in rows:
            text = move_text(m, r, seat, True)
            if r.exchange and r.seat != seat:
                assert r.cards == ()
                assert not any(TEXT[c] in text for c in m.rows[r.move_index].cards)
        v = m.seat_view(p, seat)
        assert v.hand == m.state(p).hands[seat]
    # The open view shows every discard.
    for r in m.visible_rows(p, None)[:p]:
        if r.exchange and r.cards:
            text = move_text(m, r, None, False)
            assert all(show_card(c) in text for c in r.cards)


def test_totals_after_every_deal() -> None:
    m = model()
    totals = m.totals_by_deal()
    final = m.states[-1]
    assert [t.deal for t in totals] == list(range(1, len(final.history) + 1))
    assert totals[-1].totals == final.totals
    for t in totals:
        for seat in t.losers:
            assert t.penalty > 0 and seat in range(3)
    # At a position, only deals finished by then.
    p = m.goto("2")
    assert len(m.totals_by_deal(p)) == 1


def test_comments_mark_the_model_dirty() -> None:
    m = model()
    assert m.comment(3) is None and not m.dirty
    m.set_comment(3, "  why this card?  ")
    assert m.comment(3) == "why this card?" and m.dirty
    m.set_comment(3, "")
    assert m.comment(3) is None
    with pytest.raises(IndexError):
        m.set_comment(m.end + 5, "x")


def test_an_illegal_move_stops_the_replay_with_a_reason() -> None:
    rules, seats, moves = match()
    broken = list(moves)
    k = next(i for i, mv in enumerate(broken) if isinstance(mv, Play) and i > 20)
    bad = broken[k]
    assert isinstance(bad, Play)
    broken[k] = Play((bad.seat + 1) % 3, bad.cards)  # out of turn
    m = TwentyTwoReplay.from_moves(TWENTYTWO, rules, seats, "replay-1", broken)  # type: ignore[arg-type]
    assert m.end == k
    assert m.problem is not None and m.problem.move == k
    text = m.problem.describe(len(broken))
    assert f"move {k + 1} of {len(broken)}" in text and "turn" in text
    assert len(m.rows) == k
    assert m.next_deal(k - 1) <= k


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=2, max_value=9), st.integers(min_value=0, max_value=10**6))
def test_every_move_has_an_address_goto_finds(players: int, seed_number: int) -> None:
    seed = f"prop-{seed_number}"
    bots = [make_bot("random", seed, s) for s in range(players)]
    final, moves, _ = play_match(TWENTYTWO, Rules(), seed, bots)
    m = TwentyTwoReplay.from_moves(
        TWENTYTWO, Rules(), [Player(f"P{s}") for s in range(players)], seed, moves
    )
    assert m.end == len(moves) and m.states[-1].fingerprint() == final.fingerprint()
    for row in m.rows:
        assert m.goto(f"{row.deal}.{row.trick}.{row.step}") == row.move_index + 1
        assert m.goto(f"#{row.move_index + 1}") == row.move_index + 1
    # Walking forward by deals visits every deal that has moves, in order.
    p, seen = 0, []
    while p < m.end:
        seen.append(m.state(p).deal.number)
        p = m.next_deal(p)
    assert seen == sorted({r.deal for r in m.rows})


def test_unnamed_seats_count_from_0_and_plays_read_high_to_low() -> None:
    m = model()
    bare = TwentyTwoReplay(TWENTYTWO, m.states, m.moves)
    assert [p.name for p in bare.players] == ["Seat 0", "Seat 1", "Seat 2"]
    for r in m.rows:
        if r.cards:
            text = move_text(m, r, None, True)
            shown = text.split()[-len(r.cards) :]
            assert shown == [TEXT[c] for c in sorted(r.cards, reverse=True)]
