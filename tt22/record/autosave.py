"""The match in progress, saved after every move, and finished matches kept.

`current.22rec` in the data folder is rewritten atomically after each move, so killing
tt22 (or losing the SSH connection) at any instant leaves the previous or the new
record on disk, never a broken one. A finished match moves to `records/`.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

from .codec import load_record, save_record
from .errors import RecordError
from .paths import data_dir
from .schema import Record
from .verify import final_state

__all__ = ["Autosave"]

CURRENT = "current.22rec"


def _slug(text: str) -> str:
    """A file-name-safe form of a seed: letters, digits and dashes, at most 40."""
    slug = re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")[:40].strip("-")
    return slug or "match"


class Autosave:
    """Saving one player's matches under `home` (default: `data_dir()`).

    `problem` says why the last `load_current` found nothing usable although a file
    was there (it is kept, renamed `current.broken-N.22rec`, for the curious).
    """

    def __init__(self, home: Path | None = None) -> None:
        self.home = Path(home) if home is not None else data_dir()
        self.problem: str | None = None

    @property
    def current_path(self) -> Path:
        return self.home / CURRENT

    @property
    def records_path(self) -> Path:
        return self.home / "records"

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
