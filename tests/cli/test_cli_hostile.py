"""Issue 9, items 6 to 8: hostile command lines and files get one line and exit 2 (or,
for the settings, are ignored with a warning); never a traceback, a hang, a flood of
output or a replaced device node."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from paths import ROOT

from tt22.cli import MAX_LINE, main
from tt22.core.players import Player
from tt22.games.twentytwo import Rules
from tt22.record import build_record, save_record
from tt22.tui.settings import Settings, read_settings, save_settings


def tt22(*args: str | bytes, home: Path, timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    """`python -m tt22 ARGS` as a real process: bytes arguments arrive as the shell
    would pass them (a byte that is not UTF-8 becomes a lone surrogate in sys.argv)."""
    env = {**os.environ, "TT22_HOME": str(home), "PYTHONUTF8": "0", "LC_ALL": "C.UTF-8"}
    return subprocess.run(
        [sys.executable, "-m", "tt22", *args],
        capture_output=True,
        timeout=timeout,
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
    )


def one_line(result: subprocess.CompletedProcess[bytes], code: int = 2) -> str:
    err = result.stderr.decode("utf-8")
    assert result.returncode == code, (result.returncode, err)
    assert "Traceback" not in err
    assert err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("command", ["sim", "arena", "bench", "play"])
def test_a_seed_that_is_not_utf8_is_one_line(command: str, tmp_path: Path) -> None:
    more = ["--bots", "random,random", "--matches", "1"] if command == "arena" else []
    err = one_line(tt22(command, *more, "--seed", b"\xff\xfe", home=tmp_path))
    assert "not valid text" in err


@pytest.mark.parametrize("command", ["sim", "play", "bench"])
def test_a_201_character_seed_is_one_line(command: str, tmp_path: Path) -> None:
    err = one_line(tt22(command, "--seed", "s" * 201, home=tmp_path))
    assert "at most 200 characters, not 201" in err


def test_a_200_character_seed_plays(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--players", "2", "--seed", "s" * 200]) == 0


def test_bench_refuses_an_empty_seed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--seed", "", "--games", "1"]) == 2
    assert "the seed is empty" in capsys.readouterr().err
    assert main(["bench", "--seed", "  ", "--games", "1"]) == 2


def test_a_non_ascii_digit_is_not_a_number(capsys: pytest.CaptureFixture[str]) -> None:
    for value in ("٣", "３", "1_0", "+3"):
        assert main(["sim", "--rule", f"first_hand={value}"]) == 2
        err = capsys.readouterr().err
        assert "first_hand must be a whole number" in err and err.count("\n") == 1
    assert main(["sim", "--players", "2", "--rule", "first_hand=3"]) == 0
    assert main(["sim", "--rule", "first_hand=-3"]) == 2
    assert "first_hand must be 1 to" in capsys.readouterr().err


@pytest.mark.parametrize(
    "args",
    [
        ["sim", "--rule", "x" * 100_000],
        ["sim", "--rule", "first_hand=" + "9" * 100_000],
        ["sim", "--players", "9" * 100_000],
        ["sim", "--bots", "b" * 100_000],
        ["show", "f" * 100_000],
    ],
)
def test_huge_arguments_are_cut_in_the_error_line(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(args)
    except SystemExit as e:  # argparse's own errors
        code = int(e.code or 0)
    assert code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < MAX_LINE + 40, len(err)


# ---------------------------------------------------------------- settings.json
def test_settings_that_are_a_fifo_do_not_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "settings.json")
    settings, problem = read_settings(tmp_path)  # (a blocking open would hang here)
    assert settings == Settings() and problem is not None and "not a regular file" in problem
    # and the real program starts and refuses a bad argument rather than hanging
    one_line(tt22("play", "--pace", "99", home=tmp_path, timeout=30))


def test_settings_linked_to_dev_zero_are_not_read(tmp_path: Path) -> None:
    (tmp_path / "settings.json").symlink_to("/dev/zero")
    settings, problem = read_settings(tmp_path)
    assert settings == Settings() and problem is not None


def test_oversized_settings_are_ignored(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_bytes(b" " * 70_000 + b"{}")
    settings, problem = read_settings(tmp_path)
    assert settings == Settings() and problem is not None and "larger than" in problem


def test_a_100_character_name_in_the_settings_is_ignored(tmp_path: Path) -> None:
    save_settings(Settings(name="N" * 100, ascii_cards=True), tmp_path)
    settings, problem = read_settings(tmp_path)
    assert settings.name == "" and settings.ascii_cards  # the rest is kept
    assert problem is not None and "name" in problem
    # The play command uses the settings' name for seat 0: it starts (and is refused a
    # bad argument after reading them) without a RecordError.
    one_line(tt22("play", "--seed", "ok", "--pace", "99", home=tmp_path))


async def test_the_app_warns_once_about_ignored_settings(tmp_path: Path) -> None:
    from tt22.tui.app import StartOptions, TT22App

    (tmp_path / "settings.json").symlink_to("/dev/zero")
    app = TT22App(StartOptions(language="en", home=tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert len(messages) == 1 and "settings.json" in messages[0]


# ---------------------------------------------------------------- sim --out
def test_sim_out_refuses_an_existing_file_unless_forced(tmp_path: Path) -> None:
    target = tmp_path / "m.22rec"
    target.write_text("keep me")
    err = one_line(tt22("sim", "--players", "2", "--out", str(target), home=tmp_path))
    assert "exists; --force replaces it" in err
    assert target.read_text() == "keep me"
    done = tt22("sim", "--players", "2", "--out", str(target), "--force", home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert target.read_bytes().startswith(b"{")


def test_sim_out_never_replaces_a_symlink_or_a_device(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("the link's target")
    link = tmp_path / "link.22rec"
    link.symlink_to(real)
    for path in (link, Path("/dev/null")):
        before = os.lstat(path)
        err = one_line(tt22("sim", "--players", "2", "--out", str(path), "--force", home=tmp_path))
        assert "not a regular file; not replaced" in err
        after = os.lstat(path)
        assert stat.S_IFMT(after.st_mode) == stat.S_IFMT(before.st_mode)
        assert after.st_ino == before.st_ino
    assert link.is_symlink() and real.read_text() == "the link's target"


# ---------------------------------------------------------------- show --format json
def test_show_json_escapes_bidi_overrides_and_c1_controls(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from recordkit import STARTED, match_moves

    hidden = "a\u202eb\u0085c\u009bd\u2028e\u2066f\U000e0001g"
    seed = "kit"
    players = [Player("Ann" + hidden, "bot", "random"), Player("Bob", "bot", "random")]
    record = build_record(Rules(), seed, players, list(match_moves(2, seed)), STARTED)
    path = tmp_path / "r.22rec"
    save_record(path, record)
    assert main(["show", "--format", "json", str(path)]) == 0
    out = capsys.readouterr().out
    for ch in hidden:
        if not ch.isalpha():
            assert ch not in out, repr(ch)
    for escape in ("\\u202e", "\\u0085", "\\u009b", "\\u2028", "\\u2066", "\\udb40\\udc01"):
        assert escape in out
    data = json.loads(out)  # still valid JSON, and the same value
    assert data["players"][0]["name"] == "Ann" + hidden
    # Otherwise the exact transcript: the same as msgspec's own formatting.
    data["players"][0]["name"] = "Ann"
    plain = msgspec.json.format(msgspec.json.encode(data), indent=2).decode() + "\n"
    assert out.replace(json.dumps(hidden)[1:-1], "") == plain


def test_show_json_keeps_other_text_as_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from recordkit import STARTED, match_moves

    players = [Player("Zoë 한국 日本", "bot", "random"), Player("Bob", "bot", "random")]
    record = build_record(Rules(), "kit", players, list(match_moves(2, "kit")), STARTED)
    save_record(tmp_path / "r.22rec", record)
    assert main(["show", "--format", "json", str(tmp_path / "r.22rec")]) == 0
    assert '"name": "Zoë 한국 日本"' in capsys.readouterr().out
