"""The served tables under an unlucky or hostile client: the serve review's findings
(../shared/reviews/2026-12-01-serve-security.md: H3, M2, M4, M5, M6, L1, L5, L7, L8),
each tested where it was found. A server on 127.0.0.1 port 0 with throwaway keys, or
the hub alone where no connection is needed; every wait waits on its condition.
"""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest
from servekit import Client, record_apps, until

from tt22.serve.keys import host_key
from tt22.serve.ssh import Server, ServerConfig, start_server


async def serve_keeping_heap(folder: Path) -> Server:
    """A server as `tt22 serve` runs it: its collector kept (tt22/serve/heap.py)."""
    key, _ = host_key(folder / "server")
    config = ServerConfig("127.0.0.1", 0, folder / "server", key, None, 60.0, 0.0, keep_heap=True)
    return await start_server(config)


# ---------------------------------------------------------------------- M2
async def _frozen_now(server: Server) -> None:
    """A freeze comes (as after any move at any table) and is over."""
    heap = server.heap
    assert heap is not None
    before = heap.freezes
    heap.settle()
    await until(lambda: heap.freezes > before, "a freeze")


async def test_M2_a_closed_help_and_watched_table_are_freed_though_frozen_while_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The help and a watched table, each open while the server froze its heap (on a
    busy server every screen open for half a second is), then closed: both are freed,
    while the person stays connected. Before, they stayed in the collector's permanent
    generation until 16 more connections had ended (100 such cycles: +135 MiB)."""
    from tt22.serve.hub import TableOptions
    from tt22.tui.screens.help import HelpScreen

    apps = record_apps(monkeypatch)
    server = await serve_keeping_heap(tmp_path)
    ann = await Client("ann").connect(server.port)
    try:
        await ann.see("lobby")
        fp = server.store.owner("ann")
        assert fp is not None
        server.hub.create(TableOptions(seats=("human", "easy", "easy", "easy")), fp, "ann")
        await ann.see("your seat")
        app = apps["ann"]

        ann.press("?")
        await until(lambda: isinstance(app.screen, HelpScreen), "the help")
        await _frozen_now(server)
        help_screen = weakref.ref(app.screen)
        ann.press("\x1b")
        await ann.see("lobby")
        await until(lambda: help_screen() is None, "the closed help to be freed")

        ann.press("w")
        await until(lambda: type(app.screen).__name__ == "SeatScreen", "the watched table")
        await _frozen_now(server)
        watched = weakref.ref(app.screen)
        ann.press("q")
        await ann.see("lobby")
        await until(lambda: watched() is None, "the table left to be freed")
    finally:
        await ann.close()
        await server.close()
    assert gc.get_freeze_count() == 0  # (the server's close gave the heap back)


async def test_M2_a_release_waits_its_gap_after_the_last() -> None:
    """Freeing what was frozen is one full pass of the collector over everything the
    process holds, so a second release within `gap` of the first waits for its turn
    (a client that loops the help can cost the server at most one pass per gap)."""
    from tt22.serve.heap import HeapKeeper

    gc.unfreeze()
    keeper = HeapKeeper(gap=3600.0)
    try:
        keeper.left()
        await until(lambda: keeper.releases == 1, "the first release")
        keeper.left()
        keeper.left()
        await until(lambda: keeper.freezes >= 1, "the freeze after it")
        assert keeper.releases == 1  # the next one waits an hour
        assert keeper._release is not None  # (scheduled, once)
    finally:
        keeper.close()
    assert gc.get_freeze_count() == 0


def test_M2_a_widgets_styles_cache_goes_with_it() -> None:
    """Textual's `StylesCache.get_inner_outer` is an lru_cache keyed by the cache
    itself, so 1,024 closed widgets' rendered lines stayed alive; patched (every
    served app), the answers are Textual's own and nothing holds the cache."""
    from textual._styles_cache import StylesCache
    from textual.color import Color
    from textual.style import Style

    from tt22.serve.heap import styles_caches_let_go

    base, background = Color(10, 20, 30), Color(200, 100, 50, 0.5)
    textuals = (Style(background=base + background), Style(background=base))
    styles_caches_let_go()
    styles_caches_let_go()  # (once is enough)
    cache = StylesCache()
    gone = weakref.ref(cache)
    assert cache.get_inner_outer(base, background) == textuals
    del cache
    gc.collect()
    assert gone() is None
