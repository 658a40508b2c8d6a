"""The served tables under an unlucky or hostile client: the serve review's findings
(../shared/reviews/2026-12-01-serve-security.md: H3, M2, M4, M5, M6, L1, L5, L7, L8),
each tested where it was found. A server on 127.0.0.1 port 0 with throwaway keys, or
the hub alone where no connection is needed; every wait waits on its condition.
"""

from __future__ import annotations

import asyncio
import gc
import weakref
from pathlib import Path
from typing import Any

import msgspec
import pytest
from servekit import Client, record_apps, until

from tt22.serve.keys import host_key
from tt22.serve.ssh import Server, ServerConfig, start_server


async def serve_keeping_heap(folder: Path) -> Server:
    """A server as `tt22 serve` runs it: its collector kept (tt22/serve/render/heap.py)."""
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
    assert server.heap is not None
    server.heap.growth = 0.0  # (each closed screen brings a release: below, the rule)
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
    from tt22.serve.render.heap import HeapKeeper

    gc.unfreeze()
    keeper = HeapKeeper(gap=3600.0, growth=0.0)
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


async def test_M2_a_closed_screen_brings_a_release_once_the_heap_grew_enough() -> None:
    """As CPython's own rule for its full passes: a closed screen brings a release only
    once the heap has grown by `growth` since the last one (a quarter), so that the
    summaries closing at every hand of every table do not pay a full pass each."""
    from tt22.serve.render.heap import HeapKeeper

    gc.unfreeze()
    keeper = HeapKeeper(gap=0.0, growth=0.25)
    try:
        keeper.release()  # (as after the first closed screen)
        await until(lambda: keeper.freezes == 1, "the freeze after it")
        keeper.left()
        assert keeper._release is None  # the heap is as it was: no pass for it
        grown = [[i] for i in range(keeper.baseline // 2)]  # (more than a quarter)
        keeper.left()
        await until(lambda: keeper.releases == 2, "the release the growth brings")
        assert grown
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

    from tt22.serve.render.heap import styles_caches_let_go

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


# ---------------------------------------------------------------------- H3, L8
def _autosave_as_a_crash_leaves_it(
    folder: Path, game_name: str, *, bot_to_move: bool, clock: float, least: int = 8
) -> tuple[str, int]:
    """tables/CODE.22rec (and its .options) of a table of `game_name` with ann at seat
    0 and bots elsewhere, as a `kill -9` leaves it: at a position where a bot (or ann)
    is to move, after at least `least` moves. (The code, the moves.)"""
    import datetime as dt

    from tt22.core.players import Player
    from tt22.core.registry import get_game
    from tt22.record import append_move, new_record, save_record
    from tt22.serve.hub import safe_move
    from tt22.serve.store import Store

    store = Store(folder / "tt22-serve.sqlite")
    store.claim("ann", "fp-ann")
    store.close()
    game = get_game(game_name)
    n = game.default_players
    rules = game.rules((), n)
    seed = f"RSME-{game_name.upper()}"
    state = game.new_match(rules, n, seed)
    players = [Player("ann")] + [Player(f"bot {i + 1}", "bot", "easy") for i in range(1, n)]
    record = new_record(rules, seed, players, dt.datetime.now(dt.UTC))
    while len(record.moves) < least or (game.to_move(state) != 0) != bot_to_move:
        move = safe_move(game_name, state, seed)
        state = game.apply(state, move)
        record = append_move(record, move)
        assert not game.is_over(state)
    (folder / "tables").mkdir(exist_ok=True)
    save_record(folder / "tables" / "RSME.22rec", record)
    (folder / "tables" / "RSME.options").write_bytes(msgspec.json.encode({"clock": clock}))
    return "RSME", len(record.moves)


@pytest.mark.parametrize("game_name", ["twentytwo", "rook", "gin", "rummy"])
async def test_H3_a_resumed_table_whose_person_is_back_at_once_plays_on(
    tmp_path: Path, game_name: str
) -> None:
    """After a restart, ann comes back to her resumed table within the grace period
    (the common case: her ssh dropped with the server): the bot to move moves, and the
    game goes on to her turn. Before, nothing restarted the bots: 0 moves, for good."""
    from tt22.serve.hub import Hub
    from tt22.serve.store import Store

    code, moves = _autosave_as_a_crash_leaves_it(tmp_path, game_name, bot_to_move=True, clock=0)
    store = Store(tmp_path / "tt22-serve.sqlite")
    hub = Hub(tmp_path, store, grace=3600.0, pace=0.0)
    try:
        assert hub.resume_tables() == [code]
        table = hub.tables[code]
        assert table.moves == moves and table.seats[0].fingerprint == "fp-ann"
        table.subscribe(0, "fp-ann", lambda data: None)  # ann is back, within the grace
        await until(lambda: table.moves > moves, "the bot to move")
        await until(
            lambda: table.game.to_move(table.state) == 0 or table.status == "over",
            "the bots to play on to ann's turn",
        )
        assert not table.standin  # (ann's seat is hers: no stand-in played it)
    finally:
        hub.close()
        store.close()


async def test_H3_a_resumed_persons_move_clock_runs_though_they_are_back(tmp_path: Path) -> None:
    """Resumed with ann to move and a move clock: the clock runs (and plays her safe
    move when it runs out), though she came back before her grace period ended."""
    from tt22.serve.hub import Hub
    from tt22.serve.store import Store

    code, moves = _autosave_as_a_crash_leaves_it(
        tmp_path, "twentytwo", bot_to_move=False, clock=0.2
    )
    store = Store(tmp_path / "tt22-serve.sqlite")
    hub = Hub(tmp_path, store, grace=3600.0, pace=0.0)
    try:
        hub.resume_tables()
        table = hub.tables[code]
        assert table.options.clock == 0.2
        table.subscribe(0, "fp-ann", lambda data: None)
        assert table._clock is not None  # ann's clock is running
        await until(lambda: table.moves > moves, "the clock to play for ann")
    finally:
        hub.close()
        store.close()


async def test_H3_coming_back_does_not_restart_a_running_clock(tmp_path: Path) -> None:
    """Each return to the seat leaves the move clock as it runs (no fresh minute for
    reconnecting)."""
    from tt22.serve.hub import Hub, TableOptions

    hub = Hub(tmp_path, pace=0.0)
    try:
        options = TableOptions(seats=("human", "easy", "easy"), clock=600.0, pace=0.0)
        table = hub.create(options, "fp-ann", "ann")
        await until(lambda: table.game.to_move(table.state) == 0, "ann's turn")
        running = table._clock
        ends = table._clock_ends
        assert running is not None
        wid = table.subscribe(0, "fp-ann", lambda data: None)
        table.unsubscribe(wid)
        table.subscribe(0, "fp-ann", lambda data: None)
        assert table._clock is running and table._clock_ends == ends
    finally:
        hub.close()


async def test_L8_a_table_started_with_no_move_yet_is_resumed(tmp_path: Path) -> None:
    """A crash after a table started but before its first move: it was only its
    `.options` on disk, an orphan, and the table was lost. Now it is saved at its
    start, and a restart resumes it at move 0, with its seats and its clock."""
    from tt22.serve.hub import Hub, TableOptions
    from tt22.serve.store import Store

    store = Store(tmp_path / "tt22-serve.sqlite")
    store.claim("ann", "fp-ann")
    store.claim("bob", "fp-bob")
    hub = Hub(tmp_path, store, pace=0.0)
    options = TableOptions(seats=("human", "human", "easy"), clock=30.0)
    table = hub.create(options, "fp-ann", "ann")
    table.sit("fp-bob", "bob")
    assert table.status == "playing" and table.moves == 0
    seed = table.seed
    await until(lambda: table.saver is not None and table.saver.done(), "the start's save")
    code = table.code
    hub.close()  # (a crash: nothing more is written)

    again = Hub(tmp_path, store, pace=0.0)
    try:
        assert again.resume_tables() == [code]
        resumed = again.tables[code]
        assert resumed.moves == 0 and resumed.seed == seed
        assert [s.fingerprint for s in resumed.seats[:2]] == ["fp-ann", "fp-bob"]
        assert resumed.options.clock == 30.0
    finally:
        again.close()
        store.close()


async def test_L8_a_kept_options_file_with_no_table_is_cleaned(tmp_path: Path) -> None:
    """A `.options` left with no autosave beside it (what an older server left for a
    table that started and crashed before its first move) is removed at the restart;
    an unfinished table's is kept."""
    from tt22.serve.hub import Hub

    code, _ = _autosave_as_a_crash_leaves_it(tmp_path, "gin", bot_to_move=True, clock=15)
    (tmp_path / "tables" / "ORPH.options").write_text('{"clock":30.0}')
    hub = Hub(tmp_path, pace=0.0, grace=3600.0)
    try:
        assert hub.resume_tables() == [code]
        assert sorted(p.name for p in (tmp_path / "tables").iterdir()) == [
            f"{code}.22rec",
            f"{code}.options",
        ]
    finally:
        hub.close()


# ---------------------------------------------------------------------- L1, L5
async def _one_more_turn() -> None:
    """Let the callbacks already scheduled run (a yield to the loop, not a wait)."""
    for _ in range(3):
        await asyncio.sleep(0)


def _bots_table(hub: Any, game: str = "twentytwo") -> Any:
    """A table of `game` whose one person's seat a stand-in bot plays from the start:
    it plays itself to its end."""
    from tt22.core.registry import get_game
    from tt22.serve.hub import TableOptions

    n = get_game(game).default_players
    options = TableOptions(game=game, seats=("easy",) * (n - 1) + ("human",), pace=0.0)
    table = hub.create(options, "fp-ann", "ann")
    table.standin.add(n - 1)
    table.advance()
    return table


async def test_L1_a_save_in_flight_at_the_end_does_not_bring_the_match_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The match ends while its autosave is still being written (held here until the
    end has been filed): once that write lands, tables/ holds nothing, and a restart
    resumes nothing. Before, the write landed after the finish had deleted the
    autosave, and the finished match came back as a table in play."""
    import threading

    import tt22.record as records
    from tt22.serve.hub import Hub
    from tt22.serve.store import Store

    gate = threading.Event()
    save = records.save_record

    def slow_disk(path: Path, record: Any) -> None:
        if path.parent.name == "tables":
            gate.wait(60)  # (the table's autosave: held until the match is over)
        save(path, record)

    monkeypatch.setattr(records, "save_record", slow_disk)
    store = Store(tmp_path / "tt22-serve.sqlite")
    hub = Hub(tmp_path, store, pace=0.0)
    try:
        table = _bots_table(hub)
        await until(lambda: table.status == "over", "the match's end")
        assert table.saver is not None and not table.saver.done()  # (still writing)
        assert list((tmp_path / "records").glob(f"*-{table.code}.22rec"))
        gate.set()
        await until(lambda: table.saver.done(), "the autosave's write")
        await _one_more_turn()
        assert list((tmp_path / "tables").iterdir()) == []
        assert Hub(tmp_path, store).resume_tables() == []
    finally:
        gate.set()
        hub.close()
        store.close()


async def test_L1_a_filed_match_left_in_tables_by_a_crash_is_not_resumed(tmp_path: Path) -> None:
    """A crash between filing a finished match and removing its autosave leaves both:
    the restart sees the filed record with the same seed and removes the autosave
    instead of resuming a finished match a move before its end."""
    from tt22.record import load_record, save_record
    from tt22.serve.hub import Hub

    code, _ = _autosave_as_a_crash_leaves_it(tmp_path, "gin", bot_to_move=True, clock=0)
    autosave = tmp_path / "tables" / f"{code}.22rec"
    (tmp_path / "records").mkdir()
    save_record(tmp_path / "records" / f"20261201T000000Z-{code}.22rec", load_record(autosave))
    hub = Hub(tmp_path, pace=0.0)
    try:
        assert hub.resume_tables() == []
        assert list((tmp_path / "tables").iterdir()) == []
    finally:
        hub.close()


async def test_L5_no_message_carries_the_servers_data_path(tmp_path: Path) -> None:
    """Every message a seat and a spectator got through a whole match: none holds the
    server's folder; the end names the record by its file name alone."""
    from tt22.serve.hub import Hub, decode_news

    hub = Hub(tmp_path, pace=0.0)
    try:
        heard: list[bytes] = []
        table = _bots_table(hub)
        table.subscribe(-1, "", heard.append)
        seat = len(table.seats) - 1
        table.subscribe(seat, "fp-ann", heard.append)  # (her screen, a bot still for her)
        table.standin.add(seat)
        table.advance()
        await until(lambda: table.status == "over", "the match's end")
        assert table.record_path.startswith(str(tmp_path))  # (the server knows where)
        assert not [m for m in heard if str(tmp_path).encode() in m]
        last = decode_news(heard[-1])
        assert last.record == Path(table.record_path).name and "/" not in last.record
    finally:
        hub.close()


# ---------------------------------------------------------------------- M6
async def test_M6_one_key_sits_at_a_bounded_number_of_open_tables(tmp_path: Path) -> None:
    """A key at MAX_OPEN_PER_KEY tables that wait or play can open no other, nor join
    one; a finished table does not count."""
    from tt22.serve.hub import MAX_OPEN_PER_KEY, Hub, TableOptions, TooManyTables

    hub = Hub(tmp_path)
    three = TableOptions(seats=("human", "human", "human"))
    tables = []
    for _ in range(MAX_OPEN_PER_KEY):
        table = hub.create(three, "fp-ann", "ann")
        table.sit("fp-bob", "bob")  # (company: not ann's alone)
        tables.append(table)
    with pytest.raises(TooManyTables) as refused:
        hub.create(three, "fp-ann", "ann")
    assert refused.value.mine
    other = hub.create(three, "fp-cat", "cat")
    assert other.sit("fp-ann", "ann") is None  # joining counts too
    assert hub.room_for("fp-ann") is not None and hub.room_for("fp-bob") is not None
    assert hub.room_for("fp-cat") is None
    tables[0].status = "over"  # (a finished table is not held against anyone)
    assert hub.room_for("fp-ann") is None
    assert other.sit("fp-ann", "ann") is not None
    hub.close()


async def test_M6_ones_own_waiting_tables_nobody_looks_at_make_room(tmp_path: Path) -> None:
    """`n`, ctrl+s, `q` in a loop (the review: 150 tables in 45 s): each table waits
    with its creator alone and nobody at it; past the limit the oldest of them is
    taken down for the new one, so the key never holds more than the limit."""
    from tt22.serve.hub import MAX_OPEN_PER_KEY, Hub, TableOptions

    hub = Hub(tmp_path)
    options = TableOptions(seats=("human", "human", "easy", "easy"))
    made = [hub.create(options, "fp-ann", "ann") for _ in range(MAX_OPEN_PER_KEY + 3)]
    assert len(hub.tables) == MAX_OPEN_PER_KEY
    assert set(hub.tables) == {t.code for t in made[-MAX_OPEN_PER_KEY:]}
    assert all(t.removed for t in made[:3])
    hub.close()


async def test_M6_the_server_holds_a_bounded_number_of_open_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With --open keys cost nothing: the whole server has a limit of its own."""
    import tt22.serve.hub as hubs

    monkeypatch.setattr(hubs, "MAX_OPEN_TABLES", 3)
    hub = hubs.Hub(tmp_path)
    options = hubs.TableOptions(seats=("human", "human"))
    for who in ("a", "b", "c"):
        hub.create(options, f"fp-{who}", who)
    with pytest.raises(hubs.TooManyTables) as refused:
        hub.create(options, "fp-d", "d")
    assert not refused.value.mine
    hub.close()


async def test_M6_a_finished_table_goes_once_kept_and_left(tmp_path: Path) -> None:
    """A finished table stays while someone is at it and for `finished_keep` after its
    end, then leaves memory and the lobby; its record stays, in records/ and in each
    player's past matches (what a returning player needs)."""
    from tt22.serve.hub import Hub
    from tt22.serve.store import Store

    store = Store(tmp_path / "tt22-serve.sqlite")
    hub = Hub(tmp_path, store, pace=0.0, finished_keep=0.0)
    lobby: list[int] = []
    hub.watch_lobby(lambda: lobby.append(len(hub.tables)))
    try:
        table = _bots_table(hub)
        code = table.code
        wid = table.subscribe(-1, "", lambda data: None)
        await until(lambda: table.status == "over", "the match's end")
        await _one_more_turn()
        assert code in hub.tables  # someone is still reading the end
        table.unsubscribe(wid)
        await until(lambda: code not in hub.tables, "the finished table to go")
        assert table.removed and lobby[-1] == 0  # (the lobbies were told)
        assert [c for c, *_ in store.matches_of("ann")] == [code]
        assert Path(table.record_path).exists()
    finally:
        hub.close()
        store.close()


async def test_M6_a_waiting_table_nobody_is_at_goes_after_a_while(tmp_path: Path) -> None:
    """A waiting table stays while a screen is on it; after `waiting_idle` with nobody
    at it, it goes; a table someone sits down at in time stays."""
    from tt22.serve.hub import Hub, TableOptions

    hub = Hub(tmp_path, waiting_idle=0.0)
    try:
        options = TableOptions(seats=("human", "human", "easy"))
        table = hub.create(options, "fp-ann", "ann")
        wid = table.subscribe(0, "fp-ann", lambda data: None)  # (at once: her screen)
        await _one_more_turn()
        assert table.code in hub.tables
        table.unsubscribe(wid)
        await until(lambda: table.code not in hub.tables, "the abandoned table to go")
        assert table.sit("fp-bob", "bob") is None  # (nobody sits at a table taken down)
    finally:
        hub.close()


async def test_M6_the_lobby_says_why_there_is_no_room(tmp_path: Path) -> None:
    """Over SSH: ann, at MAX_OPEN_PER_KEY tables with bob, opens the new-table form and
    presses ctrl+s: the form says why in one line, and no table is made."""
    from servekit import serve

    from tt22.serve.hub import MAX_OPEN_PER_KEY, TableOptions

    server = await serve(tmp_path)
    ann = Client("ann")
    try:
        await ann.connect(server.port)
        await ann.see("lobby")
        fp = server.store.owner("ann")
        assert fp is not None
        for _ in range(MAX_OPEN_PER_KEY):
            server.hub.create(TableOptions(seats=("human", "human")), fp, "ann").sit("fp", "b")
        ann.press("n")
        await ann.see("A new table")
        ann.press("\x13")
        text = await ann.see(f"You sit at {MAX_OPEN_PER_KEY} tables already")
        assert len(server.hub.tables) == MAX_OPEN_PER_KEY, text
    finally:
        await ann.close()
        await server.close()


# ---------------------------------------------------------------------- M5
class _HeldHints:
    """`served.seat_hint` counted, each call held until let go: how many run at once."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import threading

        import tt22.serve.games as served

        self.real = served.seat_hint
        self.lock = threading.Lock()
        self.gate = threading.Event()
        self.running = 0
        self.most = 0
        self.calls = 0
        self.threads: set[str] = set()
        monkeypatch.setattr(served, "seat_hint", self)

    def __call__(self, game: str, view: Any, salt: str) -> Any:
        import threading

        with self.lock:
            self.running += 1
            self.calls += 1
            self.most = max(self.most, self.running)
            self.threads.add(threading.current_thread().name)
        try:
            self.gate.wait(60)
            return self.real(game, view, salt)
        finally:
            with self.lock:
                self.running -= 1


async def test_M5_hints_asked_and_given_up_run_one_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ten asks of one seat, each given up when the next comes (as each `i` cancels
    the last hint's worker): one hint computes at a time, on the hints' own thread;
    the asks that waited are replaced, not queued; the last ask gets its answer."""
    from tt22.serve.hub import Hub, TableOptions

    held = _HeldHints(monkeypatch)
    hub = Hub(tmp_path, pace=0.0)
    try:
        table = hub.create(TableOptions(seats=("human", "easy", "easy")), "fp-ann", "ann")
        await until(lambda: table.game.to_move(table.state) == 0, "ann's turn")
        view = table.game.view(table.state, 0)
        asks = []
        for _ in range(10):
            if asks:
                asks[-1].cancel()
            asks.append(asyncio.ensure_future(table.hint(view)))
            await _one_more_turn()
        assert held.calls == 1  # the first computes; the others wait, replaced in turn
        held.gate.set()
        found = await asks[-1]
        assert found is not None and found.move is not None
        assert held.calls == 2 and held.most == 1
        assert held.threads == {"tt22-hint_0"}  # (never the executor of bots and saves)
        assert not hub.hints.busy and not hub.hints.waiting
    finally:
        held.gate.set()
        hub.close()


async def test_M5_a_newer_ask_of_the_same_seat_answers_for_the_older(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a hint computes, two more asks of the same seat: the first of them is
    answered None (its place taken), the second gets the hint; another seat's ask
    keeps its own place."""
    from tt22.serve.hub import HintQueue

    queue = HintQueue()
    import threading

    gate = threading.Event()
    try:
        first = asyncio.ensure_future(queue.ask("a", lambda: gate.wait(60) and "first"))
        await _one_more_turn()
        older = asyncio.ensure_future(queue.ask("a", lambda: "older"))
        other = asyncio.ensure_future(queue.ask("b", lambda: "other"))
        await _one_more_turn()
        newer = asyncio.ensure_future(queue.ask("a", lambda: "newer"))
        await _one_more_turn()
        assert await older is None
        gate.set()
        assert [await first, await other, await newer] == ["first", "other", "newer"]
        assert queue.computed == 3
    finally:
        gate.set()
        queue.close()


async def test_M5_pressing_i_again_and_again_over_ssh_runs_one_hint_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The review's reproducer (serve_hintcheck.py) as a test: 20 presses of `i` at
    ann's turn while the first hint computes; at most one hint computes at any time
    (there were 6), at most two are computed in all, and the screen shows the hint."""
    from servekit import own_table, serve

    from tt22.serve.hub import TableOptions

    held = _HeldHints(monkeypatch)
    server = await serve(tmp_path)
    ann = Client("ann")
    try:
        await ann.connect(server.port)
        table = await own_table(server, ann, TableOptions(seats=("human", "easy", "easy")))
        ann.press("\r")
        await until(
            lambda: table.game.to_move(table.state) == 0 and "Exchange: select" in ann.text,
            "ann's exchange",
        )
        ann.press("i")
        await until(lambda: held.calls == 1, "the first hint to start")
        ann.press("i" * 19)
        await until(
            lambda: len(server.hub.hints.waiting) == 1 or held.most > 1,
            "the presses to be handled (one waits) or a second hint to run",
        )
        assert held.most == 1
        await ann.see("thinking")
        held.gate.set()
        await until(lambda: "thinking" not in ann.text, "the hint")
        assert "Hint: " in ann.text
        assert held.most == 1 and held.calls == 2
        await until(lambda: not server.hub.hints.busy, "the hints' thread to be done")
    finally:
        held.gate.set()
        await ann.close()
        await server.close()


# ---------------------------------------------------------------------- M4
@pytest.mark.parametrize("game_name", ["rook", "gin", "rummy"])
@pytest.mark.parametrize("language", ["en", "ko", "ja"])
async def test_M4_the_local_table_shows_the_seeds_commitment_from_the_first_deal(
    game_name: str, language: str
) -> None:
    """As 22's header does: Rook's, Gin's and Rummy's local tables show `sha256:` and
    the commitment's first digits from the first frame, on a line of their own (whole
    at 80 columns), and never the seed while a person plays."""
    from layoutkit import screen_lines

    from tt22.core.players import Player
    from tt22.core.registry import get_game
    from tt22.core.seeds import seed_commitment
    from tt22.play.session import LocalSession
    from tt22.tui.app import StartOptions, TT22App
    from tt22.tui.games.rook.table import RookTableScreen
    from tt22.tui.games.rummy.table import RummyTable

    game = get_game(game_name)
    n = game.default_players
    seed = "COMMIT-FIRST"
    players = [Player("Ann")] + [Player(f"Bot {i}", "bot", "normal") for i in range(1, n)]
    session = LocalSession(game, game.rules([], n), seed, players)
    from tt22.tui.i18n import get_language, set_language

    was = get_language()
    app = TT22App(StartOptions(language=language, pace=0.0))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            table = (RookTableScreen if game_name == "rook" else RummyTable)(session)
            app.push_screen(table)
            while app.screen is not table or not table.is_mounted:
                await pilot.pause()
            await pilot.pause()
            lines = screen_lines(app)
    finally:
        set_language(was)  # (the process's language: the tests after this one read it)
    want = f"sha256:{seed_commitment(seed)}"
    line = next((x for x in lines[:3] if want in x), None)
    assert line is not None, "\n".join(lines)
    assert line.strip().endswith(want + ")") and "…" not in line  # (seed_words)
    assert seed not in "\n".join(lines)


async def _served_client_sees(
    server: Server, client: Client, table: Any, spectator: Client
) -> tuple[str, str]:
    """The texts of a person at `table` and of a spectator watching it, once both
    show the table in play (before its first hand ends)."""
    await until(lambda: table.status == "playing", "the match to start")
    spectator.press("w")
    await until(lambda: "You are watching" in spectator.text, "the spectator's table")
    await until(lambda: "sha256:" in client.text and "sha256:" in spectator.text, "both")
    return client.text, spectator.text


@pytest.mark.parametrize("game_name", ["twentytwo", "rook", "gin", "rummy"])
async def test_M4_a_served_table_shows_the_commitment_to_players_and_spectators(
    tmp_path: Path, game_name: str
) -> None:
    """A served table of every game, from its first deal: its person and a spectator
    both see `sha256:` and 17 digits of the table's published commitment (the whole
    of it is in every message), never the seed. Before, Rook's, Gin's and Rummy's
    showed it only at the end, with the words "was published at the start"."""
    from servekit import own_table, serve

    from tt22.core.registry import get_game
    from tt22.serve.hub import TableOptions, commitment

    server = await serve(tmp_path)
    ann, eve = Client("ann"), Client("eve")
    try:
        await ann.connect(server.port)
        await eve.connect(server.port)
        n = get_game(game_name).default_players
        options = TableOptions(game=game_name, seats=("human",) + ("easy",) * (n - 1))
        table = await own_table(server, ann, options)
        await eve.see(table.code)
        ann.press("\r")
        mine, watched = await _served_client_sees(server, ann, table, eve)
        shown = commitment(table.seed)[:24]
        assert table.game.view(table.state, 0).history == ()  # (the first hand)
        for text in (mine, watched):
            assert shown in text, text
            assert table.seed not in text
    finally:
        await ann.close()
        await eve.close()
        await server.close()


# ---------------------------------------------------------------------- L7
def _summary_hand(screen: Any) -> int | None:
    """The hand (or deal) a hand summary on top shows; None: no such summary."""
    if type(screen).__name__ == "DealSummaryScreen":
        return int(screen.deal.start.number)
    if type(screen).__name__ == "RookHandNews" and screen.winners is None:
        return int(screen.hand.start.number)
    if type(screen).__name__ == "HandSummary":
        return len(screen.view.history)
    return None


def _seat_screen(app: Any) -> Any:
    from tt22.serve.tables import SummaryAside

    return next(s for s in reversed(app.screen_stack) if isinstance(s, SummaryAside))


@pytest.mark.parametrize("game_name", ["twentytwo", "rook", "gin"])
async def test_L7_a_spectators_summary_is_never_of_an_older_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game_name: str
) -> None:
    """A fast table of bots (hands shorter than a summary stays): at every moment of
    three hands, a summary over a spectator's table shows the last hand its table
    knows of, never an older one (it closes when a later hand ends, and the later one
    shows). Before, a Gin spectator saw hand 7's result at hand 9, a 22 spectator
    deal 5's during deal 7, and a Rook spectator's stayed until Enter."""
    from servekit import serve

    from tt22.core.registry import get_game
    from tt22.serve.hub import TableOptions

    apps = record_apps(monkeypatch)
    server = await serve(tmp_path)
    eve = Client("eve")
    try:
        await eve.connect(server.port)
        await eve.see("lobby")
        n = get_game(game_name).default_players
        options = TableOptions(game=game_name, seats=("easy",) * (n - 1) + ("human",), pace=0.02)
        table = server.hub.create(options, "fp-ann", "ann")
        await eve.see(table.code)
        eve.press("w")
        await until(lambda: "You are watching" in eve.text, "eve to watch")
        table.standin.add(n - 1)  # (ann's seat: a bot plays it, all at bots' pace)
        table.advance()
        app = apps["eve"]
        seen: set[int] = set()
        stale: list[tuple[int, int]] = []

        def watch() -> bool:
            shown = _summary_hand(app.screen)
            if shown is not None:
                seen.add(shown)
                known = _seat_screen(app).hands_played()
                if shown != known:
                    stale.append((shown, known))
            return table.status != "playing" or len(seen) >= 6

        await until(watch, "six hands' summaries", deadline=180)
        assert not stale, f"summaries shown of older hands (shown, known): {stale}"
        assert len(seen) >= 2 or table.status == "over"
    finally:
        await eve.close()
        await server.close()


@pytest.mark.parametrize("game_name", ["rook", "gin"])
async def test_L7_a_spectators_summary_closes_by_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game_name: str
) -> None:
    """The table waits for its person after a hand: the spectator's summary of that
    hand closes by itself all the same (a spectator has no decision to close it).
    Before, Rook's stayed until the spectator pressed Enter."""
    from servekit import serve

    from tt22.core.registry import get_game
    from tt22.serve.hub import TableOptions

    apps = record_apps(monkeypatch)
    server = await serve(tmp_path)
    eve = Client("eve")
    try:
        await eve.connect(server.port)
        await eve.see("lobby")
        n = get_game(game_name).default_players
        options = TableOptions(game=game_name, seats=("human",) + ("easy",) * (n - 1), pace=0.02)
        table = server.hub.create(options, "fp-ann", "ann")
        await eve.see(table.code)
        eve.press("w")
        await until(lambda: "You are watching" in eve.text, "eve to watch")
        table.standin.add(0)
        table.advance()
        app = apps["eve"]
        hands = lambda: len(table.game.view(table.state, 0).history)  # noqa: E731
        await until(lambda: hands() >= 1, "the first hand's end", deadline=120)
        table.standin.discard(0)  # ann is back: the table waits for her next decision
        await until(lambda: _summary_hand(app.screen) == 1, "the spectator's summary")
        await until(lambda: table.game.to_move(table.state) == 0, "ann's turn")
        assert hands() == 1
        await until(lambda: _summary_hand(app.screen) is None, "the summary to close")
        assert hands() == 1  # (no later hand closed it: it closed by itself)
    finally:
        await eve.close()
        await server.close()


async def test_L7_a_rook_spectator_sees_no_local_watch_text(tmp_path: Path) -> None:
    """A Rook spectator's table says it watches (the server's line), not local watch
    mode's "every seat is a bot. Hand shown: ..." over "(no cards)"."""
    from servekit import own_table, serve

    from tt22.serve.hub import TableOptions

    server = await serve(tmp_path)
    ann, eve = Client("ann"), Client("eve")
    try:
        await ann.connect(server.port)
        await eve.connect(server.port)
        options = TableOptions(game="rook", seats=("human", "easy", "easy", "easy"))
        table = await own_table(server, ann, options)
        await eve.see(table.code)
        ann.press("\r")
        _, watched = await _served_client_sees(server, ann, table, eve)
        assert f"You are watching table {table.code}" in watched
        assert "every seat is a bot" not in watched and "Hand shown" not in watched
        assert "(no cards)" not in watched, watched
    finally:
        await ann.close()
        await eve.close()
        await server.close()


# ---------------------------------------------------------------------- the seat that moved
async def test_the_seat_that_moved_hears_at_once_though_the_pacer_is_busy(tmp_path: Path) -> None:
    """A move made for a seat (its clock ran out) reaches that seat's screen at once,
    as its own key's move does, even while the pacer waits on another screen: its own
    exchange is in its view only until that deal ends, and news still waiting is
    replaced by newer news (so its move log would lose the line)."""
    from tt22.serve.hub import Hub, TableOptions, decode_news

    hub = Hub(tmp_path, pace=0.0)
    try:
        options = TableOptions(seats=("human", "easy", "easy"), clock=3600.0, pace=0.0)
        table = hub.create(options, "fp-ann", "ann")
        never = asyncio.get_running_loop().create_future()  # (a screen that never draws)
        table.subscribe(-1, "", lambda data: never)
        heard: list[bytes] = []
        table.subscribe(0, "fp-ann", lambda data: heard.append(data) and None)
        await until(lambda: table.game.to_move(table.state) == 0, "ann's turn")
        table._clock_ran_out()  # (her clock: a move for her, not by her)
        mine = decode_news(heard[-1])
        assert hub.pacer.drawing >= 1  # (the pacer still waits on the spectator)
        assert mine.view == decode_news(table.message(0)).view  # she has the view now
    finally:
        hub.close()
