"""Persian Rummy rule by rule (RUMMY.md P1-P8; F1-F9 where P says nothing): each test
meets its rule in a position set up for it, through the engine's own `apply`."""

from __future__ import annotations

import msgspec
import pytest
from rum500kit import PERSIAN, at, cs

from tt22.core.protocol import IllegalMove, RulesError
from tt22.games.rum500 import Discard, LayOff, Meld, Take, engine
from tt22.games.rum500.cards import HELD, JOKERS
from tt22.games.rum500.engine import ACT, OVER
from tt22.games.rum500.melds import is_meld, meld_value


def p_at(hands: list[str], pile: str = "9C", **kw: object) -> engine.State:
    return at(hands, pile, game=PERSIAN, **kw)  # type: ignore[arg-type]


def rule_of(state: engine.State, move: object) -> str:
    with pytest.raises(IllegalMove) as e:
        PERSIAN.apply(state, move)
    return e.value.rule


def test_p1_56_cards_and_jokers_meld_only_with_jokers() -> None:
    s = PERSIAN.new_match(PERSIAN.rules([], 4), 4, "p1")
    st = s.start
    cards = [c for h in st.dealt for c in h] + [st.upcard, *st.stock]
    assert sorted(cards) == list(range(56))
    assert is_meld(cs("X1 X2 X3")) and is_meld(cs("X1 X2 X3 X4"))
    assert not is_meld(cs("X1 X2 5S")) and not is_meld(cs("X1 5S 6S"))
    hand = p_at(["X1 X2 5S 6S 2D", "4C", "4D", "4H"], phase=ACT, opened=(0,))
    assert rule_of(hand, Meld(0, ("X1", "5S", "6S"))) == "P1"


def test_p2_four_players_partners_opposite_scores_added() -> None:
    with pytest.raises(RulesError):
        PERSIAN.rules([], 2)
    assert PERSIAN.partnerships and PERSIAN.default_players == 4
    s = PERSIAN.new_match(PERSIAN.rules([], 4), 4, "p2")
    assert all(len(h) == 7 for h in s.start.dealt)
    # partner 2 lays off on seat 0's meld; the side's points are added for both
    s = p_at(
        ["9S 2D", "KH", "8S 3C", "QD"],
        to_move=2,
        phase=ACT,
        opened=(0, 2),
        table=((0, "5S 6S 7S"),),
    )
    s = PERSIAN.apply(s, LayOff(2, "8S", 0))
    s = PERSIAN.apply(s, Discard(2, "3C"))  # out
    r = s.history[-1]
    side = r.points[0] + r.points[2]
    assert s.scores[0] == s.scores[2] == side and s.scores[1] == s.scores[3]
    assert r.melded[2] == 5 and r.bonus[2] == 25


def test_p3_aces_as_f2_and_a_joker_worth_20() -> None:
    assert HELD[JOKERS[0]] == 20 and meld_value(cs("X1 X2 X3")) == 60
    assert meld_value(cs("QS KS AS")) == 35 and meld_value(cs("AS 2S 3S")) == 15


def test_p4_four_jokers_at_once_score_four_times() -> None:
    s = p_at(["X1 X2 X3 X4 2D", "KH", "QS", "QD"], phase=ACT)
    s = PERSIAN.apply(s, Meld(0, ("X1", "X2", "X3", "X4")))
    assert s.bonus[0] == 240 and s.opened[0]
    s = PERSIAN.apply(s, Discard(0, "2D"))
    r = s.history[-1]
    assert r.melded[0] == 80 and r.bonus[0] == 240 + 25  # 320 for the jokers, P5's 25
    assert r.points[0] == 320 + 25 and r.held[0] == 0
    # three jokers and the fourth laid off later: no bonus (not at once)
    t = p_at(["X1 X2 X3 X4 2D 5C", "KH", "QS", "QD"], phase=ACT)
    t = PERSIAN.apply(t, Meld(0, ("X1", "X2", "X3")))
    t = PERSIAN.apply(t, LayOff(0, "X4", 0))
    assert t.bonus[0] == 0
    # four_jokers = 2: four jokers count twice, and so does any four of a kind
    u = p_at(["X1 X2 X3 X4 9S 9H 9D 9C 2D", "KH", "QS", "QD"], phase=ACT, rules=["four_jokers=2"])
    u = PERSIAN.apply(u, Meld(0, ("X1", "X2", "X3", "X4")))
    assert u.bonus[0] == 80
    u = PERSIAN.apply(u, Meld(0, ("9S", "9H", "9D", "9C")))
    assert u.bonus[0] == 100
    with pytest.raises(RulesError):
        PERSIAN.rules(["four_jokers=3"], 4)


def test_p5_going_out_scores_the_side_25() -> None:
    s = p_at(["2D", "KH", "QS", "QD"], phase=ACT, opened=(0,), rules=["out_bonus=30"])
    s = PERSIAN.apply(s, Discard(0, "2D"))
    r = s.history[-1]
    assert r.out == 0 and r.bonus == (30, 0, 0, 0)
    assert s.scores[0] == 30 + 0 - HELD[cs("QS")[0]]


def test_p6_the_opening_holds() -> None:
    s = p_at(["KC KD KS 9C", "KH", "QS", "QD"], phase=ACT)
    assert rule_of(s, Meld(0, ("KC", "KD", "KS"))) == "F5"
    s = p_at(["8S 2D", "KH", "QS", "QD"], phase=ACT, table=((1, "5S 6S 7S"),))
    assert rule_of(s, LayOff(0, "8S", 0)) == "F5"


def test_p7_two_deals_make_a_game_and_the_side_ahead_scores_50() -> None:
    s = p_at(["2D", "KH", "QS", "QD"], phase=ACT, opened=(0,))
    s = PERSIAN.apply(s, Discard(0, "2D"))
    assert s.phase != OVER and s.start.number == 2
    assert s.start.dealer == (s.history[0].start.dealer + 1) % 4  # clockwise
    after_one = s.scores
    s = s.copy()
    n = s.to_move
    s.hands = tuple(cs("3D") if i == n else h for i, h in enumerate(s.hands))
    s.phase = ACT
    s.opened = (True,) * 4
    s = PERSIAN.apply(s, Discard(n, "3D"))  # out: the second deal ends the game
    assert s.phase == OVER and len(s.history) == 2
    before = s.history[-1].scores
    side = 0 if before[0] > before[1] else 1
    assert before != after_one and s.winners == (side, side + 2)
    assert s.scores[side] == before[side] + 50 and s.scores[1 - side] == before[1 - side]


def test_p7_equal_points_are_a_draw_with_no_bonus() -> None:
    s = p_at(["2D", "KH", "QS", "QD"], phase=ACT, opened=(0,), rules=["target=1"])
    s.scores = (5, 40, 5, 40)  # this hand: 25 - 10 for one side, -20 for the other
    s = PERSIAN.apply(s, Discard(0, "2D"))
    assert s.phase == OVER and s.scores[0] == s.scores[1]
    assert s.winners == (0, 1, 2, 3)


def test_p8_a_view_names_the_partner_and_hides_the_partners_hand() -> None:
    s = PERSIAN.new_match(PERSIAN.rules([], 4), 4, "p8")
    for seat in range(4):
        v = PERSIAN.view(s, seat)
        assert v.partner == (seat + 2) % 4 and v.hand == s.hands[seat]
        encoded = msgspec.msgpack.encode(v)
        partner = s.hands[v.partner]
        shown = {*v.hand, *v.pile}
        assert not shown & set(partner)
        assert PERSIAN.decode_view(encoded) == v
    assert PERSIAN.view(s, 0).counts == (7, 7, 7, 7)
    assert Take(0, "9C").card == "9C"
