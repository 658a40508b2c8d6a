"""The index of finished matches, made from the records folder and kept in step with it.

The records are the truth; the index only saves reading them all each time a player asks
how they are doing. A file is read again when its size or modification time differs from
what the index saw (and only its times are updated when the record's digest turns out the
same: a copy, a `touch`); `rebuild` reads every file again. Each record is read strictly
(`tt22.record.load_record`: the size limit, the envelope, the body, every bound), so a
corrupt or hostile file is skipped, noted in the index with why, and told in one line;
it can never stop the index being made or leave it half-written. Work is committed in
batches, so a process killed mid-way leaves every batch done so far, and the rows of
files not yet read again as they were: a usable index, which the next run completes.

Which seat is the person's: the first seat of kind "human" (a match played only by
bots, `tt22 sim --out` or the table's watch mode, is indexed but belongs to no one).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import re
import sqlite3
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from tt22.core.safe import printable
from tt22.record import RecordError, data_dir, load_record

from .db import HistoryError, connect

__all__ = [
    "BATCH",
    "SyncReport",
    "daily_date",
    "open_index",
    "places",
    "sync",
]

BATCH = 100
"""Files written per transaction: small enough that a kill loses little work, large
enough that a commit's fsync is a small part of the time."""

RECORD_SUFFIX = ".22rec"
_DAILY = re.compile(r"^daily-([0-9]{4}-[0-9]{2}-[0-9]{2})$")

Say = Callable[[str], None]


class SyncReport(NamedTuple):
    """What one pass over the records folder did."""

    indexed: int  # matches (re)written
    unchanged: int  # files as indexed (size and time, or digest), or another's copy
    skipped: int  # files read now that are not a record tt22 can read
    unfinished: int  # readable records of matches not over (not indexed)
    removed: int  # files gone from the folder since, their rows dropped
    seconds: float


def daily_date(seed: str) -> str | None:
    """The UTC date of a daily deal's seed (`daily-2026-12-03`: how records store the
    seed `daily`, docs/seeds.md section 9), or None for any other seed."""
    m = _DAILY.match(seed)
    if m is None:
        return None
    try:
        dt.date.fromisoformat(m.group(1))
    except ValueError:
        return None
    return m.group(1)


def places(
    totals: Sequence[int],
    winners: Sequence[int],
    lower_is_better: bool,
    resigned: int | None = None,
) -> list[int]:
    """Each seat's finishing place, dense: the winners (partners too) share 1st, the
    others follow by their totals the better first, seats level sharing a place. A seat
    that resigned comes last, alone."""
    n = len(totals)
    won = set(winners)
    rest = [s for s in range(n) if s not in won and s != resigned]
    distinct = sorted({totals[s] for s in rest}, reverse=not lower_is_better)
    first = 2 if won else 1
    out = [0] * n
    for s in range(n):
        if s in won:
            out[s] = 1
        elif s == resigned:
            out[s] = first + len(distinct)
        else:
            out[s] = first + distinct.index(totals[s])
    return out


def _game_facts(name: str) -> bool:
    """Whether a lower total is better in game `name` (asked of the game)."""
    from tt22.core.registry import get_game

    return bool(get_game(name).lower_is_better)


def _rows(record: Any) -> tuple[tuple[Any, ...], list[tuple[Any, ...]]] | None:
    """The match's row and its seats' rows, or None for a match that is not over (and
    was not resigned)."""
    result = record.result
    if not result.finished and result.resigned is None:
        return None
    game = record.game
    players = record.players
    person = next((s for s, p in enumerate(players) if p.kind == "human"), None)
    thinks = [rm.think for rm in record.moves if rm.think is not None]
    seconds = round(sum(thinks), 3) if thinks else None
    where = places(result.totals, result.winners, _game_facts(game), result.resigned)
    won = set(result.winners)
    match = (
        game,
        record.started,
        record.seed,
        len(players),
        result.deals,
        person,
        daily_date(record.seed),
        seconds,
        result.resigned,
    )
    seats = [
        (s, p.name, p.kind, p.bot, result.totals[s], where[s], int(s in won))
        for s, p in enumerate(players)
    ]
    return match, seats


def _forget(db: sqlite3.Connection, name: str) -> None:
    db.execute("DELETE FROM seats WHERE name = ?", (name,))
    db.execute("DELETE FROM matches WHERE name = ?", (name,))


def _write(
    db: sqlite3.Connection, name: str, size: int, mtime: int, digest: str, record: Any
) -> str:
    """Replace what the index holds of file `name` by `record`'s rows; its status.
    A file holding a match another file already holds (the same final digest and the
    same start: an analysed copy, `NAME-analysis.22rec`, or a file copied by hand) is a
    "copy": the match counts once."""
    _forget(db, name)
    rows = _rows(record)
    status = "unfinished" if rows is None else "match"
    if (
        rows is not None
        and db.execute(
            "SELECT 1 FROM files f JOIN matches m ON m.name = f.name"
            " WHERE f.digest = ? AND m.started = ? AND f.name != ?",
            (digest, rows[0][1], name),
        ).fetchone()
    ):
        status, rows = "copy", None
    db.execute(
        "INSERT OR REPLACE INTO files (name, size, mtime_ns, digest, status, problem)"
        " VALUES (?, ?, ?, ?, ?, '')",
        (name, size, mtime, digest, status),
    )
    if rows is not None:
        match, seats = rows
        db.execute(
            "INSERT INTO matches (name, game, started, seed, players, deals, person, daily,"
            " seconds, resigned) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (name, *match),
        )
        db.executemany(
            "INSERT INTO seats (name, seat, player, kind, bot, total, place, winner)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(name, *seat) for seat in seats],
        )
    return status


def _skip(db: sqlite3.Connection, name: str, size: int, mtime: int, problem: str) -> None:
    _forget(db, name)
    db.execute(
        "INSERT OR REPLACE INTO files (name, size, mtime_ns, digest, status, problem)"
        " VALUES (?, ?, ?, '', 'skipped', ?)",
        (name, size, mtime, problem),
    )


def _listing(folder: Path) -> dict[str, tuple[int, int]]:
    """The `.22rec` files in `folder` by name: (size, modification time in ns). A name
    that cannot be looked at is listed with -1s (it is then read, and skipped)."""
    found: dict[str, tuple[int, int]] = {}
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return found
    except OSError as e:
        raise HistoryError(
            f"cannot list the records folder {printable(str(folder), 200)}: {e.strerror or e}"
        ) from None
    for entry in entries:
        if not entry.name.endswith(RECORD_SUFFIX) or entry.name.startswith("."):
            continue
        try:
            st = entry.stat()
        except OSError:
            found[entry.name] = (-1, -1)
            continue
        found[entry.name] = (st.st_size, st.st_mtime_ns)
    return found


def sync(
    db: sqlite3.Connection,
    folder: Path,
    *,
    rebuild: bool = False,
    say: Say | None = None,
) -> SyncReport:
    """Bring the index in `db` in step with the records in `folder` (every file read
    again when `rebuild`). `say` gets one line per file skipped."""
    start = time.perf_counter()
    known = {
        row[0]: (row[1], row[2], row[3], row[4])
        for row in db.execute("SELECT name, size, mtime_ns, digest, status FROM files")
    }
    present = _listing(folder)
    indexed = unchanged = skipped = unfinished = 0
    pending = 0
    in_batch = False
    try:
        # Files gone first: a copy of a match whose other file went is read again, and
        # then holds the match itself.
        gone = [name for name in known if name not in present]
        if gone:
            db.execute("BEGIN IMMEDIATE")
            in_batch = True
            for name in gone:
                _forget(db, name)
                db.execute("DELETE FROM files WHERE name = ?", (name,))
            orphaned = {known[n][2] for n in gone if known[n][3] == "match"}
            for name, (_s, _m, digest, status) in list(known.items()):
                if status == "copy" and digest in orphaned:
                    known[name] = (-1, -1, digest, status)
        for name in sorted(present):
            size, mtime = present[name]
            was = known.get(name)
            if not rebuild and was is not None and was[0] == size and was[1] == mtime:
                unchanged += 1
                continue
            if not in_batch:
                db.execute("BEGIN IMMEDIATE")
                in_batch = True
            try:
                record = load_record(folder / name)
            except RecordError as e:
                problem = str(e)
                _skip(db, name, size, mtime, problem)
                skipped += 1
                if say is not None:
                    say(f"{printable(name, 200)}: skipped: {printable(problem, 300)}")
            else:
                if (
                    was is not None
                    and not rebuild
                    and was[2] == record.digest
                    and was[3]
                    in (
                        "match",
                        "unfinished",
                        "copy",
                    )
                ):
                    # The same match (a copy, a touch): only its size and time are news.
                    db.execute(
                        "UPDATE files SET size = ?, mtime_ns = ? WHERE name = ?",
                        (size, mtime, name),
                    )
                    unchanged += 1
                else:
                    status = _write(db, name, size, mtime, record.digest, record)
                    if status == "match":
                        indexed += 1
                    elif status == "copy":  # (another file holds this match)
                        unchanged += 1
                    else:
                        unfinished += 1
            pending += 1
            if pending >= BATCH:
                db.execute("COMMIT")
                in_batch = False
                pending = 0
        if in_batch:
            db.execute("COMMIT")
            in_batch = False
    except BaseException:
        if in_batch:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
        raise
    return SyncReport(
        indexed, unchanged, skipped, unfinished, len(gone), time.perf_counter() - start
    )


def open_index(
    home: Path | None = None,
    *,
    rebuild: bool = False,
    say: Say | None = None,
) -> tuple[sqlite3.Connection, SyncReport]:
    """The index of the data folder `home` (default: tt22's, `TT22_HOME`), in step with
    its records folder; HistoryError in one line when it cannot be had."""
    folder = home if home is not None else data_dir()
    db = connect(folder, say=say)
    try:
        report = sync(db, folder / "records", rebuild=rebuild, say=say)
    except sqlite3.Error as e:
        db.close()
        raise HistoryError(f"cannot bring the history index up to date: {e}") from None
    except BaseException:
        db.close()
        raise
    return db, report
