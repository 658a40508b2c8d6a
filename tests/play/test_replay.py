"""The one replay model (tt22.play.replay) over every game's records: the fold is the
game's own, places come from `Game.locate`, and goto, hand ends, winners, comments and
play from here are the same for every game (no Textual)."""

from __future__ import annotations

import datetime as dt

import pytest
from recordkit import SAMPLES

from tt22.core.players import Player
from tt22.core.registry import get_game
from tt22.play.replay import GotoError, ReplayModel, fork_players
from tt22.record import load_record, replay_game

SAMPLES_OF = [
    "4p-random",
    "4p-rook",
    "2p-rook-dummy",
    "4p-rummy",
    "2p-gin",
    "4p-rum500",
    "4p-persian",
    "3p-manipulation",
]


def model_of(sample: str) -> ReplayModel:
    return ReplayModel.from_record(load_record(SAMPLES / f"{sample}.22rec"))


@pytest.mark.parametrize("sample", SAMPLES_OF)
def test_the_states_are_the_records_fold_and_the_places_the_games(sample: str) -> None:
    record = load_record(SAMPLES / f"{sample}.22rec")
    m = ReplayModel.from_record(record)
    game = get_game(record.game)
    states = replay_game(record).states
    assert m.end == len(record.moves) == len(states) - 1 and m.problem is None
    assert m.places == [game.locate(s) for s in states]
    assert m.finished and m.winners(m.end) == tuple(game.winners(states[-1]))
    assert all(m.winners(p) is None for p in range(0, m.end, 17))


@pytest.mark.parametrize("sample", SAMPLES_OF)
def test_goto_and_the_jumps_agree_with_the_places(sample: str) -> None:
    m = model_of(sample)
    assert m.goto("1") == 0 and m.goto(f"#{m.end}") == m.end
    at = m.goto("2")
    assert m.places[at].hand == 2 and m.places[at - 1].hand == 1
    assert m.next_hand(0) == at and m.prev_hand(at) == 0
    group = m.next_group(at)
    assert m.places[group][:2] != m.places[at][:2] and m.prev_group(group) == at
    first = m.goto("2.1")
    assert m.places[first][:2] == (2, 1)
    assert m.goto("2.1.1") == first + 1
    for bad in ("99999", "2.999", "#999999", "x", "2.1.999"):
        with pytest.raises(GotoError):
            m.goto(bad)


@pytest.mark.parametrize("sample", SAMPLES_OF)
def test_hand_ended_is_just_after_each_hands_last_move(sample: str) -> None:
    m = model_of(sample)
    ends = [p for p in range(m.end + 1) if m.hand_ended(p)]
    starts = [m.goto(str(h)) for h in range(2, m.places[-1].hand + 1)]
    assert ends == [*starts, m.end]


def test_comments_and_the_record_they_make() -> None:
    m = model_of("4p-rook")
    m.set_comment(3, "  why bid?  ")
    assert m.comment(3) == "why bid?" and m.dirty and m.revision == 1
    seat = m.mover(3)
    assert m.comment(3, seat) == "why bid?" and m.comment(3, (seat + 1) % 4) is None
    assert m.to_record().moves[3].comment == "why bid?"
    with pytest.raises(IndexError):
        m.set_comment(m.end + 3, "x")


def test_play_from_here_keeps_the_records_names() -> None:
    m = model_of("4p-rook")
    started = dt.datetime(2026, 12, 1, tzinfo=dt.UTC)
    forked = m.fork(10, 1, name="", started=started, source="/x/4p-rook.22rec")
    assert forked.moves == m.record.moves[:10]  # type: ignore[union-attr]
    assert [p.name for p in forked.players] == [p.name for p in m.players]
    assert forked.players[1].kind == "human"
    with pytest.raises(ValueError, match="over"):
        m.fork(m.end, 1, name="Zoe", started=started, source="/x")
    levels = ("easy", "normal", "hard")
    assert fork_players([Player("Ann"), Player("Cy")], 1, "Zoe", levels) == [
        Player("Ann", "bot", "normal"),
        Player("Zoe", "human"),
    ]
