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

What a client leaves must still be freed. What was frozen alive and died later (a
screen open during a freeze: the help, a watched table, a hand's summary, on a busy
server every screen open for more than half a second; or a whole app when its
connection ends) is garbage the collector never looks at again: before, it was kept
until 16 more connections had ended (the review's M2: 100 cycles of the help and a
watched table took a server from 65 to 199 MiB). So a closed screen (`screen_closed`,
from every served app) or a closed connection asks for a release: the frozen set is
given back (`gc.unfreeze`), one full pass frees what died, and what lives is frozen
again. A full pass costs every object the process holds (about 0.5 s of CPU at 40
connections), so a release comes only once the heap has grown by a quarter since the
last (`RELEASE_GROWTH`, CPython's own rule for its full passes: in play, a pass every
few minutes), and never sooner than `RELEASE_GAP` after the last nor so often that
the passes take more than a tenth of the CPU (`RELEASE_SHARE`): a client that opens
and closes screens in a loop can pile up a quarter of the heap at most, and make the
server pay one pass per gap. (The keeper's timers run in a context of their own: one
copied from the screen's handler that asked held that screen alive until it ran.)
Measured in docs/serve.md, "Tables: limits, clean-up and recovery".

Only `tt22 serve` turns it on; the tests' in-process servers leave the collector alone
(unless a test makes its own keeper).

Two patches of Textual's caches (below) go with it, and they are process-wide: a
class's method replaced for every instance in the process. They are scoped to the
server's process by who installs them, never by an import: `strips_free_themselves` is
called only by a `Server` that keeps the heap (`ServerConfig.keep_heap`, which only
`tt22 serve` sets; a test that asks for it gets it too), `styles_caches_let_go` only by
a served app (`ServeApp`) as it is made. The local `tt22` app makes neither, so its
Textual is Textual's own (`tests/core/test_textual_hooks.py` checks that importing every
module and making the local app installs nothing); `installed_patches` says which are
in. Both are checked against the pinned Textual (8.2.x) in `tests/core/test_textual_hooks.py`.
"""

from __future__ import annotations

import asyncio
import contextvars
import gc
import logging
import sys
import time
import weakref
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = [
    "RELEASE_GAP",
    "RELEASE_GROWTH",
    "RELEASE_SHARE",
    "HeapKeeper",
    "installed_patches",
    "screen_closed",
    "strips_free_themselves",
    "styles_caches_let_go",
]

log = logging.getLogger("tt22.serve")

SETTLE_AFTER = 0.5
"""Seconds after a change before freezing: the screens it brings are mounted by then."""

RELEASE_GAP = 5.0
"""The least time between two releases (a full pass of the collector each): what a
client that opens and closes screens in a loop can make the server pay at most."""

RELEASE_SHARE = 0.1
"""And the most of the server's CPU the releases may take: after a pass of `t`
seconds of CPU the next waits at least `t / RELEASE_SHARE` (at 40 connections a pass
is about 0.5 s: 5 s; at 100 about 1.2 s: 12 s)."""

RELEASE_GROWTH = 0.25
"""How much the heap must have grown since the last release before a closed screen
brings the next one: CPython's own rule for its full passes (a quarter more than at
the last one), so that the summaries closing at every hand of every table cost, spread
over what was made meanwhile, what the collector's own passes would."""

_KEEPERS: weakref.WeakSet[HeapKeeper] = weakref.WeakSet()


def screen_closed() -> None:
    """A served app closed a screen (popped or replaced): what it held is garbage, and
    if a freeze came while it was open, garbage the collector no longer sees. Every
    running keeper gives its frozen set back once it has grown enough
    (`HeapKeeper.left`)."""
    for keeper in list(_KEEPERS):
        keeper.left()


class HeapKeeper:
    """Freezes what exists shortly after long-lived objects are made, and gives the
    frozen set back to the collector once something frozen was let go and the heap has
    grown by `growth` since the last time (no sooner than `gap` after it, nor than
    `RELEASE_SHARE` of the CPU allows)."""

    def __init__(
        self,
        release_every: int = 16,
        gap: float = RELEASE_GAP,
        growth: float = RELEASE_GROWTH,
    ) -> None:
        self.release_every = release_every
        self.gap = gap
        self.growth = growth
        self.closed = 0  # connections closed since the frozen set was last given back
        self.freezes = 0  # (counted: the tests wait for one)
        self.releases = 0
        self.baseline = 0  # memory blocks in use just after the last release
        self._owed = False  # something frozen was let go since the last release
        self._rebase = False  # (the next freeze sets the baseline)
        self._pending: asyncio.TimerHandle | None = None
        self._release: asyncio.TimerHandle | None = None
        self._next_release = 0.0  # (monotonic: the first release may come at once)
        # The timers' own context: one copied from whoever asked (a screen's handler)
        # would hold that screen (Textual's active message pump) until the timer ran,
        # and a release would then find the screen it was asked to free still alive.
        self._context = contextvars.Context()
        _KEEPERS.add(self)

    def settle(self) -> None:
        """Something long-lived was just made: freeze what exists, in a moment."""
        if self._pending is None:
            loop = asyncio.get_running_loop()
            self._pending = loop.call_later(SETTLE_AFTER, self._freeze, context=self._context)

    def _freeze(self) -> None:
        self._pending = None
        gc.freeze()
        self.freezes += 1
        if self._rebase:
            self._rebase = False
            self.baseline = sys.getallocatedblocks()
        self._release_when_grown()

    def left(self) -> None:
        """Something that may have been frozen alive was let go (a screen closed):
        give the frozen set back once it has grown enough."""
        self._owed = True
        self._release_when_grown()

    def _release_when_grown(self) -> None:
        # (The heap's blocks, not `gc.get_freeze_count`, which walks every frozen object:
        # 0.1 s each time at 20 players.)
        grown = sys.getallocatedblocks() >= self.baseline * (1 + self.growth)
        if not self._owed or not grown or self._release is not None:
            return
        loop = asyncio.get_running_loop()
        wait = max(SETTLE_AFTER, self._next_release - time.monotonic())
        self._release = loop.call_later(wait, self.release, context=self._context)

    def release(self) -> None:
        """Give the frozen set to the collector and free what died in one full pass;
        what lives is frozen again in a moment (`settle`)."""
        if self._release is not None:
            self._release.cancel()
            self._release = None
        start, cpu = time.monotonic(), time.process_time()
        gc.unfreeze()
        gc.collect()
        self._owed = False
        self._rebase = True
        self.settle()
        end = time.monotonic()
        self.releases += 1
        took = time.process_time() - cpu  # (the pass's own work: not what others took)
        self._next_release = end + max(self.gap, took / RELEASE_SHARE)
        if end - start >= 0.05:
            log.info(
                "the collector's release pass took %.0f ms (%.0f ms of CPU)",
                (end - start) * 1000,
                took * 1000,
            )

    def released(self) -> None:
        """A connection closed: its app's objects are frozen garbage now; give them
        back to the collector (at once after `release_every` closed connections)."""
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
    hold far less. The rest of Textual is left as it is; `tests/serve/test_serve_heap.py`
    checks the patch, and `tests/core/test_textual_hooks.py` that Textual's `Strip` still
    caches itself this way (the reason for the patch) in the pinned Textual. Installed
    only by a `Server` that keeps the heap (`tt22 serve`), for the rest of the process;
    never by an import, never in the local app. Private names (Textual 8.2.8): none
    read, but two public methods replaced on the class and `Strip._tt22_free_themselves`
    (tt22's mark) set on it."""
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
    with its widget. Checked in `tests/serve/test_serve_tables_hardening.py`, and the shape
    of what it replaces (`textual._styles_cache.StylesCache.get_inner_outer`, an
    `lru_cache` whose body uses no `self`) in `tests/core/test_textual_hooks.py`, against
    the pinned Textual (8.2.8). Installed by every served app as it is made
    (`ServeApp`), for the rest of the process; never by an import, never in the local
    app."""
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


def installed_patches() -> tuple[str, ...]:
    """The names of this module's patches of Textual installed in this process (none
    until a server installs them)."""
    from textual._styles_cache import StylesCache
    from textual.strip import Strip

    marks = (
        ("strips_free_themselves", getattr(Strip, "_tt22_free_themselves", False)),
        ("styles_caches_let_go", getattr(StylesCache, "_tt22_lets_go", False)),
    )
    return tuple(name for name, installed in marks if installed)
