"""K21's shared win over whole 3-player games: a match always ends.

The two defenders of a hand score alike (K21: each gets the sum their side took), so two
players who are defenders hand after hand stay level. Before K21 shared the win, a level
top at or above the target meant another hand, and a player who won every bid kept the
other two level for ever: a 3-player match with `min_bid=5` ran to `tt22 sim`'s 200-hand
cap tied at 6290/6290. `test_rook_rules.py` holds K21's rule test on a rigged last trick.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rookkit import GAME, Chooser, modest, play_game

from tt22.core.rng import Pcg32
from tt22.games.rook import Bid, Pass, RookRules, State
from tt22.games.rook.moves import RookMove
from tt22.games.rook.state import BIDDING, OVER


def stubborn(seat: int) -> Chooser:
    """A chooser under which `seat` wins every bid at the lowest bid it may make, and
    the others open at the minimum when they must and pass otherwise; the play is
    modest's. The other two are the defenders of every hand."""

    def choose(s: State, legal: Sequence[RookMove], rng: Pcg32) -> RookMove:
        if s.phase != BIDDING:
            return modest(s, legal, rng)
        bids = [m for m in legal if isinstance(m, Bid)]
        if s.to_move == seat and bids:
            return min(bids, key=lambda m: m.points)
        passes = [m for m in legal if isinstance(m, Pass)]
        return passes[0] if passes else min(bids, key=lambda m: m.points)

    return choose


def test_k21_a_player_who_wins_every_bid_leaves_the_other_two_level_and_they_share() -> None:
    g = play_game(3, "k21-stubborn", RookRules(min_bid=5), chooser=stubborn(0), max_hands=200)
    assert g.phase == OVER, f"still going after {len(g.history)} hands at {g.scores}"
    assert all(h.bidder == 0 for h in g.history)
    assert g.scores[1] == g.scores[2] >= 200 > g.scores[0]
    assert g.winners == (1, 2)
    assert len(g.history) < 10  # the hand in which they reached 200 ended the game


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.text(max_size=8),
    bidder=st.sampled_from((None, 0, 1, 2)),
    min_bid=st.sampled_from((5, 10, 30)),
    target=st.sampled_from((50, 200)),
)
def test_k21_every_three_player_match_ends_and_every_seat_level_at_the_top_wins(
    seed: str, bidder: int | None, min_bid: int, target: int
) -> None:
    """Bids stay below 47 (min_bid + 2 steps at most): a made bid adds at least 5 to the
    sum of the scores, a lost one at least 140 - 3 x 45 = 5 (the defenders take all but
    the bid and the 3 cards out of play, 30 points at most), so the sum reaches three
    times the target within 3 x target / 5 hands, and some player with it. From then
    K21 ends the match whoever is level with whom."""
    chooser = modest if bidder is None else stubborn(bidder)
    rules = RookRules(min_bid=min_bid, target=target)
    bound = 3 * target // 5
    g = play_game(3, seed, rules, chooser=chooser, max_hands=bound + 1)
    assert g.phase == OVER, f"still going after {len(g.history)} hands at {g.scores}"
    assert len(g.history) <= bound
    top = max(g.scores)
    assert top >= target
    assert g.winners == tuple(seat for seat in range(3) if g.scores[seat] == top)
    before = g.history[-2].scores if len(g.history) > 1 else (0, 0, 0)
    assert max(before) < target  # and it ended at the first hand that reached it
    assert GAME.is_over(g) and GAME.winners(g) == g.winners


@pytest.mark.parametrize("language", ["en", "ko", "ja"])
def test_k21_a_shared_win_is_said_to_be_shared(language: str) -> None:
    """Two players level at the top share the win: the end screen says so and with
    whom, not "You win!" (nor names two defenders as partners)."""
    from tt22.tui.games.rook.summary import winners_text
    from tt22.tui.i18n import set_language, t

    set_language(language)
    try:
        names = ["Ann", "Bot 1", "Bot 2"]
        mine = winners_text(names, (0, 2), 3, you=0)
        assert "K21" in mine and "Bot 2" in mine and mine != t("match.you_win")
        theirs = winners_text(names, (1, 2), 3, you=0)
        assert "Bot 1" in theirs and "Bot 2" in theirs and "K21" in theirs
        assert winners_text(names, (0,), 3, you=0) == t("match.you_win")
    finally:
        set_language("en")
