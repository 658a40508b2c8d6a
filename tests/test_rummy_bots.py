"""The Rummy family's bots: they move legally from the view alone (M5), decide the same
whatever is hidden, and the rules of thumb beat random play."""

from __future__ import annotations

from typing import Any

import pytest
from rummykit import GIN, RUMMY, cs, gin_at, random_playout
from test_rummy_properties import hidden_shuffled

from tt22.core.rng import seed_key, stream
from tt22.games.rummy import Discard, gin
from tt22.games.rummy.bots import BOT_NAMES, LEVELS, make_bot, make_level, play_bots


@pytest.mark.parametrize(("game", "players"), [(GIN, 2), (RUMMY, 3)])
def test_bots_move_legally_and_only_from_what_their_seat_may_know(game: Any, players: int) -> None:
    rng = stream(seed_key("bots-hidden"), "hide")
    bots = [make_bot(BOT_NAMES[i % 2], "bots-hidden") for i in range(players)]
    state = game.new_match(game.rules(["target=100"], players), players, "bots-hidden")
    moves = 0
    while not game.is_over(state) and moves < 400:
        seat = game.to_move(state)
        move = bots[seat].choose(game.view(state, seat))
        assert move in game.legal_moves(state)
        other = hidden_shuffled(game, state, seat, rng)
        for name in BOT_NAMES:
            bot = make_bot(name, "bots-hidden")
            assert bot.choose(game.view(other, seat)) == bot.choose(game.view(state, seat))
        state = game.apply(state, move)
        moves += 1
    assert moves > 30


def test_the_rules_bot_beats_random_play_at_gin() -> None:
    wins = 0
    for i in range(12):
        seed = f"rules-vs-random/{i}"
        rules_seat = i % 2
        bots = [make_bot("rules" if s == rules_seat else "random", seed) for s in (0, 1)]
        final = play_bots(GIN, GIN.rules([], 2), seed, bots)
        wins += final.winners == (rules_seat,)
    assert wins >= 11


def test_the_sampling_bot_keeps_back_what_the_opponent_picked_up_to_use() -> None:
    """Seat 1 took JD and QD from the pile and still holds them: KD would extend their
    run. The rules of thumb throw KD (a king like KC, first in order); the sampling bot,
    dealing seat 1's other cards again and again around the two it knows, does not."""
    s = gin_at(
        ["3S 4S 5S 7H 7D 7C 9H 2D KD KC 2C", "JD QD 2H 3H 5D 6C 8S 9S 4C AD"],
        "6H",
        phase=gin.DISCARD,
    )
    s.seen = ((), cs("JD QD"))
    v = GIN.view(s, 0)
    assert make_bot("rules", "pickups").choose(v) == Discard(0, "KD")
    picked = make_bot("sampling", "pickups").choose(v)
    assert isinstance(picked, Discard) and picked.card in ("KC", "9H")
    assert GIN.view(s, 0).seen[1] == cs("JD QD")


def test_levels_name_their_bots() -> None:
    assert list(LEVELS) == ["easy", "normal", "hard", "expert"]
    assert [make_level(level, "x").name for level in LEVELS] == [
        "random",
        "rules",
        "sampling",
        "sampling",
    ]
    with pytest.raises(ValueError, match="easy, normal, hard, expert"):
        make_level("godlike", "x")


def test_unknown_bots_are_named() -> None:
    with pytest.raises(ValueError, match="random, rules, sampling"):
        make_bot("oracle", "x")


def test_gin_resample_deals_worlds_the_seat_cannot_tell_apart() -> None:
    rng = stream(seed_key("resample"), "r")
    steps = random_playout(GIN, 2, "resample", ["target=60"], 300)
    differs = 0
    for state, _ in steps[:-1:7]:
        for seat in (0, 1):
            v = GIN.view(state, seat)
            world = GIN.resample(v, rng)
            assert GIN.view(world, seat) == v
            assert world.hands[seat] == state.hands[seat]
            other = 1 - seat
            assert len(world.hands[other]) == len(state.hands[other])
            assert len(world.stock) == len(state.stock)
            known = set(v.seen[other]) - set(v.pile) - set(v.hand)
            assert known <= set(world.hands[other])
            held = {c for h in world.hands for c in h}
            assert sorted([*held, *world.stock, *world.pile]) == list(range(52))
            differs += world.hands[other] != state.hands[other]
            if GIN.legal_moves(world):
                GIN.apply(world, GIN.legal_moves(world)[0])
    assert differs > 10
