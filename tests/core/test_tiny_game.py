"""A game that lives only under tests/ (tests/kits/tinygame.py, High Card), registered by
its entry alone, is played by bots, recorded, verified, shown and put in the arena with
no shared module touched: the boundary holds (issue 22)."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
import tinygame
from paths import ROOT

from tt22.core import registry
from tt22.core.bots import levels, make_bot, play_match
from tt22.core.players import Player
from tt22.record import build_record, decode_record, encode_record, verify_record


@pytest.fixture
def tiny() -> Iterator[None]:
    registry.register(tinygame.ENTRY)
    try:
        yield
    finally:
        registry.unregister("tiny")


def test_a_registered_game_is_played_recorded_and_verified(tiny: None) -> None:
    game = registry.get_game("tiny")
    assert levels("tiny") == ("easy",)
    bots = [make_bot("tiny", "easy", "hc", seat) for seat in range(3)]
    played = play_match(game, game.rules([], 3), "hc", bots)
    assert game.is_over(played.state) and len(played.moves) == 3
    seats = [Player(f"Bot {s}", "bot", "easy") for s in range(3)]
    record = build_record(game.rules([], 3), "hc", seats, played.moves, dt.datetime.now(dt.UTC))
    again = decode_record(encode_record(record))
    assert again.game == "tiny" and verify_record(again).ok
    swapped = msgspec.structs.replace(again, moves=again.moves[1:])
    problem = verify_record(swapped).problem or ""
    assert problem.startswith("move 1 of 2 (hand 1, trick 1), seat 1 (Bot 1): breaks H2"), problem


def _with_entry_point(tmp_path: Path) -> dict[str, str]:
    dist = tmp_path / "tinygame-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: tinygame\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[tt22.games]\ntiny = tinygame:ENTRY\n")
    path = [str(tmp_path), str(ROOT / "tests" / "kits"), *sys.path]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(path)}


def test_a_game_installed_by_its_entry_point_works_from_the_command_line(tmp_path: Path) -> None:
    env = _with_entry_point(tmp_path)
    rec = tmp_path / "hc.22rec"

    def tt22(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "tt22", *args],
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
            cwd=tmp_path,
        )
        assert done.returncode == 0, (args, done.stderr)
        return done.stdout

    assert tt22("sim", "--game", "tiny", "--players", "3", "--seed", "hc", "--out", str(rec))
    assert "ok (High Card, 3 players, 3 moves" in tt22("verify", str(rec))
    assert tt22("show", str(rec)).startswith("High Card: ")
    assert '"game": "tiny"' in tt22("show", "--format", "json", str(rec))
    assert "easy side won" in tt22("arena", "--game", "tiny", "--bots", "easy,random")
