"""HeapKeeper (tt22/serve/render/heap.py): the server's long-lived objects go to the collector's
permanent generation after they are made, and closed connections give theirs back."""

from __future__ import annotations

import asyncio
import gc
import sys
from pathlib import Path

from tt22.serve.render.heap import SETTLE_AFTER, HeapKeeper, strips_free_themselves


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


async def test_each_move_news_tells_the_move_watchers(tmp_path: Path) -> None:
    """The server freezes after each move's screens are drawn (Hub.watch_moves ->
    HeapKeeper.settle): what a move leaves behind (caches, redrawn lines) would
    otherwise pile up for the collector's passes until a table opens or closes."""
    from tt22.serve.hub import Hub, SeatSpec, Table, TableOptions

    hub = Hub(tmp_path)
    seen: list[bytes] = []
    moved: list[int] = []
    table = Table(hub, "ABCD", TableOptions(seats=("human",) * 3), [SeatSpec("a", "fa")] * 3)
    table.subscribe(0, "fa", seen.append)
    hub.watch_moves(lambda: moved.append(len(seen)))
    table.publish()
    table.publish()
    assert moved == [len(seen) - 1, len(seen)]  # after the table's news went out, each time


def test_strips_that_are_whole_do_not_hold_themselves() -> None:
    """Textual caches a strip's `crop_extend` and `divide`; when the answer is the strip
    itself the strip referred to itself and only the cyclic collector could free it.
    Patched (`tt22 serve` only), the answers are the same and hold no reference."""
    from rich.segment import Segment
    from textual.strip import Strip

    strips_free_themselves()
    strips_free_themselves()  # (once is enough; twice changes nothing)
    strip = Strip([Segment("abc"), Segment("de")])
    held = sys.getrefcount(strip)
    assert strip.crop_extend(0, 5, None) is strip
    assert strip.divide([5]) == [strip]
    assert strip.divide([5, 9]) == [strip]
    assert sys.getrefcount(strip) == held  # nothing cached the strip in itself
    # Other cuts are Textual's own, as before.
    assert strip.crop_extend(1, 7, None).text == "bcde  "
    assert [s.text for s in strip.divide([2, 5])] == ["ab", "cde"]
