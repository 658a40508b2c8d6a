"""`tt22 serve --store postgresql://...`: the server on a PostgreSQL store
(tt22/serve/pgstore.py), driven by real ssh clients as the SQLite server is."""

from __future__ import annotations

import asyncio
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from servekit import Client, cards_on, may_see, open_and_join, play_to_end, serve, until

from tt22.serve import games as served
from tt22.serve.keys import HOST_KEY_NAME, host_key
from tt22.serve.pgstore import PgStore

TT22_SERVE = (sys.executable, "-m", "tt22", "serve", "--open")


@pytest.mark.postgres
async def test_a_served_match_lands_in_postgresql(tmp_path: Path, pg_url: str) -> None:
    """Ann and Bob sign in (their names claimed in PostgreSQL, not in a SQLite file)
    and play a whole match of 22 with two bots: the finished match, its four seats and
    both people's ratings are in the database, and a second store object (another
    node) reads the same leaderboard."""
    server = await serve(tmp_path, store=pg_url)
    ann, bob = Client("ann"), Client("bob")
    try:
        assert isinstance(server.store, PgStore)
        await ann.connect(server.port)
        await bob.connect(server.port)
        table = await open_and_join(ann, bob, server)
        await play_to_end(table, {0: ann, 1: bob})
        await until(lambda: table.status == "over", "the match to end")
        store = server.store
        board = await until(
            lambda: len(store.leaderboard("twentytwo")) == 2 and store.leaderboard("twentytwo"),
            "both people rated",
        )
        assert {r.name for r in board} == {"ann", "bob"}
        assert not (tmp_path / "server" / "tt22-serve.sqlite").exists()
        other = PgStore(pg_url)
        try:
            assert other.leaderboard("twentytwo") == board
            assert other.owner("ann") is not None and other.owner("ann") != other.owner("bob")
            (past,) = other.past_matches("ann")
            assert past.code == table.code and past.seats == 4 and past.change is not None
        finally:
            other.close()
    finally:
        await ann.close()
        await bob.close()
        await server.close()


@pytest.mark.postgres
async def test_a_spectator_on_node_b_watches_node_a_s_table(tmp_path: Path, pg_url: str) -> None:
    """Two servers (nodes) on one database: Ann and Bob play a whole match of 22 on
    node A; Eve, signed in to node B, finds the table in B's lobby, watches it move by
    move (B folds it from the log on each notification) with no card on her screen
    that a spectator may not see, and sees the end. B's mirror then holds exactly A's
    moves and A's public view."""
    a = await serve(tmp_path / "a", store=pg_url)
    b = await serve(tmp_path / "b", store=pg_url)
    ann, bob, eve = Client("ann"), Client("bob"), Client("eve")
    try:
        await ann.connect(a.port)
        await bob.connect(a.port)
        await eve.connect(b.port)
        await eve.see("lobby", "eve")
        table = await open_and_join(ann, bob, a)
        mirror = await until(lambda: b.hub.tables.get(table.code), "node B to know the table")
        assert mirror.mirror and mirror.names == table.names
        await eve.see(table.code)
        eve.press("w")
        await eve.see("You are watching", "bot 4")
        seen_moves: set[int] = set()

        def in_step() -> bool:
            if mirror.moves == table.moves and table.status == "playing":
                public = served.public_view("twentytwo", table.state)
                assert public == served.public_view("twentytwo", mirror.state)
                seen_cards.update(may_see(public))
                shown = cards_on(eve.text)
                assert shown <= seen_cards, f"eve sees {shown - seen_cards}:\n{eve.text}"
                seen_moves.add(mirror.moves)
            return False

        seen_cards: set[str] = set()
        await play_to_end(table, {0: ann, 1: bob}, stop=in_step)
        await until(lambda: mirror.status == "over", "node B to see the end")
        assert mirror.moves == table.moves and len(seen_moves) > 5
        assert mirror.game.digest(mirror.state) == table.game.digest(table.state)
        await eve.see("Match over")
    finally:
        for c in (ann, bob, eve):
            await c.close()
        await a.close()
        await b.close()


@pytest.mark.postgres
async def test_a_table_whose_node_stops_is_taken_over_and_played_to_the_end(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann plays against two bots on node A; node B mirrors the table. Node A stops
    renewing its lease (as a node killed, hung or cut off from the database does) and
    goes quiet; once the lease lapses B takes the table over at the same move, with
    the same state, and Ann, reconnecting to B with her key, finds her seat there and
    plays the match to its end on B, which files its record; the log holds every move
    of the match, none lost or twice."""
    from tt22.serve import nodes
    from tt22.serve.hub import TableOptions, safe_move

    monkeypatch.setattr(nodes, "LEASE", 3.0)  # (a loaded machine's pauses are shorter)
    a = await serve(tmp_path / "a", store=pg_url)
    b = await serve(tmp_path / "b", store=pg_url)
    ann = Client("ann")
    back = Client("ann", ann.key)
    try:
        await ann.connect(a.port)
        await ann.see("lobby")
        fp = a.store.owner("ann")
        assert fp is not None
        table = a.hub.create(TableOptions(seats=("human", "easy", "easy"), pace=0.0), fp, "ann")
        await ann.see(table.code)
        ann.press("\r")
        await play_to_end(table, {0: ann}, stop=lambda: table.moves >= 6)
        await until(lambda: table.game.to_move(table.state) == 0, "ann's turn")
        code, moves, state = table.code, table.moves, table.state
        mirror = await until(lambda: b.hub.tables.get(code), "node B's mirror")
        await until(lambda: mirror.moves == moves, "node B to follow")
        assert mirror.mirror
        for task in a.link.tasks:  # (node A goes quiet: no renewal, no listening)
            task.cancel()
        await ann.close()
        await until(lambda: not mirror.mirror, "node B to take the table over", deadline=30)
        assert mirror.moves == moves and mirror.status == "playing"
        assert mirror.game.digest(mirror.state) == table.game.digest(state)
        # Node A wakes up and takes a move at its stale table: the log refuses it, and
        # A steps back to follow the table from the log as a mirror.
        stale = safe_move("twentytwo", table.state, table.seed)
        assert table.submit(fp, stale) == "this table is played on another server"
        await until(lambda: table.moves == moves, "node A to step back to the log")
        assert table.mirror and table.game.digest(table.state) == table.game.digest(state)
        await back.connect(b.port)
        await back.see(code, "your seat")
        back.press("\r")
        await until(lambda: mirror.connected(0), "ann at her seat on node B")
        assert await play_to_end(mirror, {0: back}) > 0
        assert mirror.status == "over" and mirror.record_path
        assert b.link.log.fold(code)[1] == mirror.moves == len(mirror.record.moves)
        (head,) = [h for h in b.link.log.heads() if h.code == code]
        assert head.status == "over" and head.seed == mirror.seed
    finally:
        await ann.close()
        await back.close()
        await b.close()
        await a.close()


@pytest.mark.postgres
async def test_a_real_tt22_serve_process_shows_another_node_s_table(
    tmp_path: Path, pg_url: str
) -> None:
    """Node B is a real `tt22 serve --store` process with node A's host key copied into
    its data folder (the nodes share one host key); Eve, on B, watches the match Ann and
    Bob play on A (in this test's process) to its end."""
    a = await serve(tmp_path / "a", store=pg_url)
    (tmp_path / "b").mkdir(mode=0o700)
    shutil.copy2(tmp_path / "a" / "server" / HOST_KEY_NAME, tmp_path / "b" / HOST_KEY_NAME)
    node_b = subprocess.Popen(
        [
            *TT22_SERVE,
            "--data",
            str(tmp_path / "b"),
            "--port",
            "0",
            "--pace",
            "0",
            "--store",
            pg_url,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    ann, bob, eve = Client("ann"), Client("bob"), Client("eve")
    try:
        await eve.connect(await _listening(node_b))
        assert eve.conn is not None
        served_key = eve.conn.get_server_host_key()
        assert served_key is not None
        assert served_key.public_data == host_key(tmp_path / "a" / "server")[0].public_data
        await ann.connect(a.port)
        await bob.connect(a.port)
        await eve.see("lobby", "eve")
        table = await open_and_join(ann, bob, a)
        await eve.see(table.code)
        eve.press("w")
        await eve.see("You are watching", "bot 4")
        seen: set[str] = set()

        def public_so_far() -> bool:
            if table.status == "playing":
                seen.update(may_see(served.public_view("twentytwo", table.state)))
            shown = cards_on(eve.text)
            assert shown <= seen | may_see(served.public_view("twentytwo", table.state))
            return False

        await play_to_end(table, {0: ann, 1: bob}, stop=public_so_far)
        await eve.see("Match over")
    finally:
        for c in (ann, bob, eve):
            await c.close()
        node_b.send_signal(signal.SIGTERM)
        try:
            node_b.communicate(timeout=30)
        finally:
            node_b.kill()
        await a.close()
    assert node_b.returncode == 0


@pytest.mark.postgres
async def test_a_node_killed_mid_hand_and_the_match_goes_on_on_another(
    tmp_path: Path, pg_url: str
) -> None:
    """Node A is a real `tt22 serve --store` process (grace 0: a bot stands in for a
    person who leaves). Ann and Bob open a table there and leave; the stand-ins play.
    Mid-hand node A is killed with SIGKILL. Node B (this process), which mirrored the
    table, takes it over once A's lease lapses, at the last move A committed, with no
    move lost; Ann and Bob connect to B with their keys, find their seats, and play the
    match to its end there."""
    b = await serve(tmp_path / "b", store=pg_url)
    (tmp_path / "a").mkdir(mode=0o700)
    shutil.copy2(tmp_path / "b" / "server" / HOST_KEY_NAME, tmp_path / "a" / HOST_KEY_NAME)
    where = str(tmp_path / "a")
    node_a = subprocess.Popen(
        [
            *TT22_SERVE,
            "--data",
            where,
            "--port",
            "0",
            *("--grace", "0", "--pace", "0.2"),
            "--store",
            pg_url,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    ann, bob = Client("ann"), Client("bob")
    ann_b, bob_b = Client("ann", ann.key), Client("bob", bob.key)
    try:
        port = await _listening(node_a)
        await ann.connect(port)
        await bob.connect(port)
        await ann.see("lobby", "ann")
        ann.press("n")
        await ann.see("A new table")
        ann.press("\x13")  # 2 people, 2 easy bots
        await ann.see("waiting for 1 more")
        await bob.see("waiting")
        bob.press("\r")  # (the lobby's one table: join it)
        mirror = await until(lambda: next(iter(b.hub.tables.values()), None), "B's mirror")
        assert mirror.mirror
        await ann.close()
        await bob.close()
        await until(lambda: mirror.moves >= 8, "the stand-ins to play on node A")
        node_a.send_signal(signal.SIGKILL)
        node_a.wait(timeout=30)
        committed = b.link.log.fold(mirror.code)[1]  # (at least: a COMMIT sent may land)
        await until(lambda: not mirror.mirror, "node B to take the table over", deadline=60)
        assert mirror.moves == b.link.log.fold(mirror.code)[1] >= committed >= 8
        seats = {}
        for client in (ann_b, bob_b):
            await client.connect(b.port)
            await client.see(mirror.code, "your seat")
            client.press("\r")
            fp = b.store.owner(client.name)
            assert fp is not None
            seat = mirror.seat_of(fp)
            assert seat is not None
            await until(lambda s=seat: mirror.connected(s), f"{client.name} at their seat")
            seats[seat] = client
        assert await play_to_end(mirror, seats) > 0
        assert mirror.status == "over" and mirror.record_path
        assert b.link.log.fold(mirror.code)[1] == mirror.moves == len(mirror.record.moves)
    finally:
        node_a.kill()
        node_a.communicate(timeout=30)
        for c in (ann, bob, ann_b, bob_b):
            await c.close()
        await b.close()


async def _listening(node: subprocess.Popen[str]) -> int:
    """The port a `tt22 serve` process says it listens on."""
    assert node.stdout is not None
    for _ in range(3):
        line = await asyncio.to_thread(node.stdout.readline)
        if m := re.search(r"listening on 127\.0\.0\.1 port (\d+)", line):
            return int(m.group(1))
    raise AssertionError(node.stderr.read() if node.stderr else "the node did not start")


def test_store_must_be_a_postgresql_url(tmp_path: Path) -> None:
    done = subprocess.run(
        [*TT22_SERVE, "--data", str(tmp_path), "--port", "0", "--store", "mysql://localhost/x"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "--store takes a postgresql:// URL" in done.stderr


def test_a_store_that_cannot_be_reached_is_said_in_one_line(tmp_path: Path) -> None:
    url = f"postgresql:///tt22?host={tmp_path}/nowhere"
    done = subprocess.run(
        [*TT22_SERVE, "--data", str(tmp_path / "d"), "--port", "0", "--store", url],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    (line,) = done.stderr.splitlines()
    assert "cannot open the store's database" in line and "\\x0a" not in line
