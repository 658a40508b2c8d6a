"""Bytes to `Record` and back, and files: size limit first, envelope next, body last.

Reading order matters for hostile files: the size is checked before anything is
decoded; then only `format` and `format_version` are read (so a newer file is named
as such rather than reported as broken); then the body is decoded strictly.
Writing is atomic (temporary file, flush, fsync, rename) so a crash or a dropped SSH
connection leaves the old file or the new one, never half of one.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

import msgspec

from .analysis import AnalysisSection, check_analysis
from .check import check_record
from .errors import RecordError, from_msgspec
from .games import Envelope, format_1_game
from .limits import (
    FORMAT_NAME,
    FORMAT_VERSION,
    FORMAT_VERSION_22,
    FORMAT_VERSION_ANALYSED,
    FORMAT_VERSION_GAMES,
    MAX_BYTES,
)
from .schema import Head, Record

__all__ = [
    "ANALYSED_SUFFIX",
    "analysed_path",
    "decode_analysed",
    "decode_record",
    "encode_record",
    "load_analysed",
    "load_record",
    "save_record",
]

_head_decoder = msgspec.json.Decoder(Head)
_envelope_decoder = msgspec.json.Decoder(Envelope)
_encode = msgspec.json.encode


def _mb(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MB"


def decode_record(data: bytes) -> Record:
    """The record in `data`, or RecordError (one line, with where). An analysed copy's
    section is checked too (`decode_analysed`), and left out."""
    return decode_analysed(data)[0]


def decode_analysed(data: bytes) -> tuple[Record, AnalysisSection | None]:
    """The record in `data` and its analysis section (None but in format 3), or
    RecordError (one line, with where): a section that does not belong to the body, or
    that was changed after it was written, is refused as the body would be."""
    if len(data) > MAX_BYTES:
        raise RecordError(f"too large to be a record: over the {_mb(MAX_BYTES)} limit")
    if not data.strip():
        raise RecordError("the file is empty")
    try:
        head = _head_decoder.decode(data)
    except msgspec.ValidationError as e:
        if str(e).startswith("Expected `object`"):
            raise RecordError("not a tt22 record: the JSON is not an object") from None
        raise from_msgspec(e) from None
    except (msgspec.DecodeError, RecursionError) as e:
        raise from_msgspec(e) from None
    if head.format != FORMAT_NAME:
        if head.format is None:
            raise RecordError(f'not a tt22 record: no "format": "{FORMAT_NAME}"')
        shown = head.format if isinstance(head.format, str) else type(head.format).__name__
        raise RecordError(f"not a tt22 record: the format is {shown!r}", "format")
    version = head.format_version
    if version is None:
        raise RecordError('not a tt22 record: no "format_version"')
    if type(version) is not int:
        raise RecordError("must be a whole number", "format_version")
    if version > FORMAT_VERSION:
        raise RecordError(
            f"this record was made by a newer tt22 (format {version});"
            f" this tt22 reads format {FORMAT_VERSION} and older"
        )
    if version < 1:
        raise RecordError(f"there is no record format {version}", "format_version")
    section: AnalysisSection | None = None
    try:
        if version == 1:  # 22, the only game there was; a "game" member is unknown here
            record: Record = _envelope_decoder.decode(data).record
            if any(rm.takebacks for rm in record.moves):
                # Take-backs came with format 2: a format-1 reader rejects the member, so
                # a format-1 file holding it was not written by any tt22.
                raise RecordError(
                    "take-backs are recorded in format 2 only", "record.moves.takebacks"
                )
        else:
            record, section = _decode_v2(data, head.game, version)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError) as e:
        raise from_msgspec(e) from None
    check_record(record)
    if section is not None:
        check_analysis(section, record.game, record.digest, len(record.moves))
    return record, section


def _decode_v2(data: bytes, game: object, version: int) -> tuple[Record, AnalysisSection | None]:
    """Version 2: the game named in the envelope, then the body with its types; version 3
    also the analysis section."""
    from .games import analysed_decoder, envelope_decoder, game_for

    if game is None:
        raise RecordError(f'a format {version} record names its game: no "game"')
    if not isinstance(game, str):
        raise RecordError("must be a game's name, a string", "game")
    game_for(game)  # RecordError for a game this tt22 does not have
    if version == FORMAT_VERSION_ANALYSED:
        analysed = analysed_decoder(game).decode(data)
        return analysed.record, analysed.analysis
    record: Record = envelope_decoder(game).decode(data).record
    return record, None


def encode_record(record: Record, analysis: AnalysisSection | None = None) -> bytes:
    """The file's bytes: indented JSON with one move per line, so a record reads well
    and diffs well. Refuses (RecordError) a record that decode_record would refuse.

    A 22 record is written as format 1, which every tt22 reads, unless it holds
    take-backs (undo) or a resignation, which format 1 does not have: then, like a
    record of any other
    game, as format 2, which names the game. An older tt22 then says the record is newer
    instead of failing on an unknown member. With `analysis`, an analysed copy: format 3,
    the body as format 2 writes it and the section after it, on one line."""
    fields: list[bytes] = []
    for name in record.__struct_fields__:
        value = getattr(record, name)
        if name == "moves" and value:
            body = b"[\n" + b",\n".join(b"      " + _encode(m) for m in value) + b"\n    ]"
        else:
            body = _encode(value)
        fields.append(b'    "' + name.encode() + b'": ' + body)
    game = record.game
    head = b'{\n  "format": "' + FORMAT_NAME.encode() + b'",\n  "format_version": '
    plain_22 = not any(rm.takebacks for rm in record.moves) and record.result.resigned is None
    if analysis is None and game == format_1_game().name and plain_22:
        head += str(FORMAT_VERSION_22).encode() + b",\n"
    else:
        version = FORMAT_VERSION_GAMES if analysis is None else FORMAT_VERSION_ANALYSED
        head += str(version).encode() + b',\n  "game": ' + _encode(game) + b",\n"
    tail = b"\n}\n" if analysis is None else b',\n  "analysis": ' + _encode(analysis) + b"\n}\n"
    data = head + b'  "record": {\n' + b",\n".join(fields) + b"\n  }" + tail
    decode_analysed(data)  # never write what we could not read back
    return data


def load_record(path: str | os.PathLike[str]) -> Record:
    """The record in the file at `path`, or RecordError (one line; no traceback)."""
    return decode_record(_read(path))


ANALYSED_SUFFIX = "-analysis"
"""`game.22rec`'s analysed copy is `game-analysis.22rec` (`tt22 analyse`, the replayer's
`a`)."""


def analysed_path(path: str | os.PathLike[str]) -> Path:
    """`game.22rec` -> `game-analysis.22rec`; an analysed copy is its own."""
    p = Path(path)
    stem = p.stem if p.suffix == ".22rec" else p.name
    if stem.endswith(ANALYSED_SUFFIX):
        return p.with_name(f"{stem}.22rec")
    return p.with_name(f"{stem}{ANALYSED_SUFFIX}.22rec")


def load_analysed(path: str | os.PathLike[str]) -> tuple[Record, AnalysisSection | None]:
    """The record in the file at `path` and its analysis section (None when it has
    none), or RecordError (one line; no traceback)."""
    return decode_analysed(_read(path))


def _read(path: str | os.PathLike[str]) -> bytes:
    """The file's bytes, refused (RecordError) when it cannot be a record."""
    try:
        # Looked at before opening: opening a FIFO would wait for a writer forever.
        mode = os.stat(path).st_mode
        if stat.S_ISDIR(mode):
            raise RecordError("that is a folder, not a file")
        if not stat.S_ISREG(mode):
            raise RecordError("not a regular file")
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size > MAX_BYTES:
                raise RecordError(
                    f"too large to be a record: {_mb(size)}, over the {_mb(MAX_BYTES)} limit"
                )
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise RecordError(f"cannot read the file: {e.strerror or e}") from None
    return data


def save_record(
    path: str | os.PathLike[str], record: Record, analysis: AnalysisSection | None = None
) -> None:
    """Write `record` (with `analysis`, as an analysed copy) to `path` atomically: the
    old file or the new one, never a mix."""
    write_atomic(Path(path), encode_record(record, analysis))


def write_atomic(path: Path, data: bytes) -> None:
    """Temporary file in the same folder, flush, fsync, os.replace, fsync the folder."""
    folder = path.parent
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(folder)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX); harmless where folders cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
