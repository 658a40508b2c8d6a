"""Short garbage-collector pauses on a server that holds a Textual app per connection.

Python's cyclic collector now and then makes a full pass over every object the
process holds, and the event loop, every table's moves with it, waits for it. With a
Textual app (screens, widgets, styles, caches) per connection the heap grows by about
10,000 objects a player: at 40 players, measured with `gc.callbacks` under
`benchmarks/bench_serve.py`, full passes took 0.5-1.4 s each, about one every two
seconds of play, and they were most of the keypress-to-screen tail (issue 13).

Most of those objects live as long as their connection: the lobby and the seat
screens. `HeapKeeper` moves what exists into the collector's permanent generation
(`gc.freeze`) shortly after such objects are made (a connection opening, a table
opening, filling, starting or ending), so full passes look only at what was made since.
What a closed connection leaves frozen is given back to the collector
(`gc.unfreeze`) once every `release_every` closed connections: one longer pass then,
instead of a long pass every few seconds. Only `tt22 serve` turns it on; the tests'
in-process servers leave the collector alone.
"""

from __future__ import annotations

import asyncio
import gc

__all__ = ["HeapKeeper"]

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
