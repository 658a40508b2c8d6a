"""`tt22 replay FILE`: bad files are one clear line and exit 2, decided before Textual loads."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
from pathlib import Path

import pytest

from tt22.core.bots import play_match
from tt22.core.players import Player
from tt22.games.twentytwo import TWENTYTWO, Rules
from tt22.games.twentytwo.bots import make_bot
from tt22.record import build_record, save_record

PROBE = """
import sys
from tt22.cli import main
rc = main(sys.argv[1:])
print("textual loaded" if "textual" in sys.modules else "textual not loaded")
sys.exit(rc)
"""


def run(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={"TT22_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin", "LANG": "C"},
    )


def good_record(tmp_path: Path) -> Path:
    seed = "cli"
    _, moves, _ = play_match(
        TWENTYTWO, Rules(), seed, [make_bot("random", seed, s) for s in range(2)]
    )
    record = build_record(
        Rules(),
        seed,
        [Player("A"), Player("B")],
        moves,
        dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
    )
    path = tmp_path / "good.22rec"
    save_record(path, record)
    return path


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"hello, I am not JSON", "not a record tt22 can read"),
        (b'{"format": "something-else", "format_version": 1}', "not a record tt22 can read"),
        (b"", "not a record tt22 can read"),
        (b"\x1b[31m\xff\xfe", "not a record tt22 can read"),
    ],
)
def test_a_file_that_is_not_a_record(tmp_path: Path, content: bytes, expected: str) -> None:
    path = tmp_path / "bad.22rec"
    path.write_bytes(content)
    out = run("replay", str(path), tmp_path=tmp_path)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0] and lines[0].startswith("tt22 replay: ")
    assert "Traceback" not in out.stderr and "\x1b" not in out.stderr
    assert out.stdout.strip() == "textual not loaded"


def test_missing_file_folder_and_bad_options(tmp_path: Path) -> None:
    out = run("replay", str(tmp_path / "nope.22rec"), tmp_path=tmp_path)
    assert out.returncode == 2 and "no such file" in out.stderr
    out = run("replay", str(tmp_path), tmp_path=tmp_path)
    assert out.returncode == 2 and "is a folder" in out.stderr
    good = good_record(tmp_path)
    out = run("replay", str(good), "--seat", "2", tmp_path=tmp_path)
    assert out.returncode == 2 and "--seat must be 0 to 1" in out.stderr
    out = run("replay", str(good), "--goto", "99", tmp_path=tmp_path)
    assert out.returncode == 2 and "no deal 99" in out.stderr
    for result in (out,):
        assert "Traceback" not in result.stderr
        assert result.stdout.strip() == "textual not loaded"


def test_a_record_from_another_generator_is_one_line(tmp_path: Path) -> None:
    import msgspec

    from tt22.record import load_record

    good = good_record(tmp_path)
    record = msgspec.structs.replace(load_record(good), generator="mt19937-someday")
    other = tmp_path / "other.22rec"
    other.write_bytes(
        msgspec.json.encode({"format": "tt22-record", "format_version": 1, "record": record})
    )
    out = run("replay", str(other), tmp_path=tmp_path)
    assert out.returncode == 2, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot be replayed" in lines[0] and "mt19937" in lines[0]
    assert out.stdout.strip() == "textual not loaded"
