"""The tables' news to the seats' screens, a few screens at a time.

Every screen that news reaches redraws and repaints, and all of them run on the
server's one event loop, first come first served: a person's keypress waits behind
whatever work is already queued there. When a deal ends, every screen at that table
redraws at once (pushing a summary costs about 40 ms each); with 25 tables in play,
deals end close together and a key could wait 0.3-0.8 s (issue 13: the p99 of
keypress-to-screen at 100 players was 344 ms, the median 55 ms).

So the news of what a person did goes at once to that person's own screens (what
they are waiting for), and every other screen gets it only while fewer than
`at_once` screens are still drawing earlier news; the rest waits, in the order it
came. Each piece of news carries the seat's whole position, so a seat's news still
waiting is simply replaced by newer news: that screen draws the latest position, as a
screen uncovered after a dialog catches up. A key then waits behind at most
`at_once` screens' drawing, not a whole burst.

A listener says when its screen has drawn by returning an awaitable (a listener
that returns None has nothing to wait for); one that never finishes is given up
after `patience` seconds, so a closing screen cannot hold the others' news. No
Textual and no SSH here: the screens' side is `tt22.serve.tables.drawn_after`.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections.abc import Awaitable, Callable, Hashable

__all__ = ["AT_ONCE", "Listener", "Pacer"]

AT_ONCE = 1
"""Screens drawing others' news at once. At 100 players (`benchmarks/bench_serve.py
--at-once N`, one sitting), the p99 of keypress-to-screen was 51 ms with 1, 71 ms with
2 and 124 ms with 4 (115 ms without the pacer), and that of a move reaching the other
screens at its table 156, 204 and 198 ms (112 ms without): docs/serve.md, Figures."""

Listener = Callable[[bytes], Awaitable[object] | None]
"""A screen's way in for news: called with the news; returns what finishes once the
screen has drawn it (or None)."""


class Pacer:
    """Hands news to listeners: at once when it answers their own action, else when
    fewer than `at_once` screens are drawing (the newest news of each listener, in
    the order its first unsent news came)."""

    def __init__(
        self,
        context: contextvars.Context | None = None,
        *,
        at_once: int | None = None,
        patience: float = 0.5,
    ) -> None:
        self.context = context
        self.at_once = AT_ONCE if at_once is None else at_once
        self.patience = patience
        self.drawing = 0  # listeners handed news whose screens have not drawn it yet
        self.waiting: dict[Hashable, tuple[Listener, bytes]] = {}  # (insertion order)
        self._tasks: set[asyncio.Task[None]] = set()  # (the loop keeps weak references)

    def send(self, key: Hashable, listener: Listener, data: bytes, *, now: bool = False) -> None:
        """News `data` for the listener known as `key`: at once when `now` (it
        answers that person's own action), else in turn."""
        if now:
            self.waiting.pop(key, None)  # (older than this)
            self._hand(listener, data)
            return
        if key in self.waiting:
            self.waiting[key] = (listener, data)  # its place in the queue, the newest news
            return
        if self.drawing < self.at_once and not self.waiting:
            self._hand(listener, data)
        else:
            self.waiting[key] = (listener, data)

    def forget(self, key: Hashable) -> None:
        """The listener left: its waiting news goes nowhere."""
        self.waiting.pop(key, None)

    def _hand(self, listener: Listener, data: bytes) -> None:
        drawn = listener(data)
        if drawn is None:
            return
        self.drawing += 1
        loop = asyncio.get_running_loop()
        task = loop.create_task(self._until_drawn(drawn), context=self.context)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _until_drawn(self, drawn: Awaitable[object]) -> None:
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(drawn, self.patience)
        finally:
            self.drawing -= 1
            self._next()

    def _next(self) -> None:
        while self.waiting and self.drawing < self.at_once:
            key = next(iter(self.waiting))
            listener, data = self.waiting.pop(key)
            self._hand(listener, data)
