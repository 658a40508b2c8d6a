"""One or more tests per rule of RULES.md (R1-R23), each named after its rule.

Most start from an exact position built with `enginekit.rig`; the rest play from a seed.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

import pytest
from enginekit import (
    EXCHANGE,
    OVER,
    PLAY,
    cards,
    exchange,
    keep_all,
    play,
    rig,
    texts,
)
from paths import ROOT

from tt22.core.cards import CODE, TEXT, full_deck
from tt22.core.protocol import IllegalMove, RulesError
from tt22.core.rng import seed_key, stream
from tt22.games.twentytwo import (
    Exchange,
    Move,
    Play,
    Rules,
    State,
    apply,
    legal_moves,
    new_match,
    parse_rule_assignments,
    view,
)
from tt22.games.twentytwo.cards import VALUES, rank_value


def _illegal(rule: str, state: State, move: Move) -> IllegalMove:
    with pytest.raises(IllegalMove) as e:
        apply(state, move)
    assert e.value.rule == rule, str(e.value)
    assert f"({rule})" in str(e.value)
    return e.value


def _ranks(moves: Sequence[Move]) -> set[tuple[str, ...]]:
    """Legal moves as rank multisets (text ranks, sorted), suits dropped."""
    return {tuple(sorted(t[0] for t in m.cards)) for m in moves if isinstance(m, Play)}


# ---------------------------------------------------------------------------
# Cards and players


def test_r1_one_deck_up_to_six_players_two_decks_above() -> None:
    for n in range(2, 7):
        r = Rules().for_players(n)
        assert (r.decks, r.max_set) == (1, 4)
    for n in range(7, 10):
        r = Rules().for_players(n)
        assert (r.decks, r.max_set) == (2, 8)
    assert Rules(decks=2).for_players(4).max_set == 8  # a table may choose two decks
    with pytest.raises(RulesError, match="R1"):
        Rules(decks=1).for_players(7)
    with pytest.raises(RulesError, match="R1"):
        Rules(decks=3).for_players(4)
    for n in (1, 10):
        with pytest.raises(RulesError, match="R1"):
            Rules().for_players(n)
    with pytest.raises(RulesError):
        parse_rule_assignments(["max_set=8"]).for_players(4)  # max_set follows decks


def test_r1_two_decks_hold_every_card_twice() -> None:
    s = new_match(Rules(), 8, "two decks")
    dealt = [c for h in s.deal.dealt if h is not None for c in h]
    assert Counter(dealt + list(s.deal.stock)) == Counter(list(range(52)) * 2)
    s1 = new_match(Rules(), 3, "one deck")
    dealt1 = [c for h in s1.deal.dealt if h is not None for c in h]
    assert sorted(dealt1 + list(s1.deal.stock)) == list(range(52))


def test_r2_rank_order_and_suits_never_matter() -> None:
    """A > K > ... > 2; a card of the same rank in another suit matches (and so beats)."""
    order = "23456789TJQKA"
    for lo, hi in itertools.pairwise(order):
        s = play(rig([f"{lo}S 2H", f"{hi}C 3C"]), 0, f"{lo}S")
        s = play(s, 1, f"{hi}C")
        assert s.history[0].tricks[-1].winner == 1
    s = play(rig(["9S 2H", "9D 3C", "4C 5C"]), 0, "9S")
    s = play(s, 1, "9D")  # same rank, other suit: matches
    assert s.best_seat == 1
    # Legal moves are one per rank: suits never make two moves differ.
    s = play(rig(["2S 3S", "5H 5D 5C 5S", "KS KH"]), 0, "2S")
    assert [m.cards for m in legal_moves(s)] == [("5S",)]


def test_r3_penalty_values() -> None:
    assert VALUES == (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)
    assert [rank_value(CODE[r + "S"] >> 2) for r in "TJQKA"] == [10, 10, 10, 10, 11]


@pytest.mark.parametrize(
    ("last", "value"),
    [
        (r + "S", v)
        for r, v in zip("3456789TJQKA", [3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11], strict=True)
    ],
)
def test_r3_loser_scores_the_value_of_their_last_card(last: str, value: int) -> None:
    s = rig([f"AH {last}" if last != "AS" else "AH AS", "2D 2C"])
    s = play(s, 0, "AH")
    s = play(s, 1, "2D")
    d = s.history[0]
    assert d.losers == (0,)
    assert d.penalty == value
    assert s.totals == (value, 0)


def test_r4_seats_go_clockwise_and_wrap() -> None:
    for dealer in range(5):
        s = rig(["2S 3S", "2H 3H", "2D 3D", "2C 3C", "4S 5S"], dealer=dealer)
        assert s.deal.order == tuple((dealer + 1 + i) % 5 for i in range(5))
    s = rig(["2S 3S", "2H 3H", "2D 3D"], dealer=1)
    assert s.to_move == 2
    s = play(s, 2, "2D")
    assert s.to_move == 0  # after the last seat comes seat 0
    s = play(s, 0, "2S")
    assert s.to_move == 1


# ---------------------------------------------------------------------------
# A match


def test_r5_reaching_22_eliminates_and_the_last_player_in_wins() -> None:
    s = rig(["2S AH", "3D 2C"], totals=[11, 0])
    s = play(s, 0, "2S")
    s = play(s, 1, "3D")
    d = s.history[-1]
    assert d.losers == (0,) and d.totals == (22, 0) and d.eliminated == (0,)
    assert s.phase == OVER and s.over and s.winners == (1,) and s.to_move == -1
    assert view(s, 0).unseen_cards() == [] == view(s, 1).unseen_cards()
    assert legal_moves(s) == []
    _illegal("R5", s, Play(1, ("2C",)))


def test_r5_below_the_limit_plays_on_and_the_limit_is_an_option() -> None:
    s = rig(["2S AH", "3D 2C"], totals=[11, 0], rules=Rules(elimination_at=23))
    s = play(play(s, 0, "2S"), 1, "3D")
    assert s.history[-1].eliminated == ()
    assert s.phase != OVER and s.deal.number == 2 and s.totals == (22, 0)


def test_r5_an_eliminated_player_plays_no_more_deals() -> None:
    s = rig(["2S AH", "3D 2C", "4D 3C"], totals=[11, 0, 0])
    s = play(play(play(s, 0, "2S"), 1, "3D"), 2, "4D")
    assert s.history[-1].eliminated == (0,) and s.out == (True, False, False)
    assert s.deal.number == 2 and s.deal.players_in == (1, 2)
    assert s.deal.dealt[0] is None and s.hands[0] == ()
    while not s.over:
        assert s.to_move != 0
        s = apply(s, legal_moves(s)[0])
        assert all(0 not in d.start.players_in for d in s.history[1:])


def test_r6_all_out_at_once_lowest_total_wins() -> None:
    s = rig(["AH KS", "AD KD"], totals=[15, 18])
    s = play(play(s, 0, "AH"), 1, "AD")
    d = s.history[-1]
    assert d.losers == (0, 1) and d.eliminated == (0, 1)
    assert s.over and s.winners == (0,)


def test_r6_all_out_at_once_equal_lowest_share_the_win() -> None:
    s = rig(["AH KS", "AD KD"], totals=[15, 15])
    s = play(play(s, 0, "AH"), 1, "AD")
    assert s.over and s.winners == (0, 1)


def test_r6_all_out_option_no_winner() -> None:
    s = rig(["AH KS", "AD KD"], totals=[15, 12], rules=Rules(all_out="no_winner"))
    s = play(play(s, 0, "AH"), 1, "AD")
    assert s.over and s.winners == ()


def test_r6_only_among_those_still_in() -> None:
    """Seat 2, out before this deal with the lowest total, does not win (R6 'among them')."""
    s = rig(["AH KS", "AD KD", None], totals=[15, 18, 22])
    s = play(play(s, 0, "AH"), 1, "AD")
    assert s.over and s.winners == (0,)


def test_r7_first_dealer_high_card_with_redraws() -> None:
    redraws = 0
    for i in range(60):
        players = 2 + i % 8
        s = new_match(Rules(), players, f"first dealer {i}")
        rounds = s.match.first_draws
        drawing = list(range(players))
        seen: list[int] = []
        for rnd in rounds:
            assert [seat for seat, _ in rnd] == drawing
            seen += [c for _, c in rnd]
            top = max(c >> 2 for _, c in rnd)
            drawing = [seat for seat, c in rnd if c >> 2 == top]
        assert len(drawing) == 1 and s.match.first_dealer == drawing[0]
        assert s.deal.dealer == drawing[0]
        redraws += len(rounds) > 1
        if players <= 6:
            assert len(set(seen)) == len(seen)  # drawn cards are not put back
    assert redraws > 0  # the sample includes ties for highest
    tie = new_match(Rules(), 4, "hello")  # docs/seeds.md: TS and TH tie, JD beats 6H
    assert [[(seat, TEXT[c]) for seat, c in r] for r in tie.match.first_draws] == [
        [(0, "7H"), (1, "TS"), (2, "TH"), (3, "5S")],
        [(1, "JD"), (2, "6H")],
    ]
    assert tie.match.first_dealer == 1


# ---------------------------------------------------------------------------
# A deal


def _to_next_deal(s: State) -> State:
    number = s.deal.number
    while not s.over and s.deal.number == number:
        s = apply(s, legal_moves(s)[-1])
    return s


def test_r8_penalty_cards_are_set_aside_and_the_rest_reshuffled() -> None:
    s = new_match(Rules(), 4, "r8")
    for _ in range(3):
        s = _to_next_deal(s)
        if s.over:
            break
        set_aside = Counter(c for p in s.penalties for c in p)
        assert sum(set_aside.values()) >= 1
        dealt = Counter(c for h in s.deal.dealt if h is not None for c in h)
        assert dealt + Counter(s.deal.stock) + set_aside == Counter(full_deck(1))


def test_r9_first_deal_gives_first_hand_cards() -> None:
    for n in range(2, 10):
        s = new_match(Rules(), n, "r9")
        assert s.deal.hand_size == 7
        assert all(len(h) == 7 for h in s.deal.dealt if h is not None)
    s = new_match(Rules(first_hand=5), 3, "r9")
    assert s.deal.hand_size == 5 and len(s.hands[0]) == 5


def test_r9_hand_size_capped_by_the_available_cards() -> None:
    s = new_match(Rules(first_hand=13), 5, "r9 cap")
    assert s.deal.hand_size == 10 and len(s.deal.stock) == 2  # 52 // 5
    s = new_match(Rules(first_hand=13), 9, "r9 cap")
    assert s.deal.hand_size == 11 and len(s.deal.stock) == 5  # 104 // 9
    # A later deal: penalty 11 (an ace) for 6 players wants 66 cards; 50 are left.
    hands = ["AS KS", "2H 3H", "2D 3D", "2C 3C", "4S 4H", "4D 4C"]
    s = rig(hands)
    for seat, h in enumerate(hands):
        s = play(s, seat, h.split()[1] if seat == 0 else h.split()[0])
    assert s.history[-1].penalty == 11  # AS lost
    assert s.deal.hand_size == 8 and len(s.deal.stock) == 51 - 48


def test_r10_one_card_at_a_time_clockwise_from_the_dealers_left() -> None:
    for n in (2, 4, 7, 9):
        s = new_match(Rules(), n, f"r10/{n}")
        deck = full_deck(s.rules.decks)
        stream(seed_key(f"r10/{n}"), "deal/1").shuffle(deck)
        order = s.deal.order
        assert order[0] == (s.deal.dealer + 1) % n
        for i, seat in enumerate(order):
            assert s.deal.dealt[seat] == tuple(deck[i : 7 * n : n])
        assert s.deal.stock == tuple(deck[7 * n :])


def test_r11_exchange_in_order_from_the_dealers_left_drawing_from_the_top() -> None:
    s = rig(
        ["2S 3S 4S", "2H 3H 4H", "2D 3D 4D"],
        dealer=0,
        phase=EXCHANGE,
        stock="AS KS QS JS TS",
    )
    assert s.phase == EXCHANGE and s.to_move == 1
    _illegal("R11", s, _ex(2, ""))  # not seat 2's turn
    s = exchange(s, 1, "2H 4H")
    assert s.hands[1] == cards("3H KS AS") and s.stock == cards("QS JS TS")
    assert s.to_move == 2
    s = exchange(s, 2, "")  # keeping is an exchange of nothing
    assert s.hands[2] == cards("2D 3D 4D") and s.to_move == 0
    s = exchange(s, 0, "4S")
    assert s.hands[0] == cards("2S 3S QS") and s.stock == cards("JS TS")
    assert s.phase == PLAY and s.to_move == 1  # each player exchanged once
    assert [(e.seat, texts(e.discard), texts(e.draw)) for e in s.exchanges] == [
        (1, "2H 4H", "AS KS"),
        (2, "", ""),
        (0, "4S", "QS"),
    ]
    # Discards are out of play for this deal: in no hand, not in the stock.
    live = [c for h in s.hands for c in h] + list(s.stock)
    assert CODE["2H"] not in live and CODE["4S"] not in live
    _illegal("R11", s, _ex(1, "3H"))  # the exchange is over


def _ex(seat: int, text: str) -> Exchange:
    return Exchange(seat, tuple(text.split()))


def test_r11_only_own_cards_and_never_more_than_the_stock() -> None:
    s = rig(["2S 3S 4S", "2H 3H 4H"], phase=EXCHANGE, stock="AS KS")
    e = _illegal("R11", s, _ex(0, "2H"))
    assert "hand" in e.reason
    _illegal("R11", s, _ex(0, "2S 2S"))
    _illegal("R11", s, _ex(0, "XX"))
    e = _illegal("R11", s, _ex(0, "2S 3S 4S"))
    assert "stock" in e.reason
    assert len(legal_moves(s)) == 7  # 0, 1 or 2 of three ranks: 1 + 3 + 3
    s = exchange(s, 0, "2S 3S")
    assert s.phase == PLAY  # the stock is empty: seat 1 keeps (R22)


def test_r11_stop_when_short_option() -> None:
    rules = Rules(exchange="stop_when_short")
    s = rig(["2S 3S 4S", "2H 3H 4H", "2D 3D 4D"], phase=EXCHANGE, stock="AS KS", rules=rules)
    s = exchange(s, 0, "2S")
    assert s.stock == cards("KS") and s.to_move == 1
    s = exchange(s, 1, "2H 3H")  # wants two, the stock holds one: stop here
    assert s.phase == PLAY
    assert s.hands[1] == cards("2H 3H 4H") and s.hands[2] == cards("2D 3D 4D")
    assert s.stock == cards("KS")
    assert [(e.seat, len(e.discard), len(e.draw)) for e in s.exchanges] == [
        (0, 1, 1),
        (1, 0, 0),
        (2, 0, 0),
    ]


# ---------------------------------------------------------------------------
# Tricks


def test_r12_dealers_left_leads_the_first_trick() -> None:
    for n in (2, 5, 9):
        s = keep_all(new_match(Rules(), n, f"r12/{n}"))
        assert s.phase == PLAY and s.leader == s.to_move == (s.deal.dealer + 1) % n


def test_r12_lead_one_card_or_a_set_of_one_rank_keeping_one() -> None:
    s = rig(["5S 5H 5D 9C", "2S 3S 4S 6S"])
    assert _ranks(legal_moves(s)) == {("5",), ("5", "5"), ("5", "5", "5"), ("9",)}
    _illegal("R12", s, Play(0, ("5S", "9C")))
    _illegal("R12", s, Play(0, ("2S",)))  # not in hand
    _illegal("R12", s, Play(0, ()))
    s2 = play(s, 0, "5S 5H 5D")
    assert s2.best_desc == (3, 3, 3) and s2.to_move == 1
    # Keeping one card: with 5 5 5 5, a set of four would empty the hand.
    s = rig(["5S 5H 5D 5C", "2S 3S 4S 6S"])
    e = _illegal("R12", s, Play(0, ("5S", "5H", "5D", "5C")))
    assert "keep" in e.reason
    assert max(len(m.cards) for m in legal_moves(s)) == 3


def test_r12_max_set_follows_decks() -> None:
    hand = "5S 5H 5D 5C 5S 5H 9C"
    one = rig([hand, "2S 3S 4S 6S 7S 8S 9S"], rules=Rules(decks=2))
    assert max(len(m.cards) for m in legal_moves(one)) == 6
    play(one, 0, "5S 5H 5D 5C 5S 5H")  # six of a kind with two decks
    eight = rig(
        ["5S 5H 5D 5C 5S 5H 5D 5C 6C 2S", "2H 3S 4S 6S 7S 8S 9S TS JS QS"],
        rules=Rules(decks=2),
    )
    assert max(len(m.cards) for m in legal_moves(eight)) == 8
    play(eight, 0, "5S 5H 5D 5C 5S 5H 5D 5C")
    four = rig(["5S 5H 5D 5C 9C", "2S 3S 4S 6S 7S"])
    assert max(len(m.cards) for m in legal_moves(four)) == 4


def test_r13_follow_with_as_many_cards_as_were_led() -> None:
    s = play(rig(["5S 5H 9C", "2S KS KH"]), 0, "5S 5H")
    e = _illegal("R13", s, Play(1, ("KS",)))
    assert "2 cards" in e.reason
    _illegal("R13", s, Play(1, ("2S", "KS", "KH")))


def test_r13_beat_or_match_card_by_card_and_sets_need_not_be_one_rank() -> None:
    s = play(rig(["7S 5H 9C", "6S 8S KH", "2D 3D 4D"]), 0, "7S")
    # 8 or K beat a 7; the duck is the lowest card (6).
    assert _ranks(legal_moves(s)) == {("6",), ("8",), ("K",)}
    s = play(rig(["TS TH 2C", "9S JS KH", "2D 3D 4D"]), 0, "TS TH")
    # K-J beats 10-10 card by card; K-9 does not (9 < 10); the duck is 9-J.
    assert _ranks(legal_moves(s)) == {("9", "J"), ("J", "K")}
    s2 = play(s, 1, "KH JS")
    assert s2.best_seat == 1 and s2.best_desc == (11, 9)
    _illegal("R13", s, Play(1, ("9S", "KH")))


def test_r13_duck_is_lowest_cards() -> None:
    s = play(rig(["AS AH 2C", "3S 3H 3D", "4D 5D 6D"]), 0, "AS AH")
    assert _ranks(legal_moves(s)) == {("3", "3")}
    s2 = play(s, 1, "3H 3D")  # any suits of the lowest ranks
    assert s2.to_move == 2
    e = _illegal("R13", play(s, 1, "3S 3H"), Play(2, ("5D", "6D")))
    assert "lowest" in e.reason
    s3 = play(play(s, 1, "3S 3H"), 2, "4D 5D")
    assert s3.history[0].tricks[-1].winner == 0


def test_r13_may_duck_even_when_able_to_beat() -> None:
    s = play(rig(["7S 5H", "2S KS", "3D 4D"]), 0, "7S")
    assert ("2",) in _ranks(legal_moves(s)) and ("K",) in _ranks(legal_moves(s))
    s = play(s, 1, "2S")
    assert s.best_seat == 0


def test_r13_must_beat_option() -> None:
    rules = Rules(must_beat=True)
    s = play(rig(["7S 5H", "2S KS", "3D 4D"], rules=rules), 0, "7S")
    assert _ranks(legal_moves(s)) == {("K",)}
    e = _illegal("R13", s, Play(1, ("2S",)))
    assert "house rule: you can beat" in e.reason
    s = play(s, 1, "KS")
    assert _ranks(legal_moves(s)) == {("3",)}  # cannot beat: must duck
    play(s, 2, "3D")


def test_r14_among_equals_the_later_play_is_best() -> None:
    s = play(rig(["7S 2S", "7H 3H", "4D 5D"]), 0, "7S")
    s = play(s, 1, "7H")
    assert s.best_seat == 1
    s = play(s, 2, "4D")
    assert s.history[0].tricks[-1].winner == 1


def test_r14_a_duck_that_beats_counts_as_beating() -> None:
    s = play(rig(["3S 2S", "5H 9H", "4D 6D"]), 0, "2S")
    # Seat 1's lowest card (5) is also higher than the 2: playing it beats.
    assert _ranks(legal_moves(s)) == {("5",), ("9",)}
    s = play(s, 1, "5H")
    assert s.best_seat == 1
    s = play(s, 2, "4D")  # the lowest card, lower than the 5: a duck
    assert s.history[0].tricks[-1].winner == 1


def test_r15_trick_winner_leads_the_next_trick() -> None:
    s = rig(["2S 3S 4S", "AH 3H 4H", "2D 3D 4D"])
    s = play(play(play(s, 0, "2S"), 1, "AH"), 2, "2D")
    assert s.tricks[-1].winner == 1 and s.tricks[-1].leader == 0
    assert s.leader == s.to_move == 1 and s.plays == ()
    assert [seat for seat, _ in s.tricks[-1].plays] == [0, 1, 2]


def test_r16_tricks_go_on_until_everyone_holds_one_card() -> None:
    s = keep_all(new_match(Rules(), 4, "r16"))
    while s.deal.number == 1:
        assert len({len(s.hands[i]) for i in s.deal.players_in if i not in dict(s.plays)}) == 1
        s = apply(s, legal_moves(s)[0])
    d = s.history[0]
    played = sum(len(cs) for t in d.tricks for seat, cs in t.plays if seat == 0)
    assert played == 6 and all(len(t.plays) == 4 for t in d.tricks)


def test_r16_a_deal_of_one_card_has_no_tricks() -> None:
    s = keep_all(new_match(Rules(first_hand=1), 3, "r16/one"))
    d = s.history[0]
    assert d.start.hand_size == 1 and d.tricks == ()
    assert len(d.showdown) == 3


# ---------------------------------------------------------------------------
# Showdown and scoring


def test_r17_showdown_shows_every_last_card_whoever_won() -> None:
    s = rig(["2S 9S", "AH 3H", "2D 4D"])
    s = play(play(play(s, 0, "2S"), 1, "AH"), 2, "2D")
    d = s.history[0]
    assert d.tricks[-1].winner == 1
    assert [(seat, TEXT[c]) for seat, c in d.showdown] == [(0, "9S"), (1, "3H"), (2, "4D")]


def test_r18_highest_rank_loses_and_ties_all_lose() -> None:
    s = play(play(play(rig(["2S 9S", "AH 3H", "2D 4D"]), 0, "2S"), 1, "AH"), 2, "2D")
    assert s.history[0].losers == (0,)
    s = play(play(play(rig(["2S 9S", "AH 9H", "2D 4D"]), 0, "2S"), 1, "AH"), 2, "2D")
    d = s.history[0]
    assert d.losers == (0, 1) and d.penalty == 9 and d.totals == (9, 9, 0)


def test_r19_loser_keeps_the_card_and_adds_its_value() -> None:
    s = rig(["2S 9S", "AH 9H", "2D 4D"], totals=[3, 4, 5], penalties=["3C", "4C", "5C"])
    s = play(play(play(s, 0, "2S"), 1, "AH"), 2, "2D")
    assert s.totals == (12, 13, 5)
    assert [texts(p) for p in s.penalties] == ["3C 9S", "4C 9H", "5C"]
    # The penalty cards are out of the deck for the next deal (R8).
    live = [c for h in s.deal.dealt if h is not None for c in h] + list(s.deal.stock)
    for t in ("9S", "9H", "3C", "4C", "5C"):
        assert CODE[t] not in live
    assert len(live) == 52 - 5


def test_r20_the_loser_deals_next() -> None:
    s = play(play(play(rig(["2S 9S", "AH 3H", "2D 4D"], dealer=2), 0, "2S"), 1, "AH"), 2, "2D")
    assert s.deal.number == 2 and s.deal.dealer == 0 and s.deal.order[0] == 1


def test_r20_among_several_losers_the_seed_chooses() -> None:
    chosen = set()
    for i in range(12):
        seed = f"r20/{i}"
        s = rig(["2S 9S", "AH 3H", "2D 9D"], seed=seed)
        s = play(play(play(s, 0, "2S"), 1, "AH"), 2, "2D")
        assert s.history[0].losers == (0, 2)
        pick = stream(seed_key(seed), "dealer/1").bounded(2)
        assert s.deal.dealer == (0, 2)[pick]
        chosen.add(s.deal.dealer)
    assert chosen == {0, 2}


def test_r20_an_eliminated_dealer_passes_to_the_next_player_in() -> None:
    s = rig(["2S AS", "KH 3H", "2D 4D", "2C 5C"], totals=[12, 0, 0, 0], dealer=3)
    s = play(play(play(play(s, 0, "2S"), 1, "KH"), 2, "2D"), 3, "2C")
    d = s.history[0]
    assert d.losers == (0,) and d.eliminated == (0,)
    assert s.deal.dealer == 1 and s.deal.order == (2, 3, 1)


def test_r21_next_hand_size_is_the_penalty() -> None:
    s = play(play(play(rig(["2S 9S", "AH 3H", "2D 4D"]), 0, "2S"), 1, "AH"), 2, "2D")
    assert s.history[0].penalty == 9
    assert s.deal.hand_size == 9 and all(len(s.hands[i]) == 9 for i in range(3))
    s = play(play(rig(["AH 2S", "2D 2C"]), 0, "AH"), 1, "2D")  # 2 vs 2: both lose 2
    assert s.history[0].losers == (0, 1) and s.deal.hand_size == 2


def test_r22_no_stock_means_no_exchange_and_the_deal_goes_on() -> None:
    s = new_match(Rules(first_hand=13), 4, "r22")
    assert s.deal.stock == () and s.phase == PLAY
    assert [(e.seat, e.discard, e.draw) for e in s.exchanges] == [
        (seat, (), ()) for seat in s.deal.order
    ]
    # A stock emptied part way: the players after keep their hands and play starts.
    s = rig(["2S 3S 4S", "2H 3H 4H", "2D 3D 4D"], phase=EXCHANGE, stock="AS KS")
    s = exchange(s, 0, "2S 3S")
    assert s.phase == PLAY and s.to_move == 0
    assert [(e.seat, len(e.draw)) for e in s.exchanges] == [(0, 2), (1, 0), (2, 0)]


def test_r23_a_view_holds_only_what_the_seat_may_know() -> None:
    s = rig(["2S 3S 4S", "2H 3H 4H", "2D 3D 4D"], phase=EXCHANGE, stock="AS KS QS JS")
    s = exchange(s, 0, "2S")
    s = exchange(s, 1, "2H 3H")
    s = exchange(s, 2, "")
    s = play(s, 0, "3S")
    v = view(s, 1)
    assert v.hand == cards("4H QS KS") and v.my_discard == cards("2H 3H")
    assert v.my_draw == cards("KS QS")
    assert [(e.seat, e.size) for e in v.exchanges] == [(0, 1), (1, 2), (2, 0)]
    assert v.hand_counts == (2, 3, 3) and v.stock_size == 1
    assert v.plays == ((0, cards("3S")),)
    # Seat 0's discard (2S), seat 0's and 2's hands and the stock (JS) are unseen.
    assert sorted(v.unseen_cards()) == sorted(set(range(52)) - set(cards("4H KS QS 2H 3H 3S")))
    everything = repr(v)
    assert "stock=" not in everything and "dealt" not in everything
    assert v.my_turn and not view(s, 0).my_turn
    assert view(s, 0).legal_moves() == []
    assert [m.cards for m in v.legal_moves()] == [m.cards for m in legal_moves(s)]


# ---------------------------------------------------------------------------
# Option names (RULES.md "Option names"; docs/rules.md is the in-repo copy)


def test_rules_options_are_named_and_defaulted_as_the_rulebook_says() -> None:
    import re

    from tt22.games.twentytwo import OPTION_NAMES

    text = (ROOT / "docs" / "rules.md").read_text("utf-8")
    section = text.split("## Option names", 1)[1].split("##", 1)[0]
    named = re.findall(r"`([a-z_]+)(?: = ([^`]+))?`", section)
    assert list(dict.fromkeys(n for n, _ in named)) == list(OPTION_NAMES)
    resolved = Rules().for_players(4)
    for name, default in named:
        if default:
            assert json_value(getattr(resolved, name)) == default, name
    assert resolved.as_dict() == {
        "decks": 1,
        "max_set": 4,
        "first_hand": 7,
        "elimination_at": 22,
        "exchange": "up_to_stock",
        "must_beat": False,
        "all_out": "lowest_total",
        "first_dealer": "high_card",
    }
    assert list(resolved.as_dict()) == list(OPTION_NAMES)
    r = parse_rule_assignments(["must_beat=true", "exchange=stop_when_short", "first_hand=5"])
    assert (r.must_beat, r.exchange, r.first_hand) == (True, "stop_when_short", 5)
    for bad in (
        ["nosuch=1"],
        ["must_beat=maybe"],
        ["all_out=everyone"],
        ["decks"],
        ["first_hand=x"],
    ):
        with pytest.raises(RulesError):
            parse_rule_assignments(bad)


def json_value(value: object) -> str:
    import json

    return json.dumps(value)
