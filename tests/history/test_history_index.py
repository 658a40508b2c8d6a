"""The history index: made from the records folder, kept in step with it, migrated from
version 1, and never lost to a bad record or a bad database file."""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
from pathlib import Path

import pytest
from conftest import WriteMatch, seats

from tt22.core.players import Player
from tt22.history import (
    DB_NAME,
    SCHEMA_VERSION,
    HistoryError,
    connect,
    daily_date,
    open_index,
    person_matches,
    places,
    schema_version,
)
from tt22.history.db import V1_SCHEMA


def test_every_finished_match_is_indexed_with_its_seats_places_and_totals(
    home: Path, write_match: WriteMatch
) -> None:
    write_match("a.22rec", "twentytwo", "one", think=0.5)
    write_match("b.22rec", "rook", "two", players=seats(4, levels=("easy", "hard")))
    write_match("c.22rec", "persian", "daily-2026-12-02")
    said: list[str] = []
    db, report = open_index(home, say=said.append)
    assert (report.indexed, report.skipped, said) == (3, 0, [])
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert schema_version(db) == SCHEMA_VERSION
    by_name = {m.name: m for m in person_matches(db, home / "records")}
    a, b, c = by_name["a.22rec"], by_name["b.22rec"], by_name["c.22rec"]
    assert (a.game, b.game, c.game) == ("twentytwo", "rook", "persian")
    assert a.person == 0 and a.mine.name == "Ann" and a.mine.kind == "human"
    assert [s.bot for s in b.seats] == [None, "easy", "hard", "easy"]
    assert a.seconds is not None and a.seconds > 0
    assert b.seconds is None  # (no thinking times in that record)
    assert (a.daily, c.daily) == (None, "2026-12-02")
    assert a.path == home / "records" / "a.22rec"
    # The places follow the record's result: winners first, then by total.
    from tt22.record import load_record

    record = load_record(a.path)
    assert [s.total for s in a.seats] == record.result.totals
    assert {s.seat for s in a.seats if s.winner} == set(record.result.winners)
    assert all(s.place == 1 for s in a.seats if s.winner)
    db.close()


def test_the_time_played_is_the_thinking_times_the_record_holds(
    home: Path, write_match: WriteMatch
) -> None:
    path = write_match("a.22rec", think=0.25)
    from tt22.record import load_record

    moves = len(load_record(path).moves)
    db, _ = open_index(home)
    (m,) = person_matches(db, home / "records")
    assert m.seconds == pytest.approx(0.25 * moves)


def test_places_are_dense_winners_first_and_a_resigned_seat_last() -> None:
    assert places([30, 5, 12, 12], [1], lower_is_better=True) == [3, 1, 2, 2]
    assert places([300, 120, 300, 120], [0, 2], lower_is_better=False) == [1, 2, 1, 2]
    assert places([25, 23, 30], [], lower_is_better=True) == [2, 1, 3]
    assert places([10, 3, 7], [], lower_is_better=True, resigned=1) == [2, 3, 1]


def test_only_a_daily_seed_of_a_real_date_is_a_daily_deal() -> None:
    assert daily_date("daily-2026-12-03") == "2026-12-03"
    assert daily_date("daily-2026-02-30") is None
    assert daily_date("daily") is None  # (records store it resolved)
    assert daily_date("my daily-2026-12-03") is None


def test_a_match_with_no_person_is_indexed_but_belongs_to_no_one(
    home: Path, write_match: WriteMatch
) -> None:
    bots = [Player(f"Bot {s}", "bot", "random") for s in range(4)]
    write_match("sim.22rec", players=bots)
    db, report = open_index(home)
    assert report.indexed == 1
    assert db.execute("SELECT person FROM matches").fetchone()[0] is None
    assert person_matches(db, home / "records") == []


def test_the_index_reads_only_what_changed(home: Path, write_match: WriteMatch) -> None:
    a = write_match("a.22rec", seed="one")
    write_match("b.22rec", seed="two")
    db, first = open_index(home)
    db.close()
    assert first.indexed == 2
    db, again = open_index(home)
    db.close()
    assert (again.indexed, again.unchanged) == (0, 2)
    # A touch (the same match, a new time): read, found the same by its digest.
    os.utime(a, ns=(1, 1))
    db, touched = open_index(home)
    db.close()
    assert (touched.indexed, touched.unchanged) == (0, 2)
    # Another match under the same name, and a file gone.
    write_match("a.22rec", seed="three", started=dt.datetime(2026, 12, 2, tzinfo=dt.UTC))
    (home / "records" / "b.22rec").unlink()
    db, changed = open_index(home)
    assert (changed.indexed, changed.removed) == (1, 1)
    (m,) = person_matches(db, home / "records")
    assert (m.name, m.seed, m.started) == ("a.22rec", "three", "2026-12-02T00:00:00Z")
    assert db.execute("SELECT count(*) FROM seats").fetchone()[0] == len(m.seats)
    db.close()
    # rebuild reads every file again
    db, rebuilt = open_index(home, rebuild=True)
    assert (rebuilt.indexed, rebuilt.unchanged) == (1, 0)


HOSTILE = [
    ("truncated.22rec", None),  # the first half of a real record
    ("garbage.22rec", b"\x00\xff not json at all \x1b[2J"),
    ("empty.22rec", b""),
    ("array.22rec", b"[1, 2, 3]"),
    ("deep.22rec", b"[" * 100_000 + b"]" * 100_000),
    ("newer.22rec", b'{"format": "tt22-record", "format_version": 99, "record": {}}'),
    (
        "chess.22rec",
        b'{"format": "tt22-record", "format_version": 2, "game": "chess\\u001b[31m", "record": {}}',
    ),
]


def test_corrupt_and_hostile_records_are_skipped_with_one_line_each(
    home: Path, write_match: WriteMatch
) -> None:
    good = write_match("good.22rec")
    data = good.read_bytes()
    for name, content in HOSTILE:
        (home / "records" / name).write_bytes(
            data[: len(data) // 2] if content is None else content
        )
    os.mkfifo(home / "records" / "fifo.22rec")  # (opening one would wait forever)
    (home / "records" / "folder.22rec").mkdir()
    said: list[str] = []
    db, report = open_index(home, say=said.append)
    assert report.indexed == 1
    assert report.skipped == len(HOSTILE) + 2 == len(said)
    for line in said:
        assert "\n" not in line and "\x1b" not in line and ": skipped: " in line
    assert any(
        line.startswith("truncated.22rec: skipped: ") and "cut short" in line for line in said
    )
    assert any("chess\\x1b[31m" in line for line in said)
    assert [m.name for m in person_matches(db, home / "records")] == ["good.22rec"]
    skipped = db.execute("SELECT count(*) FROM files WHERE status = 'skipped'").fetchone()[0]
    assert skipped == report.skipped
    db.close()
    # Skipped files are not read (nor told) again until they change.
    said.clear()
    db, again = open_index(home, say=said.append)
    assert (again.skipped, said) == (0, [])


def test_a_hostile_name_is_kept_as_written_in_the_index(
    home: Path, write_match: WriteMatch
) -> None:
    hostile = "[b]x[/b]\x1b[31m\u202e"
    write_match("h.22rec", players=[Player(hostile), *seats(4)[1:]])
    db, _ = open_index(home)
    (m,) = person_matches(db, home / "records")
    assert m.mine.name == hostile  # (the index stores it; every reader escapes it)


def test_a_version_1_index_is_migrated_and_filled_in(home: Path, write_match: WriteMatch) -> None:
    path = write_match("d.22rec", seed="daily-2026-12-01")
    st = path.stat()
    db = sqlite3.connect(home / DB_NAME, isolation_level=None)
    db.executescript(V1_SCHEMA)
    db.execute(
        "INSERT INTO files VALUES ('d.22rec', ?, ?, 'sha256:old', 'match', '')",
        (st.st_size, st.st_mtime_ns),
    )
    db.execute(
        "INSERT INTO matches VALUES ('d.22rec', 'twentytwo', '2026-12-01T12:00:00Z',"
        " 'daily-2026-12-01', 4, 3, 0)"
    )
    db.close()
    migrated = connect(home)
    assert schema_version(migrated) == SCHEMA_VERSION == 2
    columns = {row[1] for row in migrated.execute("PRAGMA table_info(matches)")}
    assert {"daily", "seconds", "resigned"} <= columns
    migrated.close()
    db, report = open_index(home)
    assert report.indexed == 1  # (version 1 had no daily: the file is read again)
    (m,) = person_matches(db, home / "records")
    assert m.daily == "2026-12-01"


def test_an_index_from_a_newer_tt22_is_refused_in_one_line(home: Path) -> None:
    db = sqlite3.connect(home / DB_NAME, isolation_level=None)
    db.executescript(V1_SCHEMA)
    db.execute("UPDATE schema_version SET version = 99")
    db.close()
    with pytest.raises(HistoryError, match="newer tt22 \\(version 99\\)"):
        connect(home)


def test_a_database_file_that_is_not_one_is_set_aside_and_made_again(
    home: Path, write_match: WriteMatch
) -> None:
    write_match("a.22rec")
    (home / DB_NAME).write_bytes(b"this is not an SQLite database, not at all" * 100)
    said: list[str] = []
    db, report = open_index(home, say=said.append)
    db.close()
    assert report.indexed == 1
    assert len(said) == 1 and "set aside" in said[0]
    assert (home / (DB_NAME + ".broken")).exists()


def test_a_match_two_files_hold_counts_once(home: Path, write_match: WriteMatch) -> None:
    """An analysed copy (`NAME-analysis.22rec`, the record's own digest) or a file copied
    by hand beside its record is the same match: indexed once, and still once when the
    first file is deleted."""
    import shutil

    first = write_match("a.22rec", "twentytwo", "twice")
    shutil.copyfile(first, home / "records" / "a-analysis.22rec")
    write_match("b.22rec", "rook", "other")
    db, report = open_index(home)
    assert report.indexed == 2
    assert len(person_matches(db, home / "records")) == 2
    db.close()
    first.unlink()  # (the copy now holds the match, without a rebuild)
    db, report = open_index(home)
    assert sorted(m.name for m in person_matches(db, home / "records")) == [
        "a-analysis.22rec",
        "b.22rec",
    ]
    db.close()
