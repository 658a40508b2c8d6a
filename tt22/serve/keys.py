"""The server's host key and the allow list: made, read and checked in one place.

The host key is made on first start with mode 0600 (created so, never chmod-ed after
the fact, so it is never readable by others even for an instant) and its fingerprint is
printed, so players can check what their `ssh` shows them the first time.
"""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh

__all__ = ["fingerprint", "host_key", "read_allowed"]

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
        folder.mkdir(parents=True, exist_ok=True)
        key = asyncssh.generate_private_key("ssh-ed25519")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(key.export_private_key())
        return key, True
    try:
        return asyncssh.import_private_key(data), False
    except (asyncssh.KeyImportError, ValueError) as e:
        raise ValueError(f"{path} is not a private key: {e}") from None


def read_allowed(path: Path) -> asyncssh.SSHAuthorizedKeys:
    """The keys of an authorized_keys file; ValueError (one line) when it is unreadable,
    malformed or holds no key at all."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"cannot read {path}: {e}") from None
    if not any(line.strip() and not line.lstrip().startswith("#") for line in text.splitlines()):
        raise ValueError(f"{path} holds no key")
    try:
        return asyncssh.import_authorized_keys(text)
    except (asyncssh.KeyImportError, ValueError) as e:
        raise ValueError(f"{path} is not an authorized_keys file: {e}") from None
