"""The one pair of summary screens, the one score history and the one help screen, as a
player meets them (Textual's Pilot at 80x24): every game's hand and match summary is the
same screen with the same keys and words (review L10, L9), each game's help lists only
keys its table binds (L13), Rook's rules open with a hand in five steps (M7), and the
test's own game (tests/kits/tinygame.py) gets a summary and a help screen from its
registry entry alone.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest
import tinygame
from layoutkit import screen_lines
from paths import ROOT
from pilotkit import wait_for
from textual.app import App

from tt22.core import registry
from tt22.core.players import Player
from tt22.core.registry import get_game
from tt22.record import fork_record, load_record, replay_game
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.help_text import page_help, page_markdown, page_of, pages
from tt22.tui.i18n import set_language, t
from tt22.tui.screens.help import GamePages, HelpScreen, HelpText
from tt22.tui.summary import screens_of
from tt22.tui.summary.screens import (
    HandSummaryScreen,
    MatchSummaryScreen,
    ScoreHistoryScreen,
    hand_summary_screen,
    match_summary_screen,
    score_history_screen,
)

SIZE = (80, 24)
LANGUAGES = ("en", "ko", "ja")
SAMPLES = {
    "twentytwo": "4p-random.22rec",
    "rook": "4p-rook.22rec",
    "rook2": "2p-rook-dummy.22rec",
    "rummy": "4p-rummy.22rec",
    "gin": "2p-gin.22rec",
    "oklahoma": "2p-oklahoma-gin.22rec",
}


@pytest.fixture(autouse=True)
def _english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("TT22_HOME", str(tmp_path))
    yield
    set_language("en")


def fork_before(sample: str, last_of_match: bool, home: Path) -> Any:
    """The sample cut just before the last move of its first hand (or of the match),
    with the person at a seat that does not make that move: a bot makes it, and the
    summary opens."""
    record = load_record(ROOT / "records" / SAMPLES[sample])
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
    you = (game.to_move(states[i]) + 1) % len(record.players)
    started = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC)
    forked = fork_record(record, i, "sample.22rec", started)
    players = [
        Player("Ann") if s == you else Player(f"Bot {s}", "bot", "normal")
        for s in range(len(record.players))
    ]
    return msgspec.structs.replace(forked, players=players)


async def summary_of(sample: str, which: str, language: str, home: Path) -> tuple[Any, list[str]]:
    """The summary screen the table opens at the end of the sample's first hand (or of
    its match), and its lines on the screen."""
    record = fork_before(sample, which == "match", home)
    app = TT22App(StartOptions(pace=0.0, language=language, home=home))
    app.NOTIFICATION_TIMEOUT = 600
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.screen.is_mounted)
        if record.game == "twentytwo":
            app.start_from_record(record)
        else:
            from tt22.play.session import LocalSession
            from tt22.tui.tables import open_session

            open_session(app, LocalSession.from_record(record, home))
        kind = HandSummaryScreen if which == "hand" else MatchSummaryScreen
        await wait_for(pilot, lambda: isinstance(app.screen, kind) and app.screen.is_mounted)
        for _ in range(4):
            await pilot.pause()
        screen = app.screen
        lines = screen_lines(app)
        ids = {
            binding.id
            for bindings in screen.active_bindings.values()
            for binding in [bindings.binding]
            if binding.id
        }
        buttons = [b.id for b in screen.query("Button")]
        saved = [w.id for w in screen.query("#saved, #seed")]
        return (type(screen).__mro__, ids, buttons, saved), lines


def whole(lines: list[str]) -> None:
    assert len(lines) == SIZE[1]
    assert not any("…" in line for line in lines), lines
    assert all(len(line) <= SIZE[0] for line in lines)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("sample", sorted(SAMPLES))
async def test_l10_every_games_hand_summary_is_the_one_screen(
    sample: str, language: str, tmp_path: Path
) -> None:
    (mro, ids, buttons, _saved), lines = await summary_of(sample, "hand", language, tmp_path)
    assert HandSummaryScreen in mro
    assert "summary.next" in ids  # the same key, under the same id, for every game
    assert buttons == ["next"]
    whole(lines)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("sample", sorted(SAMPLES))
async def test_l10_every_games_match_summary_is_the_one_screen_with_record_and_seed(
    sample: str, language: str, tmp_path: Path
) -> None:
    (mro, ids, buttons, saved), lines = await summary_of(sample, "match", language, tmp_path)
    assert MatchSummaryScreen in mro
    assert "summary.home" in ids
    assert buttons == ["again", "new", "home"]
    assert saved == ["saved", "seed"]  # Gin's end showed neither (L10)
    set_language(language)
    text = "\n".join(lines)
    assert t("end.title") in text  # one title for every game (L9, L10)
    assert t("match.seed", seed="")[:4] in text
    whole(lines)


# ---------------------------------------------------------------- the help: L13, M7

TABLES = {
    "twentytwo": ("tt22.tui.games.twentytwo.table", "TableScreen"),
    "rook": ("tt22.tui.games.rook.table", "RookTableScreen"),
    "rummy": ("tt22.tui.games.rummy.table", "RummyTable"),
    "gin": ("tt22.tui.games.rummy.table", "RummyTable"),
    "oklahoma": ("tt22.tui.games.rummy.table", "RummyTable"),
    "rum500": ("tt22.tui.games.rum500.table", "Rum500Table"),
    "persian": ("tt22.tui.games.rum500.table", "Rum500Table"),
    "manipulation": ("tt22.tui.games.manipulation.table", "ManipulationTable"),
}


def bound_keys(screen: type[Any]) -> set[str]:
    """Every key `screen` binds (its own bindings and its bases'), with the app's (the
    help, the command palette) that reach it."""
    keys = {"ctrl+p"}  # (Textual's command palette, the app's)
    for cls in (*screen.__mro__, TT22App, App):
        for binding in getattr(cls, "BINDINGS", ()):
            key = binding.key if hasattr(binding, "key") else binding[0]
            keys |= set(key.split(","))
    return keys


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", sorted(TABLES))
def test_l13_each_games_help_lists_only_keys_its_table_binds(page: str, language: str) -> None:
    import importlib

    module, name = TABLES[page]
    table = getattr(importlib.import_module(module), name)
    bound = bound_keys(table)
    set_language(language)
    help_page = page_help(page)
    sections = [s for s in help_page.sections if s.of_table]
    assert len(sections) == 1, page
    for row in sections[0].keys:
        assert row.keys, (page, row)
        assert set(row.keys) <= bound, (page, row.label, set(row.keys) - bound)
    source = page_markdown(page)
    for row in sections[0].keys:  # and the text shows exactly these rows
        assert f"| {row.label} | {row.what} |" in source


def test_l13_gin_offers_no_rummy_key_and_rummy_no_gin_key() -> None:
    def keys(page: str) -> set[str]:
        section = next(s for s in page_help(page).sections if s.of_table)
        return {k for row in section.keys for k in row.keys}

    for page in ("gin", "oklahoma"):
        assert {"k", "p", "enter"} <= keys(page)
        assert not keys(page) & {"m", "o", "space", "1"}, page
    assert {"m", "o", "space", "p", "enter", "1"} <= keys("rummy") and "k" not in keys("rummy")


@pytest.mark.parametrize("language", LANGUAGES)
def test_m7_rooks_rules_open_with_a_hand_in_five_steps(language: str) -> None:
    set_language(language)
    rook = page_help("rook")
    first = next(s for s in rook.sections if s.heading)
    assert first.heading == {"en": "A hand in five steps", "ko": "한 판을 다섯 단계로",
                             "ja": "1ハンドを5つの手順で"}[language]  # fmt: skip
    steps = re.findall(r"^\d\. ", first.body, flags=re.MULTILINE)
    assert len(steps) == 5
    assert "70" in first.body and "50" in first.body  # the opening bid, both counts


def test_the_help_key_columns_are_the_same_words_for_every_game() -> None:
    for language in LANGUAGES:
        set_language(language)
        head = f"| {t('help.col.key')} | {t('help.col.what')} |"
        for page in pages():
            assert head in page_markdown(page), (language, page)


# ---------------------------------------------------------------- the test's own game


@pytest.fixture
def tiny() -> Any:
    registry.register(tinygame.ENTRY)
    try:
        yield tinygame.TINY
    finally:
        registry.unregister("tiny")


def finished_tiny(players: int = 3) -> tuple[Any, Any]:
    game = tinygame.TINY
    state = game.new_match(game.rules([], players), players, "tiny summary")
    while not game.is_over(state):
        state = game.apply(state, game.legal_moves(state)[0])
    return state, game.view(state, 0)


async def test_the_tiny_game_gets_both_summaries_and_its_scores_from_its_entry(tiny: Any) -> None:
    _state, view = finished_tiny()
    names = ["Ann", "Bot 1", "Bot 2"]
    app = TT22App(StartOptions(pace=0.0, language="en"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.screen.is_mounted)
        await app.push_screen(hand_summary_screen("tiny", view, names, you=0))
        await wait_for(pilot, lambda: isinstance(app.screen, HandSummaryScreen))
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "The trick is over" in text and "won" in text
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, HandSummaryScreen))
        answers: list[str] = []
        screen = match_summary_screen("tiny", view, names, 0, Path("/r/tiny.22rec"), "tiny seed")
        await app.push_screen(screen, answers.append)
        await wait_for(pilot, lambda: isinstance(app.screen, MatchSummaryScreen))
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "Game over" in text and "Seed to share: tiny seed" in text
        assert "/r/tiny.22rec" in text
        whole(screen_lines(app))
        await pilot.press("escape")
        await wait_for(pilot, lambda: answers == ["home"])
        await app.push_screen(score_history_screen("tiny", view, names))
        await wait_for(pilot, lambda: isinstance(app.screen, ScoreHistoryScreen))
        await pilot.pause()
        assert "Tricks won" in "\n".join(screen_lines(app))


async def test_the_tiny_game_gets_its_help_page_from_its_entry(tiny: Any) -> None:
    assert "tiny" in pages() and page_of("tiny") == "tiny"
    assert screens_of("tiny") is not None
    app = TT22App(StartOptions(pace=0.0, language="en"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.screen.is_mounted)
        await app.push_screen(HelpScreen.of_game("tiny"))
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        assert not app.screen.query(GamePages)  # its page alone
        source = app.screen.query_one("#help", HelpText).source
        assert source.startswith("# How to play High Card")
        assert "| Enter | play your card |" in source
        await pilot.press("escape")
        await app.push_screen(HelpScreen())  # the chooser offers it among every game's
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        assert "High Card" in "\n".join(screen_lines(app)[:2])  # (the chooser wraps at 80)


def test_no_shared_module_names_the_tiny_game() -> None:
    tt22 = ROOT / "tt22"
    for path in tt22.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "tinyscreens" not in text and "High Card" not in text, path
        assert not re.search(r"[\"']tiny[\"']", text), path


# ---------------------------------------------------------------- through the registry


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("sample", sorted(SAMPLES))
async def test_every_games_score_history_and_summaries_through_its_entry(
    sample: str, language: str
) -> None:
    """What the one table asks for any game: the score history and both summaries of a
    finished match, from the match's state (22's) or a seat's view (the others'),
    found by the game's name alone; each whole at 80x24."""
    record = load_record(ROOT / "records" / SAMPLES[sample])
    game = get_game(record.game)
    state = replay_game(record).states[-1]
    view = game.view(state, 0) if game.view_type is not None and sample != "twentytwo" else state
    names = [p.name for p in record.players]
    app = TT22App(StartOptions(pace=0.0, language=language))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.screen.is_mounted)
        for screen in (
            score_history_screen(record.game, view, names, 0),
            hand_summary_screen(record.game, view, names, 0),
            match_summary_screen(record.game, view, names, 0, None, record.seed),
        ):
            await app.push_screen(screen)
            await wait_for(pilot, lambda s=screen: app.screen is s and s.is_mounted)  # type: ignore[misc]
            await pilot.pause()
            lines = screen_lines(app)
            whole(lines)
            assert any(line.strip("█ ") for line in lines[1:-1])
            app.pop_screen()
            await pilot.pause()
