"""The bot driver (tt22/play/runner.py) without Textual: bots play from their own seat's
view, the pace is awaited (never polled), a table not on screen holds the move until
it shows again, and a bot that raises or chooses an illegal move is reported
(`BotFailed`), logged with its traceback, and replaced by nothing unless the person
asks for the random stand-in.

Every wait here is for an event the runner posts, with a deadline that bounds a
failure, never a sleep that guesses how long something takes."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import msgspec
import pytest

from tt22.core.players import Player
from tt22.core.registry import get_game
from tt22.play.events import BotFailed, Event, HandOver, MatchOver, Moved
from tt22.play.log import log_file
from tt22.play.runner import BotRunner
from tt22.play.session import LocalSession, make_seat_bot

DEADLINE = 60.0  # seconds: bounds a failure; a passing run never waits for it

GAMES = [
    ("twentytwo", 3, ("elimination_at=8",)),
    ("rook", 4, ()),
    ("rummy", 3, ()),
    ("gin", 2, ()),
]


def bots_session(name: str, players: int, rules: tuple[str, ...] = (), seed: str = "run") -> Any:
    game = get_game(name)
    seats = [Player(f"Bot {s}", "bot", "easy") for s in range(players)]
    return LocalSession(game, game.rules(list(rules), players), seed, seats)


class Events:
    """The runner's callback: every event, and a way to wait for the next one."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[Event] = asyncio.Queue()
        self.seen: list[Event] = []

    def post(self, event: Event) -> None:
        self.seen.append(event)
        self.queue.put_nowait(event)

    async def next(self) -> Event:
        return await asyncio.wait_for(self.queue.get(), DEADLINE)


class Boom:
    name = "boom"

    def choose(self, view: Any) -> Any:
        raise RuntimeError("[bold red]boom[/] at [@click=app.quit]here[/]")


class WrongSeat:
    """A bot that names the next seat in its move: `apply` refuses it in every game."""

    def __init__(self, game: Any, players: int) -> None:
        self.game, self.players = game, players

    def choose(self, view: Any) -> Any:
        move = self.game.view_legal_moves(view)[0]
        return msgspec.structs.replace(move, seat=(move.seat + 1) % self.players)


def runner_for(session: Any, events: Events, home: Path, **options: Any) -> BotRunner:
    return BotRunner(session, events.post, home=home, **options)


@pytest.mark.parametrize(("name", "players", "rules"), GAMES)
async def test_bots_play_from_their_own_views_and_post_every_move(
    tmp_path: Path, name: str, players: int, rules: tuple[str, ...]
) -> None:
    session = bots_session(name, players, rules)
    seen: list[tuple[int, int]] = []

    class Watch:
        def __init__(self, seat: int, bot: Any) -> None:
            self.seat, self.bot = seat, bot

        def choose(self, view: Any) -> Any:
            seen.append((self.seat, view.seat))
            return self.bot.choose(view)

    session.bots = {s: Watch(s, b) for s, b in session.bots.items()}
    events = Events()
    runner = runner_for(session, events, tmp_path)
    runner.shown()
    task = asyncio.create_task(runner.run())
    runner.poke()
    try:
        moves = 0
        while moves < 80:
            event = await events.next()
            if isinstance(event, MatchOver):
                break
            if isinstance(event, Moved):
                assert event.move == session.moves[moves] and event.stand_in is None
                assert event.before is not event.after
                moves += 1
            else:
                assert isinstance(event, HandOver)
    finally:
        task.cancel()
    assert all(mine == viewed for mine, viewed in seen)  # each bot saw its seat's view only
    assert not [e for e in events.seen if isinstance(e, BotFailed)]
    # The moves are recorded as played: the record folds to the session's state.
    assert session.game.digest(session.state) == session.record.digest


async def test_the_whole_match_ends_with_match_over(tmp_path: Path) -> None:
    session = bots_session("twentytwo", 2, ("elimination_at=5",))
    events = Events()
    runner = runner_for(session, events, tmp_path)
    runner.shown()
    task = asyncio.create_task(runner.run())
    runner.poke()
    try:
        while not isinstance(await events.next(), MatchOver):
            pass
    finally:
        task.cancel()
    assert session.over
    hands = [e for e in events.seen if isinstance(e, HandOver)]
    assert [h.hand for h in hands] == list(range(1, len(hands) + 1))
    assert len([e for e in events.seen if isinstance(e, Moved)]) == len(session.moves)


async def test_a_bot_that_raises_is_reported_and_nothing_is_played(tmp_path: Path) -> None:
    session = bots_session("rook", 4)
    seat = session.to_move
    session.bots[seat] = Boom()
    before = (list(session.moves), session.record)
    events = Events()
    runner = runner_for(session, events, tmp_path)
    runner.shown()
    task = asyncio.create_task(runner.run())
    runner.poke()
    try:
        failed = await events.next()
        assert isinstance(failed, BotFailed)
        assert failed.seat == seat and failed.bot == "easy" and failed.move is None
        assert failed.error == "RuntimeError: [bold red]boom[/] at [@click=app.quit]here[/]"
        assert (session.moves, session.record) == before  # no move in its place
        assert runner.failed == seat
        # The traceback is in the play log of the data folder.
        text = log_file(tmp_path).read_text(encoding="utf-8")
        assert "Traceback" in text and "RuntimeError" in text and "boom" in text
        assert session.players[seat].name in text and "rook" in text
        # Asked again, the same bot fails again: still nothing played.
        runner.retry()
        again = await events.next()
        assert isinstance(again, BotFailed) and session.moves == before[0]
        # The random stand-in plays this one move, and says it did.
        expected = make_seat_bot("rook", "random", session.seed, seat).choose(session.view(seat))
        runner.stand_in()
        moved = await events.next()
        assert isinstance(moved, Moved) and moved.stand_in == "random"
        assert moved.seat == seat and moved.move == expected == session.moves[-1]
    finally:
        task.cancel()


@pytest.mark.parametrize(("name", "players", "rules"), GAMES)
async def test_an_illegal_bot_move_is_reported_not_replaced(
    tmp_path: Path, name: str, players: int, rules: tuple[str, ...]
) -> None:
    session = bots_session(name, players, rules)
    seat = session.to_move
    session.bots[seat] = WrongSeat(session.game, players)
    events = Events()
    runner = runner_for(session, events, tmp_path)
    runner.shown()
    task = asyncio.create_task(runner.run())
    runner.poke()
    try:
        failed = await events.next()
    finally:
        task.cancel()
    assert isinstance(failed, BotFailed) and failed.seat == seat
    assert failed.move is not None and failed.move.seat != seat
    assert session.moves == [] and session.record.moves == []
    assert "IllegalMove" not in failed.error  # the reason's rule, in words
    # The bot's move is a card of its hidden hand: the line a screen shows never has it
    # (the log file does).
    assert session.game.move_text(failed.move) not in failed.error
    assert session.game.move_text(failed.move) in log_file(tmp_path).read_text("utf-8")


async def test_the_pace_is_awaited_once_per_move_not_polled(tmp_path: Path) -> None:
    session = bots_session("gin", 2)
    asked: list[float] = []
    events = Events()
    posted_before: list[int] = []  # moves already posted at each wait

    async def sleep(seconds: float) -> None:
        asked.append(seconds)
        posted_before.append(len([e for e in events.seen if isinstance(e, Moved)]))

    runner = runner_for(session, events, tmp_path, pace=lambda: 30.0, sleep=sleep)
    runner.shown()
    task = asyncio.create_task(runner.run())
    runner.poke()
    try:
        moved = 0
        while moved < 5:
            moved += isinstance(await events.next(), Moved)
    finally:
        task.cancel()
    # One wait before each move, whatever the pace (30 s here, and no time passed).
    assert posted_before == list(range(len(posted_before))) and len(asked) >= 5
    assert all(0 < s <= 30.0 for s in asked)  # the pace less the bot's thinking


async def test_a_covered_table_holds_the_move_until_it_shows_again(tmp_path: Path) -> None:
    session = bots_session("twentytwo", 3)
    reached = asyncio.Event()
    asked: list[float] = []

    async def sleep(seconds: float) -> None:
        asked.append(seconds)
        reached.set()

    events = Events()
    runner = runner_for(session, events, tmp_path, sleep=sleep)
    runner.hidden()  # (help or a dialog over the table)
    task = asyncio.create_task(runner.run())
    runner.poke()
    try:
        await asyncio.wait_for(reached.wait(), DEADLINE)
        # The bot has chosen and the pace is over; the runner waits for the screen.
        assert events.seen == [] and session.moves == []
        runner.shown()
        moved = await events.next()
        assert isinstance(moved, Moved) and session.moves == [moved.move]
        assert len(asked) == 1  # shown again, it went on at once: no second wait
    finally:
        task.cancel()


async def test_the_screen_holds_the_bots_until_it_pokes(tmp_path: Path) -> None:
    session = bots_session("rummy", 3)
    hold = True
    events = Events()
    runner = runner_for(session, events, tmp_path, ready=lambda: not hold)
    runner.shown()
    task = asyncio.create_task(runner.run())
    runner.poke()
    try:
        for _ in range(3):  # a poke while held: it looks, and waits again
            await asyncio.sleep(0)
            runner.poke()
        assert events.seen == []
        hold = False
        runner.poke()
        assert isinstance(await events.next(), Moved)
    finally:
        task.cancel()


async def test_a_position_moved_on_drops_the_thought(tmp_path: Path) -> None:
    """A take-back while a bot thought: the move it chose for the old position is not
    played (the table no longer cancels the bots' worker for a take-back)."""
    game = get_game("twentytwo")
    seats = [Player("Ann"), Player("Bot 1", "bot", "random"), Player("Bot 2", "bot", "random")]
    session = LocalSession(game, game.rules([], 3), "moved on", seats)
    human_state = None  # a position where the person is on turn
    while not (session.is_bot(session.to_move) and human_state is not None):
        if session.is_bot(session.to_move):
            session.play(session.bot_move())
        else:
            human_state = session.state
            session.play(session.legal_moves(session.to_move)[0])
    moves = list(session.moves)
    reached = asyncio.Event()

    async def sleep(seconds: float) -> None:
        reached.set()

    events = Events()
    runner = runner_for(session, events, tmp_path, sleep=sleep)
    runner.hidden()
    task = asyncio.create_task(runner.run())
    runner.poke()
    try:
        await asyncio.wait_for(reached.wait(), DEADLINE)  # the bot has chosen
        session.state = human_state  # (taken back: the person is on turn again)
        runner.shown()
        runner.poke()
        await asyncio.sleep(0)  # (let the runner look: it drops the move, then waits)
        assert events.seen == [] and session.moves == moves
        assert not session.is_bot(session.to_move)
    finally:
        task.cancel()
