"""Properties of the Rummy family's engines, over many seeded random playouts and
hypothesis-drawn hands: the deadwood search against a brute force over every arrangement,
cards conserved, legal moves exactly the moves that apply (illegal ones raise naming an M
or G rule), every hand ends, and views blind to what is hidden (M5)."""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rummykit import GIN, RUMMY, random_playout

from tt22.core.protocol import IllegalMove
from tt22.core.rng import seed_key, stream
from tt22.games.rummy import Discard, Draw, Knock, LayOff, Meld, Pass, RummyRules
from tt22.games.rummy.cards import CODE, TEXT, VALUE
from tt22.games.rummy.melds import best_arrangement, is_meld, isolated_value, order_meld


def brute_deadwood(hand: tuple[int, ...], ace_high: bool) -> int:
    """Every arrangement: the lowest card is deadwood or in some meld made of it and any
    subset of the rest that `is_meld` accepts; the least deadwood of all."""

    @cache
    def best(cards: frozenset[int]) -> int:
        if not cards:
            return 0
        low = min(cards)
        rest = sorted(cards - {low})
        result = VALUE[low] + best(frozenset(rest))
        for size in (2, 3, 4, 5, 6, 7, 8, 9, 10):
            for others in combinations(rest, size):
                meld = (low, *others)
                if is_meld(meld, ace_high):
                    result = min(result, best(cards - set(meld)))
        return result

    return best(frozenset(hand))


hands = st.lists(st.integers(0, 51), min_size=0, max_size=11, unique=True).map(tuple)
# hands crowded into few ranks and suits, where melds overlap
dense = st.lists(
    st.tuples(st.integers(0, 5), st.integers(0, 3)).map(lambda rs: rs[0] * 4 + rs[1] + 28),
    min_size=3,
    max_size=11,
    unique=True,
).map(tuple)


@settings(max_examples=300, deadline=None)
@given(st.one_of(hands, dense), st.booleans())
def test_deadwood_is_the_least_over_every_arrangement(
    hand: tuple[int, ...], ace_high: bool
) -> None:
    dead, melds, left = best_arrangement(hand, ace_high)
    assert dead == brute_deadwood(hand, ace_high)
    # and the arrangement returned is one: disjoint melds plus the deadwood cards
    used = [c for m in melds for c in m]
    assert all(is_meld(m, ace_high) for m in melds)
    assert sorted(used + list(left)) == sorted(hand) and dead == sum(VALUE[c] for c in left)
    if not ace_high:
        assert isolated_value(hand) <= dead  # the knock test's bound never overshoots


def table_cards(game: Any, s: Any) -> list[int]:
    if game is RUMMY:
        return [c for _, m in s.table for c in m]
    return []


def candidate_moves(game: Any, s: Any, rng: Any) -> list[Any]:
    """Moves of every kind for the seat to move and for another seat, many illegal."""
    seat = game.to_move(s)
    out: list[Any] = []
    for who in (seat, (seat + 1) % s.players):
        hand = s.hands[who]
        out += [Draw(who, "stock"), Draw(who, "discard"), Draw(who, "nowhere"), Pass(who)]
        out += [Discard(who, TEXT[c]) for c in hand]
        out += [Discard(who, TEXT[s.stock[-1]])] if s.stock else []
        out += [Knock(who, TEXT[c]) for c in hand]
        picks = [TEXT[hand[rng.bounded(len(hand))]] for _ in range(3)] if hand else []
        out.append(Meld(who, tuple(picks)))
        if game is RUMMY:
            for c in hand:
                out += [LayOff(who, TEXT[c], i) for i in range(len(s.table) + 1)]
    return out


def canonical(move: Any, s: Any) -> Any:
    """A meld's cards in laying order (apply takes them in any order)."""
    if (
        not isinstance(move, Meld)
        or not isinstance(s.rules, RummyRules)
        or len(set(move.cards)) != len(move.cards)
    ):
        return move
    cards = order_meld([CODE[t] for t in move.cards], s.rules.ace_high)
    return Meld(move.seat, tuple(TEXT[c] for c in cards))


CONFIGS = [
    (RUMMY, 2, []),
    (RUMMY, 3, ["hand_size=10"]),
    (RUMMY, 4, ["final_discard=required", "max_reshuffles=1"]),
    (RUMMY, 2, ["hand_size=13", "ace=low", "max_turns=40"]),
    (GIN, 2, []),
    (GIN, 2, ["knock_limit=upcard"]),
    (GIN, 2, ["deal=eleven", "wall=2"]),
]


@settings(max_examples=14, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(CONFIGS))), st.integers(0, 10**6))
def test_cards_conserved_and_legal_moves_are_exactly_what_applies(which: int, n: int) -> None:
    game, players, rules = CONFIGS[which]
    prefix = ("M", "G")
    rng = stream(seed_key(f"prop/{n}"), "moves")
    steps = random_playout(game, players, f"prop/{which}/{n}", [*rules, "target=60"], 3000)
    for s, m in steps[:-1]:
        held = [c for h in s.hands for c in h]
        cards = held + list(s.stock) + list(s.pile) + table_cards(game, s)
        assert sorted(cards) == list(range(52))
        legal = game.legal_moves(s)
        assert m in legal and len(set(legal)) == len(legal)
        for cand in candidate_moves(game, s, rng):
            if canonical(cand, s) in legal:
                game.apply(s, cand)
                continue
            try:
                game.apply(s, cand)
            except IllegalMove as e:
                assert e.rule.startswith(prefix), (cand, e)
            else:
                raise AssertionError(f"{cand} applied but is not listed as legal")


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(CONFIGS))), st.integers(0, 10**6))
def test_every_hand_and_every_game_ends(which: int, n: int) -> None:
    game, players, rules = CONFIGS[which]
    steps = random_playout(game, players, f"end/{which}/{n}", rules, 200_000)
    final = steps[-1][0]
    assert game.is_over(final) and final.winners
    limit = final.rules.max_turns
    for h in final.history:
        discards = sum(1 for _, kind, _ in h.events if kind in ("discard", "knock"))
        assert discards <= limit


def hidden_shuffled(game: Any, s: Any, seat: int, rng: Any) -> Any:
    """The same position with every card `seat` cannot see dealt again at random:
    other hands (sizes kept) and the stock's order. Cards known to be in a hand (taken
    from the pile and still held) stay put, as the seat knows where they are."""
    t = s.copy()
    known = {c for who in range(s.players) for c in s.seen[who] if c in s.hands[who]}
    pool = [c for w in range(s.players) if w != seat for c in s.hands[w] if c not in known]
    pool += list(s.stock)
    rng.shuffle(pool)
    hands = list(s.hands)
    for w in range(s.players):
        if w == seat:
            continue
        keep = [c for c in s.hands[w] if c in known]
        take = len(s.hands[w]) - len(keep)
        hands[w] = tuple(sorted(keep + pool[:take]))
        pool = pool[take:]
    t.hands = tuple(hands)
    t.stock = tuple(pool)
    t.log = s.log  # events hold stock cards drawn: the view must hide them
    return t


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(CONFIGS))), st.integers(0, 10**6))
def test_M5_views_do_not_depend_on_what_is_hidden(which: int, n: int) -> None:
    game, players, rules = CONFIGS[which]
    rng = stream(seed_key(f"hide/{n}"), "hide")
    steps = random_playout(game, players, f"hide/{which}/{n}", [*rules, "target=40"], 600)
    for s, _ in steps[:-1]:
        for seat in range(players):
            other = hidden_shuffled(game, s, seat, rng)
            assert game.view(other, seat) == game.view(s, seat)
            v = game.view(s, seat)
            assert not hasattr(v, "hands") and not hasattr(v, "stock")
