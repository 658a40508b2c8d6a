"""The history index's SQLite database: where it is, its schema and its migrations.

The index is a cache of the records folder, never the truth: every row can be made again
from the `.22rec` files (tt22/history/index.py). So the database's job is to be quick to
ask and hard to break: WAL mode (a reader never waits for the writer, and a writer killed
at any instant leaves the last committed index), a `schema_version` table, and one
migration per version from version 1 on, run in order inside one transaction, so a
database made by any earlier tt22 is brought up to date rather than thrown away. A file
that is not an SQLite database at all is set aside (renamed, not deleted) and the index
made again, since the records can always make it again.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

__all__ = [
    "DB_NAME",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "V1_SCHEMA",
    "HistoryError",
    "connect",
    "schema_version",
]

DB_NAME = "history.sqlite3"
"""The index's file in the data folder (beside `records/`)."""


class HistoryError(Exception):
    """The index cannot be used (made by a newer tt22, or the folder is not writable):
    one line for the command line or the screen, never a traceback."""


V1_SCHEMA = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE files (
    name TEXT PRIMARY KEY,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    digest TEXT NOT NULL,
    status TEXT NOT NULL,
    problem TEXT NOT NULL DEFAULT ''
);
CREATE TABLE matches (
    name TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    started TEXT NOT NULL,
    seed TEXT NOT NULL,
    players INTEGER NOT NULL,
    deals INTEGER NOT NULL,
    person INTEGER
);
CREATE TABLE seats (
    name TEXT NOT NULL,
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    kind TEXT NOT NULL,
    bot TEXT,
    total INTEGER NOT NULL,
    place INTEGER NOT NULL,
    winner INTEGER NOT NULL,
    PRIMARY KEY (name, seat)
);
INSERT INTO schema_version VALUES (1);
"""
"""Version 1, the index's first shape: files, matches and seats, without the daily deal,
time played or resignations. Kept word for word: a new database is made by running it
and then every migration, so a new one and a migrated one are the same database."""


def _to_2(db: sqlite3.Connection) -> None:
    """Version 2: which matches were the daily deal, the time the record says they took,
    who resigned, and an index by game and date. Every file is read again (its size is
    forgotten), since version 1 never stored these."""
    db.execute("ALTER TABLE matches ADD COLUMN daily TEXT")
    db.execute("ALTER TABLE matches ADD COLUMN seconds REAL")
    db.execute("ALTER TABLE matches ADD COLUMN resigned INTEGER")
    db.execute("CREATE INDEX matches_by_game ON matches (game, started)")
    db.execute("UPDATE files SET size = -1")


MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {2: _to_2}
"""Version n: the step from version n - 1. Never edit one that has shipped; add the next."""

SCHEMA_VERSION = max(MIGRATIONS)


def schema_version(db: sqlite3.Connection) -> int:
    """The database's version, 0 for a database with no tables yet."""
    has = db.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
    ).fetchone()
    if has is None:
        return 0
    row = db.execute("SELECT max(version) FROM schema_version").fetchone()
    return int(row[0] or 0)


def _migrate(db: sqlite3.Connection) -> None:
    """Bring the database to SCHEMA_VERSION in one transaction (all steps or none)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        version = schema_version(db)  # (again, under the write lock: another may have)
        if version > SCHEMA_VERSION:
            raise HistoryError(
                f"the history index was made by a newer tt22 (version {version});"
                f" this tt22 knows version {SCHEMA_VERSION}"
            )
        if version == 0:
            for statement in V1_SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            version = 1
        for step in range(version + 1, SCHEMA_VERSION + 1):
            MIGRATIONS[step](db)
        if version < SCHEMA_VERSION:
            db.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))
        db.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise


def _open(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, timeout=30.0, isolation_level=None)
    try:
        db.execute("PRAGMA busy_timeout = 30000")
        db.execute("PRAGMA journal_mode = WAL")
        # NORMAL is durable across a killed process in WAL mode (only a power cut can
        # lose the last transactions, which the records make again).
        db.execute("PRAGMA synchronous = NORMAL")
        if schema_version(db) != SCHEMA_VERSION:
            _migrate(db)
        check = db.execute("PRAGMA quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise sqlite3.DatabaseError(f"damaged: {check[0] if check else 'no answer'}")
    except BaseException:
        db.close()
        raise
    return db


def connect(folder: Path, *, say: Callable[[str], None] | None = None) -> sqlite3.Connection:
    """The index in `folder` (made and migrated as needed). A file there that SQLite
    cannot read is renamed `history.sqlite3.broken` (`say` is told in one line) and a
    new index made; HistoryError when the index is newer than this tt22 or cannot be
    made at all."""
    path = folder / DB_NAME
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise HistoryError(f"cannot make the data folder: {e.strerror or e}") from None
    try:
        return _open(path)
    except sqlite3.OperationalError as e:  # (a read-only folder, a lock held too long)
        raise HistoryError(f"cannot open the history index: {e}") from None
    except sqlite3.DatabaseError as e:  # (not a database, or a damaged one)
        broken = path.with_name(DB_NAME + ".broken")
        try:
            os.replace(path, broken)
            for suffix in ("-wal", "-shm"):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(str(path) + suffix)
        except OSError as moved:
            raise HistoryError(
                f"the history index cannot be read ({e}) nor set aside: {moved.strerror or moved}"
            ) from None
        if say is not None:
            say(
                f"the history index could not be read ({e}); set aside as {broken.name},"
                " made again from the records"
            )
        try:
            return _open(path)
        except sqlite3.Error as again:
            raise HistoryError(f"cannot make the history index: {again}") from None
