"""The new-game screen's text fields (`TextField`, in place of Textual's `Input`): typing
a name and a seed by keys, the Tab order, the mouse, numbers only where a number goes,
the length limit, a paste, and what is drawn (the value literally, the placeholder)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pilotkit import wait_for
from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Static

from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.twentytwo.table import TableScreen
from tt22.tui.screens.setup import SetupScreen
from tt22.tui.widgets.fieldform import FieldForm
from tt22.tui.widgets.textfield import TextField


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TT22_HOME", str(tmp_path))
    return tmp_path


class Fields(App[None]):
    def compose(self) -> ComposeResult:
        yield TextField("You", id="name", max_length=5)
        yield TextField("7", type="integer", id="number", max_length=2)
        yield TextField("", placeholder="blank = fresh", id="seed")


async def test_typing_replaces_the_value_selected_on_focus_then_edits_at_the_cursor() -> None:
    app = Fields()
    async with app.run_test(size=(40, 5)) as pilot:
        name = app.query_one("#name", TextField)
        name.focus()
        await pilot.pause()
        assert name.selected  # the whole value, as Input selects it on focus
        await pilot.press("A", "n", "n")
        assert name.value == "Ann" and not name.selected
        await pilot.press("home", "right", "backspace")
        assert name.value == "nn" and name.cursor == 0
        await pilot.press("delete", "end", "e", "s", "s", "x")  # 5 characters at most
        assert name.value == "nessx"
        await pilot.press("y")
        assert name.value == "nessx"
        await pilot.press("left", "left", "backspace")
        assert name.value == "nesx" and name.cursor == 2


async def test_numbers_only_where_a_number_goes_and_a_paste_is_one_line() -> None:
    app = Fields()
    async with app.run_test(size=(40, 5)) as pilot:
        number = app.query_one("#number", TextField)
        number.focus()
        await pilot.pause()
        await pilot.press("x", "4")
        assert number.value == "4"  # x refused; 4 replaced the selected 7
        await pilot.press("2", "9")
        assert number.value == "42"  # two digits at most
        seed = app.query_one("#seed", TextField)
        seed.focus()
        await pilot.pause()
        seed.post_message(events.Paste("tea\x1b[2J time\nsecond line"))
        await pilot.pause()
        assert seed.value == "tea[2J time"  # its first line, printable characters only


async def test_the_value_is_drawn_literally_and_an_empty_field_shows_its_placeholder() -> None:
    app = Fields()
    async with app.run_test(size=(40, 5)) as pilot:
        seed = app.query_one("#seed", TextField)
        assert seed.render().plain.rstrip() == "blank = fresh"  # (in its box)
        seed.value = "[bold]x[/]\x1b"
        await pilot.pause()
        assert seed.render().plain.rstrip() == "[bold]x[/]\\x1b"  # no markup, no control character


async def test_a_click_takes_the_focus_and_puts_the_cursor_there() -> None:
    app = Fields()
    async with app.run_test(size=(40, 5)) as pilot:
        name = app.query_one("#name", TextField)
        name.value = "Bobby"
        await pilot.click("#name", offset=(2, 0))
        await pilot.pause()
        assert name.has_focus and name.cursor == 2 and not name.selected
        await pilot.press("X")
        assert name.value == "Bobby"  # (5 at most: refused)
        await pilot.press("backspace", "Z")
        assert name.value == "BZbby"


class Labelled(App[None]):
    def compose(self) -> ComposeResult:
        yield TextField("Bobby", label="Your name", label_width=12, id="name")
        yield TextField("", label="Seed", label_width=12, placeholder="fresh", id="seed")


async def test_a_field_draws_its_own_label_and_a_click_there_only_focuses() -> None:
    """One widget per field (issue 10: the screen mounts fewer): the label in its
    column, the value after it; a click on the label focuses with the value selected,
    a click on the value puts the cursor there."""
    app = Labelled()
    async with app.run_test(size=(40, 5)) as pilot:
        name = app.query_one("#name", TextField)
        assert name.render().plain.rstrip() == "Your name   Bobby"
        assert app.query_one("#seed", TextField).render().plain.rstrip() == "Seed        fresh"
        await pilot.click("#name", offset=(3, 0))
        await pilot.pause()
        assert name.has_focus and name.selected and name.cursor == 5
        await pilot.click("#name", offset=(12 + 2, 0))
        await pilot.pause()
        assert name.cursor == 2 and not name.selected
        await pilot.press("X")
        assert name.value == "BoXbby"


async def test_names_and_a_seed_typed_on_the_new_game_screen_start_that_match() -> None:
    """Through the screen, as a player does: Tab from the first field to the name, type
    over it, Tab on to the first seat's name, type, Tab to the seed, type, ctrl+s."""
    app = TT22App(StartOptions(language="en", pace=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        setup = app.screen
        order = []
        for _ in range(20):
            focused = app.focused
            order.append(focused.id if focused is not None else None)
            if focused is not None and focused.id == "name":
                break
            await pilot.press("tab")
        assert order[-1] == "name" and "players" in order
        await pilot.press(*"Zoë")
        await pilot.press("tab", "tab")  # the first seat's kind, then its name
        assert app.focused is not None and app.focused.id == "name-1"
        await pilot.press(*"Bea")
        seed = setup.query_one("#seed", TextField)
        for _ in range(20):
            if app.focused is seed:
                break
            await pilot.press("tab")
        await pilot.press(*"my seed")
        assert seed.value == "my seed"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        session = app.screen.session  # type: ignore[attr-defined]
        assert session.players[0].name == "Zoë"
        assert session.players[1].name == "Bea"
        assert session.seed == "my seed"


async def test_a_bad_number_typed_is_refused_with_its_field_named() -> None:
    app = TT22App(StartOptions(language="ja"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        setup = app.screen
        form = setup.query_one("#rules", FieldForm)
        form.focus()
        await pilot.pause()
        await pilot.press("tab", "tab")  # (decks, the largest set, then the first hand)
        await pilot.press("-")  # a minus alone: not a number
        assert form.value("first_hand") == "-"
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = str(setup.query_one("#error", Static).render())
        assert "'-'" in error and isinstance(app.screen, SetupScreen)
