"""Checks that msgspec constraints cannot express: bounds on the game's own types
(`Player`, its moves, its rules) and agreements between fields (a move's seat must exist).

Run on every decoded record and before every write, so tt22 never writes a file it
would refuse to read. What a game's own types need beyond the format's bounds, the game
says through its protocol (`Game.table_problem`, `moves_problem`, `totals_problem`):
nothing here knows a game by name.
"""

from __future__ import annotations

import datetime as dt

from tt22.core.seeds import seed_problem

from .errors import RecordError
from .games import game_for
from .limits import MAX_NAME, MAX_SHORT_TEXT
from .schema import Record

__all__ = ["check_header", "check_record"]


def _raise(problem: tuple[str, str] | None) -> None:
    """The game's (problem, field) as a RecordError naming the field under `record.`."""
    if problem is not None:
        words, field = problem
        raise RecordError(words, f"record.{field}")


def check_header(record: Record) -> None:
    """Everything but the moves and the result: seats, rules, start time."""
    players = record.players
    _raise(game_for(record.game).table_problem(len(players), record.rules))
    for i, p in enumerate(players):
        if not 1 <= len(p.name) <= MAX_NAME:
            raise RecordError(
                f"a name is 1 to {MAX_NAME} characters, not {len(p.name)}",
                f"record.players[{i}].name",
            )
        if p.bot is not None and len(p.bot) > MAX_SHORT_TEXT:
            raise RecordError(
                f"a bot name is at most {MAX_SHORT_TEXT} characters", f"record.players[{i}].bot"
            )
    try:
        dt.datetime.strptime(record.started, "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        raise RecordError("not a real date and time", "record.started") from None
    problem = seed_problem(record.seed)
    if problem:
        raise RecordError(problem, "record.seed")


def check_record(record: Record) -> None:
    """The whole record; RecordError naming the first bad field."""
    check_header(record)
    game = game_for(record.game)
    n = len(record.players)
    _raise(game.moves_problem((rm.move for rm in record.moves), n))
    result = record.result
    for j, seat in enumerate(result.winners):
        if seat >= n:
            raise RecordError(
                f"seat {seat} does not exist at a table of {n}", f"record.result.winners[{j}]"
            )
    if result.resigned is not None:
        where = "record.result.resigned"
        if result.resigned >= n:
            raise RecordError(f"seat {result.resigned} does not exist at a table of {n}", where)
        if record.players[result.resigned].kind != "human":
            raise RecordError("only a person resigns, not a bot", where)
        if result.finished:
            raise RecordError("a match that is over was not resigned", where)
    if len(result.totals) != n:
        raise RecordError(
            f"one total per seat: {n}, not {len(result.totals)}", "record.result.totals"
        )
    _raise(game.totals_problem(result.totals))
