"""The player's settings, kept as settings.json in the data directory.

Written atomically (temp file, fsync, replace) so a killed process never leaves half a
file; a missing or damaged file simply means the defaults.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from tt22.record import data_dir, write_atomic

__all__ = ["Settings", "data_home", "load_settings", "save_settings"]


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
    """Atomically, as records are (a killed process never leaves half a file)."""
    path = _path(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, msgspec.json.format(msgspec.json.encode(settings)))
