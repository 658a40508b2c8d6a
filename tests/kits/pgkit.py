"""Test kit for the PostgreSQL store: a throwaway cluster of the machine's own PostgreSQL
(Debian's `postgresql` package, /usr/lib/postgresql/*/bin; .ci/run installs it), made
with `initdb` in a temporary folder and run with `pg_ctl` on a port and a socket folder
of its own, and removed at the end of the test session.

PostgreSQL refuses to run as root, and CI runs as root: there the cluster's folder is
given to the `postgres` user (the package makes it) and every PostgreSQL program runs
as that user (`runuser`). The cluster listens on no TCP address at all
(`listen_addresses = ''`): the tests reach it through its Unix socket alone, so nothing
leaves the machine and nothing on the machine but this session's user (root, or the
cluster's own) may connect. Authentication is `trust` on that socket, which sits in a
folder only those users can enter.

Under pytest-xdist each worker is its own session, so each gets its own cluster; each
test then gets a fresh database of it (`pg_url`), so tests never see each other's rows.

A test that needs PostgreSQL is marked `postgres`. When the cluster cannot be started,
the test fails under CI (`CI` set: a CI run must never skip it) and is skipped, with the
reason, on a developer's machine without PostgreSQL.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

START_TIMEOUT = 60.0
INITDB = ("-E", "UTF8", "--locale", "C.UTF-8", "--no-sync", "--no-instructions")
"""UTF-8, the C collation (the same order on every machine), and no fsync: a throwaway."""


class NoPostgres(RuntimeError):
    """This machine cannot run a throwaway PostgreSQL cluster (why, in one line)."""


def bin_dir() -> Path:
    """The folder of PostgreSQL's programs (initdb, pg_ctl, psql): `initdb`'s on PATH,
    else the newest of Debian's /usr/lib/postgresql/<version>/bin."""
    found = shutil.which("initdb")
    if found and (Path(found).resolve().parent / "pg_ctl").exists():
        return Path(found).resolve().parent  # (a link on PATH: the folder it points into)
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    if not versions:
        raise NoPostgres("no initdb (install the postgresql package)")
    return Path(versions[-1]).parent


def free_port() -> int:
    """A port no one on 127.0.0.1 uses now: the name of the cluster's socket file
    (`.s.PGSQL.<port>`), never listened on over TCP."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Cluster:
    folder: Path
    sockets: Path
    port: int
    user: str  # the cluster's superuser, the one the tests connect as
    run_as: list[str]  # the prefix running a PostgreSQL program as a non-root user
    bin: Path
    _databases: Iterator[int] = field(default_factory=itertools.count)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql:///{database}?host={self.sockets}&port={self.port}&user={self.user}"

    def psql(self, sql: str, database: str = "postgres") -> str:
        out = subprocess.run(
            [
                str(self.bin / "psql"),
                "-X",
                "-q",
                "-A",
                "-t",
                "-v",
                "ON_ERROR_STOP=1",
                "-h",
                str(self.sockets),
                "-p",
                str(self.port),
                "-U",
                self.user,
                "-d",
                database,
                "-c",
                sql,
            ],
            check=True,
            capture_output=True,
            text=True,
            timeout=60,
        )
        return out.stdout.strip()

    def new_database(self) -> str:
        """A fresh, empty database (its URL)."""
        name = f"t{os.getpid()}_{next(self._databases)}"
        self.psql(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        with contextlib.suppress(OSError, subprocess.TimeoutExpired):
            subprocess.run(
                [
                    *self.run_as,
                    str(self.bin / "pg_ctl"),
                    "stop",
                    "-m",
                    "immediate",
                    "-w",
                    "-D",
                    str(self.folder / "data"),
                ],
                capture_output=True,
                timeout=60,
                check=False,
            )


def _run(cmd: list[str], what: str) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=START_TIMEOUT, check=False)
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise NoPostgres(f"{what} failed: {' / '.join(tail)}")


def start_cluster() -> Cluster:
    """initdb and pg_ctl start a cluster in a new temporary folder (NoPostgres: why not)."""
    programs = bin_dir()
    # (As root, under /tmp: the postgres user must reach it, and a TMPDIR under /root
    # would not let it.)
    folder = Path(tempfile.mkdtemp(prefix="tt22-pg-", dir="/tmp" if os.getuid() == 0 else None))
    run_as: list[str] = []
    user = pwd.getpwuid(os.getuid()).pw_name
    if os.getuid() == 0:  # PostgreSQL will not run as root
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            shutil.rmtree(folder, ignore_errors=True)
            raise NoPostgres("running as root and there is no postgres user") from None
        os.chown(folder, owner.pw_uid, owner.pw_gid)
        runuser = shutil.which("runuser") or shutil.which("runuser", path="/usr/sbin:/sbin")
        if runuser is None:
            shutil.rmtree(folder, ignore_errors=True)
            raise NoPostgres("running as root and there is no runuser (util-linux)")
        run_as = [runuser, "-u", "postgres", "--"]
        user = "postgres"
    sockets = folder / "sockets"
    data = folder / "data"
    port = free_port()
    cluster = Cluster(folder, sockets, port, user, run_as, programs)
    try:
        _run([*run_as, "mkdir", "-m", "0700", str(sockets)], "mkdir")
        _run(
            [
                *run_as,
                str(programs / "initdb"),
                "-D",
                str(data),
                "-U",
                user,
                "-A",
                "trust",
                *INITDB,
            ],
            "initdb",
        )
        options = (
            f"-c listen_addresses='' -c unix_socket_directories='{sockets}' -p {port}"
            " -c fsync=off -c full_page_writes=off -c max_connections=200"
            " -c shared_buffers=32MB"
        )
        _run(
            [
                *run_as,
                str(programs / "pg_ctl"),
                "start",
                "-D",
                str(data),
                "-w",
                "-o",
                options,
                "-t",
                str(int(START_TIMEOUT)),
                "-l",
                str(folder / "log"),
            ],
            "pg_ctl start",
        )
    except (NoPostgres, OSError, subprocess.TimeoutExpired) as e:
        cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)
        if isinstance(e, NoPostgres):
            raise
        raise NoPostgres(str(e)) from e
    return cluster


@contextlib.contextmanager
def cluster_or_skip() -> Iterator[Cluster]:
    """A running cluster for the session, stopped and removed after. Without one:
    pytest.fail under CI, pytest.skip (with why) elsewhere."""
    try:
        cluster = start_cluster()
    except NoPostgres as e:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is needed under CI and could not start: {e}")
        pytest.skip(f"no PostgreSQL on this machine ({e}); CI runs these tests")
    try:
        yield cluster
    finally:
        cluster.stop()
        shutil.rmtree(cluster.folder, ignore_errors=True)
