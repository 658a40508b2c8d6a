"""HeapKeeper (tt22/serve/heap.py): the server's long-lived objects go to the collector's
permanent generation after they are made, and closed connections give theirs back."""

from __future__ import annotations

import asyncio
import gc

from tt22.serve.heap import SETTLE_AFTER, HeapKeeper


async def test_settle_freezes_what_exists_once_the_screens_are_made() -> None:
    gc.unfreeze()
    keeper = HeapKeeper(release_every=2)
    try:
        kept = [object() for _ in range(10)]  # (held: frozen with the rest)
        keeper.settle()
        keeper.settle()  # (one freeze for a burst of changes)
        assert gc.get_freeze_count() == 0  # not at once: the new screens mount first
        await asyncio.sleep(SETTLE_AFTER * 3)
        frozen = gc.get_freeze_count()
        assert frozen > 0
        keeper.released()
        assert gc.get_freeze_count() == frozen  # one closed connection: kept frozen
        keeper.released()
        assert gc.get_freeze_count() == 0  # the second: given back to the collector
        assert kept
    finally:
        keeper.close()
    assert gc.get_freeze_count() == 0


async def test_close_cancels_a_pending_freeze() -> None:
    gc.unfreeze()
    keeper = HeapKeeper()
    keeper.settle()
    keeper.close()
    await asyncio.sleep(SETTLE_AFTER * 2)
    assert gc.get_freeze_count() == 0
