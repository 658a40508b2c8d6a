"""`tt22 sim` and `tt22 bench` from the outside: same arguments, same output; the JSON
transcript has TRANSCRIPT.md's exact shape; bad input is one line and exit status 2;
the fast commands never load Textual."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

import pytest
from paths import ROOT

from tt22.cli import main

# The spec lives outside the repository for the team; a copy of its example is kept
# here so the test runs from a clean checkout. It is TRANSCRIPT.md's example verbatim.
TRANSCRIPT_EXAMPLE = r"""
{
  "format": "tt22-transcript",
  "version": 1,
  "seed": "the seed string as the user would type it",
  "rules": {"decks": 1, "max_set": 4, "first_hand": 7, "elimination_at": 22,
            "exchange": "up_to_stock", "must_beat": false, "all_out": "lowest_total",
            "first_dealer": "high_card"},
  "players": [{"seat": 0, "name": "Ann", "kind": "human", "bot": null},
              {"seat": 1, "name": "Bot 1", "kind": "bot", "bot": "random"}],
  "first_dealer": {
    "draws": [[{"seat": 0, "card": "KD"}, {"seat": 1, "card": "KS"}],
              [{"seat": 0, "card": "4C"}, {"seat": 1, "card": "9H"}]],
    "dealer": 1
  },
  "deals": [
    {
      "number": 1,
      "dealer": 1,
      "hand_size": 7,
      "players_in": [0, 1],
      "hands": [["AS", "..."], ["..."]],
      "stock": ["4C", "..."],
      "exchanges": [{"seat": 0, "discard": ["KH"], "draw": ["4C"]},
                    {"seat": 1, "discard": [], "draw": []}],
      "tricks": [{"leader": 0, "plays": [{"seat": 0, "cards": ["9S", "9H"]},
                                         {"seat": 1, "cards": ["TD", "9C"]}], "winner": 1}],
      "showdown": [{"seat": 0, "card": "3C"}, {"seat": 1, "card": "QH"}],
      "losers": [1],
      "penalty": 10,
      "totals": [0, 10],
      "eliminated": []
    }
  ],
  "result": {"finished": true, "winners": [0]}
}
"""

CARD = re.compile(r"^[23456789TJQKA][SHDC]$")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tt22", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def _sim(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["sim", *args]) == 0
    return capsys.readouterr().out


def test_sim_same_arguments_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--players", "5", "--seed", "same", "--rule", "must_beat=true"]
    text = _sim(capsys, *args)
    assert text == _sim(capsys, *args)
    assert "Deal 1" in text
    js = _sim(capsys, *args, "--format", "json")
    assert js == _sim(capsys, *args, "--format", "json")
    assert _sim(capsys, "--players", "5", "--seed", "other", "--format", "json") != js
    # And in a fresh interpreter: the same bytes.
    fresh = _run("sim", *args, "--format", "json")
    assert fresh.returncode == 0 and fresh.stdout == js


def _same_shape(example: Any, actual: Any, path: str) -> None:
    """Keys by name and order; values by type; lists element by element against the
    example's first element (the example abbreviates lists)."""
    if isinstance(example, dict):
        assert isinstance(actual, dict), path
        assert list(actual) == list(example), f"{path}: keys {list(actual)} != {list(example)}"
        for key in example:
            _same_shape(example[key], actual[key], f"{path}.{key}")
    elif isinstance(example, list):
        if re.search(r"\.hands\[\d+\]$", path) and actual is None:
            return  # "null for a seat already eliminated"
        assert isinstance(actual, list), path
        if example:
            for i, item in enumerate(actual):
                _same_shape(example[0], item, f"{path}[{i}]")
    elif isinstance(example, bool):
        assert isinstance(actual, bool), path
    elif isinstance(example, int):
        assert isinstance(actual, int) and not isinstance(actual, bool), path
    elif isinstance(example, str):
        assert isinstance(actual, str), path
        if CARD.match(example) or example == "...":
            assert CARD.match(actual), f"{path}: {actual!r} is not a card"
    elif example is None:
        assert actual is None or isinstance(actual, str), path  # "bot": null or a name


def _transcript_example() -> Any:
    """The spec's example: from docs/transcript.md when the repository carries the spec,
    else the verbatim copy above (and then the two must agree)."""
    copy = json.loads(TRANSCRIPT_EXAMPLE)
    doc = ROOT / "docs" / "transcript.md"
    if doc.exists():
        block = re.search(r"```json\n(.*?)\n```", doc.read_text(encoding="utf-8"), re.S)
        assert block is not None, "docs/transcript.md has no JSON example"
        example = json.loads(block.group(1))
        assert example == copy
        return example
    return copy


def test_sim_json_has_the_transcript_shape_key_by_key(capsys: pytest.CaptureFixture[str]) -> None:
    example = _transcript_example()
    for players, rules in ((2, []), (4, ["exchange=stop_when_short"]), (8, ["all_out=no_winner"])):
        rule_args = [a for r in rules for a in ("--rule", r)]
        out = _sim(
            capsys, "--players", str(players), "--seed", "shape", *rule_args, "--format", "json"
        )
        data = json.loads(out)
        _same_shape(example, data, "$")
        assert data["seed"] == "shape"
        assert list(data["rules"]) == list(example["rules"])
        assert [p["seat"] for p in data["players"]] == list(range(players))
        assert data["result"]["finished"] is True
        for deal in data["deals"]:
            assert len(deal["hands"]) == players
            for seat, hand in enumerate(deal["hands"]):
                if seat in deal["players_in"]:
                    assert hand is not None and len(hand) == deal["hand_size"]
                else:
                    assert hand is None
            assert [e["seat"] for e in deal["exchanges"]] == sorted(
                deal["players_in"], key=lambda s, d=deal["dealer"], n=players: (s - d - 1) % n
            )
            for e in deal["exchanges"]:
                assert len(e["discard"]) == len(e["draw"])
            assert [s["seat"] for s in deal["showdown"]] == deal["players_in"]
        assert out.endswith("}\n")


def test_sim_json_seat_null_for_eliminated_seats(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(
        _sim(
            capsys,
            "--players",
            "4",
            "--seed",
            "null",
            "--rule",
            "elimination_at=8",
            "--format",
            "json",
        )
    )
    later = [d for d in data["deals"] if len(d["players_in"]) < 4]
    assert later, "no seat was eliminated before the last deal"
    assert any(h is None for d in later for h in d["hands"])


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["sim", "--bogus"], "unrecognized arguments"),
        (["sim", "--rule", "nosuch=1"], "unknown rule"),
        (["sim", "--rule", "must_beat=maybe"], "must_beat"),
        (["sim", "--rule", "exchange=sometimes"], "exchange"),
        (["sim", "--rule", "first_hand=99"], "first_hand"),
        (["sim", "--rule", "decks"], "NAME=VALUE"),
        (["sim", "--players", "10"], "2 to 9 players"),
        (["sim", "--players", "1"], "2 to 9 players"),
        (["sim", "--players", "many"], "invalid int"),
        (["sim", "--format", "xml"], "invalid choice"),
        (["sim", "--seed", "  "], "seed"),
        (["bench", "--players", "10", "--games", "1"], "2 to 9 players"),
        (["bench", "--games", "0"], "--games"),
    ],
)
def test_bad_input_is_one_line_and_exit_status_2(
    args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(args)
    except SystemExit as e:  # argparse's own errors
        code = e.code
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert fragment in lines[0]


@pytest.mark.parametrize(
    "args",
    [["sim", "--bogus"], ["sim", "--rule", "nosuch=1"], ["sim", "--players", "10"]],
)
def test_bad_input_in_a_real_process_has_no_traceback(args: list[str]) -> None:
    result = _run(*args)
    assert result.returncode == 2, result
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert "Traceback" not in result.stderr


def test_bench_prints_decisions_per_second_last() -> None:
    result = _run("bench", "--games", "2", "--players", "3")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert re.match(r"^decisions/s: \d+$", lines[-1])


_NO_TEXTUAL = r"""
import sys
import tt22.core, tt22.games.twentytwo
assert "textual" not in sys.modules, "importing 22's engine loaded textual"
from tt22.cli import main
try:
    main(["--help"])
except SystemExit as e:
    assert e.code in (0, None)
assert "textual" not in sys.modules, "tt22 --help loaded textual"
print("ok")
"""


def test_help_and_engine_do_not_import_textual() -> None:
    result = subprocess.run(
        [sys.executable, "-c", _NO_TEXTUAL], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "ok"
    assert "sim" in result.stdout and "bench" in result.stdout


def test_sim_json_deals_what_docs_seeds_md_specifies(capsys: pytest.CaptureFixture[str]) -> None:
    """A program with only the transcript and docs/seeds.md can check every deal: the
    first-dealer draw, each deal's hands and stock, and the exchange draws from the top."""
    from seedref import ref_deal, ref_first_dealer, ref_key

    from tt22.core.cards import CODE

    for players, seed in ((3, "docs check"), (7, "Docs Check 7")):
        data = json.loads(
            _sim(capsys, "--players", str(players), "--seed", seed, "--format", "json")
        )
        key = ref_key(data["seed"])
        decks = data["rules"]["decks"]
        rounds, dealer = ref_first_dealer(key, players, decks)
        assert [[{"seat": s, "card": TEXT_OF[c]} for s, c in r] for r in rounds] == data[
            "first_dealer"
        ]["draws"]
        assert data["first_dealer"]["dealer"] == dealer
        penalties: list[int] = []
        out = [False] * players
        wanted = data["rules"]["first_hand"]
        for deal in data["deals"]:
            hands, stock = ref_deal(
                key, deal["number"], decks, penalties, out, deal["dealer"], wanted
            )
            assert deal["hands"] == [None if h is None else [TEXT_OF[c] for c in h] for h in hands]
            assert deal["stock"] == [TEXT_OF[c] for c in stock]
            top = 0
            for e in deal["exchanges"]:
                assert e["draw"] == deal["stock"][top : top + len(e["draw"])]
                top += len(e["draw"])
            penalties += [CODE[s["card"]] for s in deal["showdown"] if s["seat"] in deal["losers"]]
            for seat in deal["eliminated"]:
                out[seat] = True
            wanted = deal["penalty"]


TEXT_OF = [r + s for r in "23456789TJQKA" for s in "SHDC"]
