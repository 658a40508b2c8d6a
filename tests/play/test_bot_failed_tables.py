"""A bot that fails is shown at every local table (22's, Rook's, the Rummy family's):
a notice and a line with the bot's name and the error (as plain text: the error's
brackets are not markup), nothing played in its place, and the person chooses: the
random bot plays this one move (said so), or they leave with the match saved."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pilotkit import wait_for
from rich.text import Text
from textual.widgets import Label, RichLog

from tt22.core.players import Player
from tt22.core.registry import game_names, get_game
from tt22.play.log import log_file
from tt22.play.session import LocalSession
from tt22.record import Autosave
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.replay.dialogs import ChoiceDialog

ERROR = "[bold red]boom[/] [@click=app.quit]x[/]"


class Boom:
    def choose(self, view: Any) -> Any:
        raise RuntimeError(ERROR)


def table_for(name: str, session: LocalSession) -> Any:
    if name == "twentytwo":
        from tt22.tui.games.twentytwo.table import TableScreen

        return TableScreen(session, watch=True)
    if name == "rook":
        from tt22.tui.games.rook.table import RookTableScreen

        return RookTableScreen(session, watch=True)
    from tt22.tui.games.rummy.table import RummyTable

    return RummyTable(session, watch=True)


def keep_notes(table: Any) -> None:
    """The Rummy family's table has no move log: what it says goes to its message,
    one note at a time. Kept here as said, so a later note cannot hide an earlier."""
    if table.query(RichLog) or not hasattr(table, "say_note"):
        return
    said = table.say_note
    table.notes = []

    def say_note(text: Text) -> None:
        table.notes.append(text.plain)
        said(text)

    table.say_note = say_note


def what_it_says(table: Any) -> str:
    """The table's move log (22, Rook) or every note in its message (the Rummy family),
    its lines joined again where the log wrapped them."""
    logs = list(table.query(RichLog))
    lines = [strip.text for strip in logs[0].lines] if logs else table.notes
    return " ".join(" ".join(lines).split())


@pytest.mark.parametrize(("name", "players"), [("twentytwo", 3), ("rook", 4), ("gin", 2)])
async def test_a_failing_bot_is_shown_and_the_person_chooses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, players: int
) -> None:
    monkeypatch.setenv("TT22_HOME", str(tmp_path))
    game = get_game(name)
    seats = [Player(f"Bot {s}", "bot", "easy") for s in range(players)]
    session = LocalSession.start(game, game.rules([], players), "fails", seats, tmp_path)
    first = session.to_move
    session.bots[first] = Boom()  # (the others play: the failing seat comes round again)
    app = TT22App(StartOptions(language="en", pace=0.0, home=tmp_path))
    said: list[tuple[str, bool]] = []

    def notify(message: str, **options: Any) -> None:
        said.append((message, options.get("markup", True)))

    async with app.run_test(size=(130, 40)) as pilot:
        monkeypatch.setattr(app, "notify", notify)
        table = table_for(name, session)
        keep_notes(table)
        app.push_screen(table)
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        line = f"Bot {first}'s bot (easy) failed: RuntimeError: {ERROR}"
        assert session.moves == []  # nothing in the bot's place
        assert (line, False) in said  # the notice, markup off
        await wait_for(pilot, lambda: line in what_it_says(table))
        note = str(list(app.screen.query(Label))[1].render())
        assert "Nothing was played for it" in note and str(log_file(tmp_path)) in note
        # The random bot plays this one move, and the table says so. (The click goes
        # where the button is drawn: on a busy machine the dialog may be current and
        # not yet laid out, and a click at no place presses nothing.)
        await wait_for(pilot, lambda: app.screen.query_one("#choice-random").region.area > 0)
        assert await pilot.click("#choice-random")  # (it landed on the button)
        await wait_for(pilot, lambda: len(session.moves) >= 1)
        assert session.moves[0].seat == first
        stand_in = f"The random bot played this move for Bot {first}, whose bot had failed."
        await wait_for(pilot, lambda: stand_in in what_it_says(table))
        # Its turn again, it fails again: leave, the match stays saved as it stands.
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        played = len(session.moves)
        assert played >= 1 and session.to_move == first
        await pilot.click("#choice-leave")
        await wait_for(pilot, lambda: table not in app.screen_stack)
        assert len(session.moves) == played
    current = Autosave(tmp_path, game_names()).load_current()
    assert current is not None and len(current.moves) == played
    traceback = log_file(tmp_path).read_text(encoding="utf-8")
    assert traceback.count("Traceback") == 2 and "RuntimeError" in traceback


async def test_escape_asks_the_same_bot_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TT22_HOME", str(tmp_path))
    rook = get_game("rook")
    seats = [Player(f"Bot {s}", "bot", "easy") for s in range(4)]
    session = LocalSession(rook, rook.rules([], 4), "escape", seats)
    real = dict(session.bots)
    seat = session.to_move
    session.bots[seat] = Boom()
    app = TT22App(StartOptions(language="en", pace=0.0, home=tmp_path))
    async with app.run_test(size=(130, 40)) as pilot:
        table = table_for("rook", session)
        app.push_screen(table)
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        session.bots[seat] = real[seat]  # (mended: asked again, it plays)
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(session.moves) >= 1)
        assert session.moves[0].seat == seat
        assert "random bot played" not in what_it_says(table)
