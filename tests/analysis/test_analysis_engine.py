"""The analysis engine (tt22/analysis): marks that mean something, losses that are zero
when the best move was played, and nothing read but the seat's view."""

from __future__ import annotations

import copy
import datetime as dt
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tt22.analysis import Settings, analyse_decision, analyse_record, analyse_states
from tt22.analysis.engine import accuracy_of, decisions, mark_of, objective_of
from tt22.core.players import Player
from tt22.core.registry import game_names, get_game
from tt22.games.rummy.analysis import score_difference
from tt22.games.twentytwo import Exchange, Play
from tt22.record import build_record, encode_record, replay_game

GAME = get_game("twentytwo")
RULES = GAME.rules(["first_hand=2"], 2)
SEED = "blunder 33"
"""A two-card deal in which seat 1 leads holding 5S and AC (found by search): leading the
five keeps the ace, the highest rank, for the showdown (R17-R19), a certain 11 points;
leading the ace keeps the five, at worst 5 points."""


def _position() -> tuple[Any, list[Any], list[Any]]:
    """The lead, the two exchanges before it, and the states before each move."""
    state = GAME.new_match(RULES, 2, SEED)
    moves: list[Any] = []
    states = [state]
    while state.phase == 0:  # both keep their hands
        move = Exchange(GAME.to_move(state), ())
        state = GAME.apply(state, move)
        moves.append(move)
        states.append(state)
    assert GAME.to_move(state) == 1
    assert sorted(GAME.move_text(m) for m in GAME.legal_moves(state)) == ["play 5S", "play AC"]
    return state, moves, states


def _rate(view: Any, played: Any, worlds: int = 16) -> Any:
    objective = objective_of("twentytwo")
    return analyse_decision(
        GAME, objective, view, played, 2, (1, 1, 0), Settings(worlds, "test", "rules")
    )


def test_keeping_the_ace_for_the_showdown_is_a_blunder() -> None:
    state, _, _ = _position()
    rated = _rate(GAME.view(state, 1), Play(1, ("5S",)))
    assert rated is not None
    assert rated.best == "play AC"
    assert rated.mark == "??"
    by = {c.move: c for c in rated.candidates}
    assert by["play 5S"].mean == 11.0 and by["play 5S"].se == 0.0  # certain
    assert by["play AC"].mean <= 5.0
    assert rated.loss >= 6.0 >= objective_of("twentytwo").thresholds[2]
    assert rated.accuracy < 20


def test_the_best_move_played_has_no_loss_and_no_mark() -> None:
    state, _, _ = _position()
    rated = _rate(GAME.view(state, 1), Play(1, ("AC",)))
    assert rated is not None
    assert rated.played == rated.best == "play AC"
    assert rated.loss == 0.0 and rated.loss_se == 0.0
    assert rated.mark == "" and rated.accuracy == 100.0


def _swapped(state: Any) -> Any:
    """The same position with seat 0's hand dealt again from the stock: seat 1 cannot
    tell the two apart (R23)."""
    other = copy.copy(state)
    theirs, stock = state.hands[0], state.stock
    assert len(stock) >= len(theirs)
    hands = (stock[: len(theirs)], state.hands[1])
    other.hands = hands
    other.stock = theirs + stock[len(theirs) :]
    assert other.hands != state.hands
    return other


def test_the_analysis_never_reads_the_hidden_cards() -> None:
    state, moves, states = _position()
    other = _swapped(state)
    assert GAME.view(other, 1) == GAME.view(state, 1)
    played = [*moves, Play(1, ("5S",))]
    s = Settings(8, "test", "rules")
    a = analyse_states(GAME, states, played, [1], s, "sha256:" + "0" * 64)
    b = analyse_states(GAME, [*states[:-1], other], played, [1], s, "sha256:" + "0" * 64)
    assert a == b
    assert a.decisions[-1].mark == "??"


def test_a_re_deal_from_the_view_rates_every_decision_alike() -> None:
    """Gin: each state of a real match against a world dealt again from the seat's view
    (the opponent's hand and the stock drawn anew): the same view, the same rating."""
    game = get_game("gin")
    from tt22.core.rng import seed_key, stream
    from tt22.record import load_record

    record = load_record("records/2p-gin.22rec")
    states = replay_game(record).states
    moves = [rm.move for rm in record.moves][:12]
    rng = stream(seed_key("redeal"), "test")
    redealt = list(states[: len(moves)])
    for i in range(len(moves)):
        seat = game.to_move(states[i])
        world = game.resample(game.view(states[i], seat), rng)
        assert game.view(world, seat) == game.view(states[i], seat)
        redealt[i] = world
    s = Settings(2, "test", "rules")
    a = analyse_states(game, states, moves, [0, 1], s, record.digest)
    b = analyse_states(game, redealt, moves, [0, 1], s, record.digest)
    assert len(a.decisions) >= 6
    # A world's place in the turn (`locate`'s step) is not part of the view; every
    # figure of the rating is.
    same = [
        (d.index, d.played, d.best, d.loss, d.loss_se, d.mark, d.candidates) for d in a.decisions
    ]
    assert same == [
        (d.index, d.played, d.best, d.loss, d.loss_se, d.mark, d.candidates) for d in b.decisions
    ]


def test_the_same_worlds_whatever_the_jobs() -> None:
    _, moves, _ = _position()
    record = build_record(
        RULES,
        SEED,
        [Player("Ann", "human", None), Player("Bob", "human", None)],
        [*moves, Play(1, ("5S",))],
        dt.datetime(2026, 1, 2, tzinfo=dt.UTC),
    )
    data = encode_record(record)
    s = Settings(8, "jobs", "rules")
    one = analyse_record(data, [0, 1], s, jobs=1)
    two = analyse_record(data, [0, 1], s, jobs=2)
    assert one == two
    assert [d.index for d in one.decisions] == [0, 1, 2]  # two exchanges and the lead
    assert one.decisions[-1].mark == "??"


def test_decisions_are_the_chosen_seats_moves_with_a_choice() -> None:
    _, moves, states = _position()
    played = [*moves, Play(1, ("5S",))]
    found = decisions(GAME, states, played, [1])
    assert [(d.at, d.view.seat) for d in found] == [
        (i, 1) for i, m in enumerate(played) if m.seat == 1
    ]
    assert all(d.view == GAME.view(states[d.at], 1) for d in found)


def test_every_game_says_what_it_measures() -> None:
    for name in game_names():
        objective = objective_of(name)
        a, b, c = objective.thresholds
        assert 0 < a < b < c
        assert objective.worlds >= 1 and objective.unit
        assert objective.playout in get_game(name).__class__.__dict__ or objective.playout


@settings(max_examples=200, deadline=None)
@given(
    st.floats(0, 100, allow_nan=False),
    st.floats(0, 100, allow_nan=False),
    st.floats(0, 5, allow_nan=False),
)
def test_marks_and_accuracy_grow_worse_with_the_loss(a: float, b: float, se: float) -> None:
    low, high = sorted((a, b))
    thresholds = (1.0, 2.0, 4.0)
    order = ("", "?!", "?", "??")
    assert order.index(mark_of(low, se, thresholds)) <= order.index(mark_of(high, se, thresholds))
    assert 0 < accuracy_of(high, 2.0) <= accuracy_of(low, 2.0) <= 100.0
    if high <= 2 * se:
        assert mark_of(high, se, thresholds) == ""  # not shown to be a loss: no mark


@settings(max_examples=200, deadline=None)
@given(
    st.integers(2, 5).flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(-500, 500), min_size=n, max_size=n),
            st.lists(st.integers(-500, 500), min_size=n, max_size=n),
        )
    )
)
def test_score_differences_cancel_out(scores: tuple[list[int], list[int]]) -> None:
    start, end = scores
    total = sum(score_difference(start, end, s) for s in range(len(start)))
    assert abs(total) < 1e-6
    if len(start) == 4:
        assert abs(score_difference(start, end, 0, 2) + score_difference(start, end, 1, 2)) < 1e-6


def test_22s_rollout_is_the_rules_bots_playout() -> None:
    """22's fast rollout (the rank-level simulator) gives what folding the rules bot's
    moves through the engine gives, world by world, move by move of a real match."""
    from tt22.analysis.engine import _playout
    from tt22.core.bots import make_bot
    from tt22.core.rng import seed_key, stream
    from tt22.record import load_record

    objective = objective_of("twentytwo")
    record = load_record("records/4p-random.22rec")
    states = replay_game(record).states
    rng = stream(seed_key("rollout"), "test")
    checked = 0
    for i in range(0, len(record.moves), 3):
        seat = GAME.to_move(states[i])
        view = GAME.view(states[i], seat)
        world = objective.resample(GAME, view, rng)
        bots = [make_bot("twentytwo", "rules", "x", s) for s in range(4)]
        for move in list(GAME.view_legal_moves(view))[:4]:
            fast = objective.rollout(GAME, world, move, seat)
            assert fast == _playout(GAME, objective, seat, world, bots, move), (i, move)
            checked += 1
    assert checked > 100


def test_gins_rollout_plays_the_rules_bots_moves() -> None:
    """Gin's rollout (the rules bot's moves, deadwood remembered) against the rules bot
    itself: the same move on every view of a real match, and the same outcome of every
    candidate in worlds dealt from the views."""
    from tt22.analysis.engine import _playout
    from tt22.core.bots import make_bot
    from tt22.core.rng import seed_key, stream
    from tt22.games.rummy.analysis import gin_rules_move
    from tt22.record import load_record

    game = get_game("gin")
    objective = objective_of("gin")
    record = load_record("records/2p-oklahoma-gin.22rec")
    states = replay_game(record).states
    rules = make_bot("gin", "rules", "x", 0)
    for state in states[:-1]:
        view = game.view(state, game.to_move(state))
        assert gin_rules_move(view) == rules.choose(view)
    rng = stream(seed_key("rollout"), "gin")
    checked = 0
    for i in range(0, 120, 5):
        seat = game.to_move(states[i])
        view = game.view(states[i], seat)
        world = objective.resample(game, view, rng)
        bots = [make_bot("gin", "rules", "x", s) for s in range(2)]
        for move in list(game.view_legal_moves(view))[:3]:
            fast = objective.rollout(game, world, move, seat)
            assert fast == _playout(game, objective, seat, world, bots, move), (i, move)
            checked += 1
    assert checked > 40


def test_every_games_sample_is_rated() -> None:
    """The first moves of every game's sample record, every seat, one world: each
    objective's worlds, playouts and figures work, and each decision's figures agree."""
    from tt22.record import load_record

    samples = {
        "twentytwo": "4p-random",
        "rook": "2p-rook-dummy",
        "rummy": "4p-rummy",
        "gin": "2p-oklahoma-gin",
        "rum500": "4p-rum500",
        "persian": "4p-persian",
        "manipulation": "3p-manipulation",
    }
    assert set(samples) == set(game_names())
    for name, sample in samples.items():
        record = load_record(f"records/{sample}.22rec")
        game = get_game(record.game)
        assert game.name == name
        states = replay_game(record).states
        moves = [rm.move for rm in record.moves][:8]
        seats = list(range(len(record.players)))
        section = analyse_states(
            game, states, moves, seats, Settings(1, "every", "rules"), record.digest
        )
        assert section.decisions, name
        for d in section.decisions:
            by = {c.move: c for c in d.candidates}
            assert d.played in by and d.best in by
            assert d.loss >= 0 and d.loss_se >= 0
            if d.best == d.played:
                assert d.loss == 0 and d.mark == ""
            sign = -1 if section.lower_is_better else 1
            assert sign * (by[d.best].mean - by[d.played].mean) >= 0  # the best is the best
        assert [a.seat for a in section.accuracy] == seats


def test_22s_evaluation_depends_on_the_view_alone() -> None:
    """22 (issue 24): each state of a real match, deals in, against a world dealt again
    from the seat's view by `Game.resample` (the other hands, the discards and the stock
    drawn anew, the earlier deals rebuilt from their public record): the same view, the
    same rating with the same seed."""
    from tt22.core.rng import seed_key, stream
    from tt22.record import load_record

    record = load_record("records/4p-random.22rec")
    states = replay_game(record).states
    moves = [rm.move for rm in record.moves]
    rng = stream(seed_key("redeal"), "22")
    redealt = list(states[: len(moves)])
    deep = 0
    for i in range(len(moves)):
        seat = GAME.to_move(states[i])
        view = GAME.view(states[i], seat)
        world = GAME.resample(view, rng)
        assert GAME.view(world, seat) == view
        assert world.hands != states[i].hands or len(view.unseen_cards()) <= 1
        deep += bool(view.history)
        redealt[i] = world
    assert deep >= 20
    s = Settings(2, "test", "rules")
    a = analyse_states(GAME, states, moves, [0, 1, 2, 3], s, record.digest)
    b = analyse_states(GAME, redealt, moves, [0, 1, 2, 3], s, record.digest)
    assert len(a.decisions) >= 20
    assert a == b
