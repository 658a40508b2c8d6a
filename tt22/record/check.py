"""Checks that msgspec constraints cannot express: bounds on the engine's own types
(`Player`, `Move`, `Rules`) and agreements between fields (a move's seat must exist).

Run on every decoded record and before every write, so tt22 never writes a file it
would refuse to read.
"""

from __future__ import annotations

import datetime as dt

from tt22.core.cards import CODE
from tt22.core.protocol import RulesError
from tt22.core.registry import DEFAULT_GAME
from tt22.core.seeds import seed_problem
from tt22.games.twentytwo import Exchange

from .errors import RecordError
from .limits import MAX_CARDS_PER_MOVE, MAX_NAME, MAX_SHORT_TEXT, MAX_TOTAL_22
from .schema import Record

__all__ = ["check_header", "check_record"]


def check_header(record: Record) -> None:
    """Everything but the moves and the result: seats, rules, start time."""
    players = record.players
    if record.game != DEFAULT_GAME:
        _check_game_table(record)
    elif not 2 <= len(players) <= 9:
        raise RecordError(f"a match has 2 to 9 seats, not {len(players)}", "record.players")
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
    if record.game == DEFAULT_GAME:
        try:
            resolved = record.rules.for_players(len(players))
        except RulesError as e:
            raise RecordError(str(e), "record.rules") from None
        if resolved != record.rules:
            raise RecordError(
                f"decks and max_set must be given as resolved for {len(players)} players"
                f" (decks={resolved.decks}, max_set={resolved.max_set})",
                "record.rules",
            )
    try:
        dt.datetime.strptime(record.started, "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        raise RecordError("not a real date and time", "record.started") from None
    problem = seed_problem(record.seed)
    if problem:
        raise RecordError(problem, "record.seed")


def _rule_text(value: object) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _seats(low: int, high: int) -> str:
    return str(low) if low == high else f"{low} to {high}"


def _check_game_table(record: Record) -> None:
    """Another game's seats and rules, through its protocol: the number of seats it is
    played by, and rules that its own parser resolves to exactly what the record says."""
    from .games import game_for

    game = game_for(record.game)
    n = len(record.players)
    if not game.min_players <= n <= game.max_players:
        raise RecordError(
            f"{game.title} is played by {_seats(game.min_players, game.max_players)} players,"
            f" not {n}",
            "record.players",
        )
    given = game.rules_dict(record.rules)
    try:
        resolved = game.rules([f"{k}={_rule_text(v)}" for k, v in given.items()], n)
    except RulesError as e:
        raise RecordError(str(e), "record.rules") from None
    if resolved != record.rules:
        shown = ", ".join(f"{k}={_rule_text(v)}" for k, v in game.rules_dict(resolved).items())
        raise RecordError(
            f"the rules must be given as resolved for {n} players ({shown})", "record.rules"
        )


def _check_game_moves(record: Record) -> None:
    """Another game's moves: the seat exists. Everything else about a move (a card not of
    the deck, a sixth card in the nest, a suit that is not one) is for its game's `apply`
    to judge during the replay, which names the rule (tt22 verify's exit status 1)."""
    n = len(record.players)
    for i, rm in enumerate(record.moves):
        seat: int = rm.move.seat
        if not 0 <= seat < n:
            raise RecordError(
                f"seat {seat} does not exist at a table of {n}", f"record.moves[{i}].move.seat"
            )


_CARDS = frozenset(CODE)


def _move_problem(i: int, seat: int, n: int, cards: tuple[str, ...], field: str) -> None:
    """Raise the RecordError for move `i`, known to be bad."""
    if not 0 <= seat < n:
        raise RecordError(
            f"seat {seat} does not exist at a table of {n}", f"record.moves[{i}].move.seat"
        )
    if len(cards) > MAX_CARDS_PER_MOVE:
        raise RecordError(
            f"at most {MAX_CARDS_PER_MOVE} cards, not {len(cards)}",
            f"record.moves[{i}].move.{field}",
        )
    for j, c in enumerate(cards):
        if c not in CODE:
            raise RecordError(
                f"{c!r} is not a card (cards are like TS, AH, 2C)",
                f"record.moves[{i}].move.{field}[{j}]",
            )


def check_record(record: Record) -> None:
    """The whole record; RecordError naming the first bad field."""
    check_header(record)
    n = len(record.players)
    known = _CARDS.issuperset
    twentytwo = record.game == DEFAULT_GAME
    if not twentytwo:
        _check_game_moves(record)
    for i, rm in enumerate(record.moves if twentytwo else ()):
        move = rm.move
        cards = move.discard if isinstance(move, Exchange) else move.cards
        if 0 <= move.seat < n and len(cards) <= MAX_CARDS_PER_MOVE and known(cards):
            continue
        _move_problem(i, move.seat, n, cards, "discard" if isinstance(move, Exchange) else "cards")
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
    if twentytwo:  # penalty totals; other games' scores may be negative
        for j, total in enumerate(result.totals):
            if not 0 <= total <= MAX_TOTAL_22:
                raise RecordError(
                    f"a penalty total is 0 to {MAX_TOTAL_22}, not {total}",
                    f"record.result.totals[{j}]",
                )
