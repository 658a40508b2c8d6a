"""A match of any protocol game (`tt22.core.protocol.Game`) played at this keyboard.

22 keeps its own `MatchSession` (tt22.tui.session); every other game (Rook now, Rummy
and Gin later) is played through a `GameSession`, which knows games only through the
protocol and their bots' module. No Textual here: a table screen drives a session, and
tests can drive one directly.

API (what a game's table uses):

- `GameSession.start(game, rules, seed, players, home)`: a new match. It claims the data
  folder's one slot for the match in progress (the same slot and `flock` as 22's, through
  `tt22.tui.session`: `SlotBusy` when another window plays there), keeps a match left
  unfinished there with the records, and autosaves the empty record (format 2).
  `rules` are the game's rules (resolved for the table or not).
- `GameSession.resume(home)`: the match in progress of the slot, at its exact position,
  or None (no match, or a match of 22, which `MatchSession.resume` continues).
- `session.game`, `.rules`, `.seed`, `.players`, `.names`, `.humans`, `.state`,
  `.moves`, `.record`; `to_move`, `over`, `view(seat)` (the game's view: what a screen
  shows of a seat, and nothing more), `legal_moves(seat)` (asked of the view).
- `play(move, think=None)`: `game.apply` (IllegalMove, with its `Reason` where the game
  has one, propagates untouched), then the record is appended and autosaved; when the
  match ends the record is filed in `records/` and `saved_path` says where.
- `hint(view)`: the move the strongest bot level would make from a seat's view.
- `bot_move()`: the move of the bot on turn, chosen from that seat's view only (the
  game's bots module: `LEVELS`/`make_level`, or `make_bot` by name); `is_bot(seat)`.
- `save_problem`: why the last save failed (a full disk does not stop the game);
  `save_again()`, `resign()` (file it unfinished), `release()` (let other windows have
  the slot: call when leaving the table), `shown_seed` (the seed's commitment while a
  human plays, as 22's).

- `can_take_back`, `take_back()`: undo for one person against bots, as at 22's table
  (tt22.tui.session.SlotSession): back to that person's last move, the bots' replies
  with it; the record counts the take-back and the autosave holds what stands.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tt22.core.players import Player
from tt22.core.protocol import Game
from tt22.core.registry import DEFAULT_GAME, bots_module, get_game
from tt22.record import (
    Autosave,
    Record,
    append_move,
    build_record,
    final_state,
    new_record,
)
from tt22.tui.session import (
    SlotSession,
    claim_slot,
    keep_unfinished,
    seed_label,
)

__all__ = ["GameSession", "game_bots_module", "game_levels"]

AnyGame = Game[Any, Any, Any, Any]


def game_bots_module(name: str) -> Any:
    """The bots module of game `name` (tt22.core.registry); KeyError when it has none."""
    module = bots_module(name)
    if module is None:
        raise KeyError(name)
    return module


def game_levels(name: str) -> tuple[str, ...]:
    """The bot levels of game `name` (easy..expert), as 22's are named."""
    return tuple(getattr(game_bots_module(name), "LEVELS", ()))


def _bot_for(name: str, level: str, seed: str) -> Any:
    """The bot of a level or a bot's name; an unknown one (an old record) gets the first
    level, as 22's session does."""
    bots = game_bots_module(name)
    levels = tuple(getattr(bots, "LEVELS", ()))
    try:
        if level in levels:
            return bots.make_level(level, seed)
        return bots.make_bot(level, seed)
    except (KeyError, ValueError):
        return (
            bots.make_level(levels[0], seed) if levels else bots.make_bot(bots.BOT_NAMES[0], seed)
        )


class GameSession(SlotSession):
    """One match of a protocol game: its state, its seats and bots, and its record."""

    def __init__(
        self,
        game: AnyGame,
        rules: Any,
        seed: str,
        players: Sequence[Player],
        *,
        autosave: Autosave | None = None,
        record: Record | None = None,
        state: Any = None,
        moves: Sequence[Any] = (),
    ) -> None:
        self.game = game
        self.seed = seed
        self.players = list(players)
        now = dt.datetime.now(dt.UTC)
        if record is None:  # (a session at a given position: its record has those moves)
            record = (
                build_record(rules, seed, self.players, moves, now)
                if moves
                else new_record(rules, seed, self.players, now)
            )
        self.record: Record = record
        self.rules = self.record.rules  # resolved for the table
        self.state = state if state is not None else final_state(self.record)
        self.moves: list[Any] = list(moves) if moves else [m.move for m in self.record.moves]
        self.bots: dict[int, Any] = {
            seat: _bot_for(game.name, p.bot or "", seed)
            for seat, p in enumerate(self.players)
            if p.kind == "bot"
        }
        self._hinter: Any = None  # the strongest level's bot, made on the first hint
        self.autosave = autosave
        self.claimed = False  # this session owns the data folder's match in progress
        self.saved_path: Path | None = None
        self.save_problem: str | None = None
        if not self.moves:
            self._store()

    # -- opening -----------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        game: AnyGame | str,
        rules: Any,
        seed: str,
        players: Sequence[Player],
        home: Path | None = None,
    ) -> GameSession:
        """A new match in the data folder's slot (see the module's docstring)."""
        g = get_game(game) if isinstance(game, str) else game
        autosave, held = claim_slot(home)
        try:
            keep_unfinished(autosave)
            session = cls(g, rules, seed, players, autosave=autosave)
        except BaseException:
            if held:
                autosave.release()
            raise
        session.claimed = held
        return session

    @classmethod
    def resume(cls, home: Path | None = None) -> GameSession | None:
        """The autosaved match in progress (not 22's), at its exact position, or None.
        The bots are made afresh; their decisions draw from streams named after the
        position, so they choose what they would have chosen without the break."""
        autosave, held = claim_slot(home)
        record = autosave.load_current()
        session = None
        if record is not None and record.game != DEFAULT_GAME:
            game = get_game(record.game)
            try:
                state = final_state(record)
            except ValueError:
                state = None
            if state is not None and not game.is_over(state):
                session = cls(
                    game, record.rules, record.seed, record.players,
                    autosave=autosave, record=record, state=state,
                )  # fmt: skip
        if session is None:
            if held:
                autosave.release()
            return None
        session.claimed = held
        return session

    # -- what the table asks -----------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    @property
    def humans(self) -> list[int]:
        return [seat for seat, p in enumerate(self.players) if p.kind == "human"]

    @property
    def shown_seed(self) -> str:
        return seed_label(self.seed, self.players)

    @property
    def to_move(self) -> int:
        return self.game.to_move(self.state)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def view(self, seat: int) -> Any:
        """What `seat` may know now (the game's view), and nothing more."""
        return self.game.view(self.state, seat)

    def legal_moves(self, seat: int) -> Sequence[Any]:
        """The legal moves of `seat`, judged from its view (empty when not its turn)."""
        return self.game.view_legal_moves(self.view(seat))

    def bot_move(self) -> Any:
        """The move of the bot on turn, from its seat's view only. A bot that fails is
        replaced for this move by the first legal move, as at 22's table."""
        seat = self.to_move
        v = self.view(seat)
        try:
            return self.bots[seat].choose(v)
        except Exception:
            return self.game.view_legal_moves(v)[0]

    def hint(self, view: Any) -> Any:
        """The move the game's strongest bot level would make from `view`, a seat's view
        (never the state: a hint knows what the player knows). Its decisions draw from
        streams named after the position, so asking twice gives the same move. A bot
        that fails gives the first legal move, as `bot_move` does."""
        if self._hinter is None:
            levels = game_levels(self.game.name)
            self._hinter = _bot_for(self.game.name, levels[-1] if levels else "", self.seed)
        try:
            return self._hinter.choose(view)
        except Exception:
            return self.game.view_legal_moves(view)[0]

    # -- moves -------------------------------------------------------------------------

    def play(self, move: Any, think: float | None = None) -> Any:
        """Apply `move` (IllegalMove propagates untouched), record and autosave it."""
        self.state = self.game.apply(self.state, move)
        self.moves.append(move)
        self.record = append_move(self.record, move, think=think)
        self._store(finish=self.over)
        return self.state
