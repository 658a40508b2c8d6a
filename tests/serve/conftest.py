"""The server tests' PostgreSQL (tests/kits/pgkit.py): one throwaway cluster per test
session (per xdist worker), started by the first test marked `postgres` that asks for
it, and a fresh database of it for each such test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pgkit import Cluster, cluster_or_skip


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    with cluster_or_skip() as cluster:
        yield cluster


@pytest.fixture
def pg_url(request: pytest.FixtureRequest, pg_cluster: Cluster) -> str:
    """A new, empty database of the session's cluster (its postgresql:// URL)."""
    assert request.node.get_closest_marker("postgres"), "mark a test that uses PostgreSQL"
    return pg_cluster.new_database()
