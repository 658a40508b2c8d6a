"""The play log: `tt22.log` in the data folder, where what went wrong at a table is
written in full (a bot's traceback), while the table says it in one line.

Local play had no log file before; the server keeps its own (`serve.log`, tt22 serve).
The file is opened on the first thing written, 0600, and cut at `LOG_BYTES` with one
old file kept (`tt22.log.1`). A folder that cannot be written costs the log, never the
game: nothing is printed on the terminal the interface draws on.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
from pathlib import Path
from typing import Any

from tt22.record.paths import data_dir

__all__ = ["LOG_BYTES", "LOG_NAME", "log_file", "play_log"]

LOG_NAME = "tt22.log"
LOG_BYTES = 1_000_000

_LOGGER = "tt22.play"
_handlers: dict[Path, logging.Handler] = {}


class _QuietLog(logging.handlers.RotatingFileHandler):
    """A rotating log made 0600, which never complains on the terminal."""

    def _open(self) -> Any:
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        return os.fdopen(fd, "a", encoding="utf-8")

    def handleError(self, record: logging.LogRecord) -> None:
        """(A full disk or a folder gone: the record is lost, the game goes on.)"""


def log_file(home: Path | None = None) -> Path:
    """Where the play log of data folder `home` (default: `data_dir()`) is."""
    return (home if home is not None else data_dir()) / LOG_NAME


def play_log(home: Path | None = None) -> logging.Logger:
    """The logger `tt22.play`, writing to `log_file(home)` (one handler per folder)."""
    logger = logging.getLogger(_LOGGER)
    logger.propagate = False  # (no handler of the root's prints over the interface)
    logger.setLevel(logging.INFO)
    path = log_file(home)
    if path not in _handlers:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handler: logging.Handler = _QuietLog(
                path, maxBytes=LOG_BYTES, backupCount=1, delay=True
            )
        except OSError:
            handler = logging.NullHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        for old in _handlers.values():  # one folder at a time: the one being played in
            logger.removeHandler(old)
            old.close()
        _handlers.clear()
        _handlers[path] = handler
        logger.addHandler(handler)
    return logger
