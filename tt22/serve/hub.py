"""The server's tables: each the only owner of its game state, the only caller of `apply`.

No SSH and no Textual here. A seat (or a spectator) subscribes with a callback and
receives `SeatNews` as msgpack bytes: its own `view` of the state and public facts
(names, who is connected, the seed's commitment), never the state. The same seat code
could therefore run in another process. Moves come back as the game's move values and
are checked by `apply` alone.

Time (bot pacing, the grace period after a dropped connection, the move clock) runs on
the server's asyncio loop.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import contextvars
import dataclasses
import datetime as dt
import functools
import hashlib
import logging
import os
import secrets
import sqlite3
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import msgspec

from tt22.core.players import Player
from tt22.core.protocol import IllegalMove
from tt22.core.registry import get_game
from tt22.core.seeds import fresh_seed
from tt22.serve import games as served
from tt22.serve.pacer import Listener, Pacer

__all__ = [
    "CHAT_KEEP",
    "CHAT_MAX",
    "FINISHED_KEEP",
    "MAX_OPEN_PER_KEY",
    "MAX_OPEN_TABLES",
    "SERVED_GAMES",
    "WAITING_IDLE",
    "HintQueue",
    "Hub",
    "SeatNews",
    "SeatSpec",
    "Table",
    "TableOptions",
    "TooManyTables",
    "decode_news",
]

log = logging.getLogger("tt22.serve")

SERVED_GAMES = served.served_games()
"""Every game of the registry (tt22.serve.games says what the server needs of each)."""

CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud
CHAT_MAX = 200  # characters of one chat line
CHAT_KEEP = 6  # chat lines each message carries
CHAT_BURST = 5  # lines one person may say ...
CHAT_WINDOW = 30.0  # ... within this many seconds

MAX_OPEN_PER_KEY = 4
"""Tables one key may sit at while they wait for people or play (a finished table
does not count). More than a person can follow at once, and it bounds what one key
costs the server (the review's M6: 150 tables in 45 s, +330 MiB)."""
MAX_OPEN_TABLES = 200
"""Tables waiting or playing on the whole server (with --open, keys cost nothing)."""
WAITING_IDLE = 600.0
"""Seconds a waiting table stays with nobody at it (no one's screen on it) before it
is taken down: whoever sat there opens or joins another."""
FINISHED_KEEP = 300.0
"""Seconds a finished table stays in the lobby after its end (and then until the last
person at it leaves): its record stays on disk and in each player's past matches."""

Status = Literal["waiting", "playing", "over"]


class TooManyTables(ValueError):
    """No room for another table (`mine`: this key's own limit, else the server's)."""

    def __init__(self, mine: bool) -> None:
        self.mine = mine
        limit = f"at most {MAX_OPEN_PER_KEY} tables a person" if mine else "the server is full"
        super().__init__(f"no room for another table: {limit}")


class HintQueue:
    """Hints, one at a time on a thread of their own, never in the executor the bots'
    moves and the autosaves share.

    A hint is thousands of playouts (0.1 s or more of CPU with the GIL held). Each
    asker (a seat: `key`) has at most one hint waiting; a new ask from the same seat
    replaces the one still waiting (its caller gets None: the newer ask answers).
    One thread computes, so a hint whose caller gave up (a screen's worker cancelled
    by the next press of `i`) still holds the thread until it is done: the next hint
    waits for it and never runs beside it (the review's M5: 60 presses ran 6 at once)."""

    def __init__(self) -> None:
        self.waiting: dict[Hashable, tuple[Callable[[], Any], asyncio.Future[Any]]] = {}
        self.busy = False
        self.computed = 0
        self._pool: concurrent.futures.ThreadPoolExecutor | None = None

    async def ask(self, key: Hashable, work: Callable[[], Any]) -> Any:
        """`work()`'s answer, computed on the hints' thread; None when a newer ask of
        the same `key` took this one's place first."""
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        replaced = self.waiting.pop(key, None)
        if replaced is not None and not replaced[1].done():
            replaced[1].set_result(None)
        self.waiting[key] = (work, done)  # (no copied context: it would hold the screen)
        self._next()
        try:
            return await done
        finally:  # (cancelled while waiting: its place goes too)
            if key in self.waiting and self.waiting[key][1] is done:
                del self.waiting[key]

    def _next(self) -> None:
        while not self.busy and self.waiting:
            key = next(iter(self.waiting))
            work, done = self.waiting.pop(key)
            if done.done():
                continue
            if self._pool is None:
                self._pool = concurrent.futures.ThreadPoolExecutor(1, "tt22-hint")
            self.busy = True
            running = asyncio.get_running_loop().run_in_executor(self._pool, work)
            running.add_done_callback(functools.partial(self._finished, done))

    def _finished(self, done: asyncio.Future[Any], running: asyncio.Future[Any]) -> None:
        self.busy = False
        self.computed += 1
        if not done.done():
            if running.cancelled():
                done.set_result(None)
            elif running.exception() is not None:
                done.set_exception(running.exception())  # type: ignore[arg-type]
            else:
                done.set_result(running.result())
        elif not running.cancelled():
            running.exception()  # (retrieved: nobody waits for a hint given up)
        self._next()

    def close(self) -> None:
        for _, done in self.waiting.values():
            done.cancel()
        self.waiting.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


class SeatNews(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What one seat (or a spectator, `seat` -1) is told after every change.

    `view` is the msgpack of `game.view(state, seat)` for a seat and of a view with no
    private part for a spectator (empty before the start; `view_of` decodes it with
    the game's view type); `seed` stays empty until the match is over (`commitment`
    is published from the start so every player can check it afterwards).
    """

    code: str
    game: str
    status: str
    seat: int
    names: tuple[str, ...]
    bots: tuple[bool, ...]
    connected: tuple[bool, ...]
    standin: tuple[bool, ...]
    view: bytes
    commitment: str
    seed: str
    chat: tuple[tuple[str, str], ...]
    clock: float
    record: str
    rematch: str


def decode_news(data: bytes) -> SeatNews:
    return msgspec.msgpack.decode(data, type=SeatNews)


def view_of(news: SeatNews) -> Any:
    """The seat's view a message carries (None before the match starts)."""
    if not news.view:
        return None
    return served.decode_view(news.game, news.view)


@dataclass(frozen=True)
class TableOptions:
    """A table as its creator chose it. `clock` 0 means no move clock; `pace` is the
    bots' pause before a move (seconds)."""

    game: str = SERVED_GAMES[0]  # (the registry lists the game tt22 opens on first)
    rules: tuple[str, ...] = ()
    seats: tuple[str, ...] = ("human", "human", "easy", "easy")
    """Per seat: "human" or a bot level."""
    grace: float = 60.0
    clock: float = 0.0
    pace: float = 0.5
    daily: str = ""
    """The daily deal's seed (`daily-2026-12-03`, tt22.serve.boards.daily_options):
    every such table of a game that day is dealt the same; empty for a fresh seed."""


@dataclass
class SeatSpec:
    name: str = ""
    fingerprint: str = ""
    bot: str | None = None  # a bot level for a bot seat

    @property
    def taken(self) -> bool:
        return self.bot is not None or bool(self.fingerprint)


@dataclass(eq=False)  # (each one its own: the pacer keys its news by the watcher)
class _Watcher:
    seat: int
    fingerprint: str
    send: Listener


def table_entropy() -> bytes:
    """Where a new table's seed comes from: the system's randomness. (The tests put a
    fixed sequence of their own here, so each served match they play is the same match
    at every run: tests/conftest.py.)"""
    return os.urandom(8)


def commitment(seed: str) -> str:
    """`sha256:` and the whole SHA-256 of the seed (its first 8 digits are local play's)."""
    return "sha256:" + hashlib.sha256(seed.encode("utf-8", "surrogatepass")).hexdigest()


def safe_move(game: str, state: Any, seed: str = "") -> Any:
    """The move a run-out clock plays for the seat on turn, chosen from that seat's
    view (tt22.serve.games.safe_move: 22's lowest cards, else a pass or the game's
    rules-of-thumb bot)."""
    g = get_game(game)
    return served.safe_move(game, g.view(state, g.to_move(state)), seed)


@dataclass
class Table:
    """One table: its seats, the authoritative state and everyone listening."""

    hub: Hub
    code: str
    options: TableOptions
    seats: list[SeatSpec]
    status: Status = "waiting"
    seed: str = ""
    state: Any = None
    rules: Any = None
    record: Any = None
    moves: int = 0
    watchers: dict[int, _Watcher] = field(default_factory=dict)
    standin: set[int] = field(default_factory=set)
    chat: list[tuple[str, str]] = field(default_factory=list)
    record_path: str = ""
    rematch_code: str = ""
    _graces: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    _clock: asyncio.TimerHandle | None = None
    _clock_ends: float = 0.0
    _bot_task: asyncio.Task[None] | None = None
    _said: dict[str, list[float]] = field(default_factory=dict)
    _next_id: int = 0
    bots: dict[tuple[int, str], Any] = field(default_factory=dict)
    unsaved: bool = False
    saver: asyncio.Task[None] | None = None
    hint_salt: str = field(default_factory=lambda: secrets.token_hex(8))
    over_at: float = 0.0  # (monotonic) when the match ended
    removed: bool = False  # taken out of the hub (tt22.serve.hub.Hub.remove)
    mirror: bool = False  # another node's table, shown here from its log (serve/nodes.py)
    _sweep: asyncio.TimerHandle | None = None

    # ------------------------------------------------------------------ facts
    @property
    def game(self) -> Any:
        return get_game(self.options.game)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    def connected(self, seat: int) -> bool:
        return any(w.seat == seat and w.fingerprint for w in self.watchers.values()) and bool(
            self.seats[seat].fingerprint
        )

    def seat_of(self, fingerprint: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s.fingerprint == fingerprint and s.bot is None:
                return i
        return None

    def open_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.taken]

    def bot_moves(self, seat: int) -> bool:
        return self.seats[seat].bot is not None or seat in self.standin

    # ------------------------------------------------------------------ seating
    def sit(self, fingerprint: str, name: str) -> int | None:
        """Seat this key (back at its own seat, else the first open one); None if full."""
        seat = self.seat_of(fingerprint)
        if seat is None:
            if self.status != "waiting" or not self.open_seats():
                return None
            if self.removed or self.hub.room_for(fingerprint) is not None:
                return None  # (the lobby says why: Hub.room_for)
            seat = self.open_seats()[0]
            self.seats[seat] = SeatSpec(name, fingerprint)
            if not self.open_seats():
                self.start()
        self.hub.changed()
        return seat

    def subscribe(self, seat: int, fingerprint: str, send: Listener) -> int:
        """Listen as `seat` (-1: a spectator); the id to unsubscribe with. The owner's
        return ends a grace period and a stand-in bot's turn at their seat."""
        self._next_id += 1
        wid = self._next_id
        self.watchers[wid] = _Watcher(seat, fingerprint if seat >= 0 else "", send)
        if seat >= 0:
            timer = self._graces.pop(seat, None)
            if timer is not None:
                timer.cancel()
            if seat in self.standin:
                self.standin.discard(seat)
                log.info("table %s: seat %d is back", self.code, seat)
        if self.status == "waiting":
            self._cancel_sweep()
        self.publish(new=wid)
        if seat >= 0:  # (a spectator changes nothing the lobby lists)
            self.hub.changed()
        self.keep_going()
        return wid

    def unsubscribe(self, wid: int) -> None:
        w = self.watchers.pop(wid, None)
        if w is None:
            return
        self.hub.pacer.forget(w)
        if w.seat >= 0 and self.status == "playing" and not self.connected(w.seat):
            loop = asyncio.get_running_loop()
            seat = w.seat
            self._graces[seat] = loop.call_later(
                self.options.grace, self._take_over, seat, context=self.hub.context
            )
        if not self.watchers:  # nobody here: a waiting or finished table goes in a while
            if self.status == "waiting":
                self.sweep_after(self.hub.waiting_idle)
            elif self.status == "over":
                self.sweep_after(self.over_at + self.hub.finished_keep - time.monotonic())
        self.publish()
        if w.seat >= 0:
            self.hub.changed()

    def _take_over(self, seat: int) -> None:
        self._graces.pop(seat, None)
        if self.status == "playing" and not self.connected(seat):
            log.info("table %s: a bot plays seat %d until its owner returns", self.code, seat)
            self.standin.add(seat)
            self.publish()
            self.advance()

    # ------------------------------------------------------------------ clean-up
    def sweep_after(self, delay: float) -> None:
        """Take the table down after `delay` seconds if nobody is at it then (a
        waiting table nobody waits at, a finished one nobody reads): Hub.remove."""
        self._cancel_sweep()
        loop = asyncio.get_running_loop()
        self._sweep = loop.call_later(max(0.0, delay), self._swept, context=self.hub.context)

    def _cancel_sweep(self) -> None:
        if self._sweep is not None:
            self._sweep.cancel()
            self._sweep = None

    def _swept(self) -> None:
        self._sweep = None
        if not self.watchers and self.status in ("waiting", "over"):
            self.hub.remove(self)

    # ------------------------------------------------------------------ the match
    def start(self) -> None:
        from tt22.record import new_record

        game = self.game
        n = len(self.seats)
        self.rules = game.rules(self.options.rules, n)
        self.seed = self.options.daily or fresh_seed(table_entropy())
        self.state = game.new_match(self.rules, n, self.seed)
        players = [Player(s.name, "bot", s.bot) if s.bot else Player(s.name) for s in self.seats]
        self.record = new_record(self.rules, self.seed, players, dt.datetime.now(dt.UTC))
        self.status = "playing"
        self._cancel_sweep()
        if self.hub.logs is not None:  # (several nodes: the table's log, tt22/serve/nodes.py)
            self.hub.logs.started(self)
        self.hub.keep_options(self)
        # Saved before its first move (L8): a crash now resumes it, not an orphan.
        self.hub.autosave(self)
        log.info("table %s starts, %s", self.code, commitment(self.seed))
        self.publish()
        self.hub.changed()
        self.advance()

    def submit(self, fingerprint: str, move: Any) -> str | None:
        """A seat's move: None when played, else why not (in English, with its rule)."""
        seat = self.seat_of(fingerprint)
        if seat is None or self.status != "playing" or move.seat != seat:
            return "not your turn"
        if self.mirror:
            return "this table is played on another server"
        if seat in self.standin:
            return "a bot is playing for you"
        return self._play(move, by=fingerprint)

    def _play(self, move: Any, think: float | None = None, by: str = "") -> str | None:
        from tt22.record import append_move

        game = self.game
        try:
            self.state = game.apply(self.state, move)
        except IllegalMove as e:
            return f"{e.reason} ({e.rule})"
        self.record = append_move(self.record, move, think=think)
        self.moves += 1
        if self.hub.logs is not None:
            self.hub.logs.moved(self, move, think)
            if self.mirror:  # (the log refused it: another node owns the table now)
                return "this table is played on another server"
        if game.is_over(self.state):
            self._finish()
        else:
            self.hub.autosave(self)
        self.publish(by, mover=move.seat)
        self.advance()
        return None

    def _finish(self) -> None:
        self.status = "over"
        if self.hub.logs is not None:
            self.hub.logs.finished(self)
        self.over_at = time.monotonic()
        self._stop_clock()
        self.record_path = self.hub.file_record(self)
        if self.record_path:  # (not filed: the autosave is all that is left of it)
            self.hub.drop_autosave(self)
        log.info("table %s is over, seed %r", self.code, self.seed)
        self.sweep_after(self.hub.finished_keep)
        self.hub.changed()

    def advance(self) -> None:
        """Start whatever must happen next: a bot's move, or the human's move clock."""
        if self.status != "playing" or self.mirror:  # (a mirror's owner moves its bots)
            return
        seat = self.game.to_move(self.state)
        self._stop_clock()
        if self.bot_moves(seat):
            if self._bot_task is None or self._bot_task.done():
                loop = asyncio.get_running_loop()
                self._bot_task = loop.create_task(self._bot_turn(), context=self.hub.context)
        elif self.options.clock > 0:
            loop = asyncio.get_running_loop()
            self._clock_ends = time.monotonic() + self.options.clock
            self._clock = loop.call_later(
                self.options.clock, self._clock_ran_out, context=self.hub.context
            )

    def keep_going(self) -> None:
        """Start what must happen next if nothing is under way (H3): a table resumed
        after a restart, whose people came back before their grace period ended, had
        neither a bot's turn nor a move clock running, and never moved again."""
        if self.status != "playing" or self.mirror:
            return
        seat = self.game.to_move(self.state)
        if self.bot_moves(seat):
            if self._bot_task is None or self._bot_task.done():
                self.advance()
        elif self.options.clock > 0 and self._clock is None:
            self.advance()

    def _stop_clock(self) -> None:
        if self._clock is not None:
            self._clock.cancel()
            self._clock = None
            self._clock_ends = 0.0

    def _clock_ran_out(self) -> None:
        self._clock = None
        self._clock_ends = 0.0
        if self.status == "playing":
            self._play(safe_move(self.options.game, self.state, self.seed))

    def _bot(self, seat: int) -> Any:
        level = self.seats[seat].bot or "easy"
        key = (seat, level)
        if key not in self.bots:
            self.bots[key] = served.make_seat_bot(self.options.game, level, self.seed, seat)
        return self.bots[key]

    async def _bot_turn(self) -> None:
        while self.status == "playing":
            state = self.state
            seat = self.game.to_move(state)
            if not self.bot_moves(seat):
                return
            bot = self._bot(seat)
            start = time.monotonic()
            move = await asyncio.to_thread(bot.choose, self.game.view(state, seat))
            think = time.monotonic() - start
            await asyncio.sleep(max(0.0, self.options.pace - think))
            if self.state is not state or not self.bot_moves(seat):
                continue
            problem = self._play(move, round(think, 3))
            if problem is not None:  # a bot's illegal move is a bug: say so, play safe
                log.error("table %s: bot at seat %d: %s", self.code, seat, problem)
                self._play(safe_move(self.options.game, self.state, self.seed))

    # ------------------------------------------------------------------ hints
    async def hint(self, view: Any) -> Any:
        """A hint for the seat whose `view` this is (`served.seat_hint`: from that view
        alone, its sampled deals drawn from this table's own salt, never from its
        seed); None when a newer ask of the same seat took its place. One hint at a
        time on the whole server, on a thread of its own (`HintQueue`): a hint is
        thousands of playouts, and two at once would take the tables' share of the
        process (the bots' moves and the autosaves are threads as well)."""
        work = functools.partial(served.seat_hint, self.options.game, view, self.hint_salt)
        return await self.hub.hints.ask((self.code, view.seat), work)

    # ------------------------------------------------------------------ chat
    def say(self, fingerprint: str, name: str, text: str) -> str | None:
        """A chat line (kept literally, cut to CHAT_MAX); why not, when refused."""
        now = time.monotonic()
        recent = [t for t in self._said.get(fingerprint, []) if now - t < CHAT_WINDOW]
        if len(recent) >= CHAT_BURST:
            return f"at most {CHAT_BURST} lines in {CHAT_WINDOW:.0f} seconds"
        line = text.strip()[:CHAT_MAX]
        if not line:
            return None
        self._said[fingerprint] = [*recent, now]
        self.chat.append((name, line))
        del self.chat[:-CHAT_KEEP]
        self.publish(fingerprint)
        return None

    # ------------------------------------------------------------------ news
    def news_for(self, seat: int) -> SeatNews:
        game = self.game
        n = len(self.seats)
        v = b""
        if self.state is not None:
            if seat >= 0:
                shown = game.view(self.state, seat)
            else:  # a spectator: public facts only (no hand, no exchange, no nest)
                shown = served.public_view(self.options.game, self.state)
            v = msgspec.msgpack.encode(shown)
        clock = max(0.0, self._clock_ends - time.monotonic()) if self._clock_ends else 0.0
        return SeatNews(
            code=self.code,
            game=self.options.game,
            status=self.status,
            seat=seat,
            names=self.names,
            bots=tuple(self.bot_moves(i) for i in range(n)),
            connected=tuple(self.connected(i) for i in range(n)),
            standin=tuple(i in self.standin for i in range(n)),
            view=v,
            commitment=commitment(self.seed) if self.seed else "",
            seed=self.seed if self.status == "over" else "",
            chat=tuple(self.chat),
            clock=round(clock, 1),
            record=Path(self.record_path).name if self.record_path else "",
            rematch=self.rematch_code,
        )

    def message(self, seat: int) -> bytes:
        """The news for `seat` (-1: a spectator) as it travels: msgpack bytes."""
        return msgspec.msgpack.encode(self.news_for(seat))

    def publish(self, by: str = "", *, new: int = 0, mover: int = -1) -> None:
        """Tell everyone at the table (a move: not the lobby, which lists who sits
        where and whether a table plays, never the position). The screens of `by`
        (a fingerprint: whoever made this move or said this), of the seat that moved
        (`mover`: its clock may have played for it) and a watcher `new`ly come hear at
        once, the others in turn (tt22.serve.pacer): a seat's own move is in its
        view only until its deal ends, and the pacer replaces news still waiting."""
        pacer = self.hub.pacer
        for wid, w in list(self.watchers.items()):
            now = (
                wid == new or (bool(by) and w.fingerprint == by) or (mover >= 0 and w.seat == mover)
            )
            pacer.send(w, w.send, self.message(w.seat), now=now)
        self.hub.moved()

    def close(self) -> None:
        self._stop_clock()
        self._cancel_sweep()
        for timer in self._graces.values():
            timer.cancel()
        if self._bot_task is not None:
            self._bot_task.cancel()


class Hub:
    """Every table of the server, the lobby's listeners and where things are kept."""

    def __init__(
        self,
        data: Path,
        store: Any = None,
        *,
        grace: float = 60.0,
        pace: float = 0.5,
        waiting_idle: float = WAITING_IDLE,
        finished_keep: float = FINISHED_KEEP,
    ) -> None:
        self.data = data
        self.store = store
        self.logs: Any = None
        """With a PostgreSQL store, this node's link to the others (tt22.serve.nodes.
        NodeLink): each table's start, moves and end go to its log; None: one process."""
        self.grace = grace
        self.pace = pace
        self.waiting_idle = waiting_idle
        self.finished_keep = finished_keep
        # Tables' tasks and timers run in the server's context, not in the context of
        # whichever connection's app happened to cause them.
        self.context = contextvars.copy_context()
        self.tables: dict[str, Table] = {}
        self.lobby: dict[int, Callable[[], None]] = {}
        self.movers: list[Callable[[], None]] = []
        self.pacer = Pacer(self.context)
        self.hints = HintQueue()  # (one hint at a time: Table.hint)
        self._next = 0

    def resume_tables(self) -> list[str]:
        """Tables a server restart left unfinished, back from their autosaves at their
        exact position (the codes). Each person's seat waits for its key (the name's
        owner in the store) as after a dropped connection: the grace period, then a bot.
        A record that does not load or replay is set aside (`.bad`), never deleted."""
        from tt22.record import final_state, load_record

        folder = self.data / "tables"
        codes: list[str] = []
        for path in sorted(folder.glob("*.22rec")) if folder.is_dir() else []:
            code = path.stem
            try:
                record = load_record(path)
                if record.game not in SERVED_GAMES:
                    raise ValueError(f"a record of {record.game!r}")
                final = final_state(record)  # every game's own fold (ValueError: illegal)
            except (OSError, ValueError) as e:
                log.error("table %s cannot be resumed (%s): set aside", code, e)
                with contextlib.suppress(OSError):
                    path.replace(path.with_suffix(".bad"))
                continue
            if final is None or get_game(record.game).is_over(final):
                continue
            if self._filed(code, record.seed):  # (a crash between filing and clean-up)
                log.info("table %s was over (its record is filed): not resumed", code)
                self._unlink_autosave(code)
                continue
            seats = [
                SeatSpec(p.name, "", p.bot or "easy")
                if p.kind == "bot"
                else SeatSpec(p.name, (self.store.owner(p.name) if self.store else None) or "")
                for p in record.players
            ]
            options = TableOptions(
                game=record.game,
                seats=tuple(
                    "human" if p.kind == "human" else p.bot or "easy" for p in record.players
                ),
                grace=self.grace,
                clock=self.kept_clock(code),
                pace=self.pace,
                daily=record.seed if record.seed.startswith("daily-") else "",
            )
            table = Table(self, code, options, seats)
            table.rules = record.rules
            table.seed = record.seed
            table.record = record
            table.state = final
            table.moves = len(record.moves)
            table.status = "playing"
            self.tables[code] = table
            loop = asyncio.get_running_loop()
            for seat, spec in enumerate(seats):
                if spec.bot is None:
                    table._graces[seat] = loop.call_later(
                        self.grace, table._take_over, seat, context=self.context
                    )
            codes.append(code)
            log.info("table %s resumed at move %d", code, table.moves)
            table.keep_going()  # (H3: a bot to move moves; a move clock runs)
        for kept in sorted(folder.glob("*.options")) if folder.is_dir() else []:
            if kept.stem not in self.tables:  # (a table that ended or never started)
                with contextlib.suppress(OSError):
                    kept.unlink()
        return codes

    def _filed(self, code: str, seed: str) -> bool:
        """A finished record of table `code` with this seed is under records/."""
        from tt22.record import RecordError, load_record

        for path in (self.data / "records").glob(f"*-{code}.22rec"):
            with contextlib.suppress(OSError, RecordError, ValueError):
                if load_record(path).seed == seed:
                    return True
        return False

    def new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(4))
            if code not in self.tables and (self.logs is None or not self.logs.taken(code)):
                return code

    def create(self, options: TableOptions, fingerprint: str, name: str) -> Table:
        """A table with its creator in the first human seat (ValueError: bad options)."""
        game = get_game(options.game)
        if options.game not in served.served_games():  # (a game registered since start)
            raise ValueError(f"{options.game} cannot be served yet")
        n = len(options.seats)
        if not game.min_players <= n <= game.max_players:
            raise ValueError(f"{game.title} is for {game.min_players}-{game.max_players}")
        if "human" not in options.seats:
            raise ValueError("a table needs a human seat")
        game.rules(options.rules, n)  # RulesError (a ValueError) now, not at the start
        self.make_room(fingerprint)
        seats = [
            SeatSpec() if s == "human" else SeatSpec(f"bot {i + 1}", "", s)
            for i, s in enumerate(options.seats)
        ]
        table = Table(self, self.new_code(), options, seats)
        self.tables[table.code] = table
        table.sweep_after(self.waiting_idle)  # (until its creator's screen is on it)
        table.sit(fingerprint, name)
        return table

    def rematch(self, table: Table, fingerprint: str = "") -> Table:
        """The same seats and options at a new table with a new seed (made once;
        TooManyTables when `fingerprint`, who asks for it, has no room for it)."""
        if table.rematch_code and table.rematch_code in self.tables:
            return self.tables[table.rematch_code]
        self.make_room(fingerprint)
        seats = [SeatSpec(s.name, "", s.bot) if s.bot else SeatSpec() for s in table.seats]
        # (A daily table's rematch is a fresh deal: the daily one counts once a day.)
        options = dataclasses.replace(table.options, daily="")
        new = Table(self, self.new_code(), options, seats)
        self.tables[new.code] = new
        new.sweep_after(self.waiting_idle)  # (until someone sits down and looks)
        table.rematch_code = new.code
        table.publish()
        self.changed()
        return new

    # ------------------------------------------------------------------ limits, clean-up
    def open_tables(self, fingerprint: str = "") -> list[Table]:
        """Tables waiting or playing (of those, the ones `fingerprint` sits at)."""
        return [
            x
            for x in self.tables.values()
            if x.status != "over" and (not fingerprint or x.seat_of(fingerprint) is not None)
        ]

    def room_for(self, fingerprint: str) -> TooManyTables | None:
        """Why `fingerprint` may not sit at one more table (None: it may)."""
        if len(self.open_tables(fingerprint)) >= MAX_OPEN_PER_KEY:
            return TooManyTables(mine=True)
        if len(self.open_tables()) >= MAX_OPEN_TABLES:
            return TooManyTables(mine=False)
        return None

    def make_room(self, fingerprint: str) -> None:
        """Room for one more table of `fingerprint`'s, else TooManyTables. Its own
        waiting tables that nobody else sits at and nobody is looking at (left for the
        lobby, say) are taken down first, oldest first: it is the one waiting there."""
        if not fingerprint or self.room_for(fingerprint) is None:
            return
        for x in self.open_tables(fingerprint):
            alone = all(s.fingerprint in ("", fingerprint) for s in x.seats if s.bot is None)
            if x.status == "waiting" and alone and not x.watchers:
                self.remove(x)
                if self.room_for(fingerprint) is None:
                    return
        problem = self.room_for(fingerprint)
        if problem is not None:
            raise problem

    def remove(self, table: Table) -> None:
        """Take a waiting or finished table out of memory and the lobby (a finished
        match's record stays under records/ and in its players' past matches)."""
        if self.tables.get(table.code) is not table:
            return
        del self.tables[table.code]
        table.removed = True
        table.close()
        log.info("table %s (%s) taken down", table.code, table.status)
        self.changed()

    def changed(self) -> None:
        for callback in list(self.lobby.values()):
            callback()

    def moved(self) -> None:
        for callback in self.movers:
            callback()

    def watch_moves(self, callback: Callable[[], None]) -> None:
        """`callback()` after each table's news went out (a move, a chat line)."""
        self.movers.append(callback)

    def watch_lobby(self, callback: Callable[[], None]) -> int:
        self._next += 1
        self.lobby[self._next] = callback
        return self._next

    def unwatch_lobby(self, lid: int) -> None:
        self.lobby.pop(lid, None)

    def autosave(self, table: Table) -> None:
        """Keep the table's record on disk after its move, off the loop: a write with
        its fsync takes ~15 ms, which every player at every table would wait for. One
        writer per table writes the newest record (moves made meanwhile coalesce)."""
        table.unsaved = True
        if table.saver is None or table.saver.done():
            loop = asyncio.get_running_loop()
            table.saver = loop.create_task(self._save_loop(table), context=self.context)

    async def _save_loop(self, table: Table) -> None:
        from tt22.record import save_record

        folder = self.data / "tables"
        while table.unsaved and table.status == "playing":
            table.unsaved = False
            try:
                folder.mkdir(parents=True, exist_ok=True)
                await asyncio.to_thread(save_record, folder / f"{table.code}.22rec", table.record)
            except OSError as e:
                log.error("table %s: autosave failed: %s", table.code, e)

    def keep_options(self, table: Table) -> None:
        """Keep what the record does not hold of a table (its move clock) beside its
        autosave, so a server restart resumes the table as it was chosen."""
        folder = self.data / "tables"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            data = msgspec.json.encode({"clock": table.options.clock})
            (folder / f"{table.code}.options").write_bytes(data)
        except OSError as e:
            log.error("table %s: its options were not kept: %s", table.code, e)

    def kept_clock(self, code: str) -> float:
        """The move clock kept for table `code` (0: none, or nothing readable kept)."""
        path = self.data / "tables" / f"{code}.options"
        try:
            kept = msgspec.json.decode(path.read_bytes(), type=dict[str, float])
        except (OSError, msgspec.DecodeError):
            return 0.0
        clock = kept.get("clock", 0.0)
        return clock if 0.0 <= clock <= 3600.0 else 0.0

    def file_record(self, table: Table) -> str:
        """Keep a finished match under records/ (and in the store); where it went."""
        from tt22.record import save_record

        folder = self.data / "records"
        stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
        path = folder / f"{stamp}-{table.code}.22rec"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            save_record(path, table.record)
        except OSError as e:
            log.error("table %s: the record was not saved: %s", table.code, e)
            return ""
        if self.store is not None:
            # One transaction: the match, its seats, its people's ratings, a daily result.
            finished = served.finished_match(table.code, str(path), table.record)
            try:
                self.store.record_match(finished)
            except sqlite3.Error as e:  # (the record is filed: ratings can be rebuilt)
                log.error("table %s: the store did not keep the match: %s", table.code, e)
        return str(path)

    def drop_autosave(self, table: Table) -> None:
        """The match is over and filed: its autosave goes, but only once the table's
        one writer is done (L1). A save still being written when the last move came
        used to land after the autosave was deleted, and a restart then resumed the
        finished match a move before its end."""
        if table.saver is not None and not table.saver.done():
            table.saver.add_done_callback(lambda _: self._unlink_autosave(table.code))
        else:
            self._unlink_autosave(table.code)

    def _unlink_autosave(self, code: str) -> None:
        for suffix in (".22rec", ".options"):
            with contextlib.suppress(OSError):
                (self.data / "tables" / f"{code}{suffix}").unlink()

    def close(self) -> None:
        for table in self.tables.values():
            table.close()
        self.hints.close()
