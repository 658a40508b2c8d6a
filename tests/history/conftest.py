"""Records folders for the history's tests: real matches played by the engine's bots
(`tt22.core.bots.play_match`, as `tt22 sim` plays them), saved as `tt22 sim --out` and
the table save them, with a person at seat 0."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from tt22.core.bots import make_bot, play_match
from tt22.core.players import Player
from tt22.core.registry import get_game
from tt22.record import build_record, save_record

WriteMatch = Callable[..., Path]


@functools.cache
def played(game: str, seed: str) -> tuple[Any, tuple[Any, ...]]:
    """The rules and moves of a match of `game` between random bots (cached: the same
    match written under many names costs one playing)."""
    g = get_game(game)
    n = g.default_players
    rules = g.rules((), n)
    bots = [make_bot(game, "random", seed, s) for s in range(n)]
    state, moves, _ = play_match(g, rules, seed, bots, hands=200)
    assert g.is_over(state)
    return rules, tuple(moves)


def seats(n: int, person: str = "Ann", levels: Sequence[str] = ("normal",)) -> list[Player]:
    return [Player(person)] + [
        Player(f"Bot {s}", "bot", levels[(s - 1) % len(levels)]) for s in range(1, n)
    ]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of its own (TT22_HOME), with an empty records folder."""
    folder = tmp_path / "data"
    (folder / "records").mkdir(parents=True)
    monkeypatch.setenv("TT22_HOME", str(folder))
    return folder


@pytest.fixture
def write_match(home: Path) -> WriteMatch:
    """`write_match(name, game=..., seed=..., started=..., players=..., think=...)`: a
    finished match saved as records/`name`; returns its path."""

    def write(
        name: str,
        game: str = "twentytwo",
        seed: str = "history",
        started: dt.datetime | None = None,
        players: list[Player] | None = None,
        think: float | None = None,
    ) -> Path:
        rules, moves = played(game, seed)
        n = get_game(game).default_players
        when = started or dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC)
        record = build_record(rules, seed, players or seats(n), list(moves), when)
        if think is not None:
            import msgspec

            record = msgspec.structs.replace(
                record,
                moves=[msgspec.structs.replace(rm, think=think) for rm in record.moves],
            )
        path = home / "records" / name
        save_record(path, record)
        return path

    return write
