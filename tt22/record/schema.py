"""The `.22rec` schema: msgspec Structs that are the one definition of the format.

docs/record-format.md specifies the same thing in words for programs that do not use
our code; keep the two in step. Bounds live here as msgspec constraints (so decoding
rejects a bad value and names its path) except where a field's type belongs to the
engine (`Rules`, `Player`, `Move`): those are checked by `check.py` after decoding.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from tt22.engine import Move, Rules
from tt22.engine.players import Player

from .limits import (
    MAX_COMMENT,
    MAX_MOVES,
    MAX_SEED,
    MAX_SHORT_TEXT,
    MAX_SOURCE,
    MAX_THINK_SECONDS,
)

__all__ = [
    "DIGEST_PATTERN",
    "STARTED_PATTERN",
    "Envelope",
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
Total = Annotated[int, msgspec.Meta(ge=0, le=10_000)]


class RecordedMove(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One move as played, with what the player took over it (both optional)."""

    move: Move
    think: Think | None = None
    comment: Comment | None = None
    # Take-backs (undo against bots) made right after this move: each one removed this
    # seat's later move and the replies to it. Left out when 0 (older readers' files).
    takebacks: Annotated[int, msgspec.Meta(ge=0, le=MAX_MOVES)] = 0


class Result(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The outcome so far, so a list of records can be shown without replaying each.

    `deals` counts deals dealt, the one in progress included; `totals` is every seat's
    penalty total after the last finished deal. Verification checks all of it.
    """

    finished: bool
    winners: Annotated[list[Seat], msgspec.Meta(max_length=9)]
    deals: Annotated[int, msgspec.Meta(ge=1, le=MAX_MOVES)]
    totals: Annotated[list[Total], msgspec.Meta(min_length=2, max_length=9)]


class Origin(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """This match was played on from another record: its first `moves` moves are that
    record's, the rest were played from there (the replayer's "play from here")."""

    source: Annotated[str, msgspec.Meta(max_length=MAX_SOURCE)]
    source_digest: Digest
    moves: Annotated[int, msgspec.Meta(ge=0, le=MAX_MOVES)]


class Record(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The body of a `.22rec` file: enough to rebuild the match exactly, and a digest to
    prove it. Treat it as immutable: `append_move` returns a new one."""

    tt22_version: ShortText
    generator: ShortText
    seed: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_SEED)]
    rules: Rules
    players: Annotated[list[Player], msgspec.Meta(min_length=2, max_length=9)]
    started: Annotated[str, msgspec.Meta(pattern=STARTED_PATTERN)]
    origin: Origin | None = None
    result: Result
    digest: Digest
    moves: Annotated[list[RecordedMove], msgspec.Meta(max_length=MAX_MOVES)]


class Head(msgspec.Struct):
    """What is read first, from any JSON object: unknown fields are skipped so a newer
    format can be recognised (and named) before its body is looked at."""

    format: object = None
    format_version: object = None


class Envelope(msgspec.Struct, forbid_unknown_fields=True):
    """The whole file, version 1."""

    format: str
    format_version: int
    record: Record
