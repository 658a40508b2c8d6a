"""`--game NAME` on every command: Rook through sim, show, verify, bench and arena; play
and replay refusing it honestly; `--rule` checked against the game's own options."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from recordkit import SAMPLES

from tt22.cli import main
from tt22.commands.bench import run_protocol
from tt22.core.players import Player
from tt22.core.registry import game_names, get_game, textlog_module
from tt22.games.rook.bots import make_bot, make_level, play_bots
from tt22.record import load_record, verify_record

ROOK = get_game("rook")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_sim_rook_json_is_the_transcript_of_the_game_its_bots_play(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(
        capsys, "sim", "--game", "rook", "--players", "4", "--seed", "otter", "--format", "json"
    )
    assert code == 0, err
    bots = [make_bot("random", "otter") for _ in range(4)]
    state = play_bots(bots, ROOK.rules([], 4), "otter")
    seats = [Player(f"Bot {s}", "bot", "random") for s in range(4)]
    assert out == ROOK.transcript_json(state, "otter", seats)
    t = json.loads(out)
    assert (t["format"], t["version"], t["game"]) == ("tt22-rook-transcript", 1, "rook")
    assert t["result"]["finished"]
    assert t["rules"] == {"min_bid": 70, "bid_step": 5, "target": 300}


@pytest.mark.parametrize("players", [2, 3])
def test_sim_rook_levels_and_text_for_small_tables(
    capsys: pytest.CaptureFixture[str], players: int
) -> None:
    code, out, err = run(
        capsys,
        "sim",
        "--game",
        "rook",
        "--players",
        str(players),
        "--seed",
        "small",
        "--bots",
        "normal",
        "--rule",
        "min_bid=60",
        "--ascii",
    )
    assert code == 0, err
    bots = [make_level("normal", "small") for _ in range(players)]
    state = play_bots(bots, ROOK.rules(["min_bid=60"], players), "small")
    seats = [Player(f"Bot {s}", "bot", "normal") for s in range(players)]
    from tt22.games.rook.textlog import render_text

    assert out == render_text(ROOK.transcript(state, "small", seats), ascii_style=True)
    assert "Rules: min_bid=60" in out


def test_sim_rook_out_writes_a_record_that_verifies(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "rook.22rec"
    code, out, _ = run(
        capsys, "sim", "--game", "rook", "--seed", "kept", "--format", "json", "--out", str(path)
    )
    assert code == 0
    record = load_record(path)
    assert record.game == "rook" and verify_record(record).ok
    code, shown, _ = run(capsys, "show", "--format", "json", str(path))
    assert code == 0 and shown == out


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (
            ["sim", "--game", "chess"],
            "tt22 sim: unknown game 'chess';"
            " the games are twentytwo, rook, rummy, gin, rum500, persian, manipulation",
        ),
        (
            ["sim", "--game", "rook", "--rule", "must_beat=true"],
            "unknown rule 'must_beat'; the rules are min_bid, bid_step, target",
        ),
        (
            ["sim", "--game", "rook", "--rule", "min_bid=abc"],
            "min_bid must be a whole number, not 'abc'",
        ),
        (
            ["sim", "--game", "rook", "--rule", "min_bid=72"],
            "min_bid must be a multiple of bid_step (5)",
        ),
        (["sim", "--game", "rook", "--rule", "target"], "a rule is NAME=VALUE, not 'target'"),
        (["sim", "--game", "rook", "--players", "5"], "Rook is played by 2 to 4 players, not 5"),
        (["sim", "--rule", "min_bid=70"], "unknown rule"),
        (
            ["sim", "--game", "rook", "--bots", "cheater"],
            "unknown bot 'cheater'; the bots are easy",
        ),
        (["bench", "--game", "rook", "--players", "9"], "Rook is played by 2 to 4 players, not 9"),
        (["bench", "--game", "rook", "--hands", "0"], "--hands must be at least 1"),
        (["arena", "--game", "rook", "--bots", "hard,normal,easy"], "a team arena is two"),
        (["arena", "--game", "rook", "--bots", "hard,normal", "--rule", "x=1"], "unknown rule 'x'"),
        (
            ["arena", "--game", "rook", "--bots", "hard,normal", "--think", "2"],
            "--think scales 22's bots only",
        ),
        (["arena", "--bots", "random,random", "--players", "4"], "--players is for team games"),
        (
            ["arena", "--game", "rummy", "--bots", "rules,random", "--players", "3"],
            "the arena plays Rummy head to head for now: --players 2",
        ),
        (["verify", "--game", "chess", "x.22rec"], "unknown game 'chess'"),
        (["show", "--game", "\x1b[31mred", "x.22rec"], "unknown game '\\x1b[31mred'"),
    ],
)
def test_bad_game_arguments_are_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1 and "\x1b" not in err
    assert expected in err


def test_play_refuses_a_game_without_a_table_and_replay_a_record_of_another_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tt22.tui import tables

    monkeypatch.delitem(tables.TABLES, "rummy")  # (every game has a table now: one without)
    code, out, err = run(capsys, "play", "--game", "rummy")
    assert code == 2 and out == ""
    assert err == (
        "tt22 play: Rummy has no table yet; its games can be played by bots, shown and"
        " checked: tt22 sim, show, verify, bench and arena take --game rummy\n"
    )
    rook = tmp_path / "rook.22rec"
    assert main(["sim", "--game", "rook", "--seed", "r", "--out", str(rook)]) == 0
    capsys.readouterr()
    code, out, err = run(capsys, "replay", "--game", "twentytwo", str(rook))
    assert code == 2 and out == ""
    assert err == (
        f"tt22 replay: {rook} is a record of Rook, not of Twenty-Two (--game twentytwo)\n"
    )
    code, out, err = run(capsys, "replay", "--game", "rook", str(SAMPLES / "4p-random.22rec"))
    assert code == 2 and out == ""
    assert err.endswith("is a record of Twenty-Two, not of Rook (--game rook)\n")
    code, out, err = run(capsys, "replay", "--goto", "9.1", str(rook))
    assert code == 2 and err == "tt22 replay: there is no hand 9 in this record\n"


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--players", "5"], "Rook is played by 2 to 4 players, not 5"),
        (["--rule", "min_bid=7"], "min_bid"),
        (["--bot", "genius"], "unknown bot level 'genius'; the levels are easy, normal, hard"),
        (["--name", " "], "--name is empty"),
    ],
)
def test_play_rook_checks_its_table_before_the_screen(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    code, out, err = run(capsys, "play", "--game", "rook", *argv)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and expected in err


def test_play_and_replay_refuse_without_importing_textual(tmp_path: Path) -> None:
    path = tmp_path / "rook.22rec"
    assert main(["sim", "--game", "rook", "--seed", "r", "--out", str(path)]) == 0
    code = (
        "import sys\n"
        "from tt22.cli import main\n"
        f"a = main(['--game', 'rummy', '--players', '9'])\n"
        f"b = main(['replay', '--game', 'gin', {str(path)!r}])\n"
        "assert 'textual' not in sys.modules, 'textual was imported'\n"
        "print(a, b)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.stdout.strip() == "2 2", result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 2
    assert lines[0] == "tt22 play: Rummy is played by 2 to 4 players, not 9"
    assert lines[1] == f"tt22 replay: {path} is a record of Rook, not of Gin Rummy (--game gin)"


def test_verify_and_show_with_game_ask_for_that_games_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rook = tmp_path / "rook.22rec"
    assert main(["sim", "--game", "rook", "--seed", "g", "--out", str(rook)]) == 0
    twentytwo = tmp_path / "22.22rec"
    assert main(["sim", "--seed", "g", "--players", "2", "--out", str(twentytwo)]) == 0
    capsys.readouterr()
    code, out, err = run(capsys, "verify", "--game", "rook", str(rook), str(twentytwo))
    assert code == 2
    assert out.startswith(f"{rook}: ok (Rook, 4 players, ")
    assert err == f"{twentytwo}: a record of Twenty-Two, not of Rook (--game rook)\n"
    code, out, _ = run(capsys, "verify", "--game", "twentytwo", str(twentytwo))
    assert code == 0 and out.startswith(f"{twentytwo}: ok (2 players")
    code, _, err = run(capsys, "show", "--game", "twentytwo", str(rook))
    assert code == 2
    assert err == f"tt22 show: {rook}: a record of Rook, not of Twenty-Two (--game twentytwo)\n"


def test_bench_rook_reports_decisions_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "--game", "rook", "--games", "3", "--hands", "2")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "game: rook"
    values = dict(line.split(": ", 1) for line in lines)
    decisions, hands, _ = run_protocol("rook", 4, 3, "bench", 2)
    assert int(values["decisions"]) == decisions > 0
    assert int(values["hands"]) == hands == 6
    assert lines[-1].startswith("decisions/s: ") and float(lines[-1].split(": ")[1]) > 0


def test_arena_rook_plays_both_sides_of_every_seed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(
        capsys,
        "arena",
        "--game",
        "rook",
        "--bots",
        "normal,easy",
        "--matches",
        "3",
        "--seed",
        "duel",
        "--format",
        "json",
        "--out",
        str(tmp_path),
    )
    assert code == 0, err
    obj = json.loads(out)
    assert obj["game"] == "rook" and obj["players"] == 4
    assert obj["a"] == "normal" and obj["b"] == "easy"
    assert obj["games"] + obj["unfinished"] == 4  # 3 matches round up to 2 seeds x 2 sides
    lo, hi = obj["a_win_rate_ci95"]
    assert 0 <= lo <= obj["a_win_rate"] <= hi <= 1
    records = sorted(tmp_path.glob("*.22rec"))
    assert len(records) == 4
    first, second = (load_record(p) for p in records[:2])
    assert first.seed == second.seed == "duel/1"  # one seed, sides swapped
    assert [p.bot for p in first.players] == ["normal", "easy", "normal", "easy"]
    assert [p.bot for p in second.players] == ["easy", "normal", "easy", "normal"]
    wins = 0
    for path in records:
        record = load_record(path)
        assert verify_record(record).ok
        if record.result.finished:
            wins += any(record.players[s].bot == "normal" for s in record.result.winners)
    assert obj["a_wins"] == wins
    code, text, _ = run(
        capsys,
        "arena",
        "--game",
        "rook",
        "--bots",
        "normal,easy",
        "--matches",
        "2",
        "--seed",
        "duel",
        "--players",
        "3",
    )
    assert code == 0
    assert text.startswith("arena: Rook, 3 players, normal vs easy, duplicate")
    assert "95% Wilson [" in text


@pytest.mark.parametrize("name", [n for n in game_names() if n != "twentytwo"])
def test_every_other_game_sims_to_a_record_that_verifies_and_shows(
    name: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """sim, verify, show and bench for every registered game, through the protocol."""
    game = get_game(name)
    path = tmp_path / f"{name}.22rec"
    players = str(game.min_players)
    code, out, err = run(
        capsys,
        "sim",
        "--game",
        name,
        "--players",
        players,
        "--seed",
        "every",
        "--format",
        "json",
        "--out",
        str(path),
    )
    assert code == 0, err
    record = load_record(path)
    assert record.game == name and len(record.players) == game.min_players
    assert json.loads(path.read_bytes())["game"] == name
    result = verify_record(record)
    assert result.ok, result.problem
    assert out == game.transcript_json(result.final, "every", record.players)
    code, shown, _ = run(capsys, "show", "--format", "json", str(path))
    assert code == 0 and shown == out
    code, checked, _ = run(capsys, "verify", "--game", name, str(path))
    assert code == 0 and checked.startswith(f"{path}: ok ({game.title}, {players} players")
    code, text, _ = run(capsys, "show", str(path))
    assert code == 0
    module = textlog_module(name)
    assert module is not None
    assert text == module.render_text(json.loads(out))
    code, timed, _ = run(capsys, "bench", "--game", name, "--players", players, "--games", "2")
    assert code == 0 and timed.splitlines()[0] == f"game: {name}"
