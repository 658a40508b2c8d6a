"""`tt22 serve --store postgresql://...`: the server on a PostgreSQL store
(tt22/serve/pgstore.py), driven by real ssh clients as the SQLite server is."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from servekit import Client, open_and_join, play_to_end, serve, until

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
