"""Replaying and verifying records: the golden samples, illegal moves, digests, building."""

from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path
from types import ModuleType

import msgspec
import pytest
from recordkit import SAMPLES, STARTED, bot_record, match_moves, seats

from tt22.core.players import Player
from tt22.core.protocol import IllegalMove
from tt22.core.rng import GENERATOR_ID
from tt22.games.twentytwo import TWENTYTWO, Play, Rules, apply, legal_moves, new_match
from tt22.games.twentytwo.seat import seat_transcript
from tt22.games.twentytwo.transcript import transcript
from tt22.record import (
    RecordedMove,
    append_move,
    build_record,
    decode_record,
    encode_record,
    final_state,
    fork_record,
    load_record,
    new_record,
    replay_record,
    verify_record,
)

SAMPLE_FILES = sorted(
    p for p in SAMPLES.glob("*.22rec") if json.loads(p.read_bytes()).get("game") is None
)
"""The 22 samples (format 1); the Rook ones are tests/record/test_record_games.py's."""


def load_make_samples() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_samples", SAMPLES / "make_samples.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- the golden samples -----------------------------------------------------------------------


def test_the_samples_cover_what_the_issue_asks() -> None:
    records = [load_record(p) for p in SAMPLE_FILES]
    assert {len(r.players) for r in records} >= {2, 4, 6, 9}
    assert any(not r.result.finished for r in records)
    assert any(r.rules != Rules().for_players(len(r.players)) for r in records)
    assert any(m.comment for r in records for m in r.moves)
    assert any(r.rules.decks == 2 for r in records)


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=[p.name for p in SAMPLE_FILES])
def test_each_sample_verifies_and_replays(path: Path) -> None:
    record = load_record(path)
    result = replay_record(record)
    assert result.ok, result.problem
    assert len(result.states) == len(record.moves) + 1
    assert result.final.over == record.result.finished
    assert TWENTYTWO.digest(result.final) == record.digest
    assert encode_record(record) == path.read_bytes()  # our writer wrote it, byte for byte


def test_make_samples_is_deterministic(tmp_path: Path) -> None:
    module = load_make_samples()
    for sample in module.SAMPLES:
        first = module.make(*sample)
        assert module.make(*sample) == first
        record = decode_record(first)
        assert verify_record(record).ok
        committed = load_record(SAMPLES / sample[0])
        assert (committed.seed, committed.rules, committed.players) == (
            record.seed,
            record.rules,
            record.players,
        )


# -- replay -----------------------------------------------------------------------------------


def test_replay_states_are_the_engines_fold() -> None:
    record = bot_record(3, "fold")
    result = replay_record(record)
    state = new_match(record.rules, 3, record.seed)
    assert result.states[0].fingerprint() == state.fingerprint()
    for i, rm in enumerate(record.moves):
        state = apply(state, rm.move)
        assert result.states[i + 1].fingerprint() == state.fingerprint()
    assert verify_record(record).final.fingerprint() == state.fingerprint()
    assert len(verify_record(record).states) == 1


def _with_move(record_moves: list[RecordedMove], i: int, move: object) -> list[RecordedMove]:
    moves = list(record_moves)
    moves[i] = RecordedMove(move)  # type: ignore[arg-type]
    return moves


def test_an_illegal_move_is_named_with_deal_trick_seat_and_rule() -> None:
    record = bot_record(4, "illegal")
    states = replay_record(record).states
    # The first play of the second trick of deal 1, replaced by a card the seat lacks.
    i = next(
        k for k, s in enumerate(states[:-1]) if s.phase == 1 and len(s.tricks) == 1 and not s.plays
    )
    seat = record.moves[i].move.seat
    hand = states[i].hands[seat]
    missing = next(c for c in ("AS", "AH", "AD", "AC", "KS", "KH") if c not in _texts(hand))
    bad = msgspec.structs.replace(record, moves=_with_move(record.moves, i, Play(seat, (missing,))))
    result = verify_record(bad)
    assert result.error is not None
    index, err = result.error
    assert index == i and isinstance(err, IllegalMove) and err.rule == "R12"
    assert result.problem == (
        f"move {i + 1} of {len(record.moves)} (deal 1, trick 2), seat {seat} (Bot {seat + 1}):"
        f" breaks R12: you can only play cards from your own hand"
    )
    replayed = replay_record(bad)
    assert len(replayed.states) == i + 1  # folded up to the last good move
    assert replayed.final.fingerprint() == states[i].fingerprint()


def _texts(hand: tuple[int, ...]) -> set[str]:
    from tt22.core.cards import TEXT

    return {TEXT[c] for c in hand}


def test_wrong_seat_and_moves_after_the_end() -> None:
    record = bot_record(2)
    first = record.moves[0].move
    other = 1 - first.seat
    bad = msgspec.structs.replace(
        record, moves=_with_move(record.moves, 0, msgspec.structs.replace(first, seat=other))
    )
    result = verify_record(bad)
    assert result.error is not None and result.error[0] == 0
    assert "deal 1, exchange" in (result.problem or "")
    assert f"it is seat {first.seat}'s turn" in (result.problem or "")
    extra = msgspec.structs.replace(record, moves=[*record.moves, record.moves[-1]])
    result = verify_record(extra)
    assert result.error is not None and result.error[0] == len(record.moves)
    assert "after the match had ended" in (result.problem or "")
    assert "breaks R5" in (result.problem or "")


def test_a_changed_move_that_stays_legal_is_caught_by_the_digest() -> None:
    record = bot_record(4, "digest")
    states = replay_record(record).states
    # The last move with a real choice, swapped for another legal move.
    for i in range(len(record.moves) - 1, -1, -1):
        options = list(legal_moves(states[i]))
        alternatives = [m for m in options if m != record.moves[i].move]
        if alternatives:
            break
    tampered = msgspec.structs.replace(
        record, moves=[*record.moves[:i], RecordedMove(alternatives[0])]
    )
    result = verify_record(tampered)
    assert result.error is not None and result.error[0] == i + 1
    assert "digest mismatch" in str(result.error[1])
    assert (result.problem or "").startswith(f"after move {i + 1} (the last): digest mismatch")


def test_a_changed_engine_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    record = bot_record(2, "drift", keep=3)  # three exchanges/plays: likely legal elsewhere

    def other_dealing(rules: Rules, players: int, seed: str) -> object:
        return new_match(rules, players, seed + " but dealt differently")

    from tt22.games.twentytwo import TWENTYTWO

    monkeypatch.setattr(TWENTYTWO, "new_match", other_dealing)  # the game the fold asks
    result = verify_record(record)
    assert result.error is not None
    assert "digest mismatch" in (result.problem or "") or "breaks" in (result.problem or "")


def test_a_forged_result_and_a_foreign_generator() -> None:
    record = bot_record(2)
    forged = msgspec.structs.replace(
        record,
        result=msgspec.structs.replace(record.result, winners=[1 - record.result.winners[0]]),
    )
    result = verify_record(forged)
    assert result.error is not None and result.error[0] == len(record.moves)
    assert (result.problem or "").startswith("record.result: the recorded result")
    foreign = msgspec.structs.replace(record, generator="mt19937/v0")
    result = replay_record(foreign)
    assert result.error is not None and result.error[0] == 0 and result.states == []
    assert "mt19937/v0" in (result.problem or "") and GENERATOR_ID in (result.problem or "")


# -- the digest ----------------------------------------------------------------------------------


def test_the_digest_is_reproducible_from_the_spec_with_the_stdlib() -> None:
    for record in (bot_record(2), bot_record(3, "part", keep=17)):
        state = final_state(record)
        t = transcript(state, record.seed, record.players)
        del t["seed"], t["players"]
        canonical = json.dumps(t, sort_keys=True, separators=(",", ":")).encode("ascii")
        assert canonical == TWENTYTWO.digest_input(state)
        assert record.digest == "sha256:" + hashlib.sha256(canonical).hexdigest()


def test_names_think_times_and_comments_are_not_state() -> None:
    record = bot_record(2)
    renamed = msgspec.structs.replace(
        record,
        players=[Player("Ann"), Player("Zoë", "human")],
        moves=[RecordedMove(m.move, 1.0, "hmm") for m in record.moves],
    )
    assert verify_record(renamed).ok


# -- building records ---------------------------------------------------------------------------


def test_appending_move_by_move_equals_building_at_once() -> None:
    moves = match_moves(3, "append")
    record = new_record(Rules(), "append", seats(3), STARTED)
    assert record.result.finished is False and record.result.deals == 1
    assert record.digest == TWENTYTWO.digest(new_match(Rules(), 3, "append"))
    for m in moves:
        record = append_move(record, m)
    built = build_record(Rules(), "append", seats(3), list(moves), STARTED)
    assert record == built
    assert record.result.finished
    assert verify_record(record).ok


def test_append_after_decoding_and_illegal_appends() -> None:
    moves = match_moves(2, "kit")
    part = decode_record(encode_record(bot_record(2, "kit", keep=5)))  # not in any cache
    longer = append_move(part, moves[5], think=0.5)
    assert longer.moves[-1] == RecordedMove(moves[5], 0.5)
    assert longer == msgspec.structs.replace(bot_record(2, "kit", keep=6), moves=longer.moves)
    out_of_turn = Play(1 - final_state(part).to_move, ("2S",))
    with pytest.raises(IllegalMove):
        append_move(part, out_of_turn)
    finished = bot_record(2)
    with pytest.raises(IllegalMove, match="R5"):
        append_move(finished, moves[0])


def test_fork_record_plays_on_from_a_move() -> None:
    source = bot_record(4, "four")
    forked = fork_record(source, 20, "a/b/friend.22rec", STARTED)
    assert forked.moves == source.moves[:20]
    assert forked.origin is not None
    assert (forked.origin.source, forked.origin.moves) == ("a/b/friend.22rec", 20)
    assert forked.origin.source_digest == source.digest
    assert verify_record(forked).ok
    nxt = legal_moves(final_state(forked))[0]
    assert verify_record(append_move(forked, nxt)).ok
    with pytest.raises(ValueError):
        fork_record(source, len(source.moves) + 1, "x", STARTED)


# -- what one seat saw --------------------------------------------------------------------------


def test_seat_transcript_hides_other_hands_discards_and_the_stock() -> None:
    record = bot_record(4, "four")
    full = transcript(final_state(record), record.seed, record.players)
    for seat in range(4):
        seen = seat_transcript(full, seat)
        assert list(seen)[:3] == ["format", "version", "seen_by"] and seen["seen_by"] == seat
        assert seen["first_dealer"] == full["first_dealer"]
        assert seen["result"] == full["result"]
        for d_full, d in zip(full["deals"], seen["deals"], strict=True):
            assert d["hands"] == [h if s == seat else None for s, h in enumerate(d_full["hands"])]
            assert d["stock"] is None and d["stock_size"] == len(d_full["stock"])
            for e_full, e in zip(d_full["exchanges"], d["exchanges"], strict=True):
                if e_full["seat"] == seat:
                    assert e == e_full
                else:
                    assert e == {"seat": e_full["seat"], "count": len(e_full["discard"])}
            for key in ("tricks", "showdown", "losers", "penalty", "totals", "eliminated"):
                assert d.get(key) == d_full.get(key)


def test_the_example_in_the_spec_is_a_good_record() -> None:
    spec = (SAMPLES.parent / "docs" / "record-format.md").read_text(encoding="utf-8")
    example = spec.split("```json\n", 1)[1].split("```", 1)[0]
    record = decode_record(example.encode())
    assert verify_record(record).ok
    assert encode_record(record).decode() == example  # tt22's own layout
    assert record.moves[1].comment and record.moves[1].think == 6.5
