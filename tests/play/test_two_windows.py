"""Issue 9, item 2: two tt22 processes on one data folder never lose a match.

Process A (a real second process) plays a match; this process is window B. While A
owns the match in progress, B can neither start a match (which would set A's aside)
nor continue A's (which would then be written by both): it is told so in one line, and
A's moves all reach the disk. Once A is gone, B may go on with it.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from paths import ROOT
from pilotkit import wait_for

from tt22.core.players import Player
from tt22.games.twentytwo import Rules
from tt22.play.session import LocalSession
from tt22.record import Autosave, SlotBusy, load_record
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.twentytwo.table import TableScreen
from tt22.tui.i18n import set_language
from tt22.tui.screens.home import HomeScreen

WINDOW_A = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from tt22.games.twentytwo import Rules, legal_moves
    from tt22.core.players import Player
    from tt22.play.session import LocalSession

    seats = [Player("Ann"), Player("Bot 1", "bot", "random")]
    home = Path(sys.argv[1])
    s = LocalSession.start("twentytwo", Rules().for_players(2), "window A", seats, home)
    for _ in range(3):
        s.play(legal_moves(s.state)[0])
    print("ready", len(s.moves), flush=True)
    for line in sys.stdin:  # one more move per line; the end of input ends window A
        s.play(legal_moves(s.state)[0])
        print("moved", len(s.moves), flush=True)
    """
)
SEATS = [Player("Bea"), Player("Bot 1", "bot", "random")]


@pytest.fixture(autouse=True)
def _lang(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "C")
    monkeypatch.delenv("LC_ALL", raising=False)
    set_language("en")


@pytest.fixture
def window_a(tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    home = tmp_path / "data"
    a = subprocess.Popen(
        [sys.executable, "-c", WINDOW_A, str(home)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert a.stdout is not None
    assert a.stdout.readline().split() == ["ready", "3"]
    yield a
    if a.poll() is None:
        a.kill()
        a.wait()


def a_moves(a: subprocess.Popen[str]) -> int:
    assert a.stdin is not None and a.stdout is not None
    a.stdin.write("move\n")
    a.stdin.flush()
    word, n = a.stdout.readline().split()
    assert word == "moved"
    return int(n)


def end(a: subprocess.Popen[str]) -> None:
    assert a.stdin is not None
    a.stdin.close()
    assert a.wait(timeout=30) == 0


def current(home: Path) -> tuple[str, int]:
    record = load_record(home / "current.22rec")
    return record.seed, len(record.moves)


def test_a_second_process_cannot_take_the_match_in_progress(
    tmp_path: Path, window_a: subprocess.Popen[str]
) -> None:
    home = tmp_path / "data"
    assert current(home) == ("window A", 3)
    with pytest.raises(SlotBusy) as busy:
        LocalSession.start("twentytwo", Rules().for_players(2), "window B", SEATS, home)
    assert busy.value.pid == window_a.pid
    with pytest.raises(SlotBusy):
        LocalSession.resume(home)
    assert not (home / "records").exists()  # A's match was not set aside
    assert a_moves(window_a) == 4
    assert current(home) == ("window A", 4)  # and A goes on saving it
    end(window_a)
    # A is gone (however it ends, the lock goes with it): B may go on with the match.
    session = LocalSession.resume(home)
    assert session is not None and session.seed == "window A" and len(session.moves) == 4
    session.release()


async def test_the_app_says_so_and_starts_nothing(
    tmp_path: Path, window_a: subprocess.Popen[str]
) -> None:
    home = tmp_path / "data"
    app = TT22App(StartOptions(language="en", home=home, pace=30.0))
    told: list[str] = []
    notify = app.notify

    def spy(message: str, **kw: object) -> None:
        told.append(message)
        notify(message, **kw)  # type: ignore[arg-type]

    app.notify = spy  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        app.start_match(Rules().for_players(2), "window B", SEATS)
        await pilot.press("c")  # continue: A's match is on the home screen
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        busy = [m for m in told if "Another tt22 window" in m]
        assert len(busy) == 2 and f"process {window_a.pid}" in busy[0]
        assert current(home) == ("window A", 3)
        assert a_moves(window_a) == 4
        end(window_a)
        # A has left: the same key now continues A's match, at A's last move.
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.session.seed == "window A" and len(table.session.moves) >= 4
        # and while B's table is open, B owns the match: a third process is refused.
        probe = subprocess.run(
            [sys.executable, "-c", "import sys; from pathlib import Path\n"
             "from tt22.record import Autosave, SlotBusy\n"
             "try:\n    Autosave(Path(sys.argv[1])).claim()\nexcept SlotBusy as e:\n"
             "    print('busy', e.pid)\nelse:\n    print('free')", str(home)],
            capture_output=True, text=True, cwd=ROOT, timeout=60,
        )  # fmt: skip
        import os

        assert probe.stdout.split() == ["busy", str(os.getpid())]
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
    # B left the table: the match is free again for anyone.
    autosave = Autosave(home)
    autosave.claim()
    autosave.release()


def test_claims_in_one_process_are_counted(tmp_path: Path) -> None:
    """ "Again with this seed" starts a match before the old table lets go: no conflict."""
    first = LocalSession.start("twentytwo", Rules().for_players(2), "one", SEATS, tmp_path)
    second = LocalSession.start("twentytwo", Rules().for_players(2), "two", SEATS, tmp_path)
    first.release()
    probe = subprocess.run(
        [sys.executable, "-c", "import sys; from pathlib import Path\n"
         "from tt22.record import Autosave, SlotBusy\n"
         "try:\n    Autosave(Path(sys.argv[1])).claim()\nexcept SlotBusy:\n    print('busy')\n"
         "else:\n    print('free')", str(tmp_path)],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert probe.stdout.strip() == "busy"
    second.release()
    second.release()  # (a second release is harmless)
