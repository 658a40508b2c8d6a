"""The analysis section of an analysed record (format 3, docs/record-format.md
"Format 3: an analysed copy"): what `tt22 analyse` found, kept beside the record's body.

The body is untouched (its bytes, its digest, its verification are a format-2 record's);
the section is decoded as strictly as the body, and bound to both the body and itself by
two digests: `record_digest` is the body's `digest`, and `digest` is SHA-256 over the
section's canonical JSON less `digest`, so a section copied onto another match, or edited
by hand, is refused with one line (a program that recomputes the digest can still forge
one: the digest proves integrity, not who made it; `tt22 analyse` again is the check).
"""

from __future__ import annotations

import hashlib
import math
from typing import Annotated, Any, Literal

import msgspec

from .errors import RecordError
from .limits import MAX_MOVES, MAX_SEED, MAX_SHORT_TEXT

__all__ = [
    "ANALYSIS_VERSION",
    "MARKS",
    "AnalysisSection",
    "CandidateEval",
    "DecisionEval",
    "HandAccuracy",
    "SeatAccuracy",
    "check_analysis",
    "section_digest",
    "with_digest",
]

ANALYSIS_VERSION = 1
"""The section's own version (its members below)."""

MARKS = ("", "?!", "?", "??")
"""No mark, an inaccuracy, a mistake, a blunder."""

MAX_CANDIDATES = 64
MAX_WORLDS = 100_000
MAX_FIGURE = 1e9

_Digest = Annotated[str, msgspec.Meta(pattern="^sha256:[0-9a-f]{64}$")]
_Seat = Annotated[int, msgspec.Meta(ge=0, le=8)]
_Text = Annotated[str, msgspec.Meta(max_length=MAX_SHORT_TEXT)]
_MoveText = Annotated[str, msgspec.Meta(min_length=1, max_length=2000)]
_Count = Annotated[int, msgspec.Meta(ge=0, le=MAX_MOVES)]
_Figure = Annotated[float, msgspec.Meta(ge=-MAX_FIGURE, le=MAX_FIGURE)]
_Spread = Annotated[float, msgspec.Meta(ge=0.0, le=MAX_FIGURE)]
_Percent = Annotated[float, msgspec.Meta(ge=0.0, le=100.0)]
_Worlds = Annotated[int, msgspec.Meta(ge=1, le=MAX_WORLDS)]


class CandidateEval(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One move weighed: its expected outcome over `worlds` sampled worlds (in the
    section's unit) and the standard error of that mean; `extras`, one per name of the
    section's `extras` (22's chance of being put out)."""

    move: _MoveText
    mean: _Figure
    se: _Spread
    worlds: _Worlds
    extras: Annotated[list[_Figure], msgspec.Meta(max_length=8)] = []


class DecisionEval(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One decision of an analysed seat: move `index` (from 0) of the record, where it
    was (the game's `locate`), the move played, the best candidate, the loss (best
    minus played, in the unit, never negative) and its standard error (the paired
    difference over the same worlds), the mark, and every candidate weighed."""

    index: _Count
    seat: _Seat
    hand: _Count
    trick: _Count
    turn: _Count
    played: _MoveText
    best: _MoveText
    loss: _Spread
    loss_se: _Spread
    mark: Literal["", "?!", "?", "??"]
    accuracy: _Percent
    candidates: Annotated[list[CandidateEval], msgspec.Meta(min_length=2, max_length=64)]


class HandAccuracy(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    hand: _Count
    decisions: _Count
    accuracy: _Percent
    loss: _Spread
    """The mean loss a decision of this hand, in the unit."""


class SeatAccuracy(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A seat's accuracy over the match (its decisions' mean accuracy) and per hand."""

    seat: _Seat
    decisions: _Count
    accuracy: _Percent | None
    loss: _Spread
    marks: Annotated[list[_Count], msgspec.Meta(min_length=3, max_length=3)]
    """How many inaccuracies, mistakes and blunders."""
    hands: Annotated[list[HandAccuracy], msgspec.Meta(max_length=MAX_MOVES)]


class AnalysisSection(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The whole section (docs/analysis.md "JSON" describes every member)."""

    version: Literal[1]
    game: _Text
    record_digest: _Digest
    seats: Annotated[list[_Seat], msgspec.Meta(min_length=1, max_length=9)]
    worlds: _Worlds
    seed: Annotated[str, msgspec.Meta(max_length=MAX_SEED)]
    bot: _Text
    unit: _Text
    lower_is_better: bool
    thresholds: Annotated[list[_Spread], msgspec.Meta(min_length=3, max_length=3)]
    extras: Annotated[list[_Text], msgspec.Meta(max_length=8)]
    decisions: Annotated[list[DecisionEval], msgspec.Meta(max_length=MAX_MOVES)]
    accuracy: Annotated[list[SeatAccuracy], msgspec.Meta(max_length=9)]
    digest: _Digest


def section_digest(section: AnalysisSection) -> str:
    """`sha256:` over the section's compact JSON, keys sorted, less its `digest`."""
    data: dict[str, Any] = msgspec.to_builtins(section)
    data.pop("digest", None)
    return "sha256:" + hashlib.sha256(msgspec.json.encode(data, order="sorted")).hexdigest()


def with_digest(section: AnalysisSection) -> AnalysisSection:
    """The section with its own digest filled in."""
    return msgspec.structs.replace(section, digest=section_digest(section))


def check_analysis(section: AnalysisSection, game: str, record_digest: str, moves: int) -> None:
    """RecordError (one line, with where) unless the section belongs to this record and
    is what was written: its game, the body's digest, its own digest, its moves' places."""
    if section.game != game:
        raise RecordError(
            f"the analysis is of a record of {section.game!r}, not {game!r}", "analysis.game"
        )
    if section.record_digest != record_digest:
        raise RecordError(
            "the analysis is of another match (its record_digest is not the record's digest)",
            "analysis.record_digest",
        )
    if section.digest != section_digest(section):
        raise RecordError(
            "the analysis was changed after it was written (its digest does not match)",
            "analysis.digest",
        )
    for i, d in enumerate(section.decisions):
        if d.index >= moves:
            raise RecordError(
                f"move {d.index + 1} is not a move of this record ({moves} moves)",
                f"analysis.decisions[{i}].index",
            )
        for c in d.candidates:
            if not (math.isfinite(c.mean) and math.isfinite(c.se)):
                raise RecordError("not a finite number", f"analysis.decisions[{i}]")
