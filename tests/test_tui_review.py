"""Pilot and unit tests for the fixes of the fresh-eyes UI review (items A1..C10)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import RichLog, Static

from tt22.engine import Rules
from tt22.engine.players import Player
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.i18n import set_language
from tt22.tui.screens.summary import DealSummaryScreen
from tt22.tui.screens.table import TableScreen
from tt22.tui.widgets.hand import HandView


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TT22_HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "C")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    set_language("en")
    return tmp_path


def table_app(
    players: int = 3,
    seed: str = "pilot",
    humans: int = 1,
    watch: bool = False,
    first: str = "Ann",
    language: str = "en",
    **rules: object,
) -> TT22App:
    seats = [] if watch else [Player(first)]
    seats += [Player(f"Human {i}") for i in range(1, humans)]
    seats += [Player(f"Bot {i}", "bot", "random") for i in range(len(seats), players)]
    return TT22App(
        StartOptions(
            rules=Rules(**rules).for_players(players),  # type: ignore[arg-type]
            players=seats,
            seed=seed,
            pace=0.0,
            language=language,
            watch=watch,
        )
    )


async def wait_for(pilot: Pilot[None], cond: Callable[[], bool], timeout: float = 30.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not cond():
        if loop.time() > end:
            raise AssertionError("timed out waiting for the app")
        await pilot.pause(0.01)


def table(app: TT22App) -> TableScreen:
    for screen in app.screen_stack:
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError("no table screen")


def my_turn(app: TT22App) -> bool:
    return isinstance(app.screen, TableScreen) and app.screen.human_view() is not None


def text_of(app: TT22App, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def footer_keys(app: TT22App) -> list[str]:
    return [b.binding.description for b in app.screen.active_bindings.values() if b.binding.show]


# --- A1: NO_COLOR -------------------------------------------------------------------
async def test_no_color_draws_the_table_hidden_hands_and_summary(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = table_app(players=3, humans=2, seed="no colour")
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.no_color
        screen = table(app)
        assert screen.must_reveal()
        app.export_screenshot()  # the hidden hand, drawn through the monochrome filter
        await pilot.press("enter")
        await pilot.pause()
        assert (
            "▲" in app.export_screenshot().replace("&#9650;", "▲")
            or screen.query_one(HandView).cards
        )
    app = table_app(players=3, seed="no colour", watch=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, DealSummaryScreen), 60)
        app.export_screenshot()
        assert app.return_code in (None, 0)


# --- A2 -----------------------------------------------------------------------------
def test_play_returns_the_apps_return_code(monkeypatch: pytest.MonkeyPatch) -> None:
    from tt22.cli import main

    def crashed(self: TT22App) -> None:
        self._return_code = 1

    monkeypatch.setattr(TT22App, "run", crashed)
    assert main(["play", "--players", "3", "--seed", "x"]) == 1


# --- B1 -----------------------------------------------------------------------------
async def test_arrows_move_the_cursor_after_a_summary_with_the_log_open() -> None:
    app = table_app(players=3, seed="arrows")
    async with app.run_test(size=(200, 60)) as pilot:
        screen = table(app)
        assert screen.query_one("#log", RichLog).display
        await wait_for(pilot, lambda: my_turn(app) or isinstance(app.screen, DealSummaryScreen))
        while not isinstance(app.screen, DealSummaryScreen):
            v = screen.human_view()
            assert v is not None
            await pilot.press("enter" if v.exchanging else "d")
            await wait_for(pilot, lambda: my_turn(app) or isinstance(app.screen, DealSummaryScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: my_turn(app))
        assert app.focused is None or not isinstance(app.focused, RichLog)
        hand = screen.query_one(HandView)
        start = hand.cursor
        await pilot.press("right")
        assert hand.cursor == (start + 1) % len(hand.cards)


# --- B4 and C4 ----------------------------------------------------------------------
async def test_space_and_enter_in_one_burst_play_the_card() -> None:
    app = table_app(players=3, seed="burst")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(app)
        await wait_for(pilot, lambda: my_turn(app))
        assert screen.human_view().exchanging  # type: ignore[union-attr]
        assert "Discard/keep" in footer_keys(app) and "Play" not in footer_keys(app)
        await pilot.press("enter")  # keep
        await wait_for(
            pilot,
            lambda: my_turn(app) and not screen.human_view().exchanging,  # type: ignore[union-attr]
        )
        assert "Play" in footer_keys(app) or screen.query_one(HandView).selection == []
        moves = len(screen.session.moves)
        hand = screen.query_one(HandView)
        hand.cursor = 0
        # Both keys queued before either is handled, as a terminal burst arrives.
        app.post_message(events.Key("space", " "))
        app.post_message(events.Key("enter", "\r"))
        await wait_for(pilot, lambda: len(screen.session.moves) > moves)
        assert screen.session.moves[moves].seat == 0


async def test_hot_seat_footer_says_show_hand() -> None:
    app = table_app(players=2, humans=2, seed="hot seat")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert table(app).must_reveal()
        keys = footer_keys(app)
        assert "Show hand" in keys and "Play" not in keys
