"""`LocalSession` (tt22/play/session.py) over the game protocol alone: every game, 22
included, plays a whole match of bots from the seats' views, autosaved in the data folder's
one slot (with its lock) and filed with the records when it ends; resume picks it up
exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from tt22.core.players import Player
from tt22.core.registry import get_game
from tt22.play.session import LocalSession, game_levels
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
    seats = [Player(f"Bot {s}", "bot", game_levels(name)[1]) for s in range(players)]
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


def test_the_slot_and_its_lock_are_22s(tmp_path: Path) -> None:
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
