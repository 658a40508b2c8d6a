"""Bots of every game: one protocol, one per-decision stream, one factory, one match loop.

A game's bots live in its own package; its registry entry names their module
(`GameEntry.bots`), which gives:

- `LEVELS`: the levels offered to players, weakest first (easy, normal, hard, expert);
- `NAMES`: every name its factory takes (levels and bots by name), in the order the
  command line lists them;
- `seat_bot(name, seed, seat)`: the bot of a level or a name for `seat` of the match of
  `seed`; ValueError or KeyError for a name it does not have.

Nothing here knows a game: `make_bot(game, name, seed, seat)` asks the game's entry, and
`play_match` folds the bots' moves through the game's protocol. A bot sees its seat's
view only (a bot that `sees_everything`, 22's arena cheater, is handed the state).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from .registry import entry
from .rng import Pcg32, seed_key, stream

__all__ = [
    "Bot",
    "BotMenu",
    "Played",
    "RandomMoveBot",
    "UnknownBot",
    "bot_names",
    "bots_of",
    "clock_move",
    "decision_stream",
    "has_bots",
    "levels",
    "make_bot",
    "play_match",
]


class Bot(Protocol):
    """Chooses a move for its seat from what that seat may see (its view)."""

    name: str

    def choose(self, view: Any) -> Any: ...


class UnknownBot(ValueError):
    """A bot or level name a game does not have (or a game without bots), in words."""


class RandomMoveBot:
    """Any legal move uniformly, from the decision's own stream: the `random` bot the
    Rummy family's games share. A game's subclass names its decision stream (`decide`:
    the key, the bot's name and the view), which places the decision in its own terms."""

    name = "random"
    decide: Callable[[bytes, str, Any], Pcg32]

    def __init__(self, seed: str) -> None:
        self.key = seed_key(seed)

    def choose(self, view: Any) -> Any:
        legal = view.legal_moves()
        return legal[self.decide(self.key, self.name, view).bounded(len(legal))]


B = TypeVar("B")


class BotMenu(Generic[B]):
    """A game's bots by name and by level: what the Rummy family's and Rook's bots
    modules wrote out alike, bound by each (`make_bot = MENU.make_bot`) so that the
    module keeps its public `make_bot`, `make_level`, `seat_bot` and `NAMES`.

    `bots` are the bot classes, each named by its `name`; `levels` map a level to a bot's
    name, or to (name, sampled worlds; 0 for the default `worlds`); the bots named in
    `sampled` are made with the worlds as a second argument. `seed_arg` turns the match
    seed into what a bot is made with (the seed itself, or Rook's key)."""

    def __init__(
        self,
        bots: Sequence[Any],
        levels: Mapping[str, str | tuple[str, int]],
        *,
        worlds: int = 0,
        sampled: Collection[str] = (),
        noun: str = "bot",
        seed_arg: Callable[[str], Any] = str,
    ) -> None:
        self.bots: dict[str, Callable[..., B]] = {b.name: b for b in bots}
        self.levels = levels
        self.worlds = worlds
        self.sampled = frozenset(sampled)
        self.noun = noun
        self.seed_arg = seed_arg
        self.bot_names: tuple[str, ...] = tuple(self.bots)
        self.names: tuple[str, ...] = (*levels, *self.bot_names)
        """Every name `seat_bot` takes, levels first (the registry entry's `NAMES`)."""

    def make_bot(self, name: str, seed: str, worlds: int | None = None) -> B:
        """The bot called `name` for the match of `seed` (ValueError for an unknown name),
        a sampling one with `worlds` worlds (by default the game's)."""
        make = self.bots.get(name)
        if make is None:
            raise ValueError(
                f"unknown {self.noun} {name!r}; the bots are {', '.join(self.bot_names)}"
            )
        arg = self.seed_arg(seed)
        if name in self.sampled:
            return make(arg, self.worlds if worlds is None else worlds)
        return make(arg)

    def make_level(self, level: str, seed: str) -> B:
        """The bot of a level (easy..expert); ValueError for an unknown level."""
        if level not in self.levels:
            raise ValueError(f"unknown level {level!r}; the levels are {', '.join(self.levels)}")
        bot = self.levels[level]
        name, worlds = (bot, 0) if isinstance(bot, str) else bot
        return self.make_bot(name, seed, worlds or self.worlds)

    def seat_bot(self, name: str, seed: str, seat: int) -> B:
        """The bot of a level or a name (`make_bot` of this module asks this); the seat is
        the view's, so it is not needed here. ValueError for an unknown name."""
        if name in self.levels:
            return self.make_level(name, seed)
        return self.make_bot(name, seed)


def decision_stream(key: bytes, seat: int, name: str, *place: object) -> Pcg32:
    """The stream of one decision: `bot/<seat>/<name>/<place...>` of the seed's key
    (docs/seeds.md). `place` names the decision within the match in the game's own terms
    (22: deal, phase, tricks; Rook: hand, phase, tricks, bids; the Rummy family: hand,
    turns, step), so the draws of one decision never depend on an earlier one's."""
    return stream(key, "/".join(("bot", str(seat), name, *map(str, place))))


def bots_of(game: str) -> Any:
    """The module of game `game`'s bots (loaded now); UnknownBot when it has none."""
    module = entry(game).bots
    if not module:
        raise UnknownBot(f"{game} has no bots yet")
    return importlib.import_module(module)


def has_bots(game: str) -> bool:
    """Whether game `game`'s entry names a bots module (nothing is loaded)."""
    return bool(entry(game).bots)


def levels(game: str) -> tuple[str, ...]:
    """The levels game `game` offers players, weakest first; () without bots."""
    return tuple(bots_of(game).LEVELS) if has_bots(game) else ()


def bot_names(game: str) -> tuple[str, ...]:
    """Every name `make_bot` takes for `game` (levels and bots), as the commands list them."""
    return tuple(bots_of(game).NAMES)


def make_bot(game: str, name: str, seed: str, seat: int, *, otherwise: str | None = None) -> Bot:
    """The bot of level or name `name` for `seat` of the match of `seed` in game `game`.

    An unknown name raises UnknownBot, or with `otherwise` gets that level instead (an old
    record's seat: the sessions give it the first level, the server the default one)."""
    bots = bots_of(game)
    try:
        bot: Bot = bots.seat_bot(name, seed, seat)
    except (KeyError, ValueError):
        if otherwise is None:
            raise UnknownBot(
                f"unknown bot {name!r}; the bots are {', '.join(bots.NAMES)}"
            ) from None
        bot = bots.seat_bot(otherwise, seed, seat)
    return bot


class Played(NamedTuple):
    """A match as `play_match` left it: the last state, every move, and (when timed) the
    seconds each move's bot took (with a clock), in move order."""

    state: Any
    moves: list[Any]
    seconds: list[float]


def play_match(
    game: Any,
    rules: Any,
    seed: str,
    bots: Sequence[Any],
    *,
    hands: int | None = None,
    on_move: Callable[[Any, Any], None] | None = None,
    clock: Callable[[], float] | None = None,
) -> Played:
    """Fold the bots' moves (one bot per seat) through `game` until the match is over, or
    until hand `hands` + 1 would start when `hands` is given (the match is then left
    unfinished). Each bot sees its seat's view; `on_move(state, move)` is told every move
    before it is applied; with a `clock` (the arena's `time.perf_counter`) each bot's
    thinking is measured."""
    view, apply, is_over, to_move = game.view, game.apply, game.is_over, game.to_move
    seeing = [bool(getattr(bot, "sees_everything", False)) for bot in bots]
    state = game.new_match(rules, len(bots), seed)
    moves: list[Any] = []
    seconds: list[float] = []
    while not is_over(state) and (hands is None or game.locate(state).hand <= hands):
        seat = to_move(state)
        t0 = clock() if clock is not None else 0.0
        move = bots[seat].choose(state if seeing[seat] else view(state, seat))
        if clock is not None:
            seconds.append(clock() - t0)
        if on_move is not None:
            on_move(state, move)
        state = apply(state, move)
        moves.append(move)
    return Played(state, moves, seconds)


def _is_pass(move: Any) -> bool:
    config = getattr(type(move), "__struct_config__", None)
    return getattr(config, "tag", None) == "pass"


def clock_move(game: Any, view: Any, seed: str) -> Any:
    """`Game.safe_move`'s default: a pass where one is legal (Rook's bidding; Gin's
    upcard, declined), else what the game's `normal` bot would do from this view (Rook's
    nest, trump and card, a Rummy or Gin draw, meld, lay-off or discard), else the first
    legal move. No rules here: the moves come from `view_legal_moves` and the bot."""
    moves = game.view_legal_moves(view)
    passes = [m for m in moves if _is_pass(m)] if len(moves) < 64 else []
    if passes:
        return passes[0]
    try:
        move = make_bot(game.name, "normal", seed, view.seat).choose(view)
    except Exception:  # a bot's failure never stops a table
        return moves[0]
    return move if game.explain_view(view, move) is None else moves[0]
