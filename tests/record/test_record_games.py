"""Records of every game (format 2) beside 22's format 1: writing, reading, verifying,
showing, and refusing what is not a record of a game tt22 has.

Rook records are games of the `rules` bots, built once per run.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from recordkit import SAMPLES, bot_bytes, bot_record

from tt22.cli import main
from tt22.core.players import Player
from tt22.core.registry import game_names, get_game
from tt22.games.rook import Bid, Nest, Play, RookRules, Trump
from tt22.games.rook.bots import make_bot
from tt22.games.rook.views import view
from tt22.record import (
    Autosave,
    Record,
    RecordedMove,
    RecordError,
    build_record,
    decode_record,
    encode_record,
    load_record,
    replay_game,
    replay_record,
    save_record,
    verify_record,
)
from tt22.tui.games.twentytwo.replay import ReplayError, TwentyTwoReplay

ROOK = get_game("rook")
STARTED = dt.datetime(2026, 1, 2, 3, 4, 5, tzinfo=dt.UTC)


@functools.cache
def rook_record(players: int = 4, seed: str = "rook kit") -> Record:
    """A whole Rook game of `rules` bots (or as much as 60 hands hold)."""
    rules = ROOK.rules([], players)
    bots = [make_bot("rules", seed) for _ in range(players)]
    state = ROOK.new_match(rules, players, seed)
    moves: list[Any] = []
    while not ROOK.is_over(state) and len(state.history) < 60:
        move = bots[state.to_move].choose(view(state, state.to_move))
        moves.append(move)
        state = ROOK.apply(state, move)
    seats = [Player(f"Bot {s}", "bot", "rules") for s in range(players)]
    return build_record(rules, seed, seats, moves, STARTED)


def rook_obj(players: int = 4) -> dict[str, Any]:
    obj: dict[str, Any] = json.loads(encode_record(rook_record(players)))
    return obj


def data_of(obj: dict[str, Any]) -> bytes:
    return json.dumps(obj).encode()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, obj: dict[str, Any], name: str = "r.22rec") -> Path:
    path = tmp_path / name
    path.write_bytes(data_of(obj))
    return path


# -- writing and reading ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 3, 2])
def test_a_rook_record_is_format_2_naming_its_game_and_reads_back(players: int) -> None:
    record = rook_record(players)
    assert record.game == "rook"
    assert isinstance(record.rules, RookRules)
    data = encode_record(record)
    assert data.startswith(
        b'{\n  "format": "tt22-record",\n  "format_version": 2,\n  "game": "rook",\n'
    )
    obj = json.loads(data)
    assert list(obj) == ["format", "format_version", "game", "record"]
    assert obj["record"]["rules"] == ROOK.rules_dict(ROOK.rules([], players))
    assert decode_record(data) == record
    result = verify_record(decode_record(data))
    assert result.ok, result.problem
    assert ROOK.is_over(result.final) == record.result.finished
    assert record.digest == ROOK.digest(result.final)


def test_a_rook_records_result_is_the_games_outcome() -> None:
    record = rook_record(4)
    state = replay_game(record).final
    assert record.result.finished and ROOK.is_over(state)
    assert record.result.winners == list(ROOK.winners(state))
    assert record.result.totals == list(ROOK.returns(state))
    assert record.result.deals == len(state.history)


def test_22_records_are_still_written_as_format_1() -> None:
    data = bot_bytes(2)
    assert data.startswith(b'{\n  "format": "tt22-record",\n  "format_version": 1,\n  "record"')
    assert bot_record(2).game == "twentytwo"
    for path in sorted(SAMPLES.glob("*.22rec")):
        if json.loads(path.read_bytes())["format_version"] == 1:
            record = load_record(path)
            assert record.game == "twentytwo"
            assert encode_record(record) == path.read_bytes()


def test_a_22_record_in_format_2_reads_as_the_same_record() -> None:
    """Another program may write 22 in format 2; it is the format-1 record exactly."""
    obj = json.loads(bot_bytes(2))
    obj = {"format": "tt22-record", "format_version": 2, "game": "twentytwo", **obj}
    obj["format_version"] = 2
    record = decode_record(data_of(obj))
    assert record == bot_record(2)
    assert verify_record(record).ok


# -- what is not a record of a game tt22 has: one line, exit 2 --------------------------------


def _error(obj: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as info:
        decode_record(data_of(obj))
    text = str(info.value)
    assert "\n" not in text
    return text


def test_format_1_has_no_game_member() -> None:
    obj = json.loads(bot_bytes(2))
    obj["game"] = "rook"
    assert "unknown field `game`" in _error(obj)


@pytest.mark.parametrize(
    ("game", "expected"),
    [
        ("chess", "game: a record of a game this tt22 does not have ('chess'); the games are"),
        ("\x1b[2Jrook", "game: a record of a game this tt22 does not have ('\\x1b[2Jrook')"),
        (7, "game: must be a game's name, a string"),
        (None, 'a format 2 record names its game: no "game"'),
    ],
)
def test_an_unknown_game_is_refused_in_one_line(game: object, expected: str) -> None:
    obj = rook_obj()
    if game is None:
        del obj["game"]
    else:
        obj["game"] = game
    assert _error(obj).startswith(expected)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            lambda r: r["rules"].update(trump_bonus=20),
            "record.rules: object contains unknown field `trump_bonus`",
        ),
        (
            lambda r: r["rules"].update(min_bid=0),
            "record.rules: min_bid must be 5 to 120, not 0 (K8)",
        ),
        (lambda r: r["rules"].update(bid_step=7), "record.rules: bid_step must be a multiple of 5"),
        (lambda r: r["rules"].update(decks=1), "unknown field `decks`"),
        (
            lambda r: r["players"].append(dict(r["players"][0])),
            "record.players: Rook is played by 2 to 4 players, not 5",
        ),
        (
            lambda r: r["moves"][0]["move"].update(seat=4),
            "record.moves[0].move.seat: seat 4 does not exist at a table of 4",
        ),
        (
            lambda r: r["moves"][0]["move"].update(type="exchange"),
            "record.moves[0].move.type: invalid value 'exchange'",
        ),
        (lambda r: r["result"].update(totals=[0, 0]), "one total per seat: 4, not 2"),
    ],
)
def test_rules_or_fields_the_game_does_not_have_are_refused(change: Any, expected: str) -> None:
    obj = rook_obj()
    change(obj["record"])
    assert expected in _error(obj)


def test_a_22_record_cannot_claim_rooks_rules_nor_rook_22s() -> None:
    obj = json.loads(bot_bytes(2))
    obj = {"format": "tt22-record", "format_version": 2, "game": "rook", "record": obj["record"]}
    assert "record.rules: object contains unknown field" in _error(obj)
    rook = rook_obj()
    rook["game"] = "twentytwo"
    assert "record.rules: object contains unknown field" in _error(rook)


def test_verify_refuses_unknown_games_with_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    obj = rook_obj()
    obj["game"] = "chess"
    path = write(tmp_path, obj)
    code, out, err = run(capsys, "verify", str(path))
    assert code == 2 and out == ""
    assert err == (
        f"{path}: game: a record of a game this tt22 does not have ('chess');"
        f" the games are {', '.join(game_names())}\n"
    )
    code, _, err = run(capsys, "show", str(path))
    assert code == 2 and len(err.splitlines()) == 1


# -- illegal moves: the move by number and the K rule, exit 1 ---------------------------------


def _first(record: Record, kind: type) -> int:
    return next(i for i, rm in enumerate(record.moves) if isinstance(rm.move, kind))


def _edited(record: Record, index: int, move: Any, insert: bool = False) -> Record:
    moves = list(record.moves)
    if insert:
        moves.insert(index, RecordedMove(move))
    else:
        moves[index] = RecordedMove(move)
    return msgspec.structs.replace(record, moves=moves)


def _bad_records() -> list[tuple[str, Record, int, str]]:
    record = rook_record(4)
    bid = _first(record, Bid)
    first_bid = record.moves[bid].move
    nest = _first(record, Nest)
    nest_move = record.moves[nest].move
    trump = _first(record, Trump)
    trump_move = record.moves[trump].move
    play = _first(record, Play) + 1
    play_move = record.moves[play].move
    return [
        ("an illegal bid", _edited(record, bid, Bid(first_bid.seat, 73)), bid, "K8"),
        (
            "a wrong nest",
            _edited(record, nest, Nest(nest_move.seat, nest_move.cards[:4])),
            nest,
            "K9",
        ),
        (
            "a trump named twice",
            _edited(record, trump + 1, Trump(trump_move.seat, "S"), insert=True),
            trump + 1,
            "K10",
        ),
        (
            "a card played out of turn",
            _edited(record, play, Play((play_move.seat + 1) % 4, play_move.card)),
            play,
            "K11",
        ),
    ]


@pytest.mark.parametrize("case", range(4))
def test_verify_names_a_rook_records_illegal_move_and_its_rule(
    case: int, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    what, record, index, rule = _bad_records()[case]
    path = tmp_path / "bad.22rec"
    path.write_bytes(
        msgspec.json.encode(
            {"format": "tt22-record", "format_version": 2, "game": "rook", "record": record}
        )
    )
    code, out, err = run(capsys, "verify", str(path))
    assert code == 1, what
    assert out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith(f"{path}: move {index + 1} of {len(record.moves)} (hand 1, ")
    assert f": breaks {rule}: " in err, (what, err)


def test_a_hostile_card_in_a_rook_move_is_printed_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    obj = rook_obj()
    moves = obj["record"]["moves"]
    k = next(i for i, m in enumerate(moves) if m["move"]["type"] == "play")
    moves[k]["move"]["card"] = "\x1b]0;owned\x07"
    path = write(tmp_path, obj)
    code, _, err = run(capsys, "verify", str(path))
    assert code == 1
    assert "\x1b" not in err and "\x07" not in err
    assert "breaks K11: \\x1b]0;owned\\x07 is not in the hand on turn" in err


def test_a_tampered_rook_record_fails_its_digest(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    obj = rook_obj(3)
    obj["record"]["digest"] = "sha256:" + "0" * 64
    code, _, err = run(capsys, "verify", str(write(tmp_path, obj)))
    assert code == 1 and "digest mismatch" in err


# -- verify and show ---------------------------------------------------------------------------


def test_verify_and_show_a_rook_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = rook_record(2)
    path = tmp_path / "rook.22rec"
    save_record(path, record)
    r = record.result
    code, out, _ = run(capsys, "verify", str(path))
    assert code == 0
    assert out == (
        f"{path}: ok (Rook, 2 players, {len(record.moves)} moves, {r.deals} hands,"
        f" finished, won by seat {r.winners[0]})\n"
    )
    state = replay_game(record).final
    code, out, _ = run(capsys, "show", "--format", "json", str(path))
    assert code == 0
    assert out == ROOK.transcript_json(state, record.seed, record.players)
    code, out, _ = run(capsys, "show", "--ascii", str(path))
    assert code == 0
    assert out.startswith("tt22 Rook game, seed 'rook kit'")
    assert "dummy" in out


def test_show_seat_of_a_rook_record_is_that_seats_transcript(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "rook.22rec"
    record = rook_record(4)
    save_record(path, record)
    code, out, err = run(capsys, "show", "--seat", "1", "--format", "json", str(path))
    assert code == 0 and err == ""
    states = replay_game(record).states
    assert json.loads(out) == ROOK.seat_transcript(states, record.seed, record.players, 1)
    assert json.loads(out)["seen_by"] == 1


# -- the replayer, the table and the record browser: 22 only, never a crash -----------------


def test_the_replayers_model_refuses_a_rook_record_with_a_reason() -> None:
    record = rook_record(4)
    result = replay_record(record)
    assert result.states == [] and not result.ok
    with pytest.raises(ReplayError, match="this is a record of Rook; the replayer and the table"):
        TwentyTwoReplay.from_record(record)


def test_the_record_browser_lists_a_rook_record_beside_22s(tmp_path: Path) -> None:
    from tt22.tui.replay.picker import describe_result, list_records

    save_record(tmp_path / "rook.22rec", rook_record(3))
    save_record(tmp_path / "twentytwo.22rec", bot_record(2))
    entries = {e.path.name: e for e in list_records(tmp_path)}
    assert entries["rook.22rec"].readable and entries["twentytwo.22rec"].readable
    assert "Bot 0" in entries["rook.22rec"].players
    rook = load_record(tmp_path / "rook.22rec")
    winners = [rook.players[s].name for s in rook.result.winners]
    assert winners and all(name in describe_result(rook) for name in winners)
    assert TwentyTwoReplay.from_record(load_record(tmp_path / "twentytwo.22rec")).end > 0


def test_the_autosave_does_not_resume_a_rook_game_as_22(tmp_path: Path) -> None:
    autosave = Autosave(tmp_path)
    unfinished = build_record(
        ROOK.rules([], 4),
        "rook kit",
        [Player(f"Bot {s}") for s in range(4)],
        [m.move for m in rook_record(4).moves[:10]],
        STARTED,
    )
    save_record(autosave.current_path, unfinished)
    assert autosave.load_current() is None
    assert autosave.problem is not None and "rook" in autosave.problem
    assert (tmp_path / "current.broken-1.22rec").exists()  # kept, not lost


def test_the_rook_example_in_the_spec_is_a_good_record() -> None:
    spec = (SAMPLES.parent / "docs" / "record-format.md").read_text(encoding="utf-8")
    section = spec.split("## Format 2: every game", 1)[1]
    example = section.split("```json\n", 1)[1].split("```", 1)[0]
    record = decode_record(example.encode())
    assert record.game == "rook"
    assert verify_record(record).ok
    assert encode_record(record).decode() == example  # tt22's own layout


# -- the Rook samples in records/ -------------------------------------------------------------

ROOK_SAMPLES = sorted(SAMPLES.glob("*rook*.22rec"))


def _make_samples() -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_samples", SAMPLES / "make_samples.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_rook_samples_cover_four_three_and_two_players_with_the_dummy() -> None:
    records = [load_record(p) for p in ROOK_SAMPLES]
    assert all(r.game == "rook" for r in records)
    assert sorted(len(r.players) for r in records) == [2, 3, 4]
    assert all(r.result.finished for r in records)
    two = next(r for r in records if len(r.players) == 2)
    states = replay_game(two).states
    dummy = [
        (s, rm.move)
        for s, rm in zip(states, two.moves, strict=False)
        if isinstance(rm.move, Play) and s.turn == 2
    ]
    assert dummy  # the dummy's cards were played, by its controller (K22)
    assert all(move.seat == s.controller(2) for s, move in dummy)


@pytest.mark.parametrize("path", ROOK_SAMPLES, ids=[p.name for p in ROOK_SAMPLES])
def test_each_rook_sample_verifies_and_is_what_make_samples_writes(path: Path) -> None:
    record = load_record(path)
    result = verify_record(record)
    assert result.ok, result.problem
    assert encode_record(record) == path.read_bytes()
    module = _make_samples()
    entry = next(e for e in module.ROOK_SAMPLES if e[0] == path.name)
    assert module.make_rook(*entry) == path.read_bytes()


async def test_the_record_browser_opens_22_and_rook_records_in_their_own_replayers(
    tmp_path: Path,
) -> None:
    from tt22.tui.app import StartOptions, TT22App
    from tt22.tui.games.rook.replay import RookReplayScreen
    from tt22.tui.games.twentytwo.replay import TwentyTwoReplayScreen
    from tt22.tui.replay.picker import RecordPicker

    mine = tmp_path / "mine"
    mine.mkdir()
    rook = mine / "rook.22rec"
    save_record(rook, rook_record(4))
    save_record(mine / "22.22rec", bot_record(2))
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RecordPicker(mine))
        while not isinstance(app.screen, RecordPicker):
            await pilot.pause()
        picker = app.screen
        assert isinstance(picker, RecordPicker)
        while not picker.entries:  # listed when it mounts
            await pilot.pause()
        entries = {e.path.name: e for e in picker.entries if not e.sample}
        assert entries["rook.22rec"].readable and entries["22.22rec"].readable
        assert any(e.sample and "rook" in e.path.name for e in picker.entries)
        assert picker.open(rook) is True  # Rook's own replayer
        await pilot.pause()
        assert isinstance(app.screen, RookReplayScreen)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, RecordPicker)
        from textual.widgets import DataTable

        table = picker.query_one(DataTable)
        table.move_cursor(row=[e.path.name for e in picker.entries].index("rook.22rec"))
        await pilot.press("enter")  # the Rook row: the same
        while not isinstance(app.screen, RookReplayScreen):
            await pilot.pause()
        await pilot.press("q")
        while not isinstance(app.screen, RecordPicker):
            await pilot.pause()
        table.move_cursor(row=[e.path.name for e in picker.entries].index("22.22rec"))
        await pilot.press("enter")
        while not isinstance(app.screen, TwentyTwoReplayScreen):
            await pilot.pause()


# -- the Rummy and Gin samples in records/ -----------------------------------------------------

RUMMY_SAMPLES = [SAMPLES / name for name in ("4p-rummy.22rec", "2p-gin.22rec")]
RUMMY_SAMPLES.append(SAMPLES / "2p-oklahoma-gin.22rec")


def test_the_rummy_samples_are_a_four_player_rummy_a_gin_and_an_oklahoma_gin_game() -> None:
    rummy, gin, oklahoma = (load_record(p) for p in RUMMY_SAMPLES)
    assert (rummy.game, len(rummy.players)) == ("rummy", 4)
    assert (gin.game, gin.rules.knock_limit) == ("gin", "10")
    assert (oklahoma.game, oklahoma.rules.knock_limit) == ("gin", "upcard")
    assert all(r.result.finished for r in (rummy, gin, oklahoma))
    hands = replay_game(oklahoma).final.history
    assert {h.start.limit for h in hands} > {10}  # the upcard sets the limit (G9)
    assert any(h.start.double for h in hands)  # and a spade doubles a hand


@pytest.mark.parametrize("path", RUMMY_SAMPLES, ids=[p.name for p in RUMMY_SAMPLES])
def test_each_rummy_sample_verifies_and_is_what_tt22_sim_plays(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = load_record(path)
    result = verify_record(record)
    assert result.ok, result.problem
    assert encode_record(record) == path.read_bytes()
    module = _make_samples()
    entry = next(e for e in module.RUMMY_SAMPLES if e[0] == path.name)
    assert module.make_rummy(*entry) == path.read_bytes()
    _, game, seed, players, bots, rules = entry
    argv = ["sim", "--game", game, "--seed", seed, "--bots", ",".join(bots), "--format", "json"]
    argv += ["--players", str(players)] if players != 2 else []
    argv += [f"--rule={r}" for r in rules]
    assert main(argv) == 0
    out = capsys.readouterr().out
    g = get_game(game)
    assert out == g.transcript_json(replay_game(record).final, seed, record.players)
