"""Rummy rule by rule (RUMMY.md M1-M10): each test meets its rule in a position set up
for it, through the engine's own `apply` and `legal_moves`."""

from __future__ import annotations

import pytest
from rummykit import RUMMY, cs, rummy_at, ts

from tt22.core.protocol import IllegalMove, RulesError
from tt22.games.rummy import Discard, Draw, LayOff, Meld
from tt22.games.rummy.cards import VALUE
from tt22.games.rummy.melds import candidate_melds, is_meld, order_meld
from tt22.games.rummy.rummy import ACT, DRAW, OVER


def rule_of(state: object, move: object) -> str:
    with pytest.raises(IllegalMove) as e:
        RUMMY.apply(state, move)
    return e.value.rule


def test_M1_one_52_card_deck_dealt_whole() -> None:
    for players, size in ((2, 13), (3, 10), (4, 7)):
        s = RUMMY.new_match(RUMMY.rules([f"hand_size={size}"], players), players, "m1")
        start = s.start
        cards = [c for h in start.dealt for c in h] + [start.upcard, *start.stock]
        assert sorted(cards) == list(range(52))
        assert all(len(h) == size for h in start.dealt)
    with pytest.raises(IllegalMove) as e:
        RUMMY.apply(rummy_at(["2S 3S", "4S 5S"], "9H", phase=ACT), Discard(0, "XX"))
    assert e.value.rule == "M1"


def test_M2_runs_and_groups_with_the_ace_low_or_high_never_round_the_corner() -> None:
    assert is_meld(cs("AS 2S 3S"), True) and is_meld(cs("QS KS AS"), True)
    assert not is_meld(cs("KS AS 2S"), True)
    assert not is_meld(cs("QS KS AS"), False) and is_meld(cs("AS 2S 3S"), False)
    assert is_meld(cs("7S 7H 7D"), True) and is_meld(cs("7S 7H 7D 7C"), True)
    assert not is_meld(cs("7S 7H"), True) and not is_meld(cs("7S 8H 9S"), True)
    assert not is_meld(cs("5S 6S 8S"), True)
    assert order_meld(cs("AS QS KS"), True) == cs("QS KS AS")
    assert order_meld(cs("3S AS 2S"), True) == cs("AS 2S 3S")
    # a whole suit with the ace both ends is never offered (the ace twice)
    suit = cs("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS")
    assert all(len(m) <= 13 for m in candidate_melds(suit, True))
    assert cs("AS 2S 3S") in candidate_melds(suit, True)
    assert cs("QS KS AS") in candidate_melds(suit, True)
    s = rummy_at(["QS KS AS 5H", "2C 3C"], "9H", phase=ACT)
    assert any(isinstance(m, Meld) for m in RUMMY.legal_moves(s))
    low = rummy_at(["QS KS AS 5H", "2C 3C"], "9H", phase=ACT, rules=["ace=low"])
    assert rule_of(low, Meld(0, ("QS", "KS", "AS"))) == "M2"
    assert not any(isinstance(m, Meld) for m in RUMMY.legal_moves(low))


def test_M3_card_values() -> None:
    values = [VALUE[c] for c in cs("AS 2H 5D 9C TS JH QD KC")]
    assert values == [1, 2, 5, 9, 10, 10, 10, 10]


def test_M4_a_turn_is_draw_act_discard() -> None:
    s = rummy_at(["2S 3S 9D", "4H 5H"], "9H", stock="KD QD", to_move=0)
    assert rule_of(s, Discard(0, "2S")) == "M4"  # no discard before drawing
    assert rule_of(s, Draw(1, "stock")) == "M4"  # not seat 1's turn
    assert set(RUMMY.legal_moves(s)) == {Draw(0, "stock"), Draw(0, "discard")}
    took = RUMMY.apply(s, Draw(0, "discard"))
    assert took.phase == ACT and took.to_move == 0 and took.pile == ()
    assert rule_of(took, Draw(0, "stock")) == "M4"  # one draw a turn
    assert rule_of(took, Discard(0, "9H")) == "M4"  # not the card just taken
    assert Discard(0, "9H") not in RUMMY.legal_moves(took)
    done = RUMMY.apply(took, Discard(0, "9D"))
    assert done.phase == DRAW and done.to_move == 1 and done.pile == cs("9D")
    drew = RUMMY.apply(done, Draw(1, "stock"))
    assert drew.hands[1] == tuple(sorted(cs("4H 5H KD")))


def test_M5_the_view_is_the_same_whatever_is_hidden() -> None:
    """Two positions that differ only in another hand and the stock's order look the
    same to seat 0, and the view holds none of the hidden cards."""
    a = rummy_at(["2S 3S 9D", "4H 5H 6C"], "9H", stock="KD QD JD", table=((1, "7C 7D 7H"),))
    b = rummy_at(["2S 3S 9D", "4H KD 6C"], "9H", stock="JD 5H QD", table=((1, "7C 7D 7H"),))
    assert RUMMY.view(a, 0) == RUMMY.view(b, 0)
    assert RUMMY.view(a, 1) != RUMMY.view(b, 1)
    a2 = RUMMY.apply(a, Draw(0, "stock"))
    b2 = RUMMY.apply(b, Draw(0, "stock"))
    assert RUMMY.view(a2, 1).events == RUMMY.view(b2, 1).events  # not which card
    assert RUMMY.view(a2, 1).events[-1] == (0, "stock", None)
    v = RUMMY.view(a2, 1)
    assert v.counts == (4, 3) and v.stock_count == 2
    assert RUMMY.view(b2, 1).counts == v.counts


def test_M6_meld_and_lay_off_on_any_meld_before_melding() -> None:
    s = rummy_at(
        ["8C 4S 5S 6S KD", "2H 3H"], "9H", phase=ACT, table=((1, "7C 7D 7H"), (1, "9S TS JS"))
    )
    legal = RUMMY.legal_moves(s)
    assert LayOff(0, "8C", 0) not in legal  # 8C does not fit the sevens
    assert Meld(0, ("4S", "5S", "6S")) in legal
    s2 = RUMMY.apply(s, Meld(0, ("6S", "4S", "5S")))  # any order; laid in order
    assert s2.table[-1] == (0, cs("4S 5S 6S")) and s2.phase == ACT
    s3 = rummy_at(["7S 8S KD", "2H 3H"], "9H", phase=ACT, table=((1, "7C 7D 7H"), (1, "9S TS JS")))
    s4 = RUMMY.apply(s3, LayOff(0, "8S", 1))  # onto another's meld, no meld of one's own
    assert s4.table[1] == (1, cs("8S 9S TS JS"))
    s5 = RUMMY.apply(s4, LayOff(0, "7S", 1))  # onto the card just laid off
    s6 = RUMMY.apply(s5, Discard(0, "KD"))  # and out
    assert s6.history[-1].winner == 0
    assert rule_of(s3, LayOff(0, "KD", 0)) == "M6"
    assert rule_of(s3, LayOff(0, "7S", 5)) == "M6"
    assert rule_of(s3, Meld(0, ("7S", "8S", "9S"))) == "M6"  # 9S is not held


def test_M7_players_hand_sizes_first_player_and_the_deal_passing() -> None:
    for n in (2, 3, 4):
        s = RUMMY.new_match(RUMMY.rules([], n), n, "m7")
        assert s.to_move == (s.start.dealer + 1) % n
        assert all(len(h) == 7 for h in s.hands) and s.pile == (s.start.upcard,)
    with pytest.raises(RulesError, match="M7"):
        RUMMY.rules([], 5)
    with pytest.raises(RulesError, match="M7"):
        RUMMY.rules(["hand_size=13"], 3)
    with pytest.raises(RulesError, match="M7"):
        RUMMY.rules(["hand_size=8"], 2)
    assert RUMMY.rules(["hand_size=10"], 4).hand_size == 10
    s = rummy_at(["2S", "4H 5H", "9C 9D"], "", phase=ACT)
    s = RUMMY.apply(s, Discard(0, "2S"))
    assert (
        s.start.number == 2
        and s.start.dealer == (RUMMY.new_match(RUMMY.rules([], 3), 3, "kit").start.dealer + 1) % 3
    )


def test_M8_going_out_with_or_without_a_final_discard() -> None:
    s = rummy_at(["4S 5S 6S", "2H 3H", "KC"], "9H", phase=ACT)
    out = RUMMY.apply(s, Meld(0, ("4S", "5S", "6S")))
    assert out.history[-1].winner == 0 and out.history[-1].ended == "out"
    req = rummy_at(["4S 5S 6S", "2H 3H", "KC"], "9H", phase=ACT, rules=["final_discard=required"])
    assert rule_of(req, Meld(0, ("4S", "5S", "6S"))) == "M8"
    assert RUMMY.legal_moves(req) == [Discard(0, t) for t in ("4S", "5S", "6S")]
    # never left holding only the card taken from the pile when it cannot be laid off
    st = rummy_at(["4S 5S 6S 9H", "2H 3H"], "", phase=ACT, taken="9H")
    assert rule_of(st, Meld(0, ("4S", "5S", "6S"))) == "M4"
    assert all(m.cards != ("4S", "5S", "6S") for m in RUMMY.legal_moves(st) if isinstance(m, Meld))


def test_M9_the_stock_is_remade_then_the_hand_is_void() -> None:
    s = rummy_at(["2S 3S", "4H 5H"], "9C 8D 7H", stock="", rules=["max_reshuffles=1"])
    s2 = RUMMY.apply(s, Draw(0, "stock"))
    assert s2.reshuffles == 1 and s2.pile == () and len(s2.stock) == 2
    assert sorted((*s2.stock, *s2.hands[0])) == sorted(cs("9C 8D 7H 2S 3S"))
    again = RUMMY.apply(s, Draw(0, "stock"))
    assert again.stock == s2.stock  # seeded: the same reshuffle every time
    assert rule_of(s2, Draw(0, "discard")) == "M4"
    s3 = s2.copy()
    s3.stock, s3.phase, s3.to_move = (), DRAW, 1
    s3.pile = cs("TD")
    void = RUMMY.apply(s3, Draw(1, "stock"))
    assert void.history[-1].winner == -1 and void.history[-1].ended == "reshuffles"
    assert void.scores == s3.scores
    empty = rummy_at(["2S 3S", "4H 5H"], "", stock="")
    assert rule_of(empty, Draw(0, "discard")) == "M9"
    assert RUMMY.apply(empty, Draw(0, "stock")).history[-1].ended == "no_cards"
    turns = rummy_at(["2S 3S", "4H 5H"], "9C", rules=["max_turns=1"])
    t = RUMMY.apply(RUMMY.apply(turns, Draw(0, "stock")), Discard(0, "2S"))
    assert t.history[-1].ended == "turns" and t.history[-1].deltas == (0, 0)


def test_M10_penalties_target_and_shared_wins() -> None:
    s = rummy_at(["KS", "4H 5H AC", "QC"], "9H", phase=ACT, rules=["target=13"])
    done = RUMMY.apply(s, Discard(0, "KS"))
    assert done.history[-1].deltas == (0, 10, 10)
    assert done.phase == DRAW and done.scores == (0, 10, 10)
    s2 = done.copy()
    s2.hands = (cs("2D"), cs("3D"), cs("4D"))
    s2.phase, s2.to_move = ACT, 2
    s2.taken = -1
    over = RUMMY.apply(s2, Discard(2, "4D"))
    assert over.phase == OVER and over.scores == (2, 13, 10)
    assert over.winners == (0,) and RUMMY.returns(over) == (2, 13, 10)
    s3 = done.copy()
    s3.hands = (cs("4D"), cs("3D"), cs("2D"))
    s3.phase, s3.to_move, s3.taken = ACT, 0, -1
    tie = RUMMY.apply(s3, Discard(0, "4D"))
    assert tie.phase == OVER and tie.scores == (0, 13, 12)
    s4 = done.copy()
    s4.scores = (10, 9, 10)
    s4.hands = (cs("4D"), cs("AS"), cs("4C"))
    s4.phase, s4.to_move, s4.taken = ACT, 0, -1
    shared = RUMMY.apply(s4, Discard(0, "4D"))
    assert shared.scores == (10, 10, 14) and shared.winners == (0, 1)
    assert ts(shared.history[-1].left[2]) == "4C"


def test_M4_M9_a_forced_choice_says_why_from_the_view() -> None:
    """The interface asks `forced_reason` before it offers a choice: a turn with one
    legal move names it, a real choice gives None, and only the seat to move is told."""
    only = rummy_at(["5H KD", "2H 3H"], "9C", phase=ACT, taken="KD")
    assert RUMMY.legal_moves(only) == [Discard(0, "5H")]
    why = RUMMY.forced_reason(RUMMY.view(only, 0))
    assert why is not None and (why.code, why.rule, why.arg("card")) == (
        "rummy.forced_discard",
        "M4",
        "5H",
    )
    assert RUMMY.describe(why) == "5H is the only card you may discard (M4)"
    assert RUMMY.forced_reason(RUMMY.view(only, 1)) is None  # not seat 1's turn
    empty = rummy_at(["5H KD", "2H 3H"], "", phase=DRAW)
    assert RUMMY.legal_moves(empty) == [Draw(0, "stock")]
    stock = RUMMY.forced_reason(RUMMY.view(empty, 0))
    assert stock is not None and (stock.code, stock.rule) == ("rummy.stock_only", "M9")
    free = rummy_at(["5H KD", "2H 3H"], "9C", phase=DRAW)
    assert RUMMY.forced_reason(RUMMY.view(free, 0)) is None  # stock or pile
    act = rummy_at(["5H KD 4S", "2H 3H"], "9C", phase=ACT, taken="KD")
    assert RUMMY.forced_reason(RUMMY.view(act, 0)) is None  # 5H or 4S
    # the last card is the one just taken: laying it off is the only way on
    lay = rummy_at(["KD", "2H 3H"], "", phase=ACT, taken="KD", table=((1, "TD JD QD"),))
    assert RUMMY.legal_moves(lay) == [LayOff(0, "KD", 0)]
    move = RUMMY.forced_reason(RUMMY.view(lay, 0))
    assert move is not None and (move.code, move.arg("move")) == ("rummy.only_move", "lay KD on 0")
