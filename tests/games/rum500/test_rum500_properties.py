"""Properties of 500 Rum and Persian Rummy over hypothesis-drawn seeds and hands: the
most a hand melds against a brute force, cards conserved, views blind to what M5 and P8
hide, a world resampled from a view is a world that view cannot tell apart, and a
record replays to the same digest."""

from __future__ import annotations

import datetime as dt
from functools import cache
from itertools import combinations
from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rum500kit import PERSIAN, RUM500, random_playout

from tt22.core.conformance import check_resample
from tt22.core.players import Player
from tt22.core.rng import seed_key, stream
from tt22.games.rum500.melds import best_value, is_meld, meld_value, order_meld
from tt22.games.rum500.sample import known_held
from tt22.record import build_record, decode_record, encode_record, verify_record

GAMES = st.sampled_from([(RUM500, 2), (RUM500, 3), (RUM500, 4), (PERSIAN, 4)])
SEEDS = st.text(alphabet="abcdefgh0123", min_size=1, max_size=8)
FEW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def brute_value(hand: tuple[int, ...]) -> int:
    @cache
    def best(cards: frozenset[int]) -> int:
        if not cards:
            return 0
        low = min(cards)
        rest = sorted(cards - {low})
        result = best(frozenset(rest))
        for size in range(2, len(rest) + 1):
            for others in combinations(rest, size):
                meld = (low, *others)
                if is_meld(meld):
                    result = max(result, meld_value(order_meld(meld)) + best(cards - set(meld)))
        return result

    return best(frozenset(hand))


dense = st.lists(
    st.one_of(
        st.tuples(st.integers(0, 4), st.integers(0, 3)).map(lambda rs: rs[0] * 4 + rs[1] + 32),
        st.integers(0, 11),
        st.integers(52, 55),
    ),
    min_size=3,
    max_size=10,
    unique=True,
).map(tuple)


@settings(max_examples=200, deadline=None)
@given(dense)
def test_best_value_is_the_most_over_every_set_of_melds(hand: tuple[int, ...]) -> None:
    assert best_value(hand) == brute_value(hand)


def deck_of(state: Any) -> list[int]:
    return list(range(56 if state.rules.persian else 52))


@FEW
@given(GAMES, SEEDS)
def test_cards_are_conserved(game_players: tuple[Any, int], seed: str) -> None:
    game, players = game_players
    for state, _ in random_playout(game, players, seed, limit=400):
        if game.is_over(state):
            continue
        cards = [c for h in state.hands for c in h] + list(state.stock) + list(state.pile)
        cards += [c for _, meld, _ in state.table for c in meld]
        assert sorted(cards) == deck_of(state)
        for _, meld, by in state.table:
            assert is_meld(meld) and len(by) == len(meld)


def view_cards(v: Any) -> set[int]:
    """Every card a view holds anywhere but in its hand."""
    cards = set(v.pile) | {c for _, meld, _ in v.table for c in meld}
    cards |= {c for seen in v.seen for c in seen}
    for _, kind, data in v.events:
        if data is None:
            continue
        if kind == "layoff":
            cards.add(data[0])
        elif isinstance(data, tuple):
            cards.update(data)
        else:
            cards.add(data)
    return cards


@FEW
@given(GAMES, SEEDS)
def test_views_hide_what_m5_and_p8_hide(game_players: tuple[Any, int], seed: str) -> None:
    """A seat's view holds no card of another hand (its partner's included, P8) but those
    the table saw it take, and nothing of the stock; the stock's order and the other
    hands are not in it at all, so two states differing only there give equal views."""
    game, players = game_players
    for state, _ in random_playout(game, players, seed, limit=300)[::7]:
        if game.is_over(state):
            continue
        for seat in range(players):
            v = game.view(state, seat)
            assert v.hand == state.hands[seat]
            held = known_held(v)
            for other in range(players):
                if other == seat:
                    continue
                hidden = set(state.hands[other]) - set(held[other])
                assert not hidden & view_cards(v), (seat, other)
            assert not set(state.stock) & (view_cards(v) | set(v.hand))
            if state.rules.persian:
                assert v.partner == (seat + 2) % 4
            # the same view from a world with the unseen cards dealt again
            world = check_resample(game, state, seat, stream(seed_key(seed), f"w/{seat}"))
            assert sorted(
                [c for h in world.hands for c in h]
                + list(world.stock)
                + list(world.pile)
                + [c for _, m, _ in world.table for c in m]
            ) == deck_of(state)
            assert game.decode_view(msgspec.msgpack.encode(v)) == v


@FEW
@given(GAMES, SEEDS)
def test_a_record_replays_to_the_same_digest(game_players: tuple[Any, int], seed: str) -> None:
    game, players = game_players
    steps = random_playout(game, players, seed, limit=250)
    final = steps[-1][0]
    moves = [m for _, m in steps[:-1]]
    seats = [Player(f"p{i}", "bot", "random") for i in range(players)]
    rules = game.rules([], players)
    record = build_record(rules, seed, seats, moves, dt.datetime(2026, 12, 2, tzinfo=dt.UTC))
    assert record.game == game.name and record.digest == game.digest(final)
    again = decode_record(encode_record(record))
    result = verify_record(again)
    assert result.ok, result.problem
    assert game.digest(result.final) == record.digest
