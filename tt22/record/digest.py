"""The digest of a match's state: what a record promises its moves lead to.

It is SHA-256 over the expanded transcript (../shared/TRANSCRIPT.md) of the state,
less `seed` and `players`, as compact JSON with keys sorted. The transcript holds every
card dealt, exchanged and played, the scores and the result, so any change to a move
or to how the engine deals changes it. What is left out (seat names, the seed's
spelling, think times, comments) is not state. Every value in it is an ASCII string,
an integer, a boolean or null, so the same bytes come out of any JSON library that
sorts keys and adds no spaces (`json.dumps(t, sort_keys=True, separators=(",", ":"))`).
"""

from __future__ import annotations

import hashlib

import msgspec

from tt22.games.twentytwo import State
from tt22.games.twentytwo.transcript import transcript

__all__ = ["digest_input", "state_digest"]


def digest_input(state: State) -> bytes:
    """The exact bytes that are hashed."""
    t = transcript(state, "", [])
    del t["seed"]
    del t["players"]
    return msgspec.json.encode(t, order="sorted")


def state_digest(state: State) -> str:
    """`sha256:` and 64 lowercase hex digits."""
    return "sha256:" + hashlib.sha256(digest_input(state)).hexdigest()
