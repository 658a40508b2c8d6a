"""Issue 10, item 6: a notification never covers what a player reads.

Textual's toasts float at the bottom right over the screen; at 80x24 the "Saved." toast
hid the home screen's "match in progress" line. tt22's toasts sit on the footer's line,
one line across the screen, and the footer comes back when they go.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from layoutkit import screen_lines
from pilotkit import wait_for
from textual.pilot import Pilot
from textual.widgets._toast import Toast

from tt22.core.players import Player
from tt22.games.twentytwo import Rules
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.twentytwo.table import TableScreen
from tt22.tui.i18n import set_language, t
from tt22.tui.screens.home import HomeScreen


@pytest.fixture(autouse=True)
def _lang(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "C")
    monkeypatch.delenv("LC_ALL", raising=False)
    set_language("en")


async def test_the_saved_toast_sits_on_the_footer_line_and_covers_nothing(
    tmp_path: Path,
) -> None:
    seats = [Player("Ann"), Player("Bot 1", "bot", "random")]
    app = TT22App(
        StartOptions(
            rules=Rules().for_players(2),
            players=seats,
            seed="toast",
            pace=0.0,
            language="en",
            home=tmp_path,
        )
    )
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await wait_for(pilot, lambda: len(app.screen.query(Toast)) == 1)
        await pilot.pause()
        saved = t("msg.saved")
        await wait_for(pilot, lambda: saved in "\n".join(screen_lines(app)))
        lines = screen_lines(app)
        # The toast is the last line alone, the footer under it, whole.
        assert saved in lines[-1], lines[-3:]
        assert all(saved not in line for line in lines[:-1])
        # What the home screen says above it is untouched: the same lines as without it.
        app.clear_notifications()
        await wait_for(pilot, lambda: not app.screen.query(Toast))
        await pilot.pause()
        after = screen_lines(app)
        assert lines[:-1] == after[:-1]
        assert "a match in progress" in "\n".join(after[:-1])
        assert saved not in after[-1]  # the footer is back


async def _toast_leaves_nothing(
    app: TT22App, pilot: Pilot[None], message: str, dismiss: bool
) -> tuple[list[str], list[str], list[str]]:
    """The screen before, during and after one toast (timed out, or clicked away)."""
    await pilot.pause()
    before = screen_lines(app)
    # A short timeout raced the test on a loaded machine (the toast could lapse before
    # it was ever drawn, and the wait for it never ended), so the toast lives until it
    # has been seen; then its own timer is started, as its mount starts it, and lapses.
    app.notify(message, timeout=60, markup=False)
    await wait_for(pilot, lambda: bool(app.screen.query(Toast)))
    await wait_for(pilot, lambda: message[:20] in "".join(screen_lines(app)))
    during = screen_lines(app)
    if dismiss:
        await pilot.click(Toast)
    else:
        toast = app.screen.query_one(Toast)
        toast.set_timer(0.05, toast._expire)
    await wait_for(pilot, lambda: not app.screen.query(Toast))
    await pilot.pause()
    await pilot.pause()
    return before, during, screen_lines(app)


@pytest.mark.parametrize("dismiss", [False, True], ids=["timed-out", "dismissed"])
@pytest.mark.parametrize("lang", ["en", "ko"])
async def test_a_toast_leaves_no_residue_when_it_goes(
    tmp_path: Path, lang: str, dismiss: bool
) -> None:
    """Issue 10, item 6: a toast left a stray `)` behind. After a notification times out
    or is clicked away, every line of the screen is as it was before it came: on the
    home screen and over the replayer (whose lines are long and full)."""
    from layoutkit import crowded_position, record_of

    from tt22.tui.games.twentytwo.replay import TwentyTwoReplay, TwentyTwoReplayScreen

    set_language(lang)
    # A long message with brackets at its end, as an illegal move's reason has.
    message = t("msg.saved") + " " + "(R12) " * 20 + "(end)"
    app = TT22App(StartOptions(language=lang, home=tmp_path))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        before, during, after = await _toast_leaves_nothing(app, pilot, message, dismiss)
        assert during != before  # (the toast was drawn)
        assert after == before
        model = TwentyTwoReplay.from_record(record_of(6))
        await app.push_screen(TwentyTwoReplayScreen(model, None, start=crowded_position(6)))
        await wait_for(pilot, lambda: getattr(app.screen, "ready", False))
        before, during, after = await _toast_leaves_nothing(app, pilot, message, dismiss)
        assert during != before
        assert after == before
