"""Ratings from finished matches (tt22/serve/ratings.py, the store's `record_match`):
OpenSkill's Plackett-Luce model, sides and places asked of the game and the record."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tt22.core.players import Player
from tt22.core.registry import get_game
from tt22.serve.games import finished_match
from tt22.serve.ratings import ANCHORS, MU, SIGMA, RatedSeat, Rating, rate_match
from tt22.serve.store import FinishedMatch, FinishedSeat, Store


def two(winner: str, loser: str, i: int) -> FinishedMatch:
    seats = (
        FinishedSeat(0, winner, None, 0, 1, 10),
        FinishedSeat(1, loser, None, 1, 2, 40),
    )
    return FinishedMatch(f"T{i}", "twentytwo", f"/r/{i}", "s", None, seats)


def test_two_peoples_finished_match_moves_their_ratings_apart(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite")
    try:
        _, changes = store.record_match(two("ann", "bob", 1))
        (ann_before, ann), (bob_before, bob) = changes["ann"], changes["bob"]
        assert ann_before == bob_before == Rating(MU, SIGMA)
        assert ann.mu > MU > bob.mu
        assert ann.sigma < SIGMA and bob.sigma < SIGMA  # (surer of both)
        assert ann.ordinal > bob.ordinal
        board = store.leaderboard("twentytwo")
        assert [r.name for r in board] == ["ann", "bob"]
        assert board[0].change > 0 > board[1].change
        assert board[0].matches == board[1].matches == 1
        # Bob wins the next two: he passes Ann.
        store.record_match(two("bob", "ann", 2))
        store.record_match(two("bob", "ann", 3))
        assert [r.name for r in store.leaderboard("twentytwo")] == ["bob", "ann"]
        assert len(store.rating_history("ann", "twentytwo")) == 3
        assert store.leaderboard("rook") == []  # (per game)
    finally:
        store.close()


def test_ratings_are_rebuilt_exactly_from_the_stored_matches(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite")
    try:
        people = ["ann", "bob", "cy", "dee"]
        for i in range(30):
            a, b = people[i % 4], people[(i * 3 + 1) % 4]
            if a == b:
                continue
            store.record_match(two(a, b, i))
        kept = store.stored_ratings()
        history = store.rating_history("cy", "twentytwo")
        assert kept == store.replayed_ratings()
        store.db.execute("UPDATE ratings SET mu = 0")  # (spoilt)
        assert store.rebuild_ratings() == len(kept)
        assert store.stored_ratings() == kept
        assert store.rating_history("cy", "twentytwo") == history
    finally:
        store.close()


def test_bots_are_fixed_anchors_by_level() -> None:
    """A bot never gets a rating; beating a hard bot is worth more than an easy one;
    losing to an easy bot costs more than losing to a hard one."""

    def alone(level: str, place: int) -> Rating:
        seats = [RatedSeat("ann", None, 0, place), RatedSeat(None, level, 1, 3 - place)]
        out = rate_match(seats, {})
        assert set(out) == {"ann"}
        return out["ann"]

    assert ANCHORS["easy"] < ANCHORS["hard"]
    assert alone("hard", 1).mu > alone("easy", 1).mu > MU
    assert alone("easy", 2).mu < alone("hard", 2).mu < MU
    assert rate_match([RatedSeat(None, "easy", 0, 1), RatedSeat(None, "hard", 1, 2)], {}) == {}


def test_partners_rise_and_fall_together() -> None:
    seats = [
        RatedSeat("ann", None, 0, 1),
        RatedSeat("bob", None, 1, 2),
        RatedSeat("cy", None, 0, 1),
        RatedSeat("dee", None, 1, 2),
    ]
    out = rate_match(seats, {})
    assert out["ann"] == out["cy"] and out["bob"] == out["dee"]
    assert out["ann"].mu > MU > out["bob"].mu


@pytest.mark.parametrize(
    ("game", "sides"),
    [("rook", [0, 1, 0, 1]), ("persian", [0, 1, 0, 1]), ("twentytwo", [0, 1, 2, 3])],
)
def test_a_records_sides_and_places_are_the_games(game: str, sides: list[int]) -> None:
    """The sides come from the game (`Game.sides`), the places from the record's
    winners and totals: Rook's and Persian's partners one side, 22's seats each alone."""
    from tt22.core.bots import make_bot
    from tt22.record import append_move, new_record

    g = get_game(game)
    rules = g.rules((), 4)
    players = [
        Player("ann"),
        Player("b2", "bot", "easy"),
        Player("cy"),
        Player("b4", "bot", "hard"),
    ]
    seed = "daily-2026-12-03"  # (the daily deal's seed: the match is that day's)
    state = g.new_match(rules, 4, seed)
    record = new_record(rules, seed, players, dt.datetime(2026, 12, 3, tzinfo=dt.UTC))
    bots = [make_bot(game, "easy", seed, s) for s in range(4)]
    while not g.is_over(state):
        seat = g.to_move(state)
        move = bots[seat].choose(g.view(state, seat))
        state = g.apply(state, move)
        record = append_move(record, move)
    m = finished_match("ABCD", "/r/x", record)
    assert [s.side for s in m.seats] == sides
    assert [s.bot for s in m.seats] == [None, "easy", None, "hard"]
    assert m.people == ["ann", "cy"]
    winners = set(g.winners(state))
    assert {s.seat for s in m.seats if s.place == 1} == winners
    assert m.daily == "2026-12-03"
