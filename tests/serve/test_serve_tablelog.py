"""Served tables as move logs in PostgreSQL (tt22/serve/tablelog.py): a log written by
one node folds to the same state on another, one owner at a time by a lease, and the
seed kept from the lobby until the end."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import msgspec
import psycopg
import pytest
from servekit import until

from tt22.core.registry import get_game
from tt22.serve.hub import Hub, commitment, decode_news, safe_move
from tt22.serve.nodes import NodeLink
from tt22.serve.pgstore import PgStore
from tt22.serve.tablelog import LoggedSeat, NotOwner, OutOfStep, TableLog

pytestmark = pytest.mark.postgres

SEATS = [LoggedSeat("ann", "SHA256:a"), LoggedSeat("bob", "SHA256:b")] + [
    LoggedSeat(f"bot {i}", "", "easy") for i in (3, 4)
]


def played(game_name: str, seed: str, log: TableLog, code: str, moves: int) -> Any:
    """Play `moves` moves (each the seat's safe move, from its own view) here, in
    memory, appending each to the log as the owner does; the state reached."""
    game = get_game(game_name)
    rules = game.rules((), len(SEATS))
    log.create(code, game_name, rules, SEATS, seed)
    state = game.new_match(rules, len(SEATS), seed)
    for n in range(moves):
        if game.is_over(state):
            break
        move = safe_move(game_name, state, seed)
        state = game.apply(state, move)
        log.append(code, n, move, think=0.5)
    return state


@pytest.mark.parametrize("game_name", ["twentytwo", "rook", "rummy"])
def test_a_log_written_by_one_node_folds_to_the_same_state_on_another(
    pg_url: str, game_name: str
) -> None:
    a, b = PgStore(pg_url), PgStore(pg_url)
    try:
        state = played(game_name, "log-test", TableLog(a, "node-a"), "ABCD", 60)
        folded, n = TableLog(b, "node-b").fold("ABCD")
        assert n > 10
        game = get_game(game_name)
        assert game.digest(folded) == game.digest(state)  # (every card dealt and played)
        assert [game.view(folded, s) for s in range(4)] == [game.view(state, s) for s in range(4)]
    finally:
        a.close()
        b.close()


def test_one_owner_at_a_time_and_a_lapsed_lease_is_taken_over(pg_url: str) -> None:
    """While node A's lease holds, node B may neither take the table nor append to it;
    once it lapses (A died: no renewal), B takes it, appends the next move, and A, woken
    up late, is refused rather than forking the log. A move sent twice is refused."""
    a, b = PgStore(pg_url), PgStore(pg_url)
    try:
        # (3 s: long enough that a loaded machine does not let it lapse between two
        # statements, short enough to wait for)
        la, lb = TableLog(a, "node-a", lease=3.0), TableLog(b, "node-b", lease=3.0)
        state = played("twentytwo", "lease-test", la, "LEAS", 5)
        assert la.acquire("LEAS")  # (renewed by its owner)
        assert not lb.acquire("LEAS")
        move = safe_move("twentytwo", state, "lease-test")
        with pytest.raises(NotOwner):
            lb.append("LEAS", 5, move)
        with pytest.raises(OutOfStep):
            la.append("LEAS", 4, move)  # (move 4 is written)
        deadline = time.monotonic() + 20
        while not lb.acquire("LEAS"):  # (the database's clock says when it lapses)
            assert time.monotonic() < deadline, "the lease never lapsed"
            time.sleep(0.1)
        assert time.monotonic() < deadline
        taken, n = lb.fold("LEAS")
        assert n == 5 and get_game("twentytwo").digest(taken) == get_game("twentytwo").digest(state)
        lb.append("LEAS", 5, move)
        with pytest.raises(NotOwner):
            la.append("LEAS", 6, safe_move("twentytwo", get_game("twentytwo").apply(state, move)))
        assert not la.acquire("LEAS")
        assert [h.owner for h in la.heads()] == ["node-b"]
        lb.release("LEAS")  # (a clean shutdown: A may take it back at once)
        assert la.acquire("LEAS")
    finally:
        a.close()
        b.close()


def test_the_seed_is_shown_only_once_the_table_is_over(pg_url: str) -> None:
    store = PgStore(pg_url)
    try:
        log = TableLog(store, "node-a")
        played("twentytwo", "secret-seed", log, "SEED", 3)
        (head,) = log.heads()
        assert head.seed == "" and head.commitment == commitment("secret-seed")
        assert head.status == "playing" and head.moves == 3 and head.seats == tuple(SEATS)
        log.finish("SEED")
        (head,) = log.heads()
        assert head.seed == "secret-seed" and head.status == "over" and head.owner is None
    finally:
        store.close()


def test_a_move_once_logged_never_changes(pg_url: str) -> None:
    store = PgStore(pg_url)
    try:
        log = TableLog(store, "node-a")
        played("twentytwo", "kept", log, "KEPT", 3)
        with store.pool.connection() as conn:
            for sql in (
                "UPDATE table_moves SET move = '{}' WHERE code = 'KEPT' AND n = 1",
                "DELETE FROM table_moves WHERE code = 'KEPT'",
            ):
                with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
                    conn.execute(sql.encode())
        assert log.fold("KEPT")[1] == 3
        log.finish("KEPT")  # (a finished table's log may be cleared away)
        with store.pool.connection() as conn:
            conn.execute("DELETE FROM table_moves WHERE code = 'KEPT'")
    finally:
        store.close()


async def test_a_node_follows_another_s_table_from_its_log_and_notifications(
    pg_url: str, tmp_path: Path
) -> None:
    """Node B starts after node A's table has moved (news it never heard): it catches up
    from the log at once; then it follows each move A appends (NOTIFY), its spectator
    told the public view, with no seed until the end, and the seed then."""
    a, b = PgStore(pg_url), PgStore(pg_url)
    hub = Hub(tmp_path, b)
    link = NodeLink(b, hub)
    try:
        la = TableLog(a, "node-a")
        state = played("twentytwo", "followed", la, "FOLO", 10)
        await link.start()
        mirror = await until(lambda: hub.tables.get("FOLO"), "the table on node B")
        await until(lambda: mirror.moves == 10, "node B to catch up")
        told: list[bytes] = []
        mirror.subscribe(-1, "", told.append)
        game = get_game("twentytwo")
        for n in range(10, 16):
            move = safe_move("twentytwo", state, "followed")
            state = game.apply(state, move)
            la.append("FOLO", n, move)
        await until(lambda: mirror.moves == 16, "node B to follow the moves")
        await until(lambda: told and decode_news(told[-1]).view, "the spectator told")
        news = await until(
            lambda: (
                (n := decode_news(told[-1])).view == msgspec.msgpack.encode(game.public_view(state))
                and n
            ),
            "the spectator told move 16",
        )
        assert news.seed == "" and news.commitment == commitment("followed")
        la.finish("FOLO")
        await until(lambda: mirror.status == "over", "node B to see the end")
        assert decode_news(mirror.message(-1)).seed == "followed"
    finally:
        await link.close()
        hub.close()
        a.close()
        b.close()
