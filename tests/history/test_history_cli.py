"""`tt22 stats` as a player meets it: a real process over a records folder, its text, its
JSON (docs/stats.md), its one-line refusals, and a `kill -9` in the middle of a rebuild."""

from __future__ import annotations

import datetime as dt
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import msgspec
import pytest
from conftest import WriteMatch, seats

from tt22.core.players import Player
from tt22.history import DB_NAME, person_matches
from tt22.history.index import BATCH
from tt22.record import encode_record, load_record


def tt22(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TT22_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "tt22", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


TODAY = dt.datetime.now(dt.UTC).date()


def test_stats_text_says_each_game_and_todays_daily_deal(
    home: Path, write_match: WriteMatch
) -> None:
    when = dt.datetime(2026, 11, 1, tzinfo=dt.UTC)
    for i in range(3):
        write_match(f"t{i}.22rec", "twentytwo", f"s{i}", when + dt.timedelta(hours=i))
    write_match("r.22rec", "rook", "rook", when, players=seats(4, levels=("hard",)))
    write_match("daily.22rec", "twentytwo", f"daily-{TODAY}", when + dt.timedelta(days=1))
    done = tt22("stats", home=home)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Twenty-Two: 4 played" in out and "Rook: 1 played" in out
    assert "penalty: average" in out and "(lower is better)" in out
    assert "points: average" in out and "(higher is better)" in out
    assert "▕" not in out and "┤" in out  # the chart, Unicode
    share = next(line for line in out.splitlines() if line.startswith("Today's, to paste: "))
    record = load_record(home / "records" / "daily.22rec")
    me = 0  # (the person's seat)
    assert share.removeprefix("Today's, to paste: ").startswith(
        f"tt22 Twenty-Two daily {TODAY}: place "
    )
    assert f"{record.result.totals[me]} penalty points" in share
    ascii_run = tt22("stats", "--ascii", "--game", "rook", home=home)
    assert ascii_run.returncode == 0
    assert ascii_run.stdout.isascii()
    assert "Rook: 1 played" in ascii_run.stdout and "Twenty-Two" not in ascii_run.stdout


def test_stats_json_is_the_documented_object(home: Path, write_match: WriteMatch) -> None:
    write_match("a.22rec", "twentytwo", "a", think=0.5)
    write_match("b.22rec", "persian", f"daily-{TODAY}")
    done = tt22("stats", "--format", "json", home=home)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["version"] == 1
    assert data["index"]["indexed"] == 2 and data["skipped"] == []
    games = {g["game"]: g for g in data["games"]}
    assert set(games) == {"twentytwo", "persian"}
    g = games["twentytwo"]
    keys = {
        "game",
        "title",
        "unit",
        "lower_is_better",
        "played",
        "won",
        "places",
        "average",
        "best",
        "streak",
        "longest_win",
        "bots",
        "seconds",
        "recent",
    }
    assert set(g) == keys
    assert (g["unit"], g["lower_is_better"], g["played"]) == ("penalty", True, 1)
    assert games["persian"]["unit"] == "points" and not games["persian"]["lower_is_better"]
    (m,) = g["recent"]
    assert m["file"] == "a.22rec" and m["seat"] == 0 and m["seconds"] > 0
    assert sum(g["places"].values()) == 1
    assert data["daily"]["today"] == str(TODAY)
    assert data["daily"]["days"][0]["matches"][0]["file"] == "b.22rec"
    assert data["daily"]["share"].startswith(f"tt22 Persian Rummy daily {TODAY}: place ")


def test_bad_records_are_one_line_each_and_never_a_traceback(
    home: Path, write_match: WriteMatch
) -> None:
    write_match("good.22rec")
    (home / "records" / "junk\x1b[2J.22rec").write_bytes(b"\x00 junk")
    (home / "records" / "half.22rec").write_bytes(
        (home / "records" / "good.22rec").read_bytes()[:900]
    )
    done = tt22("stats", home=home)
    assert done.returncode == 0
    err = done.stderr.splitlines()
    assert len(err) == 2 and all(line.startswith("tt22 stats: ") for line in err)
    assert "\x1b" not in done.stderr and "junk\\x1b[2J.22rec: skipped" in done.stderr
    assert "Traceback" not in done.stderr
    assert "2 files in the records folder could not be read" in done.stdout
    again = tt22("stats", home=home)
    assert again.stderr == ""  # (told once, until --rebuild or the file changes)
    rebuilt = tt22("stats", "--rebuild", home=home)
    assert len(rebuilt.stderr.splitlines()) == 2


def test_a_hostile_name_is_escaped_in_json_and_text(home: Path, write_match: WriteMatch) -> None:
    hostile = "Eve\x1b]0;pwned\x07\u202e"
    players = [Player("Ann"), *(Player(hostile, "bot", "hard\x1b[5m") for _ in range(3))]
    write_match("h.22rec", players=players)
    text = tt22("stats", home=home)
    data = tt22("stats", "--format", "json", home=home)
    for out in (text.stdout, data.stdout):
        assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "hard\\x1b[5m" in text.stdout
    others = json.loads(data.stdout)["games"][0]["recent"][0]["others"]
    assert others[0]["name"] == hostile  # (JSON escapes it: \u001b on the wire)


@pytest.mark.parametrize(
    "args, words",
    [
        (("--game", "chess"), "unknown game 'chess'"),
        (("--format", "xml"), "invalid choice"),
    ],
)
def test_usage_errors_are_one_line_exit_2(home: Path, args: tuple[str, ...], words: str) -> None:
    done = tt22("stats", *args, home=home)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and words in done.stderr


def test_an_index_newer_than_this_tt22_is_one_line_exit_2(home: Path) -> None:
    db = sqlite3.connect(home / DB_NAME, isolation_level=None)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.execute("INSERT INTO schema_version VALUES (7)")
    db.close()
    done = tt22("stats", home=home)
    assert done.returncode == 2 and "newer tt22 (version 7)" in done.stderr
    assert len(done.stderr.splitlines()) == 1


def test_an_unwritable_data_folder_is_one_line(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    done = tt22("stats", home=blocked / "data")
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert "Traceback" not in done.stderr


MANY = 6 * BATCH


def many_records(home: Path, write_match: WriteMatch) -> None:
    """MANY records of real matches (a few matches, each under many names and dates),
    written without the fsync of save_record to be quick to make."""
    first = load_record(write_match("seed0.22rec", seed="k0"))
    others = [load_record(write_match(f"seed{i}.22rec", seed=f"k{i}")) for i in (1, 2)]
    kinds = [first, *others]
    when = dt.datetime(2026, 10, 1, tzinfo=dt.UTC)
    for i in range(MANY - 3):
        base = kinds[i % 3]
        started = (when + dt.timedelta(minutes=i)).strftime("%Y-%m-%dT%H:%M:%SZ")
        record = msgspec.structs.replace(base, started=started)
        (home / "records" / f"m{i:04d}.22rec").write_bytes(encode_record(record))


def start_rebuild(home: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "TT22_HOME": str(home)}
    return subprocess.Popen(
        [sys.executable, "-m", "tt22", "stats", "--rebuild"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def kill_when(proc: subprocess.Popen[bytes], ready: object) -> None:
    deadline = time.monotonic() + 60
    while not ready():  # type: ignore[operator]
        assert proc.poll() is None, "the build ended before it could be killed"
        assert time.monotonic() < deadline
        time.sleep(0.002)
    assert proc.poll() is None
    os.kill(proc.pid, signal.SIGKILL)
    assert proc.wait(30) == -signal.SIGKILL


def test_kill_9_in_the_middle_of_a_first_build_leaves_a_usable_index(
    home: Path, write_match: WriteMatch
) -> None:
    many_records(home, write_match)
    proc = start_rebuild(home)
    path = home / DB_NAME

    def one_batch_in() -> bool:
        if not path.exists():
            return False
        try:
            with sqlite3.connect(path, timeout=5) as db:
                n = db.execute("SELECT count(*) FROM files").fetchone()[0]
        except sqlite3.Error:
            return False
        return int(n) >= BATCH

    kill_when(proc, one_batch_in)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    kept = db.execute("SELECT count(*) FROM files").fetchone()[0]
    assert BATCH <= kept < MANY  # (killed part way: what was committed is there)
    assert db.execute("SELECT count(*) FROM matches").fetchone()[0] == kept
    db.close()
    done = tt22("stats", "--format", "json", home=home)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["index"]["indexed"] == MANY - kept and data["index"]["unchanged"] == kept
    assert data["games"][0]["played"] == MANY


def test_kill_9_in_the_middle_of_a_rebuild_keeps_the_index_whole(
    home: Path, write_match: WriteMatch
) -> None:
    many_records(home, write_match)
    assert tt22("stats", home=home).returncode == 0
    path = home / DB_NAME
    watcher = sqlite3.connect(path, isolation_level=None)
    before = watcher.execute("PRAGMA data_version").fetchone()[0]
    proc = start_rebuild(home)

    def committed_once() -> bool:  # (data_version moves when another connection commits)
        return bool(watcher.execute("PRAGMA data_version").fetchone()[0] != before)

    kill_when(proc, committed_once)
    watcher.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    # Every match is still there: rows are replaced file by file, never dropped first.
    assert len(person_matches(db, home / "records")) == MANY
    db.close()
    done = tt22("stats", "--format", "json", home=home)
    assert done.returncode == 0 and json.loads(done.stdout)["games"][0]["played"] == MANY


def test_two_builds_at_once_both_finish_and_agree(home: Path, write_match: WriteMatch) -> None:
    """Two windows opening their stats at the same moment: SQLite's lock takes turns, no
    one fails and the index holds every match once."""
    many_records(home, write_match)
    env = {**os.environ, "TT22_HOME": str(home)}
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "tt22", "stats", "--format", "json", "--rebuild"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for _ in range(2)
    ]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [err for _, err in outs]
    for out, _ in outs:
        assert json.loads(out)["games"][0]["played"] == MANY
    db = sqlite3.connect(home / DB_NAME)
    assert db.execute("SELECT count(*) FROM matches").fetchone()[0] == MANY
    assert db.execute("SELECT count(*) FROM seats").fetchone()[0] == 4 * MANY
