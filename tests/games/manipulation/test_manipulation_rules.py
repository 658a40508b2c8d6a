"""Manipulation Rummy's rules, one test per rule of RUMMY.md (X1-X9), and properties over
seeded random playouts: cards conserved, views blind to what is hidden (M5), a record's
moves replaying to the same digest."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tt22.core.conformance import check_resample, random_playout
from tt22.core.protocol import IllegalMove, RuleBroken, RulesError
from tt22.core.rng import seed_key, stream
from tt22.games.manipulation import MANIPULATION_GAME as GAME
from tt22.games.manipulation import Draw, Pass, Play, table_problems
from tt22.games.manipulation.cards import CODE, PENALTY
from tt22.games.manipulation.engine import State, position_moves
from tt22.games.manipulation.melds import MELDS, is_meld, meld_problem


def cards(text: str) -> tuple[int, ...]:
    return tuple(CODE[w] for w in text.split())


def words(melds: list[str]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(m.split()) for m in melds)


def start(players: int = 3, seed: str = "x", rules: tuple[str, ...] = ()) -> State:
    return GAME.new_match(GAME.rules(list(rules), players), players, seed)


def setup(
    hand: str, table: list[str], players: int = 2, rules: tuple[str, ...] = (), stock: bool = True
) -> State:
    """A state with the seat to move holding `hand` and the table `table`."""
    s = start(players, "setup", rules).copy()
    seat = s.to_move
    hands = list(s.hands)
    hands[seat] = tuple(sorted(cards(hand)))
    s.hands = tuple(hands)
    s.table = tuple(MELDS[tuple(sorted(cards(m)))] for m in table)
    if not stock:
        s.stock = ()
    return s


def refusal(s: State, move: object) -> RuleBroken:
    with pytest.raises(RuleBroken) as e:
        GAME.apply(s, move)  # type: ignore[arg-type]
    return e.value


def playout(players: int, seed: str, limit: int = 4000) -> list[tuple[State, object]]:
    return random_playout(GAME, players, seed, name="test", limit=limit)


def test_x1_two_decks_two_copies_of_every_card() -> None:
    s = start(3)
    everything = Counter(c for h in s.hands for c in h) + Counter(s.stock)
    assert everything == Counter({c: 2 for c in range(52)})
    assert sum(everything.values()) == 104


def test_x2_seven_cards_each_for_two_to_five_players_and_no_discard_pile() -> None:
    for players in (2, 3, 4, 5):
        s = start(players)
        assert [len(h) for h in s.hands] == [7] * players
        assert len(s.stock) == 104 - 7 * players and s.table == ()
        assert s.to_move == (s.start.dealer + 1) % players
    for players in (1, 6):
        with pytest.raises(RulesError):
            GAME.rules([], players)
    with pytest.raises(RulesError, match="hand_size"):
        GAME.rules(["hand_size=20"], 5)


def test_x3_runs_of_one_suit_in_sequence_groups_of_different_suits() -> None:
    assert is_meld(cards("3S 4S 5S")) and is_meld(cards("AS 2S 3S"))
    assert is_meld(cards("QS KS AS")) and is_meld(cards("7H 7D 7C 7S"))
    assert meld_problem(cards("KS AS 2S")).code == "manipulation.run_corner"  # type: ignore[union-attr]
    assert meld_problem(cards("7H 7H 7C")).code == "manipulation.group_suits"  # type: ignore[union-attr]
    assert meld_problem(cards("3S 5S 6S")).code == "manipulation.run_sequence"  # type: ignore[union-attr]
    assert meld_problem(cards("3S 4H 5S")).code == "manipulation.meld_mixed"  # type: ignore[union-attr]
    assert meld_problem(cards("3S 4S")).code == "manipulation.meld_short"  # type: ignore[union-attr]
    assert meld_problem(cards("7H 7D 7C 7S 7H")) is not None  # a group is at most 4
    problems = table_problems([cards("3S 4S 5S"), cards("9H 9H 9C"), cards("2D 4D 3D")])
    assert [(i, r.code) for i, r in problems] == [(1, "manipulation.group_suits")]
    assert GAME.describe(problems[0][1]) == "meld 2 (9H 9H 9C): a group needs different suits (X3)"


def test_x4_a_play_puts_hand_cards_on_a_table_it_may_rearrange() -> None:
    s = setup("6S 9C KD", ["3S 4S 5S", "7S 8S 9S"])
    # 6S joins the runs into one: 3S..9S, every meld rearranged
    after = GAME.apply(s, Play(s.to_move, ("6S",), words(["3S 4S 5S 6S 7S 8S 9S"])))
    assert after.table == (cards("3S 4S 5S 6S 7S 8S 9S"),)
    assert after.hands[s.to_move] == tuple(sorted(cards("9C KD")))
    # splitting a run to make room: 3S 4S 5S | 5S 6S 7S needs a second 5S from the hand
    s2 = setup("5S", ["3S 4S 5S 6S 7S"])
    GAME.apply(s2, Play(s2.to_move, ("5S",), words(["3S 4S 5S", "5S 6S 7S"])))
    assert refusal(s, Play(s.to_move, (), words(["3S 4S 5S", "7S 8S 9S"]))).rule == "X4"
    went = refusal(s, Play(s.to_move, ("6S",), words(["3S 4S 5S 6S"])))
    assert went.detail.code == "manipulation.went_back" and went.rule == "X4"
    assert GAME.apply(s, Draw(s.to_move)).hands[s.to_move] != s.hands[s.to_move]
    assert isinstance(GAME.legal_moves(s)[0], Draw)


def test_x5_opening_minimum_when_asked() -> None:
    assert GAME.rules([]).opening == 0
    s = setup("TS JS QS 2H 3H 4H", ["3S 4S 5S"], rules=("opening=30",))
    assert not s.opened[s.to_move]
    low = refusal(s, Play(s.to_move, ("2H", "3H", "4H"), words(["3S 4S 5S", "2H 3H 4H"])))
    assert low.detail.code == "manipulation.opening_low" and low.rule == "X5"
    ok = Play(s.to_move, ("TS", "JS", "QS"), words(["3S 4S 5S", "TS JS QS"]))
    assert GAME.apply(s, ok).opened[s.to_move]
    s2 = setup("6S TS JS QS", ["3S 4S 5S"], rules=("opening=30",))
    kept = refusal(
        s2, Play(s2.to_move, ("6S", "TS", "JS", "QS"), words(["3S 4S 5S 6S", "TS JS QS"]))
    )
    assert kept.detail.code == "manipulation.opening_kept"
    moves = position_moves(s.position())
    assert all(len(m.cards) == 3 and "2H" not in m.cards for m in moves if isinstance(m, Play))


def test_x6_going_out_wins_the_hand() -> None:
    s = setup("6S", ["3S 4S 5S"])
    seat = s.to_move
    after = GAME.apply(s, Play(seat, ("6S",), words(["3S 4S 5S 6S"])))
    done = after.history[-1]
    assert done.winner == seat and done.ended == "out" and done.deltas[seat] == 0
    assert after.start.number == 2


def test_x7_empty_stock_pass_and_every_seat_passing_ends_the_hand() -> None:
    s = setup("2C 9D", ["3S 4S 5S"], stock=False)
    assert refusal(s, Draw(s.to_move)).rule == "X7"
    assert GAME.legal_moves(s)[0] == Pass(s.to_move)
    assert GAME.forced_reason(GAME.view(s, s.to_move)).code == "manipulation.must_pass"  # type: ignore[union-attr]
    s = GAME.apply(s, Pass(s.to_move))
    assert refusal(setup("2C", ["3S 4S 5S"]), Pass(s.to_move)).rule in ("X7", "X4")
    s = GAME.apply(s, Pass(s.to_move))
    done = s.history[-1]
    assert done.winner == -1 and done.ended == "passed"
    assert done.deltas == tuple(sum(PENALTY[c] for c in h) for h in done.left)


def test_x8_penalties_and_the_game_to_100() -> None:
    assert [PENALTY[CODE[c]] for c in ("2S", "9H", "TD", "KC", "AS")] == [5, 5, 10, 10, 15]
    s = setup("6S", ["3S 4S 5S"])
    seat = s.to_move
    after = GAME.apply(s, Play(seat, ("6S",), words(["3S 4S 5S 6S"])))
    other = 1 - seat
    assert after.history[-1].deltas[other] == sum(PENALTY[c] for c in s.hands[other])
    final = playout(2, "to the end", 100_000)[-1][0]
    assert final.over and max(final.scores) >= 100
    assert final.winners == tuple(i for i, x in enumerate(final.scores) if x == min(final.scores))


def test_x9_a_play_carries_the_whole_table_and_is_checked_exactly() -> None:
    s = setup("6S 6H", ["3S 4S 5S", "6D 6C 6S"])
    seat = s.to_move
    extra = refusal(s, Play(seat, ("6H",), words(["3S 4S 5S", "6D 6C 6S 6H", "2C 3C 4C"])))
    assert extra.detail.code == "manipulation.extra" and extra.rule == "X9"
    held = refusal(s, Play(seat, ("6H", "6H"), words(["3S 4S 5S", "6D 6C 6S 6H 6H"])))
    assert held.detail.code == "manipulation.not_held" and held.rule == "X9"
    bad = refusal(s, Play(seat, ("6S",), words(["3S 4S 5S 6S", "6D 6C 6S", "6S"])))
    assert bad.detail.code in ("manipulation.went_back", "manipulation.extra")
    first = refusal(s, Play(seat, ("6H",), words(["3S 4S 5S", "6D 6C 6H", "6S"])))
    assert first.rule == "X3" and first.detail.arg("meld") == 2
    assert first.detail.code == "manipulation.meld_short"
    # the new arrangement is kept exactly as played (each meld as laid)
    after = GAME.apply(s, Play(seat, ("6H",), words(["6C 6D 6H 6S", "5S 4S 3S"])))
    assert after.table == (cards("6S 6H 6D 6C"), cards("3S 4S 5S"))
    event = after.log[1] if after.log else None
    assert event == (seat, "play", (cards("6H"), after.table))


def test_the_solver_finds_rearrangements_as_the_hint() -> None:
    s = setup("6S 9C", ["3S 4S 5S", "7S 8S 9S"])
    hint = GAME.hint(GAME.view(s, s.to_move), "salt")
    assert isinstance(hint, Play) and hint.cards == ("6S",)
    GAME.apply(s, hint)
    s2 = setup("2C 9D", ["3S 4S 5S"])
    assert GAME.hint(GAME.view(s2, s2.to_move), "salt") == Draw(s2.to_move)
    assert GAME.forced_reason(GAME.view(s2, s2.to_move)).code == "manipulation.must_draw"  # type: ignore[union-attr]


def test_moves_as_text_round_trip() -> None:
    m = Play(1, ("6S", "6S"), words(["3S 4S 5S 6S", "6S 7S 8S"]))
    assert GAME.move_text(m) == "play 6S 6S : 3S 4S 5S 6S | 6S 7S 8S"
    assert GAME.parse_move(1, GAME.move_text(m)) == m
    assert GAME.parse_move(0, "draw") == Draw(0) and GAME.parse_move(0, "pass") == Pass(0)
    with pytest.raises(ValueError):
        GAME.parse_move(0, "play 6S")


@settings(max_examples=6, deadline=None)
@given(st.integers(2, 5), st.text("abcdef", min_size=1, max_size=6))
def test_cards_are_conserved_and_views_hide_the_hands(players: int, seed: str) -> None:
    for s, m in playout(players, seed, 400):
        everything = Counter(c for h in s.hands for c in h) + Counter(s.stock)
        everything += Counter(c for meld in s.table for c in meld)
        assert everything == Counter({c: 2 for c in range(52)})
        assert all(is_meld(meld) for meld in s.table)
        if m is None or s.over:
            continue
        seat = s.to_move
        other = (seat + 1) % players
        v = GAME.view(s, other)
        assert v.hand == s.hands[other]
        raw = msgspec.msgpack.encode(v)
        for hidden in (s.stock, s.hands[seat]):
            assert GAME.view(_swap(s, seat), other) == v or hidden == ()
        assert GAME.decode_view(raw) == v
        assert all(data is None for _, kind, data in v.events if kind == "draw")
        assert GAME.public_view(s).hand == ()


def _swap(s: State, seat: int) -> State:
    """`s` with `seat`'s hand and the stock dealt again among themselves: another seat's
    view cannot tell."""
    pool = sorted((*s.hands[seat], *s.stock))
    t = s.copy()
    n = len(s.hands[seat])
    hands = list(s.hands)
    hands[seat] = tuple(pool[-n:])
    t.hands = tuple(hands)
    t.stock = tuple(pool[:-n])
    return t


def test_resample_keeps_the_view() -> None:
    s = playout(3, "resample", 60)[-2][0]
    seat = s.to_move
    w = check_resample(GAME, s, seat, stream(seed_key("r"), "w"), unkept=("history",))
    assert [len(h) for h in w.hands] == [len(h) for h in s.hands]


def test_a_record_replays_to_the_same_digest() -> None:
    steps = playout(3, "digest", 300)
    moves = [m for _, m in steps if m is not None]
    s = start(3, "digest")
    for m in moves:
        s = GAME.apply(s, GAME.decode_move(GAME.encode_move(m)))  # type: ignore[arg-type]
    assert GAME.digest(s) == GAME.digest(steps[-1][0])


def test_illegal_moves_name_x_rules() -> None:
    s = start(3)
    with pytest.raises(IllegalMove) as e:
        GAME.apply(s, Draw((s.to_move + 1) % 3))
    assert e.value.rule == "X4"
