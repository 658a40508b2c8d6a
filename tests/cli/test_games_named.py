"""Every place that speaks of a match names its game (review M6), and the command palette
offers tt22's commands, each saying what it does (review L4)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pilotkit import wait_for
from snapkit import screen_lines

from tt22.core.players import Player
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.i18n import set_language
from tt22.tui.replay.picker import RecordPicker, list_records, sample_records_dir
from tt22.tui.screens.home import HomeScreen
from tt22.tui.tables import NewTable


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TT22_HOME", str(tmp_path / "home"))
    set_language("en")


@pytest.mark.parametrize(
    ("game", "rules", "players", "title"),
    [
        ("rook", (), 4, "Rook"),
        ("gin", ("knock_limit=upcard",), 2, "Oklahoma Gin"),
        ("rummy", (), 3, "Rummy"),
    ],
)
async def test_home_names_the_game_of_the_match_in_progress(
    tmp_path: Path, game: str, rules: tuple[str, ...], players: int, title: str
) -> None:
    seats = [Player("Ann")] + [Player(f"Bot {s}", "bot", "normal") for s in range(1, players)]
    options = StartOptions(pace=0.0, language="en", home=tmp_path)
    options.table = NewTable(game, rules, "named", tuple(seats))
    app = TT22App(options)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: not isinstance(app.screen, HomeScreen))
        await pilot.pause()
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await wait_for(pilot, lambda: "a match in progress" in "\n".join(screen_lines(app)))
        text = "\n".join(screen_lines(app))
        assert f"{title}, a match in progress: hand 1," in text, text
        # each score beside its seat's name, seat 0 first
        scores = " · ".join(f"{seat.name} 0" for seat in seats)
        assert "scores " + scores in " ".join(text.split()), text


def test_the_record_list_names_each_records_game() -> None:
    folder = sample_records_dir()
    assert folder is not None
    entries = {e.path.name: e for e in list_records(folder, sample=True)}
    assert entries["2p-gin.22rec"].game == "Gin Rummy"
    assert entries["2p-oklahoma-gin.22rec"].game == "Oklahoma Gin"
    assert entries["4p-random.22rec"].game == "Twenty-Two"
    assert entries["3p-rook.22rec"].game == "Rook"
    assert entries["4p-rummy.22rec"].game == "Rummy"
    assert RecordPicker.when(entries["3p-rook.22rec"]) == "Rook"  # (a sample: no date)
    mine = entries["3p-rook.22rec"]._replace(sample=False)
    assert RecordPicker.when(mine).startswith("Rook · 20")


@pytest.mark.parametrize("language", ["en", "ko", "ja"])
async def test_the_record_browser_shows_the_game_on_screen(language: str, tmp_path: Path) -> None:
    app = TT22App(StartOptions(language=language, home=tmp_path))
    words = {"en": "Gin Rummy", "ko": "진 러미", "ja": "ジン・ラミー"}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, RecordPicker))
        await wait_for(pilot, lambda: "2p-gin" in "\n".join(screen_lines(app)))
        text = "\n".join(screen_lines(app))
        assert "…" not in text
        assert words[language] in text, text  # (the first sample: 2p-gin)


async def test_the_palette_lists_tt22s_commands_each_saying_what_it_does() -> None:
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        commands = list(app.get_system_commands(app.screen))
        set_language("ko")
        ko = [c.title for c in app.get_system_commands(app.screen)]
    titles = [c.title for c in commands]
    assert titles[:2] == ["New game", "Rules and keys"]
    assert {"Settings", "Theme", "Quit", "Toggle ASCII cards"} <= set(titles)
    assert not {"Keys", "Maximize", "Minimize", "Screenshot"} & set(titles)
    assert all(c.help and c.help != c.title for c in commands), commands
    assert "끝내기" in ko and "Quit" not in ko


@pytest.mark.parametrize("language", ["en", "ko", "ja"])
async def test_the_theme_is_named_in_words_not_textual_dark(language: str) -> None:
    """L4: Settings and the palette's Theme never say `textual-dark`; the palette's Theme
    opens Settings, where the themes are chosen by names a person reads."""
    from tt22.tui.i18n import t
    from tt22.tui.screens.settings import SettingsScreen, theme_words

    app = TT22App(StartOptions(language=language))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        theme = next(c for c in app.get_system_commands(app.screen) if c.title == t("cmd.theme"))
        theme.callback()
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "textual" not in text and theme_words(app.theme) in text, text
    assert theme_words("textual-dark") == t("theme.dark")
    assert theme_words("tokyo-night") == "tokyo night"
