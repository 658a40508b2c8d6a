"""`tt22 play` goes to the table, as its help says, whatever display options come with
it (issue 21, review L1: `tt22 play`, `tt22 play --ascii` and `tt22 play --name Ann`
opened the home screen); `tt22` with no command opens the home screen. Real processes
in a real terminal, as a person starts them."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from ptykit import run_in_a_pty, screen_of


def env_for(home: Path) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(home),
        "TT22_HOME": str(home / "data"),
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
    }


def shows(*words: str) -> Callable[[bytes], bool]:
    def enough(out: bytes) -> bool:
        text = "\n".join(screen_of(out))
        return all(w in text for w in words)

    return enough


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play"], ["Deal 1", "You"]),
        (["play", "--ascii"], ["Deal 1", "You"]),
        (["play", "--name", "Ann"], ["Deal 1", "Ann"]),
        (["play", "--lang", "ko"], ["1번째 딜"]),
        (["play", "--game", "rook", "--name", "Ann"], ["Rook", "Ann"]),
    ],
)
def test_play_goes_to_the_table(tmp_path: Path, args: list[str], words: list[str]) -> None:
    enough = shows(*words)
    out = run_in_a_pty(args, env_for(tmp_path), enough, limit=60)
    assert enough(out), "\n".join(screen_of(out))
    assert "New game" not in "\n".join(screen_of(out))


@pytest.mark.parametrize("args", [[], ["--ascii"], ["--lang", "en"]])
def test_tt22_alone_opens_the_home_screen(tmp_path: Path, args: list[str]) -> None:
    enough = shows("New game", "Rules and keys")
    out = run_in_a_pty(args, env_for(tmp_path), enough, limit=60)
    assert enough(out), "\n".join(screen_of(out))
    assert "Deal 1" not in "\n".join(screen_of(out))
