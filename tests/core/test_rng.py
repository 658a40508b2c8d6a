"""The seeded randomness: PCG32 against its published demo output, the seed-to-stream
path, seed codes, and docs/seeds.md's test vectors.

The docs' vectors are checked twice: against the engine, and against a second, separate
implementation written here from docs/seeds.md alone (`_Ref*`), so the page really is
enough for another program to deal the same cards.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from paths import ROOT
from seedref import RefPcg, ref_deal, ref_deck, ref_first_dealer, ref_key, ref_normalise, ref_stream

from tt22.core.cards import CODE, TEXT, full_deck
from tt22.core.rng import GENERATOR_ID, Pcg32, normalise_seed, seed_key, stream
from tt22.core.seeds import CODE_ALPHABET, fresh_seed, resolve_seed
from tt22.games.twentytwo import Rules, apply, legal_moves, new_match

SEEDS_MD = ROOT / "docs" / "seeds.md"

# ---------------------------------------------------------------------------
# PCG32 against pcg32-demo (pcg-c-basic), seed 42, sequence 54.

DEMO_ROUND_1 = [0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E]
DEMO_COINS = "HHTTTHTHHHTHTTTHHHHHTTTHHHTHTHTHTTHTTTHHHHHHTTTTHHTTTTTHTTTTTTTHT"
DEMO_ROLLS = "3 4 1 1 2 2 3 2 4 3 2 4 3 3 5 2 3 1 3 1 5 1 4 1 5 6 4 6 6 2 6 3 3"
DEMO_CARDS = (
    "Qd Ks 6d 3s 3d 4c 3h Td Kc 5c Jh Kd Jd As 4s 4h Ad Th Ac Jc 7s Qs 2s 7h Kh 2d "
    "6c Ah 4d Qh 9h 6s 5s 2c 9c Ts 8d 9s 3c 8c Js 5d 2h 6h 7d 8s 9d 5h 8h Qc 7c Tc"
)
DEMO_ROUND_2 = [0x74AB93AD, 0x1C1DA000, 0x494FF896, 0x34462F2F, 0xD308A3E5, 0x0FA83BAB]


def _demo_card(i: int) -> str:
    """pcg32-demo prints card i as number[i / 4] then suit[i % 4]."""
    return "A23456789TJQK"[i // 4] + "hcds"[i % 4]


def test_pcg32_demo_first_outputs() -> None:
    rng = Pcg32(42, 54)
    assert [rng.next_u32() for _ in range(6)] == DEMO_ROUND_1


def test_pcg32_demo_whole_round_then_round_two() -> None:
    """Coins, dice and the 52-card shuffle pin the bounded draw and the shuffle direction;
    round 2's outputs prove the shuffle consumed exactly the demo's draws."""
    rng = Pcg32(42, 54)
    for _ in range(6):
        rng.next_u32()
    coins = "".join("H" if rng.bounded(2) else "T" for _ in range(65))
    assert coins == DEMO_COINS
    rolls = " ".join(str(rng.bounded(6) + 1) for _ in range(33))
    assert rolls == DEMO_ROLLS
    cards = list(range(52))
    rng.shuffle(cards)
    assert " ".join(_demo_card(c) for c in cards) == DEMO_CARDS
    assert [rng.next_u32() for _ in range(6)] == DEMO_ROUND_2


def test_shuffle_matches_bounded_fisher_yates() -> None:
    """The inlined shuffle is exactly 'for i = n..2: swap(j = bounded(i), i - 1)'."""
    a, b = Pcg32(7, 9), Pcg32(7, 9)
    items = list(range(104))
    a.shuffle(items)
    expect = list(range(104))
    for i in range(len(expect), 1, -1):
        j = b.bounded(i)
        expect[j], expect[i - 1] = expect[i - 1], expect[j]
    assert items == expect
    assert a.next_u32() == b.next_u32()


def test_bounded_rejects_below_threshold() -> None:
    """A bound that is not a power of two must reject draws below 2**32 mod bound."""
    bound = 3 * 2**30  # threshold 2**30: about a quarter of draws are rejected
    rng, raw = Pcg32(1, 2), Pcg32(1, 2)
    for _ in range(200):
        got = rng.bounded(bound)
        r = raw.next_u32()
        while r < 2**30:
            r = raw.next_u32()
        assert got == r % bound
    with pytest.raises(ValueError):
        rng.bounded(0)
    with pytest.raises(ValueError):
        rng.bounded(2**32)


# ---------------------------------------------------------------------------
# Seeds: normalisation, key, streams.


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("hello", "hello"),
        ("  Brave Otter ", "brave otter"),
        ("brave\t\n  OTTER", "brave otter"),
        ("Ｂｒａｖｅ\u3000ｏｔｔｅｒ", "brave otter"),  # full-width letters, ideographic space
        ("Straße", "strasse"),  # full case folding
        ("ﬁsh", "fish"),  # NFKC splits the ligature
        ("", ""),
    ],
)
def test_seed_normalisation(typed: str, canonical: str) -> None:
    assert normalise_seed(typed) == canonical
    assert seed_key(typed) == seed_key(canonical)


def test_seed_key_is_sha256_of_prefixed_normalised_text() -> None:
    expect = hashlib.sha256(b"tt22-seed-v1\x00brave otter").digest()
    assert seed_key("  BRAVE   otter") == expect
    assert seed_key("brave otter") != seed_key("braveotter")
    assert GENERATOR_ID == "pcg32-xsh-rr/sha256-v1"


def test_streams_are_independent_of_each_other() -> None:
    """Drawing from one purpose never shifts another: each stream depends only on
    (key, purpose), and different purposes give different sequences."""
    key = seed_key("streams")
    fresh = stream(key, "deal/2")
    before = [fresh.next_u32() for _ in range(8)]
    busy = stream(key, "deal/1")
    for _ in range(1000):
        busy.next_u32()
    again = stream(key, "deal/2")
    assert [again.next_u32() for _ in range(8)] == before
    purposes = ["first-dealer", "deal/1", "deal/2", "deal/10", "dealer/1", "bot/0/random"]
    firsts = {p: tuple(stream(key, p).next_u32() for _ in range(4)) for p in purposes}
    assert len(set(firsts.values())) == len(purposes)
    other = seed_key("streams!")
    assert all(tuple(stream(other, p).next_u32() for _ in range(4)) != firsts[p] for p in purposes)


# ---------------------------------------------------------------------------
# Seed codes and the daily seed.


def test_fresh_seed_codes_are_readable() -> None:
    assert set(CODE_ALPHABET).isdisjoint("0O1IL")
    assert len(CODE_ALPHABET) == len(set(CODE_ALPHABET)) == 31
    assert CODE_ALPHABET == "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
    with pytest.raises(ValueError):
        fresh_seed(b"1234567")


@settings(max_examples=200)
@given(st.binary(min_size=8, max_size=16))
def test_fresh_seed_shape(entropy: bytes) -> None:
    code = fresh_seed(entropy)
    assert re.fullmatch(
        r"[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}", code
    )
    assert fresh_seed(entropy) == code
    assert fresh_seed(entropy[:8]) == code  # only the first 8 bytes count
    # Typed in lower case it deals the same cards.
    assert seed_key(code.lower()) == seed_key(code)


def test_fresh_seed_codes_differ() -> None:
    codes = {fresh_seed(i.to_bytes(8, "big")) for i in range(500)}
    assert len(codes) == 500


def test_daily_seed_is_the_utc_date() -> None:
    day = dt.date(2026, 11, 30)
    assert resolve_seed("daily", day) == "daily-2026-11-30"
    assert resolve_seed("  DAILY ", day) == "daily-2026-11-30"
    assert resolve_seed("daily", dt.date(2027, 1, 2)) == "daily-2027-01-02"
    assert resolve_seed("daily please", day) == "daily please"
    assert resolve_seed("K7M4-QX2P", day) == "K7M4-QX2P"


# ---------------------------------------------------------------------------
# A second implementation, written from docs/seeds.md alone.


def _texts(cards: list[int]) -> str:
    return " ".join(TEXT[c] for c in cards)


def test_reference_implementation_passes_the_demo_vectors() -> None:
    rng = RefPcg(42, 54)
    assert [rng.u32() for _ in range(6)] == DEMO_ROUND_1
    assert "".join("H" if rng.bounded(2) else "T" for _ in range(65)) == DEMO_COINS


@settings(max_examples=15, deadline=None)
@given(
    seed=st.text(max_size=12),
    players=st.integers(2, 9),
    two_decks=st.booleans(),
    choices=st.integers(0, 2**32 - 1),
)
def test_engine_deals_as_docs_seeds_md_says(
    seed: str, players: int, two_decks: bool, choices: int
) -> None:
    """Every deal of a whole random match is what the documented path deals: the first
    dealer, each deal's hands and stock, and each next dealer (R7, R8-R10, R20)."""
    rules = Rules(decks=2 if two_decks or players > 6 else 1)
    state = new_match(rules, players, seed)
    decks = state.rules.decks
    key = ref_key(seed)
    assert state.match.key == key
    rounds, dealer = ref_first_dealer(key, players, decks)
    assert [list(r) for r in state.match.first_draws] == rounds
    assert state.match.first_dealer == dealer
    picker = RefPcg(choices, 1)
    penalties: list[int] = []
    out = [False] * players
    wanted = rules.first_hand
    number = 1
    while True:
        d = state.deal
        assert d.number == number and d.dealer == dealer
        hands, stock = ref_deal(key, number, decks, penalties, out, dealer, wanted)
        assert [None if h is None else list(h) for h in d.dealt] == hands
        assert list(d.stock) == stock
        while not state.over and state.deal.number == number:
            moves = legal_moves(state)
            state = apply(state, moves[picker.bounded(len(moves))])
        result = state.history[-1]
        penalties += [c for seat, c in result.showdown if seat in result.losers]
        for seat in result.eliminated:
            out[seat] = True
        if state.over:
            break
        losers = sorted(result.losers)
        if len(losers) == 1:
            dealer = losers[0]
        else:
            dealer = losers[ref_stream(key, f"dealer/{number}").bounded(len(losers))]
        while out[dealer]:
            dealer = (dealer + 1) % players
        wanted = result.penalty
        number += 1


# ---------------------------------------------------------------------------
# docs/seeds.md's own test vectors.


def _doc_vectors() -> dict[str, Any]:
    text = SEEDS_MD.read_text(encoding="utf-8")
    block = re.search(r"## 11\. Test vectors.*?```json\n(.*?)\n```", text, re.S)
    assert block is not None, "docs/seeds.md has no JSON test vectors"
    data: dict[str, Any] = json.loads(block.group(1))
    return data


def _u32s(texts: list[str]) -> list[int]:
    return [int(t, 16) for t in texts]


@pytest.mark.parametrize("use_reference", [False, True], ids=["engine", "reference"])
def test_docs_seed_vectors(use_reference: bool) -> None:
    vectors = _doc_vectors()
    assert len(vectors["seeds"]) >= 3
    for v in vectors["seeds"]:
        seed = v["seed"]
        key = ref_key(seed) if use_reference else seed_key(seed)
        assert (ref_normalise(seed) if use_reference else normalise_seed(seed)) == v["normalised"]
        assert key.hex() == v["key"]

        def make(purpose: str, key: bytes = key) -> RefPcg | Pcg32:
            return ref_stream(key, purpose) if use_reference else stream(key, purpose)

        for purpose in ("first-dealer", "deal/1", "bot/0/random"):
            if f"{purpose} outputs" in v:
                rng = make(purpose)
                want = _u32s(v[f"{purpose} outputs"])
                draw = rng.u32 if isinstance(rng, RefPcg) else rng.next_u32
                assert [draw() for _ in want] == want
        if "deal/1 shuffled deck" in v:
            deck = list(range(52))
            make("deal/1").shuffle(deck)
            assert _texts(deck) == v["deal/1 shuffled deck"]
        players = v["players"]
        if use_reference:
            decks = 1 if players <= 6 else 2
            rounds, dealer = ref_first_dealer(key, players, decks)
            hands, stock = ref_deal(key, 1, decks, [], [False] * players, dealer, 7)
        else:
            state = new_match(Rules(), players, seed)
            rounds = [list(r) for r in state.match.first_draws]
            dealer = state.match.first_dealer
            hands = [None if h is None else list(h) for h in state.deal.dealt]
            stock = list(state.deal.stock)
        assert [" ".join(f"{s}:{TEXT[c]}" for s, c in r) for r in rounds] == v["first-dealer draws"]
        assert dealer == v["first dealer"]
        assert {str(s): _texts(h) for s, h in enumerate(hands) if h is not None} == v[
            "deal 1 hands"
        ]
        assert _texts(stock) == v["deal 1 stock"]

    for removal in vectors["penalty removal"]:
        key = seed_key(removal["seed"])
        deck = ref_deck(removal["decks"], [CODE[t] for t in removal["penalty cards"]])
        if use_reference:
            ref_stream(key, removal["purpose"]).shuffle(deck)
        else:
            stream(key, removal["purpose"]).shuffle(deck)
        assert _texts(deck) == removal["shuffled deck"]

    nd = vectors["next dealer"]
    key = seed_key(nd["seed"])
    picks = [
        (ref_stream(key, nd["purpose"]) if use_reference else stream(key, nd["purpose"])).bounded(n)
        for n in nd["losers"]
    ]
    assert picks == nd["index chosen"]

    for fc in vectors["fresh codes"]:
        assert fresh_seed(bytes.fromhex(fc["bytes"])) == fc["code"]


def test_docs_daily_vector_is_the_daily_seed() -> None:
    seeds = [v["seed"] for v in _doc_vectors()["seeds"]]
    assert resolve_seed("daily", dt.date(2026, 11, 30)) in seeds


def test_unshuffled_deck_order_is_pinned() -> None:
    """docs/seeds.md section 5: card = rank * 4 + suit, 2S 2H 2D 2C 3S ... once per deck."""
    assert _texts(full_deck(1)[:5]) == "2S 2H 2D 2C 3S"
    assert TEXT[51] == "AC" and TEXT[CODE["TD"]] == "TD" and CODE["TD"] == 8 * 4 + 2
    assert full_deck(2) == list(range(52)) * 2
