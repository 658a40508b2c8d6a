"""`tt22 sim`'s hand cap, as a script meets it: a real `tt22` process, its exit status,
its standard error and what it wrote.

A match stopped at the cap used to exit 0 with an unfinished transcript, so a script
running many sims took a runaway for a result (a 3-player Rook match with `min_bid=5`
ran to the 200-hand cap, before K21, and nothing said so). Now the cap is `--max-hands`
(1000 by default, far past any real match), and a match stopped there says so on
standard error and exits 1.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


def tt22(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tt22", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,
    )


@pytest.mark.parametrize("game", ["rook", "gin", "rummy"])
def test_sim_stopped_at_the_cap_says_so_on_stderr_and_exits_1(game: str, tmp_path: Path) -> None:
    out = tmp_path / "cut.22rec"
    run = tt22(
        "sim", "--game", game, "--players", "2", "--seed", "cap", "--max-hands", "1",
        "--format", "json", "--out", str(out), cwd=tmp_path,
    )  # fmt: skip
    assert run.returncode == 1, run.stderr
    assert run.stderr == (
        "tt22 sim: no one had won after 1 hand: stopped there, the match is unfinished"
        " (--max-hands N plays longer)\n"
    )
    transcript = json.loads(run.stdout)  # the match as it stands, still printed whole
    assert transcript["result"]["finished"] is False
    assert transcript["hands"][0]["number"] == 1 and len(transcript["hands"]) == 2
    check = tt22("verify", str(out), cwd=tmp_path)  # and --out's record of it
    assert check.returncode == 0, check.stdout + check.stderr
    assert "unfinished" in check.stdout


def test_sim_of_a_match_that_ends_exits_0_and_is_silent(tmp_path: Path) -> None:
    # The 3-player Rook game with min_bid=5 whose two defenders always score alike: it
    # ends (K21) well inside the default cap, with nothing on standard error.
    run = tt22(
        "sim", "--game", "rook", "--players", "3", "--rule", "min_bid=5", "--seed", "cap",
        "--format", "json", cwd=tmp_path,
    )  # fmt: skip
    assert run.returncode == 0 and run.stderr == ""
    assert json.loads(run.stdout)["result"]["finished"] is True


def test_sim_help_states_the_cap_and_the_exit_status(tmp_path: Path) -> None:
    run = tt22("sim", "--help", cwd=tmp_path)
    assert run.returncode == 0
    words = " ".join(run.stdout.split())
    assert "--max-hands N" in words and "(default 1000)" in words
    assert "a line on standard error says so, and the exit status is 1" in words


@pytest.mark.parametrize("bad", ["0", "100001", "many", "-3"])
def test_sim_max_hands_out_of_range_is_one_line_and_exit_2(bad: str, tmp_path: Path) -> None:
    run = tt22("sim", "--game", "rook", f"--max-hands={bad}", cwd=tmp_path)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith("tt22 sim: argument --max-hands: ")
    assert len(run.stderr.splitlines()) == 1 and "Traceback" not in run.stderr
