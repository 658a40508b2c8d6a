"""A match being played at this keyboard: the state, its seats, its bots and its record.

No Textual here: the table screen drives a `MatchSession`, tests can drive one directly.
Every move goes through `tt22.games.twentytwo.apply` and is autosaved at once, so a killed
process loses nothing.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from tt22.core.players import Player
from tt22.core.seeds import fresh_seed, seed_commitment
from tt22.games.twentytwo import Move, Rules, State, apply, new_match
from tt22.games.twentytwo.bots import LEVELS, Bot, make_bot
from tt22.record import (
    Autosave,
    Record,
    append_move,
    final_state,
    new_record,
    replay_record,
    take_back,
)

__all__ = [
    "Current",
    "MatchSession",
    "SlotSession",
    "bot_levels",
    "claim_slot",
    "current_game",
    "fresh_seed_text",
    "keep_unfinished",
    "make_autosave",
    "peek_current",
    "save_problem_text",
    "seed_label",
]


def fresh_seed_text() -> str:
    return fresh_seed(os.urandom(8))


def bot_levels() -> tuple[str, ...]:
    """The bot levels offered to players (easy, normal, hard, expert)."""
    return tuple(LEVELS)


def _bot_for(level: str, seed: str, seat: int) -> Bot:
    """The bot of a level (or bot name); an unknown one (an old record) gets the first level."""
    try:
        return make_bot(level, seed, seat)
    except KeyError:
        return make_bot(bot_levels()[0], seed, seat)


class SlotSession:
    """What every play session does with the data folder's one slot for the match in
    progress: autosave after each move, file the record when the match ends or is
    resigned, remember why a save failed, and let the slot go. 22's `MatchSession` and
    every other game's `GameSession` (tt22.tui.game_session) share it, and taking back
    the one person's last move against bots (undo), which any game's record can do: a
    match is a pure function of its rules, seed and moves. A subclass sets `autosave`,
    `record`, `claimed`, `saved_path`, `save_problem`, `state` and `moves`, and says
    `humans` and `over`."""

    autosave: Autosave | None
    record: Record
    claimed: bool  # this session owns the data folder's match in progress
    saved_path: Path | None
    save_problem: str | None  # why the last autosave failed, if it did
    state: Any
    moves: list[Any]  # every move of the match so far; each names its `seat`

    @property
    def humans(self) -> list[int]:
        raise NotImplementedError

    @property
    def over(self) -> bool:
        raise NotImplementedError

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
        turn = getattr(self, "to_move", None)  # (a GameSession says it; 22's state does)
        if turn is None:
            turn = getattr(self.state, "to_move", None)
        return turn if turn in humans else humans[0]

    # -- take-backs (undo against bots) ------------------------------------------------

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


class MatchSession(SlotSession):
    """One match: rules, seed, seats, the current state, the moves and the record."""

    def __init__(
        self,
        rules: Rules,
        seed: str,
        players: Sequence[Player],
        *,
        autosave: Autosave | None = None,
        record: Record | None = None,
        state: State | None = None,
        moves: Sequence[Move] = (),
    ) -> None:
        self.rules = rules.for_players(len(players))
        self.seed = seed
        self.players = list(players)
        self.state: State = (
            state if state is not None else new_match(self.rules, len(players), seed)
        )
        self.moves: list[Move] = list(moves)
        self.bots: dict[int, Bot] = {
            seat: _bot_for(p.bot or "", seed, seat)
            for seat, p in enumerate(self.players)
            if p.kind == "bot"
        }
        self.autosave = autosave
        self.record: Record = (
            record
            if record is not None
            else new_record(self.rules, seed, self.players, dt.datetime.now(dt.UTC))
        )
        self.claimed = False
        self.saved_path = None
        self.save_problem = None
        if not self.moves:
            self._store()

    @classmethod
    def start(
        cls, rules: Rules, seed: str, players: Sequence[Player], home: Path | None = None
    ) -> MatchSession:
        autosave, held = claim_slot(home)
        try:
            keep_unfinished(autosave)
            session = cls(rules, seed, players, autosave=autosave)
        except BaseException:
            if held:
                autosave.release()
            raise
        session.claimed = held
        return session

    @classmethod
    def resume(cls, home: Path | None = None) -> MatchSession | None:
        """The autosaved match in progress, at its exact position, or None.

        The bots are made afresh; each decision draws from a stream named after its
        position (tt22.games.twentytwo.bots.base.BotRng), so they choose what they would
        have chosen without the break.
        """
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
    def from_record(cls, record: Record, home: Path | None = None) -> MatchSession:
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
    def _at(cls, record: Record, state: State, autosave: Autosave) -> MatchSession:
        return cls(
            record.rules,
            record.seed,
            record.players,
            autosave=autosave,
            record=record,
            state=state,
            moves=[m.move for m in record.moves],
        )

    @property
    def shown_seed(self) -> str:
        """The seed as the table may show it during play (`seed_label`)."""
        return seed_label(self.seed, self.players)

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    @property
    def humans(self) -> list[int]:
        return [seat for seat, p in enumerate(self.players) if p.kind == "human"]

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    @property
    def over(self) -> bool:
        return self.state.over

    def play(self, move: Move, think: float | None = None) -> State:
        """Apply `move` (IllegalMove propagates untouched), record and autosave it."""
        self.state = apply(self.state, move)
        self.moves.append(move)
        self.record = append_move(self.record, move, think=think)
        self._store(finish=self.over)
        return self.state

    def abandon(self) -> None:
        if self.autosave is not None:
            self.autosave.discard_current()


def save_problem_text(e: OSError, autosave: Autosave) -> str:
    """Why a save failed, naming the data folder rather than the file: the atomic write's
    temporary file has a random name, and a message that changes with every move was
    repeated on every move."""
    return f"{e.strerror or type(e).__name__} ({autosave.home})"


def _last_state(record: Record) -> State:
    """The position after the record's last move; ValueError if it breaks or is over."""
    result = replay_record(record)
    if result.error is not None:
        raise ValueError(f"the record does not replay: {result.problem}")
    state = result.final
    if state.over:
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
    """The data folder's one slot for the match in progress, of any game with a table
    (tt22.tui.tables): 22's matches and the other games' share the slot and its lock."""
    from tt22.tui.tables import playable_games

    return Autosave(home, playable_games())


def seed_label(seed: str, players: Sequence[Player]) -> str:
    """What may be shown of a match's seed before it is over: with a human at the table
    the seed would deal out the hidden hands, so only its commitment (`sha256:` and 8
    hex digits, docs/seeds.md); with bots only, nobody is kept from anything."""
    if any(p.kind == "human" for p in players):
        return f"sha256:{seed_commitment(seed)}"
    return seed


def current_game(home: Path | None = None) -> str | None:
    """The game of the autosaved match in progress (`twentytwo`, `rook`), or None."""
    record = make_autosave(home).load_current()
    return None if record is None else record.game


class Current(NamedTuple):
    """What the home screen says of the autosaved match in progress."""

    seed: str  # as it may be shown (a hidden seed: its commitment)
    moves: int
    game: str  # the registry name
    rules: Any  # the game's rules (Gin with the upcard as its knock limit is Oklahoma)


def peek_current(home: Path | None = None) -> Current | None:
    """The autosaved match in progress, for the home screen; None if none."""
    record = make_autosave(home).load_current()
    if record is None or record.result.finished:
        return None
    return Current(
        seed_label(record.seed, record.players), len(record.moves), record.game, record.rules
    )
