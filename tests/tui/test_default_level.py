"""A new player's bots are a real opponent (issue 21, H2): every game's new-game screen
seats `normal` bots unless Settings say otherwise, says so in the player's language, and
`tt22 play` and a served table's form start from the same level."""

from __future__ import annotations

from pathlib import Path

import pytest
from pilotkit import wait_for
from test_setup_choice import open_setup, screen_lines

from tt22.core.registry import DEFAULT_LEVEL, default_level
from tt22.tui import tables
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.screens.settings import SettingsScreen
from tt22.tui.screens.setup import SetupScreen
from tt22.tui.settings import Settings, save_settings
from tt22.tui.widgets.choice import Choice


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TT22_HOME", str(tmp_path))
    return tmp_path


def test_the_default_level_is_normal_where_offered() -> None:
    assert DEFAULT_LEVEL == "normal"
    assert default_level(("easy", "normal", "hard")) == "normal"
    assert default_level(("easy", "normal", "hard"), "hard") == "hard"
    assert default_level(("easy", "normal"), "godlike") == "normal"
    assert default_level(("random", "rules")) == "random"  # (a game without that level)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Bots play at normal unless you choose"),
        ("ko", "봇은 따로 고르지 않으면 보통 단계"),
        ("ja", "ボットは選ばなければ「ふつう」"),
    ],
)
async def test_every_games_new_seats_are_normal_bots_and_the_screen_says_so(
    lang: str, words: str
) -> None:
    app = TT22App(StartOptions(language=lang))
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(app, pilot)
        for game in tables.playable_games():
            if setup.game != game:
                setup.query_one("#game", Choice).value = game
                await wait_for(pilot, lambda game=game: setup.game == game)  # type: ignore[misc]
                await pilot.pause()
            kinds = [c.value for c in setup.query(".seat-row").results(Choice)]
            assert kinds and set(kinds) == {"bot:normal"}, (game, kinds)
        assert words in "".join(line.strip() for line in screen_lines(app))


async def test_a_level_chosen_in_settings_is_the_new_seats_level() -> None:
    save_settings(Settings(bot="hard"))
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(app, pilot)
        kinds = {c.value for c in setup.query(".seat-row").results(Choice)}
        assert kinds == {"bot:hard"}
        await pilot.press("escape")
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        assert app.screen.query_one("#bot", Choice).value == "hard"


async def test_settings_offer_normal_before_anything_is_saved() -> None:
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        assert app.screen.query_one("#bot", Choice).value == "normal"
        assert not isinstance(app.screen, SetupScreen)


def test_tt22_play_seats_normal_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """`tt22 play` with no --bot: every bot seat of the table it opens is normal."""
    import tt22.tui.app as app_module

    seen: list[StartOptions] = []

    class NoRun(app_module.TT22App):
        def __init__(self, options: StartOptions) -> None:
            seen.append(options)
            super().__init__(options)

        def run(self, *args: object, **kwargs: object) -> None:  # type: ignore[override]
            return None

    monkeypatch.setattr(app_module, "TT22App", NoRun)
    from tt22.cli import main

    assert main(["play", "--players", "4", "--seed", "LEVEL-TEST"]) == 0
    players = seen[0].players
    assert players is not None
    assert [p.bot for p in players if p.kind == "bot"] == ["normal"] * 3
