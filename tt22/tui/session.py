"""A match being played at this keyboard: the state, its seats, its bots and its record.

No Textual here: the table screen drives a `MatchSession`, tests can drive one directly.
Every move goes through `tt22.engine.apply` and is autosaved at once (when the records
package is present), so a killed process loses nothing.
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tt22.bots import Bot, make_bot
from tt22.engine import Move, Rules, State, apply, fresh_seed, new_match
from tt22.engine.players import Player

__all__ = ["HAVE_RECORDS", "MatchSession", "bot_levels", "fresh_seed_text"]

HAVE_RECORDS = importlib.util.find_spec("tt22.record") is not None


def fresh_seed_text() -> str:
    return fresh_seed(os.urandom(8))


def bot_levels() -> tuple[str, ...]:
    """The bot levels to offer: tt22.bots.LEVELS when the bots package has it."""
    import tt22.bots as bots

    levels = getattr(bots, "LEVELS", None)
    if levels:
        return tuple(levels)
    return tuple(bots.BOT_NAMES)


def _bot_for(level: str, seed: str, seat: int) -> Bot:
    """The bot of a level (or bot name); an unknown one (an old record) gets the first level."""
    try:
        return make_bot(level, seed, seat)
    except KeyError:
        return make_bot(bot_levels()[0], seed, seat)


class MatchSession:
    """One match: rules, seed, seats, the current state, the moves and the record."""

    def __init__(
        self,
        rules: Rules,
        seed: str,
        players: Sequence[Player],
        *,
        autosave: Any = None,
        record: Any = None,
        state: State | None = None,
        moves: Sequence[Move] = (),
    ) -> None:
        self.rules = rules.for_players(len(players))
        self.seed = seed
        self.players = list(players)
        self.state = state if state is not None else new_match(self.rules, len(players), seed)
        self.moves: list[Move] = list(moves)
        self.bots: dict[int, Bot] = {
            seat: _bot_for(p.bot or "", seed, seat)
            for seat, p in enumerate(self.players)
            if p.kind == "bot"
        }
        self.autosave = autosave
        self.record = record
        self.saved_path: Path | None = None
        self.save_problem: str | None = None  # why the last autosave failed, if it did
        if self.record is None and HAVE_RECORDS:
            from tt22.record import new_record

            self.record = new_record(self.rules, seed, self.players, dt.datetime.now(dt.UTC))
        if self.autosave is not None and self.record is not None and not self.moves:
            try:
                self.autosave.save(self.record)
            except OSError as e:
                self.save_problem = str(e)

    @classmethod
    def start(
        cls, rules: Rules, seed: str, players: Sequence[Player], home: Path | None = None
    ) -> MatchSession:
        autosave = make_autosave(home)
        _keep_unfinished(autosave)
        return cls(rules, seed, players, autosave=autosave)

    @classmethod
    def resume(cls, home: Path | None = None) -> MatchSession | None:
        """The autosaved match in progress, at its exact position, or None.

        The bots are made afresh, so their random streams start again from the top:
        a bot that draws at random does not choose what it would have without the break.
        """
        autosave = make_autosave(home)
        if autosave is None:
            return None
        try:
            record = autosave.load_current()
        except Exception:
            return None
        if record is None:
            return None
        try:
            return cls._at_end_of(record, autosave)
        except ValueError:
            return None

    @classmethod
    def from_record(cls, record: Any, home: Path | None = None) -> MatchSession:
        """A new match in progress that goes on from the last move of `record` (a forked
        record, say): it becomes the autosaved current match, and a match left unfinished
        there is first kept with the records, as when a new match starts.

        ValueError (one line) when the record does not fold or its match is over.
        """
        state = _last_state(record)
        autosave = make_autosave(home)
        _keep_unfinished(autosave)
        session = cls._at(record, state, autosave)
        if autosave is not None and session.moves:  # (with no moves __init__ saved it)
            try:
                autosave.save(record)
            except OSError as e:
                session.save_problem = str(e)
        return session

    @classmethod
    def _at_end_of(cls, record: Any, autosave: Any) -> MatchSession:
        return cls._at(record, _last_state(record), autosave)

    @classmethod
    def _at(cls, record: Any, state: State, autosave: Any) -> MatchSession:
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
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    @property
    def humans(self) -> list[int]:
        return [seat for seat, p in enumerate(self.players) if p.kind == "human"]

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def play(self, move: Move, think: float | None = None) -> State:
        """Apply `move` (IllegalMove propagates untouched), record and autosave it."""
        self.state = apply(self.state, move)
        self.moves.append(move)
        if self.record is not None:
            from tt22.record import append_move

            self.record = append_move(self.record, move, think=think)
            if self.autosave is not None:
                try:
                    if self.state.over:
                        self.saved_path = self.autosave.finish(self.record)
                    else:
                        self.autosave.save(self.record)
                    self.save_problem = None
                except OSError as e:  # a full disk must not stop the game
                    self.save_problem = f"{e.strerror or e}: {e.filename or ''}".strip(": ")
        return self.state

    def abandon(self) -> None:
        if self.autosave is not None:
            self.autosave.discard_current()


def _last_state(record: Any) -> State:
    """The position after the record's last move; ValueError if it breaks or is over."""
    from tt22.record import replay_record

    result = replay_record(record)
    if result.error is not None:
        why = result.error[1] if isinstance(result.error, tuple) else result.error
        raise ValueError(f"the record does not replay: {getattr(why, 'reason', why)}")
    state: State = result.states[-1]
    if state.over:
        raise ValueError("the match in the record is over")
    return state


def _keep_unfinished(autosave: Any) -> None:
    """A match left unfinished is kept with the records, never overwritten."""
    if autosave is None:
        return
    try:
        old = autosave.load_current()
        if old is not None and old.moves:
            autosave.finish(old)
    except Exception:  # an unreadable current match must not stop a new one
        pass


def make_autosave(home: Path | None = None) -> Any:
    if not HAVE_RECORDS:
        return None
    from tt22.record import Autosave

    return Autosave(home)


def peek_current(home: Path | None = None) -> tuple[str, int] | None:
    """(seed, moves made) of the autosaved match, for the home screen; None if none."""
    autosave = make_autosave(home)
    if autosave is None:
        return None
    try:
        record = autosave.load_current()
    except Exception:
        return None
    if record is None or getattr(record.result, "finished", False):
        return None
    return record.seed, len(record.moves)
