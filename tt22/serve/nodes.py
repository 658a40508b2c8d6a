"""Several server processes (nodes) on one PostgreSQL database: each node's link to
the others (`tt22 serve --store postgresql://...`).

A node that opens a table owns it (tt22/serve/tablelog.py: its lease, renewed here every
third of it) and writes its start, every move and its end to the table's log; each
write notifies `CODE n` on the channel `tablelog.CHANNEL` at its commit. Every other
node listens on that channel and keeps a **mirror** of the table (a `hub.Table` with
`mirror` set: it lists in that node's lobby and its spectators subscribe to it as to
any table, but it never moves by itself and refuses moves), brought up to date from
the log: the news says only which table changed, and the node reads the moves it has
not applied yet (`TableLog.moves_since`) and applies them with the game's `apply`. So
a notification that is lost (a node that was not listening, or whose connection
dropped) costs nothing: on each (re)connection the node catches up every table.

Bounded: news waiting to be applied is a set of table codes (`pending`): however many
moves a table makes while this node is busy, it waits as one entry, and the node then
applies them all at once. The moves themselves are never queued in memory here.

**Take-over**: every third of a lease each node also tries the lease of each table it
mirrors; it gets one only when the owner's has lapsed (it died, hung or was cut off
from the database) or was given up (a clean stop), and then adopts the table
(`adopt`): its state from the log, a record made from the log, its people's seats
waiting for them, its bots moving again. Of several nodes trying, the database lets
one win.

Not here yet (issue 26): a seat on a node other than its table's owner (its moves would
go to the owner the same way), and the chat and who is connected, which stay per node.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import os
import secrets
import socket
import time
from typing import Any

import psycopg

from tt22.core.registry import get_game
from tt22.serve.hub import Hub, SeatSpec, Table, TableOptions
from tt22.serve.pgstore import PgStore
from tt22.serve.tablelog import CHANNEL, LEASE, LoggedSeat, NotOwner, OutOfStep, TableLog

__all__ = ["NodeLink", "node_name"]

log = logging.getLogger("tt22.serve.nodes")

RETRY = 1.0
"""Seconds before listening again after the listening connection failed."""


def node_name() -> str:
    """This process's name in the lease rows: host, process id and a random part (a
    restarted node is a new owner: it takes its old tables over once they lapse)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class NodeLink:
    def __init__(self, store: PgStore, hub: Hub, *, lease: float | None = None) -> None:
        self.store = store
        self.hub = hub
        self.log = TableLog(store, node_name(), lease=LEASE if lease is None else lease)
        self.own: set[str] = set()  # the codes of the tables this node owns and plays
        self.pending: set[str] = set()  # tables with news not yet applied (bounded)
        self.wake = asyncio.Event()
        self.listening = asyncio.Event()
        self.tasks: list[asyncio.Task[None]] = []

    # ------------------------------------------------------------------ the hub's hooks
    def taken(self, code: str) -> bool:
        """Whether another node's table has `code` (the database unreachable: not
        known to, and the log's own key refuses a clash when the table starts)."""
        try:
            return self.log.taken(code)
        except psycopg.Error as e:
            log.warning("table codes not checked with the other nodes: %s", e)
            return False

    def started(self, table: Table) -> None:
        seats = [LoggedSeat(s.name, s.fingerprint, s.bot) for s in table.seats]
        try:
            self.log.create(table.code, table.options.game, table.rules, seats, table.seed)
            self.own.add(table.code)
        except psycopg.Error as e:
            log.error("table %s: not logged for the other nodes: %s", table.code, e)

    def moved(self, table: Table, move: Any, think: float | None) -> None:
        if table.code not in self.own:
            return
        try:
            self.log.append(table.code, table.moves - 1, move, think)
        except NotOwner as e:
            log.error("table %s: move %d refused: %s", table.code, table.moves, e)
            self.lost(table)
        except (psycopg.Error, OutOfStep) as e:
            log.error("table %s: move %d not logged: %s", table.code, table.moves, e)

    def lost(self, table: Table) -> None:
        """Another node owns `table` now (this one was paused, or cut off from the
        database, past its lease, and the other took the table over): this node stops
        playing it at once (`mirror`: no bots, no clock, no moves taken; the move just
        made is refused) and shows it from the log, which is the match (`_step_back`)."""
        self.own.discard(table.code)
        table.mirror = True
        loop = asyncio.get_running_loop()
        loop.call_soon(self._step_back, table, context=self.hub.context)

    def _step_back(self, table: Table) -> None:
        table._stop_clock()
        if table._bot_task is not None:
            table._bot_task.cancel()
        for timer in table._graces.values():
            timer.cancel()
        table._graces.clear()
        table.standin.clear()
        self.hub.drop_autosave(table)  # (a restart here must not resume it)
        try:
            table.state, table.moves = self.log.fold(table.code)
        except (psycopg.Error, ValueError, KeyError) as e:
            log.error("table %s: cannot follow its log: %s", table.code, e)
        table.publish()
        self.hub.changed()
        self._news(table.code)  # (and on from the log, as any mirror)

    def finished(self, table: Table) -> None:
        if table.code not in self.own:
            return
        self.own.discard(table.code)
        try:
            self.log.finish(table.code)
        except (psycopg.Error, RuntimeError) as e:
            log.error("table %s: its end not logged: %s", table.code, e)

    # ------------------------------------------------------------------ running
    async def start(self) -> None:
        """Listen for the other nodes' tables (and wait until listening)."""
        loop = asyncio.get_running_loop()
        for work in (self._listen(), self._apply(), self._renew()):
            self.tasks.append(loop.create_task(work, context=self.hub.context))
        await asyncio.wait_for(self.listening.wait(), 30)

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(BaseException):
                await task
        for code in list(self.own):  # (a clean stop: another node need not wait)
            with contextlib.suppress(psycopg.Error):
                self.log.release(code)

    async def _listen(self) -> None:
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.store.url, autocommit=True
                ) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}".encode())
                    self.listening.set()
                    for head in self.log.heads(playing=True):  # (news missed meanwhile)
                        self._news(head.code)
                    for code, table in list(self.hub.tables.items()):  # (and ends)
                        if table.mirror and table.status == "playing":
                            self._news(code)
                    async for note in conn.notifies():
                        self._news(note.payload.split(" ", 1)[0])
            except psycopg.Error as e:
                log.warning("not listening to the other nodes (%s): again in %.0f s", e, RETRY)
                await asyncio.sleep(RETRY)

    def _news(self, code: str) -> None:
        if code not in self.own:
            self.pending.add(code)
            self.wake.set()

    async def _apply(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.pending:
                code = self.pending.pop()
                try:
                    self.catch_up(code)
                except (psycopg.Error, ValueError, KeyError) as e:
                    log.error("table %s: cannot follow its log: %s", code, e)
                await asyncio.sleep(0)  # (the screens between tables)

    async def _renew(self) -> None:
        """Every third of a lease: renew this node's tables' leases, and take over the
        tables whose owner's lease lapsed (it died, hung or was cut off) or who gave
        them up (a clean stop)."""
        while True:
            await asyncio.sleep(self.log.lease / 3)
            try:
                mine = list(self.own)
                kept = self.log.acquire_all(mine)
                mirrors = [
                    t for t in self.hub.tables.values() if t.mirror and t.status == "playing"
                ]
                taken = self.log.acquire_all([t.code for t in mirrors])
            except psycopg.Error as e:
                log.warning("leases not renewed: %s", e)
                continue
            for code in mine:
                if code not in kept and code in self.own:  # (not ended meanwhile)
                    log.error("table %s: its lease is another node's now", code)
                    self.own.discard(code)
                    table = self.hub.tables.get(code)
                    if table is not None and not table.mirror:
                        self.lost(table)
            for table in mirrors:
                if table.code in taken:
                    try:
                        self.adopt(table)
                    except (psycopg.Error, ValueError, KeyError) as e:
                        log.error("table %s: not taken over: %s", table.code, e)

    # ------------------------------------------------------------------ mirrors
    def adopt(self, table: Table) -> None:
        """Make the mirror `table`, whose lease this node has just taken, this node's
        own: brought up to its log's last move (nothing can be appended meanwhile: the
        lease is ours), its record made from the log, its people's seats waiting for
        them the grace period (then a bot plays for them, as after a restart), its bots
        moving again. Its people reconnect to any node; the lobby of this one lists the
        table as theirs."""
        from tt22.core.players import Player
        from tt22.record import build_record

        self.catch_up(table.code)
        logged = self.log.load(table.code)
        if logged is None or logged.status != "playing" or not table.mirror:
            return
        moves = self.log.moves_since(table.code, logged.game, 0)
        players = [Player(s.name, "bot", s.bot) if s.bot else Player(s.name) for s in table.seats]
        started = dt.datetime.fromtimestamp(int(logged.created), dt.UTC)
        table.record = build_record(logged.rules, logged.seed, players, moves, started)
        table.mirror = False
        self.own.add(table.code)
        loop = asyncio.get_running_loop()
        for seat, spec in enumerate(table.seats):
            if spec.bot is None and not table.connected(seat):
                table._graces[seat] = loop.call_later(
                    table.options.grace, table._take_over, seat, context=self.hub.context
                )
        log.info("table %s taken over at move %d", table.code, table.moves)
        self.hub.autosave(table)
        table.publish()
        self.hub.changed()
        table.keep_going()

    def catch_up(self, code: str) -> None:
        """Bring this node's mirror of another node's table `code` up to its log (made
        on its first news), and tell its spectators."""
        table = self.hub.tables.get(code)
        if table is not None and not table.mirror:
            return  # (this node's own)
        logged = self.log.load(code)
        if logged is None:
            return
        game = get_game(logged.game)
        if table is None:
            if logged.status != "playing":
                return  # (ended before this node saw it)
            seats = [SeatSpec(s.name, s.fingerprint, s.bot) for s in logged.seats]
            options = TableOptions(
                game=logged.game,
                seats=tuple("human" if s.bot is None else s.bot for s in logged.seats),
                grace=self.hub.grace,
                pace=self.hub.pace,
                daily=logged.seed if logged.seed.startswith("daily-") else "",
            )
            table = Table(self.hub, code, options, seats, status="playing", mirror=True)
            table.rules = logged.rules
            table.seed = logged.seed
            table.state = game.new_match(logged.rules, len(seats), logged.seed)
            self.hub.tables[code] = table
            self.hub.changed()
        before = table.moves
        for move in self.log.moves_since(code, logged.game, table.moves):
            table.state = game.apply(table.state, move)
            table.moves += 1
        if logged.status == "over" and table.status != "over":
            table.status = "over"
            table.over_at = time.monotonic()
            table.sweep_after(self.hub.finished_keep)
            self.hub.changed()
        elif table.moves == before:
            return
        table.publish()
