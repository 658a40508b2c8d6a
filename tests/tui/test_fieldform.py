"""One widget for several fields (`FieldForm`, 22's rules on the new-game screen, issue
10): Tab and Shift+Tab through its fields and on to the screen's other widgets, each
field worked by its keys and the mouse as a `Choice` or a `TextField` is, what it
draws, and the focused field kept in view on the new-game screen at 80x24."""

from __future__ import annotations

from pathlib import Path

import pytest
from layoutkit import screen_lines
from pilotkit import wait_for
from textual import events
from textual.app import App, ComposeResult

from tt22.tui.app import StartOptions, TT22App
from tt22.tui.screens.setup import SetupScreen
from tt22.tui.widgets.choice import Choice, Pick
from tt22.tui.widgets.fieldform import FieldForm, FormRow
from tt22.tui.widgets.textfield import LineEdit, TextField


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TT22_HOME", str(tmp_path))
    return tmp_path


def rows() -> list[FormRow]:
    return [
        FormRow("size", Pick([("small", 1), ("large", 2)], 1, label="Size", note="a note")),
        FormRow("count", LineEdit("7", type="integer", max_length=2), label="Count"),
        FormRow("flag", Pick([("no", False), ("yes", True)], False, label="Flag")),
    ]


class Form(App[None]):
    def __init__(self, *, ascii_cards: bool = False) -> None:
        super().__init__()
        self.ascii_cards = ascii_cards
        self.changes: list[tuple[str, object]] = []

    def compose(self) -> ComposeResult:
        yield TextField("before", id="before")
        yield FieldForm(rows(), title="Rules", id="form")
        yield Choice([("a", 1), ("b", 2)], 1, id="after")

    def on_field_form_changed(self, event: FieldForm.Changed) -> None:
        self.changes.append((event.name, event.value))


async def test_tab_goes_through_the_fields_and_on_and_shift_tab_comes_back_to_the_last() -> None:
    app = Form()
    async with app.run_test(size=(60, 12)) as pilot:
        form = app.query_one("#form", FieldForm)
        assert app.focused is app.query_one("#before")
        await pilot.press("tab")
        assert app.focused is form and form.row == 0
        await pilot.press("tab", "tab")
        assert app.focused is form and form.row == 2
        await pilot.press("tab")
        assert app.focused is app.query_one("#after")
        await pilot.press("shift+tab")  # back in from below: the last field
        assert app.focused is form and form.row == 2
        await pilot.press("shift+tab", "shift+tab")
        assert form.row == 0
        await pilot.press("shift+tab")
        assert app.focused is app.query_one("#before")


async def test_choices_step_and_numbers_are_typed_as_in_their_own_widgets() -> None:
    app = Form()
    async with app.run_test(size=(60, 12)) as pilot:
        form = app.query_one("#form", FieldForm)
        form.focus()
        await pilot.pause()
        await pilot.press("right")
        assert form.value("size") == 2
        await pilot.press("enter", "space")
        assert form.value("size") == 2  # (round, and on)
        await pilot.press("left")
        assert form.value("size") == 1
        await pilot.press("tab")  # the number: selected as it takes the focus
        count = form.field("count")
        assert isinstance(count, LineEdit) and count.selected
        await pilot.press("x", "4", "2", "9")
        assert form.value("count") == "42"  # x refused, 4 over the 7, two digits at most
        await pilot.press("backspace", "backspace", "backspace")
        assert form.value("count") == ""
        form.post_message(events.Paste("12\nmore"))
        await pilot.pause()
        assert form.value("count") == "12"
        form.set("flag", True)  # by the program: Changed too
        await pilot.pause()
        assert app.changes == [
            ("size", 2),
            ("size", 1),
            ("size", 2),
            ("size", 1),
            ("count", "4"),
            ("count", "42"),
            ("count", "4"),
            ("count", ""),
            ("count", "12"),
            ("flag", True),
        ]


async def test_a_click_picks_the_field_and_works_it_there() -> None:
    app = Form()
    async with app.run_test(size=(60, 12)) as pilot:
        form = app.query_one("#form", FieldForm)
        # Lines: 0 title, 1 size, 2 its note, 3 -, 4 count, 5 -, 6 flag.
        await pilot.click("#form", offset=(30, 6))  # flag's value: one on
        assert app.focused is form and form.row == 2 and form.value("flag") is True
        await pilot.click("#form", offset=(28, 1))  # size's `‹`: one back
        assert form.row == 0 and form.value("size") == 2
        await pilot.click("#form", offset=(3, 1))  # a label: the field only
        assert form.value("size") == 2
        await pilot.click("#form", offset=(30, 2))  # the note: the field only
        assert form.value("size") == 2
        await pilot.click("#form", offset=(28 + 1, 4))  # in the number, after its 7
        count = form.field("count")
        assert form.row == 1 and isinstance(count, LineEdit) and count.cursor == 1
        await pilot.press("3")
        assert form.value("count") == "73"


async def test_it_draws_each_field_as_its_widget_does() -> None:
    app = Form(ascii_cards=True)
    async with app.run_test(size=(60, 12)) as pilot:
        form = app.query_one("#form", FieldForm)
        form.set("count", "[b]1\x1b")  # (by the program: drawn as it is, never markup)
        lines = [line.rstrip() for line in form.render().plain.splitlines()]
        assert lines == [
            "Rules",
            "Size" + " " * 24 + "< small >",
            " " * 28 + "a note",
            "",
            "Count" + " " * 23 + "[b]1\\x1b",
            "",
            "Flag" + " " * 24 + "< no >",
        ]
        assert form.size.height == len(lines)
        form.focus()
        await pilot.pause()
        assert any("reverse" in str(s.style) for s in form.render().spans)


async def test_on_the_new_game_screen_the_focused_rule_is_in_view(_home: Path) -> None:
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        setup = app.screen
        seed = setup.query_one("#seed", TextField)
        seed.focus()
        await pilot.pause()
        await pilot.press("shift+tab")  # into the rules from below: the first dealer
        form = setup.query_one("#rules", FieldForm)
        assert app.focused is form and form.row == len(form.rows) - 1
        for _ in range(len(form.rows) - 1):
            await pilot.press("shift+tab")
            await pilot.pause()
            label = str(form.rows[form.row].label_lines()[0])
            assert any(line.strip().startswith(label) for line in screen_lines(app)), label
        await pilot.press("shift+tab")
        assert app.focused is setup.query_one("#name-3")
