"""`LocalSession` (tt22/play/session.py) over the game protocol alone: every game, 22
included, plays a whole match of bots from the seats' views, autosaved in the data folder's
one slot (with its lock) and filed with the records when it ends; resume picks it up
exactly."""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import pytest

from tt22.core.bots import levels
from tt22.core.players import Player
from tt22.core.registry import get_game
from tt22.play.session import LocalSession
from tt22.record import Autosave, SlotBusy, load_record, verify_record


@pytest.mark.parametrize(
    ("name", "players", "rules"),
    [
        ("rook", 3, ("target=100",)),
        ("gin", 2, ()),
        ("rummy", 3, ()),
        ("twentytwo", 3, ("elimination_at=8",)),
    ],
)
def test_a_whole_match_of_any_game_with_bots(
    tmp_path: Path, name: str, players: int, rules: tuple[str, ...]
) -> None:
    game = get_game(name)
    seats = [Player(f"Bot {s}", "bot", levels(name)[1]) for s in range(players)]
    session = LocalSession.start(game, game.rules(list(rules), players), "session", seats, tmp_path)
    seen: list[int] = []

    class Watch:
        """A bot that records whose view it was given, then asks the real one."""

        def __init__(self, bot: object) -> None:
            self.bot = bot

        def choose(self, view: object) -> object:
            seen.append(view.seat)  # type: ignore[attr-defined]
            return self.bot.choose(view)  # type: ignore[attr-defined]

    session.bots = {s: Watch(b) for s, b in session.bots.items()}
    half = 0
    while not session.over:
        seat = session.to_move
        session.play(session.bot_move())
        assert seen[-1] == seat  # each bot saw its own seat's view only
        half += 1
        if half == 30:  # leave the table and come back: the same match, exactly
            moves = list(session.moves)
            session.release()
            session = LocalSession.resume(tmp_path)  # type: ignore[assignment]
            assert session is not None and session.moves == moves
            session.bots = {s: Watch(b) for s, b in session.bots.items()}
    assert session.saved_path is not None and session.saved_path.parent.name == "records"
    record = load_record(session.saved_path)
    assert record.game == name and record.result.finished
    assert verify_record(record).ok
    assert Autosave(tmp_path, (name,)).load_current() is None  # the slot is free again
    session.release()


def test_every_game_shares_the_one_slot_and_its_lock(tmp_path: Path) -> None:
    rook = get_game("rook")
    seats = [Player("Ann"), *(Player(f"Bot {s}", "bot", "normal") for s in range(1, 4))]
    session = LocalSession.start(rook, rook.rules([], 4), "slot", seats, tmp_path)
    session.play(
        session.bot_move()
        if session.is_bot(session.to_move)
        else session.legal_moves(session.to_move)[0]
    )
    # The one session type continues the match in progress of whichever game it is.
    again = LocalSession.resume(tmp_path)
    assert again is not None and again.game.name == "rook" and again.moves == session.moves
    again.release()
    assert Autosave(tmp_path, ("twentytwo", "rook")).load_current() is not None
    session.release()
    # Another process holding the lock: a Rook match cannot start there.
    import subprocess
    import sys

    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\nfrom pathlib import Path\nfrom tt22.record import Autosave\n"
            "Autosave(Path(sys.argv[1])).claim()\nprint('held', flush=True)\ntime.sleep(30)\n",
            str(tmp_path),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(SlotBusy):
            LocalSession.start(rook, rook.rules([], 4), "slot 2", seats, tmp_path)
        with pytest.raises(SlotBusy):
            LocalSession.resume(tmp_path)
    finally:
        holder.kill()
        holder.wait()


# -- what 22's MatchSession offered, now every game's -----------------------------------

GAMES = [("twentytwo", 3), ("rook", 4), ("rummy", 3), ("gin", 2)]


def _one_person(name: str, players: int) -> list[Player]:
    return [Player("Ann"), *(Player(f"Bot {s}", "bot", "easy") for s in range(1, players))]


def _play_some(session: LocalSession, moves: int) -> None:
    for _ in range(moves):
        seat = session.to_move
        if session.is_bot(seat):
            session.play(session.bot_move())
        else:
            session.play(session.hint(session.view(seat)))


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_record_is_what_the_record_layer_builds(name: str, players: int) -> None:
    """The session writes no record of its own making: its record, byte for byte, is
    `build_record` of its moves (format 1 for 22, format 2 naming the game for others)."""
    import json

    from tt22.record import build_record, encode_record

    game = get_game(name)
    session = LocalSession(game, game.rules([], players), "bytes", _one_person(name, players))
    _play_some(session, 12)
    started = dt.datetime.fromisoformat(session.record.started)
    built = build_record(session.rules, session.seed, session.players, session.moves, started)
    assert encode_record(session.record) == encode_record(built)
    header = json.loads(encode_record(session.record))
    assert header["format_version"] == (1 if name == "twentytwo" else 2)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_seed_shows_only_as_its_commitment_while_a_person_plays(
    name: str, players: int
) -> None:
    game = get_game(name)
    session = LocalSession(game, game.rules([], players), "hidden", _one_person(name, players))
    assert session.shown_seed.startswith("sha256:") and "hidden" not in session.shown_seed
    bots = [Player(f"Bot {s}", "bot", "easy") for s in range(players)]
    assert LocalSession(game, game.rules([], players), "open", bots).shown_seed == "open"


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_take_back_resign_and_play_from_here(tmp_path: Path, name: str, players: int) -> None:
    from tt22.record import fork_record

    game = get_game(name)
    session = LocalSession.start(
        game, game.rules([], players), "undo", _one_person(name, players), tmp_path
    )
    while len([m for m in session.moves if m.seat == 0]) < 2:
        _play_some(session, 1)
    while session.is_bot(session.to_move):
        _play_some(session, 1)
    assert session.can_take_back
    kept = session.moves[: max(i for i, m in enumerate(session.moves) if m.seat == 0)]
    gone = session.take_back()
    assert gone >= 1 and session.moves == kept and session.to_move == 0
    assert session.record.moves[-1].takebacks == 1
    # Play from here: a fork of the first moves goes on as the match in progress.
    session.release()
    n = len(session.moves)
    fork = fork_record(session.record, n, "undo.22rec", dt.datetime.now(dt.UTC))
    forked = LocalSession.from_record(fork, tmp_path)
    assert forked.moves == session.moves and forked.game.name == name
    assert forked.record.origin is not None and forked.record.origin.moves == n
    assert forked.claimed or sys.platform == "win32"
    # Resigning files it with the records, saying who resigned.
    path = forked.resign()
    assert path is not None and load_record(path).result.resigned == forked.resigner()
    forked.release()
    assert LocalSession.resume(tmp_path) is None  # (no match in progress any more)


def test_a_record_that_is_over_does_not_go_on(tmp_path: Path) -> None:
    game = get_game("twentytwo")
    bots = [Player(f"Bot {s}", "bot", "random") for s in range(2)]
    session = LocalSession(game, game.rules(["elimination_at=3"], 2), "over", bots)
    while not session.over:
        session.play(session.bot_move())
    with pytest.raises(ValueError, match="the match in the record is over"):
        LocalSession.from_record(session.record, tmp_path)


def test_a_bots_failure_propagates_from_bot_move() -> None:
    game = get_game("rook")
    bots = [Player(f"Bot {s}", "bot", "easy") for s in range(4)]
    session = LocalSession(game, game.rules([], 4), "raise", bots)

    class Boom:
        def choose(self, view: object) -> object:
            raise RuntimeError("boom")

    session.bots[session.to_move] = Boom()
    with pytest.raises(RuntimeError, match="boom"):
        session.bot_move()  # (no first legal move in its place)
    assert session.moves == []


def test_22s_fold_is_the_engines_own_apply() -> None:
    from tt22.games.twentytwo import state

    bots = [Player(f"Bot {s}", "bot", "random") for s in range(3)]
    session = LocalSession("twentytwo", get_game("twentytwo").rules([], 3), "hot", bots)
    assert session.game.apply is state.apply
