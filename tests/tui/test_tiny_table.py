"""The one table (tt22/tui/table) seats High Card, a game that lives only under tests/
(tests/kits/tinygame.py, its GameUI tests/kits/tinyui.py), registered by its entry
alone: a person plays a card with the keys, the bots answer through the session's
runner, the match summary comes up, and the record saved is `tt22 verify`-clean.
Nothing in tt22 names the game (issue 22's proof that the boundary holds)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import tinygame
from layoutkit import screen_lines
from pilotkit import wait_for
from tinyui import UI

from tt22.core import registry
from tt22.core.cards import TEXT
from tt22.core.players import Player
from tt22.record import load_record, verify_record
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.i18n import set_language
from tt22.tui.summary.screens import MatchSummaryScreen
from tt22.tui.table.gameui import GameUI
from tt22.tui.table.screen import Received, TableScreen
from tt22.tui.tables import NewTable, playable_games

SIZE = (80, 24)


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("TT22_HOME", str(tmp_path / "home"))
    set_language("en")
    registry.register(tinygame.ENTRY)
    try:
        yield tmp_path / "home"
    finally:
        registry.unregister("tiny")


def test_the_tiny_game_is_a_game_ui_seated_at_the_one_table(tiny: Path) -> None:
    assert isinstance(UI, GameUI)
    assert "tiny" in playable_games()


def test_received_cards_are_marked_until_the_next_move() -> None:
    marks = Received()
    assert marks.drawn(0, (1, 2, 3), 0) == frozenset()  # a fresh deal: nothing marked
    marks.moved(0)  # (an exchange: 1 and 2 given, 7 and 8 received)
    assert marks.drawn(0, (3, 7, 8), 0) == {7, 8}
    assert marks.drawn(0, (3, 7, 8), 0) == {7, 8}  # still, until the seat moves
    marks.moved(0)
    assert marks.drawn(0, (3, 8), 0) == frozenset()
    marks.moved(0)
    assert marks.drawn(0, (9, 10, 11), 1) == frozenset()  # a new deal is not received


async def test_a_person_plays_high_card_against_bots_at_80x24(tiny: Path) -> None:
    players = (Player("Ann"), Player("Bot 1", "bot", "easy"), Player("Bot 2", "bot", "easy"))
    table = NewTable("tiny", (), "pilot-tiny", players)
    app = TT22App(StartOptions(language="en", pace=0, home=tiny, table=table))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await wait_for(pilot, lambda: screen._view is not None)
        text = "\n".join(screen_lines(app))
        # The seats in play order, the turn shown, the prompt and Enter's words.
        assert "▶ Ann (you)" in text, text
        assert text.index("Ann") < text.index("Bot 1") < text.index("Bot 2")
        assert "Your turn: play your card." in text

        footer = screen_lines(app)[-1]
        assert "Play" in footer and "Show hand" not in footer, footer
        await pilot.press("m")  # the log beside the table: the prompt and seats stay
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "Your turn: play your card." in text and "Bot 2" in text, text
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MatchSummaryScreen))
        summary = "\n".join(screen_lines(app))
        assert "Game over" in summary, summary
        session = screen.session
        assert session.over and len(session.moves) == 3
        assert session.saved_path is not None
        record = load_record(session.saved_path)
        assert record.game == "tiny" and verify_record(record).ok
        log = " ".join(str(line.text) for line in screen.query_one("#one-log").lines)
        assert "Ann plays" in log and "Bot 2 plays" in log, log
        assert "Bot 1 wins the" in log and "trick." in log, log


async def test_a_hot_seat_hides_the_hand_between_people(tiny: Path) -> None:
    """Hot seat of two people: the hand is hidden until its owner shows it; Enter
    then plays; the second person's hand is hidden again in between."""
    players = (Player("Ann"), Player("Bea"))
    table = NewTable("tiny", (), "pilot-hot", players)
    app = TT22App(StartOptions(language="en", pace=0, home=tiny, table=table))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.pause()
        assert "Ann: press Enter to see your hand." in "\n".join(screen_lines(app))
        await pilot.press("enter")  # show the hand
        await wait_for(pilot, lambda: screen._view is not None)
        await pilot.press("enter")  # play it
        await wait_for(pilot, lambda: len(screen.session.moves) == 1)
        assert "Bea: press Enter to see your hand." in "\n".join(screen_lines(app))
        await pilot.press("enter", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MatchSummaryScreen))


async def test_help_and_scores_come_from_the_game_ui(tiny: Path) -> None:
    """`?` shows the game's help page, `s` its score history: both from the rows its
    description gives, in the one help and the one score history."""
    players = (Player("Ann"), Player("Bot 1", "bot", "easy"))
    table = NewTable("tiny", (), "pilot-help", players)
    app = TT22App(StartOptions(language="en", pace=0, home=tiny, table=table))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        table_screen = app.screen
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: "How to play High Card" in "\n".join(screen_lines(app)))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is table_screen)
        await pilot.press("s")
        await wait_for(pilot, lambda: "Tricks won" in "\n".join(screen_lines(app)))


async def test_a_failing_bot_is_said_and_nothing_is_played_for_it(
    tiny: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot that raises is never replaced silently: the table says so, the seat waits
    for the person's choice, and "let the random bot play" plays one move (the log
    says it was a stand-in)."""
    from tt22.tui.replay.dialogs import ChoiceDialog

    def broken(self: object, view: object) -> object:
        raise RuntimeError("the bot's own bug")

    players = (Player("Bot 0", "bot", "easy"), Player("Ann"))
    table = NewTable("tiny", (), "pilot-fail", players)
    app = TT22App(StartOptions(language="en", pace=0, home=tiny, table=table))
    with monkeypatch.context() as patch:
        patch.setattr(tinygame.OnlyCard, "choose", broken)
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
            screen = app.screen_stack[-2]
            assert isinstance(screen, TableScreen)
            assert "A bot failed" in "\n".join(screen_lines(app))
            assert screen.session.moves == []  # nothing played in its place
            patch.undo()  # (the stand-in is the game's random bot: the same class)
            await pilot.press("down", "enter")  # let the random bot play this one move
            await wait_for(pilot, lambda: len(screen.session.moves) == 1)
            await pilot.press("m")  # (the log, closed at 80 columns, is written when shown)

            def log() -> str:
                return " ".join(str(line.text) for line in screen.query_one("#one-log").lines)

            await wait_for(pilot, lambda: "own bug" in log())  # (lines wrap at its width)
            assert "RuntimeError" in log() and "The random bot" in log(), log()


async def test_a_hint_puts_the_cursor_on_the_card_to_play(tiny: Path) -> None:
    players = (Player("Ann"), Player("Bot 1", "bot", "easy"))
    table = NewTable("tiny", (), "pilot-hint", players)
    app = TT22App(StartOptions(language="en", pace=0, home=tiny, table=table))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await wait_for(pilot, lambda: screen._view is not None)
        await pilot.press("i")
        card = screen.session.view(0).hand[0]
        await wait_for(pilot, lambda: f"Hint: play {TEXT[card]}" in "\n".join(screen_lines(app)))


@pytest.mark.parametrize(("size", "opened"), [((80, 24), False), ((120, 40), True)])
async def test_the_log_fits_beside_the_table_at_80x24_and_opens_on_a_large_terminal(
    tiny: Path, size: tuple[int, int], opened: bool
) -> None:
    """At 80x24 the log (m) takes its third and the table keeps every seat and the
    prompt (the review's H3); from 120 columns the log is open from the start and on a
    tall terminal the hand is drawn in boxes (L3)."""
    players = (Player("Ann"), *(Player(f"Bot {s}", "bot", "easy") for s in (1, 2, 3)))
    table = NewTable("tiny", (), "pilot-log", players)
    app = TT22App(StartOptions(language="en", pace=0, home=tiny, table=table))
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await wait_for(pilot, lambda: screen._view is not None)
        log = screen.query_one("#one-log")
        assert log.display is opened
        if not opened:
            await pilot.press("m")
            await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "Moves" in text and "Your turn: play your card." in text, text
        for name in ("Ann", "Bot 1", "Bot 2", "Bot 3"):
            assert name in text, text
        hand = screen.query_one("#one-hand")
        assert hand.size.height == (5 if opened else 3)
        assert hand.region.right <= log.region.x  # (beside, not under, the log)


async def test_a_reason_dims_its_key_and_the_prompt_says_why(
    tiny: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the game's `actions` gives Enter a `Reason` (here: the card under the cursor
    may not be played), the key is dimmed, Enter plays nothing, and the prompt says why
    in the game's words with its rule."""
    from tinyui import TinyUI

    from tt22.core.protocol import Reason

    def refused(self: TinyUI, view: object, cursor: object, selection: object) -> object:
        return {"tiny.play": Reason("tiny.not_held", "H1", (("seat", 0), ("card", "XX")))}

    monkeypatch.setattr(TinyUI, "actions", refused)
    players = (Player("Ann"), Player("Bot 1", "bot", "easy"))
    table = NewTable("tiny", (), "pilot-why", players)
    app = TT22App(StartOptions(language="en", pace=0, home=tiny, table=table))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await wait_for(pilot, lambda: screen._view is not None)
        assert screen.check_action("game", ("tiny.play",)) is None  # dimmed, not hidden
        assert "seat 0 does not hold XX (H1)" in "\n".join(screen_lines(app))
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.moves == []


async def test_resigning_asks_first_then_files_the_record_unfinished(tiny: Path) -> None:
    from tt22.tui.replay.dialogs import ChoiceDialog

    players = (Player("Bot 0", "bot", "easy"), Player("Ann"), Player("Bot 2", "bot", "easy"))
    table = NewTable("tiny", (), "pilot-resign", players)
    app = TT22App(StartOptions(language="en", pace=0, home=tiny, table=table))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await wait_for(pilot, lambda: screen._view is not None)  # (Bot 0 has played)
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("enter")  # "resign", the first choice
        await wait_for(pilot, lambda: screen not in app.screen_stack)
        (path,) = (tiny / "records").glob("*.22rec")
        record = load_record(path)
        assert record.game == "tiny" and record.result.resigned == 1
        assert len(record.moves) == 1 and verify_record(record).ok
