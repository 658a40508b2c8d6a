"""The player's settings, kept as settings.json in the data directory.

Written atomically (temp file, fsync, replace) so a killed process never leaves half a
file; a missing or damaged file simply means the defaults.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

import msgspec

__all__ = ["Settings", "data_home", "load_settings", "save_settings"]


class Settings(msgspec.Struct, kw_only=True):
    language: str = ""  # "" = from the locale
    ascii_cards: bool = False
    theme: str = "textual-dark"
    pace: float = 0.6
    name: str = ""
    bot: str = ""  # default bot level for new seats; "" = the first offered


def data_home() -> Path:
    """The data directory: tt22.record's when present, else the same rule it uses."""
    try:
        from tt22.record import data_dir
    except ImportError:
        home = os.environ.get("TT22_HOME")
        if home:
            return Path(home)
        import platformdirs

        return Path(platformdirs.user_data_dir("tt22"))
    return data_dir()


def _path(home: Path | None) -> Path:
    return (home or data_home()) / "settings.json"


def load_settings(home: Path | None = None) -> Settings:
    try:
        data = _path(home).read_bytes()
        if len(data) > 65536:
            return Settings()
        settings = msgspec.json.decode(data, type=Settings)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return Settings()
    from tt22.tui.i18n import is_default_name

    if is_default_name(settings.name):
        settings.name = ""  # (saved by an older tt22): the default follows the language
    return settings


def save_settings(settings: Settings, home: Path | None = None) -> None:
    path = _path(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(msgspec.json.format(msgspec.json.encode(settings)))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
