"""Undo (`u`), hints (`i`), help (`?`) and resigning (`x`) at the Rook and Rummy/Gin
tables, as at 22's: a take-back of any game refolds the moves that stand (the record
counts it, the autosave holds it), it is refused where 22 refuses it, a hint is a legal
move chosen from the seat's view alone, and the Rummy family's own help is whole at
80x24 in every language."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from layoutkit import screen_lines
from textual.pilot import Pilot

from tt22.core.players import Player
from tt22.core.registry import get_game
from tt22.core.rng import stream
from tt22.games.rook.cards import SUIT_CHARS
from tt22.games.rook.cards import TEXT as ROOK_TEXT
from tt22.games.rook.moves import Bid, Nest, Pass, Play, Trump
from tt22.games.rummy import Discard, Draw, Knock
from tt22.games.rummy.cards import CODE
from tt22.play.session import LocalSession
from tt22.record import (
    Autosave,
    build_record,
    decode_record,
    encode_record,
    load_record,
    take_back,
    verify_record,
)
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.rook.help import RookHelpScreen
from tt22.tui.games.rook.table import RookTableScreen
from tt22.tui.games.rummy.help import RummyHelpScreen, rummy_help_markdown
from tt22.tui.games.rummy.table import RummyTable
from tt22.tui.games.rummy.widgets import MeldHand
from tt22.tui.i18n import set_language
from tt22.tui.replay.dialogs import ChoiceDialog
from tt22.tui.screens.game_table import offers_hint, offers_undo
from tt22.tui.widgets.hand import HandView

SIZE = (80, 24)
GAMES = [("rook", 4), ("gin", 2), ("rummy", 3)]
SLOT = ("twentytwo", "rook", "rummy", "gin")


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TT22_HOME", str(tmp_path / "home"))
    set_language("en")
    return tmp_path / "home"


def seats(players: int, humans: int = 1) -> list[Player]:
    return [
        Player(f"P{s}") if s < humans else Player(f"Bot {s}", "bot", "normal")
        for s in range(players)
    ]


class Decision:
    """The person's position before one of their moves: what must come back on undo."""

    def __init__(self, session: LocalSession) -> None:
        self.moves = len(session.moves)
        self.digest = session.game.digest(session.state)
        self.view = session.view(0)


def play_to(session: LocalSession, decisions: int) -> list[Decision]:
    """Play on (the person by the rules of thumb's last legal choice, the bots as
    themselves) until the person has made `decisions` moves and is on turn again."""
    seen: list[Decision] = []
    while not session.over:
        seat = session.to_move
        if session.is_bot(seat):
            session.play(session.bot_move())
            continue
        if len(seen) == decisions:
            break
        seen.append(Decision(session))
        legal = session.legal_moves(seat)
        session.play(legal[len(seen) % len(legal)])
    assert len(seen) == decisions and session.to_move == 0
    return seen


# ---------------------------------------------------------------- the record


@pytest.mark.parametrize(("name", "players"), [("twentytwo", 3), *GAMES])
def test_take_back_refolds_the_moves_that_stand_for_every_game(name: str, players: int) -> None:
    game = get_game(name)
    rules = game.rules([], players)
    state = game.new_match(rules, players, "refold")
    moves = []
    for _ in range(14):
        move = game.legal_moves(state)[-1]
        moves.append(move)
        state = game.apply(state, move)
    started = dt.datetime(2026, 11, 30, tzinfo=dt.UTC)
    record = build_record(rules, "refold", seats(players), moves, started)
    once = take_back(record, 9)
    standing = build_record(rules, "refold", seats(players), moves[:9], started)
    # What stands is exactly the record of the moves kept, with the take-back counted.
    assert once.digest == standing.digest and once.result == standing.result
    assert [rm.move for rm in once.moves] == moves[:9]
    assert once.moves[-1].takebacks == 1 and all(rm.takebacks == 0 for rm in once.moves[:-1])
    again = decode_record(encode_record(once))
    assert again.moves[-1].takebacks == 1 and verify_record(again).ok
    assert msgspec.structs.replace(once, moves=standing.moves) == standing
    with pytest.raises(ValueError):
        take_back(record, 0)
    with pytest.raises(ValueError):
        take_back(record, 14)


@pytest.mark.parametrize(("name", "players"), [*GAMES, ("rook", 2), ("rummy", 4)])
def test_undo_goes_back_to_the_persons_last_decision_exactly(
    name: str, players: int, _home: Path
) -> None:
    game = get_game(name)
    session = LocalSession.start(game, game.rules([], players), "undo", seats(players), _home)
    decisions = play_to(session, 3)
    for back in (decisions[-1], decisions[-2]):
        assert session.can_take_back
        gone = session.take_back()
        assert gone >= 1 and len(session.moves) == back.moves
        assert game.digest(session.state) == back.digest and session.view(0) == back.view
        assert session.to_move == 0
        saved = Autosave(_home, SLOT).load_current()
        assert saved is not None and saved.digest == back.digest
        assert verify_record(saved).ok
    # As 22's: the count sits on the last move that stands (the first take-back's mark
    # went with the move it was on).
    assert session.record.moves[-1].takebacks == 1
    assert sum(rm.takebacks for rm in session.record.moves) == 1
    session.release()


def test_undo_is_refused_where_22_refuses_it(_home: Path) -> None:
    gin = get_game("gin")
    rules = gin.rules([], 2)
    # Hot seat: the other person's move is theirs to keep.
    hot = LocalSession(gin, rules, "hot", seats(2, humans=2))
    for _ in range(6):
        hot.play(hot.legal_moves(hot.to_move)[0])
    assert not hot.can_take_back
    with pytest.raises(ValueError):
        hot.take_back()
    # Bots only: nobody to undo for.
    assert not LocalSession(gin, rules, "demo", [Player("A", "bot", "normal")] * 2).can_take_back
    # Before the person's first move, and once the match is over.
    session = LocalSession(gin, rules, "over", seats(2))
    while session.to_move != 0:
        session.play(session.bot_move())
    assert not session.can_take_back
    while not session.over:
        seat = session.to_move
        session.play(session.bot_move() if session.is_bot(seat) else session.hint(session.view(0)))
    assert not session.can_take_back


# ---------------------------------------------------------------- hints


@pytest.mark.parametrize(("name", "players"), [("rook", 4), ("gin", 2), ("twentytwo", 4)])
def test_a_hint_is_legal_and_never_depends_on_hidden_cards(name: str, players: int) -> None:
    game = get_game(name)
    rules = game.rules([], players)
    session = LocalSession(game, rules, "hint", seats(players))
    compared = 0
    for step in range(24):
        if session.over:
            break
        seat = session.to_move
        if session.is_bot(seat):
            session.play(session.bot_move())
            continue
        view = session.view(0)
        move = session.hint(view)
        assert move in session.legal_moves(0)
        # Another deal of the cards this seat cannot see, with the same view: the same hint.
        other = game.resample(view, stream(b"other", f"{step}"))
        if game.view(other, 0) == view and other != session.state:
            twin = LocalSession(game, rules, "hint", seats(players), state=other)
            assert twin.hint(twin.view(0)) == move
            compared += 1
        session.play(move)
    assert compared >= 2


# ---------------------------------------------------------------- at the tables


async def until(pilot: Pilot[None], cond: Callable[[], bool], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < deadline, "timed out"
        await pilot.pause()


def shown(app: TT22App) -> str:
    return " ".join(" ".join(screen_lines(app)).split())


def app_for(language: str = "en", ascii_cards: bool = False) -> TT22App:
    return TT22App(StartOptions(language=language, pace=0.0, ascii_cards=ascii_cards or None))


def table_for(name: str, session: LocalSession) -> Any:
    return RookTableScreen(session) if name == "rook" else RummyTable(session)


def on_turn(table: Any) -> bool:
    if isinstance(table, RookTableScreen):
        return table._view is not None
    return bool(table.my_view() is not None)


@pytest.mark.parametrize(("name", "players"), GAMES)
async def test_u_at_the_table_takes_back_to_your_last_decision(
    name: str, players: int, _home: Path
) -> None:
    game = get_game(name)
    session = LocalSession.start(game, game.rules([], players), "table", seats(players), _home)
    decisions = play_to(session, 2)
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        table = table_for(name, session)
        await app.push_screen(table)
        await until(pilot, lambda: on_turn(table))
        await pilot.press("u")
        await until(pilot, lambda: len(session.moves) == decisions[-1].moves and on_turn(table))
        assert game.digest(session.state) == decisions[-1].digest
        assert session.view(0) == decisions[-1].view
        assert "Taken back" in shown(app)
    saved = load_record(_home / "current.22rec")
    assert saved.digest == decisions[-1].digest and saved.moves[-1].takebacks == 1


@pytest.mark.parametrize(("name", "players"), GAMES)
async def test_u_is_refused_in_words_before_your_first_move_and_in_hot_seat(
    name: str, players: int
) -> None:
    game = get_game(name)
    rules = game.rules([], players)
    for humans in (1, 2):
        session = LocalSession(game, rules, "refuse", seats(players, humans))
        while session.is_bot(session.to_move):
            session.play(session.bot_move())
        if humans == 2:  # each person has moved once, and it is a person's turn again
            while {m.seat for m in session.moves} & {0, 1} != {0, 1} or session.is_bot(
                session.to_move
            ):
                seat = session.to_move
                move = session.bot_move() if session.is_bot(seat) else session.legal_moves(seat)[0]
                session.play(move)
        made = len(session.moves)
        app = app_for()
        async with app.run_test(size=SIZE) as pilot:
            table = table_for(name, session)
            await app.push_screen(table)
            await pilot.pause()
            await pilot.press("u")
            await until(pilot, lambda a=app: "Nothing to take back" in shown(a))
            assert len(session.moves) == made


async def test_i_at_the_rook_table_chooses_the_hinted_move_in_every_phase() -> None:
    rook = get_game("rook")
    session = LocalSession(rook, rook.rules([], 4), "rook hint", seats(4))
    session.players[1] = session.players[3] = Player("Pass", "bot", "easy")
    app = app_for(ascii_cards=True)
    async with app.run_test(size=SIZE) as pilot:
        table = RookTableScreen(session)
        await app.push_screen(table)
        kinds: set[type] = set()
        deadline = time.monotonic() + 120
        every = {Bid, Nest, Trump, Play}
        while not every <= kinds and not session.over and time.monotonic() < deadline:
            await until(pilot, lambda: table._view is not None or app.screen is not table)
            if app.screen is not table:
                await pilot.press("enter")  # a hand summary
                await until(pilot, lambda: app.screen is table)
                continue
            v = table._view
            assert v is not None
            expected = session.hint(v)
            await pilot.press("i")
            await until(pilot, lambda: "Hint:" in shown(app) and "thinking" not in shown(app))
            text = shown(app)
            assert not any(s in text for s in "♠♥♦♣")  # the ASCII style throughout
            hand = table.query_one("#rook-hand", HandView)
            if isinstance(expected, Bid):
                assert table.bid_choice == expected.points and f"bid {expected.points}" in text
            elif isinstance(expected, Nest):
                assert sorted(ROOK_TEXT[c] for c in hand.selection) == sorted(expected.cards)
            elif isinstance(expected, Trump):
                assert SUIT_CHARS[table.pick] == expected.suit
            elif isinstance(expected, Play):
                assert ROOK_TEXT[hand.cards[hand.cursor]] == expected.card
            kinds.add(type(expected))
            before = len(session.moves)
            await pilot.press("p" if isinstance(expected, Pass) else "enter")  # take the hint
            await until(pilot, lambda n=before: len(session.moves) > n)
            made = session.moves[before]
            if isinstance(made, Nest) and isinstance(expected, Nest):  # (the hand's order)
                assert sorted(made.cards) == sorted(expected.cards)
            else:
                assert made == expected
        assert every <= kinds


async def test_i_at_the_gin_table_names_the_draw_and_points_at_the_discard() -> None:
    gin = get_game("gin")
    session = LocalSession(gin, gin.rules([], 2), "gin hint", seats(2))
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        table = RummyTable(session)
        await app.push_screen(table)
        kinds: set[type] = set()
        deadline = time.monotonic() + 120
        while len(kinds & {Draw, Discard}) < 2 and time.monotonic() < deadline:
            await until(pilot, lambda: on_turn(table) or app.screen is not table)
            if app.screen is not table:
                await pilot.press("enter")
                continue
            v = table.my_view()
            expected = session.hint(v)
            await pilot.press("i")
            await until(pilot, lambda: "Hint:" in shown(app) and "thinking" not in shown(app))
            hand = table.query_one("#rummy-hand", MeldHand)
            if isinstance(expected, (Discard, Knock)):
                assert hand.card == CODE[expected.card] and not hand.selection
                assert "deadwood" in shown(app) or "gin" in shown(app)
                await pilot.press("enter" if isinstance(expected, Discard) else "k")
            elif isinstance(expected, Draw):
                word = "stock" if expected.source == "stock" else "discard pile"
                assert word in shown(app)
                await pilot.press("enter" if expected.source == "stock" else "p")
            else:
                table.send(expected)
            kinds.add(type(expected))
            await until(pilot, lambda old=v: session.view(0) != old or app.screen is not table)
        assert {Draw, Discard} <= kinds


# ---------------------------------------------------------------- help and resigning


@pytest.mark.parametrize("language", ["en", "ko", "ja"])
@pytest.mark.parametrize(("name", "players", "title"), [("gin", 2, "Gin"), ("rummy", 3, "Rummy")])
async def test_question_mark_opens_the_games_own_help_whole_at_80x24(
    name: str, players: int, title: str, language: str
) -> None:
    game = get_game(name)
    session = LocalSession(game, game.rules([], players), "help", seats(players))
    session.bots = {}
    titles = {"en": title, "ko": "러미", "ja": "ラミー"}
    app = app_for(language)
    async with app.run_test(size=SIZE) as pilot:
        table = RummyTable(session)
        await app.push_screen(table)
        await pilot.pause()
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, RummyHelpScreen))
        await pilot.pause()
        lines = screen_lines(app)
        assert titles[language] in lines[0] + lines[1]
        pages = 0
        while True:  # every page of it whole: nothing cut to an ellipsis
            assert not any("…" in line for line in lines), lines
            scroll = app.screen.query_one("#help-scroll")
            if scroll.scroll_y >= scroll.max_scroll_y or pages > 40:
                break
            await pilot.press("pagedown")
            await pilot.pause()
            lines = screen_lines(app)
            pages += 1
        assert pages >= 1
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is table)
    help_text = rummy_help_markdown(name, session.rules)
    assert ("(G4)" in help_text) == (name == "gin") and "(M4)" in help_text
    assert "| i |" in help_text and "| u |" in help_text


def test_the_help_names_the_options_in_play() -> None:
    gin = get_game("gin")
    text = rummy_help_markdown("gin", gin.rules(["knock_limit=upcard"], 2))
    assert "Knock with at most (G9) | the upcard |" in text
    assert "Points to win (G8) | 150 |" in text  # Oklahoma's target
    set_language("ko")
    assert "노크 한도 (G9) | 업카드 |" in rummy_help_markdown(
        "gin", gin.rules(["knock_limit=upcard"], 2)
    )


@pytest.mark.parametrize("language", ["en", "ko", "ja"])
async def test_rooks_help_lists_hint_and_undo_whole_at_80x24(language: str) -> None:
    rook = get_game("rook")
    session = LocalSession(rook, rook.rules([], 4), "help", seats(4))
    session.bots = {}
    app = app_for(language)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(RookTableScreen(session))
        await pilot.pause()
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, RookHelpScreen))
        seen: list[str] = []
        for _ in range(12):
            await pilot.pause()
            lines = screen_lines(app)
            assert not any("…" in line for line in lines)
            seen += lines
            await pilot.press("pagedown")
        assert any("│ i " in line or "| i " in line or " i " in line[:6] for line in seen)


@pytest.mark.parametrize("answer", ["cancel", "resign"])
async def test_x_at_the_rummy_table_asks_before_giving_the_match_up(
    answer: str, _home: Path
) -> None:
    gin = get_game("gin")
    session = LocalSession.start(gin, gin.rules([], 2), "resign", seats(2), _home)
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        table = RummyTable(session)
        await app.push_screen(table)
        await until(pilot, lambda: on_turn(table))
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        assert Autosave(_home, SLOT).load_current() is not None  # nothing given up yet
        await pilot.click(f"#choice-{answer}")
        if answer == "cancel":
            await until(pilot, lambda: app.screen is table)
            assert Autosave(_home, SLOT).load_current() is not None
        else:
            await until(pilot, lambda: table not in app.screen_stack)
            assert Autosave(_home, SLOT).load_current() is None
            filed = list((_home / "records").glob("*.22rec"))
            assert len(filed) == 1 and not load_record(filed[0]).result.finished


@pytest.mark.parametrize(("name", "players"), [("rook", 4), ("gin", 2)])
async def test_a_seat_served_over_ssh_offers_neither_hint_nor_undo(
    name: str, players: int, tmp_path: Path
) -> None:
    """A served seat is the same table on a session that has neither (as 22's served
    seat): the keys are not offered, and pressed they change nothing."""
    pytest.importorskip("asyncssh")
    import tt22.serve.app  # noqa: F401  (the server's words)
    from tt22.serve.hub import Hub, SeatSpec, Table, TableOptions
    from tt22.serve.tables import game_seat_screen

    game = get_game(name)
    hub = Hub(tmp_path / "hub")
    options = TableOptions(game=name, seats=("human",) * players)
    table = Table(hub, "ABCD", options, [SeatSpec(f"p{i}", f"fp{i}") for i in range(players)])
    table.rules = game.rules((), players)
    table.seed = "served"
    table.state = game.new_match(table.rules, players, "served")
    table.status = "playing"
    seat = game.to_move(table.state)
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        screen = game_seat_screen(table, seat, table.news_for(seat), f"fp{seat}")
        await app.push_screen(screen)
        await pilot.pause()
        assert not offers_hint(screen.session) and not offers_undo(screen.session)
        before = screen.session.state
        offered = {b.binding.action for b in screen.active_bindings.values() if b.enabled}
        assert "hint" not in offered and "undo" not in offered
        await pilot.press("i", "u")
        await pilot.pause()
        assert app.screen is screen and screen.session.state == before
        assert "Hint" not in shown(app) and "Taken back" not in shown(app)


@pytest.mark.parametrize(("name", "players"), [("rook", 4), ("gin", 2)])
async def test_hint_and_undo_draw_in_ascii_with_no_color(
    name: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--ascii` and NO_COLOR: what a hint and a take-back say is drawn whole, and in
    ASCII (cards as `TS`, `RK`)."""
    monkeypatch.setenv("NO_COLOR", "1")
    game = get_game(name)
    session = LocalSession(game, game.rules([], players), "plain", seats(players))
    play_to(session, 2)
    app = app_for(ascii_cards=True)
    async with app.run_test(size=SIZE) as pilot:
        table = table_for(name, session)
        await app.push_screen(table)
        await until(pilot, lambda: on_turn(table))
        await pilot.press("i")
        await until(pilot, lambda: "Hint:" in shown(app) and "thinking" not in shown(app))
        lines = screen_lines(app)
        assert all(line.isascii() for line in lines), [x for x in lines if not x.isascii()]
        await pilot.press("u")
        await until(pilot, lambda: "Taken back" in shown(app) and on_turn(table))
        lines = screen_lines(app)
        assert all(line.isascii() for line in lines), [x for x in lines if not x.isascii()]


def test_undo_never_reaches_into_the_moves_a_match_was_played_on_from() -> None:
    """A match played on from a record (the replayer's "play from here"): its first moves
    are that record's, and undo stops where they end, as 22's does."""
    from tt22.record import final_state, fork_record

    rook = get_game("rook")
    rules = rook.rules([], 4)
    source = LocalSession(rook, rules, "fork", seats(4))
    play_to(source, 3)
    forked = fork_record(source.record, len(source.moves), "src.22rec", dt.datetime.now(dt.UTC))
    session = LocalSession(
        rook, forked.rules, forked.seed, forked.players, record=forked, state=final_state(forked)
    )
    assert session.to_move == 0 and not session.can_take_back  # the person's moves are the source's
    mine = play_to(session, 1)
    assert session.can_take_back
    session.take_back()
    assert len(session.moves) == mine[0].moves == forked.origin.moves  # type: ignore[union-attr]
    assert not session.can_take_back


def test_undo_takes_back_a_card_played_for_the_dummy() -> None:
    """Two-player Rook (K22): the non-bidder plays the dummy's cards; such a card is that
    person's move, and undo takes it back like their own."""
    from tt22.games.rook.state import DUMMY

    rook = get_game("rook")
    session = LocalSession(rook, rook.rules([], 2), "dummy undo", seats(2))
    before: Decision | None = None
    while not session.over:
        seat = session.to_move
        if session.is_bot(seat):
            session.play(session.bot_move())
        elif before is None and session.state.turn == DUMMY:
            before = Decision(session)
            session.play(session.legal_moves(0)[-1])
        elif before is not None:
            break
        else:
            session.play(session.legal_moves(0)[0])
    assert before is not None, "the person never played for the dummy"
    assert session.to_move == 0 and session.can_take_back  # (on turn again, next to it)
    session.take_back()
    assert len(session.moves) == before.moves and session.view(0) == before.view
    assert session.state.turn == DUMMY
