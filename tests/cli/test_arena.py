"""`tt22 arena`: duplicate schedule, per-bot tallies, JSON shape, records, bad flags."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tt22.cli import main
from tt22.commands.arena import schedule, wilson


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["arena", *args, "--format", "json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    obj = json.loads(out)
    assert isinstance(obj, dict)
    return obj


def test_schedule_rotates_the_lineup_through_the_seats() -> None:
    plan = schedule(["a", "b", "c"], 4, "s")
    assert len(plan) == 6  # rounded up to whole rotations
    assert [seed for seed, _ in plan] == ["s/1"] * 3 + ["s/2"] * 3
    assert [seats for _, seats in plan[:3]] == [["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"]]


def test_json_shape_and_pooling_of_repeated_bots(capsys: pytest.CaptureFixture[str]) -> None:
    obj = _json(capsys, "--bots", "rules,random,random,random", "--matches", "4", "--seed", "j")
    assert obj["matches"] == 4 and obj["players"] == 4 and obj["seed"] == "j"
    bots = obj["bots"]
    assert isinstance(bots, list)
    assert [b["name"] for b in bots] == ["rules", "random"]
    rules, rand = bots
    assert rules["matches"] == 4 and rand["matches"] == 12
    for b in bots:
        for key, kind in [
            ("matches", int),
            ("wins", (int, float)),
            ("win_rate", float),
            ("deal_loss_rate", float),
            ("mean_penalty", float),
            ("seconds_per_move", float),
        ]:
            assert isinstance(b[key], kind), key
        lo, hi = b["win_rate_ci95"]
        assert 0.0 <= lo <= b["win_rate"] <= hi <= 1.0
        assert 0.0 <= b["deal_loss_rate"] <= 1.0
        assert b["seconds_per_move"] >= 0.0
    # Every match has a winner or a shared win: the wins add up to the matches.
    assert rules["wins"] + rand["wins"] == pytest.approx(4)


def test_results_repeat_for_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--bots", "hard,normal,easy", "--matches", "3", "--seed", "rep", "--think", "0.01")

    def strip(obj: dict[str, object]) -> object:
        bots = obj["bots"]
        assert isinstance(bots, list)
        return [{k: v for k, v in b.items() if "seconds" not in k} for b in bots]

    assert strip(_json(capsys, *args)) == strip(_json(capsys, *args))


def test_text_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "rules,random", "--matches", "2", "--seed", "t"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines[0].startswith("arena: 2 matches")
    assert lines[1].split()[:2] == ["bot", "matches"]
    assert lines[2].split()[0] == "rules" and lines[3].split()[0] == "random"
    assert captured.err == ""  # no progress bar when stderr is not a terminal


def test_cheater_needs_the_flag(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "cheater,rules", "--matches", "1", "--seed", "c"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--allow-cheater" in err
    obj = _json(
        capsys,
        *("--bots", "cheater,random", "--allow-cheater", "--matches", "2", "--seed", "c"),
        *("--think", "0.01"),
    )
    bots = obj["bots"]
    assert isinstance(bots, list) and bots[0]["name"] == "cheater"


def test_out_keeps_every_match_as_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tt22.record import load_record, verify_record

    out = tmp_path / "recs"
    assert (
        main(
            ["arena", "--bots", "rules,random", "--matches", "2", "--seed", "o", "--out", str(out)]
        )
        == 0
    )
    files = sorted(out.iterdir())
    assert [f.name for f in files] == ["match-00001.22rec", "match-00002.22rec"]
    for f in files:
        rec = load_record(f)
        assert rec.seed == "o/1"
        assert verify_record(rec).error is None
        assert all(m.think is not None for m in rec.moves)
    capsys.readouterr()


@pytest.mark.parametrize(
    "args",
    [
        ["--bots", "rules,nobody"],
        ["--bots", "rules"],
        ["--bots", ",".join(["rules"] * 10)],
        ["--bots", "rules,random", "--matches", "0"],
        ["--bots", "rules,random", "--think", "-1"],
        ["--bots", "rules,random", "--think", "nan"],
        ["--bots", "rules,random", "--think", "soon"],
        ["--bots", "rules,random", "--rule", "must_beat=perhaps"],
        ["--bots", "rules,random", "--seed", "  "],
        ["--bots", "rules,random", "--format", "xml"],
        ["--matches", "3"],
    ],
)
def test_bad_flags_exit_2_with_one_line(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        code = main(["arena", *args])
        raise SystemExit(code)
    assert exc.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err


def test_wilson_interval() -> None:
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.2 < hi < 0.35
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(1 - hi) and 0.39 < lo < 0.41


def test_progress_bar_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["arena", "--bots", "rules,random", "--matches", "2", "--seed", "p"]) == 0
    err = capsys.readouterr().err
    assert "\rarena [" in err and err.endswith("2/2\n")
