"""The server's host key and the allow list: made, read and checked in one place.

The host key is made on first start with mode 0600 (created so, never chmod-ed after
the fact, so it is never readable by others even for an instant) and its fingerprint is
printed, so players can check what their `ssh` shows them the first time.

An allow file (`--allow`) is an authorized_keys file. A line's comment, when it is a
name (`store.valid_name`), is that key's name and no other key's; `from=` is checked
against the address the client connects from (never a host name: no DNS is asked, as
OpenSSH's `UseDNS no`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from tt22.serve.store import skeleton, valid_name

__all__ = ["Allowed", "AllowedKey", "fingerprint", "host_key", "read_allowed"]

HOST_KEY_NAME = "ssh_host_ed25519_key"


def fingerprint(key: asyncssh.SSHKey) -> str:
    """`SHA256:...`, as OpenSSH prints it."""
    return str(key.get_fingerprint("sha256"))


def host_key(folder: Path) -> tuple[asyncssh.SSHKey, bool]:
    """The host key kept in `folder` (made there on first use) and whether it is new.

    OSError or ValueError (one line) when the folder cannot hold it or the file is not
    a private key.
    """
    path = folder / HOST_KEY_NAME
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        key = asyncssh.generate_private_key("ssh-ed25519")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(key.export_private_key())
        return key, True
    try:
        return asyncssh.import_private_key(data), False
    except (asyncssh.KeyImportError, ValueError) as e:
        raise ValueError(f"{path} is not a private key: {e}") from None


@dataclass(frozen=True)
class AllowedKey:
    """One line of an allow file."""

    line: int
    fingerprint: str | None  # None: any key that `check` admits (`Allowed.of`)
    name: str | None  # the name its comment gives, if any
    check: asyncssh.SSHAuthorizedKeys  # this line alone, with its options (from=)


class Allowed:
    """The keys that may connect and the names the allow file ties to them."""

    def __init__(self, entries: list[AllowedKey]) -> None:
        self.entries = entries
        self._named = {skeleton(e.name): e for e in entries if e.name is not None}

    @classmethod
    def of(cls, keys: asyncssh.SSHAuthorizedKeys) -> Allowed:
        """Keys already read by asyncssh, with no names tied to them."""
        return cls([AllowedKey(0, None, None, keys)])

    def match(self, key: asyncssh.SSHKey, address: str) -> AllowedKey | None:
        """The line that lets `key` in from `address`, or None."""
        fp = fingerprint(key)
        for entry in self.entries:
            if entry.fingerprint not in (None, fp):
                continue
            if entry.check.validate(key, address, address) is not None:
                return entry
        return None

    def named(self, name: str) -> AllowedKey | None:
        """The line whose comment gives `name`, or a name that looks like it."""
        return self._named.get(skeleton(name))


def _line_key(text: str) -> tuple[asyncssh.SSHKey | None, str]:
    """The public key of an authorized_keys line, and the options before it."""
    words = text.split()
    for i in range(len(words)):
        try:
            return asyncssh.import_public_key(" ".join(words[i:])), " ".join(words[:i])
        except (asyncssh.KeyImportError, ValueError):
            continue
    return None, ""


def read_allowed(path: Path) -> Allowed:
    """The keys of an authorized_keys file and the names their comments give;
    ValueError (one line, naming the line) when it is unreadable, holds no key, or a
    line is not a key, is a certificate authority, or names a name another line has."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"cannot read {path}: {e}") from None
    entries: list[AllowedKey] = []
    names: dict[str, AllowedKey] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, options = _line_key(line)
        try:
            check = asyncssh.import_authorized_keys(line)
        except (asyncssh.KeyImportError, ValueError) as e:
            raise ValueError(f"{path} line {number} is not a key: {e}") from None
        if key is None:
            raise ValueError(f"{path} line {number} is not a key")
        if "cert-authority" in options:
            raise ValueError(f"{path} line {number}: cert-authority is not supported")
        comment = key.get_comment()
        name = comment if comment is not None and valid_name(comment) else None
        entry = AllowedKey(number, fingerprint(key), name, check)
        if name is not None:
            other = names.get(skeleton(name))
            if other is not None and other.fingerprint != entry.fingerprint:
                raise ValueError(
                    f"{path} line {number} names {name}, as line {other.line} does ({other.name})"
                )
            names[skeleton(name)] = entry
        entries.append(entry)
    if not entries:
        raise ValueError(f"{path} holds no key")
    return Allowed(entries)
