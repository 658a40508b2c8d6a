"""The bots of a local session, run for the table screen that shows it.

A table starts one `BotRunner` (its `run()` as a worker) and hands it a callback; the
runner plays every bot's move and posts what happened (`tt22.play.events`), and the
screen draws it. Nothing polls:

- The runner waits for its turn on an `asyncio.Event` the screen sets by `poke()`
  (after a person's move, a summary closed, a take-back: whenever it may be a bot's
  turn again). It asks `ready()` then, the screen's own reasons to hold the bots (a
  summary being read, a hot seat's "what you drew").
- The bot on turn chooses in a thread (`asyncio.to_thread`), from its seat's view only.
- The runner then awaits the rest of the pace (`pace()` seconds a move takes at least,
  so a person can follow), and, while the table is not on screen (help, settings, a
  dialog over it), an event the screen sets in `shown()` (its `on_screen_resume`) and
  clears in `hidden()` (its `on_screen_suspend`).
- It plays the move through the session (which records and autosaves it), unless the
  position moved on meanwhile (a take-back): then the thought is dropped.

A bot that raises, or chooses a move the rules forbid, is a bug to show, not to hide:
nothing is played, its traceback goes to the play log (`tt22.log` in the data folder,
tt22.play.log), `BotFailed` is posted, and the seat waits until the person says what
happens: `retry()` asks the same bot again, `stand_in()` lets the game's random bot
play this one move (its `Moved` names the stand-in, so the table says so in its log),
or the person leaves the table (the match stays saved at the move before).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from tt22.core.protocol import IllegalMove, reason_of

from .events import BotFailed, Event, HandOver, MatchOver, Moved
from .log import play_log
from .session import STAND_IN, LocalSession

__all__ = ["BotRunner"]


def _always() -> bool:
    return True


class BotRunner:
    """Plays the bots of `session` and posts each event to `post` (see the module)."""

    def __init__(
        self,
        session: LocalSession,
        post: Callable[[Event], None],
        *,
        pace: Callable[[], float] = lambda: 0.0,
        ready: Callable[[], bool] = _always,
        home: Path | None = None,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        self.session = session
        self.post = post
        self.pace = pace
        self.ready = ready
        self.home = home
        self._sleep = sleep
        self._wake = asyncio.Event()
        self._on_screen = asyncio.Event()
        self.failed: int | None = None  # the seat whose bot failed, until the person chooses
        self._stand_in = False  # the next move of the failed seat is the random bot's

    # -- what the screen says --------------------------------------------------------------

    def shown(self) -> None:
        """The table is on screen: a bot's move may be played (and drawn)."""
        self._on_screen.set()

    def hidden(self) -> None:
        """Something covers the table: a move waits until `shown`."""
        self._on_screen.clear()

    @property
    def on_screen(self) -> bool:
        return self._on_screen.is_set()

    def poke(self) -> None:
        """It may be a bot's turn now: look again."""
        self._wake.set()

    def retry(self) -> None:
        """Ask the bot that failed again."""
        self.failed = None
        self.poke()

    def stand_in(self) -> None:
        """Let the game's random bot play the failed seat's next move, once."""
        self.failed = None
        self._stand_in = True
        self.poke()

    # -- the loop --------------------------------------------------------------------------

    def _may_move(self) -> bool:
        s = self.session
        return self.failed is None and not s.over and s.is_bot(s.to_move) and bool(self.ready())

    async def _until(self, may: Callable[[], bool]) -> None:
        while True:
            self._wake.clear()
            if may():
                return
            await self._wake.wait()

    async def run(self) -> None:
        """Play the bots' moves as their turns come, until cancelled (the screen's
        worker is, when the table closes)."""
        while True:
            await self._until(self._may_move)
            await self.step()

    async def step(self) -> None:
        """One bot's move: chosen, paced, waited for the screen, played and posted (or
        its failure posted)."""
        s = self.session
        state, seat = s.state, s.to_move
        stand_in = self._stand_in
        self._stand_in = False
        bot = s.stand_in(seat) if stand_in else s.bots[seat]
        name = STAND_IN if stand_in else s.bot_name(seat)
        view = s.view(seat)
        start = time.monotonic()
        try:
            move = await asyncio.to_thread(bot.choose, view)
        except Exception as e:
            error = f"{type(e).__name__}: {e}"
            self._failed(seat, name, error, None, e, error)
            return
        think = time.monotonic() - start
        await self._sleep(max(0.0, self.pace() - think))
        while True:  # the table on screen, the screen not holding the bots
            await self._on_screen.wait()
            if s.state is not state:
                return  # the position moved on (a take-back) while the bot thought
            if self.ready():
                break
            self._wake.clear()
            await self._wake.wait()
        try:
            after = s.play(move, think=round(think, 3))
        except IllegalMove as e:
            # The screen gets the rule, never the move: the card a bot tried is a card
            # of its hidden hand (a follow-suit refusal says it holds it). The log has all.
            shown = f"a move the rules forbid ({reason_of(e).rule})"
            self._failed(seat, name, shown, move, e, f"{s.game.move_text(move)}: {e}")
            return
        self.post(Moved(seat, move, state, after, round(think, 3), STAND_IN if stand_in else None))
        game = s.game
        if game.is_over(after):
            self.post(MatchOver(tuple(game.winners(after)), after))
        elif game.locate(after).hand > game.locate(state).hand:
            self.post(HandOver(game.locate(state).hand, after))

    def _failed(
        self, seat: int, bot: str, error: str, move: Any, e: BaseException, logged: str
    ) -> None:
        self.failed = seat
        who = self.session.players[seat].name
        play_log(self.home).error(
            "%s's bot %r (seat %d, %s, seed %r, move %d) failed: %s",
            who,
            bot,
            seat,
            self.session.game.name,
            self.session.seed,
            len(self.session.moves) + 1,
            logged,
            exc_info=(type(e), e, e.__traceback__),
        )
        self.post(BotFailed(seat, bot, error, move))
