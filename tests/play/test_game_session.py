"""`GameSession` (tt22/tui/game_session.py) over the game protocol alone: every game with
bots plays a whole match from the seats' views, autosaved in the data folder's one slot
(with 22's lock) and filed with the records when it ends; resume picks it up exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from tt22.core.players import Player
from tt22.core.registry import get_game
from tt22.record import Autosave, SlotBusy, load_record, verify_record
from tt22.tui import tables
from tt22.tui.game_session import GameSession, game_levels
from tt22.tui.session import MatchSession


@pytest.mark.parametrize(
    ("name", "players", "rules"), [("rook", 3, ("target=100",)), ("gin", 2, ())]
)
def test_a_whole_match_of_any_game_with_bots(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    players: int,
    rules: tuple[str, ...],
) -> None:
    # The slot continues the games that have a table: Gin as if it had one.
    monkeypatch.setitem(tables.TABLES, name, "tests:none")
    game = get_game(name)
    seats = [Player(f"Bot {s}", "bot", game_levels(name)[1]) for s in range(players)]
    session = GameSession.start(game, game.rules(list(rules), players), "session", seats, tmp_path)
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
            session = GameSession.resume(tmp_path)  # type: ignore[assignment]
            assert session is not None and session.moves == moves
            session.bots = {s: Watch(b) for s, b in session.bots.items()}
    assert session.saved_path is not None and session.saved_path.parent.name == "records"
    record = load_record(session.saved_path)
    assert record.game == name and record.result.finished
    assert verify_record(record).ok
    assert Autosave(tmp_path, (name,)).load_current() is None  # the slot is free again
    session.release()


def test_the_slot_and_its_lock_are_22s(tmp_path: Path) -> None:
    rook = get_game("rook")
    seats = [Player("Ann"), *(Player(f"Bot {s}", "bot", "normal") for s in range(1, 4))]
    session = GameSession.start(rook, rook.rules([], 4), "slot", seats, tmp_path)
    session.play(
        session.bot_move()
        if session.is_bot(session.to_move)
        else session.legal_moves(session.to_move)[0]
    )
    # 22's session sees the match in progress is not its own and leaves it alone.
    assert MatchSession.resume(tmp_path) is None
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
            GameSession.start(rook, rook.rules([], 4), "slot 2", seats, tmp_path)
        with pytest.raises(SlotBusy):
            GameSession.resume(tmp_path)
    finally:
        holder.kill()
        holder.wait()
