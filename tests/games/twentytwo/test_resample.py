"""22's `Game.resample`: a world the seat cannot tell from the real one, from its view alone."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tt22.core.cards import full_deck
from tt22.core.conformance import random_playout
from tt22.core.registry import get_game
from tt22.core.rng import Pcg32, seed_key, stream
from tt22.games.twentytwo import State, apply, legal_moves
from tt22.games.twentytwo.bots.determinize import constraints
from tt22.games.twentytwo.state import DealStart, ExchangeRecord
from tt22.games.twentytwo.views import view

GAME = get_game("twentytwo")
OPTIONS = [
    [],
    ["must_beat=true"],
    ["exchange=stop_when_short"],
    ["must_beat=true", "decks=2"],
    ["first_hand=3", "elimination_at=8"],
]


def _somewhere(players: int, options: list[str], seed: str, steps: int) -> State:
    """A state part-way through a random match (not over): the last one within `steps`
    moves of a seeded random playout."""
    playout = random_playout(GAME, players, seed, rules=options, name="test", limit=steps)
    state: State = [s for s, _ in playout if not s.over][-1]
    return state


def _rng(seed: int) -> Pcg32:
    return stream(seed_key("resample"), str(seed))


def _deal_accounts(
    start: DealStart, exchanges: tuple[ExchangeRecord, ...], deck: list[int]
) -> None:
    """A deal as dealt holds the deck (less the cards set aside) exactly once, and each
    exchange's draw is the stock's next cards."""
    cards = [c for hand in start.dealt if hand is not None for c in hand] + list(start.stock)
    assert sorted(cards) == sorted(deck)
    drawn = [c for e in exchanges for c in e.draw]
    assert list(start.stock[: len(drawn)]) == drawn
    for e in exchanges:
        assert len(e.draw) == len(e.discard)
        hand = start.dealt[e.seat]
        assert hand is not None
        rest = list(hand)
        for c in e.discard:
            rest.remove(c)  # every discard was in the hand as dealt


def _held_after_exchange(state: State) -> None:
    """The current deal: hand as dealt less discard plus draw is the hand now and the
    cards played since."""
    played: dict[int, list[int]] = {seat: [] for seat in state.deal.players_in}
    for t in state.tricks:
        for seat, shown in t.plays:
            played[seat].extend(shown)
    for seat, shown in state.plays:
        played[seat].extend(shown)
    records = {e.seat: e for e in state.exchanges}
    for seat in state.deal.players_in:
        dealt = state.deal.dealt[seat]
        assert dealt is not None
        hand = list(dealt)
        e = records.get(seat)
        if e is not None:
            for c in e.discard:
                hand.remove(c)
            hand += e.draw
        assert sorted(hand) == sorted(list(state.hands[seat]) + played[seat])


def _check_consistent(world: State) -> None:
    """Every deal of the world (finished and current) accounts for its deck, less the
    penalty cards set aside before it (R8)."""
    aside: list[int] = []
    decks = world.rules.decks
    for d in world.history:
        deck = full_deck(decks)
        for c in aside:
            deck.remove(c)
        _deal_accounts(d.start, d.exchanges, deck)
        aside.extend(card for seat, card in d.showdown if seat in d.losers)
    assert sorted(aside) == sorted(c for cards in world.penalties for c in cards)
    if world.over:
        return  # (the last deal is the last of `history`)
    deck = full_deck(decks)
    for c in aside:
        deck.remove(c)
    _deal_accounts(world.deal, world.exchanges, deck)
    _held_after_exchange(world)


tables = st.tuples(
    st.integers(2, 9), st.sampled_from(OPTIONS), st.text(max_size=6), st.integers(0, 400)
)


@settings(max_examples=80, deadline=None)
@given(tables, st.integers(0, 2**32 - 1))
def test_a_resampled_world_shows_the_seat_its_own_view(
    table: tuple[int, list[str], str, int], salt: int
) -> None:
    players, options, seed, steps = table
    state = _somewhere(players, options, seed, steps)
    for seat in {state.to_move, 0, players - 1}:
        v = view(state, seat)
        world = GAME.resample(v, _rng(salt))
        assert view(world, seat) == v
        _check_consistent(world)
        # The hidden cards are the unseen cards dealt again, within every duck's bound.
        others = [seat2 for seat2 in v.players_in if seat2 != seat]
        hidden = [c for s in others for c in world.hands[s] + world.discards[s]]
        assert sorted(hidden + list(world.stock)) == v.unseen_cards()
        for other, (lo, hi) in constraints(v).items():
            assert all(lo <= c >> 2 < hi for c in world.hands[other]), (other, lo, hi)
        # The seat's own cards are its own.
        assert world.hands[seat] == state.hands[seat]
        assert world.discards[seat] == state.discards[seat]


@settings(max_examples=40, deadline=None)
@given(tables, st.integers(0, 2**32 - 1))
def test_a_resampled_world_plays_on_to_the_end_of_the_match(
    table: tuple[int, list[str], str, int], salt: int
) -> None:
    players, options, seed, steps = table
    state = _somewhere(players, options, seed, steps)
    world = GAME.resample(view(state, state.to_move), _rng(salt))
    for m in legal_moves(world):
        apply(world, m)
    rng = Pcg32(salt, 3)
    deal = world.deal.number
    while not world.over:
        moves = legal_moves(world)
        world = apply(world, moves[rng.bounded(len(moves))])
        if world.over or world.deal.number != deal:
            _check_consistent(world)  # the finished deal and the next, dealt from the key
            deal = world.deal.number
    GAME.transcript(world, "world", [])


@settings(max_examples=40, deadline=None)
@given(tables, st.integers(0, 2**32 - 1))
def test_a_resampled_world_depends_on_the_view_and_the_rng_alone(
    table: tuple[int, list[str], str, int], salt: int
) -> None:
    players, options, seed, steps = table
    state = _somewhere(players, options, seed, steps)
    seat = state.to_move
    v = view(state, seat)
    a = GAME.resample(v, _rng(salt))
    assert GAME.resample(v, _rng(salt)).fingerprint() == a.fingerprint()
    # Another state with the same view for this seat (its hidden cards dealt again):
    # the same world for the same rng.
    twin = GAME.resample(v, _rng(salt + 1))
    twin_view = view(twin, seat)
    assert twin_view == v and twin_view is not v
    assert GAME.resample(twin_view, _rng(salt)).fingerprint() == a.fingerprint()


def test_another_rng_deals_another_world() -> None:
    state = _somewhere(4, [], "another", 30)
    v = view(state, state.to_move)
    worlds = {GAME.resample(v, _rng(k)).fingerprint() for k in range(8)}
    assert len(worlds) == 8
    assert all(GAME.view(GAME.resample(v, _rng(k)), v.seat) == v for k in range(8))


def test_resample_refuses_a_finished_match() -> None:
    state = _somewhere(3, [], "over", 10_000)
    last = legal_moves(state)[0]
    end = apply(state, last)
    while not end.over:
        end = apply(end, legal_moves(end)[0])
    try:
        GAME.resample(view(end, 0), _rng(0))
    except ValueError as e:
        assert "over" in str(e)
    else:
        raise AssertionError("a finished match was resampled")
