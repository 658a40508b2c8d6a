"""500 Rum's and Persian Rummy's table at 80x24, through Pilot (issue 23): a hand played
by keys against a bot, the spread pile (F4) and a take from deep in it, the opening as
it is built (F5), whose meld is whose (F6), Persian's partnerships (P2) and jokers (P1),
hidden information (M5, P8), the three languages, the ASCII style and the replayer."""

from __future__ import annotations

import re
from typing import Any

import pytest
from layoutkit import screen_lines
from pilotkit import tap
from rummyuikit import point, session_of, table_app
from textual.pilot import Pilot

from tt22.core.cards import show_card
from tt22.core.registry import get_game
from tt22.games.rum500 import Discard, Draw, LayOff, Meld, Pass, Take
from tt22.games.rum500.bots import make_bot
from tt22.games.rum500.cards import CODE
from tt22.games.rum500.engine import DRAW
from tt22.play.session import LocalSession
from tt22.tui.app import TT22App
from tt22.tui.games.rum500.table import Rum500Table
from tt22.tui.games.rummy.widgets import MeldHand
from tt22.tui.summary.screens import HandSummaryScreen, MatchSummaryScreen

SIZE = (80, 24)


def text_of(app: Any) -> str:
    return "\n".join(screen_lines(app))


async def seat(app: TT22App, pilot: Pilot[None], session: LocalSession) -> Rum500Table:
    table = Rum500Table(session)
    app.push_screen(table)
    while app.screen is not table or not table.is_mounted:
        await pilot.pause()
    await pilot.pause()
    return table


async def press_move(pilot: Pilot[None], table: Rum500Table, move: Any) -> None:
    """Make `move` through the keys a person would press (a take: `p` until the card
    is pointed at, then Enter)."""
    hand = table.query_one("#rummy-hand", MeldHand)
    if isinstance(move, Take):
        v = table.my_view()
        assert v is not None
        want = v.pile.index(CODE[move.card])
        for _ in range(len(v.pile) + 1):
            if table.pile_at == want:
                break
            await pilot.press("p")
        assert table.pile_at == want
        await pilot.press("enter")
    elif isinstance(move, (Draw, Pass)):
        await pilot.press("enter")
    elif isinstance(move, Discard):
        hand.clear_selection()
        await point(pilot, hand, CODE[move.card])
        await pilot.press("enter")
    elif isinstance(move, Meld):
        hand.clear_selection()
        for text in move.cards:
            await point(pilot, hand, CODE[text])
            await pilot.press("space")
        await pilot.press("m")
    elif isinstance(move, LayOff):
        hand.clear_selection()
        await point(pilot, hand, CODE[move.card])
        await pilot.press(str(move.meld + 1))
    else:  # pragma: no cover - every move kind is above
        raise AssertionError(move)


def deep_take_position(game: str, players: int, seed: str) -> tuple[Any, Take]:
    """A real position (bots' moves from the seed's deal) where seat 0 is to draw and
    may take a card from deep in the spread pile (F4)."""
    g = get_game(game)
    rules = g.rules([], players)
    for n in range(200):
        state = g.new_match(rules, players, f"{seed} {n}")
        bots = [make_bot("random", f"{seed} {n} {s}") for s in range(players)]
        for _ in range(400):
            if g.is_over(state) or state.history:
                break
            seat_ = g.to_move(state)
            v = g.view(state, seat_)
            if seat_ == 0 and v.phase == DRAW:
                deep = [
                    m
                    for m in g.view_legal_moves(v)
                    if isinstance(m, Take) and CODE[m.card] != v.pile[-1]
                ]
                if deep:
                    return state, deep[0]
            state = g.apply(state, bots[seat_].choose(v))
    raise AssertionError("no deep take found")


async def test_a_500_rum_hand_is_played_by_keys_against_a_bot_to_its_summary() -> None:
    """F1-F8 by keys: the rules of thumb decide seat 0's moves, the keys make them; the
    hand ends in the one hand summary with the engine's points."""
    app = table_app()
    s = session_of("rum500", ["Ann", "Bot 1"], seed="whole 500")
    me = make_bot("rules", "whole 500 me")
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        for _ in range(3000):
            if isinstance(app.screen, (HandSummaryScreen, MatchSummaryScreen)):
                break
            state = s.state
            if s.game.to_move(state) == 0 and table.my_view() is not None:
                move = me.choose(s.game.view(state, 0))
                await press_move(pilot, table, move)
                await pilot.pause()
                assert s.state is not state, table.note  # the keys made the move
            else:
                await pilot.pause(0.01)
        assert isinstance(app.screen, (HandSummaryScreen, MatchSummaryScreen))
        done = s.state.history[0]
        shown = text_of(app)
        for points in done.points:
            assert str(points) in shown


async def test_f4_the_pile_is_spread_and_a_deep_take_says_what_comes_with_it() -> None:
    state, take = deep_take_position("rum500", 2, "deep")
    s = session_of("rum500", ["Ann", "Bot 1"], seed="deep", state=state)
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        v = s.game.view(s.state, 0)
        shown = text_of(app)
        pile_line = next(line for line in shown.splitlines() if "Discard pile" in line)
        for card in v.pile:  # every card of the pile is in view (F4)
            assert show_card(card) in pile_line
        want = v.pile.index(CODE[take.card])
        while table.pile_at != want:
            await pilot.press("p")
        above = len(v.pile) - 1 - want
        shown = " ".join(text_of(app).split())  # (the message wraps at 80 columns)
        assert f"Take {show_card(CODE[take.card])}" in shown
        assert ("the card above it" if above == 1 else f"the {above} cards above it") in shown
        assert "must be melded or laid off this turn" in shown
        await pilot.press("enter")
        await pilot.pause()
        assert s.moves[-1] == take
        after = s.game.view(s.state, 0)
        assert set(v.pile[want:]) <= set(after.hand)
        # F4's obligation is said, and a discard before it is refused with the rule
        assert "(F4)" in text_of(app)


async def test_esc_lets_go_of_the_pointed_pile_card_and_enter_draws_again() -> None:
    app = table_app()
    s = session_of("rum500", ["Ann", "Bot 1"], seed="esc")
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        while table.my_view() is None or table.my_view().phase != DRAW:
            await pilot.pause(0.01)
        await pilot.press("p")
        assert table.pile_at is not None
        await pilot.press("escape")
        assert table.pile_at is None
        count = len(s.moves)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(s.moves[count], Draw)


async def test_f5_the_opening_is_shown_as_it_is_built() -> None:
    """Seat 0 picks the cards of a meld before its opening: the table says what the
    opening would be worth with them, against the rules' threshold."""
    g = get_game("rum500")
    for n in range(100):
        s = session_of("rum500", ["Ann", "Bot 1"], seed=f"open {n}")
        v = g.view(s.state, 0)
        if g.to_move(s.state) != 0:
            continue
        s.play(Draw(0, "stock"))
        v = g.view(s.state, 0)
        melds = [m for m in g.view_legal_moves(v) if isinstance(m, Meld)]
        if melds:
            break
    else:
        raise AssertionError("no opening meld found")
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        assert "Opening: 0 of more than 30." in text_of(app)
        hand = table.query_one("#rummy-hand", MeldHand)
        for text in melds[0].cards:
            await point(pilot, hand, CODE[text])
            await pilot.press("space")
        from tt22.games.rum500.melds import meld_value, order_meld

        value = meld_value(order_meld([CODE[c] for c in melds[0].cards]))
        assert f"Opening: {value} of more than 30 with these cards." in text_of(app)
        await pilot.press("m")
        await pilot.pause()
        assert s.moves[-1] == melds[0]
        shown = text_of(app)
        assert "1: " in shown and "(you)" in shown  # the meld, and whose it is (F6)


async def test_p2_persian_shows_the_partnerships_and_jokers() -> None:
    g = get_game("persian")
    app = table_app()
    for n in range(200):  # a deal that gives seat 0 a joker (P1)
        s = session_of("persian", ["Ann", "Bot 1", "Bot 2", "Bot 3"], seed=f"jokers {n}")
        if any(c >= 52 for c in g.view(s.state, 0).hand):
            break
    async with app.run_test(size=SIZE) as pilot:
        await seat(app, pilot, s)
        shown = text_of(app)
        assert "Persian Rummy" in shown and "deal 1 of 2" in shown
        seats = [line for line in shown.splitlines() if "cards" in line and "Team" in line]
        assert len(seats) == 4
        assert [("Team A" in line) for line in seats] == [True, True, False, False]
        assert re.search(r"\bX[1-4]\b", shown)  # the joker in the hand


@pytest.mark.parametrize(("game", "players"), [("rum500", 3), ("persian", 4)])
async def test_m5_the_screen_never_shows_another_hand_or_the_stock(game: str, players: int) -> None:
    app = table_app()
    names = ["Ann", "Bot 1", "Bot 2", "Bot 3"][:players]
    s = session_of(game, names, seed=f"hidden {game}")
    me = make_bot("rules", f"hidden {game} me")
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        for _ in range(80):
            state = s.state
            if s.game.is_over(state) or state.history:
                break
            v = s.game.view(state, 0)
            public = set(v.hand) | set(v.pile) | {c for _, m, _ in v.table for c in m}
            for _, kind, data in v.events:
                if kind in ("meld", "take"):
                    public |= set(data)
                elif kind == "layoff":
                    public.add(data[0])
                elif kind == "discard":
                    public.add(data)
            secret = {c for seat_, h in enumerate(state.hands) if seat_ for c in h}
            secret |= set(state.stock)
            hidden = {show_card(c, False) for c in secret - public}
            labels = set(re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]|X[1-4]", text_of(app)))
            assert not labels & hidden
            if s.game.to_move(state) == 0 and table.my_view() is not None:
                await press_move(pilot, table, me.choose(v))
            await pilot.pause(0.01)


@pytest.mark.parametrize("language", ["en", "ko", "ja"])
@pytest.mark.parametrize(
    ("game", "players"), [("rum500", 2), ("rum500", 3), ("rum500", 4), ("persian", 4)]
)
@pytest.mark.parametrize("style", ["unicode", "ascii", "no-colour"])
async def test_the_table_is_whole_at_80x24_in_every_language(
    language: str, game: str, players: int, style: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """F1, P2: every player count, each language, the ASCII style and NO_COLOR: the
    game's name, every card of the hand and no `…` where a card or a name should be."""
    if style == "no-colour":
        monkeypatch.setenv("NO_COLOR", "1")
    ascii_cards = style == "ascii"
    app = table_app(language, ascii_cards)
    names = ["Ann", "Bot 1", "Bot 2", "Bot 3"][:players]
    s = session_of(game, names, seed=f"words {game}")
    async with app.run_test(size=SIZE) as pilot:
        await seat(app, pilot, s)
        shown = text_of(app)
        title = {
            ("rum500", "en"): "500 Rum",
            ("rum500", "ko"): "500 럼",
            ("rum500", "ja"): "500ラミー",
            ("persian", "en"): "Persian Rummy",
            ("persian", "ko"): "페르시안 러미",
            ("persian", "ja"): "ペルシャン・ラミー",
        }[(game, language)]
        assert title in shown
        assert "…" not in shown
        v = s.game.view(s.state, 0)
        for card in v.hand:
            assert show_card(card, ascii_cards) in shown


async def test_hostile_names_are_shown_literally_and_never_as_markup() -> None:
    app = table_app()
    names = ["[bold]Eve[/]", "Mal\x1b[31mlory", "[@click=app.quit]x", "Zoë"]
    s = session_of("persian", names, seed="hostile")
    async with app.run_test(size=SIZE) as pilot:
        await seat(app, pilot, s)
        shown = text_of(app)
        assert "[bold]Eve[/]" in shown and "Mal\\x1b[31mlory" in shown
        assert "\x1b" not in shown


def test_500_rum_and_persian_are_registered_as_tables_and_replayers() -> None:
    from tt22.tui import tables

    for game in ("rum500", "persian"):
        assert game in tables.playable_games() and game in tables.replayable_games()
        assert game in tables.TABLES


@pytest.mark.parametrize("language", ["en", "ko", "ja"])
@pytest.mark.parametrize("name", ["4p-rum500.22rec", "4p-persian.22rec"])
async def test_the_replayer_steps_the_sample_and_names_every_take(name: str, language: str) -> None:
    from pathlib import Path

    from tt22.record import load_record
    from tt22.tui.games.rum500.replay import Rum500ReplayScreen

    path = Path(__file__).parents[2] / "records" / name
    record = load_record(path)
    app = table_app(language)
    async with app.run_test(size=SIZE) as pilot:
        screen = Rum500ReplayScreen(record, path)
        app.push_screen(screen)
        while app.screen is not screen:
            await pilot.pause()
        await pilot.pause()
        await pilot.press("home")  # (a finished record opens at its end)
        seen_take = False
        for i, played in enumerate(record.moves[:120]):
            await tap(pilot, "right", done=lambda i=i: screen.index == i + 1)
            shown = text_of(app)
            assert f"{i + 1}. " in shown
            assert "…" not in shown
            if isinstance(played.move, Take):
                took = {"en": "took", "ko": "가져감", "ja": "取っ"}[language]
                assert took in shown
                seen_take = True
        assert seen_take


async def test_i_hints_the_strongest_bots_move_and_u_takes_it_back() -> None:
    """Against bots: `i` names the strongest level's move from the seat's view and
    chooses it (a take points at its pile card); after a move, `u` takes it back and the
    bot's replies, and the position is the one before."""
    app = table_app()
    s = session_of("rum500", ["Ann", "Bot 1"], seed="hint undo")
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        for _ in range(500):
            if table.my_view() is not None:
                break
            await pilot.pause(0.01)
        v = table.my_view()
        assert v is not None
        expected = s.hint(v)
        await pilot.press("i")
        for _ in range(2000):
            if table.note is not None and "Hint:" in table.note.plain:
                break
            await pilot.pause(0.01)
        assert table.note is not None and "Hint:" in table.note.plain
        if isinstance(expected, Take):
            assert table.pile_at == v.pile.index(CODE[expected.card])
        before = s.state
        count = len(s.moves)
        await pilot.press("enter")  # (a draw: Enter draws; a hinted take: Enter takes)
        await pilot.pause()
        assert len(s.moves) == count + 1 and s.moves[count].seat == 0
        await pilot.press("u")
        await pilot.pause()
        assert len(s.moves) == count
        assert s.game.view(s.state, 0) == s.game.view(before, 0)


async def test_again_after_the_game_seats_the_new_match_at_the_same_table(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game summary's "again" reopens 500 Rum at 500 Rum's table (the table class
    the match was at), not at the Rummy table it is built on; with the same seed."""
    from tt22.core.players import Player

    monkeypatch.setenv("TT22_HOME", str(tmp_path))
    game = get_game("rum500")
    players = [Player("Ann"), Player("Bot 1", "bot", "normal")]
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        s = LocalSession.start(game, game.rules([], 2), "again", players, app.home_dir)
        table = await seat(app, pilot, s)
        s.release()
        table._leave("again")
        for _ in range(500):
            if isinstance(app.screen, Rum500Table) and app.screen is not table:
                break
            await pilot.pause(0.01)
        assert type(app.screen) is Rum500Table and app.screen is not table
        assert app.screen.session.seed == "again"
