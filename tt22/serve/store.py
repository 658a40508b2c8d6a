"""The server's embedded store (SQLite in the data folder): who owns which name (the
identities), the finished matches and their seats, the ratings with their history, and
the daily deal's results.

One connection, WAL mode, a schema version and one migration per version (as the home
history index, tt22/history/db.py). Every write is one transaction (BEGIN IMMEDIATE,
under a lock, with a busy timeout for any other process reading the file), so a finished
match, its seats, its players' new ratings and a daily result land together or not at
all; `kill -9` at any instant leaves the last committed store (WAL with synchronous
NORMAL: only a power cut could lose the last transactions). tests/serve/test_serve_store.py
kills a real writer process at random moments to show it.

A name belongs to the first key that authenticated with it (`--open`); the row is made
only after authentication completed, never on a key merely offered. A key owns one
name: a second name for the same key would let one person take every free name, and
the names of friends not yet arrived (review L4). Names are compared by their
*skeleton* (`skeleton`): `Ann` is taken when `ann` is, and so is a Cyrillic `аnn`.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple, Protocol

from tt22.serve.ratings import RatedSeat, Rating, rate_match, replay

__all__ = [
    "SCHEMA_VERSION",
    "BoardRow",
    "DailyRow",
    "FinishedMatch",
    "FinishedSeat",
    "PastMatch",
    "ServerStore",
    "Store",
    "StoreError",
    "open_store",
    "skeleton",
    "valid_name",
    "why_not_a_name",
]

MAX_NAME = 20

PUNCTUATION = frozenset("-_.")
"""Besides letters and digits, the characters a name may hold (never first)."""

_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
"""Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): drawn as nothing.
Most are format characters, refused anyway; the Hangul fillers (U+115F, U+1160, U+3164,
U+FFA0) are letters to Python's `unicodedata`, which has no such property."""

_SCRIPT_OF_NAME = {
    "CJK": "Han",
    "IDEOGRAPHIC": "Han",  # 々, 〆
    "KATAKANA-HIRAGANA": "Kana",  # ー: Japanese, either kana
    "HIRAGANA": "Hiragana",
    "KATAKANA": "Katakana",
}

_MIXES = (
    frozenset({"Latin", "Han", "Hiragana", "Katakana", "Kana"}),  # Japanese
    frozenset({"Latin", "Han", "Hangul"}),  # Korean
)
"""The scripts that may meet in one name (UTS #39's "moderately restrictive", less the
mixes tt22's languages do not need): Latin with Japanese or Korean writing. Any other
mix, above all Latin with Cyrillic or Greek, is how a look-alike is made."""

_CONFUSABLE = str.maketrans(
    {
        # Cyrillic letters drawn as Latin ones
        "а": "a", "в": "b", "е": "e", "ё": "e", "з": "3", "һ": "h", "і": "i", "ї": "i",
        "ј": "j", "к": "k", "м": "m", "н": "h", "о": "o", "п": "n", "р": "p", "с": "c",
        "т": "t", "у": "y", "х": "x", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ь": "b",
        "г": "r", "ө": "o", "ү": "y",
        # Greek
        "α": "a", "β": "b", "γ": "y", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v",
        "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ς": "c", "μ": "u",
        # digits and letters that pass for each other
        "0": "o", "1": "l", "|": "l", "5": "s",
    }
)  # fmt: skip
"""Enough of UTS #39's confusables for the scripts a name may be written in to make
`skeleton` catch the usual look-alikes; not the whole table."""


def _ignorable(ch: str) -> bool:
    code = ord(ch)
    return any(lo <= code <= hi for lo, hi in _IGNORABLE)


def _script(ch: str) -> str | None:
    """The script of a letter, from its Unicode name (the standard library has no
    script property); None for digits and punctuation, which go with any script."""
    if not unicodedata.category(ch).startswith("L"):
        return None
    word = unicodedata.name(ch, "UNKNOWN").split(" ")[0]
    return _SCRIPT_OF_NAME.get(word, word.capitalize())


def why_not_a_name(name: str) -> str | None:
    """Why `name` cannot be a player's name, in a few words; None when it can.

    A name is shown to everyone beside chat lines and seats, so it must look like
    itself and like no one else: 1-20 letters and digits (NFKC-normal, as SASLprep
    leaves a user name), `-`, `_` or `.` after the first, at most two different
    combining marks on a letter (Vietnamese has two), nothing drawn as blank, and one
    script (Latin may go with Japanese or Korean writing)."""
    if not 0 < len(name) <= MAX_NAME:
        return f"1 to {MAX_NAME} characters"
    if unicodedata.normalize("NFKC", name) != name:
        return "not in its plain (NFKC) form"
    marks: list[str] = []
    for ch in unicodedata.normalize("NFD", name):  # a precomposed ź is z and its accent
        if unicodedata.category(ch) in ("Mn", "Mc"):
            marks.append(ch)
            if len(marks) > 2 or marks.count(ch) > 1:
                return "combining marks stacked"
        else:
            marks = []
    if unicodedata.category(name[0]) in ("Mn", "Mc"):
        return "begins with a combining mark"
    scripts: set[str] = set()
    for i, ch in enumerate(name):
        category = unicodedata.category(ch)
        if _ignorable(ch):
            return f"U+{ord(ch):04X} is drawn as nothing"
        if category in ("Mn", "Mc"):
            continue
        if ch in PUNCTUATION:
            if i == 0:
                return "begins with punctuation"
            continue
        if category == "Nd":
            if not ch.isascii():  # ٣, ३: digits of other scripts pass for letters
                return f"U+{ord(ch):04X} is not a digit 0-9"
            continue
        if not category.startswith("L"):
            return f"U+{ord(ch):04X} is not a letter or digit"
        script = _script(ch)
        if script is not None:
            scripts.add(script)
    if len(scripts) > 1 and not any(scripts <= mix for mix in _MIXES):
        return "letters of different scripts (" + ", ".join(sorted(scripts)) + ")"
    return None


def valid_name(name: str) -> bool:
    """Whether `name` may be a player's name (`why_not_a_name`; the SSH user name is
    untrusted text)."""
    return why_not_a_name(name) is None


def skeleton(name: str) -> str:
    """What `name` looks like, for comparing: its NFKC form with `I` read as `l`,
    case-folded, look-alike letters of other scripts and digits mapped to the Latin
    letter they pass for, `rn` read as `m`. Two names of one skeleton are one name."""
    text = unicodedata.normalize("NFKC", name).replace("I", "l").casefold()
    text = unicodedata.normalize("NFD", text).translate(_CONFUSABLE)  # ё: е and its dots
    return unicodedata.normalize("NFC", text).replace("rn", "m")


STORE_SCHEMA_V1 = """
CREATE TABLE IF NOT EXISTS names (
    name TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, since REAL NOT NULL, skeleton TEXT);
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY, code TEXT, game TEXT, path TEXT, players TEXT, finished REAL)
"""
"""Version 1, the store before it had a version: the names and a list of finished
matches (a store of then is taken as version 1 once its names have skeletons)."""


def _to_2(db: sqlite3.Connection) -> None:
    """Version 2: each finished match's seed, daily date and seats (name, bot level,
    side, place, total), the ratings per person and game with their history, and the
    daily deal's results (the first finish of a person's day counts)."""
    db.execute("ALTER TABLE matches ADD COLUMN seed TEXT NOT NULL DEFAULT ''")
    db.execute("ALTER TABLE matches ADD COLUMN daily TEXT")
    db.execute("CREATE INDEX matches_by_game ON matches (game, finished)")
    db.execute(
        "CREATE TABLE seats (match INTEGER NOT NULL REFERENCES matches (id), seat INTEGER"
        " NOT NULL, name TEXT NOT NULL, bot TEXT, side INTEGER NOT NULL, place INTEGER NOT"
        " NULL, total INTEGER NOT NULL, PRIMARY KEY (match, seat))"
    )
    db.execute("CREATE INDEX seats_by_name ON seats (name) WHERE bot IS NULL")
    db.execute(
        "CREATE TABLE ratings (name TEXT NOT NULL, game TEXT NOT NULL, mu REAL NOT NULL,"
        " sigma REAL NOT NULL, matches INTEGER NOT NULL, change REAL NOT NULL,"
        " updated REAL NOT NULL, PRIMARY KEY (name, game))"
    )
    db.execute(
        "CREATE TABLE rating_history (match INTEGER NOT NULL REFERENCES matches (id),"
        " name TEXT NOT NULL, game TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL,"
        " change REAL NOT NULL, PRIMARY KEY (match, name))"
    )
    db.execute("CREATE INDEX rating_history_by_name ON rating_history (name, game, match)")
    db.execute(
        "CREATE TABLE daily (day TEXT NOT NULL, game TEXT NOT NULL, name TEXT NOT NULL,"
        " match INTEGER NOT NULL REFERENCES matches (id), place INTEGER NOT NULL,"
        " total INTEGER NOT NULL, finished REAL NOT NULL, PRIMARY KEY (day, game, name))"
    )


MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {2: _to_2}
"""Version n: the step from version n - 1. Never edit one that has shipped; add the next."""

SCHEMA_VERSION = max(MIGRATIONS)


class StoreError(Exception):
    """The store cannot be used (made by a newer tt22): one line."""


@dataclass(frozen=True)
class FinishedSeat:
    seat: int
    name: str
    bot: str | None  # the level of a bot seat; None for a person's
    side: int
    place: int
    total: int


@dataclass(frozen=True)
class FinishedMatch:
    """What the store keeps of a finished match (tt22.serve.games.finished_match)."""

    code: str
    game: str
    path: str
    seed: str
    daily: str | None  # the UTC date of a daily deal's match
    seats: tuple[FinishedSeat, ...]

    @property
    def people(self) -> list[str]:
        return [s.name for s in self.seats if s.bot is None]


class BoardRow(NamedTuple):
    name: str
    mu: float
    sigma: float
    matches: int
    change: float  # the ordinal's change at the last match

    @property
    def ordinal(self) -> float:
        return Rating(self.mu, self.sigma).ordinal


class PastMatch(NamedTuple):
    id: int
    code: str
    game: str
    path: str
    players: str  # the people's names, one a line
    finished: float
    place: int | None  # this person's (None: a match from before version 2)
    seats: int
    change: float | None  # this person's rating change (None: not rated)


class DailyRow(NamedTuple):
    name: str
    place: int
    total: int
    finished: float


class Store:
    def __init__(self, path: Path) -> None:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not path.exists():  # made private before SQLite opens it (every name, every key)
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
        self.lock = threading.RLock()
        self.db = sqlite3.connect(path, timeout=30.0, isolation_level=None, check_same_thread=False)
        try:
            self.db.execute("PRAGMA busy_timeout = 30000")
            self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute("PRAGMA synchronous = NORMAL")
            self.db.execute("PRAGMA foreign_keys = ON")
            self._migrate()
        except BaseException:
            self.db.close()
            raise

    # ------------------------------------------------------------------ schema
    def version(self) -> int:
        has = self.db.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
        ).fetchone()
        if has is None:
            return 0
        row = self.db.execute("SELECT max(version) FROM schema_version").fetchone()
        return int(row[0] or 0)

    def _migrate(self) -> None:
        with self.transaction():
            version = self.version()
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"the server's store was made by a newer tt22 (version {version});"
                    f" this tt22 knows version {SCHEMA_VERSION}"
                )
            if version == 0:  # new, or a store from before the version (version 1)
                for statement in STORE_SCHEMA_V1.split(";"):
                    if statement.strip():
                        self.db.execute(statement)
                columns = {row[1] for row in self.db.execute("PRAGMA table_info(names)")}
                if "skeleton" not in columns:  # a store from before look-alikes were refused
                    self.db.execute("ALTER TABLE names ADD COLUMN skeleton TEXT")
                self.db.execute("CREATE INDEX IF NOT EXISTS names_skeleton ON names (skeleton)")
                for (name,) in self.db.execute("SELECT name FROM names").fetchall():
                    self.db.execute(
                        "UPDATE names SET skeleton = ? WHERE name = ?", (skeleton(name), name)
                    )
                self.db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
                self.db.execute("INSERT INTO schema_version VALUES (1)")
                version = 1
            for step in range(version + 1, SCHEMA_VERSION + 1):
                MIGRATIONS[step](self.db)
            if version < SCHEMA_VERSION:
                self.db.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (all of it or none), one writer at a time."""
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")

    def integrity(self) -> str:
        """SQLite's integrity_check: "ok" when the file is sound."""
        with self.lock:
            row = self.db.execute("PRAGMA integrity_check").fetchone()
        return str(row[0]) if row else "no answer"

    # ------------------------------------------------------------------ identities
    def owner(self, name: str) -> str | None:
        with self.lock:
            row = self.db.execute(
                "SELECT fingerprint FROM names WHERE name = ?", (name,)
            ).fetchone()
        return None if row is None else str(row[0])

    def names_of(self, fingerprint: str) -> list[str]:
        with self.lock:
            rows = self.db.execute(
                "SELECT name FROM names WHERE fingerprint = ? ORDER BY since", (fingerprint,)
            ).fetchall()
        return [str(r[0]) for r in rows]

    def why_not(self, name: str, fingerprint: str) -> str | None:
        """Why the key `fingerprint` may not sign in as `name`; None when it may: the
        name is its own, or it is new to this key, the key has no other, and no other
        key owns a name that looks the same."""
        owner = self.owner(name)
        if owner is not None:
            return None if owner == fingerprint else f"{name} belongs to another key"
        with self.lock:
            rows = self.db.execute(
                "SELECT name, fingerprint FROM names WHERE skeleton = ?", (skeleton(name),)
            ).fetchall()
        for other, owner in rows:
            if owner != fingerprint:
                return f"{name} looks like {other}, another key's name"
        mine = self.names_of(fingerprint)
        if mine:
            return f"this key is {mine[0]} here (one name a key)"
        return None

    def claim(self, name: str, fingerprint: str) -> bool:
        """Give `name` to `fingerprint` unless it may not have it (`why_not`: another
        key has it or a look-alike of it, or this key has another name); whether it is
        theirs. One transaction, so two keys racing for a name cannot both win."""
        with self.transaction() as db:
            if self.why_not(name, fingerprint) is None and self.owner(name) is None:
                db.execute(
                    "INSERT INTO names (name, fingerprint, since, skeleton) VALUES (?, ?, ?, ?)",
                    (name, fingerprint, time.time(), skeleton(name)),
                )
        return self.owner(name) == fingerprint

    def give(self, name: str, fingerprint: str) -> bool:
        """Make `name` the key `fingerprint`'s, whoever had it (an allow file's line
        names this key so); True."""
        with self.transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO names (name, fingerprint, since, skeleton)"
                " VALUES (?, ?, ?, ?)",
                (name, fingerprint, time.time(), skeleton(name)),
            )
        return True

    # ------------------------------------------------------------------ matches
    def add_match(self, code: str, game: str, path: str, players: str) -> None:
        """A finished match known only by its people's names (no seats, not rated)."""
        with self.transaction() as db:
            db.execute(
                "INSERT INTO matches (code, game, path, players, finished) VALUES (?, ?, ?, ?, ?)",
                (code, game, path, players, time.time()),
            )

    def record_match(self, match: FinishedMatch) -> tuple[int, dict[str, tuple[Rating, Rating]]]:
        """Keep a finished match, its seats, its people's new ratings (OpenSkill,
        tt22.serve.ratings) and, for the daily deal, each person's daily result (their
        first of the day), all in one transaction. The match's id, and each person's
        rating (before, after)."""
        now = time.time()
        with self.transaction() as db:
            cur = db.execute(
                "INSERT INTO matches (code, game, path, players, finished, seed, daily)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    match.code,
                    match.game,
                    match.path,
                    "\n".join(match.people),
                    now,
                    match.seed,
                    match.daily,
                ),
            )
            mid = int(cur.lastrowid or 0)
            db.executemany(
                "INSERT INTO seats (match, seat, name, bot, side, place, total)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(mid, s.seat, s.name, s.bot, s.side, s.place, s.total) for s in match.seats],
            )
            before = {name: r for name in match.people if (r := self._rating(name, match.game))}
            after = rate_match(_rated_seats(match.seats), before)
            changes: dict[str, tuple[Rating, Rating]] = {}
            for name, new in after.items():
                old = before.get(name, Rating())
                change = new.ordinal - old.ordinal
                changes[name] = (old, new)
                db.execute(
                    "INSERT INTO ratings (name, game, mu, sigma, matches, change, updated)"
                    " VALUES (?, ?, ?, ?, 1, ?, ?) ON CONFLICT (name, game) DO UPDATE SET"
                    " mu = excluded.mu, sigma = excluded.sigma, matches = matches + 1,"
                    " change = excluded.change, updated = excluded.updated",
                    (name, match.game, new.mu, new.sigma, change, now),
                )
                db.execute(
                    "INSERT INTO rating_history (match, name, game, mu, sigma, change)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (mid, name, match.game, new.mu, new.sigma, change),
                )
            if match.daily is not None:
                for s in match.seats:
                    if s.bot is None:
                        db.execute(
                            "INSERT OR IGNORE INTO daily (day, game, name, match, place, total,"
                            " finished) VALUES (?, ?, ?, ?, ?, ?, ?)",
                            (match.daily, match.game, s.name, mid, s.place, s.total, now),
                        )
        return mid, changes

    def _rating(self, name: str, game: str) -> Rating | None:
        row = self.db.execute(
            "SELECT mu, sigma FROM ratings WHERE name = ? AND game = ?", (name, game)
        ).fetchone()
        return None if row is None else Rating(float(row[0]), float(row[1]))

    def has_match(self, mid: int) -> bool:
        with self.lock:
            row = self.db.execute("SELECT 1 FROM matches WHERE id = ?", (mid,)).fetchone()
        return row is not None

    def matches_of(self, name: str) -> list[tuple[str, str, str, str]]:
        """(code, game, path, players) of the finished matches `name` sat at, newest
        first (`players`: the people's names, one a line)."""
        return [(m.code, m.game, m.path, m.players) for m in self.past_matches(name)]

    def past_matches(self, name: str, limit: int = 1000) -> list[PastMatch]:
        """The finished matches `name` sat at, newest first, with their place and
        rating change there."""
        with self.lock:
            rows = self.db.execute(
                "SELECT m.id, m.code, m.game, m.path, m.players, m.finished,"
                " (SELECT place FROM seats s WHERE s.match = m.id AND s.name = ?"
                "  AND s.bot IS NULL),"
                " (SELECT count(*) FROM seats s WHERE s.match = m.id),"
                " (SELECT change FROM rating_history h WHERE h.match = m.id AND h.name = ?)"
                " FROM matches m ORDER BY m.finished DESC, m.id DESC",
                (name, name),
            ).fetchall()
        out: list[PastMatch] = []
        for r in rows:
            if name in str(r[4]).split("\n"):
                out.append(PastMatch(*r))
                if len(out) >= limit:
                    break
        return out

    # ------------------------------------------------------------------ ratings
    def rated_games(self) -> list[str]:
        with self.lock:
            rows = self.db.execute("SELECT DISTINCT game FROM ratings ORDER BY game").fetchall()
        return [str(r[0]) for r in rows]

    def leaderboard(self, game: str, limit: int = 100) -> list[BoardRow]:
        """The people rated at `game`, the best (highest ordinal) first."""
        with self.lock:
            rows = self.db.execute(
                "SELECT name, mu, sigma, matches, change FROM ratings WHERE game = ?"
                " ORDER BY mu - 3 * sigma DESC, matches DESC, name LIMIT ?",
                (game, limit),
            ).fetchall()
        return [BoardRow(*r) for r in rows]

    def ratings_of(self, name: str) -> dict[str, BoardRow]:
        with self.lock:
            rows = self.db.execute(
                "SELECT name, mu, sigma, matches, change, game FROM ratings WHERE name = ?"
                " ORDER BY game",
                (name,),
            ).fetchall()
        return {str(r[5]): BoardRow(*r[:5]) for r in rows}

    def rating_history(self, name: str, game: str) -> list[tuple[float, int]]:
        """`name`'s ordinal at `game` after each of their rated matches, and their place
        there, oldest first."""
        with self.lock:
            rows = self.db.execute(
                "SELECT h.mu, h.sigma, s.place FROM rating_history h JOIN seats s"
                " ON s.match = h.match AND s.name = h.name AND s.bot IS NULL"
                " WHERE h.name = ? AND h.game = ? ORDER BY h.match",
                (name, game),
            ).fetchall()
        return [(Rating(float(r[0]), float(r[1])).ordinal, int(r[2])) for r in rows]

    def rated_matches(self) -> list[tuple[str, list[RatedSeat]]]:
        """Every match with seats, oldest first, as the ratings see it."""
        with self.lock:
            rows = self.db.execute(
                "SELECT m.id, m.game, s.name, s.bot, s.side, s.place FROM matches m"
                " JOIN seats s ON s.match = m.id ORDER BY m.id, s.seat"
            ).fetchall()
        out: list[tuple[str, list[RatedSeat]]] = []
        last = None
        for mid, game, name, bot, side, place in rows:
            if mid != last:
                out.append((str(game), []))
                last = mid
            out[-1][1].append(RatedSeat(None if bot is not None else name, bot, side, place))
        return out

    def replayed_ratings(self) -> dict[tuple[str, str], Rating]:
        """The ratings made again from the matches alone (`ratings.replay`)."""
        return replay(self.rated_matches())

    def stored_ratings(self) -> dict[tuple[str, str], Rating]:
        with self.lock:
            rows = self.db.execute("SELECT name, game, mu, sigma FROM ratings").fetchall()
        return {(str(r[0]), str(r[1])): Rating(float(r[2]), float(r[3])) for r in rows}

    def rebuild_ratings(self) -> int:
        """Make the ratings and their history again from the matches (one transaction);
        how many people's ratings there are."""
        matches = self.rated_matches()
        with self.lock:
            ids = [
                int(r[0])
                for r in self.db.execute(
                    "SELECT DISTINCT m.id FROM matches m JOIN seats s ON s.match = m.id"
                    " ORDER BY m.id"
                )
            ]
            times = dict(self.db.execute("SELECT id, finished FROM matches").fetchall())
        with self.transaction() as db:
            db.execute("DELETE FROM rating_history")
            db.execute("DELETE FROM ratings")
            now: dict[tuple[str, str], tuple[Rating, int, float, float]] = {}
            for mid, (game, seats) in zip(ids, matches, strict=True):
                before = {
                    s.name: now[(s.name, game)][0]
                    for s in seats
                    if s.name and (s.name, game) in now
                }
                for name, new in rate_match(seats, before).items():
                    change = new.ordinal - before.get(name, Rating()).ordinal
                    count = now[(name, game)][1] + 1 if (name, game) in now else 1
                    now[(name, game)] = (new, count, change, float(times[mid]))
                    db.execute(
                        "INSERT INTO rating_history (match, name, game, mu, sigma, change)"
                        " VALUES (?, ?, ?, ?, ?, ?)",
                        (mid, name, game, new.mu, new.sigma, change),
                    )
            db.executemany(
                "INSERT INTO ratings (name, game, mu, sigma, matches, change, updated)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(n, g, r.mu, r.sigma, c, ch, t) for (n, g), (r, c, ch, t) in now.items()],
            )
        return len(now)

    # ------------------------------------------------------------------ the daily deal
    def daily_board(self, day: str, game: str) -> list[DailyRow]:
        """The people's first results on `game`'s daily deal of `day` (UTC), in the
        order of their place, then their total (`lower_is_better`: the game's)."""
        with self.lock:
            rows = self.db.execute(
                "SELECT name, place, total, finished FROM daily WHERE day = ? AND game = ?"
                " ORDER BY place, finished",
                (day, game),
            ).fetchall()
        return [DailyRow(*r) for r in rows]

    def daily_done(self, name: str, day: str, game: str) -> bool:
        """Whether `name` has finished `game`'s daily deal of `day`."""
        with self.lock:
            row = self.db.execute(
                "SELECT 1 FROM daily WHERE day = ? AND game = ? AND name = ?", (day, game, name)
            ).fetchone()
        return row is not None

    def size(self) -> int:
        """The store's bytes on disk (pages in use)."""
        with self.lock:
            pages = self.db.execute("PRAGMA page_count").fetchone()[0]
            size = self.db.execute("PRAGMA page_size").fetchone()[0]
        return int(pages) * int(size)

    def close(self) -> None:
        with self.lock:
            self.db.close()


class ServerStore(Protocol):
    """What the server asks of its store, whichever it has: this module's SQLite file
    (`Store`, one process) or a PostgreSQL database shared by several server processes
    (tt22.serve.pgstore.PgStore, `tt22 serve --store postgresql://...`). The two give
    the same answers to the same calls (tests/serve/test_serve_store.py runs its tests
    on both); the rest of the server never asks which one it has."""

    def version(self) -> int: ...
    def integrity(self) -> str: ...
    def owner(self, name: str) -> str | None: ...
    def names_of(self, fingerprint: str) -> list[str]: ...
    def why_not(self, name: str, fingerprint: str) -> str | None: ...
    def claim(self, name: str, fingerprint: str) -> bool: ...
    def give(self, name: str, fingerprint: str) -> bool: ...
    def add_match(self, code: str, game: str, path: str, players: str) -> None: ...
    def record_match(
        self, match: FinishedMatch
    ) -> tuple[int, dict[str, tuple[Rating, Rating]]]: ...
    def has_match(self, mid: int) -> bool: ...
    def matches_of(self, name: str) -> list[tuple[str, str, str, str]]: ...
    def past_matches(self, name: str, limit: int = 1000) -> list[PastMatch]: ...
    def rated_games(self) -> list[str]: ...
    def leaderboard(self, game: str, limit: int = 100) -> list[BoardRow]: ...
    def ratings_of(self, name: str) -> dict[str, BoardRow]: ...
    def rating_history(self, name: str, game: str) -> list[tuple[float, int]]: ...
    def rated_matches(self) -> list[tuple[str, list[RatedSeat]]]: ...
    def replayed_ratings(self) -> dict[tuple[str, str], Rating]: ...
    def stored_ratings(self) -> dict[tuple[str, str], Rating]: ...
    def rebuild_ratings(self) -> int: ...
    def daily_board(self, day: str, game: str) -> list[DailyRow]: ...
    def daily_done(self, name: str, day: str, game: str) -> bool: ...
    def size(self) -> int: ...
    def close(self) -> None: ...


STORE_FILE = "tt22-serve.sqlite"
URL_SCHEMES = ("postgresql://", "postgres://")


def open_store(url: str, data: Path) -> ServerStore:
    """The store `tt22 serve --store` names: a PostgreSQL URL (`postgresql://...`,
    libpq's form) for a database several server processes share; empty for the SQLite
    file in the data folder, as ever (StoreError: neither)."""
    if not url:
        return Store(data / STORE_FILE)
    if not url.startswith(URL_SCHEMES):
        raise StoreError(f"--store takes a postgresql:// URL, not {url.split(':', 1)[0]!r}")
    from tt22.serve.pgstore import PgStore  # (psycopg: only a node that uses it loads it)

    return PgStore(url)


def _rated_seats(seats: Sequence[FinishedSeat]) -> list[RatedSeat]:
    return [RatedSeat(None if s.bot is not None else s.name, s.bot, s.side, s.place) for s in seats]
