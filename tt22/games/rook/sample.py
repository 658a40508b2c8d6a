"""Determinization: states a seat cannot see, dealt to agree with everything it can.

OpenSpiel's `ResampleFromInfostate` for Rook: `resample(view, rng)` deals the view's
unseen cards (`view.unseen_cards()`: other hands, the face-down half of the dummy, the
nest unless this seat put it down, the cards out of play) in a way consistent with the
view (hand sizes, the dummy's face-up cards, suits a player has shown void in), and builds
a full `State` from the view and that deal. Seen from the sampling seat, the state looks
exactly like its view (tests/games/rook/test_rook_bots.py checks it in every phase); the history of
finished hands is left out, since no search reaches back into it.
"""

from __future__ import annotations

from typing import NamedTuple

from tt22.core.rng import Pcg32

from .cards import ROOK
from .state import BIDDING, DUMMY, NEST, PILES, State
from .views import RookView, state_from_view

__all__ = ["World", "resample", "sample_world", "voids", "world_state"]

PILE = 12
NEST_SIZE = 5


class World(NamedTuple):
    """The hidden part of one possible deal."""

    hands: tuple[tuple[int, ...], ...]  # per position, sorted
    put_back: tuple[int, ...]  # the nest as put back (empty before the bidder has)
    nest: tuple[int, ...]  # the nest as dealt, while nobody has taken it
    dealt: tuple[tuple[int, ...], ...]  # the piles, where a view still depends on them
    out_of_play: tuple[int, ...]


def _suit(card: int, trump: int) -> int:
    return trump if card == ROOK else card & 3


def voids(view: RookView) -> list[set[int]]:
    """Suits each position has shown it lacks: it did not follow the suit led (the Rook
    aside, which may always be played)."""
    out: list[set[int]] = [set() for _ in view.hand_counts]
    tricks = [t.plays for t in view.tricks]
    if view.plays:
        tricks.append(view.plays)
    for plays in tricks:
        led = _suit(plays[0][1], view.trump)
        for pos, c in plays[1:]:
            if c != ROOK and c & 3 != led:
                out[pos].add(led)
    return out


def _piles_world(view: RookView, pool: list[int]) -> World:
    """2 players, piles not yet chosen: nothing is seen, so deal everything."""
    piles = tuple(tuple(pool[i * PILE : (i + 1) * PILE]) for i in range(3))
    return World(((), (), ()), (), tuple(pool[39:44]), piles, tuple(pool[36:39]))


def sample_world(view: RookView, rng: Pcg32, tries: int = 20) -> World:
    """One deal of the unseen cards consistent with `view` (voids kept when a deal that
    keeps them is found within `tries` shuffles; hand sizes always)."""
    unseen = view.unseen_cards()
    positions = len(view.hand_counts)
    void = voids(view)
    best: World | None = None
    for _ in range(tries):
        pool = list(unseen)
        rng.shuffle(pool)
        if view.phase == PILES:
            return _piles_world(view, pool)
        hands: list[tuple[int, ...]] = [()] * positions
        ok = True
        dummy_pile: tuple[int, ...] = ()
        for pos in range(positions):
            if pos == view.seat:
                hands[pos] = view.hand
                continue
            known: tuple[int, ...] = ()
            if view.players == 2 and pos == DUMMY:
                known = view.dummy
            n = view.hand_counts[pos] - len(known)
            take = [c for c in pool if c == ROOK or _suit(c, view.trump) not in void[pos]][:n]
            if len(take) < n:
                ok = False
                take = pool[:n]
            for c in take:
                pool.remove(c)
            hands[pos] = tuple(sorted(known + tuple(take)))
            if known:
                dummy_pile = known + tuple(take)  # the face-up six first, as dealt
        nest: tuple[int, ...] = ()
        put_back: tuple[int, ...] = ()
        if view.phase == BIDDING:
            nest, pool = tuple(pool[:NEST_SIZE]), pool[NEST_SIZE:]
        elif view.phase > NEST:
            if view.seat == view.bidder:
                put_back = view.nest
            else:
                put_back, pool = tuple(pool[:NEST_SIZE]), pool[NEST_SIZE:]
        dealt: tuple[tuple[int, ...], ...] = ()
        if view.players == 2:
            piles: list[tuple[int, ...]] = [(), (), ()]
            piles[view.pile_of[DUMMY]] = dummy_pile
            dealt = tuple(piles)
        world = World(tuple(hands), put_back, nest, dealt, tuple(pool))
        if ok:
            return world
        best = best or world
    assert best is not None
    return best


def world_state(view: RookView, world: World) -> State:
    """The full state of the view's hand in `world`."""
    return state_from_view(
        view,
        world.hands,
        world.put_back,
        nest=world.nest,
        dealt=world.dealt or None,
        out_of_play=world.out_of_play,
    )


def resample(view: RookView, rng: Pcg32) -> State:
    """A state this seat cannot tell from the real one (bar finished hands)."""
    return world_state(view, sample_world(view, rng))
