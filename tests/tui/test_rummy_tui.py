"""The Rummy family's table at 80x24, through Pilot: a whole Gin game played by keys
against a bot, melding and laying off by keyboard, the hand's live deadwood and the
knock limit, hidden information, hostile names and the summaries."""

from __future__ import annotations

import re
from typing import Any

import pytest
from layoutkit import screen_lines
from rummykit import RUMMY, cs, gin_at, rummy_at
from rummyuikit import person, point, press_move, seat, session_of, table_app

from tt22.games.rummy import Discard, Draw, Pass, gin
from tt22.games.rummy.cards import CODE
from tt22.games.rummy.rummy import ACT
from tt22.tui.games.rummy.summary import GameSummary, HandSummary
from tt22.tui.games.rummy.table import RummyTable
from tt22.tui.games.rummy.widgets import MeldHand

SIZE = (80, 24)


def text_of(app: Any) -> str:
    return "\n".join(screen_lines(app))


async def play_through(app: Any, pilot: Any, table: RummyTable, s: Any) -> list[str]:
    """Play seat 0 by keys (the rules of thumb decide), the bots play the rest, each
    hand's summary closed with Enter, until the game summary. Returns the screens seen
    on seat 0's turns."""
    me = person(s.seed)
    screens: list[str] = []
    for _ in range(5000):
        if isinstance(app.screen, GameSummary):
            return screens
        if isinstance(app.screen, HandSummary):
            await pilot.press("enter")
            await pilot.pause()
            continue
        state = s.state
        if s.game.to_move(state) == 0 and table.my_view() is not None:
            screens.append(text_of(app))
            await press_move(pilot, table, me.choose(s.game.view(state, 0)))
            await pilot.pause()
            assert s.state is not state, table.note  # the keys made the move
        else:
            await pilot.pause(0.01)
    raise AssertionError("the game did not end")


async def test_a_whole_gin_game_is_played_by_keys_against_a_bot_at_80x24() -> None:
    app = table_app()
    s = session_of("gin", ["Ann", "Bot 1"], seed="whole gin", level="hard")
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        screens = await play_through(app, pilot, table, s)
        assert s.game.is_over(s.state)
        mine = [m for m in s.moves if m.seat == 0]
        assert len(mine) > 20 and any(isinstance(m, Draw) for m in mine)
        # the knock limit and the live deadwood were in view on every turn
        assert all("knock at 10 or less" in x and "deadwood" in x for x in screens)
        final = text_of(app)
        assert "Game over" in final and "Total" in final and "Shutout" in final
        winner = s.state.winners[0]
        assert str(s.state.scores[winner]) in final
        await pilot.click("#home")
        await pilot.pause()
        assert not isinstance(app.screen, (RummyTable, GameSummary))
    assert not s.claimed  # the session's slot is let go when the table closes


async def test_the_upcard_offer_and_pass_by_keys() -> None:
    app = table_app()
    s = session_of("gin", ["Ann", "Bot 1"], seed="offer")
    first = s.game.to_move(s.state)
    if first != 0:
        s.play(Pass(first))  # the non-dealer passes: the dealer (seat 0) is offered it
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        assert s.state.phase == gin.OFFER
        shown = text_of(app)
        assert "Take the upcard" in shown and "Pass" in shown
        await pilot.press("enter")
        await pilot.pause()
        assert Pass(0) in s.moves  # (and the bot has drawn since)
        del table


def rummy_position() -> Any:
    """Seat 0 to act, holding a run, a card that fits two melds on the table (7H: the
    group of sevens and the run of hearts), and the card just taken."""
    return rummy_at(
        ["3S 4S 5S 7H KD 9C", "2H 3H", "KC"],
        "QC",
        phase=ACT,
        taken="9C",
        table=((1, "7S 7D 7C"), (2, "4H 5H 6H")),
    )


async def test_melding_and_laying_off_by_keyboard_choosing_the_meld() -> None:
    app = table_app()
    s = session_of("rummy", ["Ann", "Bot 1", "Bot 2"], seed="lay", state=rummy_position())
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        hand = table.query_one("#rummy-hand", MeldHand)
        assert hand.order[:3] == cs("3S 4S 5S")  # the meld first, as arranged
        shown = text_of(app)
        # L6: each meld's number set apart from its cards, and who put it down
        assert "Melds: 1: 7♠ 7♦ 7♣ (Bot 1)   2: 4♥ 5♥ 6♥ (Bot 2)" in shown
        for card in ("3S", "4S", "5S"):
            await point(pilot, hand, CODE[card])
            await pilot.press("space")
        assert "is a meld" in text_of(app)
        await pilot.press("m")
        await pilot.pause()
        assert s.state.table[-1] == (0, cs("3S 4S 5S"))
        await point(pilot, hand, CODE["7H"])
        await pilot.pause()
        assert "can be laid off on meld 1, 2" in text_of(app), text_of(app)
        await pilot.press("o")  # two melds fit: it asks which
        await pilot.pause()
        assert "on meld 1?" in text_of(app)
        await pilot.press("o")  # the next one
        await pilot.pause()
        assert "on meld 2?" in text_of(app)
        await pilot.press("enter")
        await pilot.pause()
        assert s.state.table[1] == (2, cs("4H 5H 6H 7H"))
        # the card taken from the pile may not be discarded: the refusal is the rule's
        await point(pilot, hand, CODE["9C"])
        await pilot.press("enter")
        await pilot.pause()
        assert "9♣ was taken from the discard pile this turn (M4)" in text_of(app)
        await point(pilot, hand, CODE["KD"])
        await pilot.press("enter")
        await pilot.pause()
        assert [m for m in s.moves if m.seat == 0][-1] == Discard(0, "KD")


async def test_a_number_key_lays_off_on_that_meld_and_an_illegal_one_is_named() -> None:
    app = table_app()
    s = session_of("rummy", ["Ann", "Bot 1", "Bot 2"], seed="lay", state=rummy_position())
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        hand = table.query_one("#rummy-hand", MeldHand)
        await point(pilot, hand, CODE["KD"])
        await pilot.press("2")
        await pilot.pause()
        assert "K♦ does not extend meld 2 (M6)" in text_of(app)  # numbered as shown
        await point(pilot, hand, CODE["7H"])
        await pilot.press("1")
        await pilot.pause()
        assert s.state.table[0] == (1, cs("7S 7H 7D 7C"))


async def test_gin_knock_with_the_limit_in_view_and_the_hand_summary() -> None:
    app = table_app()
    state = gin_at(
        ["3S 4S 5S 7H 7D 7C 9H 9D 9C 2C KD", "JD QD 2H 3H 5D 6C 8S 9S 4C AD"],
        "6H",
        phase=gin.DISCARD,
        upcard="7S",
        rules=["knock_limit=upcard"],
    )
    s = session_of("gin", ["Ann", "Bot 1"], seed="knock", rules=["knock_limit=upcard"], state=state)
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        shown = text_of(app)
        assert "knock at 7 or less" in shown and "spades: doubled" in shown  # G9
        hand = table.query_one("#rummy-hand", MeldHand)
        await point(pilot, hand, CODE["KD"])
        await pilot.pause()
        assert "deadwood 2, limit 7" in text_of(app)
        await pilot.press("k")
        await pilot.pause()
        while not isinstance(app.screen, HandSummary):
            await pilot.pause()
        summary = text_of(app)
        assert "Hand 1 is over" in summary and "(doubled: a spade upcard)" in summary
        assert "[3♠ 4♠ 5♠]" in summary and "deadwood 2♣ = 2" in summary


def card_labels(text: str) -> set[str]:
    return set(re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]", text))


@pytest.mark.parametrize(("game", "players"), [("gin", 2), ("rummy", 4)])
async def test_the_screen_never_shows_another_hand_or_the_stock(game: str, players: int) -> None:
    app = table_app()
    names = ["Ann", "Bot 1", "Bot 2", "Bot 3"][:players]
    s = session_of(game, names, seed=f"hidden {game}")
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        me = person(s.seed)
        from tt22.core.cards import show_card

        for _ in range(60):
            state = s.state
            if s.game.is_over(state) or isinstance(app.screen, (HandSummary, GameSummary)):
                break
            v = s.game.view(state, 0)
            public = set(v.hand) | set(v.pile) | {c for c in sum(v.seen, ())}
            if game == "rummy":
                public |= {c for _, m in v.table for c in m}
            public |= {d for _, k, d in v.events if k in ("discard", "knock", "pile")}
            public |= {c for _, k, d in v.events if k == "meld" for c in d}
            public |= {d[0] for _, k, d in v.events if k == "layoff"}
            secret = {c for seat_, h in enumerate(state.hands) if seat_ for c in h}
            secret |= set(state.stock)
            hidden = {show_card(c, False) for c in secret - public}
            assert not card_labels(text_of(app)) & hidden
            if s.game.to_move(state) == 0 and table.my_view() is not None:
                await press_move(pilot, table, me.choose(v))
            await pilot.pause(0.01)


async def test_hostile_names_are_shown_literally_and_never_as_markup() -> None:
    app = table_app()
    names = ["[bold]Eve[/]", "Mal\x1b[31mlory", "[@click=app.quit]x", "Zoë"]
    s = session_of("rummy", names, seed="hostile")
    async with app.run_test(size=SIZE) as pilot:
        await seat(app, pilot, s)
        shown = text_of(app)
        assert "[bold]Eve[/]" in shown and "Mal\\x1b[31mlory" in shown
        assert "[@click=app.quit]x" in shown
        assert "\x1b" not in shown


@pytest.mark.parametrize("language", ["en", "ko", "ja"])
async def test_the_table_speaks_the_players_language(language: str) -> None:
    app = table_app(language)
    s = session_of("gin", ["Ann", "Bot 1"], seed="words")
    async with app.run_test(size=SIZE) as pilot:
        await seat(app, pilot, s)
        shown = text_of(app)
        title = {"en": "Gin Rummy", "ko": "진 러미", "ja": "ジン・ラミー"}[language]
        assert title in shown


def test_the_rummy_fixture_is_a_real_position() -> None:
    s = rummy_position()
    assert RUMMY.view(s, 0).legal_moves()


# -- the replayer and the registry ------------------------------------------------------------


def test_gin_and_rummy_are_registered_as_tables_and_replayers() -> None:
    from tt22.tui import tables

    for game in ("gin", "rummy"):
        assert game in tables.playable_games() and game in tables.replayable_games()
        assert game in tables.TABLES


@pytest.mark.parametrize("name", ["2p-oklahoma-gin.22rec", "4p-rummy.22rec"])
async def test_the_replayer_steps_a_record_move_by_move_turn_by_turn_and_hand_by_hand(
    name: str,
) -> None:
    from recordkit import SAMPLES

    from tt22.record import load_record, replay_game
    from tt22.tui.app import StartOptions, TT22App
    from tt22.tui.games.rummy.replay import RummyReplayScreen
    from tt22.tui.tables import replay_screen

    record = load_record(SAMPLES / name)
    states = replay_game(record).states
    game = record.game
    app = TT22App(
        StartOptions(language="en", screen=lambda: replay_screen(game, record, None, start=0))
    )
    async with app.run_test(size=SIZE) as pilot:
        while not isinstance(app.screen, RummyReplayScreen):
            await pilot.pause()
        screen = app.screen
        assert screen.index == 0 and screen.seat is None  # a finished game: every hand open
        await pilot.press("right")
        assert screen.index == 1 and "1. Bot " in text_of(app)
        await pilot.press("down")  # the next turn
        place = screen.places[screen.index]
        assert place.trick == screen.places[1].trick + 1 or place.hand > 1
        await pilot.press("pagedown")  # the next hand's first position
        assert screen.places[screen.index].hand == 2
        assert screen.places[screen.index - 1].hand == 1
        # the move that ends a hand deals the next: its result is shown there
        assert "Points:" in text_of(app) or "Penalties:" in text_of(app)
        await pilot.press("left")
        assert "Points:" not in text_of(app) and "Penalties:" not in text_of(app)
        end = len(states) - 1
        await pilot.press("end")
        assert screen.index == end and "Hand" in text_of(app)
        await pilot.press("v")  # each seat's own view: the other hands are counts only
        assert screen.seat == 0
        await pilot.press("home")
        from tt22.core.cards import show_card

        seen = text_of(app)
        hidden = set(states[0].hands[1]) - set(states[0].hands[0]) - set(states[0].pile)
        assert not any(show_card(c, False) in seen for c in hidden)  # seat 0's view only
        assert "…" not in seen


async def test_tt22_play_game_gin_autosaves_and_continues_at_the_same_position(
    tmp_path: Any,
) -> None:
    """`tt22 play --game gin` (a NewTable in the start options) seats the shared
    session in the data folder's slot; leaving and continuing comes back to the same
    position at the same table."""
    from tt22.core.players import Player
    from tt22.tui.app import StartOptions, TT22App
    from tt22.tui.tables import NewTable

    players = (Player("Ann", "human"), Player("Bot 1", "bot", "normal"))
    table = NewTable("gin", ("knock_limit=upcard",), "continue me", players)
    app = TT22App(StartOptions(language="en", home=tmp_path, table=table, pace=0.0))
    async with app.run_test(size=SIZE) as pilot:
        while not isinstance(app.screen, RummyTable):
            await pilot.pause()
        screen = app.screen
        assert screen.session.rules.knock_limit == "upcard"
        while screen.my_view() is None:
            await pilot.pause(0.01)
        before = len(screen.session.moves)
        await pilot.press("enter")  # pass the upcard, or draw from the stock
        await pilot.pause()
        assert len(screen.session.moves) > before
        moves = list(screen.session.moves)
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, RummyTable)
        assert app.continue_match()
        while not isinstance(app.screen, RummyTable):
            await pilot.pause()
        assert app.screen.session.moves[: len(moves)] == moves


async def test_hot_seat_hides_each_hand_until_its_player_takes_the_keyboard() -> None:
    app = table_app()
    s = session_of("gin", ["Ann", "Bo"], humans=(0, 1), seed="hot seat")
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        from tt22.core.cards import show_card

        for _ in range(3):
            mover = s.game.to_move(s.state)
            shown = text_of(app)
            assert "take the keyboard" in shown
            hand = s.state.hands[mover]
            public = set(s.state.pile) | set(sum(s.state.seen, ()))
            assert not any(show_card(c, False) in shown for c in set(hand) - public), shown
            await pilot.press("enter")  # the keyboard is taken: the hand shows
            await pilot.pause()
            shown = text_of(app)
            assert all(show_card(c, False) in shown for c in s.state.hands[mover])
            move = person(s.seed).choose(s.game.view(s.state, mover))
            await press_move(pilot, table, move)
            await pilot.pause()
            if s.game.to_move(s.state) == mover:  # drew: now the discard
                move = person(s.seed).choose(s.game.view(s.state, mover))
                await press_move(pilot, table, move)
                await pilot.pause()


async def test_the_mouse_selects_cards_melds_and_lays_off_on_a_clicked_meld() -> None:
    app = table_app()
    s = session_of("rummy", ["Ann", "Bot 1", "Bot 2"], seed="lay", state=rummy_position())
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        hand = table.query_one("#rummy-hand", MeldHand)
        for card in ("3S", "4S", "5S"):
            x0, _, _ = next(sp for sp in hand._spans if hand.order[sp[2]] == CODE[card])
            await pilot.click("#rummy-hand", offset=(x0 + 2, 1))
        assert hand.selection == list(cs("3S 4S 5S"))
        await pilot.click("#do-meld")
        await pilot.pause()
        assert s.state.table[-1] == (0, cs("3S 4S 5S"))
        x0, _, _ = next(sp for sp in hand._spans if hand.order[sp[2]] == CODE["7H"])
        await pilot.click("#rummy-hand", offset=(x0 + 2, 1))
        melds = table.query_one("#rummy-melds")
        y, mx, _, _ = next(spot for spot in melds._spots if spot[3] == 1)  # meld 2: hearts
        await pilot.click("#rummy-melds", offset=(mx + 1, y))
        await pilot.pause()
        assert s.state.table[1] == (2, cs("4H 5H 6H 7H"))


async def test_gin_offers_no_selection_and_a_click_points_at_the_card() -> None:
    """Gin puts no melds down, so Space selected cards (marked ▼) for nothing and the
    footer offered "space Select": a click now points at the card, Space is not a key."""
    from pilotkit import wait_for

    from tt22.tui.games.rummy.widgets import MeldHand

    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await seat(app, pilot, session_of("gin", ["Ann", "Bot 1"], seed="no select"))
        await wait_for(pilot, lambda: table.my_view() is not None)
        hand = table.query_one(MeldHand)
        assert table.check_action("select", ()) is False
        await pilot.press("space")
        await pilot.pause()
        assert hand.selection == []
        target = hand.order[-1]
        hand.post_message(MeldHand.CardClicked(len(hand.order) - 1))
        await wait_for(pilot, lambda: hand.card == target)
        assert hand.selection == []
