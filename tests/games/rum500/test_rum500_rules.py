"""500 Rum rule by rule (RUMMY.md F1-F9, with the M-rules they keep): each test meets its
rule in a position set up for it, through the engine's own `apply` and `legal_moves`."""

from __future__ import annotations

import pytest
from rum500kit import RUM500, at, cs, random_playout

from tt22.core.protocol import IllegalMove, RuleBroken, RulesError
from tt22.games.rum500 import Discard, Draw, LayOff, Meld, Pass, Take, engine
from tt22.games.rum500.cards import HELD
from tt22.games.rum500.engine import ACT, DRAW, OVER
from tt22.games.rum500.melds import best_value, is_meld, meld_value, order_meld, placed_values


def refused(state: engine.State, move: object) -> tuple[str, str]:
    with pytest.raises(IllegalMove) as e:
        RUM500.apply(state, move)
    assert isinstance(e.value, RuleBroken)
    return e.value.rule, e.value.detail.code


def play(state: engine.State, *moves: object) -> engine.State:
    for m in moves:
        state = RUM500.apply(state, m)
    return state


def test_f1_thirteen_cards_with_two_seven_with_three_or_four_and_an_upcard() -> None:
    for players, size in ((2, 13), (3, 7), (4, 7)):
        s = RUM500.new_match(RUM500.rules([], players), players, "f1")
        st = s.start
        assert all(len(h) == size for h in st.dealt)
        cards = [c for h in st.dealt for c in h] + [st.upcard, *st.stock]
        assert sorted(cards) == list(range(52))  # no jokers
        assert s.pile == (st.upcard,) and s.to_move == (st.dealer + 1) % players
        assert RUM500.rules_dict(s.rules)["hand_size"] == size
    with pytest.raises(RulesError):
        RUM500.rules(["hand_size=13"], 4)  # 52 cards and no upcard
    with pytest.raises(RulesError):
        RUM500.rules([], 5)


def test_f2_aces_low_or_high_never_both() -> None:
    assert is_meld(cs("AS 2S 3S")) and is_meld(cs("QS KS AS"))
    assert not is_meld(cs("KS AS 2S"))
    assert order_meld(cs("AS KS QS")) == cs("QS KS AS")
    assert is_meld(cs("AS AH AD"))


def test_f3_card_values_follow_their_place() -> None:
    assert placed_values(order_meld(cs("AS 2S 3S"))) == (5, 5, 5)  # a low ace 5
    assert placed_values(order_meld(cs("QS KS AS"))) == (10, 10, 15)  # a high ace 15
    assert placed_values(cs("AS AH AD")) == (15, 15, 15)  # an ace in a group 15
    assert placed_values(order_meld(cs("9D TD JD"))) == (5, 10, 10)
    assert HELD[cs("AC")[0]] == 15 and HELD[cs("7C")[0]] == 5 and HELD[cs("KC")[0]] == 10


PILE = "7H 3D 8S JC"


def test_f4_take_any_card_with_every_card_above_it() -> None:
    s = at(["5H 6H 2C 9D KS", "4C 4D"], PILE, opened=(0,))
    takes = [m for m in RUM500.legal_moves(s) if isinstance(m, Take)]
    assert Take(0, "JC") in takes and Take(0, "7H") in takes
    after = RUM500.apply(s, Take(0, "7H"))
    assert after.pile == () and set(cs("7H 3D 8S JC")) <= set(after.hands[0])
    assert after.must == cs("7H")[0] and after.phase == ACT
    assert after.seen[0] == cs("7H 3D 8S JC")


def test_f4_the_deepest_card_taken_must_be_put_down_at_once() -> None:
    s = RUM500.apply(at(["5H 6H 2C 9D KS", "4C 4D"], PILE, opened=(0,)), Take(0, "7H"))
    assert refused(s, Discard(0, "2C")) == ("F4", "rum500.must_place")
    assert refused(s, Meld(0, ("5H", "6H"))) == ("F2", "rummy.not_a_meld")
    legal = RUM500.legal_moves(s)
    assert legal == [Meld(0, ("5H", "6H", "7H"))]
    s = RUM500.apply(s, legal[0])
    assert s.must == -1 and Discard(0, "JC") in RUM500.legal_moves(s)  # the others are free
    # a lay-off places it too, after the opening; any other lay-off waits
    t = at(["2C 9H", "4C"], "8H 3D", opened=(0,), table=((1, "5H 6H 7H"),))
    t = RUM500.apply(t, Take(0, "8H"))
    assert refused(t, Discard(0, "3D")) == ("F4", "rum500.must_place")
    assert RUM500.legal_moves(t) == [LayOff(0, "8H", 0)]
    t = RUM500.apply(t, LayOff(0, "8H", 0))
    assert LayOff(0, "9H", 0) in RUM500.legal_moves(t)
    # under the reading "the very next move": a card that fits only after another lay-off
    # cannot be taken (9H needs 8H on the run first)
    u = at(["2C 8H", "4C"], "9H 3D", opened=(0,), table=((1, "5H 6H 7H"),))
    assert refused(u, Take(0, "9H")) == ("F4", "rum500.cannot_use")


def test_f4_a_deep_card_that_cannot_be_put_down_cannot_be_taken() -> None:
    s = at(["5H 6H 2C 9D KS", "4C 4D"], PILE, opened=(0,))
    assert refused(s, Take(0, "3D")) == ("F4", "rum500.cannot_use")
    assert Take(0, "3D") not in RUM500.legal_moves(s)
    assert refused(s, Take(0, "QC")) == ("F4", "rum500.not_in_pile")
    assert refused(s, Draw(0, "discard")) == ("F4", "rum500.use_take")


def test_f4_the_top_card_alone_carries_no_obligation_but_m4s() -> None:
    s = RUM500.apply(at(["5H 6H 2C 9D KS", "4C 4D"], PILE, opened=(0,)), Take(0, "JC"))
    assert s.must == -1 and s.taken == cs("JC")[0]
    assert refused(s, Discard(0, "JC")) == ("M4", "rummy.taken_back")
    RUM500.apply(s, Discard(0, "KS"))


def test_f5_the_opening_is_worth_more_than_30_in_one_turn() -> None:
    s = at(["KC KD KS 9C 8D", "4C 4D"], "2H", phase=ACT)
    assert refused(s, Meld(0, ("KC", "KD", "KS"))) == ("F5", "rum500.opening_low")  # 30
    s = at(["KC KD KS 2H 3H 4H 9C", "4C 4D"], "5D", phase=ACT)
    s = RUM500.apply(s, Meld(0, ("KC", "KD", "KS")))  # 30 so far, 2-3-4 to come
    assert not s.opened[0] and s.so_far == 30
    assert refused(s, Discard(0, "9C")) == ("F5", "rum500.opening_unfinished")
    assert RUM500.legal_moves(s) == [Meld(0, ("2H", "3H", "4H"))]
    s = RUM500.apply(s, Meld(0, ("2H", "3H", "4H")))
    assert s.opened[0] and s.so_far == 45
    RUM500.apply(s, Discard(0, "9C"))


def test_f5_no_lay_off_before_the_opening_and_a_deep_card_may_open() -> None:
    s = at(["8S 9C 2D", "4C 4D"], "3H", phase=ACT, table=((1, "5S 6S 7S"),))
    assert refused(s, LayOff(0, "8S", 0)) == ("F5", "rum500.not_opened")
    # the deep card taken goes into the opening: 5-6-7H (15) and three kings (30)
    hand = "5H 6H KC KD KS 2C"
    s = at([hand, "4C 4D"], PILE)
    assert refused(at(["5H 6H 2C 9D KS", "4C"], PILE), Take(0, "7H"))[0] == "F4"
    s = RUM500.apply(s, Take(0, "7H"))
    assert refused(s, Meld(0, ("KC", "KD", "KS"))) == ("F4", "rum500.must_first")
    s = play(s, Meld(0, ("5H", "6H", "7H")), Meld(0, ("KC", "KD", "KS")))
    assert s.opened[0]


def test_f6_cards_laid_off_score_for_who_lays_them() -> None:
    s = at(["8S 2D 3C", "KH QH"], "3H", phase=ACT, to_move=0, opened=(0,), table=((1, "5S 6S 7S"),))
    s = RUM500.apply(s, LayOff(0, "8S", 0))
    owner, cards, by = s.table[0]
    assert owner == 1 and cards == cs("5S 6S 7S 8S") and by == (1, 1, 1, 0)
    assert engine.table_values(s.table, 2) == (5, 15)


def test_f7_going_out_by_melding_or_by_discarding() -> None:
    s = at(["2D 3D 4D", "KH QH"], "9C", phase=ACT, opened=(0,))
    s = RUM500.apply(s, Meld(0, ("2D", "3D", "4D")))
    assert s.history[-1].out == 0 and s.history[-1].ended == "out"
    s = at(["2D", "KH QH"], "9C", phase=ACT, opened=(0,))
    s = RUM500.apply(s, Discard(0, "2D"))
    assert s.history[-1].out == 0


def test_f7_with_the_stock_empty_taking_nothing_ends_the_hand() -> None:
    s = at(["2D 9C", "KH QH"], "5C", stock="")
    assert refused(s, Draw(0, "stock")) == ("F7", "rum500.stock_empty")
    assert Pass(0) in RUM500.legal_moves(s) and Take(0, "5C") in RUM500.legal_moves(s)
    s = RUM500.apply(s, Pass(0))
    assert s.history[-1].ended == "stock" and s.history[-1].out == -1
    assert refused(at(["2D", "KH"], "5C"), Pass(0)) == ("F7", "rum500.stock_left")


def test_f8_a_hand_scores_what_was_put_down_less_what_is_held() -> None:
    s = at(
        ["2D 3D 4D 9C", "KH QH AS"],
        "9H",
        phase=ACT,
        opened=(0, 1),
        table=((1, "JC JD JS"),),
    )
    s = play(s, Meld(0, ("2D", "3D", "4D")), Discard(0, "9C"))
    r = s.history[-1]
    assert r.melded == (15, 30) and r.held == (0, 35)
    assert r.points == (15, -5) and s.scores == (15, -5)  # a negative hand is possible


def test_f9_the_first_to_500_wins_the_highest_and_ties_share() -> None:
    s = at(["2D 3D 4D", "KH QH"], "9C", phase=ACT, opened=(0,), rules=["target=10"])
    s = RUM500.apply(s, Meld(0, ("2D", "3D", "4D")))
    assert s.phase == OVER and s.winners == (0,) and s.scores == (15, -20)
    s = at(["2D 3D 4D", "KH QH"], "9C", phase=ACT, opened=(0,), rules=["target=10"])
    s.scores = (5, 60)  # both over: the highest wins
    s = RUM500.apply(s, Meld(0, ("2D", "3D", "4D")))
    assert s.winners == (1,)
    s = at(["2D 3D 4D", "KH QH"], "9C", phase=ACT, opened=(0,), rules=["target=10"])
    s.scores = (20, 55)  # 35 each: they share
    assert RUM500.apply(s, Meld(0, ("2D", "3D", "4D"))).winners == (0, 1)


def test_f9_a_hand_is_void_after_max_turns() -> None:
    s = at(["2D 9C", "KH QH"], "5C", rules=["max_turns=1"])
    s = play(s, Draw(0, "stock"), Discard(0, "9C"))
    r = s.history[-1]
    assert r.ended == "turns" and r.points == (0, 0) and s.start.number == 2


def test_m4_no_move_leaves_a_turn_that_cannot_end() -> None:
    """Only the top card taken left, fitting nowhere: the meld that would leave it is
    refused; with a meld it would fit, allowed."""
    s = RUM500.apply(at(["2D 3D 4D", "KH QH"], "9C", opened=(0,)), Take(0, "9C"))
    assert refused(s, Meld(0, ("2D", "3D", "4D"))) == ("M4", "rum500.stuck")
    s = at(["2D 3D 4D", "KH QH"], "5D", opened=(0,))
    s = RUM500.apply(s, Take(0, "5D"))
    s = RUM500.apply(s, Meld(0, ("2D", "3D", "4D")))
    assert RUM500.legal_moves(s) == [LayOff(0, "5D", 0)]


def test_every_legal_move_is_exactly_what_check_accepts() -> None:
    """The hot path's inline tests (`position_moves`) agree with `check` on every
    candidate: each meld of the hand, each card on each meld, each discard, each take."""
    for players in (2, 3, 4):
        for state, _ in random_playout(RUM500, players, f"agree/{players}", limit=800)[:-1]:
            p = state.position()
            legal = set(map(repr, RUM500.legal_moves(state)))
            seat = p.to_move
            if p.phase == DRAW:
                cands: list[object] = [Draw(seat, "stock"), Pass(seat)]
                cands += [Take(seat, t) for t in map(str, _texts(p.pile))]
            else:
                cands = [Meld(seat, tuple(_texts(order_meld(m)))) for m in _melds(p.hand)]
                cands += [LayOff(seat, c, i) for c in _texts(p.hand) for i in range(len(p.table))]
                cands += [Discard(seat, c) for c in _texts(p.hand)]
            ok = {repr(m) for m in cands if RUM500.explain(state, m) is None}
            assert ok == legal, ok ^ legal


def _texts(cards: object) -> list[str]:
    from tt22.games.rum500.cards import TEXT

    return [TEXT[c] for c in cards]  # type: ignore[attr-defined]


def _melds(hand: tuple[int, ...]) -> list[tuple[int, ...]]:
    from tt22.games.rum500.melds import candidate_melds

    return list(candidate_melds(hand))


def test_best_value_is_the_most_a_hand_melds() -> None:
    assert best_value(cs("2H 3H 4H KC KD KS 9C")) == 45
    assert best_value(cs("2H 3H 4H 5H")) == meld_value(cs("2H 3H 4H 5H")) == 20
    assert DRAW == 0
