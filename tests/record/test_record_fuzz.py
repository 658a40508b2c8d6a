"""Hostile records: thousands of generated files, none may crash, hang or mislead.

Every case must end in one of two ways: a RecordError of one line (exit status 2 in
`tt22 verify`), or a Record that then replays to "good" or to a one-line problem
(exit status 1). Anything else (another exception, a traceback) fails the test. The
number of cases run is printed at the end of the test run (tests/conftest.py).
"""

from __future__ import annotations

import json
from typing import Any

import msgspec
from fuzzcount import count
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from recordkit import SAMPLES, bot_bytes, bot_record

from tt22.core.cards import TEXT
from tt22.record import MAX_BYTES, Record, RecordError, decode_record, verify_record

SMALL = bot_bytes(2, "kit")  # 2 players, a whole match
PART = (SAMPLES / "3p-unfinished.22rec").read_bytes()  # names, comments, think times
SOURCES = [SMALL, PART]

FUZZ = settings(
    deadline=5000,  # a case taking seconds would be a hang: fail it
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def fuzz(cases: int) -> settings:
    """Hypothesis settings for a fuzz test of `cases` examples (about 6 000 in all)."""
    return settings(FUZZ, max_examples=cases)


def outcome(data: bytes) -> Record | None:
    """Decode and, if that works, verify; assert the failure modes are the clean ones."""
    try:
        record = decode_record(data)
    except RecordError as e:
        text = str(e)
        assert text and "\n" not in text and "\r" not in text, text
        assert len(text) < 700
        return None
    result = verify_record(record)
    if not result.ok:
        assert result.problem and "\n" not in result.problem
    return record


# -- bytes-level damage ---------------------------------------------------------------------------


@fuzz(500)
@given(st.sampled_from(SOURCES), st.data())
def test_truncations(source: bytes, data: st.DataObject) -> None:
    count("truncation")
    cut = data.draw(st.integers(0, len(source) - 1))
    record = outcome(source[:cut])
    if record is not None:  # only the final newline could go
        assert source[cut:].strip() == b""


@fuzz(1000)
@given(st.sampled_from(SOURCES), st.lists(st.integers(0, 10**9), min_size=1, max_size=8))
def test_bit_flips(source: bytes, positions: list[int]) -> None:
    count("bit flip")
    damaged = bytearray(source)
    for p in positions:
        bit = p % (len(source) * 8)
        damaged[bit // 8] ^= 1 << (bit % 8)
    outcome(bytes(damaged))


@fuzz(500)
@given(st.binary(max_size=3000))
def test_random_bytes(blob: bytes) -> None:
    count("random bytes")
    assert outcome(blob) is None


JSONISH = st.text(alphabet='{}[]",:0123456789.-+eEtruefalsn \\/ux\n', max_size=40)


@fuzz(700)
@given(st.sampled_from(SOURCES), st.data())
def test_splices_of_json_tokens(source: bytes, data: st.DataObject) -> None:
    count("token splice")
    start = data.draw(st.integers(0, len(source)))
    end = data.draw(st.integers(start, min(len(source), start + 30)))
    outcome(source[:start] + data.draw(JSONISH).encode() + source[end:])


# -- structure-level damage ---------------------------------------------------------------------

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([-1, 0, 1, 8, 9, 2**31, 2**63, 2**64, -(2**63) - 1, 10**40])
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30)
    | st.sampled_from(["", "AS", "ZZ", "exchange", "play", "human", "bot", "sha256:0"])
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(_paths(v, (*prefix, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.extend(_paths(v, (*prefix, i)))
    return out


SMALL_OBJ = json.loads(SMALL)
PATHS = [p for p in _paths(SMALL_OBJ) if p]


def _replace(obj: Any, path: tuple[Any, ...], value: Any) -> Any:
    copy = json.loads(json.dumps(obj))
    node = copy
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return copy


@fuzz(1000)
@given(st.sampled_from(PATHS), JSON_VALUES)
def test_wrong_values_anywhere(path: tuple[Any, ...], value: Any) -> None:
    count("wrong value")
    outcome(json.dumps(_replace(SMALL_OBJ, path, value)).encode())


@fuzz(300)
@given(st.sampled_from(PATHS), st.data())
def test_unknown_fields_anywhere(path: tuple[Any, ...], data: st.DataObject) -> None:
    count("unknown field")
    node = SMALL_OBJ
    for key in path:
        node = node[key]
    if not isinstance(node, dict):
        return
    name = data.draw(st.text(min_size=1, max_size=10).filter(lambda k: k not in node))
    changed = _replace(SMALL_OBJ, path, {**node, name: data.draw(JSON_VALUES)})
    assert outcome(json.dumps(changed).encode()) is None


@fuzz(300)
@given(JSON_VALUES, JSON_VALUES)
def test_random_envelopes(version: Any, body: Any) -> None:
    count("envelope")
    obj = {"format": "tt22-record", "format_version": version, "record": body}
    assert outcome(json.dumps(obj).encode()) is None


@fuzz(100)
@given(
    st.sampled_from(PATHS),
    st.integers(1, 300_000),
    st.sampled_from(["[", "{"]),
)
def test_deep_nesting(path: tuple[Any, ...], depth: int, opener: str) -> None:
    count("deep nesting")
    nested = '{"a":' * depth + "{}" + "}" * depth if opener == "{" else "[" * depth + "]" * depth
    marker = "__NESTED__"
    text = json.dumps(_replace(SMALL_OBJ, path, marker)).replace(f'"{marker}"', nested)
    assert outcome(text.encode()) is None or depth < 3


@fuzz(100)
@given(
    st.sampled_from(
        [
            ("record", "seed"),
            ("record", "players", 0, "name"),
            ("record", "players", 1, "bot"),
            ("record", "moves", 0, "comment"),
            ("record", "tt22_version"),
            ("record", "started"),
            ("record", "digest"),
            ("record", "moves"),
            ("record", "players"),
            ("record", "moves", 0, "move", "discard"),
            ("record", "result", "winners"),
            ("record", "result", "totals"),
        ]
    ),
    st.integers(1_001, 400_000),
    st.booleans(),
)
def test_huge_lengths(path: tuple[Any, ...], length: int, as_list: bool) -> None:
    count("huge length")
    value: Any = [0] * length if as_list else "é" * length
    data = json.dumps(_replace(SMALL_OBJ, path, value)).encode()
    assert len(data) <= MAX_BYTES
    assert outcome(data) is None


# -- valid structure, illegal moves ----------------------------------------------------------------

CARDS = st.sampled_from(TEXT)
MOVES = st.one_of(
    st.builds(
        lambda seat, cards: {"type": "exchange", "seat": seat, "discard": cards},
        st.integers(0, 1),
        st.lists(CARDS, max_size=13),
    ),
    st.builds(
        lambda seat, cards: {"type": "play", "seat": seat, "cards": cards},
        st.integers(0, 1),
        st.lists(CARDS, max_size=13),
    ),
)
ORIGINAL = bot_record(2, "kit")
N_MOVES = len(SMALL_OBJ["record"]["moves"])


@fuzz(800)
@given(st.integers(0, N_MOVES - 1), MOVES, st.sampled_from(["replace", "insert", "delete"]))
def test_illegal_moves_in_a_well_formed_record(index: int, move: Any, how: str) -> None:
    count("illegal move")
    obj = json.loads(SMALL)
    moves = obj["record"]["moves"]
    if how == "replace":
        moves[index] = {"move": move}
    elif how == "insert":
        moves.insert(index, {"move": move})
    else:
        del moves[index]
    record = decode_record(json.dumps(obj).encode())  # well formed: always decodes
    result = verify_record(record)
    assert result.ok == (record.moves == ORIGINAL.moves)
    if not result.ok:
        assert result.error is not None and result.problem and "\n" not in result.problem
        at = result.error[0]
        assert index <= at <= len(record.moves)
        if at < len(record.moves):
            assert result.problem.startswith(f"move {at + 1} of {len(record.moves)} (")
            assert " breaks R" in result.problem


@fuzz(300)
@given(st.lists(MOVES, max_size=60))
def test_random_move_lists(moves: list[Any]) -> None:
    count("random moves")
    obj = json.loads(SMALL)
    obj["record"]["moves"] = [{"move": m} for m in moves]
    record = decode_record(json.dumps(obj).encode())
    result = verify_record(record)
    assert not result.ok and result.problem and "\n" not in result.problem


def test_decoded_records_round_trip_through_msgspec() -> None:
    """The structures the fuzzers start from are themselves good."""
    assert msgspec.json.decode(SMALL)["format"] == "tt22-record"
    assert verify_record(decode_record(SMALL)).ok and verify_record(decode_record(PART)).ok
