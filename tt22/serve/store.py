"""The server's embedded store (SQLite in the data folder): who owns which name, and the
finished matches.

A name belongs to the first key that authenticated with it (`--open`); the row is made
only after authentication completed, never on a key merely offered.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

__all__ = ["Store", "valid_name"]

MAX_NAME = 20


def valid_name(name: str) -> bool:
    """A user name we show as it is: 1-20 printable characters, no edge spaces, no
    control or format characters (the SSH user name is untrusted text)."""
    from tt22.safe import printable

    return 0 < len(name) <= MAX_NAME and name.strip() == name and printable(name) == name


class Store:
    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS names ("
            " name TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, since REAL NOT NULL)"
        )
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS matches ("
            " id INTEGER PRIMARY KEY, code TEXT, game TEXT, path TEXT, players TEXT,"
            " finished REAL)"
        )

    def owner(self, name: str) -> str | None:
        row = self.db.execute("SELECT fingerprint FROM names WHERE name = ?", (name,)).fetchone()
        return None if row is None else str(row[0])

    def claim(self, name: str, fingerprint: str) -> bool:
        """Give `name` to `fingerprint` unless another key has it; whether it is theirs."""
        self.db.execute(
            "INSERT OR IGNORE INTO names (name, fingerprint, since) VALUES (?, ?, ?)",
            (name, fingerprint, time.time()),
        )
        return self.owner(name) == fingerprint

    def add_match(self, code: str, game: str, path: str, players: str) -> None:
        self.db.execute(
            "INSERT INTO matches (code, game, path, players, finished) VALUES (?, ?, ?, ?, ?)",
            (code, game, path, players, time.time()),
        )

    def matches_of(self, name: str) -> list[tuple[str, str, str, str]]:
        """(code, game, path, players) of the finished matches `name` sat at, newest
        first (`players`: the people's names, one a line)."""
        rows = self.db.execute(
            "SELECT code, game, path, players FROM matches ORDER BY finished DESC, id DESC"
        ).fetchall()
        return [(r[0], r[1], r[2], r[3]) for r in rows if name in r[3].split("\n")]

    def close(self) -> None:
        self.db.close()
