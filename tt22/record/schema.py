"""The `.22rec` schema: msgspec Structs that are the one definition of the format.

docs/record-format.md specifies the same thing in words for programs that do not use
our code; keep the two in step. Bounds live here as msgspec constraints (so decoding
rejects a bad value and names its path) except where a field's type belongs to the
engine (`Rules`, `Player`, `Move`): those are checked by `check.py` after decoding.

A record's rules and moves are its game's own types (tt22.games): `GameRecord[Rules, Move]` is
22's, `GameRecord[RookRules, RookMove]` Rook's. The game is not a field of the body (version 1
has none, and the body's bytes stay what they were): format 2 names it in the envelope,
and `Record.game` reads it back from the rules' type (`tt22.record.games`).
"""

from __future__ import annotations

from typing import Annotated, Any, Generic, TypeVar

import msgspec

from tt22.core.players import Player

from .analysis import AnalysisSection
from .limits import (
    MAX_COMMENT,
    MAX_MOVES,
    MAX_SCORE,
    MAX_SEED,
    MAX_SHORT_TEXT,
    MAX_SOURCE,
    MAX_THINK_SECONDS,
)

__all__ = [
    "DIGEST_PATTERN",
    "STARTED_PATTERN",
    "EnvelopeV2",
    "EnvelopeV3",
    "GameRecord",
    "Head",
    "Origin",
    "Record",
    "RecordedMove",
    "Result",
    "SeatInfo",
]

SeatInfo = Player
"""Who sat at a seat: name, "human" or "bot", and which bot."""

DIGEST_PATTERN = "^sha256:[0-9a-f]{64}$"
STARTED_PATTERN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"

Seat = Annotated[int, msgspec.Meta(ge=0, le=8)]
Digest = Annotated[str, msgspec.Meta(pattern=DIGEST_PATTERN)]
ShortText = Annotated[str, msgspec.Meta(max_length=MAX_SHORT_TEXT)]
Think = Annotated[float, msgspec.Meta(ge=0.0, le=MAX_THINK_SECONDS)]
Comment = Annotated[str, msgspec.Meta(max_length=MAX_COMMENT)]
Total = Annotated[int, msgspec.Meta(ge=-MAX_SCORE, le=MAX_SCORE)]
"""A seat's total: 22's penalty total (0 to 10 000, checked by check.py) or a game's
score, which may be negative (Rook's set-backs)."""

RulesT = TypeVar("RulesT")
MoveT = TypeVar("MoveT")


class RecordedMove(
    msgspec.Struct, Generic[MoveT], frozen=True, forbid_unknown_fields=True, omit_defaults=True
):
    """One move as played, with what the player took over it (both optional)."""

    move: MoveT
    think: Think | None = None
    comment: Comment | None = None
    # Take-backs (undo against bots) made right after this move: each one removed this
    # seat's later move and the replies to it. Left out when 0 (older readers' files).
    takebacks: Annotated[int, msgspec.Meta(ge=0, le=MAX_MOVES)] = 0


class Result(
    msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, omit_defaults=True
):
    """The outcome so far, so a list of records can be shown without replaying each.

    `deals` counts deals dealt, the one in progress included; `totals` is every seat's
    penalty total after the last finished deal. Verification checks all of it.

    `resigned`: the seat of the person who stopped this unfinished match for good (the
    table's resign), so the records list it as resigned, not as broken off. It is not
    part of the match (no move: a match is its rules, seed and moves); verification
    checks only that it names a person's seat of a match that is not over. Left out
    when None (older readers' files).
    """

    finished: bool
    winners: Annotated[list[Seat], msgspec.Meta(max_length=9)]
    deals: Annotated[int, msgspec.Meta(ge=1, le=MAX_MOVES)]
    totals: Annotated[list[Total], msgspec.Meta(min_length=2, max_length=9)]
    resigned: Seat | None = None


class Origin(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """This match was played on from another record: its first `moves` moves are that
    record's, the rest were played from there (the replayer's "play from here")."""

    source: Annotated[str, msgspec.Meta(max_length=MAX_SOURCE)]
    source_digest: Digest
    moves: Annotated[int, msgspec.Meta(ge=0, le=MAX_MOVES)]


class GameRecord(
    msgspec.Struct, Generic[RulesT, MoveT], frozen=True, forbid_unknown_fields=True, kw_only=True
):
    """The body of a `.22rec` file: enough to rebuild the match exactly, and a digest to
    prove it. Treat it as immutable: `append_move` returns a new one."""

    tt22_version: ShortText
    generator: ShortText
    seed: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_SEED)]
    rules: RulesT
    players: Annotated[list[Player], msgspec.Meta(min_length=2, max_length=9)]
    started: Annotated[str, msgspec.Meta(pattern=STARTED_PATTERN)]
    origin: Origin | None = None
    result: Result
    digest: Digest
    moves: Annotated[list[RecordedMove[MoveT]], msgspec.Meta(max_length=MAX_MOVES)]

    @property
    def game(self) -> str:
        """The registry name of the record's game (`twentytwo` for every version-1 record),
        known from the type of its rules."""
        from .games import game_of_rules

        return game_of_rules(self.rules)


class Head(msgspec.Struct):
    """What is read first, from any JSON object: unknown fields are skipped so a newer
    format can be recognised (and named) before its body is looked at."""

    format: object = None
    format_version: object = None
    game: object = None


class EnvelopeV2(msgspec.Struct, Generic[RulesT, MoveT], forbid_unknown_fields=True):
    """The whole file, version 2: the game's name beside the body, read before it, so the
    body is decoded strictly with that game's rules and moves."""

    format: str
    format_version: int
    game: str
    record: GameRecord[RulesT, MoveT]


Record = GameRecord[Any, Any]
"""A record of any game (its rules and moves are the game's types; `Record.game` names it)."""


class EnvelopeV3(msgspec.Struct, Generic[RulesT, MoveT], forbid_unknown_fields=True):
    """The whole file, version 3: an analysed copy, version 2's members and the analysis
    section (tt22.record.analysis) beside the body, which is exactly version 2's."""

    format: str
    format_version: int
    game: str
    record: GameRecord[RulesT, MoveT]
    analysis: AnalysisSection
