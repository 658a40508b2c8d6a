"""How the Textual app feels over a real terminal (a pseudo-terminal of 80x24).

    /work/venv/bin/python benchmarks/bench_tui.py [--runs N] [--only PART ...]
    (or `python benchmarks/run.py tui -- --only screens`)

1. Start-up: launching `tt22` until the home screen is drawn, next to a bare
   `python -c "import textual.app"` measured in the same run.
2. Key to screen: at the table, a cursor key until the terminal has the updated screen
   (first byte back, and the last byte of the update).
3. Screen open: at the home screen, the key of each screen (new game, help, settings,
   replay browser), and at a table the score screen, until its text has arrived and the
   terminal is quiet again. The goal is 150 ms each (issue 10); the help, a screen of
   one text, is the yardstick measured in the same run on this shared machine, and the
   load average is printed with the figures. The app's CPU time per open is printed
   too: the other programs on a loaded machine stretch the time to the screen, hardly
   the work the app does.
4. Bytes per move: the bytes the app writes to the terminal over a whole watched match
   (`tt22 play --watch --pace 0.05`), divided by the moves in the saved record: what an
   SSH link must carry.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path
from statistics import median

PY = sys.executable
TT22 = shutil.which("tt22", path=str(Path(PY).parent)) or "tt22"


class Term:
    """A program running in its own pseudo-terminal, output collected as bytes."""

    def __init__(self, argv: list[str], env: dict[str, str], size: tuple[int, int] = (80, 24)):
        self.master, slave = pty.openpty()
        cols, rows = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.start = time.perf_counter()
        self.proc = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
        )
        os.close(slave)
        self.data = bytearray()

    def read(self, timeout: float) -> bytes:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return b""
        try:
            chunk = os.read(self.master, 65536)
        except OSError:
            return b""
        self.data += chunk
        return chunk

    def wait_for(self, needle: bytes, timeout: float = 30.0) -> float:
        """Seconds since start until `needle` has appeared in the output."""
        end = time.perf_counter() + timeout
        while needle not in self.data:
            if time.perf_counter() > end:
                raise TimeoutError(f"{needle!r} did not appear")
            self.read(0.05)
        return time.perf_counter() - self.start

    def quiet(self, gap: float = 0.15) -> None:
        while self.read(gap):
            pass

    def send(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def close(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        os.close(self.master)


def env_for(home: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(TT22_HOME=home, TERM="xterm-256color", LANG="C.UTF-8", COLUMNS="80", LINES="24")
    env.pop("NO_COLOR", None)
    return env


def bare_import() -> float:
    start = time.perf_counter()
    subprocess.run([PY, "-c", "import textual.app"], check=True)
    return time.perf_counter() - start


def startup(home: str) -> float:
    term = Term([TT22], env_for(home))
    try:
        return term.wait_for(b"Twenty-Two")
    finally:
        term.close()


def key_latency(home: str, presses: int) -> tuple[list[float], list[float]]:
    term = Term(
        [TT22, "play", "--players", "3", "--seed", "bench-keys", "--pace", "0"], env_for(home)
    )
    first: list[float] = []
    done: list[float] = []
    try:
        term.wait_for(b"Enter with nothing selected")
        term.quiet(0.3)
        for i in range(presses):
            term.send(b"\x1b[C" if i % 2 == 0 else b"\x1b[D")
            sent = time.perf_counter()
            while not term.read(2.0):
                pass
            first.append(time.perf_counter() - sent)
            last = time.perf_counter()
            while term.read(0.05):
                last = time.perf_counter()
            done.append(last - sent)
    finally:
        term.close()
    return first, done


SCREENS = (
    # (key at the home screen, text only that screen draws, its name)
    (b"n", b"Decks (R1)", "new game"),
    (b"?", b"How to play 22", "help"),
    (b"s", b"Language", "settings"),
    (b"r", b"Replay a record", "replay browser"),
)


# (key at the table, text only that screen draws, its name)
TABLE_SCREENS = ((b"s", b"Penalty totals after each deal", "score screen"),)


def cpu_seconds(pid: int) -> float:
    """CPU time the process `pid` has used (user and system, all its threads), from
    /proc; 0 where there is no /proc. In clock ticks (10 ms), so it is summed over the
    opens: unlike the time to the screen, it hardly depends on what else the shared
    machine runs."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


CPU = "(cpu)"  # the key in open_each's result for a screen's CPU seconds, per open


def open_each(
    term: Term, screens: tuple[tuple[bytes, bytes, str], ...], runs: int
) -> dict[str, list[float]]:
    """Each screen opened `runs` times in `term`'s app: seconds from the key until its
    text has arrived and the terminal has gone quiet (the update is complete), then
    Escape back; and under `name + CPU`, the app's CPU seconds over that time."""
    times: dict[str, list[float]] = {name: [] for _, _, name in screens}
    times.update({name + CPU: [] for _, _, name in screens})
    for _ in range(runs):
        for key, needle, name in screens:
            mark = len(term.data)
            cpu = cpu_seconds(term.proc.pid)
            term.send(key)
            sent = time.perf_counter()
            end = sent + 10
            while needle not in term.data[mark:] and time.perf_counter() < end:
                term.read(0.02)
            if needle not in term.data[mark:]:
                raise TimeoutError(f"{name}: {needle!r} did not appear")
            last = time.perf_counter()
            while term.read(0.1):
                last = time.perf_counter()
            times[name].append(last - sent)
            times[name + CPU].append(cpu_seconds(term.proc.pid) - cpu)
            term.send(b"\x1b")
            term.quiet(0.4)
    return times


def screen_open(home: str, runs: int) -> dict[str, list[float]]:
    """Each screen of the home screen, then the score screen at a table (3 players,
    one person, on the person's turn)."""
    term = Term([TT22], env_for(home))
    try:
        term.wait_for(b"Twenty-Two")
        term.quiet(0.5)
        times = open_each(term, SCREENS, runs)
    finally:
        term.close()
    table = [TT22, "play", "--players", "3", "--seed", "bench-keys", "--pace", "0"]
    term = Term(table, env_for(home))
    try:
        term.wait_for(b"Enter with nothing selected")
        term.quiet(0.5)
        times.update(open_each(term, TABLE_SCREENS, runs))
    finally:
        term.close()
    return times


def bytes_per_move(
    home: str, players: int, seed: str, pace: str = "0.05"
) -> tuple[int, int, float]:
    """At pace 0 frames coalesce (several moves drawn at once) and the figure depends on
    the machine's load; at 0.05 s every move is drawn, as in a game people watch."""
    term = Term(
        [
            TT22,
            "play",
            "--watch",
            "--players",
            str(players),
            "--seed",
            seed,
            "--pace",
            pace,
            "--bot",
            "easy",
        ],
        env_for(home),
    )
    try:
        elapsed = term.wait_for(b"Again with this seed", 600)
        total = len(term.data)
    finally:
        term.close()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tt22.record import load_record

    records = sorted(Path(home, "records").glob("*.22rec"))
    moves = len(load_record(records[-1]).moves)
    return total, moves, elapsed


PARTS = ("startup", "keys", "screens", "bytes")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="start-up runs (median shown)")
    parser.add_argument("--presses", type=int, default=30)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", default="bench-watch")
    parser.add_argument(
        "--only",
        nargs="+",
        choices=PARTS,
        default=list(PARTS),
        help="measure only these parts (default: all)",
    )
    args = parser.parse_args()
    if "startup" in args.only:
        measure_startup(args.runs)
    if "keys" in args.only:
        measure_keys(args.presses)
    if "screens" in args.only:
        measure_screens(args.runs)
    if "bytes" in args.only:
        measure_bytes(args.players, args.seed)
    return 0


def measure_startup(runs: int) -> None:
    with tempfile.TemporaryDirectory() as home:
        bare = [bare_import() for _ in range(runs)]
        ups = [startup(home) for _ in range(runs)]
        print(
            f"start-up, `tt22` to the drawn home screen: median {median(ups) * 1000:.0f} ms"
            f" (min {min(ups) * 1000:.0f}, {runs} runs)"
        )
        print(
            f"bare `python -c 'import textual.app'`:    median {median(bare) * 1000:.0f} ms"
            f" (min {min(bare) * 1000:.0f})"
        )


def measure_keys(presses: int) -> None:
    with tempfile.TemporaryDirectory() as home:
        first, done = key_latency(home, presses)
        print(
            f"cursor key to screen: first byte median {median(first) * 1000:.1f} ms,"
            f" update complete median {median(done) * 1000:.1f} ms"
            f" (max {max(done) * 1000:.1f}, {presses} presses)"
        )


def measure_screens(runs: int) -> None:
    before = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    with tempfile.TemporaryDirectory() as home:
        opened = screen_open(home, runs)
    help_median = median(opened["help"])
    settings_median = median(opened["settings"])
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average before: {before}; after: {load}")
    for name, times in opened.items():
        if name.endswith(CPU):
            continue
        cpu = sum(opened[name + CPU]) / len(times)
        print(
            f"open {name + ':':16} median {median(times) * 1000:.0f} ms"
            f" (max {max(times) * 1000:.0f}, {len(times)} opens;"
            f" {median(times) / help_median:.2f}x the help,"
            f" {median(times) / settings_median:.2f}x the settings; goal 150 ms);"
            f" app CPU {cpu * 1000:.0f} ms per open"
        )


def measure_bytes(players: int, seed: str) -> None:
    with tempfile.TemporaryDirectory() as home:
        total, moves, elapsed = bytes_per_move(home, players, seed)
        print(
            f"watched match ({players} easy bots, pace 0.05, 80x24): {total} bytes for"
            f" {moves} moves = {total / moves:.0f} bytes/move; {elapsed:.1f} s"
        )


if __name__ == "__main__":
    raise SystemExit(main())
