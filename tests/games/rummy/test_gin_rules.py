"""Gin Rummy rule by rule (RUMMY.md G1-G9)."""

from __future__ import annotations

import pytest
from rummykit import GIN, cs, gin_at

from tt22.core.protocol import IllegalMove, RulesError
from tt22.games.rummy import Discard, Draw, Knock, Pass
from tt22.games.rummy.cards import TEXT
from tt22.games.rummy.gin import DISCARD, DRAW, OFFER, OVER, WALL
from tt22.games.rummy.melds import best_arrangement, min_deadwood_after_lay_offs


def rule_of(state: object, move: object) -> str:
    with pytest.raises(IllegalMove) as e:
        GIN.apply(state, move)
    return e.value.rule


# ten cards with deadwood 6 (2C 4D): a run, a group, a run
KNOCKER = "3S 4S 5S 7H 7D 7C 9H TH JH 2C 4D"


def test_G1_the_deal_and_the_upcard_offer() -> None:
    s = GIN.new_match(GIN.rules([], 2), 2, "g1")
    d, other = s.start.dealer, 1 - s.start.dealer
    assert len(s.hands[0]) == len(s.hands[1]) == 10 and s.pile == (s.start.upcard,)
    assert len(s.stock) == 31 and s.phase == OFFER and s.to_move == other
    assert set(GIN.legal_moves(s)) == {Draw(other, "discard"), Pass(other)}
    assert rule_of(s, Draw(other, "stock")) == "G1"
    p1 = GIN.apply(s, Pass(other))
    assert p1.to_move == d and p1.phase == OFFER
    p2 = GIN.apply(p1, Pass(d))
    assert p2.to_move == other and p2.phase == DRAW
    assert GIN.legal_moves(p2) == [Draw(other, "stock")]
    assert rule_of(p2, Draw(other, "discard")) == "G1"
    took = GIN.apply(p1, Draw(d, "discard"))
    assert took.phase == DISCARD and took.to_move == d and s.start.upcard in took.hands[d]
    up = s.start.upcard
    assert rule_of(took, Discard(d, TEXT[up])) == "M4"
    with pytest.raises(RulesError, match="G1"):
        GIN.rules([], 3)
    e = GIN.new_match(GIN.rules(["deal=eleven"], 2), 2, "g1")
    o = 1 - e.start.dealer
    assert len(e.hands[o]) == 11 and len(e.hands[1 - o]) == 10 and e.pile == ()
    assert e.phase == DISCARD and e.to_move == o and e.start.upcard == -1


def test_G2_aces_are_low_only() -> None:
    dead, melds, _ = best_arrangement(cs("QS KS AS 2H 3H 4H"))
    assert dead == 21 and melds == (cs("2H 3H 4H"),)
    assert best_arrangement(cs("AS 2S 3S"))[0] == 0


def test_G3_deadwood_is_the_best_arrangement() -> None:
    # 7S belongs to both the run 5S-6S-7S and the group of sevens: the run is better
    dead, melds, left = best_arrangement(cs("5S 6S 7S 7H 7D 7C KC"))
    assert (dead, left) == (10, cs("KC"))
    assert set(melds) == {cs("5S 6S 7S"), cs("7H 7D 7C")}  # not the four sevens (21)
    assert best_arrangement(cs("7S 7H 7D 7C 8C 9C"))[0] == 0
    assert best_arrangement(cs("KS KH QD JC"))[0] == 40


def test_G4_knock_with_ten_or_less_and_gin_with_none() -> None:
    s = gin_at([KNOCKER, "2H 3H 5D 6C 8S 9S JD QC KD AD"], "", phase=DISCARD)
    legal = GIN.legal_moves(s)
    knocks = {m.card for m in legal if isinstance(m, Knock)}
    assert knocks == {"2C", "4D"}  # drop either leaves 2 or 4
    assert rule_of(s, Knock(0, "3S")) == "G4"
    after = GIN.apply(s, Knock(0, "4D"))
    assert after.history[-1].kind == "knock" and after.history[-1].deadwood[0] == 2
    high = gin_at(
        ["3S 4S 5S 7H 7D 7C 9H JH KC QD 8C", "2H 3H 5D 6C 8S 9S JD QC KD AD"], phase=DISCARD
    )
    assert not any(isinstance(m, Knock) for m in GIN.legal_moves(high))
    gin_hand = gin_at(
        ["3S 4S 5S 7H 7D 7C 9H TH JH QH KD", "2H 3H 5D 6C 8S 9S JD QC KC AD"], phase=DISCARD
    )
    g = GIN.apply(gin_hand, Knock(0, "KD"))
    assert g.history[-1].kind == "gin"


def test_G5_lay_offs_onto_the_knockers_melds_but_not_onto_gin() -> None:
    knocker_melds = (cs("3S 4S 5S"), cs("7H 7D 7C"))
    dead, _, offs, left = min_deadwood_after_lay_offs(cs("6S 7S 2D"), knocker_melds)
    assert dead == 2 and left == cs("2D")
    assert [c for c, _ in offs] == list(cs("6S 7S"))  # 7S goes onto 6S just laid off
    s = gin_at([KNOCKER, "6S 7S 2D 9D 9C 9S KD KH KS KC"], phase=DISCARD)
    r = GIN.apply(s, Knock(0, "4D")).history[-1]
    assert r.deadwood == (2, 2) and r.kind == "undercut"
    assert {c for c, _ in r.lay_offs} == set(cs("6S 7S"))
    g = gin_at(
        ["3S 4S 5S 7H 7D 7C 9H TH JH QH KD", "6S 8S 2D 9D 9C 9S QD KD KH AC"],
        phase=DISCARD,
    )
    res = GIN.apply(g, Knock(0, "KD")).history[-1]
    assert res.kind == "gin" and res.lay_offs == () and res.deadwood[1] == 47  # 6S would fit 3S-5S


def test_G6_scoring_knock_undercut_and_gin() -> None:
    opp = "2H 3H 5D 6C 8S 9S JD QC KD AD"  # no melds: 64
    s = GIN.apply(gin_at([KNOCKER, opp], phase=DISCARD), Knock(0, "4D"))
    assert s.history[-1].deltas == (64 - 2, 0) and s.points == (62, 0)
    under = GIN.apply(
        gin_at([KNOCKER, "8D 8S 8H 9C TC JC QC KC AH AD"], phase=DISCARD), Knock(0, "4D")
    )
    r = under.history[-1]
    assert r.kind == "undercut" and r.winner == 1 and r.deltas == (0, 25)  # 2 vs 2: equal
    gin_hand = gin_at(["3S 4S 5S 7H 7D 7C 9H TH JH QH KD", opp], phase=DISCARD)
    g = GIN.apply(gin_hand, Knock(0, "KD"))
    assert g.history[-1].deltas == (64 + 25, 0)
    big = GIN.rules(["undercut_bonus=20", "gin_bonus=30"], 2)
    assert (big.undercut_bonus, big.gin_bonus) == (20, 30)
    assert g.history[-1].winner == 0 and g.start.dealer == 1  # the loser deals next


def test_G7_the_wall_and_the_turn_limit_void_the_hand() -> None:
    s = gin_at(
        ["3S 4S 5S 7H 7D 7C 9H TH KC QD", "2H 3H 5D 6C 8S 9S JH QC KD AD"],
        "4H",
        stock="KS KH",
        to_move=1,
        rules=["wall=2"],
    )
    assert GIN.legal_moves(s) == [Draw(1, "stock"), Draw(1, "discard")]
    d1 = GIN.apply(GIN.apply(s, Draw(1, "stock")), Discard(1, "KD"))
    assert len(d1.stock) == 1 and d1.phase == WALL
    assert GIN.legal_moves(d1) == [Pass(0)]  # KD would not let seat 0 knock
    assert rule_of(d1, Draw(0, "stock")) == "G7"
    assert rule_of(d1, Draw(0, "discard")) == "G7"
    void = GIN.apply(d1, Pass(0))
    assert void.history[-1].kind == "void" and void.points == (0, 0)
    assert void.start.dealer == d1.start.dealer and void.start.number == 2
    d2 = GIN.apply(GIN.apply(s, Draw(1, "stock")), Discard(1, "JH"))
    assert set(GIN.legal_moves(d2)) == {Pass(0), Draw(0, "discard")}
    last = GIN.apply(d2, Draw(0, "discard"))
    assert all(isinstance(m, Knock) for m in GIN.legal_moves(last))
    assert {m.card for m in GIN.legal_moves(last)} == {"KC", "QD"}
    assert rule_of(last, Discard(0, "KC")) == "G7"
    t = gin_at([KNOCKER[:-3], "2H 3H 5D 6C 8S 9S JD QC KD AD"], rules=["max_turns=1"])
    t2 = GIN.apply(GIN.apply(t, Draw(0, "stock")), Discard(0, "2C"))
    assert t2.history[-1].kind == "void"


def test_G8_the_game_and_its_bonuses() -> None:
    opp = "2H 3H 5D 6C 8S 9S JD QC KD AD"
    s = gin_at([KNOCKER, opp], phase=DISCARD)
    s.points, s.won = (50, 0), (1, 0)
    over = GIN.apply(s, Knock(0, "4D"))
    assert over.phase == OVER and over.winners == (0,) and over.to_move == -1
    # 112 points, 2 hands x 20, game 100, shutout 100
    assert over.points == (112, 0) and over.scores == (112 + 40 + 100 + 100, 0)
    s.points, s.won = (50, 10), (1, 1)
    over2 = GIN.apply(s, Knock(0, "4D"))
    assert over2.scores == (112 + 40 + 100, 10 + 20)


def test_G9_oklahoma_limit_from_the_upcard_spades_double() -> None:
    rules = GIN.rules(["knock_limit=upcard"], 2)
    assert (rules.target, rules.undercut_bonus, rules.spades_double) == (150, 20, True)
    with pytest.raises(RulesError, match="G9"):
        GIN.rules(["knock_limit=upcard", "deal=eleven"], 2)
    opp = "2H 3H 5D 6C 8S 9S JD QC KD AD"
    okla = ["knock_limit=upcard"]
    three = gin_at([KNOCKER, opp], phase=DISCARD, rules=okla, upcard="3H")
    assert three.start.limit == 3
    assert {m.card for m in GIN.legal_moves(three) if isinstance(m, Knock)} == {"4D"}
    assert rule_of(three, Knock(0, "2C")) == "G9"  # leaves 4
    ace = gin_at([KNOCKER, opp], phase=DISCARD, rules=okla, upcard="AH")
    assert ace.start.limit == 0 and not any(isinstance(m, Knock) for m in GIN.legal_moves(ace))
    spade = gin_at([KNOCKER, opp], phase=DISCARD, rules=okla, upcard="3S")
    assert GIN.apply(spade, Knock(0, "4D")).history[-1].deltas == (2 * 62, 0)
    real = GIN.new_match(rules, 2, "okla")
    up = real.start.upcard
    assert real.start.double == (up & 3 == 0)
