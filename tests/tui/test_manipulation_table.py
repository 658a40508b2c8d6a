"""Manipulation Rummy's table and replayer at 80x24, through Pilot: a play built in the
work area by keys (a hand card and a table card regrouped, Enter), an invalid group's
reason and Enter refusing it, Esc putting everything back, `f` proposing the solver's
play, the replayer naming the melds a play broke and made, and the screen whole in
English, Korean and Japanese (no `…`), in the ASCII card style too."""

from __future__ import annotations

from typing import Any

import pytest
from layoutkit import screen_lines
from pilotkit import wait_for
from rummyuikit import PositionSession, table_app

from tt22.core.players import Player
from tt22.core.protocol import Reason
from tt22.core.registry import entry, get_game
from tt22.games.manipulation import Draw, Play
from tt22.games.manipulation import engine as eng
from tt22.games.manipulation.cards import CODE
from tt22.games.manipulation.melds import meld_problem
from tt22.play.session import LocalSession
from tt22.tui.games.manipulation.changes import changes
from tt22.tui.games.manipulation.replay import ManipulationReplayScreen
from tt22.tui.games.manipulation.table import ManipulationTable
from tt22.tui.games.manipulation.work import HAND, Work
from tt22.tui.tables import playable_games, replayable_games
from tt22.tui.widgets.keybar import KeyBar

SIZE = (80, 24)
GAME = get_game("manipulation")


def cs(text: str) -> tuple[int, ...]:
    return tuple(CODE[w] for w in text.split())


def text_of(app: Any) -> str:
    return "\n".join(screen_lines(app))


def position() -> Any:
    """Seat 0 to move, opened, holding 5♦ 5♣ and three loose cards; the table holds
    a run of four spades (its 5♠ may leave it) and a run of hearts. Seat 1 (a bot) can
    only draw, and the stock's top card is of no use to it."""
    s = eng.new_match(GAME.rules([], 2), 2, "work area")
    s = s.copy()
    s.hands = (cs("5D 5C 2C KD JH"), cs("2H TC QD"))
    s.table = (cs("5S 6S 7S 8S"), cs("4H 5H 6H"))
    s.stock = cs("3S 9D AC")
    s.to_move = 0
    s.opened = (True, True)
    return s


def session_at(state: Any) -> LocalSession:
    players = [Player("Ann", "human"), Player("Bot 1", "bot", "normal")]
    return PositionSession(GAME, GAME.rules([], 2), "work area", players, state=state)


async def seat(app: Any, pilot: Any, session: Any) -> ManipulationTable:
    table = ManipulationTable(session)
    app.push_screen(table)
    await wait_for(pilot, lambda: app.screen is table and table.is_mounted)
    await pilot.pause()
    return table


async def point(pilot: Any, table: ManipulationTable, row: int, card: int) -> None:
    """The cursor onto `card` of `row` by the arrow keys, as a person moves it."""
    for _ in range(12):
        if table.row == row:
            break
        await pilot.press("down")
    assert table.row == row
    w = table.work
    assert w is not None and card in w.row(row), (row, card)
    for _ in range(len(w.row(row)) + 1):
        if w.row(row)[table.col] == card:
            return
        await pilot.press("right")
    raise AssertionError(card)


def test_the_registry_opens_manipulations_table_and_replayer() -> None:
    e = entry("manipulation")
    assert e.table and e.replayer
    assert "manipulation" in playable_games() and "manipulation" in replayable_games()


def test_x3_a_candidate_meld_gets_the_games_reason() -> None:
    """X3: the work area asks the game why a group is not a meld, one group at a time."""
    assert meld_problem(cs("5S 5D 5C"), 2) is None
    short = meld_problem(cs("2C KD"), 2)
    assert isinstance(short, Reason) and short.code == "manipulation.meld_short"
    assert dict(short.args)["number"] == 3
    w = Work((cs("5S 6S 7S 8S"),), cs("5D 5C 2C"))
    w.to_new_group([(HAND, 0), (HAND, 1)])  # two cards: not a meld yet
    assert [(i, r.code) for i, r in w.problems()] == [(1, "manipulation.meld_short")]


def test_changes_name_the_melds_broken_and_made() -> None:
    before = (cs("5S 6S 7S 8S"), cs("4H 5H 6H"))
    after = (cs("6S 7S 8S"), cs("4H 5H 6H"), cs("5S 5D 5C"))
    c = changes(before, after)
    assert c.broken == (cs("5S 6S 7S 8S"),) and c.made == (cs("6S 7S 8S"), cs("5S 5D 5C"))
    assert c.kept == 1


async def test_a_play_is_built_in_the_work_area_by_keys() -> None:
    app = table_app()
    s = session_at(position())
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        shown = text_of(app)
        assert "Table:" in shown and "1: 5♠ 6♠ 7♠ 8♠" in shown and "Stock: 3" in shown
        assert "2H" not in shown and "Q♦" not in shown  # never another seat's hand
        await point(pilot, table, HAND, CODE["5D"])
        await pilot.press("space")
        await point(pilot, table, HAND, CODE["5C"])
        await pilot.press("space")
        await point(pilot, table, 0, CODE["5S"])  # a card of the table's first meld
        await pilot.press("space")
        await pilot.press("n")
        await wait_for(pilot, lambda: "Every group is a meld" in text_of(app))
        assert "New table:" in text_of(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(s.moves) >= 2 and s.state.to_move == 0)
        play = s.moves[0]
        assert isinstance(play, Play) and sorted(play.cards) == ["5C", "5D"]
        assert sorted(map(sorted, play.table)) == sorted(
            [["6S", "7S", "8S"], ["4H", "5H", "6H"], ["5C", "5D", "5S"]]
        )
        assert isinstance(s.moves[1], Draw)  # the bot's reply
        await wait_for(pilot, lambda: "5♠ 5♦ 5♣" in text_of(app))
        assert "3: 5♠ 5♦ 5♣" in text_of(app)


async def test_an_invalid_group_shows_its_reason_enter_refuses_esc_restores() -> None:
    app = table_app()
    s = session_at(position())
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        await point(pilot, table, HAND, CODE["2C"])
        await pilot.press("space")
        await point(pilot, table, HAND, CODE["KD"])
        await pilot.press("space")
        await pilot.press("n")
        await wait_for(pilot, lambda: "a meld needs at least 3 cards" in text_of(app))
        assert "3!" in text_of(app)  # the group is marked, without colour
        await pilot.press("enter")
        await pilot.pause()
        assert s.moves == []  # Enter refused
        assert "Not yet" in text_of(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: "The table is as it was" in text_of(app))
        w = table.work
        assert w is not None and not w.changed and len(w.hand) == 5
        assert [g.cards for g in w.groups] == [list(cs("5S 6S 7S 8S")), list(cs("4H 5H 6H"))]
        # a table card put back goes home, never to the hand
        await point(pilot, table, 0, CODE["5S"])
        await pilot.press("n")
        assert w.changed and len(w.groups) == 3
        await pilot.press("b")
        await wait_for(pilot, lambda: not w.changed)
        assert s.moves == []


async def test_f_proposes_a_legal_play_that_enter_makes() -> None:
    app = table_app()
    s = session_at(position())
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        await pilot.press("f")
        await wait_for(pilot, lambda: "Proposed:" in text_of(app))
        w = table.work
        assert w is not None
        v = table.my_view()
        assert v is not None and GAME.explain_view(v, w.play(0)) is None
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(s.moves) >= 1)
        assert isinstance(s.moves[0], Play)


async def test_a_turn_with_no_play_says_why_once_the_solver_answers_and_enter_draws() -> None:
    """X4: none of 2♣ K♦ J♥ can go on the table however it is rearranged; the table asks
    the solver in a worker (a big table's answer takes a while, and a served seat's
    screens share the server's loop), then says so, and Enter draws."""
    state = position().copy()
    state.hands = (cs("2C KD JH"), state.hands[1])
    app = table_app()
    s = session_at(state)
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        view = table.my_view()
        assert view is not None and GAME.forced_reason(view) is not None
        await wait_for(pilot, lambda: "can go on the table: draw" in text_of(app))
        assert table.forced_of is not None and table.forced_of[1] is not None
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(s.moves) >= 1)
        assert s.moves[0] == Draw(0)


async def test_a_real_match_against_a_bot_draws_and_plays_by_keys() -> None:
    """A seeded match in a real session: Enter draws while nothing moved, `f` finds
    a play when there is one, and the record holds the Play."""
    app = table_app()
    g = GAME
    players = [Player("Ann", "human"), Player("Bot 1", "bot", "normal")]
    s = LocalSession(g, g.rules([], 2), "t1", players)
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        for _ in range(60):
            await wait_for(pilot, lambda: table.my_view() is not None)
            v = table.my_view()
            assert v is not None
            if g.hint(v, "") is not None and isinstance(g.hint(v, ""), Play):
                break
            n = len(s.record.moves)
            await pilot.press("enter")
            await wait_for(pilot, lambda n=n: len(s.record.moves) > n)
        n = len(s.record.moves)
        await pilot.press("f")
        await wait_for(pilot, lambda: "Proposed:" in text_of(app))
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(s.record.moves) > n)
        assert isinstance(s.record.moves[n].move, Play)


def played_record() -> tuple[Any, int]:
    """A real match played by the game's hint until a play breaks a meld; the record
    and the index after that play."""
    g = GAME
    players = [Player("Ann", "human"), Player("Bot 1", "bot", "normal")]
    s = LocalSession(g, g.rules([], 2), "replay breaks", players)
    for _ in range(400):
        state = s.state
        v = g.view(state, g.to_move(state))
        move = g.hint(v, "")
        s.play(move)
        if isinstance(move, Play) and changes(state.table, s.state.table).broken:
            return s.record, len(s.record.moves)
    raise AssertionError("no play broke a meld")


async def test_the_replayer_names_the_melds_a_play_broke_and_made() -> None:
    record, at = played_record()
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = ManipulationReplayScreen(record, start=at - 1)
        app.push_screen(screen)
        await wait_for(pilot, lambda: app.screen is screen and screen.is_mounted)
        await pilot.press("right")
        await wait_for(pilot, lambda: screen.index == at)
        shown = text_of(app)
        assert "Broke:" in shown and "Made:" in shown and "played" in shown
        assert "…" not in shown


@pytest.mark.parametrize(
    ("language", "ascii_cards"),
    [("en", False), ("ko", False), ("ja", False), ("en", True), ("ko", True), ("ja", True)],
)
async def test_the_table_is_whole_at_80x24(language: str, ascii_cards: bool) -> None:
    app = table_app(language, ascii_cards)
    s = session_at(position())
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        await point(pilot, table, HAND, CODE["2C"])
        await pilot.press("space")
        await pilot.press("n")  # an invalid group: its reason is on screen
        await point(pilot, table, HAND, CODE["KD"])
        await pilot.press("space")
        await pilot.press("up")  # every key of the turn is on the bar now
        await pilot.pause()
        bar = table.query_one(KeyBar)
        assert {"space", "n", "g", "b", "enter", "f", "q"} <= set(bar.keys_shown)
        assert all(words in screen_lines(app)[-1] for words in bar.words_shown)  # whole
        lines = screen_lines(app)
        assert len(lines) == 24 and all(len(line) <= 80 for line in lines)
        shown = "\n".join(lines)
        assert "…" not in shown
        five = "5S" if ascii_cards else "5♠"
        assert five in shown and "(X3)" in shown
        assert ("manipulation." not in shown) and ("{" not in shown)


async def test_the_hint_is_shown_in_the_work_area_and_d_draws() -> None:
    app = table_app()
    s = session_at(position())
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        await pilot.press("i")
        await wait_for(pilot, lambda: "Proposed:" in text_of(app))
        w = table.work
        v = table.my_view()
        assert w is not None and v is not None and w.placed
        assert GAME.explain_view(v, w.play(0)) is None
        await pilot.press("d")  # draws whatever the work area holds
        await wait_for(pilot, lambda: len(s.moves) >= 1)
        assert s.moves[0] == Draw(0)


async def test_undo_takes_back_a_draw_and_the_bots_reply() -> None:
    app = table_app()
    players = [Player("Ann", "human"), Player("Bot 1", "bot", "normal")]
    s = LocalSession(GAME, GAME.rules([], 2), "t1", players)
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        for n in (2, 4):
            await wait_for(pilot, lambda: table.my_view() is not None)
            await pilot.press("d")
            await wait_for(pilot, lambda n=n: len(s.moves) >= n and table.my_view() is not None)
        assert s.can_take_back
        await pilot.press("u")
        await wait_for(pilot, lambda: len(s.moves) == 2)
        assert "Taken back" in text_of(app)


async def test_going_out_ends_the_hand_and_the_next_is_dealt() -> None:
    """A play of the whole hand (X8): the hand ends, its summary (when the game has
    summary screens) or a plain line says so, and hand 2 is dealt at the table."""
    state = position()
    state.hands = (cs("5D 5C"), state.hands[1])
    app = table_app()
    s = session_at(state)
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        await pilot.press("f")
        await wait_for(pilot, lambda: "Proposed:" in text_of(app))
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(s.state.history) == 1)
        if app.screen is not table:  # the game's hand summary (screens= in its entry)
            await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is table and "Hand 2" in text_of(app))
        assert s.state.scores[0] == 0 and s.state.scores[1] > 0


async def test_no_color_keeps_the_picks_the_cursor_and_the_bad_group_readable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = table_app()
    s = session_at(position())
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        await point(pilot, table, HAND, CODE["2C"])
        await pilot.press("space")
        await pilot.press("n")
        await point(pilot, table, HAND, CODE["KD"])
        await pilot.press("space")
        await pilot.press("right")
        await pilot.pause()
        strips = app.screen._compositor.render_strips()
        colours = {
            seg.style.color.name
            for strip in strips
            for seg in strip
            if seg.style is not None and seg.style.color is not None
        }
        assert colours <= {"default"}, colours
        shown = text_of(app)
        assert "3!>2♣" in shown or "3! 2♣" in shown  # the bad group, by a mark
        assert "*K♦" in shown and ">" in shown.split("Hand:")[1]  # a pick, the cursor


async def test_hostile_names_are_shown_as_text_and_hot_seat_hides_the_hand() -> None:
    hostile = "[bold red]Eve[/] \x1b[31m"
    players = [Player(hostile, "human"), Player("Bob", "human")]
    s = PositionSession(GAME, GAME.rules([], 2), "work area", players, state=position())
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        shown = text_of(app)
        assert "[bold red]Eve[/]" in shown and "\x1b" not in shown
        assert "Pass the keyboard to" in shown and "5♦" not in shown  # hidden till Enter
        await pilot.press("enter")
        await wait_for(pilot, lambda: "5♦" in text_of(app))
        assert table.my_view() is not None
        await pilot.press("d")
        await wait_for(pilot, lambda: "Pass the keyboard to Bob" in text_of(app))
        assert "2♥" not in text_of(app)  # Bob's hand stays hidden until he takes it


def test_a_table_card_put_back_goes_to_its_meld_made_again_if_gone() -> None:
    w = Work((cs("5S 6S 7S"),), cs("5D 5C"))
    w.to_new_group([(0, 0), (0, 1), (0, 2)])  # the whole meld moved: its group is new
    assert len(w.groups) == 1 and w.groups[0].origin is None
    w.send_back([(0, 0)])
    assert sorted(len(g.cards) for g in w.groups) == [1, 2]
    w.send_back([(0, 0)])
    w.send_back([(0, 0)])
    assert not w.changed and [g.origin for g in w.groups] == [0]
    assert sorted(w.hand) == sorted(cs("5D 5C"))
    proposed = Play(0, ("5D", "5C"), (("6S", "7S", "8S"), ("5S", "5D", "5C")))
    w2 = Work((cs("5S 6S 7S 8S"),), cs("5D 5C 2C"))
    w2.propose(proposed)
    assert w2.placed and sorted(w2.placed) == sorted(cs("5D 5C")) and w2.hand == [CODE["2C"]]
    assert sorted(w2.play(0).cards) == ["5C", "5D"]
    assert [g.origin for g in w2.groups] == [None, None]  # the old meld is broken
