"""Served tables as move logs in PostgreSQL: what lets several server processes (nodes)
share tables, and another node take a table over when its owner dies.

A match is a pure function of its game, rules, seed and moves, so a table is its
**log**: one row for the table (its game, its rules as the game's own JSON, its seats,
its seed and the seed's SHA-256 commitment) and one append-only row per move
(`table_moves`: a trigger refuses to change a move, or to delete one before the table
is over). Any node folds a table's state from its log (`TableLog.fold`: the game's
`new_match` and then its `apply` for each move, the game found by its name through the
registry; nothing here names a game).

**One owner at a time**, by a lease row rather than an advisory lock: the owner's name
and `lease_until` sit on the table's row, and the lease is taken, renewed and judged by
the database's clock (`now()`), never a node's, so nodes whose clocks differ agree on
who owns what. A lease that is not renewed lapses by itself when its node dies, is cut
off from the database, or hangs; an advisory lock would be held by a hung node's open
connection for ever. Every append checks, in its own transaction with the table's row
locked (`FOR UPDATE`), that its node owns an unlapsed lease and that the move is the
next one (`n`): a node that lost its lease (paused past it, then woke) is refused
(`NotOwner`) instead of forking the log, and a move sent twice is refused
(`OutOfStep`).

**The seed stays secret until the end**: it is in the database (any node must be able to
fold the table), but what may be shown to players (`heads`: the lobby's list) carries
only the commitment while the table plays, and the seed once it is over.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any

import msgspec

from tt22.core.registry import get_game
from tt22.record.games import rules_type
from tt22.serve.hub import commitment
from tt22.serve.pgstore import PgStore

__all__ = [
    "CHANNEL",
    "LEASE",
    "LoggedSeat",
    "LoggedTable",
    "NotOwner",
    "OutOfStep",
    "TableHead",
    "TableLog",
]

CHANNEL = "tt22_tables"
"""The LISTEN/NOTIFY channel of table news: each write to a table's log notifies
`CODE n` (its code and its number of moves) at its commit (tt22/serve/nodes.py)."""

LEASE = 15.0
"""Seconds a table's lease lasts unless its owner renews it (it renews at a third of
that): how long a dead node's tables wait before another node takes them over."""


class NotOwner(RuntimeError):
    """This node does not hold the table's lease (another does, or it lapsed)."""


class OutOfStep(RuntimeError):
    """A move that is not the table's next (sent twice, or after another)."""


class LoggedSeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    fingerprint: str = ""
    bot: str | None = None  # a bot seat's level


@dataclasses.dataclass(frozen=True)
class TableHead:
    """A table as the lobby may show it: its seed only once it is over."""

    code: str
    game: str
    seats: tuple[LoggedSeat, ...]
    commitment: str
    seed: str  # "" while it plays
    status: str
    moves: int
    owner: str | None


@dataclasses.dataclass(frozen=True)
class LoggedTable:
    """A table as a node needs it to show it: its game, rules, seats and seed (the
    seed for the node's own use: `SeatNews` shows it only once the match is over)."""

    code: str
    game: str
    rules: Any
    seats: tuple[LoggedSeat, ...]
    seed: str
    status: str
    moves: int
    created: float  # (time.time()) when it started


_SEATS = msgspec.json.Decoder(tuple[LoggedSeat, ...])


class TableLog:
    """The move logs of a PostgreSQL store's database, seen by one node (`node`: its
    name in the lease rows, unique among the nodes)."""

    def __init__(self, store: PgStore, node: str, *, lease: float = LEASE) -> None:
        self.store = store
        self.node = node
        self.lease = lease

    # ------------------------------------------------------------------ writing
    def create(self, code: str, game: str, rules: Any, seats: list[LoggedSeat], seed: str) -> None:
        """A new table's log, owned by this node (its lease taken)."""
        with self.store.pool.connection() as conn, conn.transaction():
            conn.execute(
                "INSERT INTO served_tables (code, game, rules, seats, seed, commitment,"
                " status, created, owner, lease_until) VALUES (%s, %s, %s, %s, %s, %s,"
                " 'playing', %s, %s, now() + make_interval(secs => %s))",
                (
                    code,
                    game,
                    msgspec.json.encode(rules).decode(),
                    msgspec.json.encode(seats).decode(),
                    seed,
                    commitment(seed),
                    time.time(),
                    self.node,
                    self.lease,
                ),
            )
            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{code} 0"))

    def acquire(self, code: str) -> bool:
        """Take or renew the table's lease: True when this node owns it now (it was
        free, lapsed, or already this node's); False while another node's holds."""
        return code in self.acquire_all([code])

    def acquire_all(self, codes: list[str]) -> set[str]:
        """`acquire` for many tables in one statement (a node renews all of its own,
        and tries all of those it mirrors, every third of a lease): those it owns now.
        Of two nodes trying one lapsed table at once, the second's UPDATE waits for the
        first's row lock, sees the new lease, and leaves the row alone."""
        if not codes:
            return set()
        with self.store.pool.connection() as conn:
            rows = conn.execute(
                "UPDATE served_tables SET owner = %s,"
                " lease_until = now() + make_interval(secs => %s)"
                " WHERE code = ANY(%s) AND status = 'playing' AND (owner IS NULL"
                " OR owner = %s OR lease_until < now()) RETURNING code",
                (self.node, self.lease, codes, self.node),
            ).fetchall()
        return {str(r[0]) for r in rows}

    def release(self, code: str) -> None:
        """Give the lease up at once (a node shutting down cleanly): another node may
        take the table without waiting for the lease to lapse."""
        with self.store.pool.connection() as conn:
            conn.execute(
                "UPDATE served_tables SET owner = NULL, lease_until = NULL"
                " WHERE code = %s AND owner = %s",
                (code, self.node),
            )

    def append(self, code: str, n: int, move: Any, think: float | None = None) -> None:
        """Move `n` (counted from 0) of the table, by its owner alone (NotOwner), and
        only as the next one (OutOfStep): one transaction with the table's row locked."""
        with self.store.pool.connection() as conn, conn.transaction():
            row = conn.execute(
                "SELECT owner, lease_until > now(), moves, status FROM served_tables"
                " WHERE code = %s FOR UPDATE",
                (code,),
            ).fetchone()
            if row is None:
                raise KeyError(code)
            owner, current, moves, status = row
            if owner != self.node or not current or status != "playing":
                raise NotOwner(f"table {code} is not this node's ({owner or 'no one'}'s)")
            if n != moves:
                raise OutOfStep(f"table {code} is at move {moves}, not {n}")
            conn.execute(
                "INSERT INTO table_moves (code, n, move, think, at) VALUES (%s, %s, %s, %s, %s)",
                (code, n, msgspec.json.encode(move).decode(), think, time.time()),
            )
            conn.execute("UPDATE served_tables SET moves = %s WHERE code = %s", (n + 1, code))
            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{code} {n + 1}"))

    def finish(self, code: str) -> None:
        """The match is over (by its owner): its seed may now be shown."""
        with self.store.pool.connection() as conn, conn.transaction():
            row = conn.execute(
                "SELECT owner, lease_until > now() FROM served_tables WHERE code = %s FOR UPDATE",
                (code,),
            ).fetchone()
            if row is None or row[0] != self.node or not row[1]:
                raise NotOwner(f"table {code} is not this node's")
            conn.execute(
                "UPDATE served_tables SET status = 'over', owner = NULL, lease_until = NULL"
                " WHERE code = %s",
                (code,),
            )
            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{code} over"))

    # ------------------------------------------------------------------ reading
    def heads(self, *, playing: bool = False) -> list[TableHead]:
        """Every table (`playing`: those not over), as the lobby may show it (the seed
        of a finished one only)."""
        with self.store.pool.connection() as conn:
            rows = conn.execute(
                "SELECT code, game, seats, commitment,"
                " CASE WHEN status = 'over' THEN seed ELSE '' END, status, moves,"
                " CASE WHEN lease_until > now() THEN owner END"
                " FROM served_tables WHERE status = 'playing' OR NOT %s"
                ' ORDER BY created, code COLLATE "C"',
                (playing,),
            ).fetchall()
        return [
            TableHead(r[0], r[1], _SEATS.decode(r[2]), r[3], r[4], r[5], int(r[6]), r[7])
            for r in rows
        ]

    def taken(self, code: str) -> bool:
        """Whether some node's table has this code already (codes are for all nodes)."""
        with self.store.pool.connection() as conn:
            row = conn.execute("SELECT 1 FROM served_tables WHERE code = %s", (code,))
            return row.fetchone() is not None

    def load(self, code: str) -> LoggedTable | None:
        """The table's head with its rules and seed decoded (None: no such table)."""
        with self.store.pool.connection() as conn:
            row = conn.execute(
                "SELECT game, rules, seats, seed, status, moves, created FROM served_tables"
                " WHERE code = %s",
                (code,),
            ).fetchone()
        if row is None:
            return None
        name, rules_json, seats_json, seed, status, moves, created = row
        rules: Any = msgspec.json.decode(rules_json, type=rules_type(name))
        seats = _SEATS.decode(seats_json)
        return LoggedTable(code, name, rules, seats, seed, status, moves, created)

    def moves_since(self, code: str, game: str, n: int) -> list[Any]:
        """The table's moves from move `n` on (decoded as game `game`'s moves)."""
        with self.store.pool.connection() as conn:
            rows = conn.execute(
                "SELECT move FROM table_moves WHERE code = %s AND n >= %s ORDER BY n", (code, n)
            ).fetchall()
        decode_move = msgspec.json.Decoder(get_game(game).move_type)
        return [decode_move.decode(r[0]) for r in rows]

    def fold(self, code: str) -> tuple[Any, int]:
        """The table's state folded from its log, and its number of moves: the game's
        `new_match` from the table's rules, seats and seed, then `apply` of each move
        in order (a move the game refuses is an error: a log is only ever appended by
        its owner after the game took the move)."""
        with self.store.pool.connection() as conn, conn.transaction():
            head = conn.execute(
                "SELECT game, rules, seats, seed FROM served_tables WHERE code = %s", (code,)
            ).fetchone()
            if head is None:
                raise KeyError(code)
            moves = conn.execute(
                "SELECT move FROM table_moves WHERE code = %s ORDER BY n", (code,)
            ).fetchall()
        name, rules_json, seats_json, seed = head
        game = get_game(name)
        rules: Any = msgspec.json.decode(rules_json, type=rules_type(name))
        decode_move = msgspec.json.Decoder(game.move_type)
        state = game.new_match(rules, len(_SEATS.decode(seats_json)), seed)
        for (move,) in moves:
            state = game.apply(state, decode_move.decode(move))
        return state, len(moves)
