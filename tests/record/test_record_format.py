"""The .22rec format: round trips, the envelope, limits and strict decoding, errors."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from recordkit import STARTED, bot_bytes, bot_record, seats

from tt22.core.players import Player
from tt22.games.twentytwo import Exchange, Play, Rules
from tt22.record import (
    FORMAT_VERSION,
    MAX_BYTES,
    RecordedMove,
    RecordError,
    append_move,
    decode_record,
    encode_record,
    fork_record,
    load_record,
    new_record,
    save_record,
)


def edited(fn: Callable[[dict[str, Any]], object], data: bytes | None = None) -> bytes:
    """A good record's JSON with `fn` applied to the parsed object."""
    obj = json.loads(data if data is not None else bot_bytes())
    fn(obj)
    return json.dumps(obj).encode()


def error_of(data: bytes) -> RecordError:
    with pytest.raises(RecordError) as info:
        decode_record(data)
    text = str(info.value)
    assert "\n" not in text and text.strip() == text and text
    return info.value


# -- round trips and layout -------------------------------------------------------------


def test_round_trip_of_finished_unfinished_and_annotated_records() -> None:
    for record in (bot_record(2), bot_record(4, "four"), bot_record(3, "part", keep=17)):
        assert decode_record(encode_record(record)) == record
    r = new_record(Rules(), "notes", seats(2), STARTED)
    first = bot_record(2, "notes").moves[0].move
    r = append_move(r, first, think=2.25, comment="Zoë's \x1b[31m [b]note[/b] 🂡")
    assert decode_record(encode_record(r)) == r
    forked = fork_record(bot_record(2), 10, "friend's game.22rec", STARTED)
    assert forked.origin is not None and forked.origin.moves == 10
    assert decode_record(encode_record(forked)) == forked


def test_the_file_is_readable_json_with_one_move_per_line() -> None:
    record = bot_record(4, "four")
    data = encode_record(record)
    assert data.startswith(b'{\n  "format": "tt22-record",\n  "format_version": 1,\n')
    lines = data.decode().splitlines()
    assert sum(line.strip().startswith('{"move":') for line in lines) == len(record.moves)
    obj = json.loads(data)  # any JSON library reads it
    assert list(obj) == ["format", "format_version", "record"]
    body = obj["record"]
    assert set(body) == {
        "tt22_version",
        "generator",
        "seed",
        "rules",
        "players",
        "started",
        "origin",
        "result",
        "digest",
        "moves",
    }
    assert body["moves"][0]["move"]["type"] in ("exchange", "play")
    assert body["started"] == "2026-01-02T03:04:05Z"


def test_a_record_written_by_another_program_is_read() -> None:
    """Key order, whitespace and optional fields left out do not matter."""
    obj = json.loads(bot_bytes())
    body = obj["record"]
    del body["origin"]
    shuffled = {k: body[k] for k in reversed(list(body))}
    data = json.dumps({"record": shuffled, "format_version": 1, "format": "tt22-record"})
    assert decode_record(data.encode()) == bot_record(2)


# -- the envelope ---------------------------------------------------------------------------


def test_a_newer_format_is_named_before_its_body_is_looked_at() -> None:
    newer = FORMAT_VERSION + 1
    for body in ({"something": "new"}, "not even an object", [1, 2, 3]):
        data = json.dumps({"format": "tt22-record", "format_version": newer, "record": body})
        e = error_of(data.encode())
        assert f"this record was made by a newer tt22 (format {newer})" in str(e)
    data = edited(lambda o: o.update(format_version=FORMAT_VERSION + 40, extra=1))
    assert f"newer tt22 (format {FORMAT_VERSION + 40})" in str(error_of(data))


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"[1, 2]", "not a tt22 record: the JSON is not an object"),
        (b"42", "not a tt22 record"),
        (b"{}", 'not a tt22 record: no "format": "tt22-record"'),
        (b'{"format": "tt22-transcript", "version": 1}', "the format is 'tt22-transcript'"),
        (b'{"format": ["x"]}', "the format is 'list'"),
        (b'{"format": "tt22-record"}', 'no "format_version"'),
        (b'{"format": "tt22-record", "format_version": "1"}', "format_version: must be a whole"),
        (b'{"format": "tt22-record", "format_version": true}', "format_version: must be a whole"),
        (b'{"format": "tt22-record", "format_version": 0}', "there is no record format 0"),
        (b'{"format": "tt22-record", "format_version": 1}', "missing required field `record`"),
        (
            b'{"format": "tt22-record", "format_version": 1, "x": 1, "record": null}',
            "(top level): object contains unknown field `x`",
        ),
        (
            b'{"format": "tt22-record", "format_version": 1, "record": null}',
            "record: expected `object`, got `null`",
        ),
        (b"", "the file is empty"),
        (b" \n", "the file is empty"),
        (b"\x00\x01\x02", "not valid JSON"),
        (b"\xef\xbb\xbf{}", "not valid JSON"),
        (
            b'{"format": "tt22-record", "format_version": 1, "record": {}} x',
            "byte 62: not valid JSON: trailing characters",
        ),
    ],
)
def test_envelope_errors(data: bytes, expected: str) -> None:
    assert expected in str(error_of(data))


def test_transcript_json_is_not_a_record() -> None:
    from tt22.games.twentytwo.transcript import transcript_json
    from tt22.record import final_state

    record = bot_record(2)
    text = transcript_json(final_state(record), record.seed, record.players)
    assert "the format is 'tt22-transcript'" in str(error_of(text.encode()))


def test_hostile_text_in_errors_is_escaped() -> None:
    e = error_of(b'{"format": "\\u001b[2J\\u202egotcha"}')
    assert "\x1b" not in str(e) and "\u202e" not in str(e)
    assert "\\x1b[2J" in str(e) and "\\u202e" in str(e)
    e = error_of(edited(lambda o: o["record"]["moves"][0]["move"].update(type="\x1b[1m")))
    assert "\x1b" not in str(e) and "record.moves[0].move" in str(e)


# -- size, truncation, nesting --------------------------------------------------------------


def test_too_large_is_refused_before_decoding(tmp_path: Path) -> None:
    assert "too large" in str(error_of(b" " * (MAX_BYTES + 1)))
    big = tmp_path / "big.22rec"
    with open(big, "wb") as f:
        f.truncate(50 * MAX_BYTES)  # sparse: nothing is read
    with pytest.raises(RecordError, match=r"too large to be a record: 400\.0 MB"):
        load_record(big)


def test_truncated_files_say_so() -> None:
    data = bot_bytes()
    for cut in (1, 10, len(data) // 2, len(data) - 3):
        e = error_of(data[:cut])
        assert "end of file" in str(e) or "byte" in str(e)


def test_deep_nesting_is_one_line_not_a_crash() -> None:
    deep = b'{"format": "tt22-record", "x": ' + b"[" * 200_000 + b"]" * 200_000 + b"}"
    assert "nested too deeply" in str(error_of(deep))
    deep_body = (
        b'{"format": "tt22-record", "format_version": 1, "record": '
        + b"[" * 100_000
        + b"]" * 100_000
        + b"}"
    )
    assert str(error_of(deep_body))


# -- strict body ------------------------------------------------------------------------------


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    def fn(obj: dict[str, Any]) -> None:
        node: Any = obj["record"]
        keys = path.split(".")
        for key in keys[:-1]:
            node = node[int(key)] if key.isdigit() else node[key]
        last = keys[-1]
        if last.isdigit():
            node[int(last)] = value
        else:
            node[last] = value

    return fn


def _delete(path: str) -> Callable[[dict[str, Any]], None]:
    def fn(obj: dict[str, Any]) -> None:
        node: Any = obj["record"]
        keys = path.split(".")
        for key in keys[:-1]:
            node = node[int(key)] if key.isdigit() else node[key]
        del node[keys[-1]]

    return fn


@pytest.mark.parametrize(
    ("change", "where", "words"),
    [
        (_set("surprise", 1), "record", "unknown field `surprise`"),
        (_set("rules.house", True), "record.rules", "unknown field `house`"),
        (_set("moves.0.move.why", "x"), "record.moves[0].move", "unknown field `why`"),
        (_set("moves.3.extra", 1), "record.moves[3]", "unknown field `extra`"),
        (_set("players.1.age", 30), "record.players[1]", "unknown field `age`"),
        (_delete("digest"), "record", "missing required field `digest`"),
        (_delete("moves"), "record", "missing required field `moves`"),
        (_set("seed", 7), "record.seed", "expected `str`, got `int`"),
        (_set("seed", ""), "record.seed", "length >= 1"),
        (_set("seed", "x" * 201), "record.seed", "length <= 200"),
        (_set("seed", "   "), "record.seed", "blank"),
        (_set("players", [{"name": "A"}]), "record.players", "length >= 2"),
        (_set("players", [{"name": "A"}] * 10), "record.players", "length <= 9"),
        (_set("players.0.name", ""), "record.players[0].name", "1 to 40 characters"),
        (_set("players.0.name", "n" * 41), "record.players[0].name", "1 to 40 characters"),
        (_set("players.0.kind", "robot"), "record.players[0].kind", "invalid enum value"),
        (_set("players.0.bot", "b" * 101), "record.players[0].bot", "at most 100"),
        (_set("started", "yesterday"), "record.started", "matching regex"),
        (_set("started", "2026-02-30T10:00:00Z"), "record.started", "not a real date"),
        (_set("digest", "md5:abc"), "record.digest", "matching regex"),
        (_set("generator", "g" * 101), "record.generator", "length <= 100"),
        (_set("rules.decks", 0), "record.rules", "resolved for 2 players"),
        (_set("rules.decks", 3), "record.rules", "decks must be 1 or 2"),
        (_set("rules.first_hand", 99), "record.rules", "first_hand must be 1 to 13"),
        (_set("rules.exchange", "swap"), "record.rules.exchange", "invalid enum value"),
        (_set("rules.must_beat", "yes"), "record.rules.must_beat", "expected `bool`"),
        (_set("moves.0.move.type", "pass"), "record.moves[0].move.type", "invalid value 'pass'"),
        (_set("moves.0.move.seat", 2), "record.moves[0].move.seat", "does not exist"),
        (_set("moves.0.move.seat", -1), "record.moves[0].move.seat", "does not exist"),
        (_set("moves.0.move.seat", 10**30), "record.moves[0].move.seat", "does not exist"),
        (_set("moves.0.move.seat", 1.5), "record.moves[0].move.seat", "expected `int`"),
        (_set("moves.0.move.discard", ["ZZ"]), "record.moves[0].move.discard[0]", "not a card"),
        (_set("moves.0.move.discard", ["2S"] * 14), "record.moves[0].move.discard", "at most 13"),
        (_set("moves.0.think", -1), "record.moves[0].think", ">= 0.0"),
        (_set("moves.0.think", 1e300), "record.moves[0].think", "<= 1000000.0"),
        (_set("moves.0.comment", "c" * 1001), "record.moves[0].comment", "length <= 1000"),
        (_set("result.finished", "yes"), "record.result.finished", "expected `bool`"),
        (_set("result.winners", [5]), "record.result.winners[0]", "does not exist"),
        (_set("result.totals", [0, 0, 0]), "record.result.totals", "one total per seat"),
        (_set("result.deals", 0), "record.result.deals", ">= 1"),
        (_set("origin", {"source": "x", "source_digest": "y", "moves": 1}), "record.origin", ""),
    ],
)
def test_every_bad_field_is_named(
    change: Callable[[dict[str, Any]], None], where: str, words: str
) -> None:
    e = error_of(edited(change))
    assert e.where.startswith(where), str(e)
    assert words in e.problem, str(e)


def test_huge_lengths_are_bounded() -> None:
    moves = [{"move": {"type": "play", "seat": 0, "cards": ["2S"]}}] * 20_001
    e = error_of(edited(_set("moves", moves)))
    assert e.where == "record.moves" and "length <= 20000" in e.problem
    e = error_of(edited(_set("moves.0.move.discard", ["2S"] * 100_000)))
    assert "at most 13" in str(e)


def test_tt22_never_writes_what_it_could_not_read(tmp_path: Path) -> None:
    good = bot_record(2)
    too_long = msgspec.structs.replace(good, players=[Player("x" * 41), Player("y")])
    with pytest.raises(RecordError, match=r"players\[0\]\.name"):
        encode_record(too_long)
    with pytest.raises(RecordError):
        save_record(tmp_path / "bad.22rec", too_long)
    assert not list(tmp_path.iterdir())  # no file, no temporary left behind
    with pytest.raises(RecordError):
        new_record(Rules(), "s", [Player(""), Player("b")], STARTED)
    with pytest.raises(ValueError, match="comment"):
        append_move(bot_record(2, keep=0), bot_record(2).moves[0].move, comment="c" * 1001)


def test_think_times_are_cleaned_not_refused() -> None:
    r = bot_record(2, keep=0)
    move = bot_record(2).moves[0].move
    assert append_move(r, move, think=-3).moves[0].think == 0.0
    assert append_move(r, move, think=float("nan")).moves[0].think is None
    assert append_move(r, move, think=float("inf")).moves[0].think == 1_000_000.0
    assert append_move(r, move, think=1.23456).moves[0].think == 1.235


# -- files ----------------------------------------------------------------------------------


def test_save_and_load(tmp_path: Path) -> None:
    path = tmp_path / "m.22rec"
    save_record(path, bot_record(2))
    save_record(path, bot_record(4, "four"))  # replaces
    assert load_record(path) == bot_record(4, "four")
    assert [p.name for p in tmp_path.iterdir()] == ["m.22rec"]
    save_record(str(path), bot_record(2))
    assert load_record(str(path)) == bot_record(2)


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read the file: No such file"):
        load_record(tmp_path / "missing.22rec")
    with pytest.raises(RecordError, match="that is a folder, not a file"):
        load_record(tmp_path)
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.22rec"
        os.mkfifo(fifo)
        with pytest.raises(RecordError, match="not a regular file"):
            load_record(fifo)  # and does not wait for a writer
    if os.name == "posix" and os.geteuid() != 0:
        locked = tmp_path / "locked.22rec"
        locked.write_bytes(bot_bytes())
        locked.chmod(0)
        with pytest.raises(RecordError, match="Permission denied"):
            load_record(locked)


def test_moves_are_the_engines_own_types() -> None:
    """The replayer and the interface compare recorded moves with legal moves."""
    record = decode_record(bot_bytes())
    kinds = {type(m.move) for m in record.moves}
    assert kinds == {Exchange, Play}
    assert all(type(m) is RecordedMove for m in record.moves)
