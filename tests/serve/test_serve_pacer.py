"""The server's pacer (tt22.serve.pacer): news reaches the screen of the person who
acted at once, and the other screens a few at a time, each the newest news for it."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tt22.serve.hub import Hub, SeatSpec, Table, TableOptions, decode_news, view_of
from tt22.serve.pacer import Pacer


class Screen:
    """A listener whose drawing finishes when the test says so."""

    def __init__(self, name: str, got: list[tuple[str, bytes]]) -> None:
        self.name = name
        self.got = got
        self.drawing: list[asyncio.Future[None]] = []

    def __call__(self, data: bytes) -> asyncio.Future[None]:
        self.got.append((self.name, data))
        drawn = asyncio.get_running_loop().create_future()
        self.drawing.append(drawn)
        return drawn

    def draw(self) -> None:
        for drawn in self.drawing:
            if not drawn.done():
                drawn.set_result(None)


async def settle() -> None:
    for _ in range(5):  # (the pacer's task ends, then hands on the next news)
        await asyncio.sleep(0)


async def test_news_waits_while_screens_draw_and_goes_in_order() -> None:
    got: list[tuple[str, bytes]] = []
    pacer = Pacer(at_once=2, patience=30)
    a, b, c, d = (Screen(n, got) for n in "abcd")
    for key, screen in enumerate((a, b, c, d)):
        pacer.send(key, screen, b"1")
    assert got == [("a", b"1"), ("b", b"1")]  # two screens drawing: the rest wait
    pacer.send(2, c, b"2")  # c's waiting news is replaced by newer, in its place
    b.draw()
    await settle()
    assert got[2:] == [("c", b"2")]
    a.draw()
    await settle()
    assert got[3:] == [("d", b"1")]
    assert pacer.drawing == 2 and not pacer.waiting


async def test_the_news_of_a_persons_own_move_goes_at_once() -> None:
    got: list[tuple[str, bytes]] = []
    pacer = Pacer(at_once=1, patience=30)
    a, b, c = (Screen(n, got) for n in "abc")
    pacer.send(0, a, b"1")
    pacer.send(1, b, b"1")
    pacer.send(2, c, b"1")
    assert got == [("a", b"1")]
    pacer.send(2, c, b"2", now=True)  # c moved: its screen hears at once ...
    assert got == [("a", b"1"), ("c", b"2")]
    a.draw()
    c.draw()
    await settle()
    assert got[2:] == [("b", b"1")]  # ... and its older news is not sent after it
    b.draw()
    await settle()
    assert len(got) == 3 and pacer.drawing == 0


async def test_a_screen_that_never_draws_is_given_up_and_a_gone_one_forgotten() -> None:
    got: list[tuple[str, bytes]] = []
    pacer = Pacer(at_once=1, patience=0.05)
    a, b, c = (Screen(n, got) for n in "abc")
    pacer.send(0, a, b"1")  # a's screen closes and never draws
    pacer.send(1, b, b"1")
    pacer.send(2, c, b"1")
    pacer.forget(1)  # b left
    await asyncio.wait_for(_until(lambda: len(got) == 2), 5)
    assert got == [("a", b"1"), ("c", b"1")]


async def test_listeners_with_nothing_to_wait_for_hear_at_once() -> None:
    got: list[bytes] = []
    pacer = Pacer(at_once=1)
    for key in range(5):
        pacer.send(key, lambda data: got.append(data), bytes([key]))
    assert got == [bytes([k]) for k in range(5)] and pacer.drawing == 0


async def _until(condition: object) -> None:
    assert callable(condition)
    while not condition():
        await asyncio.sleep(0.01)


async def test_a_tables_news_reaches_the_movers_screen_first(tmp_path: Path) -> None:
    """At a table whose other screens are all still drawing, the seat that moves
    is told at once, with the position after its move; the others then get that same
    position once their screens are free (what they were sent before is superseded)."""
    from tt22.core.registry import get_game

    game = get_game("twentytwo")
    hub = Hub(tmp_path)
    hub.pacer.at_once = 1
    options = TableOptions(game="twentytwo", seats=("human",) * 3)
    table = Table(hub, "ABCD", options, [SeatSpec(f"p{i}", f"fp{i}") for i in range(3)])
    got: list[tuple[str, bytes]] = []
    screens = [Screen(f"seat{i}", got) for i in range(3)]
    for i, screen in enumerate(screens):
        table.subscribe(i, f"fp{i}", screen)
    # Each newcomer hears at once (the others' news of its coming waits its turn).
    assert [name for name, _ in got][:3] == ["seat0", "seat1", "seat2"]
    table.start()
    while hub.pacer.drawing or hub.pacer.waiting:
        for screen in screens:
            screen.draw()
        await settle()
    got.clear()
    table.publish()  # news nobody asked for: one screen at a time
    assert [name for name, _ in got] == ["seat0"]
    mover = game.to_move(table.state)
    move = game.legal_moves(table.state)[0]
    assert table.submit(f"fp{mover}", move) is None
    name, data = got[-1]
    assert name == f"seat{mover}" and view_of(decode_news(data)) == game.view(table.state, mover)
    while hub.pacer.drawing or hub.pacer.waiting:
        for screen in screens:
            screen.draw()
        await settle()
    last = {name: data for name, data in got}  # what each screen was sent last
    for seat in range(3):
        assert view_of(decode_news(last[f"seat{seat}"])) == game.view(table.state, seat)
    sent = [name for name, _ in got]
    assert sent.count(f"seat{mover}") == (2 if mover == 0 else 1)  # nothing stale after


async def test_news_of_two_tables_never_mix(tmp_path: Path) -> None:
    """Each table numbers its watchers from 1: the news waiting for table A's first
    watcher is not table B's first watcher's (it was, and a seat never saw its deal)."""
    from tt22.core.registry import get_game

    game = get_game("twentytwo")
    hub = Hub(tmp_path)
    hub.pacer.at_once = 1
    options = TableOptions(game="twentytwo", seats=("human",) * 2)
    tables = [
        Table(hub, code, options, [SeatSpec(f"{code}{i}", f"{code}fp{i}") for i in range(2)])
        for code in ("ABCD", "EFGH")
    ]
    got: list[tuple[str, bytes]] = []
    screens = {(t.code, i): Screen(f"{t.code}{i}", got) for t in tables for i in range(2)}
    for (code, seat), screen in screens.items():
        table = next(t for t in tables if t.code == code)
        table.subscribe(seat, f"{code}fp{seat}", screen)
    for table in tables:
        table.start()  # (both tables' news waits while the screens draw)
    assert hub.pacer.waiting
    while hub.pacer.drawing or hub.pacer.waiting:
        for screen in screens.values():
            screen.draw()
        await settle()
    last = {name: decode_news(data) for name, data in got}
    for table in tables:
        for seat in range(2):
            news = last[f"{table.code}{seat}"]
            assert news.code == table.code
            assert view_of(news) == game.view(table.state, seat)
