"""Autosave: the data folder, saving after every move, finishing, and surviving kills."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from paths import TESTS
from recordkit import STARTED, bot_record, match_moves, seats

from tt22.games.twentytwo import Rules
from tt22.record import (
    Autosave,
    append_move,
    data_dir,
    encode_record,
    load_record,
    new_record,
    records_dir,
    verify_record,
)


def test_data_dir_follows_tt22_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TT22_HOME", str(tmp_path / "home"))
    assert data_dir() == tmp_path / "home"
    assert records_dir() == tmp_path / "home" / "records"
    assert Autosave().home == tmp_path / "home"
    monkeypatch.delenv("TT22_HOME")
    import platformdirs

    assert data_dir() == Path(platformdirs.user_data_dir("tt22", appauthor=False))
    assert not (tmp_path / "home").exists()  # nothing is created by asking


def test_save_after_every_move_then_resume(tmp_path: Path) -> None:
    autosave = Autosave(tmp_path / "data")
    assert autosave.load_current() is None and autosave.problem is None
    record = new_record(Rules(), "resume", seats(3), STARTED)
    autosave.save(record)
    for move in match_moves(3, "resume")[:30]:
        record = append_move(record, move, think=0.2)
        autosave.save(record)
        assert autosave.load_current() == record
    assert [p.name for p in (tmp_path / "data").iterdir()] == ["current.22rec"]


def test_finish_keeps_the_match_and_clears_current(tmp_path: Path) -> None:
    autosave = Autosave(tmp_path)
    record = bot_record(2)
    autosave.save(record)
    first = autosave.finish(record)
    assert first == tmp_path / "records" / "2026-01-02T03-04-05Z-kit.22rec"
    assert load_record(first) == record
    assert not autosave.current_path.exists()
    second = autosave.finish(record)
    assert second.name == "2026-01-02T03-04-05Z-kit-2.22rec"
    odd = autosave.finish(bot_record(2, "../../etc/passwd ☃"))
    assert odd.parent == tmp_path / "records" and odd.name.endswith("-etc-passwd.22rec")


def test_a_broken_current_file_is_set_aside_not_fatal(tmp_path: Path) -> None:
    autosave = Autosave(tmp_path)
    autosave.current_path.write_bytes(b'{"format": "tt22-record", "format_version": 1')
    assert autosave.load_current() is None
    assert autosave.problem is not None and "could not be resumed" in autosave.problem
    assert (tmp_path / "current.broken-1.22rec").exists()
    assert not autosave.current_path.exists()
    # A readable record that no longer replays (illegal move) is set aside too.
    good = encode_record(bot_record(2))
    first_play = bot_record(2).moves[0]
    import msgspec

    bad = good.replace(msgspec.json.encode(first_play), msgspec.json.encode(bot_record(2).moves[1]))
    autosave.current_path.write_bytes(bad)
    assert autosave.load_current() is None
    assert (tmp_path / "current.broken-2.22rec").exists()


def test_discard_current_removes_leftover_temporary_files(tmp_path: Path) -> None:
    autosave = Autosave(tmp_path)
    autosave.save(bot_record(2))
    (tmp_path / ".current.22rec.abc123.tmp").write_bytes(b"half a rec")
    autosave.discard_current()
    assert list(tmp_path.iterdir()) == []
    autosave.discard_current()  # nothing there: fine


WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[2])
    from recordkit import STARTED, match_moves, seats
    from tt22.games.twentytwo import Rules
    from tt22.record import Autosave, append_move, new_record

    autosave = Autosave(Path(sys.argv[1]))
    moves = match_moves(4, "kill test")
    record = new_record(Rules(), "kill test", seats(4), STARTED)
    autosave.save(record)
    print("ready", flush=True)
    while True:
        record = new_record(Rules(), "kill test", seats(4), STARTED)
        for move in moves:
            record = append_move(record, move, comment="x" * 200)
            autosave.save(record)
    """
)


def test_killing_the_writer_at_any_instant_leaves_a_loadable_record(tmp_path: Path) -> None:
    """SIGKILL a process that autosaves in a tight loop, many times, at random moments:
    the file on disk always loads and verifies (the previous record or the new one)."""
    rng = random.Random(22)
    tests_dir = str(TESTS / "kits")
    seen_lengths: set[int] = set()
    kills = 12
    for _ in range(kills):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path), tests_dir],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert proc.stdout is not None
        assert proc.stdout.readline() == b"ready\n", proc.stderr.read() if proc.stderr else ""
        time.sleep(rng.uniform(0.0, 0.25))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        record = load_record(tmp_path / "current.22rec")
        assert verify_record(record).ok
        seen_lengths.add(len(record.moves))
    assert len(seen_lengths) > 1  # the kills did land at different moments
