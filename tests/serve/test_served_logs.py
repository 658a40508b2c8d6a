"""The move logs of served 22 and Rook seats (each game's `seatlog` in tt22.tui.games),
the same story whether the seat saw every view or came in at the end, every play and
trick of the match in it, and no card the seat may not know."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from servekit import cards_on, may_see

from tt22.games.rook.cards import show_rook_card
from tt22.games.twentytwo import apply, legal_moves, new_match, view
from tt22.games.twentytwo.rules import Rules
from tt22.tui.games.twentytwo.seatlog import SeatLog

ROOK_CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]|R★")
PLAYED = re.compile(r"^[^:]+: (?:10|[2-9JQKA])[♠♥♦♣]$|^[^:]+: R★$")


def _views(players: int, seed: str, seat: int) -> list[Any]:
    """Seat `seat`'s view after every move of a whole match (random legal moves)."""
    state = new_match(Rules().for_players(players), players, seed)
    pick = random.Random(seed)
    views = [view(state, seat)]
    while not state.over:
        state = apply(state, pick.choice(legal_moves(state)))
        views.append(view(state, seat))
    return views


def _who(seat: int) -> str:
    return f"P{seat}"


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 6), seed=st.text("abcdef", min_size=1, max_size=6))
def test_the_log_from_every_view_is_the_log_from_the_last(players: int, seed: str) -> None:
    views = _views(players, seed, 0)
    watcher, late = SeatLog(_who, None, False), SeatLog(_who, None, False)
    step = [line.plain for v in views for line in watcher.lines(v)]
    at_end = [line.plain for line in late.lines(views[-1])]
    assert step == at_end
    last = views[-1]
    plays = sum(len(trick.plays) for d in last.history for trick in d.tricks)
    tricks = sum(len(d.tricks) for d in last.history)
    assert sum(1 for line in at_end if line.startswith("P") and ": " in line) == plays
    assert sum(1 for line in at_end if line.endswith("won the trick.")) == tricks
    assert sum(1 for line in at_end if line.startswith("Showdown:")) == len(last.history)
    assert at_end[0].startswith("Deal 1:")


@settings(max_examples=4, deadline=None)
@given(players=st.integers(2, 5), seed=st.text("abcdef", min_size=1, max_size=6))
def test_a_seats_log_holds_no_card_it_may_not_know(players: int, seed: str) -> None:
    """Its own exchange (the cards it put away and drew) is in its log; every other card
    there was played or shown face up, as its views had it when the line was written."""
    log = SeatLog(_who, 0, False)
    known: set[str] = set()
    mine = 0
    for v in _views(players, seed, 0):
        known |= may_see(v)
        text = "\n".join(line.plain for line in log.lines(v))
        assert cards_on(text) <= known, text
        mine += text.count("put away")
    assert mine >= 1  # (the seat exchanged at least once with random moves)


def _rook_views(players: int, seed: str, seat: int) -> list[Any]:
    """Seat `seat`'s view after every move of a whole short Rook match (the clock's
    safe moves: passes where allowed, else the rules bot's)."""
    from tt22.core.registry import get_game
    from tt22.serve.hub import safe_move

    game = get_game("rook")
    state = game.new_match(game.rules(("target=150",), players), players, seed)
    views = [game.view(state, seat)]
    while not game.is_over(state):
        state = game.apply(state, safe_move("rook", state, seed))
        views.append(game.view(state, seat))
    return views


@pytest.mark.parametrize("players", [2, 4])
def test_rooks_log_from_every_view_is_the_log_from_the_last(players: int) -> None:
    """Every bid, pass, trump and card of the match, a line per trick, no nest card
    (K23): the same whether written view by view or from the last view alone."""
    from tt22.tui.games.rook.seatlog import RookViewLog

    views = _rook_views(players, "log", 0)
    names = ["ann", "bob", "cy", "di"][:players]
    step_log, late_log = RookViewLog(names, False), RookViewLog(names, False)
    step = [line.plain for v in views for line in step_log.lines(v)]
    at_end = [line.plain for line in late_log.lines(views[-1])]
    assert step == at_end
    hands = views[-1].history
    plays = [card for h in hands for trick in h.tricks for _, card in trick.plays]
    bids = [b for h in hands for b in h.bids]
    assert sum(1 for line in at_end if PLAYED.match(line)) == len(plays)
    assert sum(1 for line in at_end if " takes the trick" in line) == sum(
        len(h.tricks) for h in hands
    )
    assert sum(1 for line in at_end if " bids " in line or " passes." in line) == len(bids)
    assert sum(1 for line in at_end if line.startswith("Hand ")) == len(hands)
    nest = {show_rook_card(card) for h in hands for card in h.nest}
    nest -= {show_rook_card(card) for card in plays}
    assert not set(ROOK_CARD.findall("\n".join(at_end))) & nest


@settings(max_examples=8, deadline=None)
@given(players=st.sampled_from([2, 4]), keep=st.randoms(use_true_random=False))
def test_a_log_fed_only_some_views_tells_the_same_story(players: int, keep: random.Random) -> None:
    """The server's pacer hands a busy screen only the newest of its news
    (tt22.serve.pacer): whichever views a seat skips, its log ends the same. (But the
    views after its own moves, which the table hands it at once, Table.publish: its
    own exchange is in its view only until that deal ends.)"""
    from tt22.tui.games.rook.seatlog import RookViewLog

    rook = _rook_views(players, "skip", 0)
    names = ["ann", "bob", "cy", "di"][:players]
    every, some = RookViewLog(names, False), RookViewLog(names, False)
    whole = [line.plain for v in rook for line in every.lines(v)]
    shown = [v for v in rook[:-1] if keep.random() < 0.3] + [rook[-1]]
    assert [line.plain for v in shown for line in some.lines(v)] == whole
    views = _views(players, "skip", 0)
    every22, some22 = SeatLog(_who, 0, False), SeatLog(_who, 0, False)
    whole = [line.plain for v in views for line in every22.lines(v)]
    after_mine = [i > 0 and views[i - 1].my_turn for i in range(len(views))]
    shown = [v for i, v in enumerate(views[:-1]) if after_mine[i] or keep.random() < 0.3]
    shown.append(views[-1])
    assert [line.plain for v in shown for line in some22.lines(v)] == whole
