"""What the server needs of each game it serves, asked of the game and its bots.

Every game of the registry is served. The table (tt22.serve.hub) knows a game only
through the protocol (`view`, `apply`, ...) and these few facts:

- how a seat's view travels: msgpack of the game's view (a NamedTuple), decoded with
  the view's own type (`decode_view`), so a seat's screen is built from the message
  alone, never from the state;
- what a spectator sees: seat 0's view less that seat's private parts (its hand, its
  exchange, its nest), named per game in `PRIVATE`;
- the bots of a level (22's own, the others' bots module), choosing from a view;
- the move a run-out clock plays, `safe_move` (see there and docs/serve.md);
- a seat's hint, where the game has one (`seat_hint`: 22's).
"""

from __future__ import annotations

from typing import Any

import msgspec

from tt22.core.registry import DEFAULT_GAME, bots_module, default_level, game_names, get_game

__all__ = [
    "PRIVATE",
    "decode_view",
    "make_seat_bot",
    "public_view",
    "safe_move",
    "seat_hint",
    "served_games",
    "view_type",
]

PRIVATE: dict[str, dict[str, Any]] = {
    "twentytwo": {"hand": (), "my_discard": (), "my_draw": ()},
    "rook": {"hand": (), "nest": ()},
    "rummy": {"hand": (), "taken": -1},
    "gin": {"hand": (), "taken": -1},
}
"""Per game, the fields of a seat's view that are that seat's alone, and what a
spectator's copy holds instead (22's exchange; Rook's nest, K23; the card a Rummy seat
just took from the pile is public, but only its own view marks it)."""


def served_games() -> tuple[str, ...]:
    """Every game of the registry with a spectator's view defined here (all of them:
    a game added to the registry without an entry in PRIVATE is not served)."""
    return tuple(name for name in game_names() if name in PRIVATE)


def view_type(game: str) -> Any:
    """The type a seat's view of `game` decodes to."""
    if game == DEFAULT_GAME:
        from tt22.games.twentytwo import SeatView

        return SeatView
    if game == "rook":
        from tt22.games.rook.views import RookView

        return RookView
    from tt22.games.rummy.views import GinView, RummyView

    return GinView if game == "gin" else RummyView


def _tuples(value: Any) -> Any:
    """Lists back to tuples (an event's data is `Any` in the view's type, so msgpack
    brings a meld's cards back as a list; the screens compare them as tuples)."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def decode_view(game: str, data: bytes) -> Any:
    """A seat's view of `game` from its msgpack bytes (msgspec.ValidationError on
    anything else), equal to the view that was encoded."""
    view = msgspec.msgpack.decode(data, type=view_type(game))
    if game in ("rummy", "gin"):
        view = view._replace(events=tuple((s, k, _tuples(d)) for s, k, d in view.events))
    return view


def public_view(game: str, state: Any) -> Any:
    """What a spectator may see: public facts only (no hand, no exchange, no nest)."""
    return get_game(game).view(state, 0)._replace(**PRIVATE[game])


def make_seat_bot(game: str, level: str, seed: str, seat: int) -> Any:
    """The bot of `level` for `seat` (an unknown level: the default one), choosing from
    the seat's view."""
    if game == DEFAULT_GAME:
        from tt22.games.twentytwo.bots import LEVELS, make_bot

        return make_bot(default_level(tuple(LEVELS), level), seed, seat)
    bots = bots_module(game)
    assert bots is not None, game
    levels = tuple(getattr(bots, "LEVELS", ()))
    return bots.make_level(default_level(levels, level), seed)


def seat_hint(game: str, view: Any, salt: str) -> Any:
    """The hint for the view's seat, from that view alone (22's
    `tt22.games.twentytwo.bots.hint`; its sampled deals drawn from `salt`); None for a game
    without hints."""
    if game != DEFAULT_GAME:
        return None
    from tt22.games.twentytwo.bots.hint import hint

    return hint(view, salt)


def _is_pass(move: Any) -> bool:
    config = getattr(type(move), "__struct_config__", None)
    return getattr(config, "tag", None) == "pass"


def safe_move(game: str, view: Any, seed: str) -> Any:
    """The move a run-out clock plays for the view's seat, chosen from its view.

    22: keep the hand in the exchange, else the lowest cards that may be played (the
    issue's rule). Every other game: a pass where one is legal (Rook's bidding, so a
    clock never commits an absent player to a contract; Gin's upcard, declined), else
    what the game's own rules-of-thumb bot (level `normal`) would do from this view:
    Rook's nest, trump and card, a Rummy or Gin draw, meld, lay-off or discard. No rules
    logic here: the moves come from `view_legal_moves` and the bot."""
    g = get_game(game)
    moves = g.view_legal_moves(view)
    if game == DEFAULT_GAME:
        from tt22.core.cards import parse_cards
        from tt22.games.twentytwo import Exchange, Play

        keep = [m for m in moves if isinstance(m, Exchange) and not m.discard]
        if keep:
            return keep[0]
        plays = [m for m in moves if isinstance(m, Play)]
        if plays:
            return min(plays, key=lambda m: sorted(c >> 2 for c in parse_cards(m.cards)))
        return moves[0]
    passes = [m for m in moves if _is_pass(m)] if len(moves) < 64 else []
    if passes:
        return passes[0]
    try:
        move = make_seat_bot(game, "normal", seed, view.seat).choose(view)
    except Exception:  # a bot's failure never stops a table
        return moves[0]
    return move if g.explain_view(view, move) is None else moves[0]
