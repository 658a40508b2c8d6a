"""The player's settings, kept as settings.json in the data directory.

Written atomically (temp file, fsync, replace) so a killed process never leaves half a
file; a missing or damaged file simply means the defaults (and one warning).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import msgspec

from tt22.record import data_dir, write_atomic

__all__ = ["Settings", "data_home", "load_settings", "read_settings", "save_settings"]


class Settings(msgspec.Struct, kw_only=True):
    language: str = ""  # "" = from the locale
    ascii_cards: bool = False
    theme: str = "textual-dark"
    pace: float = 0.6
    name: str = ""
    bot: str = ""  # default bot level for new seats; "" = the first offered


def data_home() -> Path:
    """The data directory (TT22_HOME, else the platform's), shared with the records."""
    return data_dir()


def _path(home: Path | None) -> Path:
    return (home or data_home()) / "settings.json"


MAX_BYTES = 65536
MAX_NAME = 24  # as `tt22 play --name` and the setup screen allow


def load_settings(home: Path | None = None) -> Settings:
    return read_settings(home)[0]


def read_settings(home: Path | None = None) -> tuple[Settings, str | None]:
    """The settings, and why the file was ignored (in part or whole) if it was.

    The file is checked before it is read: a FIFO would block start-up for ever and a
    link to /dev/zero would be read until memory runs out, so anything but a regular
    file of at most MAX_BYTES is ignored (opened without blocking, read with a cap).
    """
    path = _path(home)
    try:
        data = _read_capped(path)
    except FileNotFoundError:
        return Settings(), None
    except (OSError, ValueError) as e:
        return Settings(), f"{path}: ignored ({e})"
    try:
        settings = msgspec.json.decode(data, type=Settings)
    except (msgspec.DecodeError, msgspec.ValidationError) as e:
        return Settings(), f"{path}: ignored ({e})"
    from tt22.tui.i18n import is_default_name

    problem = None
    if len(settings.name) > MAX_NAME:
        problem = f"{path}: the name is over {MAX_NAME} characters; ignored"
        settings.name = ""
    if is_default_name(settings.name):
        settings.name = ""  # (saved by an older tt22): the default follows the language
    return settings, problem


def _read_capped(path: Path) -> bytes:
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("not a regular file")
        if info.st_size > MAX_BYTES:
            raise ValueError(f"larger than {MAX_BYTES} bytes")
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValueError(f"larger than {MAX_BYTES} bytes")
    return data


def save_settings(settings: Settings, home: Path | None = None) -> None:
    """Atomically, as records are (a killed process never leaves half a file)."""
    path = _path(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, msgspec.json.format(msgspec.json.encode(settings)))
