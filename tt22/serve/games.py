"""What the server needs of each game it serves, asked of the game and its registry entry.

Every game of the registry is served. The table (tt22.serve.hub) knows a game only
through the protocol (`view`, `apply`, ...) and these few questions, each answered by
the game itself (tt22.core.protocol.Game):

- how a seat's view travels: msgpack of the game's view, decoded by the game
  (`Game.decode_view`), so a seat's screen is built from the message alone;
- what a spectator sees: `Game.public_view`, by the game's own rules (no hand, no
  exchange, no nest);
- the bots of a level, choosing from a view (tt22.core.bots, the game's entry);
- the move a run-out clock plays, `Game.safe_move` (docs/serve.md);
- a seat's hint, where the game has one (`Game.hint`);
- a finished match's sides and finishing order, for the ratings (`Game.sides`, and the
  places the record's totals and winners make: `finished_match`).
"""

from __future__ import annotations

from typing import Any

from tt22.core.bots import Bot, levels, make_bot
from tt22.core.registry import default_level, discover, entry, get_game
from tt22.serve.store import FinishedMatch, FinishedSeat

__all__ = [
    "decode_view",
    "finished_match",
    "make_seat_bot",
    "public_view",
    "safe_move",
    "seat_hint",
    "served_games",
]


def served_games() -> tuple[str, ...]:
    """Every game of the registry the server can seat (its entry's `serves`), installed
    plug-ins included (`discover`)."""
    return tuple(name for name in discover() if entry(name).serves)


def decode_view(game: str, data: bytes) -> Any:
    """A seat's view of `game` from its msgpack bytes (msgspec.ValidationError on
    anything else), equal to the view that was encoded."""
    return get_game(game).decode_view(data)


def public_view(game: str, state: Any) -> Any:
    """What a spectator may see: public facts only (no hand, no exchange, no nest)."""
    return get_game(game).public_view(state)


def make_seat_bot(game: str, level: str, seed: str, seat: int) -> Bot:
    """The bot of `level` for `seat` (an unknown level: the default one), choosing from
    the seat's view."""
    return make_bot(game, default_level(levels(game), level), seed, seat)


def seat_hint(game: str, view: Any, salt: str) -> Any:
    """The hint for the view's seat, from that view alone (its sampled deals drawn from
    `salt`); None for a game without hints."""
    return get_game(game).hint(view, salt)


def safe_move(game: str, view: Any, seed: str) -> Any:
    """The move a run-out clock plays for the view's seat, chosen from its view by the
    game (`Game.safe_move`)."""
    return get_game(game).safe_move(view, seed)


def finished_match(code: str, path: str, record: Any) -> FinishedMatch:
    """What the store keeps of the finished match `record` (filed at `path`): each
    seat's name or bot level, side (`Game.sides`) and place (the winners first, then
    the totals, the better first: tt22.history.index.places), and the daily deal's date
    when its seed is `daily`'s."""
    from tt22.history.index import daily_date, places

    game = get_game(record.game)
    result = record.result
    n = len(record.players)
    where = places(result.totals, result.winners, bool(game.lower_is_better), result.resigned)
    side_of = {seat: i for i, side in enumerate(game.sides(n)) for seat in side}
    seats = tuple(
        FinishedSeat(
            seat,
            p.name,
            (p.bot or "") if p.kind == "bot" else None,
            side_of.get(seat, seat),
            where[seat],
            result.totals[seat],
        )
        for seat, p in enumerate(record.players)
    )
    return FinishedMatch(code, record.game, path, record.seed, daily_date(record.seed), seats)
