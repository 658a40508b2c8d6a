"""The server's embedded store (SQLite in the data folder): who owns which name, and the
finished matches.

A name belongs to the first key that authenticated with it (`--open`); the row is made
only after authentication completed, never on a key merely offered. A key owns one
name: a second name for the same key would let one person take every free name, and
the names of friends not yet arrived (review L4). Names are compared by their
*skeleton* (`skeleton`): `Ann` is taken when `ann` is, and so is a Cyrillic `аnn`.
"""

from __future__ import annotations

import os
import sqlite3
import time
import unicodedata
from pathlib import Path

__all__ = ["Store", "skeleton", "valid_name", "why_not_a_name"]

MAX_NAME = 20

PUNCTUATION = frozenset("-_.")
"""Besides letters and digits, the characters a name may hold (never first)."""

_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
"""Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): drawn as nothing.
Most are format characters, refused anyway; the Hangul fillers (U+115F, U+1160, U+3164,
U+FFA0) are letters to Python's `unicodedata`, which has no such property."""

_SCRIPT_OF_NAME = {
    "CJK": "Han",
    "IDEOGRAPHIC": "Han",  # 々, 〆
    "KATAKANA-HIRAGANA": "Kana",  # ー: Japanese, either kana
    "HIRAGANA": "Hiragana",
    "KATAKANA": "Katakana",
}

_MIXES = (
    frozenset({"Latin", "Han", "Hiragana", "Katakana", "Kana"}),  # Japanese
    frozenset({"Latin", "Han", "Hangul"}),  # Korean
)
"""The scripts that may meet in one name (UTS #39's "moderately restrictive", less the
mixes tt22's languages do not need): Latin with Japanese or Korean writing. Any other
mix, above all Latin with Cyrillic or Greek, is how a look-alike is made."""

_CONFUSABLE = str.maketrans(
    {
        # Cyrillic letters drawn as Latin ones
        "а": "a", "в": "b", "е": "e", "ё": "e", "з": "3", "һ": "h", "і": "i", "ї": "i",
        "ј": "j", "к": "k", "м": "m", "н": "h", "о": "o", "п": "n", "р": "p", "с": "c",
        "т": "t", "у": "y", "х": "x", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ь": "b",
        "г": "r", "ө": "o", "ү": "y",
        # Greek
        "α": "a", "β": "b", "γ": "y", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v",
        "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ς": "c", "μ": "u",
        # digits and letters that pass for each other
        "0": "o", "1": "l", "|": "l", "5": "s",
    }
)  # fmt: skip
"""Enough of UTS #39's confusables for the scripts a name may be written in to make
`skeleton` catch the usual look-alikes; not the whole table."""


def _ignorable(ch: str) -> bool:
    code = ord(ch)
    return any(lo <= code <= hi for lo, hi in _IGNORABLE)


def _script(ch: str) -> str | None:
    """The script of a letter, from its Unicode name (the standard library has no
    script property); None for digits and punctuation, which go with any script."""
    if not unicodedata.category(ch).startswith("L"):
        return None
    word = unicodedata.name(ch, "UNKNOWN").split(" ")[0]
    return _SCRIPT_OF_NAME.get(word, word.capitalize())


def why_not_a_name(name: str) -> str | None:
    """Why `name` cannot be a player's name, in a few words; None when it can.

    A name is shown to everyone beside chat lines and seats, so it must look like
    itself and like no one else: 1-20 letters and digits (NFKC-normal, as SASLprep
    leaves a user name), `-`, `_` or `.` after the first, at most two different
    combining marks on a letter (Vietnamese has two), nothing drawn as blank, and one
    script (Latin may go with Japanese or Korean writing)."""
    if not 0 < len(name) <= MAX_NAME:
        return f"1 to {MAX_NAME} characters"
    if unicodedata.normalize("NFKC", name) != name:
        return "not in its plain (NFKC) form"
    marks: list[str] = []
    for ch in unicodedata.normalize("NFD", name):  # a precomposed ź is z and its accent
        if unicodedata.category(ch) in ("Mn", "Mc"):
            marks.append(ch)
            if len(marks) > 2 or marks.count(ch) > 1:
                return "combining marks stacked"
        else:
            marks = []
    if unicodedata.category(name[0]) in ("Mn", "Mc"):
        return "begins with a combining mark"
    scripts: set[str] = set()
    for i, ch in enumerate(name):
        category = unicodedata.category(ch)
        if _ignorable(ch):
            return f"U+{ord(ch):04X} is drawn as nothing"
        if category in ("Mn", "Mc"):
            continue
        if ch in PUNCTUATION:
            if i == 0:
                return "begins with punctuation"
            continue
        if category == "Nd":
            if not ch.isascii():  # ٣, ३: digits of other scripts pass for letters
                return f"U+{ord(ch):04X} is not a digit 0-9"
            continue
        if not category.startswith("L"):
            return f"U+{ord(ch):04X} is not a letter or digit"
        script = _script(ch)
        if script is not None:
            scripts.add(script)
    if len(scripts) > 1 and not any(scripts <= mix for mix in _MIXES):
        return "letters of different scripts (" + ", ".join(sorted(scripts)) + ")"
    return None


def valid_name(name: str) -> bool:
    """Whether `name` may be a player's name (`why_not_a_name`; the SSH user name is
    untrusted text)."""
    return why_not_a_name(name) is None


def skeleton(name: str) -> str:
    """What `name` looks like, for comparing: its NFKC form with `I` read as `l`,
    case-folded, look-alike letters of other scripts and digits mapped to the Latin
    letter they pass for, `rn` read as `m`. Two names of one skeleton are one name."""
    text = unicodedata.normalize("NFKC", name).replace("I", "l").casefold()
    text = unicodedata.normalize("NFD", text).translate(_CONFUSABLE)  # ё: е and its dots
    return unicodedata.normalize("NFC", text).replace("rn", "m")


class Store:
    def __init__(self, path: Path) -> None:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not path.exists():  # made private before SQLite opens it (every name, every key)
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS names ("
            " name TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, since REAL NOT NULL)"
        )
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS matches ("
            " id INTEGER PRIMARY KEY, code TEXT, game TEXT, path TEXT, players TEXT,"
            " finished REAL)"
        )
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(names)")}
        if "skeleton" not in columns:  # a store from before look-alikes were refused
            self.db.execute("ALTER TABLE names ADD COLUMN skeleton TEXT")
        for (name,) in self.db.execute("SELECT name FROM names").fetchall():
            self.db.execute("UPDATE names SET skeleton = ? WHERE name = ?", (skeleton(name), name))
        self.db.execute("CREATE INDEX IF NOT EXISTS names_skeleton ON names (skeleton)")

    def owner(self, name: str) -> str | None:
        row = self.db.execute("SELECT fingerprint FROM names WHERE name = ?", (name,)).fetchone()
        return None if row is None else str(row[0])

    def names_of(self, fingerprint: str) -> list[str]:
        rows = self.db.execute(
            "SELECT name FROM names WHERE fingerprint = ? ORDER BY since", (fingerprint,)
        ).fetchall()
        return [str(r[0]) for r in rows]

    def why_not(self, name: str, fingerprint: str) -> str | None:
        """Why the key `fingerprint` may not sign in as `name`; None when it may: the
        name is its own, or it is new to this key, the key has no other, and no other
        key owns a name that looks the same."""
        owner = self.owner(name)
        if owner is not None:
            return None if owner == fingerprint else f"{name} belongs to another key"
        rows = self.db.execute(
            "SELECT name, fingerprint FROM names WHERE skeleton = ?", (skeleton(name),)
        ).fetchall()
        for other, owner in rows:
            if owner != fingerprint:
                return f"{name} looks like {other}, another key's name"
        mine = self.names_of(fingerprint)
        if mine:
            return f"this key is {mine[0]} here (one name a key)"
        return None

    def claim(self, name: str, fingerprint: str) -> bool:
        """Give `name` to `fingerprint` unless it may not have it (`why_not`: another
        key has it or a look-alike of it, or this key has another name); whether it is
        theirs. One transaction, so two keys racing for a name cannot both win."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            if self.why_not(name, fingerprint) is None and self.owner(name) is None:
                self.db.execute(
                    "INSERT INTO names (name, fingerprint, since, skeleton) VALUES (?, ?, ?, ?)",
                    (name, fingerprint, time.time(), skeleton(name)),
                )
        finally:
            self.db.execute("COMMIT")
        return self.owner(name) == fingerprint

    def give(self, name: str, fingerprint: str) -> bool:
        """Make `name` the key `fingerprint`'s, whoever had it (an allow file's line
        names this key so); True."""
        self.db.execute(
            "INSERT OR REPLACE INTO names (name, fingerprint, since, skeleton) VALUES (?, ?, ?, ?)",
            (name, fingerprint, time.time(), skeleton(name)),
        )
        return True

    def add_match(self, code: str, game: str, path: str, players: str) -> None:
        self.db.execute(
            "INSERT INTO matches (code, game, path, players, finished) VALUES (?, ?, ?, ?, ?)",
            (code, game, path, players, time.time()),
        )

    def matches_of(self, name: str) -> list[tuple[str, str, str, str]]:
        """(code, game, path, players) of the finished matches `name` sat at, newest
        first (`players`: the people's names, one a line)."""
        rows = self.db.execute(
            "SELECT code, game, path, players FROM matches ORDER BY finished DESC, id DESC"
        ).fetchall()
        return [(r[0], r[1], r[2], r[3]) for r in rows if name in r[3].split("\n")]

    def close(self) -> None:
        self.db.close()
