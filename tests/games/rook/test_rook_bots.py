"""Rook's bots: legal moves from views alone, decisions that are functions of (seed,
seat, bot, view), blind to everything a view does not hold, and stronger in order."""

from __future__ import annotations

from collections import Counter

import pytest
from rookkit import GAME, cards_in_state, deck_of, play_game

from tt22.core.conformance import check_resample
from tt22.core.rng import seed_key, stream
from tt22.games.rook import RookRules, State
from tt22.games.rook.bots import (
    BOT_NAMES,
    bid_limit,
    make_bot,
    play_bots,
    sample_world,
    voids,
)
from tt22.games.rook.cards import ROOK
from tt22.games.rook.moves import Bid
from tt22.games.rook.state import DUMMY, OVER, PLAY


@pytest.mark.parametrize("name", BOT_NAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_bot_plays_whole_games_with_legal_moves(name: str, players: int) -> None:
    seed = f"bots/{name}/{players}"
    bots = [make_bot(name, seed, worlds=2) for _ in range(players)]
    s = GAME.new_match(RookRules(target=100), players, seed)
    steps = 0
    while s.phase != OVER and len(s.history) < 6:
        v = GAME.view(s, s.to_move)
        m = bots[s.to_move].choose(v)
        assert m in list(v.legal_moves())
        assert GAME.explain(s, m) is None, GAME.explain(s, m)
        s = GAME.apply(s, m)
        steps += 1
    assert len(s.history) >= 1 and steps > 30


def hidden_swap(s: State, seat: int) -> State:
    """The same position with two cards of two other hands exchanged: nothing `seat`
    may know changes."""
    others = [p for p in range(s.match.positions) if p != seat and s.hands[p]]
    if s.players == 2 and s.phase >= PLAY:
        others = [p for p in others if p != DUMMY]
    a, b = others[0], others[1] if len(others) > 1 else others[0]
    t = s.copy()
    hands = list(t.hands)
    x, y = hands[a][0], hands[b][-1]
    hands[a] = tuple(sorted((*hands[a][1:], y)))
    hands[b] = tuple(sorted((*hands[b][:-1], x)))
    t.hands = tuple(hands)
    return t


@pytest.mark.parametrize("name", BOT_NAMES)
def test_bots_decide_from_the_view_alone(name: str) -> None:
    checked = 0

    def each(s: State) -> None:
        nonlocal checked
        if s.phase != PLAY or s.players != 4 or checked >= 12:
            return
        seat = s.to_move
        twin = hidden_swap(s, seat)
        assert twin.hands != s.hands
        assert GAME.view(twin, seat) == GAME.view(s, seat)
        one = make_bot(name, "blind", worlds=3).choose(GAME.view(s, seat))
        two = make_bot(name, "blind", worlds=3).choose(GAME.view(twin, seat))
        assert one == two
        checked += 1

    play_game(4, f"blind/{name}", each=each, max_hands=2)
    assert checked == 12


def test_decisions_are_functions_of_seed_seat_bot_and_view() -> None:
    s = play_bots([make_bot("rules", "pure")] * 4, RookRules(), "pure", max_hands=1)
    again = play_bots([make_bot("rules", "pure")] * 4, RookRules(), "pure", max_hands=1)
    assert GAME.digest(s) == GAME.digest(again)
    a = play_bots([make_bot("random", "x")] * 4, RookRules(), "pure", max_hands=1)
    b = play_bots([make_bot("random", "y")] * 4, RookRules(), "pure", max_hands=1)
    assert GAME.digest(a) != GAME.digest(b)  # the bots' seed, not the deal, differs


def test_a_sampled_world_deals_exactly_the_unseen_cards_and_respects_voids() -> None:
    worlds = 0

    def each(s: State) -> None:
        nonlocal worlds
        if s.phase != PLAY or not s.tricks:
            return
        seat = s.to_move
        v = GAME.view(s, seat)
        w = sample_world(v, stream(seed_key("w"), f"{worlds}"))
        for pos, hand in enumerate(w.hands):
            assert len(hand) == len(s.hands[pos])
        assert w.hands[seat] == s.hands[seat]
        dealt = [c for p, h in enumerate(w.hands) if p != seat for c in h]
        if s.players == 2:
            dealt = [c for p, h in enumerate(w.hands) if p not in (seat, DUMMY) for c in h]
            assert w.hands[DUMMY] == s.hands[DUMMY]
        pool = set(v.unseen_cards())
        assert set(dealt) <= pool and len(set(dealt)) == len(dealt)
        assert set(w.put_back) <= pool or seat == s.bidder
        void = voids(v)
        for pos, suits in enumerate(void):
            for c in s.hands[pos]:  # the real hands agree with the voids too
                assert c == ROOK or (c & 3) not in suits or pos == seat
        worlds += 1

    for players in (2, 3, 4):
        play_game(players, f"world/{players}", each=each, max_hands=1)
    assert worlds > 50


def test_the_rules_bot_bids_with_its_hands_strength() -> None:
    limits = []
    for i in range(60):
        s = GAME.new_match(RookRules(), 4, f"bid/{i}")
        s = GAME.apply(s, Bid(s.to_move, 70))
        v = GAME.view(s, s.to_move)
        limits.append(bid_limit(v))
        m = make_bot("rules", "b").choose(v)
        assert (isinstance(m, Bid) and m.points == 75) == (bid_limit(v) >= 75)
    assert min(limits) < 70 < 75 <= max(limits)  # weak hands pass, strong ones bid


def duplicate(a: str, b: str, players: int, seeds: int, worlds: int = 24) -> tuple[int, int]:
    """Games won by bot `a`'s team over duplicate pairs (same seed, teams swapped)."""
    wins = games = 0
    for i in range(seeds):
        for swap in (0, 1):
            seed = f"duel/{i}"
            names = [a if (seat % 2 == 0) != bool(swap) else b for seat in range(players)]
            bots = [make_bot(n, seed, worlds) for n in names]
            s = play_bots(bots, RookRules(), seed, max_hands=100)
            assert s.phase == OVER
            games += 1
            wins += any(names[w] == a for w in s.winners)
    return wins, games


def test_the_rules_bot_beats_random_play() -> None:
    wins, games = duplicate("rules", "random", 4, 15)
    assert wins >= 0.8 * games, (wins, games)


def test_the_sampling_bot_beats_the_rules_bot() -> None:
    wins, games = duplicate("sampling", "rules", 4, 4, worlds=8)
    assert wins >= 5, (wins, games)  # the figure with a 95% interval: docs/bots.md


def test_a_resampled_state_looks_the_same_from_the_seat_that_sampled_it() -> None:
    """Determinization is sound in every phase and from every seat: the resampled state
    holds every card of the deck once, and shows the seat exactly its own view (bar the
    finished hands, which a search never reaches back to) and the same legal moves."""
    checked = 0

    def each(s: State) -> None:
        nonlocal checked
        if s.phase == OVER:
            return
        for seat in range(s.players):
            rng = stream(seed_key("same"), f"{checked}")
            w = check_resample(GAME, s, seat, rng, unkept=("history",))
            assert cards_in_state(w) == Counter(deck_of(s.players))
            checked += 1

    for players in (2, 3, 4):
        play_game(players, f"same/{players}", each=each, max_hands=2)
    assert checked > 500


def test_levels_easy_to_expert_name_their_bots() -> None:
    from tt22.games.rook.bots import LEVELS, make_level

    assert list(LEVELS) == ["easy", "normal", "hard", "expert"]
    assert [make_level(level, "s").name for level in LEVELS] == [
        "casual",
        "rules",
        "sampling",
        "sampling",
    ]
    with pytest.raises(ValueError, match="the levels are easy, normal, hard, expert"):
        make_level("godlike", "s")


def test_the_easy_level_is_a_casual_player_not_random_play() -> None:
    """Issue 21: 'easy' misjudges; it does not give the hand away. It takes the nest
    and names trump as the rules of thumb do (K10, K11), bids a step too far or slips
    a careless card now and then, and so beats random play (tt22 arena, 40 games: 85%)
    and does no better than the rules of thumb (42.5%)."""
    from tt22.games.rook.bots import make_bot, make_level, play_bots
    from tt22.games.rook.state import BIDDING

    easy_vs_random = easy_vs_rules = 0
    slips = 0
    for i in range(6):
        seed = f"casual/{i}"
        for against in ("random", "rules"):
            bots = [
                make_level("easy", seed) if seat % 2 == i % 2 else make_bot(against, seed)
                for seat in range(4)
            ]
            final = play_bots(bots, RookRules(), seed, max_hands=60)
            won = final.phase == OVER and (i % 2) in final.winners
            if against == "random":
                easy_vs_random += won
            else:
                easy_vs_rules += won
    s = GAME.new_match(RookRules(), 4, "casual/views")
    casual, rules = make_level("easy", "casual/views"), make_bot("rules", "casual/views")
    while s.phase != OVER and not s.history:
        v = GAME.view(s, s.to_move)
        move = casual.choose(v)
        if v.phase not in (PLAY, BIDDING):
            assert move == rules.choose(v)  # the nest, trump: the rules of thumb
        else:
            slips += move != rules.choose(v)
        assert move in v.legal_moves() or v.phase == BIDDING
        s = GAME.apply(s, move)
    assert slips > 0
    assert easy_vs_random >= 5 and easy_vs_rules <= 4, (easy_vs_random, easy_vs_rules)


def test_the_view_gives_the_minimum_next_bid_and_the_teams() -> None:
    s = GAME.new_match(RookRules(), 4, "box")
    v = GAME.view(s, s.to_move)
    assert v.min_next_bid() == 70 and v.teams() == ((0, 2), (1, 3))
    s = GAME.apply(s, Bid(s.to_move, 115))
    assert GAME.view(s, 0).min_next_bid() == 120
    s = GAME.apply(s, Bid(s.to_move, 120))
    assert GAME.view(s, 0).min_next_bid() == 0  # the bidding is over at the cap
    three = GAME.new_match(RookRules(), 3, "box")
    assert GAME.view(three, 0).teams() == ((0,), (1,), (2,))
    first = three.to_move
    three = GAME.apply(three, Bid(first, 50))
    for _ in range(2):
        three = GAME.apply(three, GAME.legal_moves(three)[0])  # pass, pass
    others = tuple(x for x in range(3) if x != first)
    assert GAME.view(three, 0).teams() == ((first,), others)
