"""A reference implementation of docs/seeds.md written from the page alone (PCG32, the
seed's key and named streams, 22's first-dealer draw and deals), for the tests that hold
the engine and the transcript to the page (tests/core/test_rng.py,
tests/cli/test_cli_engine.py). It lives with the kits so that either test file runs
alone."""

from __future__ import annotations

import hashlib
import unicodedata

M64 = (1 << 64) - 1


class RefPcg:
    def __init__(self, initstate: int, initseq: int) -> None:
        self.state = 0
        self.inc = ((initseq << 1) | 1) & M64
        self.u32()
        self.state = (self.state + initstate) & M64
        self.u32()

    def u32(self) -> int:
        old = self.state
        self.state = (old * 6364136223846793005 + self.inc) & M64
        x = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((x >> rot) | (x << ((-rot) & 31))) & 0xFFFFFFFF

    def bounded(self, b: int) -> int:
        threshold = (2**32 - b) % b
        while True:
            r = self.u32()
            if r >= threshold:
                return r % b

    def shuffle(self, items: list[int]) -> None:
        for i in range(len(items), 1, -1):
            j = self.bounded(i)
            items[j], items[i - 1] = items[i - 1], items[j]


def ref_normalise(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def ref_key(seed: str) -> bytes:
    return hashlib.sha256(b"tt22-seed-v1\x00" + ref_normalise(seed).encode()).digest()


def ref_stream(key: bytes, purpose: str) -> RefPcg:
    d = hashlib.sha256(key + b"\x00" + purpose.encode()).digest()
    return RefPcg(int.from_bytes(d[:8], "big"), int.from_bytes(d[8:16], "big"))


def ref_deck(decks: int, penalties: list[int]) -> list[int]:
    deck = list(range(52)) * decks
    for c in penalties:
        deck.remove(c)  # the first remaining occurrence
    return deck


def ref_first_dealer(
    key: bytes, players: int, decks: int
) -> tuple[list[list[tuple[int, int]]], int]:
    rng = ref_stream(key, "first-dealer")
    deck: list[int] = []
    drawing = list(range(players))
    rounds = []
    while True:
        if len(deck) < len(drawing):
            deck = list(range(52)) * decks
            rng.shuffle(deck)
        rnd = [(seat, deck.pop(0)) for seat in sorted(drawing)]
        rounds.append(rnd)
        top = max(c // 4 for _, c in rnd)
        drawing = [seat for seat, c in rnd if c // 4 == top]
        if len(drawing) == 1:
            return rounds, drawing[0]


def ref_deal(
    key: bytes,
    number: int,
    decks: int,
    penalties: list[int],
    out: list[bool],
    dealer: int,
    wanted: int,
) -> tuple[list[list[int] | None], list[int]]:
    deck = ref_deck(decks, penalties)
    ref_stream(key, f"deal/{number}").shuffle(deck)
    n = len(out)
    order = []
    seat = dealer
    for _ in range(n):
        seat = (seat + 1) % n
        if not out[seat]:
            order.append(seat)
    size = min(wanted, len(deck) // len(order))
    hands: list[list[int] | None] = [None if out[s] else [] for s in range(n)]
    for k in range(size * len(order)):
        hand = hands[order[k % len(order)]]
        assert hand is not None
        hand.append(deck[k])
    return hands, deck[size * len(order) :]
