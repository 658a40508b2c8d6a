"""The protocol's promises as checks any game's tests run (OpenSpiel's random_sim_test).

A game's tests import these rather than writing their own random playout and their own
checks of what every game promises (tests/core/test_games_protocol.py runs them over
every registered game; a game's own tests over its options and odd tables). They know
no game's rules: everything goes through the `Game` protocol, and a broken promise is
an AssertionError saying which.

- `random_playout`: a seeded random match, as (state, move) pairs and the last state.
- `check_step`: one move's promises (the view's moves, `apply` leaving its argument
  alone, the move's codec and text, another seat refused with a rule of the game).
- `check_playout`: every step of a random playout, and where it stands moving forward.
- `check_resample`: a world dealt from a seat's view shows that seat the same view and
  the same moves, and plays on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from .protocol import Game, IllegalMove, Location, Reason
from .rng import Pcg32, seed_key, stream

__all__ = ["check_playout", "check_resample", "check_step", "random_playout"]

AnyGame = Game[Any, Any, Any, Any]


def random_playout(
    game: AnyGame,
    players: int,
    seed: str,
    *,
    rules: Sequence[str] = (),
    name: str = "conformance",
    limit: int = 600,
) -> list[tuple[Any, Any]]:
    """(state, move) pairs of a random match of `seed` under `rules`, each move drawn
    uniformly from the legal ones by stream `name` of the seed, and the last state with
    None: the match's end, or the state after `limit` moves."""
    state = game.new_match(game.rules(list(rules), players), players, seed)
    rng = stream(seed_key(seed), name)
    steps: list[tuple[Any, Any]] = []
    while not game.is_over(state) and len(steps) < limit:
        legal = game.legal_moves(state)
        m = legal[rng.bounded(len(legal))]
        steps.append((state, m))
        state = game.apply(state, m)
    steps.append((state, None))
    return steps


def check_step(game: AnyGame, state: Any, move: Any, players: int) -> None:
    """The promises of one legal `move` from `state` (not over) of a `players` table."""
    seat = game.to_move(state)
    legal = game.legal_moves(state)
    assert len(legal) > 0 and move.seat == seat
    # the seat's view gives the same moves as the state
    from_view = game.view_legal_moves(game.view(state, seat))
    assert len(from_view) == len(legal)
    assert [from_view[i] for i in (0, -1)] == [legal[i] for i in (0, -1)]
    # apply never changes its argument
    before = state.fingerprint()
    after = game.apply(state, move)
    assert state.fingerprint() == before
    assert after.fingerprint() != before
    # every move of a small sample applies
    for i in range(0, len(legal), max(1, len(legal) // 5)):
        game.apply(state, legal[i])
    # the codec and the text form round-trip
    assert game.decode_move(game.encode_move(move)) == move
    assert game.parse_move(seat, game.move_text(move)) == move
    # another seat may not move, and is told which rule says so
    other = next(s for s in range(players) if s != seat)
    wrong = msgspec.structs.replace(move, seat=other)
    try:
        game.apply(state, wrong)
    except IllegalMove as e:
        assert e.rule.startswith(game.rule_prefix), e.rule
        why = game.explain(state, wrong)
        assert isinstance(why, Reason) and why.rule == e.rule
    else:
        raise AssertionError(f"{wrong!r} applied: another seat moved")
    assert game.describe(why).endswith(f"({why.rule})")
    assert game.explain(state, move) is None


def check_playout(game: AnyGame, players: int, steps: Sequence[tuple[Any, Any]]) -> Location:
    """`check_step` at every move of `steps` (a `random_playout`), `to_move` -1 exactly
    when the match is over, and `locate` never going back a hand. The last location."""
    last = Location(0, 0, 0)
    for state, m in steps:
        over = game.is_over(state)
        assert (game.to_move(state) == -1) == over
        loc = game.locate(state)
        assert loc.hand >= last.hand
        last = loc
        if m is not None:
            check_step(game, state, m, players)
    return last


def check_resample(
    game: AnyGame, state: Any, seat: int, rng: Pcg32, *, unkept: Sequence[str] = ()
) -> Any:
    """A world dealt by `game.resample` from `seat`'s view of `state` (not over): its
    view for `seat` is that view (but for the view's fields named in `unkept`, which
    the game's worlds do not rebuild), the seat to move has the same legal moves, and
    every one of them applies in it. The world."""
    v = game.view(state, seat)
    world = game.resample(v, rng)
    again = game.view(world, seat)
    if unkept:
        again = again._replace(**{name: getattr(v, name) for name in unkept})
    assert again == v, [f for f in v._fields if getattr(again, f) != getattr(v, f)]
    assert game.to_move(world) == game.to_move(state)
    if game.to_move(state) == seat:
        moves = list(game.legal_moves(world))
        assert moves == list(game.legal_moves(state))
        for m in moves[:64]:
            game.apply(world, m)
    return world
