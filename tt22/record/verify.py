"""Building records as a match is played, and replaying them through the engine.

A record of any game is checked by folding its moves through its game's `apply` (the
one implementation of the rules: 22's engine function itself for 22), then comparing the
final state's digest and result with what the record claims. `replay_game` keeps every
state for the replayers; `verify_record` keeps only the last, for `tt22 verify`.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import msgspec

from tt22 import __version__
from tt22.core.players import Player
from tt22.core.protocol import IllegalMove
from tt22.core.rng import GENERATOR_ID
from tt22.core.safe import printable

from .check import check_header
from .games import format_1_game, game_for, game_of_rules
from .limits import MAX_COMMENT, MAX_MOVES, MAX_SOURCE, MAX_THINK_SECONDS
from .schema import Origin, Record, RecordedMove, Result

__all__ = [
    "ReplayResult",
    "append_move",
    "build_record",
    "final_state",
    "fork_record",
    "new_record",
    "replay_game",
    "replay_record",
    "take_back",
    "verify_record",
]


StateT = TypeVar("StateT")


@dataclass(frozen=True, slots=True)
class ReplayResult(Generic[StateT]):
    """What replaying a record gave.

    `states[i]` is the state before move i and `states[-1]` the last state reached: the
    final one when `error` is None, else the one before the first bad move. `error` is
    (move index, IllegalMove) for a move the rules forbid, or (index, text) for a record
    whose moves are legal but whose generator, digest or result does not match (index
    = len(moves) for digest and result, 0 for the generator). `problem` is the same in
    one line for people: move number, deal, trick, seat, rule and why.
    """

    states: list[StateT]
    error: tuple[int, IllegalMove | str] | None
    problem: str | None

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def final(self) -> StateT:
        return self.states[-1]


def _short(digest: str) -> str:
    return digest[:19] + "…"


def _position(record: Record, game: Any, state: Any, index: int) -> str:
    """Where move `index` (0-based) was made, in words: move N of M, the game's own words
    for the moment (`Game.moment`: 22's deal and trick, Rook's hand and trick), seat and
    name."""
    seat = record.moves[index].move.seat
    name = printable(record.players[seat].name, 40) if 0 <= seat < len(record.players) else "?"
    return f"move {index + 1} of {len(record.moves)} ({game.moment(state)}), seat {seat} ({name})"


def _generator_problem(record: Record) -> ReplayResult[Any] | None:
    if record.generator == GENERATOR_ID:
        return None
    text = (
        f"the record was dealt by generator {printable(record.generator, 60)!r};"
        f" this tt22 deals by {GENERATOR_ID!r} and cannot rebuild it"
    )
    return ReplayResult([], (0, text), f"record.generator: {text}")


def _fold(record: Record, keep: bool) -> ReplayResult[Any]:
    """The one fold: the record's moves through its game's `apply`, then its digest and
    result checked against what the moves give. Every game, format 1 (22's) included."""
    wrong = _generator_problem(record)
    if wrong is not None:
        return wrong
    game = game_for(record.game)
    apply = game.apply
    state = game.new_match(record.rules, len(record.players), record.seed)
    states = [state]
    for i, rm in enumerate(record.moves):
        try:
            nxt = apply(state, rm.move)
        except IllegalMove as e:
            # A move's text (a card that is no card) comes from the file: escaped.
            problem = printable(
                f"{_position(record, game, state, i)}: breaks {e.rule}: {e.reason}", 600
            )
            return ReplayResult(states if keep else [state], (i, e), problem)
        state = nxt
        if keep:
            states.append(state)
    if not keep:
        states = [state]
    n = len(record.moves)
    digest = game.digest(state)
    if digest != record.digest:
        text = (
            f"digest mismatch: the moves lead to {_short(digest)} but the record says"
            f" {_short(record.digest)}; the file was changed after it was written, or this"
            f" tt22 ({__version__}) plays differently from the one that wrote it"
            f" ({printable(record.tt22_version, 40)})"
        )
        return ReplayResult(states, (n, text), f"after move {n} (the last): {text}")
    result = game_result(game, state)
    if result != played(record.result):
        text = (
            f"the recorded result ({_describe(record.result)}) is not what the moves give"
            f" ({_describe(result)})"
        )
        return ReplayResult(states, (n, text), f"record.result: {text}")
    return ReplayResult(states, None, None)


def _describe(r: Result) -> str:
    state = "finished" if r.finished else "unfinished"
    return f"{state}, winners {r.winners}, {r.deals} deals, totals {r.totals}"


def played(result: Result) -> Result:
    """What the moves give of a recorded result: all of it but who resigned (not a move;
    tt22.record.check checks it)."""
    return result if result.resigned is None else msgspec.structs.replace(result, resigned=None)


def game_result(game: Any, state: Any) -> Result:
    """The `result` of a record of any game: `deals` counts hands dealt (the one in
    progress included), `totals` are the game's returns (Rook's scores)."""
    return Result(
        finished=game.is_over(state),
        winners=list(game.winners(state)),
        deals=game.locate(state).hand,
        totals=list(game.returns(state)),
    )


def replay_record(record: Record) -> ReplayResult[Any]:
    """Every state of a match of format 1's game (22), folded up to the last good move:
    what 22's own replayer model holds (it folds that game only, until the one replayer
    replaces it), so a record of another game gives no states and says so
    (`replay_game` folds any game)."""
    game = game_for(record.game)
    only = format_1_game()
    if game is not only:
        text = (
            f"this is a record of {game.title}; the replayer and the table play"
            f" {only.title} only for now (tt22 show and tt22 verify read it)"
        )
        return ReplayResult([], (0, text), text)
    return _fold(record, keep=True)


def replay_game(record: Record) -> ReplayResult[Any]:
    """Every state of a record of any game, folded up to the last good move."""
    return _fold(record, keep=True)


def verify_record(record: Record) -> ReplayResult[Any]:
    """Like replay_game but keeping only the last state (for tt22 verify)."""
    return _fold(record, keep=False)


# ---------------------------------------------------------------------------
# Building records


# The state each recently built record leads to, so that appending a move after every
# move of a match costs one `apply`, not a replay. Keyed by identity; the record is
# held so its id cannot be reused while it is cached.
_LAST: list[tuple[Record, Any]] = []
_CACHE_SIZE = 4


def _remember(record: Record, state: Any) -> None:
    _LAST.append((record, state))
    del _LAST[:-_CACHE_SIZE]


def final_state(record: Record) -> Any:
    """The state `record`'s moves lead to (its game's state); ValueError if some move
    is illegal."""
    for rec, state in reversed(_LAST):
        if rec is record:
            return state
    result = verify_record(record)
    if isinstance(result.error, tuple) and isinstance(result.error[1], IllegalMove):
        raise ValueError(result.problem)
    if not result.states:
        raise ValueError(result.problem)
    _remember(record, result.final)
    return result.final


def _utc_text(when: dt.datetime) -> str:
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    return when.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def new_record(rules: Any, seed: str, players: Sequence[Player], started: dt.datetime) -> Record:
    """A record of no moves yet, of the game whose rules `rules` are (22's `Rules`,
    Rook's `RookRules`, ...). RulesError for a table that cannot be played; RecordError
    for seats or a seed that a record cannot hold (e.g. a name too long)."""
    game = game_for(game_of_rules(rules))
    rules = game.resolve(rules, len(players))
    state = game.new_match(rules, len(players), seed)
    record: Record = Record(
        tt22_version=__version__,
        generator=GENERATOR_ID,
        seed=seed,
        rules=rules,
        players=list(players),
        started=_utc_text(started),
        result=game_result(game, state),
        digest=game.digest(state),
        moves=[],
    )
    check_header(record)
    _remember(record, state)
    return record


def _clean_think(think: float | None) -> float | None:
    if think is None or math.isnan(think):
        return None
    return round(min(max(think, 0.0), MAX_THINK_SECONDS), 3)


def append_move(
    record: Record, move: Any, think: float | None = None, comment: str | None = None
) -> Record:
    """A new record with `move` added and the result and digest brought up to date.
    IllegalMove if the rules forbid the move; ValueError for a comment too long."""
    if comment is not None and len(comment) > MAX_COMMENT:
        raise ValueError(f"a comment is at most {MAX_COMMENT} characters")
    if len(record.moves) >= MAX_MOVES:
        raise ValueError(f"a record holds at most {MAX_MOVES} moves")
    game = game_for(record.game)
    state = game.apply(final_state(record), move)
    new = msgspec.structs.replace(
        record,
        moves=[*record.moves, RecordedMove(move, _clean_think(think), comment)],
        result=game_result(game, state),
        digest=game.digest(state),
    )
    _remember(new, state)
    return new


def build_record(
    rules: Any,
    seed: str,
    players: Sequence[Player],
    moves: Sequence[Any],
    started: dt.datetime,
) -> Record:
    """A whole record at once (tt22 sim --out): one fold, one digest. The game is the
    one whose rules `rules` are; `moves` are its moves or RecordedMoves of them."""
    record = new_record(rules, seed, players, started)
    game = game_for(record.game)
    state = final_state(record)
    recorded: list[RecordedMove[Any]] = []
    for m in moves:
        rm = m if isinstance(m, RecordedMove) else RecordedMove(m)
        state = game.apply(state, rm.move)
        recorded.append(rm)
    new = msgspec.structs.replace(
        record, moves=recorded, result=game_result(game, state), digest=game.digest(state)
    )
    _remember(new, state)
    return new


def take_back(record: Record, keep: int) -> Record:
    """`record` with only its first `keep` moves, which stand, and one more take-back
    counted on the last of them (undo against bots: the record keeps what stands and
    says how often moves were taken back). `origin`, `started` and the annotations of
    the moves kept stay. ValueError when nothing would be kept or `keep` reaches into
    the moves of the record this one was forked from.

    Any game's record: a match is a pure function of (rules, seed, moves), so taking
    back is folding the moves that stand again, through the record's game (22's own
    functions for 22, the protocol for the others)."""
    base = record.origin.moves if record.origin is not None else 0
    if not max(1, base) <= keep < len(record.moves):
        raise ValueError(f"cannot take back to move {keep} of {len(record.moves)}")
    kept = list(record.moves[:keep])
    last = kept[-1]
    kept[-1] = msgspec.structs.replace(last, takebacks=last.takebacks + 1)
    game = game_for(record.game)
    state = game.new_match(record.rules, len(record.players), record.seed)
    for rm in kept:
        state = game.apply(state, rm.move)
    new = msgspec.structs.replace(
        record, moves=kept, result=game_result(game, state), digest=game.digest(state)
    )
    _remember(new, state)
    return new


def fork_record(record: Record, moves: int, source: str, started: dt.datetime) -> Record:
    """A new record that plays on from `record` after its first `moves` moves (the
    replayer's "play from here"); `origin` names the source file and its digest."""
    if not 0 <= moves <= len(record.moves):
        raise ValueError(f"the record has {len(record.moves)} moves, not {moves}")
    forked = build_record(record.rules, record.seed, record.players, record.moves[:moves], started)
    new = msgspec.structs.replace(
        forked,
        origin=Origin(source=source[-MAX_SOURCE:], source_digest=record.digest, moves=moves),
    )
    _remember(new, final_state(forked))
    return new
