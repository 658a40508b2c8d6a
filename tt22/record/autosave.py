"""The match in progress, saved after every move, and finished matches kept.

`current.22rec` in the data folder is rewritten atomically after each move, so killing
tt22 (or losing the SSH connection) at any instant leaves the previous or the new
record on disk, never a broken one. A finished match moves to `records/`.

Two tt22 windows may share a data folder, but only one may own the match in progress:
whoever plays it holds an exclusive lock (`flock`) on `current.lock` from the moment
it starts or resumes the match until it leaves the table (`claim`, `release`). The
other window is told so (`SlotBusy`) and never archives nor overwrites that match. The
operating system drops the lock when a process ends, however it ends.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Collection
from pathlib import Path

from tt22.core.registry import default_game

from .codec import load_record, save_record
from .errors import RecordError
from .paths import data_dir
from .schema import Record
from .verify import final_state

__all__ = ["Autosave", "SlotBusy"]

CURRENT = "current.22rec"
LOCK = "current.lock"


class SlotBusy(OSError):
    """Another process is playing the match in progress in this data folder."""

    def __init__(self, home: Path, pid: int | None) -> None:
        who = f"process {pid}" if pid else "another process"
        super().__init__(f"another tt22 ({who}) is playing the match in progress in {home}")
        self.home = home
        self.pid = pid


# The locks this process holds: data folder -> (open lock file, claims). Counted, so that
# a new match can claim the folder before the table of the old one has let it go.
_HELD: dict[Path, tuple[int, int]] = {}


def _try_lock(fd: int) -> bool:
    try:
        import fcntl
    except ImportError:  # no flock (Windows): one window per data folder is up to you
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _holder(fd: int) -> int | None:
    """The process id the lock holder wrote into the lock file, if it can be read."""
    with contextlib.suppress(OSError, ValueError):
        return int(os.pread(fd, 16, 0).decode("ascii").strip() or "x")
    return None


def _slug(text: str) -> str:
    """A file-name-safe form of a seed: letters, digits and dashes, at most 40."""
    slug = re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")[:40].strip("-")
    return slug or "match"


class Autosave:
    """Saving one player's matches under `home` (default: `data_dir()`).

    `problem` says why the last `load_current` found nothing usable although a file
    was there (it is kept, renamed `current.broken-N.22rec`, for the curious).
    `games` are the games whose match in progress can be continued here (the
    interface says which games it has a table for); a record of another game in the
    slot is set aside like a broken one.
    """

    def __init__(self, home: Path | None = None, games: Collection[str] | None = None) -> None:
        self.home = Path(home) if home is not None else data_dir()
        self.games = frozenset((default_game(),) if games is None else games)
        self.problem: str | None = None

    @property
    def current_path(self) -> Path:
        return self.home / CURRENT

    @property
    def records_path(self) -> Path:
        return self.home / "records"

    def claim(self) -> bool:
        """Own the match in progress of this data folder (SlotBusy if another process
        does); claims in one process are counted, `release` undoes one. False (nothing
        held, nothing to release) when the folder cannot be written at all."""
        key = self.home.resolve()
        held = _HELD.get(key)
        if held is not None:
            _HELD[key] = (held[0], held[1] + 1)
            return True
        try:
            self.home.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.home / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return False  # a folder nobody can write to holds no match to lose; `save` says
        try:
            if not _try_lock(fd):
                raise SlotBusy(self.home, _holder(fd))
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        except BaseException:
            os.close(fd)
            raise
        _HELD[key] = (fd, 1)
        return True

    def release(self) -> None:
        """Undo one `claim`; the last one lets the other windows have the match."""
        key = self.home.resolve()
        held = _HELD.get(key)
        if held is None:
            return
        fd, count = held
        if count > 1:
            _HELD[key] = (fd, count - 1)
            return
        del _HELD[key]
        os.close(fd)  # (closing the file drops the lock)

    def save(self, record: Record) -> None:
        """Write the match in progress (atomic); call after every move."""
        self.home.mkdir(parents=True, exist_ok=True)
        save_record(self.current_path, record)

    def load_current(self) -> Record | None:
        """The match in progress, or None when there is none or it cannot be used (a
        file that does not load or replay is set aside and `problem` says why)."""
        self.problem = None
        path = self.current_path
        if not path.exists():
            return None
        try:
            record = load_record(path)
            if record.game not in self.games:
                raise ValueError(f"it is a game of {record.game}, which the table cannot play yet")
            final_state(record)
        except (RecordError, ValueError) as e:
            self.problem = f"the saved match could not be resumed: {e}"
            self._set_aside(path)
            return None
        return record

    def _set_aside(self, path: Path) -> None:
        n = 1
        while (self.home / f"current.broken-{n}.22rec").exists():
            n += 1
        with contextlib.suppress(OSError):
            path.replace(self.home / f"current.broken-{n}.22rec")

    def finish(self, record: Record) -> Path:
        """Keep a finished (or abandoned) match in `records/` and clear the current one."""
        folder = self.records_path
        folder.mkdir(parents=True, exist_ok=True)
        stem = f"{record.started.replace(':', '-')}-{_slug(record.seed)}"
        path = folder / f"{stem}.22rec"
        n = 2
        while path.exists():
            path = folder / f"{stem}-{n}.22rec"
            n += 1
        save_record(path, record)
        self.discard_current()
        return path

    def discard_current(self) -> None:
        """Forget the match in progress (and any temporary file a crash left behind)."""
        with contextlib.suppress(FileNotFoundError):
            self.current_path.unlink()
        for tmp in self.home.glob(f".{CURRENT}.*.tmp"):
            with contextlib.suppress(OSError):
                tmp.unlink()
