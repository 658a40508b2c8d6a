"""A resigned match is kept as resigned (issue 21, review L2: the record browser listed
it as "unfinished, deal 2" and `tt22 show` said only "Unfinished match."): its record
names the person who resigned (`result.resigned`), verification accepts it and refuses
one that names a bot or a match that is over, and the browser and `show` say so."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from pilotkit import wait_for

from tt22.core.players import Player
from tt22.core.registry import get_game
from tt22.games.twentytwo import Rules, legal_moves
from tt22.play.session import LocalSession
from tt22.record import RecordError, decode_record, encode_record, load_record, replay_game
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.i18n import set_language
from tt22.tui.replay.picker import RecordPicker, describe_result, wrap_label


@pytest.fixture(autouse=True)
def _english() -> None:
    set_language("en")  # (the language is the process's: another test may have left ja)


SEATS = [Player("Ann"), Player("Bot 1", "bot", "normal"), Player("Bot 2", "bot", "normal")]


def resigned_22(home: Path) -> Path:
    session = LocalSession.start("twentytwo", Rules().for_players(3), "resign", SEATS, home)
    for _ in range(4):  # every seat's first legal move: the exchanges and a lead
        session.play(legal_moves(session.state)[0])
    path = session.resign()
    assert path is not None
    return path


def resigned_rook(home: Path) -> Path:
    players = [Player("Ann"), *(Player(f"Bot {s}", "bot", "normal") for s in (1, 2, 3))]
    game = get_game("rook")
    session = LocalSession.start(game, game.rules((), 4), "resign", players, home)
    for _ in range(6):
        session.play(session.game.legal_moves(session.state)[0])
    path = session.resign()
    assert path is not None
    return path


@pytest.mark.parametrize("make", [resigned_22, resigned_rook])
def test_a_resigned_record_names_who_resigned_and_verifies(tmp_path: Path, make: object) -> None:
    path = make(tmp_path)  # type: ignore[operator]
    record = load_record(path)
    assert record.result.resigned == 0 and not record.result.finished
    assert replay_game(record).ok
    assert describe_result(record) == f"Ann resigned, deal {record.result.deals}"
    if record.game == "twentytwo":  # format 1 has no such member: an older tt22 says "newer"
        assert json.loads(path.read_bytes())["format_version"] == 2
    verify = subprocess.run(
        [sys.executable, "-m", "tt22", "verify", str(path)], capture_output=True, text=True
    )
    assert verify.returncode == 0, verify.stdout + verify.stderr
    show = subprocess.run(
        [sys.executable, "-m", "tt22", "show", str(path)], capture_output=True, text=True
    )
    assert show.returncode == 0
    assert f"Resigned by Ann (seat 0) in deal {record.result.deals}." in show.stdout


def test_a_record_that_never_resigned_is_written_as_before(tmp_path: Path) -> None:
    session = LocalSession.start("twentytwo", Rules().for_players(3), "resign", SEATS, tmp_path)
    session.play(legal_moves(session.state)[0])
    data = encode_record(session.record)
    assert b"resigned" not in data and json.loads(data)["format_version"] == 1


@pytest.mark.parametrize(
    ("seat", "finished", "why"),
    [(1, False, "only a person resigns"), (5, False, "does not exist"), (0, True, "is over")],
)
def test_a_false_resignation_is_refused(
    tmp_path: Path, seat: int, finished: bool, why: str
) -> None:
    record = load_record(resigned_22(tmp_path))
    result = msgspec.structs.replace(record.result, resigned=seat, finished=finished)
    data = encode_record(record).replace(
        msgspec.json.encode(record.result), msgspec.json.encode(result)
    )
    assert data != encode_record(record)
    with pytest.raises(RecordError, match=why):
        decode_record(data)


def test_file_names_break_after_their_separators() -> None:
    name = "2026-12-01T18-44-01Z-MEKU-FVMM.22rec"
    lines = wrap_label(name, 24)
    assert "".join(lines) == name
    assert all(len(line) <= 24 for line in lines)
    assert all(line[-1] in "-_." for line in lines[:-1])  # never "MEK" / "U-FVMM.22rec"
    assert wrap_label("sample 2p-rook-dummy", 12) == ["sample", "2p-rook-", "dummy"]


async def test_the_browser_counts_one_record_and_home_end_move(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    resigned_22(tmp_path)
    assert len(list(folder.glob("*.22rec"))) == 1
    app = TT22App(StartOptions(language="en", home=tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.screen.is_mounted)
        app.push_screen(RecordPicker(folder))
        await wait_for(pilot, lambda: isinstance(app.screen, RecordPicker))
        picker = app.screen
        await wait_for(pilot, lambda: bool(picker.entries))
        title = str(picker.query_one("#pick-title").render())
        assert "1 record" in title and "1 records" not in title
        table = picker.query_one("#pick-table")
        assert "Ann resigned, deal 1" in str(table.get_row_at(0))
        await pilot.press("end")
        await wait_for(pilot, lambda: table.cursor_row == len(picker.entries) - 1)
        assert table.cursor_row > 0  # the samples come after the one record
        await pilot.press("home")
        await wait_for(pilot, lambda: table.cursor_row == 0)
