"""`tt22 verify`, `tt22 show` and `tt22 sim --out` from the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from recordkit import SAMPLES, bot_bytes, bot_record

from tt22.cli import main
from tt22.core.players import Player
from tt22.games.twentytwo import Play
from tt22.games.twentytwo.seat import seat_transcript
from tt22.games.twentytwo.textlog import render_text
from tt22.games.twentytwo.transcript import transcript, transcript_json
from tt22.record import (
    RecordedMove,
    final_state,
    load_record,
    save_record,
)

FOUR = SAMPLES / "4p-random.22rec"
UNFINISHED = SAMPLES / "3p-unfinished.22rec"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    """A readable record whose first play plays a card its seat does not hold."""
    record = bot_record(2)
    moves = list(record.moves)
    i = next(k for k, m in enumerate(moves) if isinstance(m.move, Play))
    moves[i] = RecordedMove(Play(moves[i].move.seat, ("AS", "AS")))  # one deck: never held
    path = tmp_path / "broken.22rec"
    path.write_bytes(
        bot_bytes().replace(msgspec.json.encode(record.moves[i]), msgspec.json.encode(moves[i]), 1)
    )
    return path


# -- verify ---------------------------------------------------------------------------------------


def test_verify_good_records(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(str(p) for p in SAMPLES.glob("*.22rec"))
    code, out, err = run(capsys, "verify", *files)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == len(files)
    assert f"{FOUR}: ok (4 players, " in out
    assert f"{UNFINISHED}: ok (3 players, 40 moves, 2 deals, unfinished)" in out
    assert run(capsys, "verify", "-q", *files) == (0, "", "")


def test_verify_an_illegal_move_exits_1(capsys: pytest.CaptureFixture[str], broken: Path) -> None:
    code, out, err = run(capsys, "verify", str(FOUR), str(broken))
    assert code == 1
    assert "ok" in out and str(broken) not in out
    [line] = err.splitlines()
    assert line.startswith(f"{broken}: move ")
    assert "(deal 1, trick 1), seat " in line and "breaks R12:" in line


def test_verify_a_digest_mismatch_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "edited.22rec"
    data = FOUR.read_bytes()
    record = load_record(FOUR)
    path.write_bytes(data.replace(record.digest.encode(), b"sha256:" + b"0" * 64))
    code, _, err = run(capsys, "verify", str(path))
    assert code == 1
    assert "digest mismatch" in err and err.count("\n") == 1


def test_verify_not_a_record_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, broken: Path
) -> None:
    junk = tmp_path / "junk.22rec"
    junk.write_bytes(b"\x89PNG\r\n\x1a\n")
    newer = tmp_path / "newer.22rec"
    newer.write_text('{"format": "tt22-record", "format_version": 9, "record": {}}')
    code, _, err = run(
        capsys, "verify", str(FOUR), str(broken), str(junk), str(newer), str(tmp_path / "nope")
    )
    assert code == 2
    lines = err.splitlines()
    assert len(lines) == 4
    assert lines[1].startswith(f"{junk}: byte 0: not valid JSON")
    assert lines[2] == (
        f"{newer}: this record was made by a newer tt22 (format 9);"
        " this tt22 reads format 3 and older"
    )
    assert lines[3].startswith(f"{tmp_path / 'nope'}: cannot read the file")
    code, _, _ = run(capsys, "verify", str(junk))
    assert code == 2


def test_verify_and_show_never_import_textual(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from tt22.cli import main\n"
        f"assert main(['verify', '-q', {str(FOUR)!r}]) == 0\n"
        f"assert main(['show', {str(FOUR)!r}, '--seat', '1']) == 0\n"
        "assert 'textual' not in sys.modules, 'textual imported'\n"
        "assert 'rich' not in sys.modules, 'rich imported'\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr


# -- show -----------------------------------------------------------------------------------------


def test_show_json_is_the_exact_transcript(capsys: pytest.CaptureFixture[str]) -> None:
    record = load_record(FOUR)
    code, out, _ = run(capsys, "show", str(FOUR), "--format", "json")
    assert code == 0
    assert out == transcript_json(final_state(record), record.seed, record.players)


def test_show_text_is_the_readable_account(capsys: pytest.CaptureFixture[str]) -> None:
    record = load_record(FOUR)
    code, out, _ = run(capsys, "show", str(FOUR), "--ascii")
    assert code == 0
    t = transcript(final_state(record), record.seed, record.players)
    assert out == render_text(t, ascii_style=True)
    assert "Deal 1:" in out and "trick 1:" in out and "Winner" in out


def test_show_seat_limits_what_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    record = load_record(FOUR)
    t = transcript(final_state(record), record.seed, record.players)
    code, out, _ = run(capsys, "show", str(FOUR), "--format", "json", "--seat", "2")
    assert code == 0
    assert json.loads(out) == seat_transcript(t, 2)
    code, out, _ = run(capsys, "show", str(FOUR), "--seat", "2")
    assert code == 0 and out == render_text(seat_transcript(t, 2))
    assert "(hidden)" in out and "swapped" in out and "stock (" not in out


def test_show_comments_as_the_seat_saw_them(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", str(UNFINISHED))
    assert code == 0 and "Unfinished match." in out
    assert "Comments:\n  move 1 (Ann [b], seat 0): opening the exchange" in out
    assert "a literal [bold]not bold[/bold] comment" in out
    code, out, _ = run(capsys, "show", str(UNFINISHED), "--seat", "1")
    assert code == 0 and "Comments:" not in out  # Zoë made no comment
    code, out, _ = run(capsys, "show", str(UNFINISHED), "--seat", "0")
    assert "Comments:" in out


def test_show_escapes_names_and_comments(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = bot_record(2)
    evil = msgspec.structs.replace(
        record,
        players=[Player("\x1b[2J\x1b[31mEvil"), Player("Bob\u202eevil")],
        moves=[
            RecordedMove(record.moves[0].move, None, "bell\x07 and \x1b]0;title\x07"),
            *record.moves[1:],
        ],
    )
    path = tmp_path / "evil.22rec"
    save_record(path, evil)
    code, out, _ = run(capsys, "show", str(path))
    assert code == 0
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "\\x1b[2J\\x1b[31mEvil" in out and "Bob\\u202eevil" in out
    assert "bell\\x07 and \\x1b]0;title\\x07" in out


def test_show_refuses_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, broken: Path
) -> None:
    code, out, err = run(capsys, "show", str(broken))
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and "breaks R12" in err
    junk = tmp_path / "junk.22rec"
    junk.write_text("[]")
    code, out, err = run(capsys, "show", str(junk))
    assert code == 2 and out == "" and "not a tt22 record" in err and err.count("\n") == 1
    code, out, err = run(capsys, "show", str(FOUR), "--seat", "4")
    assert code == 2 and "--seat must be 0 to 3" in err


# -- sim --out ------------------------------------------------------------------------------------


def test_sim_out_writes_a_record_that_shows_as_sim_printed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "sim.22rec"
    code, printed, _ = run(
        capsys, "sim", "--players", "5", "--seed", "out test", "--rule", "must_beat=true",
        "--format", "json", "--out", str(path),
    )  # fmt: skip
    assert code == 0
    record = load_record(path)
    assert len(record.players) == 5 and record.rules.must_beat
    assert record.result.finished
    code, shown, _ = run(capsys, "show", str(path), "--format", "json")
    assert code == 0 and shown == printed
    assert run(capsys, "verify", "-q", str(path))[0] == 0


def test_sim_out_to_a_missing_folder_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "sim", "--seed", "x", "--out", str(tmp_path / "no" / "a.22rec"))
    assert code == 2
    assert err.startswith("tt22 sim: cannot write ") and err.count("\n") == 1


def test_show_lists_comments_of_every_seat(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Regression: the comment filter once kept only the first commenter's seat."""
    record = bot_record(2)
    moves = list(record.moves)
    first = next(i for i, rm in enumerate(moves) if rm.move.seat == 0)
    other = next(i for i, rm in enumerate(moves) if rm.move.seat == 1)
    moves[first] = RecordedMove(moves[first].move, None, "from seat zero")
    moves[other] = RecordedMove(moves[other].move, None, "from seat one")
    path = tmp_path / "c.22rec"
    save_record(path, msgspec.structs.replace(record, moves=moves))
    _, out, _ = run(capsys, "show", str(path))
    assert "from seat zero" in out and "from seat one" in out
    _, out, _ = run(capsys, "show", str(path), "--seat", "1")
    assert "from seat one" in out and "from seat zero" not in out
