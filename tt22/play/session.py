"""A match played at this keyboard, of any game: its state, seats, bots and record.

One session type for every game (`LocalSession`), over the game protocol
(`tt22.core.protocol.Game`) alone: it gets its game and its bots from the registry
(`tt22.core.registry`) and imports no game's modules and no Textual. A table screen
drives one; tests drive one directly. The bots are run for the screen by
`tt22.play.runner.BotRunner`, which posts `tt22.play.events` to it.

API (what a table uses):

- `LocalSession.start(game, rules, seed, players, home)`: a new match. It claims the
  data folder's one slot for the match in progress (`claim_slot`: `SlotBusy` when
  another window plays there), keeps a match left unfinished there with the records
  (`keep_unfinished`), and autosaves the empty record (format 1 for 22, format 2 for
  every other game: `tt22.record.new_record` decides, as before). `rules` are the
  game's rules, resolved for the table or not.
- `LocalSession.resume(home)`: the slot's match in progress, of whichever game, at its
  exact position; None when there is none or its moves do not replay.
- `LocalSession.from_record(record, home)`: play on from a record's last move (a forked
  record: "play from here"); it becomes the match in progress.
- `session.game`, `.rules`, `.seed`, `.players`, `.names`, `.humans`, `.state`,
  `.moves`, `.record`, `.bots`; `to_move`, `over`, `is_bot(seat)`, `view(seat)` (what a
  screen or a bot may know of a seat, and nothing more), `legal_moves(seat)` (asked of
  the view), `shown_seed` (only the seed's commitment while a person plays).
- `play(move, think=None)`: `game.apply` (IllegalMove, with its `Reason`, propagates
  untouched; for 22 `TWENTYTWO.apply` is the engine's own `apply`), then the record
  is appended and autosaved; when the match ends the record is filed in `records/`
  and `saved_path` says where.
- `bot_move()`: the move of the bot on turn from its seat's view (what a bot raises
  propagates: the runner reports it, never replaces it); `stand_in(seat)`: the game's
  random bot for that seat, for one move after its own failed, if the person asks.
- `hint(view)`: the move the strongest bot level would make from a seat's view.
- `save_problem`, `save_again()`, `resign()`, `release()`, `abandon()`, and
  `can_take_back` / `take_back()` (undo for one person against bots).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from tt22.core.bots import levels, make_bot
from tt22.core.players import Player
from tt22.core.protocol import Game
from tt22.core.registry import default_game, game_names, get_game
from tt22.core.seeds import fresh_seed, seed_commitment
from tt22.record import (
    Autosave,
    Record,
    append_move,
    build_record,
    final_state,
    new_record,
    take_back,
    verify_record,
)

__all__ = [
    "Current",
    "LocalSession",
    "bot_levels",
    "claim_slot",
    "fresh_seed_text",
    "keep_unfinished",
    "make_autosave",
    "make_seat_bot",
    "peek_current",
    "save_problem_text",
    "seed_label",
]

AnyGame = Game[Any, Any, Any, Any]

STAND_IN = "random"
"""The bot that may play one move for a bot that failed (every game has one)."""


def fresh_seed_text() -> str:
    return fresh_seed(os.urandom(8))


# -- bots, from the registry -------------------------------------------------------------


def bot_levels() -> tuple[str, ...]:
    """The bot levels of the game tt22 opens on (`default_game`: 22's easy, normal,
    hard, expert)."""
    return levels(default_game())


def make_seat_bot(name: str, level: str, seed: str, seat: int) -> Any:
    """The bot of `level` (or of a bot's name) for `seat` of game `name`'s match of
    `seed`; an unknown one (an old record) gets the first level. Every decision draws
    from a stream named after the seed and the position, so a bot made afresh (a match
    resumed) chooses what it would have chosen without the break."""
    return make_bot(name, level, seed, seat, otherwise=levels(name)[0])


# -- the session ---------------------------------------------------------------------------


class LocalSession:
    """One match of any game at this keyboard: its state, seats, bots and record, in
    the data folder's one slot for the match in progress."""

    def __init__(
        self,
        game: AnyGame | str,
        rules: Any,
        seed: str,
        players: Sequence[Player],
        *,
        autosave: Autosave | None = None,
        record: Record | None = None,
        state: Any = None,
        moves: Sequence[Any] = (),
    ) -> None:
        self.game: AnyGame = get_game(game) if isinstance(game, str) else game
        self.seed = seed
        self.players = list(players)
        if record is None:  # (a session at a given position: its record has those moves)
            now = dt.datetime.now(dt.UTC)
            record = (
                build_record(rules, seed, self.players, moves, now)
                if moves
                else new_record(rules, seed, self.players, now)
            )
        self.record: Record = record
        self.rules: Any = record.rules  # resolved for the table
        self.state: Any = state if state is not None else final_state(record)
        self.moves: list[Any] = list(moves) if moves else [m.move for m in record.moves]
        self.bots: dict[int, Any] = {
            seat: make_seat_bot(self.game.name, p.bot or "", seed, seat)
            for seat, p in enumerate(self.players)
            if p.kind == "bot"
        }
        self._hinters: dict[int, Any] = {}  # the strongest level's bots, made on first hints
        self.autosave = autosave
        self.claimed = False  # this session owns the data folder's match in progress
        self.saved_path: Path | None = None
        self.save_problem: str | None = None  # why the last autosave failed, if it did
        if not self.moves:
            self._store()

    # -- opening -------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        game: AnyGame | str,
        rules: Any,
        seed: str,
        players: Sequence[Player],
        home: Path | None = None,
    ) -> LocalSession:
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
    def resume(cls, home: Path | None = None) -> LocalSession | None:
        """The autosaved match in progress, of any game, at its exact position, or None
        (none, or its moves do not replay, or it is over)."""
        autosave, held = claim_slot(home)
        record = autosave.load_current()
        try:
            session = cls._at(record, _last_state(record), autosave) if record else None
        except ValueError:
            session = None
        if session is None:
            if held:
                autosave.release()
            return None
        session.claimed = held
        return session

    @classmethod
    def from_record(cls, record: Record, home: Path | None = None) -> LocalSession:
        """A new match in progress that goes on from the last move of `record` (a forked
        record, say): it becomes the autosaved current match, and a match left unfinished
        there is first kept with the records, as when a new match starts.

        ValueError (one line) when the record does not fold or its match is over.
        """
        state = _last_state(record)
        autosave, held = claim_slot(home)
        try:
            keep_unfinished(autosave)
            session = cls._at(record, state, autosave)
        except BaseException:
            if held:
                autosave.release()
            raise
        session.claimed = held
        if session.moves:  # (with no moves __init__ saved it)
            session._store()
        return session

    @classmethod
    def _at(cls, record: Record, state: Any, autosave: Autosave) -> LocalSession:
        return cls(
            get_game(record.game),
            record.rules,
            record.seed,
            record.players,
            autosave=autosave,
            record=record,
            state=state,
        )

    # -- what the table asks -------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    @property
    def humans(self) -> list[int]:
        return [seat for seat, p in enumerate(self.players) if p.kind == "human"]

    @property
    def shown_seed(self) -> str:
        """The seed as the table may show it during play (`seed_label`)."""
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

    def bot_name(self, seat: int) -> str:
        """The seat's bot as the person chose it (its level, or a bot's name)."""
        return self.players[seat].bot or getattr(self.bots.get(seat), "name", "") or "bot"

    def bot_move(self) -> Any:
        """The move of the bot on turn, from its seat's view only. What the bot raises
        propagates: a failing bot is reported (tt22.play.runner), never replaced."""
        seat = self.to_move
        return self.bots[seat].choose(self.view(seat))

    def stand_in(self, seat: int) -> Any:
        """The game's random bot for `seat`: it plays one move in place of a bot that
        failed, when the person asks for it (its decisions drawn from its own streams)."""
        return make_seat_bot(self.game.name, STAND_IN, self.seed, seat)

    def hint(self, view: Any) -> Any:
        """The move the game's strongest bot level would make from `view`, a seat's view
        (never the state: a hint knows what the player knows). Its decisions draw from
        streams named after the position, so asking twice gives the same move. A bot
        that fails gives the first legal move (logged in tt22.log, tt22.play.log): a
        hint is advice, not a move."""
        hinter = self._hinters.get(view.seat)
        if hinter is None:
            offered = levels(self.game.name)
            hinter = make_seat_bot(
                self.game.name, offered[-1] if offered else "", self.seed, view.seat
            )
            self._hinters[view.seat] = hinter
        try:
            return hinter.choose(view)
        except Exception:
            from tt22.play.log import play_log

            home = self.autosave.home if self.autosave is not None else None
            play_log(home).exception("the hint's bot failed (%s)", self.game.name)
            return self.game.view_legal_moves(view)[0]

    # -- moves ---------------------------------------------------------------------------

    def play(self, move: Any, think: float | None = None) -> Any:
        """Apply `move` (IllegalMove propagates untouched), record and autosave it."""
        self.state = self.game.apply(self.state, move)
        self.moves.append(move)
        self.record = append_move(self.record, move, think=think)
        self._store(finish=self.over)
        return self.state

    # -- the data folder's slot ----------------------------------------------------------

    def _store(self, *, finish: bool = False) -> bool:
        """Autosave the record (or, `finish`ing, file it with the records), remembering
        in `save_problem` why it failed: a full disk must not stop the game. Whether it
        was written (False too with no autosave)."""
        if self.autosave is None:
            return False
        try:
            if finish:
                self.saved_path = self.autosave.finish(self.record)
            else:
                self.autosave.save(self.record)
        except OSError as e:
            self.save_problem = save_problem_text(e, self.autosave)
            return False
        self.save_problem = None
        return True

    def save_again(self) -> None:
        """Try once more to save the match in progress (leaving the table after a failed
        autosave); `save_problem` says whether it is saved now."""
        if self.save_problem is None or self.over:
            return
        self._store()

    def release(self) -> None:
        """Let other tt22 windows have the match in progress (leaving the table)."""
        if self.claimed and self.autosave is not None:
            self.claimed = False
            self.autosave.release()

    def abandon(self) -> None:
        if self.autosave is not None:
            self.autosave.discard_current()

    def resign(self) -> Path | None:
        """Stop this match for good: its record (unfinished, saying who resigned) is kept
        with the records, and it is no longer the match in progress. Where it went; None
        if not saved (the reason in `save_problem`)."""
        seat = self.resigner()
        if seat is not None and not self.over:
            result = msgspec.structs.replace(self.record.result, resigned=seat)
            self.record = msgspec.structs.replace(self.record, result=result)
        return self.saved_path if self._store(finish=True) else None

    def resigner(self) -> int | None:
        """Whose resignation it is: the one person against bots; at a hot seat, the
        person on turn (who holds the keyboard), else the first person."""
        humans = self.humans
        if not humans:
            return None
        turn = self.to_move
        return turn if turn in humans else humans[0]

    # -- take-backs (undo against bots) --------------------------------------------------

    @property
    def can_take_back(self) -> bool:
        """Undo is for one person against bots: their last move can be taken back when
        it is not the first move that stands (nor one the record was forked with), and
        never once the match is over."""
        humans = self.humans
        if len(humans) != 1 or self.over:
            return False
        base = self.record.origin.moves if self.record.origin is not None else 0
        return self._last_move_of(humans[0]) >= max(1, base)

    def _last_move_of(self, seat: int) -> int:
        moves = self.moves
        return next((i for i in range(len(moves) - 1, -1, -1) if moves[i].seat == seat), -1)

    def take_back(self) -> int:
        """Take back the human's last move and every bot's reply to it: the record keeps
        the moves that stand and counts the take-back (tt22.record.take_back), the state
        is those moves folded again, and the autosave holds it. How many moves went;
        ValueError when `can_take_back` is false."""
        if not self.can_take_back:
            raise ValueError("nothing to take back")
        keep = self._last_move_of(self.humans[0])
        gone = len(self.moves) - keep
        self.record = take_back(self.record, keep)
        self.moves = self.moves[:keep]
        self.state = final_state(self.record)
        self._store()
        return gone


# -- the slot --------------------------------------------------------------------------------


def save_problem_text(e: OSError, autosave: Autosave) -> str:
    """Why a save failed, naming the data folder rather than the file: the atomic write's
    temporary file has a random name, and a message that changes with every move was
    repeated on every move."""
    return f"{e.strerror or type(e).__name__} ({autosave.home})"


def _last_state(record: Record) -> Any:
    """The position after the record's last move; ValueError if it breaks or is over."""
    result = verify_record(record)
    if result.error is not None:
        raise ValueError(f"the record does not replay: {result.problem}")
    state = result.final
    if get_game(record.game).is_over(state):
        raise ValueError("the match in the record is over")
    return state


def keep_unfinished(autosave: Autosave) -> None:
    """A match left unfinished is kept with the records, never overwritten.
    (`load_current` sets an unreadable one aside itself.)"""
    old = autosave.load_current()
    if old is not None and old.moves:
        with contextlib.suppress(OSError):  # a full disk must not stop a new match
            autosave.finish(old)


def claim_slot(home: Path | None) -> tuple[Autosave, bool]:
    """The autosave of `home`, owned by this process (and whether a lock is held: not in
    a folder that cannot be written). SlotBusy (one line, naming the other process) if
    another tt22 is playing the match in progress there."""
    autosave = make_autosave(home)
    return autosave, autosave.claim()


def make_autosave(home: Path | None = None) -> Autosave:
    """The data folder's one slot for the match in progress, of every registered game
    (each has a table: 22's matches and the other games' share the slot and its lock)."""
    return Autosave(home, game_names())


def seed_label(seed: str, players: Sequence[Player]) -> str:
    """What may be shown of a match's seed before it is over: with a human at the table
    the seed would deal out the hidden hands, so only its commitment (`sha256:` and 8
    hex digits, docs/seeds.md); with bots only, nobody is kept from anything."""
    if any(p.kind == "human" for p in players):
        return f"sha256:{seed_commitment(seed)}"
    return seed


class Current(NamedTuple):
    """What the home screen says of the autosaved match in progress."""

    seed: str  # as it may be shown (a hidden seed: its commitment)
    moves: int
    game: str  # the registry name
    rules: Any  # the game's rules (Gin with the upcard as its knock limit is Oklahoma)
    hand: int = 1  # the hand (22's deal) in progress
    totals: tuple[int, ...] = ()  # every seat's total so far, seat 0 first
    names: tuple[str, ...] = ()  # the seats' names, seat 0 first (the record's: untrusted)


def peek_current(home: Path | None = None) -> Current | None:
    """The autosaved match in progress, for the home screen; None if none."""
    record = make_autosave(home).load_current()
    if record is None or record.result.finished:
        return None
    return Current(
        seed_label(record.seed, record.players),
        len(record.moves),
        record.game,
        record.rules,
        record.result.deals,
        tuple(record.result.totals),
        tuple(player.name for player in record.players),
    )
