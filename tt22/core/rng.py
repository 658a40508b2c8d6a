"""Seeded randomness: PCG32 written out in full, and the seed-to-stream path.

Why our own generator: a shared seed must deal the same cards on every machine and
in every future Python, so nothing here may depend on `random`, `hash()`, set order,
floats or the clock. PCG32 (XSH-RR, 64-bit state) is small, published, and its demo
program prints exact outputs that the tests compare against.

The full path from seed text to shuffled deck is specified in docs/seeds.md; keep the
two in step.
"""

from __future__ import annotations

import hashlib
import unicodedata

__all__ = [
    "GENERATOR_ID",
    "Pcg32",
    "normalise_seed",
    "seed_key",
    "stream",
]

GENERATOR_ID = "pcg32-xsh-rr/sha256-v1"
"""Names the generator and the derivation below; records store it."""

_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1
_MULT = 6364136223846793005


class Pcg32:
    """PCG32 exactly as pcg_basic.c: `pcg32_srandom_r`, `pcg32_random_r`, bounded draw."""

    __slots__ = ("inc", "state")

    def __init__(self, initstate: int, initseq: int) -> None:
        self.state = 0
        self.inc = ((initseq << 1) | 1) & _MASK64
        self.next_u32()
        self.state = (self.state + initstate) & _MASK64
        self.next_u32()

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32

    def bounded(self, bound: int) -> int:
        """Uniform integer in [0, bound), by pcg32_boundedrand_r's rejection method.

        Pinned: threshold = 2**32 mod bound; draw until r >= threshold; return r % bound.
        """
        if not 0 < bound <= _MASK32:
            raise ValueError("bound must be in 1..2**32-1")
        state = self.state
        while True:  # next_u32, inline: this is every random bot's every move
            old = state
            state = (old * _MULT + self.inc) & _MASK64
            xs = (((old >> 18) ^ old) >> 27) & _MASK32
            rot = old >> 59
            r = ((xs >> rot) | (xs << ((-rot) & 31))) & _MASK32
            # the threshold (2**32 mod bound) is below bound: only r < bound can be rejected
            if r >= bound or r >= ((1 << 32) - bound) % bound:
                self.state = state
                return r % bound

    def chance(self, p: float) -> bool:
        """True with probability `p` (to 1/2**20): one `bounded(2**20)` draw, so a bot's
        slip reads its stream as any other choice does."""
        return self.bounded(1 << 20) < p * (1 << 20)

    def shuffle(self, items: list[int]) -> None:
        """Fisher-Yates from the back, as the PCG demo deals cards.

        For i = n down to 2: j = bounded(i); swap items[j] and items[i-1]. The generator
        step is written inline (identical to next_u32 and bounded) because every deal
        shuffles and search deals a great many.
        """
        state = self.state
        inc = self.inc
        for i in range(len(items), 1, -1):
            while True:
                old = state
                state = (old * _MULT + inc) & _MASK64
                xs = (((old >> 18) ^ old) >> 27) & _MASK32
                rot = old >> 59
                r = ((xs >> rot) | (xs << ((-rot) & 31))) & _MASK32
                # threshold = 2**32 mod i is below i, so only a draw below i can be rejected
                if r >= i or r >= ((1 << 32) - i) % i:
                    break
            j = r % i
            items[j], items[i - 1] = items[i - 1], items[j]
        self.state = state


def normalise_seed(text: str) -> str:
    """The canonical form of a seed: what two friends typing it differently share.

    NFKC, case-folded, surrounding whitespace dropped, inner runs of whitespace made one
    space. So "  Brave Otter " and "brave otter" deal the same cards.
    """
    folded = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(folded.split())


def seed_key(text: str) -> bytes:
    """SHA-256 of b"tt22-seed-v1\\x00" + the normalised seed in UTF-8."""
    return hashlib.sha256(b"tt22-seed-v1\x00" + normalise_seed(text).encode("utf-8")).digest()


def stream(key: bytes, purpose: str) -> Pcg32:
    """An independent generator for one purpose ("first-dealer", "deal/3", ...).

    d = SHA-256(key + b"\\x00" + purpose in UTF-8); initstate = d[0:8], initseq = d[8:16],
    both big-endian. Separate purposes never shift one another.
    """
    d = hashlib.sha256(key + b"\x00" + purpose.encode("utf-8")).digest()
    return Pcg32(int.from_bytes(d[0:8], "big"), int.from_bytes(d[8:16], "big"))
