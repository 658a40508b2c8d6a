"""Short garbage-collector pauses on a server that holds a Textual app per connection.

Python's cyclic collector now and then makes a full pass over every object the
process holds, and the event loop, every table's moves with it, waits for it. With a
Textual app (screens, widgets, styles, caches) per connection the heap grows by about
10,000 objects a player: at 40 players, measured with `gc.callbacks` under
`benchmarks/bench_serve.py`, full passes took 0.5-1.4 s each, about one every two
seconds of play, and they were most of the keypress-to-screen tail (issue 13).

Most of those objects live as long as their connection: the lobby and the seat
screens. `HeapKeeper` moves what exists into the collector's permanent generation
(`gc.freeze`, which only moves a list: no pass) shortly after such objects are made (a
connection opening, a table opening, filling, starting or ending) and after each move's
news (what the redraws leave behind: the widgets' line caches, the compositor's maps),
so the collector's passes look only at what was made in the last half second. At 100
players, before the freeze after moves, the passes of generation 2 took 0.5-1.1 s each,
one every seven seconds of play, and those of generation 1 up to 0.1 s. Freezing keeps
what becomes cyclic garbage after a freeze until the next release; with the strips
freeing themselves (`strips_free_themselves`, below) the server's memory grew as much in
play as without the freeze after moves (at 100 players, in one sitting: 551 -> 602 MiB,
against 566 -> 613 MiB).

What a client leaves must still be freed. Two kinds of garbage would otherwise stay:

- garbage that exists when a freeze comes (a help opened and closed within half a
  second): each freeze is preceded by a collection of what is not frozen, which
  costs only what was made since the last freeze;
- what was frozen alive and died later: a screen open during a freeze (the help, a
  watched table, a hand's summary: on a busy server every screen open for more than
  half a second) that is then closed, or a whole app when its connection ends. The
  collector never looks at the permanent generation, so before this these were kept
  until 16 more connections had ended (`tests/test_serve_tables_hardening.py`; the
  review's M2: 100 cycles of the help and a watched table took a server from 65 to
  199 MiB). So a closed screen (`screen_closed`, from every served app) or a closed
  connection schedules a release: the frozen set is given back (`gc.unfreeze`), one
  full pass frees what died, and what lives is frozen again. A full pass costs every
  object the process holds, so there is at most one every `RELEASE_GAP` seconds: the
  most a client can pile up is what it leaves in that time (docs/serve.md, "Tables:
  limits, clean-up and recovery", has the figures).

Only `tt22 serve` turns it on; the tests' in-process servers leave the collector alone
(unless a test makes its own keeper).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
import weakref
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = [
    "RELEASE_GAP",
    "HeapKeeper",
    "screen_closed",
    "strips_free_themselves",
    "styles_caches_let_go",
]

log = logging.getLogger("tt22.serve")

SETTLE_AFTER = 0.5
"""Seconds after a change before freezing: the screens it brings are mounted by then."""

RELEASE_GAP = 5.0
"""The least time between two releases (a full pass of the collector each)."""

_KEEPERS: weakref.WeakSet[HeapKeeper] = weakref.WeakSet()


def screen_closed() -> None:
    """A served app closed a screen (popped or replaced): what it held is garbage, and
    if a freeze came while it was open, garbage the collector no longer sees. Every
    running keeper gives its frozen set back soon (`HeapKeeper.left`)."""
    for keeper in list(_KEEPERS):
        keeper.left()


class HeapKeeper:
    """Freezes what exists shortly after long-lived objects are made, and gives the
    frozen set back to the collector soon after something frozen was let go."""

    def __init__(self, release_every: int = 16, gap: float = RELEASE_GAP) -> None:
        self.release_every = release_every
        self.gap = gap
        self.closed = 0  # connections closed since the frozen set was last given back
        self.freezes = 0  # (counted: the tests wait for one)
        self.releases = 0
        self._pending: asyncio.TimerHandle | None = None
        self._release: asyncio.TimerHandle | None = None
        self._released_at = -gap  # (monotonic: the first release may come at once)
        _KEEPERS.add(self)

    def settle(self) -> None:
        """Something long-lived was just made: freeze what exists, in a moment."""
        if self._pending is None:
            self._pending = asyncio.get_running_loop().call_later(SETTLE_AFTER, self._freeze)

    def _freeze(self) -> None:
        self._pending = None
        gc.collect()  # (what is not frozen: only what was made since the last freeze)
        gc.freeze()
        self.freezes += 1

    def left(self) -> None:
        """Something that may have been frozen alive was let go (a screen closed): give
        the frozen set back in a moment, and no sooner than `gap` after the last time."""
        if self._release is not None:
            return
        loop = asyncio.get_running_loop()
        wait = max(SETTLE_AFTER, self._released_at + self.gap - time.monotonic())
        self._release = loop.call_later(wait, self.release)

    def release(self) -> None:
        """Give the frozen set to the collector and free what died in one full pass;
        what lives is frozen again in a moment (`settle`)."""
        if self._release is not None:
            self._release.cancel()
            self._release = None
        start = time.monotonic()
        gc.unfreeze()
        gc.collect()
        self.settle()
        self._released_at = time.monotonic()
        self.releases += 1
        took = self._released_at - start
        if took >= 0.05:
            log.info("the collector's release pass took %.0f ms", took * 1000)

    def released(self) -> None:
        """A connection closed: its app's objects are frozen garbage now; give them
        back to the collector soon (at once after `release_every` closed connections)."""
        self.closed += 1
        if self.closed >= self.release_every:
            self.closed = 0
            self.release()
        else:
            self.left()

    def close(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
        if self._release is not None:
            self._release.cancel()
            self._release = None
        _KEEPERS.discard(self)
        gc.unfreeze()


def strips_free_themselves() -> None:
    """Textual's `Strip` (a line of segments) caches the results of `crop_extend` and
    `divide`, and when the result is the strip itself (already the right length, not
    cut), it holds a reference to itself: every such strip is then garbage that only
    the cyclic collector can free. Textual makes thousands of them as it draws: after
    a few minutes of play at 40 players, nine in ten of the objects the collector
    found garbage were strips and their caches (about a million objects). With this
    patch those results are simply not cached (they cost nothing to make again), so
    strips go when their last user lets go of them, and the collector's generations
    hold far less. The rest of Textual is left as it is; `tests/test_serve_heap.py`
    checks the patch against the pinned Textual (below 9)."""
    from textual.strip import Strip

    if getattr(Strip, "_tt22_free_themselves", False):
        return
    crop_extend, divide = Strip.crop_extend, Strip.divide

    def crop_extend_freely(self: Strip, start: int, end: int, style: Any) -> Strip:
        if start <= 0 and end == self.cell_length:
            return self  # (what Textual's would cache: the strip itself)
        return crop_extend(self, start, end, style)

    def divide_freely(self: Strip, cuts: Iterable[int]) -> Sequence[Strip]:
        cuts = list(cuts)
        if [cut for cut in cuts if cut <= self.cell_length] == [self.cell_length]:
            return [self]
        return divide(self, cuts)

    Strip.crop_extend = crop_extend_freely  # type: ignore[method-assign]
    Strip.divide = divide_freely  # type: ignore[method-assign]
    Strip._tt22_free_themselves = True  # type: ignore[attr-defined]


def styles_caches_let_go() -> None:
    """Textual's `StylesCache.get_inner_outer` is an `lru_cache` on a method, so its
    1,024 entries are keyed by the widget's `StylesCache` itself and keep it alive,
    with every line the widget drew (the answer depends only on the two colours).
    Every screen a person opens and closes (the help, a watched table) leaves its
    widgets' caches there: after the frozen screens were freed (above), this was what
    still grew, about 0.4 MiB a cycle of the review's M2 until the 1,024 entries were
    full. Patched, the answer is cached by the colours alone and a widget's cache goes
    with its widget. Checked against the pinned Textual (below 9) in
    `tests/test_serve_tables_hardening.py`."""
    from functools import lru_cache

    from textual._styles_cache import StylesCache

    if getattr(StylesCache, "_tt22_lets_go", False):
        return
    textuals = StylesCache.get_inner_outer.__wrapped__  # (its body uses no `self`)

    @lru_cache(1024)
    def inner_outer(base_background: Any, background: Any) -> Any:
        return textuals(None, base_background, background)

    def get_inner_outer(self: StylesCache, base_background: Any, background: Any) -> Any:
        return inner_outer(base_background, background)

    StylesCache.get_inner_outer = get_inner_outer  # type: ignore[method-assign, assignment]
    StylesCache._tt22_lets_go = True  # type: ignore[attr-defined]
