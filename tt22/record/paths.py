"""Where tt22 keeps its files: `TT22_HOME` if set, else the platform's user data folder."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["data_dir", "records_dir"]


def data_dir() -> Path:
    """`$TT22_HOME`, or platformdirs' user data folder for "tt22" (not created here)."""
    home = os.environ.get("TT22_HOME")
    if home:
        return Path(home).expanduser()
    import platformdirs  # only when needed: keeps `tt22 verify` start-up small

    return Path(platformdirs.user_data_dir("tt22", appauthor=False))


def records_dir() -> Path:
    """Finished matches: `data_dir()/records`."""
    return data_dir() / "records"
