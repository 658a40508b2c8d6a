"""The throwaway PostgreSQL cluster of the tests (tests/kits/pgkit.py) itself."""

from __future__ import annotations

import os

import pytest
from pgkit import Cluster


@pytest.mark.postgres
def test_the_cluster_runs_apart_and_each_test_gets_its_own_database(
    pg_cluster: Cluster, pg_url: str
) -> None:
    assert (
        pg_cluster.folder.is_dir() and (pg_cluster.sockets / f".s.PGSQL.{pg_cluster.port}").exists()
    )
    name = pg_url.split("?")[0].rsplit("/", 1)[1]
    assert pg_cluster.psql("SELECT current_database()", name) == name
    assert pg_cluster.psql("SHOW listen_addresses") == ""  # (the Unix socket only)
    assert (
        pg_cluster.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'", name) == "0"
    )
    if os.getuid() == 0:  # (PostgreSQL runs as its own user, never as root)
        assert pg_cluster.psql("SELECT current_user") == "postgres"
