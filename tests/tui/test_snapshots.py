"""Every game's screens at 80x24, kept as snapshots (tests/kits/snapkit.py): the table at the
person's first turn, the replayer at the start and at the end of a sample record, the
hand and match summaries, the rules and keys, and the home, new-game, settings and
record-browser screens.

They pin the interface while its code is moved into one table and one replayer (issue
22: "the screens unchanged at 80x24"). A snapshot that changes on purpose is written
anew with TT22_UPDATE_SNAPSHOTS=1 and looked at before it is committed.
"""

from __future__ import annotations

import datetime as dt
import shutil
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from paths import ROOT
from pilotkit import wait_for
from snapkit import check_snapshot
from textual.pilot import Pilot
from textual.screen import ModalScreen, Screen

from tt22.core.players import Player
from tt22.core.registry import get_game
from tt22.games.twentytwo.rules import Rules
from tt22.record import fork_record, load_record, replay_game
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.twentytwo.replay import TwentyTwoReplay, TwentyTwoReplayScreen
from tt22.tui.i18n import set_language
from tt22.tui.replay.picker import RecordPicker
from tt22.tui.tables import NewTable, replay_screen

SIZE = (80, 24)
RECORDS = ROOT / "records"
# A fixed data folder per snapshot: a path the screen shows (a record saved) is the
# same at every run.
HOMES = Path("/tmp/tt22-snapshots")
SAMPLES = {
    "twentytwo": "4p-random.22rec",
    "rook": "4p-rook.22rec",
    "rook2": "2p-rook-dummy.22rec",
    "rummy": "4p-rummy.22rec",
    "gin": "2p-gin.22rec",
    "oklahoma": "2p-oklahoma-gin.22rec",
}
TABLES = {  # name: (game, players, rules)
    "twentytwo-4": ("twentytwo", 4, ()),
    "twentytwo-9": ("twentytwo", 9, ()),
    "rook-4": ("rook", 4, ()),
    "rook-3": ("rook", 3, ()),
    "rook-2": ("rook", 2, ()),
    "rummy-4": ("rummy", 4, ()),
    "rummy-2": ("rummy", 2, ()),
    "gin": ("gin", 2, ()),
    "oklahoma": ("gin", 2, ("knock_limit=upcard",)),
}
LANGUAGES = ("en", "ko", "ja")


@pytest.fixture(autouse=True)
def _english() -> None:
    set_language("en")


def home_for(name: str) -> Path:
    home = HOMES / name
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir(parents=True)
    return home


def seated(players: int) -> list[Player]:
    return [Player("Ann")] + [Player(f"Bot {s}", "bot", "normal") for s in range(1, players)]


async def settle(app: TT22App, pilot: Pilot[None], ready: Callable[[], bool]) -> None:
    await wait_for(pilot, lambda: app.screen.is_mounted and ready())
    for _ in range(6):
        await pilot.pause()
    app.clear_notifications()
    await pilot.pause()


def persons_turn(app: TT22App) -> bool:
    screen = app.screen
    for name in ("human_view", "my_view"):
        mine = getattr(screen, name, None)
        if mine is not None:
            return mine() is not None
    return False


async def shoot(
    name: str,
    options: StartOptions,
    ready: Callable[[TT22App], bool],
    then: Callable[[TT22App, Pilot[None]], Awaitable[None]] | None = None,
) -> None:
    app = TT22App(options)
    app.NOTIFICATION_TIMEOUT = 600
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: len(app.screen_stack) >= 1)
        if then is not None:
            await then(app, pilot)
        await settle(app, pilot, lambda: ready(app))
        check_snapshot(app, name)


# ---------------------------------------------------------------- the tables


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("table", sorted(TABLES))
async def test_the_table_at_the_first_turn(table: str, language: str) -> None:
    game, players, rules = TABLES[table]
    name = f"table-{table}-{language}"
    options = StartOptions(pace=0.0, language=language, home=home_for(name))
    if game == "twentytwo":
        options.rules, options.players, options.seed = (
            Rules().for_players(players),
            seated(players),
            "snapshot",
        )
    else:
        options.table = NewTable(game, rules, "snapshot", tuple(seated(players)))
    await shoot(name, options, persons_turn)


# ---------------------------------------------------------------- the replayers


def replay_options(sample: str, language: str, home: Path, at_end: bool) -> StartOptions:
    path = RECORDS / SAMPLES[sample]
    record = load_record(path)
    n = len(record.moves)

    def screen() -> Screen[Any]:
        start = n if at_end else 0
        if record.game == "twentytwo":
            return TwentyTwoReplayScreen(
                TwentyTwoReplay.from_record(record), path, start=start, standalone=True
            )
        return replay_screen(record.game, record, path, start=start, standalone=True)

    return StartOptions(pace=0.0, language=language, home=home, screen=screen)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("where", ["start", "end"])
@pytest.mark.parametrize("sample", sorted(SAMPLES))
async def test_the_replayer(sample: str, where: str, language: str) -> None:
    name = f"replay-{sample}-{where}-{language}"
    options = replay_options(sample, language, home_for(name), where == "end")
    await shoot(name, options, lambda app: len(app.screen_stack) > 1)


# ---------------------------------------------------------------- the summaries


def fork_before(sample: str, last_of_match: bool) -> tuple[Any, int]:
    """The sample's record cut just before the last move of its first hand (or of the
    match), with a person at a seat that does not make that move: the bot makes it
    at the table, and the summary opens. The person's seat too."""
    record = load_record(RECORDS / SAMPLES[sample])
    game = get_game(record.game)
    states = replay_game(record).states
    if last_of_match:
        i = len(states) - 2
    else:
        i = next(
            k
            for k in range(len(states) - 1)
            if game.locate(states[k + 1]).hand > game.locate(states[k]).hand
        )
    mover = game.to_move(states[i])
    you = (mover + 1) % len(record.players)
    started = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC)
    forked = fork_record(record, i, "sample.22rec", started)
    players = [
        Player("Ann") if s == you else Player(f"Bot {s}", "bot", "normal")
        for s in range(len(record.players))
    ]
    return msgspec.structs.replace(forked, players=players), you


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("which", ["hand", "match"])
@pytest.mark.parametrize("sample", sorted(SAMPLES))
async def test_the_summaries(sample: str, which: str, language: str) -> None:
    name = f"summary-{sample}-{which}-{language}"
    home = home_for(name)
    record, _you = fork_before(sample, which == "match")

    async def seat_it(app: TT22App, pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app.screen.is_mounted)
        if record.game == "twentytwo":
            app.start_from_record(record)
        else:
            from tt22.play.session import LocalSession
            from tt22.tui.tables import open_session

            open_session(app, LocalSession.from_record(record, home))

    def summary_up(app: TT22App) -> bool:
        return isinstance(app.screen, ModalScreen)

    options = StartOptions(pace=0.0, language=language, home=home)
    await shoot(name, options, summary_up, seat_it)


# ---------------------------------------------------------------- each game's help


HELP_PAGES = ("twentytwo", "rook", "rummy", "gin", "oklahoma", "rum500", "persian", "manipulation")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", HELP_PAGES)
async def test_each_games_help(page: str, language: str) -> None:
    """The one help screen with one game's page, as `?` at that game's table opens it."""
    from tt22.tui.screens.help import HelpScreen

    name = f"help-{page}-{language}"
    options = StartOptions(pace=0.0, language=language, home=home_for(name))

    async def open_it(app: TT22App, pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app.screen.is_mounted)
        app.push_screen(HelpScreen(page))
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))

    await shoot(name, options, lambda app: True, open_it)


# ---------------------------------------------------------------- the other screens


async def _open(app: TT22App, pilot: Pilot[None], what: str) -> None:
    await wait_for(pilot, lambda: app.screen.is_mounted)
    if what == "new-game":
        app.action_new_game()
    elif what == "settings":
        app.action_settings()
    elif what == "help":
        app.action_help()
    elif what == "records":
        app.push_screen(RecordPicker(app.home_dir / "records" if app.home_dir else None))
    if what != "home":
        await wait_for(pilot, lambda: len(app.screen_stack) > 2)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("what", ["home", "new-game", "settings", "help", "records"])
async def test_the_screens_around_the_tables(what: str, language: str) -> None:
    name = f"screen-{what}-{language}"
    options = StartOptions(pace=0.0, language=language, home=home_for(name))

    async def open_it(app: TT22App, pilot: Pilot[None]) -> None:
        await _open(app, pilot, what)

    await shoot(name, options, lambda app: True, open_it)


# ---------------------------------------------------------------- the server's screens


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("what", ["lobby", "new-table"])
async def test_the_served_lobby(
    what: str, language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lobby a connection opens on, with two tables waiting (their codes fixed
    here; the server draws them at random), and its new-table form."""
    from tt22.serve.app import Person, ServeApp
    from tt22.serve.hub import Hub, TableOptions

    codes = iter(["KQ7M", "ZX2P"])
    monkeypatch.setattr(Hub, "new_code", lambda self: next(codes))
    hub = Hub(tmp_path)
    hub.create(TableOptions(), "SHA256:bob", "Bob")
    hub.create(
        TableOptions(game="rook", seats=("human", "human", "normal", "normal")),
        "SHA256:cho",
        "Cho",
    )
    lang = {"en": "en_US.UTF-8", "ko": "ko_KR.UTF-8", "ja": "ja_JP.UTF-8"}[language]
    app = ServeApp(hub, Person("ann", "SHA256:ann", env={"LANG": lang}), None, tmp_path)
    app.NOTIFICATION_TIMEOUT = 600
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: app.screen.is_mounted and "KQ7M" in screen_text(app))
            if what == "new-table":
                await pilot.press("n")
                await wait_for(pilot, lambda: len(app.screen_stack) > 1)
            await settle(app, pilot, lambda: True)
            check_snapshot(app, f"serve-{what}-{language}")
    finally:
        hub.close()


def screen_text(app: Any) -> str:
    from snapkit import screen_lines

    return "\n".join(screen_lines(app))
