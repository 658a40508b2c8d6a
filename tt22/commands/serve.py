"""`tt22 serve`: tables over SSH for friends on their own terminals (docs/serve.md).

asyncssh is an optional extra (`pip install 'tt22[serve]'`): a player who only plays
locally installs no SSH or crypto library, and this command says how to add it.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import logging
import logging.handlers
import os
import signal
import sys
from pathlib import Path
from typing import Any

from tt22.commands.common import UsageError

DESCRIPTION = "serve tables over SSH: friends connect with ssh -p PORT NAME@HOST"
NEEDS = "tt22 serve needs the serve extra: pip install 'tt22[serve]'"

LOG_BYTES = 1 << 20
LOG_KEPT = 4
"""serve.log is cut at 1 MiB and four old ones kept (serve.log.1 ... .4): 5 MiB at most."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=2222, help="port (0: any free port)")
    who = parser.add_mutually_exclusive_group(required=True)
    who.add_argument(
        "--open", action="store_true", help="any key; the first key to use a name owns it"
    )
    who.add_argument("--allow", metavar="FILE", help="only the keys of this authorized_keys file")
    parser.add_argument("--data", metavar="DIR", help="the server's folder (keys, store, records)")
    parser.add_argument(
        "--grace", type=float, default=60.0, help="seconds a dropped seat waits before a bot plays"
    )
    parser.add_argument("--pace", type=float, default=0.5, help="seconds a bot waits to move")
    parser.add_argument(
        "--store",
        metavar="URL",
        default="",
        help="a postgresql:// database shared by several servers (default: SQLite in --data)",
    )


def run(args: argparse.Namespace) -> int:
    if any(importlib.util.find_spec(m) is None for m in ("asyncssh", "openskill")):
        sys.stderr.write(NEEDS + "\n")
        return 2
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be 0 to 65535, not {args.port}")
    if not 0 <= args.grace <= 86400 or not 0 <= args.pace <= 60:
        raise UsageError("--grace must be 0 to 86400 seconds and --pace 0 to 60")
    if args.store and not args.store.startswith(("postgresql://", "postgres://")):
        raise UsageError("--store takes a postgresql:// URL (docs/serve.md)")
    if args.store and any(importlib.util.find_spec(m) is None for m in ("psycopg", "psycopg_pool")):
        sys.stderr.write(NEEDS + "\n")
        return 2
    from tt22.record import data_dir
    from tt22.serve.keys import fingerprint, host_key, read_allowed

    data = Path(args.data) if args.data else data_dir() / "serve"
    os.umask(0o077)  # everything the server writes is its own: names, keys, seeds, logs
    try:
        allowed = read_allowed(Path(args.allow)) if args.allow else None
        key, new = host_key(data)
        private(data)
    except (OSError, ValueError) as e:
        raise UsageError(str(e)) from None
    made = "made" if new else "kept"
    print(f"host key ({made} in {data}): {fingerprint(key)}", flush=True)
    log_to(data)
    from tt22.serve.ssh import ServerConfig

    config = ServerConfig(
        args.host,
        args.port,
        data,
        key,
        allowed,
        args.grace,
        args.pace,
        keep_heap=True,
        store=args.store,
    )
    from tt22.serve.store import StoreError

    try:
        return asyncio.run(_serve(config))
    except StoreError as e:
        raise UsageError(str(e)) from None
    except OSError as e:
        raise UsageError(f"cannot listen on {args.host}:{args.port}: {e.strerror or e}") from None


def private(data: Path) -> None:
    """The data folder, its store and its log readable by the server's user alone,
    also when an older tt22 made them readable by all (0755, 0644)."""
    data.chmod(0o700)
    for name in ("tt22-serve.sqlite", "serve.log"):
        path = data / name
        if path.exists():
            path.chmod(0o600)


class _PrivateLog(logging.handlers.RotatingFileHandler):
    """A rotating log whose every file is made 0600, whatever the umask."""

    def _open(self) -> Any:
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        return os.fdopen(fd, "a", encoding="utf-8")


def log_to(data: Path) -> logging.Handler:
    """Log to `data`/serve.log, 0600, cut at `LOG_BYTES` with `LOG_KEPT` old files.
    asyncssh logs every window change and about ten lines per connection at INFO: it
    logs only warnings here, and the server says itself who signed in and why a
    connection was refused or closed."""
    handler = _PrivateLog(data / "serve.log", maxBytes=LOG_BYTES, backupCount=LOG_KEPT)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    return handler


async def _serve(config: object) -> int:
    from tt22.serve.ssh import ServerConfig, start_server

    assert isinstance(config, ServerConfig)
    server = await start_server(config)
    mode = "any key (--open)" if config.allowed is None else "the allowed keys"
    print(f"listening on {config.host} port {server.port}, for {mode}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await server.close()
    return 0
