"""What the table tells a player when the autosave fails: what really happened to the
match's file (not saved, a read-only folder), said once (issue 9, item 3)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pilotkit import wait_for
from textual.pilot import Pilot

from tt22.core.players import Player
from tt22.games.twentytwo import Rules
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.twentytwo.table import TableScreen
from tt22.tui.i18n import set_language
from tt22.tui.screens.home import HomeScreen


@pytest.fixture(autouse=True)
def _lang(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "C")
    monkeypatch.delenv("LC_ALL", raising=False)
    set_language("en")


def table_app(home: Path) -> TT22App:
    seats = [Player("Ann"), Player("Bot 1", "bot", "random")]
    return TT22App(
        StartOptions(
            rules=Rules().for_players(2),
            players=seats,
            seed="honest",
            pace=0.0,
            language="en",
            home=home,
        )
    )


def my_turn(app: TT22App) -> bool:
    return isinstance(app.screen, TableScreen) and app.screen.human_view() is not None


async def play_moves(pilot: Pilot[None], app: TT22App, n: int) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen)
    for _ in range(n):
        await wait_for(pilot, lambda: my_turn(app) or screen.session.state.over)
        if screen.session.state.over or not isinstance(app.screen, TableScreen):
            break
        before = len(screen.session.moves)
        await pilot.press("d" if screen.human_view().playing else "enter")  # type: ignore[union-attr]
        await wait_for(pilot, lambda b=before: len(screen.session.moves) > b)  # type: ignore[misc]
    return screen


def spy(app: TT22App) -> list[str]:
    """Every message the app is asked to show (toasts expire; this list does not)."""
    told: list[str] = []
    notify = app.notify

    def record(message: str, **kw: object) -> None:
        told.append(message)
        notify(message, **kw)  # type: ignore[arg-type]

    app.notify = record  # type: ignore[method-assign]
    return told


def failures(told: list[str]) -> list[str]:
    return [m for m in told if "Could not save" in m]


async def test_leaving_says_not_saved_when_the_data_folder_is_a_file(tmp_path: Path) -> None:
    home = tmp_path / "data"
    home.write_text("a file where the data folder should be")
    app = table_app(home)
    told = spy(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        screen = await play_moves(pilot, app, 4)
        assert screen.session.save_problem
        assert len(failures(told)) == 1  # told once, not on every move
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert not any(m.startswith("Saved.") for m in told), told
        assert len(failures(told)) == 2 and str(home) in told[-1]


async def test_a_read_only_folder_is_told_once_without_the_temporary_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As a read-only folder fails for a normal user (tests may run as root, for whom a
    mode of 0o555 changes nothing): creating the temporary file is refused, naming it."""
    import tempfile

    home = tmp_path / "data"
    home.mkdir()
    calls = 0

    def refuse(*args: object, dir: str = "", prefix: str = "", **kw: object) -> tuple[int, str]:
        nonlocal calls
        calls += 1
        name = os.path.join(dir, f"{prefix}{os.urandom(4).hex()}.tmp")
        raise PermissionError(13, "Permission denied", name)

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    app = table_app(home)
    told = spy(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        await play_moves(pilot, app, 5)
        assert calls >= 5
        assert len(failures(told)) == 1, told
        assert ".tmp" not in failures(told)[0] and "Permission denied" in failures(told)[0]
        # Writing works again: leaving saves the match and says so.
        monkeypatch.undo()
        monkeypatch.setenv("LANG", "C")
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert told[-1].startswith("Saved."), told
        assert (home / "current.22rec").is_file()
