"""Reasons in a player's words: forced choices, playable cards, what is wrong with a
selection, and the rule named by every IllegalMove."""

from __future__ import annotations

import re
from collections import Counter

from enginekit import cards, play, rig
from hypothesis import given, settings
from hypothesis import strategies as st

from tt22.core.cards import TEXT
from tt22.core.protocol import IllegalMove
from tt22.core.rng import Pcg32
from tt22.games.twentytwo import (
    EXCHANGE,
    Exchange,
    Play,
    Rules,
    State,
    apply,
    explain,
    forced_reason,
    legal_moves,
    new_match,
    playable_cards,
    selection_problem,
    view,
)


def _kqt_on_the_table(rules: Rules | None = None) -> State:
    """Seat 0 led 9-9-9, seat 1 beat it with K-Q-10; seat 2 is to play."""
    s = rig(["9S 9H 9D 2C", "KS QS TS 3C", "2H 3H 4H 5H"], rules=rules)
    s = play(s, 0, "9S 9H 9D")
    return play(s, 1, "KS QS TS")


def test_forced_duck_is_explained_in_words() -> None:
    s = _kqt_on_the_table()
    assert (
        forced_reason(view(s, 2))
        == "You cannot beat K-Q-10, so you play your three lowest cards (R13)."
    )
    s = play(rig(["AS 2S", "3H 4H"]), 0, "AS")
    assert forced_reason(view(s, 1)) == "You cannot beat A, so you play your lowest card (R13)."


def test_no_reason_when_the_choice_is_free() -> None:
    s = play(rig(["7S 5H", "2S KS"]), 0, "7S")
    assert forced_reason(view(s, 1)) is None  # duck or beat: a real choice
    assert forced_reason(view(s, 0)) is None  # not seat 0's turn
    lead = rig(["7S 5H", "2S KS"])
    assert forced_reason(view(lead, 0)) is None  # the leader chooses freely
    ex = rig(["7S 5H", "2S KS"], phase=EXCHANGE, stock="AS")
    assert forced_reason(view(ex, 0)) is None


def test_only_one_play_and_must_beat_reasons() -> None:
    s = play(rig(["5S 2S", "KS KH 9D"]), 0, "5S")
    # Seat 1's lowest card (9) beats a 5, so ducking is beating: two plays, 9 or K.
    assert forced_reason(view(s, 1)) is None
    s = play(rig(["5S 2S", "KS KH"]), 0, "5S")
    assert [m.cards for m in legal_moves(s)] == [("KS",)]
    assert forced_reason(view(s, 1)) == "Only one play is possible here (R13)."
    rules = Rules(must_beat=True)
    s = play(rig(["5S 2S", "2H KH"], rules=rules), 0, "5S")
    assert forced_reason(view(s, 1)) == (
        "House rule: you can beat 5, and only one play does it (R13)."
    )
    s = play(rig(["5S 2S", "2H QH KH"], rules=rules), 0, "5S")
    assert forced_reason(view(s, 1)) == "House rule: you can beat 5, so you must (R13)."


def test_playable_cards() -> None:
    s = rig(["5S 5H 9C", "2S 3S KS"])
    assert playable_cards(view(s, 0)) == frozenset(cards("5S 5H 9C"))  # any card can lead
    assert playable_cards(view(s, 1)) == frozenset()  # not seat 1's turn
    s = play(s, 0, "9C")
    assert playable_cards(view(s, 1)) == frozenset(cards("2S KS"))  # duck 2 or beat with K
    s = play(rig(["9S 9H 2C", "2H 2D KS", "4H 5H 6H"]), 0, "9S 9H")
    # Only the duck (2-2) is legal: every 2 of the hand is playable, the K is not.
    assert playable_cards(view(s, 1)) == frozenset(cards("2H 2D"))
    ex = rig(["7S 5H", "2S KS"], phase=EXCHANGE, stock="AS")
    assert playable_cards(view(ex, 0)) == frozenset(cards("7S 5H"))


def test_selection_problem_messages() -> None:
    lead = view(rig(["5S 5H 9C", "2S 3S KS"]), 0)
    assert selection_problem(lead, []) == "Choose the cards to play."
    assert selection_problem(lead, cards("5S 9C")) == (
        "A lead of several cards must all be one rank (R12)."
    )
    assert selection_problem(lead, cards("5S 5H")) is None
    assert selection_problem(view(rig(["5S 5H", "2S 3S"]), 0), cards("5S 5H")) == (
        "The leader must keep at least one card (R12)."
    )
    assert selection_problem(view(rig(["5S 5H", "2S 3S"]), 1), cards("2S")) == (
        "It is not your turn."
    )
    follow = view(_kqt_on_the_table(), 2)
    assert selection_problem(follow, cards("5H")) == (
        "Play exactly 3 cards, as many as were led (R13)."
    )
    assert selection_problem(follow, cards("3H 4H 5H")) == (
        "5-4-3 neither beats K-Q-10 nor is your three lowest cards (R13)."
    )
    assert selection_problem(follow, cards("2H 3H 4H")) is None
    must = view(play(rig(["5S 2S", "2H KH"], rules=Rules(must_beat=True)), 0, "5S"), 1)
    assert selection_problem(must, cards("2H")) == (
        "House rule: you can beat 5, so you must (R13)."
    )
    ex = view(rig(["7S 5H", "2S KS"], phase=EXCHANGE, stock="AS"), 0)
    assert selection_problem(ex, cards("7S 5H")) == (
        "You cannot discard 2 cards: the stock holds only 1 (R11)."
    )
    assert selection_problem(ex, cards("7S")) is None


def test_illegal_move_messages_name_the_rule() -> None:
    s = _kqt_on_the_table()
    cases = [
        (Play(2, ("5H",)), "R13", "you must play exactly 3 cards, as many as were led"),
        (
            Play(2, ("3H", "4H", "5H")),
            "R13",
            "5-4-3 neither beats K-Q-10 nor is your three lowest cards",
        ),
        (Play(2, ("AS", "2H", "3H")), "R12", "you can only play cards from your own hand"),
        (Play(0, ("2C",)), "R13", "it is seat 2's turn, not seat 0's"),
        (Exchange(2, ()), "R11", "the exchange is over: it is time to play a card"),
    ]
    for move, rule, reason in cases:
        try:
            apply(s, move)
        except IllegalMove as e:
            assert (e.rule, e.reason) == (rule, reason)
            assert str(e) == f"{reason} ({rule})"
            assert explain(s, move) == str(e)
        else:
            raise AssertionError(f"{move} was accepted")
    assert explain(s, Play(2, ("2H", "3H", "4H"))) is None
    ex = rig(["7S 5H", "2S KS"], phase=EXCHANGE, stock="AS")
    assert explain(ex, Play(0, ("7S",))) == "first exchange (or keep) your cards (R11)"
    assert explain(ex, Exchange(0, ("7S", "5H"))) == (
        "you cannot discard 2 cards: the stock holds only 1 (R11)"
    )


@settings(max_examples=8, deadline=None)
@given(
    players=st.integers(2, 9),
    must_beat=st.booleans(),
    stop_when_short=st.booleans(),
    seed=st.text(max_size=6),
    choices=st.integers(0, 2**64 - 1),
)
def test_selection_problem_and_playable_cards_agree_with_apply(
    players: int, must_beat: bool, stop_when_short: bool, seed: str, choices: int
) -> None:
    """Judged from the view alone, selection_problem is None exactly when apply accepts
    the play; playable cards are exactly those in some legal play; every message ends by
    naming its rule."""
    rng = Pcg32(choices, 5)
    exchange = "stop_when_short" if stop_when_short else "up_to_stock"
    s = new_match(Rules(must_beat=must_beat, exchange=exchange), players, seed)
    for _ in range(400):
        if s.over:
            break
        v = view(s, s.to_move)
        hand = list(v.hand)
        if v.playing:
            in_some = {
                c for m in legal_moves(s) for c in hand if TEXT[c][0] in {t[0] for t in m.cards}
            }
            assert playable_cards(v) == frozenset(in_some)
            reason = forced_reason(v)
            assert reason is None or re.search(r"\(R13\)\.$", reason)
            for _ in range(4):
                pool = list(hand)
                k = 1 + rng.bounded(len(pool))
                if v.plays and rng.bounded(2):
                    k = len(v.best_desc)
                chosen = [pool.pop(rng.bounded(len(pool))) for _ in range(k)]
                problem = selection_problem(v, chosen)
                verdict = explain(s, Play(s.to_move, tuple(TEXT[c] for c in chosen)))
                assert (problem is None) == (verdict is None), (problem, verdict)
                if problem is not None:
                    assert re.search(r"\(R1[123]\)\.$", problem)
                    assert verdict is not None and re.search(r"\(R1[123]\)$", verdict)
                assert Counter(chosen) <= Counter(hand)
        else:
            for _ in range(3):
                pool = list(hand)
                k = rng.bounded(len(pool) + 1)
                chosen = [pool.pop(rng.bounded(len(pool))) for _ in range(k)]
                problem = selection_problem(v, chosen)
                verdict = explain(s, Exchange(s.to_move, tuple(TEXT[c] for c in chosen)))
                assert (problem is None) == (verdict is None), (problem, verdict)
        moves = legal_moves(s)
        s = apply(s, moves[rng.bounded(len(moves))])
