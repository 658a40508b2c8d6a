"""Settings takes the keys as it opens (issue 21: it opened with no field focused, so
←/→ did nothing until Tab was pressed)."""

from __future__ import annotations

from pathlib import Path

from pilotkit import wait_for

from tt22.tui.app import StartOptions, TT22App
from tt22.tui.i18n import set_language
from tt22.tui.screens.settings import SettingsScreen
from tt22.tui.widgets.choice import Choice


async def test_arrows_change_the_language_at_once(tmp_path: Path) -> None:
    set_language("en")
    app = TT22App(StartOptions(language="en", home=tmp_path))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.screen.is_mounted)
            app.action_settings()
            await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
            await pilot.pause()
            focused = app.focused
            assert isinstance(focused, Choice) and focused.id == "language"
            before = focused.value
            await pilot.press("right")
            await wait_for(pilot, lambda: app.screen.query_one("#language", Choice).value != before)
            chosen = str(app.screen.query_one("#language", Choice).value)
            assert app.settings.language == chosen  # taken, and saved with the settings
    finally:
        set_language("en")


async def test_down_and_up_go_from_setting_to_setting(tmp_path: Path) -> None:
    """↓ moves to the next setting and ↑ back (a new player pressed ↓ and then → changed
    the language instead of the theme): →, after ↓ ↓, changes the theme and not the
    language."""
    set_language("en")
    app = TT22App(StartOptions(language="en", home=tmp_path))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.screen.is_mounted)
            app.action_settings()
            await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
            await wait_for(pilot, lambda: getattr(app.focused, "id", None) == "language")
            await pilot.press("down")
            await wait_for(pilot, lambda: getattr(app.focused, "id", None) == "ascii")
            await pilot.press("down")
            await wait_for(pilot, lambda: getattr(app.focused, "id", None) == "theme")
            language, theme = app.settings.language, app.theme
            await pilot.press("right")
            await wait_for(pilot, lambda: app.theme != theme)
            assert app.settings.language == language
            await pilot.press("up")
            await wait_for(pilot, lambda: getattr(app.focused, "id", None) == "ascii")
    finally:
        set_language("en")
