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
against 566 -> 613 MiB). What a closed connection leaves frozen is given back to
the collector (`gc.unfreeze`) once every `release_every` closed connections: one longer
pass then, instead of a long pass every few seconds. Only `tt22 serve` turns it on; the
tests' in-process servers leave the collector alone.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["HeapKeeper", "strips_free_themselves"]

SETTLE_AFTER = 0.5
"""Seconds after a change before freezing: the screens it brings are mounted by then."""


class HeapKeeper:
    def __init__(self, release_every: int = 16) -> None:
        self.release_every = release_every
        self.closed = 0  # connections closed since the frozen set was last given back
        self._pending: asyncio.TimerHandle | None = None

    def settle(self) -> None:
        """Something long-lived was just made: freeze what exists, in a moment."""
        if self._pending is None:
            self._pending = asyncio.get_running_loop().call_later(SETTLE_AFTER, self._freeze)

    def _freeze(self) -> None:
        self._pending = None
        gc.freeze()

    def released(self) -> None:
        """A connection closed: its app's objects are frozen garbage now; give them
        back to the collector once enough connections have closed."""
        self.closed += 1
        if self.closed >= self.release_every:
            self.closed = 0
            gc.unfreeze()

    def close(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
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
