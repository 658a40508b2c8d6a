"""The server's store on PostgreSQL (`tt22 serve --store postgresql://...`): the same
tables, rows and answers as the embedded SQLite store (tt22/serve/store.py), shared by
every server process (node) that names the same database.

Why PostgreSQL and not something of our own: several nodes need one place that keeps
who owns which name, the finished matches, the ratings and the daily results, with
transactions, crash safety and replication that are already someone's life's work.
`psycopg` 3 (maintained, typed, libpq underneath) and its connection pool: each read
borrows a connection and returns it; nothing here keeps a connection while it waits for
anything but the database.

**One writer at a time**, as SQLite's `BEGIN IMMEDIATE`: every write is one transaction
that first takes the transaction-level advisory lock `WRITE_LOCK`
(`pg_advisory_xact_lock`, released by its COMMIT or ROLLBACK, or by the server when the
connection dies). So a name's claim (read who has it or a look-alike, then insert) and a
match's ratings (read each person's rating, then write the new one) are never
interleaved with another node's, under PostgreSQL's default READ COMMITTED: the answers
are exactly the SQLite store's. Writes are rare (a finished match, a name claimed once),
so one lock costs nothing that matters; the moves of served tables do not take it
(tt22/serve/tablelog.py).

**Schema**: the same `schema_version` table and the same numbered steps as the SQLite
store (1: names and a list of matches; 2: seeds, seats, ratings, their history, the
daily results), each a list of statements, run under the write lock so two nodes
starting at once migrate once; and the step only this store has (3: the served tables'
move logs, tt22/serve/tablelog.py). A database made by a newer tt22 is refused in one
line. Floats are `double precision` (SQLite's REAL is a double: the ratings are the same
to the last bit), and text is ordered `COLLATE "C"` (byte order, as SQLite's), whatever
the database's own collation.

`kill -9` of a node loses nothing committed: PostgreSQL rolls back the transaction of a
connection that died, and a COMMIT that returned is on disk (tests/serve/
test_serve_store.py kills real writer processes against both stores).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator, Sequence
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

from tt22.serve.ratings import RatedSeat, Rating, rate_match, replay
from tt22.serve.store import (
    BoardRow,
    DailyRow,
    FinishedMatch,
    FinishedSeat,
    PastMatch,
    StoreError,
    skeleton,
)

__all__ = ["POOL_SIZE", "WRITE_LOCK", "PgStore", "pg_schema_version"]

WRITE_LOCK = 0x7422_5E7E
"""The advisory lock key every write transaction takes first (one writer at a time)."""

POOL_SIZE = 8
"""Connections a node keeps to the database at most: the store's calls come from the
server's one event loop and, at most, a few threads; a caller past this waits for one
(`POOL_WAIT`) rather than opening more (PostgreSQL's connections are processes)."""
POOL_WAIT = 30.0
"""Seconds a caller waits for a free connection before the pool says so (as SQLite's
busy timeout)."""
POOL_WAITING = 64
"""Callers that may wait for a connection at once; one more is refused at once
(psycopg_pool.TooManyRequests) rather than queued behind a database that has stopped
answering: the pool's queue is bounded like every other queue of the server."""

Conn = psycopg.Connection[tuple[Any, ...]]

PG_STEPS: dict[int, tuple[str, ...]] = {
    1: (
        "CREATE TABLE names (name TEXT PRIMARY KEY, fingerprint TEXT NOT NULL,"
        " since DOUBLE PRECISION NOT NULL, skeleton TEXT)",
        "CREATE INDEX names_skeleton ON names (skeleton)",
        "CREATE INDEX names_fingerprint ON names (fingerprint)",
        "CREATE TABLE matches (id BIGSERIAL PRIMARY KEY, code TEXT, game TEXT, path TEXT,"
        " players TEXT, finished DOUBLE PRECISION)",
    ),
    2: (
        "ALTER TABLE matches ADD COLUMN seed TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE matches ADD COLUMN daily TEXT",
        "CREATE INDEX matches_by_game ON matches (game, finished)",
        "CREATE TABLE seats (match BIGINT NOT NULL REFERENCES matches (id), seat INTEGER"
        " NOT NULL, name TEXT NOT NULL, bot TEXT, side INTEGER NOT NULL, place INTEGER NOT"
        " NULL, total INTEGER NOT NULL, PRIMARY KEY (match, seat))",
        "CREATE INDEX seats_by_name ON seats (name) WHERE bot IS NULL",
        "CREATE TABLE ratings (name TEXT NOT NULL, game TEXT NOT NULL, mu DOUBLE PRECISION"
        " NOT NULL, sigma DOUBLE PRECISION NOT NULL, matches INTEGER NOT NULL, change DOUBLE"
        " PRECISION NOT NULL, updated DOUBLE PRECISION NOT NULL, PRIMARY KEY (name, game))",
        "CREATE TABLE rating_history (match BIGINT NOT NULL REFERENCES matches (id),"
        " name TEXT NOT NULL, game TEXT NOT NULL, mu DOUBLE PRECISION NOT NULL, sigma DOUBLE"
        " PRECISION NOT NULL, change DOUBLE PRECISION NOT NULL, PRIMARY KEY (match, name))",
        "CREATE INDEX rating_history_by_name ON rating_history (name, game, match)",
        "CREATE TABLE daily (day TEXT NOT NULL, game TEXT NOT NULL, name TEXT NOT NULL,"
        " match BIGINT NOT NULL REFERENCES matches (id), place INTEGER NOT NULL,"
        " total INTEGER NOT NULL, finished DOUBLE PRECISION NOT NULL,"
        " PRIMARY KEY (day, game, name))",
    ),
    3: (
        "CREATE TABLE served_tables (code TEXT PRIMARY KEY, game TEXT NOT NULL,"
        " rules TEXT NOT NULL, seats TEXT NOT NULL, seed TEXT NOT NULL,"
        " commitment TEXT NOT NULL, status TEXT NOT NULL, moves INTEGER NOT NULL DEFAULT 0,"
        " created DOUBLE PRECISION NOT NULL, owner TEXT, lease_until TIMESTAMPTZ)",
        "CREATE TABLE table_moves (code TEXT NOT NULL REFERENCES served_tables (code),"
        " n INTEGER NOT NULL, move TEXT NOT NULL, think DOUBLE PRECISION,"
        " at DOUBLE PRECISION NOT NULL, PRIMARY KEY (code, n))",
        "CREATE FUNCTION table_moves_kept() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
        " IF TG_OP = 'DELETE' AND (SELECT status FROM served_tables WHERE code = OLD.code)"
        " = 'over' THEN RETURN OLD; END IF;"
        " RAISE EXCEPTION 'a served table''s moves are append-only'; END $$",
        "CREATE TRIGGER table_moves_append_only BEFORE UPDATE OR DELETE ON table_moves"
        " FOR EACH ROW EXECUTE FUNCTION table_moves_kept()",
    ),
}
"""Version n: the statements from version n - 1: steps 1 and 2 are the SQLite store's in
PostgreSQL's types; 3, the served tables' move logs (tt22/serve/tablelog.py), only
this store has (one process keeps its tables in memory and autosave files). Never edit
one that has shipped; add the next."""

STORE_TABLES = ("names", "matches", "seats", "ratings", "rating_history", "daily")


def pg_schema_version() -> int:
    return max(PG_STEPS)


class PgStore:
    """The store (tt22.serve.store.ServerStore) in a PostgreSQL database, by its URL."""

    def __init__(self, url: str, *, pool_size: int = POOL_SIZE) -> None:
        self.url = url
        try:  # (one connection first: its error says why, where the pool's would not)
            psycopg.connect(url, connect_timeout=10).close()
        except psycopg.Error as e:
            why = " ".join(str(e).split())  # (libpq's message spans lines: one line)
            raise StoreError(f"cannot open the store's database: {why}") from None
        self.pool: ConnectionPool[Conn] = ConnectionPool(
            url,
            min_size=1,
            max_size=pool_size,
            timeout=POOL_WAIT,
            max_waiting=POOL_WAITING,
            kwargs={"autocommit": True},
            open=False,
            name="tt22-store",
        )
        try:
            self.pool.open(wait=True, timeout=POOL_WAIT)
            self._migrate()
        except BaseException:
            self.pool.close()
            raise

    # ------------------------------------------------------------------ schema
    def version(self) -> int:
        with self.pool.connection() as conn:
            return _version(conn)

    def _migrate(self) -> None:
        with self.transaction() as conn:
            version = _version(conn)
            latest = pg_schema_version()
            if version > latest:
                raise StoreError(
                    f"the server's store was made by a newer tt22 (version {version});"
                    f" this tt22 knows version {latest}"
                )
            if version == 0:
                conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
                conn.execute("INSERT INTO schema_version VALUES (0)")
            for step in range(version + 1, latest + 1):
                for statement in PG_STEPS[step]:
                    conn.execute(statement.encode())
            if version < latest:
                conn.execute("UPDATE schema_version SET version = %s", (latest,))

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Conn]:
        """One write transaction (all of it or none), one writer at a time across every
        node (`WRITE_LOCK`)."""
        with self.pool.connection() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK,))
            yield conn

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self.pool.connection() as conn:
            return conn.execute(sql.encode(), params).fetchall()

    def integrity(self) -> str:
        """ "ok" when the schema is this tt22's and every row's references hold (the
        pages themselves are PostgreSQL's to keep sound: its WAL, and checksums where
        the cluster has them)."""
        if self.version() != pg_schema_version():
            return f"schema version {self.version()}, not {pg_schema_version()}"
        orphans = self._rows(
            "SELECT (SELECT count(*) FROM seats s WHERE NOT EXISTS"
            " (SELECT 1 FROM matches m WHERE m.id = s.match))"
            " + (SELECT count(*) FROM rating_history h WHERE NOT EXISTS"
            " (SELECT 1 FROM matches m WHERE m.id = h.match))"
            " + (SELECT count(*) FROM daily d WHERE NOT EXISTS"
            " (SELECT 1 FROM matches m WHERE m.id = d.match))"
        )[0][0]
        return "ok" if orphans == 0 else f"{orphans} rows refer to no match"

    # ------------------------------------------------------------------ identities
    def owner(self, name: str) -> str | None:
        with self.pool.connection() as conn:
            return _owner(conn, name)

    def names_of(self, fingerprint: str) -> list[str]:
        with self.pool.connection() as conn:
            return _names_of(conn, fingerprint)

    def why_not(self, name: str, fingerprint: str) -> str | None:
        """As `Store.why_not`: None when the key may sign in as `name`."""
        with self.pool.connection() as conn:
            return _why_not(conn, name, fingerprint)

    def claim(self, name: str, fingerprint: str) -> bool:
        """As `Store.claim`: one transaction under the write lock, so two keys racing
        for a name (or for two look-alike names) on two nodes cannot both win."""
        with self.transaction() as conn:
            if _why_not(conn, name, fingerprint) is None and _owner(conn, name) is None:
                conn.execute(
                    "INSERT INTO names (name, fingerprint, since, skeleton)"
                    " VALUES (%s, %s, %s, %s)",
                    (name, fingerprint, time.time(), skeleton(name)),
                )
        return self.owner(name) == fingerprint

    def give(self, name: str, fingerprint: str) -> bool:
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO names (name, fingerprint, since, skeleton) VALUES (%s, %s, %s, %s)"
                " ON CONFLICT (name) DO UPDATE SET fingerprint = excluded.fingerprint,"
                " since = excluded.since, skeleton = excluded.skeleton",
                (name, fingerprint, time.time(), skeleton(name)),
            )
        return True

    # ------------------------------------------------------------------ matches
    def add_match(self, code: str, game: str, path: str, players: str) -> None:
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO matches (code, game, path, players, finished)"
                " VALUES (%s, %s, %s, %s, %s)",
                (code, game, path, players, time.time()),
            )

    def record_match(self, match: FinishedMatch) -> tuple[int, dict[str, tuple[Rating, Rating]]]:
        """As `Store.record_match`: the match, its seats, its people's new ratings and
        daily results in one transaction."""
        now = time.time()
        with self.transaction() as conn:
            row = conn.execute(
                "INSERT INTO matches (code, game, path, players, finished, seed, daily)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s) RETURNING id",
                (
                    match.code,
                    match.game,
                    match.path,
                    "\n".join(match.people),
                    now,
                    match.seed,
                    match.daily,
                ),
            ).fetchone()
            mid = int(row[0]) if row else 0
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO seats (match, seat, name, bot, side, place, total)"
                    " VALUES (%s, %s, %s, %s, %s, %s, %s)",
                    [(mid, s.seat, s.name, s.bot, s.side, s.place, s.total) for s in match.seats],
                )
            before = {n: r for n in match.people if (r := _rating(conn, n, match.game))}
            after = rate_match(_rated_seats(match.seats), before)
            changes: dict[str, tuple[Rating, Rating]] = {}
            for name, new in after.items():
                old = before.get(name, Rating())
                change = new.ordinal - old.ordinal
                changes[name] = (old, new)
                conn.execute(
                    "INSERT INTO ratings (name, game, mu, sigma, matches, change, updated)"
                    " VALUES (%s, %s, %s, %s, 1, %s, %s) ON CONFLICT (name, game) DO UPDATE"
                    " SET mu = excluded.mu, sigma = excluded.sigma,"
                    " matches = ratings.matches + 1, change = excluded.change,"
                    " updated = excluded.updated",
                    (name, match.game, new.mu, new.sigma, change, now),
                )
                conn.execute(
                    "INSERT INTO rating_history (match, name, game, mu, sigma, change)"
                    " VALUES (%s, %s, %s, %s, %s, %s)",
                    (mid, name, match.game, new.mu, new.sigma, change),
                )
            if match.daily is not None:
                for s in match.seats:
                    if s.bot is None:
                        conn.execute(
                            "INSERT INTO daily (day, game, name, match, place, total,"
                            " finished) VALUES (%s, %s, %s, %s, %s, %s, %s)"
                            " ON CONFLICT DO NOTHING",
                            (match.daily, match.game, s.name, mid, s.place, s.total, now),
                        )
        return mid, changes

    def has_match(self, mid: int) -> bool:
        return bool(self._rows("SELECT 1 FROM matches WHERE id = %s", (mid,)))

    def matches_of(self, name: str) -> list[tuple[str, str, str, str]]:
        return [(m.code, m.game, m.path, m.players) for m in self.past_matches(name)]

    def past_matches(self, name: str, limit: int = 1000) -> list[PastMatch]:
        rows = self._rows(
            "SELECT m.id, m.code, m.game, m.path, m.players, m.finished,"
            " (SELECT place FROM seats s WHERE s.match = m.id AND s.name = %s"
            "  AND s.bot IS NULL),"
            " (SELECT count(*) FROM seats s WHERE s.match = m.id),"
            " (SELECT change FROM rating_history h WHERE h.match = m.id AND h.name = %s)"
            " FROM matches m WHERE position(%s IN m.players) > 0"
            " ORDER BY m.finished DESC, m.id DESC",
            (name, name, name),
        )
        out: list[PastMatch] = []
        for r in rows:
            if name in str(r[4]).split("\n"):
                out.append(PastMatch(*r))
                if len(out) >= limit:
                    break
        return out

    # ------------------------------------------------------------------ ratings
    def rated_games(self) -> list[str]:
        rows = self._rows('SELECT DISTINCT game COLLATE "C" AS g FROM ratings ORDER BY g')
        return [str(r[0]) for r in rows]

    def leaderboard(self, game: str, limit: int = 100) -> list[BoardRow]:
        rows = self._rows(
            "SELECT name, mu, sigma, matches, change FROM ratings WHERE game = %s"
            ' ORDER BY mu - 3 * sigma DESC, matches DESC, name COLLATE "C" LIMIT %s',
            (game, limit),
        )
        return [BoardRow(*r) for r in rows]

    def ratings_of(self, name: str) -> dict[str, BoardRow]:
        rows = self._rows(
            "SELECT name, mu, sigma, matches, change, game FROM ratings WHERE name = %s"
            ' ORDER BY game COLLATE "C"',
            (name,),
        )
        return {str(r[5]): BoardRow(*r[:5]) for r in rows}

    def rating_history(self, name: str, game: str) -> list[tuple[float, int]]:
        rows = self._rows(
            "SELECT h.mu, h.sigma, s.place FROM rating_history h JOIN seats s"
            " ON s.match = h.match AND s.name = h.name AND s.bot IS NULL"
            " WHERE h.name = %s AND h.game = %s ORDER BY h.match",
            (name, game),
        )
        return [(Rating(float(r[0]), float(r[1])).ordinal, int(r[2])) for r in rows]

    def rated_matches(self) -> list[tuple[str, list[RatedSeat]]]:
        with self.pool.connection() as conn:
            return _rated_matches(conn)

    def replayed_ratings(self) -> dict[tuple[str, str], Rating]:
        return replay(self.rated_matches())

    def stored_ratings(self) -> dict[tuple[str, str], Rating]:
        rows = self._rows("SELECT name, game, mu, sigma FROM ratings")
        return {(str(r[0]), str(r[1])): Rating(float(r[2]), float(r[3])) for r in rows}

    def rebuild_ratings(self) -> int:
        """As `Store.rebuild_ratings`, all of it in one transaction under the lock."""
        with self.transaction() as conn:
            matches = _rated_matches(conn)
            ids = [
                int(r[0])
                for r in conn.execute(
                    "SELECT DISTINCT m.id FROM matches m JOIN seats s ON s.match = m.id"
                    " ORDER BY m.id"
                ).fetchall()
            ]
            times = {
                int(r[0]): float(r[1])
                for r in conn.execute("SELECT id, finished FROM matches").fetchall()
            }
            conn.execute("DELETE FROM rating_history")
            conn.execute("DELETE FROM ratings")
            now: dict[tuple[str, str], tuple[Rating, int, float, float]] = {}
            history: list[tuple[int, str, str, float, float, float]] = []
            for mid, (game, seats) in zip(ids, matches, strict=True):
                before = {
                    s.name: now[(s.name, game)][0]
                    for s in seats
                    if s.name and (s.name, game) in now
                }
                for name, new in rate_match(seats, before).items():
                    change = new.ordinal - before.get(name, Rating()).ordinal
                    count = now[(name, game)][1] + 1 if (name, game) in now else 1
                    now[(name, game)] = (new, count, change, times[mid])
                    history.append((mid, name, game, new.mu, new.sigma, change))
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO rating_history (match, name, game, mu, sigma, change)"
                    " VALUES (%s, %s, %s, %s, %s, %s)",
                    history,
                )
                cur.executemany(
                    "INSERT INTO ratings (name, game, mu, sigma, matches, change, updated)"
                    " VALUES (%s, %s, %s, %s, %s, %s, %s)",
                    [(n, g, r.mu, r.sigma, c, ch, t) for (n, g), (r, c, ch, t) in now.items()],
                )
        return len(now)

    # ------------------------------------------------------------------ the daily deal
    def daily_board(self, day: str, game: str) -> list[DailyRow]:
        rows = self._rows(
            "SELECT name, place, total, finished FROM daily WHERE day = %s AND game = %s"
            " ORDER BY place, finished",
            (day, game),
        )
        return [DailyRow(*r) for r in rows]

    def daily_done(self, name: str, day: str, game: str) -> bool:
        return bool(
            self._rows(
                "SELECT 1 FROM daily WHERE day = %s AND game = %s AND name = %s",
                (day, game, name),
            )
        )

    def size(self) -> int:
        """The store's tables' bytes on disk, their indexes included."""
        rows = self._rows(
            "SELECT coalesce(sum(pg_total_relation_size(to_regclass(t))), 0)"
            " FROM unnest(%s::text[]) t",
            (list(STORE_TABLES),),
        )
        return int(rows[0][0])

    def close(self) -> None:
        self.pool.close()


def _version(conn: Conn) -> int:
    row = conn.execute("SELECT to_regclass('schema_version') IS NOT NULL").fetchone()
    if not row or not row[0]:
        return 0
    got = conn.execute("SELECT max(version) FROM schema_version").fetchone()
    return int(got[0] or 0) if got else 0


def _owner(conn: Conn, name: str) -> str | None:
    row = conn.execute("SELECT fingerprint FROM names WHERE name = %s", (name,)).fetchone()
    return None if row is None else str(row[0])


def _names_of(conn: Conn, fingerprint: str) -> list[str]:
    rows = conn.execute(
        "SELECT name FROM names WHERE fingerprint = %s ORDER BY since", (fingerprint,)
    ).fetchall()
    return [str(r[0]) for r in rows]


def _why_not(conn: Conn, name: str, fingerprint: str) -> str | None:
    owner = _owner(conn, name)
    if owner is not None:
        return None if owner == fingerprint else f"{name} belongs to another key"
    rows = conn.execute(
        "SELECT name, fingerprint FROM names WHERE skeleton = %s", (skeleton(name),)
    ).fetchall()
    for other, who in rows:
        if who != fingerprint:
            return f"{name} looks like {other}, another key's name"
    mine = _names_of(conn, fingerprint)
    if mine:
        return f"this key is {mine[0]} here (one name a key)"
    return None


def _rating(conn: Conn, name: str, game: str) -> Rating | None:
    row = conn.execute(
        "SELECT mu, sigma FROM ratings WHERE name = %s AND game = %s", (name, game)
    ).fetchone()
    return None if row is None else Rating(float(row[0]), float(row[1]))


def _rated_matches(conn: Conn) -> list[tuple[str, list[RatedSeat]]]:
    rows = conn.execute(
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


def _rated_seats(seats: Sequence[FinishedSeat]) -> list[RatedSeat]:
    return [RatedSeat(None if s.bot is not None else s.name, s.bot, s.side, s.place) for s in seats]
