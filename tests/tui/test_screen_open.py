"""Opening a screen does the work once (issue 10: every screen opens in under 150 ms;
the times themselves are measured by benchmarks/bench_tui.py, not here): the new screen
is not styled a second time nor the screen under it laid out again for a resize that
did not happen, while a real resize still lays out both; the help's text is drawn at
the width it has, after a resize too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from layoutkit import screen_lines
from pilotkit import wait_for
from textual.screen import Screen

from tt22.tui.app import StartOptions, TT22App
from tt22.tui.help_view import help_renderable
from tt22.tui.i18n import set_language
from tt22.tui.screens.help import HelpScreen, HelpText
from tt22.tui.screens.home import HomeScreen
from tt22.tui.screens.setup import SetupScreen
from tt22.tui.widgets.lines import rendered_lines


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TT22_HOME", str(tmp_path))
    set_language("en")
    return tmp_path


async def test_a_new_screen_is_styled_once_and_the_home_screen_is_not_laid_out_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    layouts: list[str] = []
    restyled: list[str] = []
    real_layout = Screen._refresh_layout
    real_restyle = SetupScreen.update_node_styles

    def layout(self: Screen[Any], *args: Any, **kwargs: Any) -> None:
        layouts.append(type(self).__name__)
        real_layout(self, *args, **kwargs)

    def restyle(self: SetupScreen, animate: bool = True) -> None:
        restyled.append(type(self).__name__)
        real_restyle(self, animate)

    monkeypatch.setattr(Screen, "_refresh_layout", layout)
    monkeypatch.setattr(SetupScreen, "update_node_styles", restyle)
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.pause()
        layouts.clear()
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        await wait_for(pilot, lambda: bool(setup.query(".seat-row")))
        await pilot.pause(0.2)
        assert "HomeScreen" not in layouts  # nothing changed size under the new screen
        assert "SetupScreen" in layouts
        assert restyled == []  # styled as it was mounted, not again as it is shown
        # A real resize lays out the screen shown and the one under it.
        layouts.clear()
        await pilot.resize_terminal(100, 30)
        await wait_for(pilot, lambda: "HomeScreen" in layouts and setup.size.width == 100)
        home = next(s for s in app.screen_stack if isinstance(s, HomeScreen))
        assert home._compositor.size == (100, 30) == setup._compositor.size


@pytest.mark.parametrize(("size", "bar"), [((80, 24), True), ((100, 60), False)])
async def test_the_new_game_screen_opens_whole_with_its_scroll_bar_only_when_needed(
    size: tuple[int, int], bar: bool
) -> None:
    """The screen drops the layouts and drawings asked before its first layout was
    done (how much that saves is measured by benchmarks/bench_tui.py): what it shows
    is still whole. The scroll bar, there from the start, stays when the form is
    longer than the screen and goes when it fits; what changes later is still laid
    out (a ninth player's seat)."""
    from tt22.tui.widgets.choice import Choice

    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.pause()
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        await wait_for(pilot, lambda: bool(setup.query(".seat-row")))
        await pilot.pause(0.3)
        shown = "\n".join(screen_lines(app))
        for words in ("New game", "Players", "Your name", "Seat 3", "Bot 3", "Decks (R1)"):
            assert words in shown, words
        buttons = any("Start" in line and "Back" in line for line in shown.splitlines()[:-1])
        assert buttons is not bar  # (at 80x24, below the edge: the key line has both too)
        form = setup.query_one("#setup")
        assert form.show_vertical_scrollbar is bar
        assert form.vertical_scrollbar.display is bar and (form.max_scroll_y > 0) is bar
        start = setup.query_one("#start")
        assert start.region.bottom <= size[1] - 1 or bar  # (all of it in view, else scrolled)
        setup.query_one("#players", Choice).value = 9
        await wait_for(pilot, lambda: len(setup.query(".seat-row")) == 8)
        await pilot.pause()
        assert setup.query_one("#kind-8").region.height == 1
        assert setup.query_one("#name-8").region.width > 0


async def test_the_help_is_drawn_at_its_width_after_a_resize() -> None:
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(HelpScreen())
        text = app.screen.query_one("#help", HelpText)
        for size in ((80, 24), (120, 40)):
            await pilot.resize_terminal(*size)
            await wait_for(pilot, lambda size=size: text.size.width > 0 and app.size == size)
            await pilot.pause()
            width = text.size.width
            assert width < size[0]  # (the scroll bar's room and the padding)
            lines = rendered_lines(text, help_renderable(text.source), width)
            assert text.lines_at(width) == lines
            assert text.size.height == len(lines)  # all of it, to scroll through


def test_the_home_screen_warms_up_the_modules_of_its_screens_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The modules the home screen's screens need are imported in a thread while the
    player reads it (the first opening of the new-game screen imported twenty); one that
    fails to import is left for its screen to report when opened."""
    import sys
    import threading

    from tt22.tui.screens import home

    (tmp_path / "warm_probe.py").write_text("LOADED = True\n")
    (tmp_path / "warm_broken.py").write_text("raise ImportError('broken')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(home, "WARM_UP", ("warm_broken", "warm_probe"))
    monkeypatch.setattr(home, "_warmed", threading.Event())
    monkeypatch.delitem(sys.modules, "warm_probe", raising=False)
    home.warm_up()
    home.warm_up()  # (once per process)
    threads = [t for t in threading.enumerate() if t.name == "tt22-warm-up"]
    assert len(threads) <= 1
    for thread in threads:
        thread.join(10)
    assert sys.modules["warm_probe"].LOADED
    assert "warm_broken" not in sys.modules
    monkeypatch.delitem(sys.modules, "warm_probe")


async def test_the_home_palette_offers_what_its_key_bar_does() -> None:
    """Ctrl+P at home lists Replay and Stats as the key bar does (a new player typed
    "rep" and found nothing), and Continue only when there is a match to continue;
    choosing Stats opens the Stats screen."""
    from textual.command import CommandPalette
    from textual.widgets import OptionList

    from tt22.tui.stats import StatsScreen

    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        titles = [str(c.title) for c in app.get_system_commands(app.screen)]
        assert "Replay" in titles and "Stats" in titles
        assert "Continue" not in titles  # (no match saved in this data folder)
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"stats")

        def stats_highlighted() -> bool:
            found = app.screen.query(OptionList)
            if not found or found.first().highlighted is None:
                return False
            options = found.first()
            highlighted = options.get_option_at_index(options.highlighted or 0)
            return "Stats" in str(highlighted.prompt)

        await wait_for(pilot, stats_highlighted)  # (the search has answered)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
