"""The test-only game (tests/kits/highcard.py) keeps the protocol's promises, and a game
registered by its entry alone is listed and loaded like a built-in one."""

from __future__ import annotations

from collections.abc import Iterator

import highcard
import pytest
from highcard import HIGHCARD, Play

from tt22.core.protocol import IllegalMove, reason_of
from tt22.core.registry import bots_module, game_names, get_game
from tt22.core.rng import seed_key, stream


@pytest.fixture
def registered() -> Iterator[None]:
    highcard.register_highcard()
    try:
        yield
    finally:
        highcard.unregister_highcard()
    assert "highcard" not in game_names()


def test_the_entry_alone_makes_it_a_game_of_the_registry(registered: None) -> None:
    assert game_names()[-1] == "highcard"
    assert get_game("highcard") is HIGHCARD
    assert bots_module("highcard") is highcard


@pytest.mark.parametrize("players", [2, 3, 4])
def test_h1_h4_a_seeded_playout_keeps_every_promise(players: int) -> None:
    g = HIGHCARD
    state = g.new_match(g.rules(["hands=4"], players), players, "h-play")
    rng = stream(seed_key("h-play"), "moves")
    moves = 0
    while not g.is_over(state):
        seat = g.to_move(state)
        view = g.view(state, seat)
        legal = list(g.legal_moves(state))
        assert list(g.view_legal_moves(view)) == legal and len(legal) == highcard.HAND
        world = g.resample(view, rng)
        assert g.view(world, seat) == view
        state = g.apply(state, legal[rng.bounded(len(legal))])
        moves += 1
    assert moves == 4 * players and g.to_move(state) == -1
    assert sum(g.returns(state)) == 4 and g.winners(state)


def test_h3_a_card_not_in_hand_names_its_rule() -> None:
    g = HIGHCARD
    state = g.new_match(g.rules(), 2, "h3")
    seat = g.to_move(state)
    missing = next(c for c in range(52) if c not in state.hands[seat])
    with pytest.raises(IllegalMove) as caught:
        g.apply(state, Play(seat, missing))
    assert reason_of(caught.value).rule == "H3"
    assert g.explain_view(g.view(state, seat), Play(seat, missing)) == reason_of(caught.value)
