"""The server's store (tt22/serve/store.py): its schema and migrations, writes from many
tables at once, and `kill -9` of a real writing process at random moments.

The tests of what the store answers run on both stores (`store_at`): the SQLite file of
one process, and PostgreSQL (tt22/serve/pgstore.py, a throwaway cluster of
tests/kits/pgkit.py), which must give the same answers."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import psycopg
import pytest

from tt22.serve.pgstore import pg_schema_version
from tt22.serve.store import SCHEMA_VERSION, FinishedMatch, FinishedSeat, Store, open_store

BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]

WRITER = r"""
import sys
from pathlib import Path
from tt22.serve.store import FinishedMatch, FinishedSeat, open_store

where = sys.argv[1]
store = open_store(where if where.startswith("postgresql:") else "", Path(where))
people = ["ann", "bob", "cy", "dee", "eve"]
i = 0
while True:
    a, b = people[i % 5], people[(i + 2) % 5]
    seats = (
        FinishedSeat(0, a, None, 0, 1 + i % 2, 10),
        FinishedSeat(1, b, None, 1, 2 - i % 2, 20),
        FinishedSeat(2, "bot 3", "easy", 2, 3, 30),
        FinishedSeat(3, "bot 4", "hard", 3, 4, 40),
    )
    day = "2026-12-03" if i % 3 == 0 else None
    mid, _ = store.record_match(
        FinishedMatch(f"K{i}", "twentytwo", f"/r/{i}.22rec", "s", day, seats)
    )
    sys.stdout.write(f"{mid}\n")
    sys.stdout.flush()
    i += 1
"""


@pytest.fixture(params=BACKENDS)
def store_at(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's store is: a data folder for SQLite, a fresh database's URL."""
    if request.param == "sqlite":
        return str(tmp_path)
    return str(request.getfixturevalue("pg_url"))


def opened(where: str) -> Any:
    """The store at `where` (`store_at`), as the server opens it."""
    return open_store(where if where.startswith("postgresql:") else "", Path(where))


def rows(store: Any, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """What a read of the store's own tables gives, on either store (`?` placeholders)."""
    if isinstance(store, Store):
        return store.db.execute(sql, params).fetchall()
    with store.pool.connection() as conn:
        return conn.execute(sql.replace("?", "%s").encode(), params).fetchall()


def set_version(store: Any, version: int) -> None:
    if isinstance(store, Store):
        store.db.execute("UPDATE schema_version SET version = ?", (version,))
    else:
        with store.pool.connection() as conn:
            conn.execute("UPDATE schema_version SET version = %s", (version,))


def match(
    i: int, people: tuple[str, str] = ("ann", "bob"), daily: str | None = None
) -> FinishedMatch:
    seats = (
        FinishedSeat(0, people[0], None, 0, 1, 5),
        FinishedSeat(1, people[1], None, 1, 2, 30),
        FinishedSeat(2, "bot 3", "normal", 2, 3, 40),
    )
    return FinishedMatch(f"C{i}", "twentytwo", f"/records/{i}.22rec", f"seed{i}", daily, seats)


def test_a_new_store_is_wal_and_at_the_schema_version(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite")
    try:
        assert store.version() == SCHEMA_VERSION
        assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {r[0] for r in store.db.execute("SELECT name FROM sqlite_master")}
        assert {"names", "matches", "seats", "ratings", "rating_history", "daily"} <= tables
        assert oct(os.stat(tmp_path / "s.sqlite").st_mode & 0o777) == "0o600"
    finally:
        store.close()


def test_a_store_from_before_the_version_is_migrated(tmp_path: Path) -> None:
    """The store of an older server (names without skeletons, a bare list of matches,
    no version) keeps its names and matches and gains the new tables."""
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    db.execute(
        "CREATE TABLE names (name TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, since REAL NOT NULL)"
    )
    db.execute(
        "CREATE TABLE matches (id INTEGER PRIMARY KEY, code TEXT, game TEXT, path TEXT,"
        " players TEXT, finished REAL)"
    )
    db.execute("INSERT INTO names VALUES ('Ann', 'SHA256:a', 1.0)")
    db.execute("INSERT INTO matches VALUES (1, 'ABCD', 'rook', '/r/x.22rec', 'Ann', 2.0)")
    db.commit()
    db.close()
    store = Store(path)
    try:
        assert store.version() == SCHEMA_VERSION
        assert store.owner("Ann") == "SHA256:a"
        assert store.why_not("ann", "SHA256:b") is not None  # (its skeleton was made)
        assert store.matches_of("Ann") == [("ABCD", "rook", "/r/x.22rec", "Ann")]
        store.record_match(match(2, ("Ann", "bob")))
        assert [m.code for m in store.past_matches("Ann")] == ["C2", "ABCD"]
    finally:
        store.close()
    again = Store(path)  # (opened again: nothing to migrate, nothing lost)
    try:
        assert len(again.past_matches("Ann")) == 2
    finally:
        again.close()


def test_a_store_newer_than_this_tt22_is_refused(store_at: str) -> None:
    from tt22.serve.store import StoreError

    store = opened(store_at)
    assert store.version() == (SCHEMA_VERSION if isinstance(store, Store) else pg_schema_version())
    set_version(store, 99)
    store.close()
    with pytest.raises(StoreError, match="newer tt22"):
        opened(store_at)


def test_a_match_and_its_ratings_and_daily_result_land_together(store_at: str) -> None:
    store = opened(store_at)
    try:
        mid, changes = store.record_match(match(1, daily="2026-12-03"))
        assert set(changes) == {"ann", "bob"}
        assert [r.name for r in store.daily_board("2026-12-03", "twentytwo")] == ["ann", "bob"]
        assert store.daily_done("ann", "2026-12-03", "twentytwo")
        assert not store.daily_done("cy", "2026-12-03", "twentytwo")
        # A second finish of the same day's deal does not replace the first.
        store.record_match(match(2, ("bob", "ann"), daily="2026-12-03"))
        board = store.daily_board("2026-12-03", "twentytwo")
        assert [(r.name, r.place) for r in board] == [("ann", 1), ("bob", 2)]
        # A failing write leaves nothing of itself: a seat twice is refused whole.
        bad = FinishedMatch("X", "twentytwo", "/x", "s", None, (match(3).seats[0],) * 2)
        before = rows(store, "SELECT count(*) FROM matches")[0][0]
        with pytest.raises((sqlite3.IntegrityError, psycopg.IntegrityError)):
            store.record_match(bad)
        assert rows(store, "SELECT count(*) FROM matches")[0][0] == before
        assert store.has_match(mid)
        assert not store.has_match(mid + 100)
    finally:
        store.close()


@pytest.mark.postgres
def test_both_stores_answer_alike(tmp_path: Path, pg_url: str) -> None:
    """The same writes to the SQLite store and to PostgreSQL give the same answers to
    every question the server asks: names, look-alikes, past matches, boards, ratings
    to the last bit, history, the daily board, and the ratings rebuilt."""
    stores = [opened(str(tmp_path)), opened(pg_url)]
    try:
        answers = []
        for store in stores:
            assert store.claim("Ann", "SHA256:a") and store.claim("bob", "SHA256:b")
            assert not store.claim("аnn", "SHA256:c")  # (Cyrillic а: Ann's look-alike)
            assert not store.claim("Zed", "SHA256:a")  # (one name a key)
            assert store.give("cy", "SHA256:c")
            for i in range(12):
                people = [("Ann", "bob"), ("bob", "cy"), ("cy", "Ann")][i % 3]
                store.record_match(match(i, people, daily="2026-12-03" if i % 4 else None))
            store.add_match("OLD1", "rook", "/r/old.22rec", "Ann\nbob")
            said = (
                [store.why_not(n, k) for n in ("Ann", "ann", "dee") for k in ("SHA256:a", "x")],
                store.owner("Ann"),
                store.names_of("SHA256:c"),
                store.matches_of("Ann"),
                [p[1:5] + p[6:] for p in store.past_matches("bob", 5)],
                store.rated_games(),
                store.leaderboard("twentytwo"),
                store.ratings_of("cy"),
                store.rating_history("Ann", "twentytwo"),
                [r[:3] for r in store.daily_board("2026-12-03", "twentytwo")],  # (not when)
                [r[1:] for r in rows(store, "SELECT * FROM seats ORDER BY match, seat")],
                store.stored_ratings(),
            )
            assert store.replayed_ratings() == store.stored_ratings()
            assert store.rebuild_ratings() == 3
            assert store.stored_ratings() == said[-1]
            assert store.integrity() == "ok"
            answers.append(said)
        assert answers[0] == answers[1]
    finally:
        for store in stores:
            store.close()


@pytest.mark.parametrize("backend", BACKENDS)
def test_many_tables_writing_at_once_lose_nothing(
    tmp_path: Path, backend: str, request: Any
) -> None:
    """Eight threads (the tables' finishes, the names claimed) write at once through
    the one store: every match and every rating update is there, each person's count
    of rated matches is exact, and the file is sound. On PostgreSQL the eight write
    through two store objects, as two nodes would, the one lock keeping them apart."""
    where = str(tmp_path) if backend == "sqlite" else str(request.getfixturevalue("pg_url"))
    store = opened(where)
    other = store if backend == "sqlite" else opened(where)
    errors: list[BaseException] = []
    start = threading.Barrier(8)

    def work(k: int) -> None:
        try:
            mine = store if k % 2 else other
            start.wait()
            for i in range(25):
                mine.record_match(match(k * 100 + i, (f"p{k}", f"p{(k + 1) % 8}")))
                mine.claim(f"n{k}x{i}", f"SHA256:{k}")  # (only the first is this key's)
        except BaseException as e:  # pragma: no cover (told below)
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    try:
        assert not errors, errors
        assert rows(store, "SELECT count(*) FROM matches")[0][0] == 200
        assert rows(store, "SELECT count(*) FROM seats")[0][0] == 600
        for k in range(8):
            assert store.ratings_of(f"p{k}")["twentytwo"].matches == 50
            assert store.names_of(f"SHA256:{k}") == [f"n{k}x0"]
        assert store.integrity() == "ok"
        assert store.replayed_ratings() == store.stored_ratings()
    finally:
        store.close()
        if other is not store:
            other.close()


def test_kill_9_at_random_moments_loses_no_committed_match(store_at: str) -> None:
    """A real process writes finished matches in a loop and says each one's id once
    it is committed; it is killed with SIGKILL at a random moment, six times over the
    same store. After each kill the store opens, passes integrity_check, holds every
    match the writer said it committed (with its seats and ratings), and its ratings
    are exactly those its matches make again. On PostgreSQL the killed writer's
    connection dies mid-transaction: the server rolls it back."""
    rng = random.Random(2512)
    said: list[int] = []
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    for _ in range(6):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, store_at],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        assert proc.stdout is not None
        first = proc.stdout.readline()  # (running: one match committed)
        assert first.strip().isdigit(), proc.stderr.read() if proc.stderr else first
        said.append(int(first))
        end = time.monotonic() + rng.uniform(0.0, 0.4)
        while time.monotonic() < end:
            line = proc.stdout.readline()
            if line.strip().isdigit():
                said.append(int(line))
        proc.send_signal(signal.SIGKILL)
        rest, _ = proc.communicate()
        assert proc.returncode == -signal.SIGKILL
        said.extend(int(x) for x in rest.split() if x.isdigit())  # (written before the kill)
        store = opened(store_at)
        try:
            assert store.integrity() == "ok"
            kept = {int(r[0]) for r in rows(store, "SELECT id FROM matches")}
            assert set(said) <= kept
            for mid in said[-3:]:
                assert rows(store, "SELECT count(*) FROM seats WHERE match = ?", mid)[0][0] == 4
                rated = rows(store, "SELECT count(*) FROM rating_history WHERE match = ?", mid)
                assert rated[0][0] == 2
            half = rows(  # (nothing half-written: every match has its four seats)
                store,
                "SELECT count(*) FROM matches m WHERE (SELECT count(*) FROM seats s"
                " WHERE s.match = m.id) <> 4",
            )
            assert half[0][0] == 0
            assert store.replayed_ratings() == store.stored_ratings()
        finally:
            store.close()
    assert len(said) > 6


def test_the_store_size_per_match(tmp_path: Path) -> None:
    """What one finished match of four seats (two people, two bots) costs the store:
    printed, and bounded (docs/serve.md gives the figure)."""
    store = Store(tmp_path / "s.sqlite")
    try:
        empty = store.size()
        for i in range(1000):
            store.record_match(match(i, (f"p{i % 40}", f"p{(i + 7) % 40}"), daily="2026-12-03"))
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        per = (store.size() - empty) / 1000
        print(f"store: {per:.0f} bytes per match")
        assert per < 2000
    finally:
        store.close()
