"""`tt22 analyse` through a real subprocess: output, the analysed copy and what `tt22
verify` says of it, reproducibility whatever --jobs, and bad input in one line."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from tt22.record import (
    AnalysisSection,
    RecordError,
    decode_analysed,
    decode_record,
    load_record,
)
from tt22.record.analysis import (
    CandidateEval,
    DecisionEval,
    HandAccuracy,
    SeatAccuracy,
    section_digest,
)

ROOT = Path(__file__).resolve().parents[2]
FOUR = ROOT / "records" / "4p-random.22rec"


def tt22(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tt22", *args],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=cwd,
    )


@pytest.fixture(scope="module")
def analysed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The 4-player sample analysed for seat 0 with a few worlds, on one process."""
    folder = tmp_path_factory.mktemp("analysed")
    shutil.copy(FOUR, folder / "game.22rec")
    done = tt22(
        "analyse",
        "game.22rec",
        "--seat",
        "0",
        "--worlds",
        "3",
        "--jobs",
        "1",
        "--format",
        "json",
        cwd=folder,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # not a terminal: no progress bar
    (folder / "one.json").write_text(done.stdout)
    return folder


def test_json_output_is_the_section_kept_in_the_analysed_copy(analysed: Path) -> None:
    out = json.loads((analysed / "one.json").read_text())
    record, section = decode_analysed((analysed / "game-analysis.22rec").read_bytes())
    assert section is not None
    assert msgspec.to_builtins(section) == out
    assert record == load_record(FOUR)
    assert out["seats"] == [0] and out["worlds"] == 3 and out["game"] == "twentytwo"
    assert out["record_digest"] == record.digest
    assert out["decisions"] and all(d["seat"] == 0 for d in out["decisions"])
    assert out["digest"] == section_digest(section)


def test_the_same_output_whatever_the_jobs(analysed: Path) -> None:
    two = tt22(
        "analyse",
        "game.22rec",
        "--seat",
        "0",
        "--worlds",
        "3",
        "--jobs",
        "2",
        "--format",
        "json",
        "--out",
        "two.22rec",
        cwd=analysed,
    )
    assert two.returncode == 0, two.stderr
    assert two.stdout == (analysed / "one.json").read_text()
    assert (analysed / "two.22rec").read_bytes() == (analysed / "game-analysis.22rec").read_bytes()


def test_the_analysed_copy_verifies(analysed: Path) -> None:
    done = tt22("verify", "game-analysis.22rec", cwd=analysed)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("game-analysis.22rec: ok (4 players, 259 moves")


def _edited(path: Path, change: object) -> bytes:
    obj = json.loads(path.read_bytes())
    change(obj)  # type: ignore[operator]
    return json.dumps(obj).encode()


def test_a_tampered_analysis_is_refused_in_one_line(analysed: Path) -> None:
    copy = analysed / "game-analysis.22rec"

    def better(o: dict) -> None:  # type: ignore[type-arg]
        o["analysis"]["decisions"][0]["loss"] = 0.0

    def elsewhere(o: dict) -> None:  # type: ignore[type-arg]
        o["analysis"]["record_digest"] = "sha256:" + "1" * 64

    def unknown(o: dict) -> None:  # type: ignore[type-arg]
        o["analysis"]["engine"] = "mine"

    for change, where in (
        (better, "analysis.digest"),
        (elsewhere, "analysis.record_digest"),
        (unknown, "analysis"),
    ):
        with pytest.raises(RecordError) as e:
            decode_record(_edited(copy, change))
        assert str(e.value).startswith(where)
        bad = analysed / "bad.22rec"
        bad.write_bytes(_edited(copy, change))
        done = tt22("verify", "bad.22rec", cwd=analysed)
        assert done.returncode == 2
        assert done.stderr.count("\n") == 1 and done.stderr.startswith(f"bad.22rec: {where}")


def test_an_older_reader_is_told_the_copy_is_newer(analysed: Path) -> None:
    head = json.loads((analysed / "game-analysis.22rec").read_bytes())
    assert head["format_version"] == 3 and head["game"] == "twentytwo"
    assert list(head) == ["format", "format_version", "game", "record", "analysis"]
    # the original is untouched, still format 1
    assert json.loads(FOUR.read_bytes())["format_version"] == 1


def test_text_output_names_the_marks_and_the_accuracy(analysed: Path) -> None:
    done = tt22("analyse", "game.22rec", "--seat", "0", "--worlds", "2", "--no-save", cwd=analysed)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Analysis of game.22rec: Twenty-Two, 4 players; seat 0 (Bot 0)"
    assert any(re.match(r"move +\d+ \(hand \d+, ", line) for line in lines)
    assert re.search(r"^seat 0 \(Bot 0\): \d+\.\d% over \d+ decisions", done.stdout, re.M)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("--seat", "7"), "there is no seat 7 at a table of 4"),
        (("--seat", "x"), "--seat must be a seat number or all"),
        (("--worlds", "0"), "--worlds must be 1 to"),
        (("--jobs", "many"), "--jobs must be a whole number"),
        (("--bot", "deep-blue"), "unknown bot 'deep-blue'"),
        (("--seed", " "), "the seed is empty"),
    ],
)
def test_bad_flags_are_one_line_and_exit_2(
    analysed: Path, args: tuple[str, ...], expected: str
) -> None:
    done = tt22("analyse", "game.22rec", "--no-save", *args, cwd=analysed)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and expected in done.stderr
    assert "Traceback" not in done.stderr


def test_corrupt_records_are_refused_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "junk.22rec").write_bytes(b"\x89PNG\r\n\x1a\n")
    (tmp_path / "cut.22rec").write_bytes(FOUR.read_bytes()[:500])
    obj = json.loads(FOUR.read_bytes())
    obj["record"]["moves"][10]["move"]["cards"] = ["AS", "AH"]
    (tmp_path / "edited.22rec").write_text(json.dumps(obj))
    for name, status, words in (
        ("junk.22rec", 2, "not valid JSON"),
        ("cut.22rec", 2, "the file ends too soon"),
        ("missing.22rec", 2, "cannot read the file"),
        ("edited.22rec", 1, "move 11 of 259"),
    ):
        done = tt22("analyse", name, cwd=tmp_path)
        assert done.returncode == status, (name, done.stderr)
        assert done.stderr.count("\n") == 1 and words in done.stderr, done.stderr
        assert not (tmp_path / name.replace(".22rec", "-analysis.22rec")).exists()


def test_the_json_members_are_the_documented_ones() -> None:
    """docs/analysis.md lists every member of the JSON, table by table."""
    text = (ROOT / "docs" / "analysis.md").read_text()
    for struct, heading in (
        (AnalysisSection, "The section"),
        (DecisionEval, "A decision"),
        (CandidateEval, "A candidate"),
        (SeatAccuracy, "A seat's accuracy"),
        (HandAccuracy, "A hand's accuracy"),
    ):
        part = text.split(f"#### {heading}\n", 1)[1].split("\n#", 1)[0]
        documented = re.findall(r"^\| `(\w+)` \|", part, re.M)
        assert documented == list(struct.__struct_fields__), heading


def test_a_terminal_sees_a_progress_bar_with_the_time_left(tmp_path: Path) -> None:
    import os

    from ptykit import run_in_a_pty

    shutil.copy(FOUR, tmp_path / "game.22rec")
    args = ["analyse", str(tmp_path / "game.22rec"), "--seat", "0", "--worlds", "2"]
    out = run_in_a_pty(
        [*args, "--jobs", "1", "--no-save"],
        dict(os.environ),
        lambda seen: b"seat 0 (Bot 0): " in seen,
    )
    assert re.search(rb"analysing \[[#-]{30}\] \d+/75 decisions, \d+:\d\d left", out)
    assert b"seat 0 (Bot 0): " in out


def test_an_analysed_copy_is_analysed_again_in_place(analysed: Path) -> None:
    shutil.copy(analysed / "game-analysis.22rec", analysed / "again-analysis.22rec")
    done = tt22("analyse", "again-analysis.22rec", "--seat", "1", "--worlds", "2", cwd=analysed)
    assert done.returncode == 0, done.stderr
    record, section = decode_analysed((analysed / "again-analysis.22rec").read_bytes())
    assert section is not None and section.seats == [1] and section.worlds == 2
    assert record == load_record(FOUR)
    assert sorted(p.name for p in analysed.glob("again*")) == ["again-analysis.22rec"]
