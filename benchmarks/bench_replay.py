"""Replayer speed: time to open a 100-deal record and to step one move.

No legal match reaches 100 deals: with the largest table (9 players, two decks) and the
highest elimination mark the rules allow (elimination_at = 40, R5) a match of random
bots lasts about 30 deals (the longest of the seeds tried here is printed). So the
100-deal figure is measured on several whole bot matches opened one after another until
their deals add up to 100 or more (each a real, verifying record written to disk), and
the single longest match is timed on its own as well.

"Open" is what `tt22 replay FILE` and the picker do: read and decode the file, fold every
move through the engine (verifying the digest), and build the move list; "screen open"
adds mounting the replay screen headless (Textual's Pilot) until it has drawn once.
"Step" is one → press on that screen (model, seat table, hands, move list and chart
updated), averaged over many presses, and the model's own step (`state(p)`).

Run: `python benchmarks/bench_replay.py [--seeds N]`.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import statistics
import tempfile
import time
from pathlib import Path

from tt22.core.bots import play_match
from tt22.core.players import Player
from tt22.games.twentytwo import TWENTYTWO, Rules
from tt22.games.twentytwo.bots import make_bot
from tt22.record import RecordedMove, build_record, load_record, save_record
from tt22.tui.games.twentytwo.replay import TwentyTwoReplay

RULES = Rules(elimination_at=40)
PLAYERS = 9
STARTED = dt.datetime(2026, 11, 30, tzinfo=dt.UTC)


def long_matches(seeds: int, folder: Path) -> list[tuple[Path, int, int]]:
    """(file, deals, moves) of bot matches at 9 players, elimination at 40, longest first."""
    out = []
    for i in range(seeds):
        seed = f"bench replay {i}"
        bots = [make_bot("random", seed, s) for s in range(PLAYERS)]
        state, moves, _ = play_match(TWENTYTWO, RULES, seed, bots)
        seats = [Player(f"Bot {s + 1}", "bot", "random") for s in range(PLAYERS)]
        recorded = [RecordedMove(m, think=0.5) for m in moves]
        record = build_record(RULES, seed, seats, recorded, STARTED)
        path = folder / f"m{i}.22rec"
        save_record(path, record)
        out.append((path, state.deal.number, len(moves)))
    out.sort(key=lambda t: t[1], reverse=True)
    return out


def open_seconds(path: Path) -> tuple[float, TwentyTwoReplay]:
    t0 = time.perf_counter()
    model = TwentyTwoReplay.from_record(load_record(path))
    return time.perf_counter() - t0, model


async def screen_figures(path: Path, presses: int) -> tuple[float, float, float, float]:
    """Seconds: to open the screen until drawn; per → press through Pilot (key, update,
    redraw and Pilot's own waits); per press of an unbound key (Pilot's cost alone); per screen
    update without drawing (`TwentyTwoReplayScreen.go`: model to widgets)."""
    os.environ.setdefault("TT22_HOME", tempfile.mkdtemp())
    from tt22.tui.games.twentytwo.replay import TwentyTwoReplayScreen
    from tt22.tui.replay.app import replay_app

    t0 = time.perf_counter()
    model = TwentyTwoReplay.from_record(load_record(path))
    app = replay_app(model, path, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        while not (isinstance(app.screen, TwentyTwoReplayScreen) and app.screen.ready):
            await pilot.pause(0.001)
        await pilot.pause()
        opened = time.perf_counter() - t0
        screen = app.screen
        assert isinstance(screen, TwentyTwoReplayScreen)
        screen.go(model.goto("2"))
        await pilot.pause()
        t1 = time.perf_counter()
        for _ in range(presses):
            await pilot.press("right")
        step = (time.perf_counter() - t1) / presses
        assert screen.p == model.goto("2") + presses
        t2 = time.perf_counter()
        for _ in range(presses):
            await pilot.press("x")  # a key nothing is bound to: Pilot's own cost
        pause = (time.perf_counter() - t2) / presses
        start = screen.p
        t3 = time.perf_counter()
        for i in range(presses):
            screen.go(start - 1 - i % 50)
        update = (time.perf_counter() - t3) / presses
    return opened, step, pause, update


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=8, help="bot matches to generate")
    parser.add_argument("--presses", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        matches = long_matches(args.seeds, Path(tmp))
        longest, deals, moves = matches[0]
        print(f"longest natural match of {args.seeds} seeds: {deals} deals, {moves} moves")
        # 100 deals: whole matches opened one after another until 100 deals are covered.
        chosen: list[tuple[Path, int, int]] = []
        while sum(d for _, d, _ in chosen) < 100:
            chosen.append(matches[len(chosen) % len(matches)])
        total_deals = sum(d for _, d, _ in chosen)
        total_moves = sum(m for _, _, m in chosen)
        runs = []
        for _ in range(3):
            runs.append(sum(open_seconds(p)[0] for p, _, _ in chosen))
        print(
            f"open {len(chosen)} records, {total_deals} deals, {total_moves} moves:"
            f" {min(runs) * 1000:.0f} ms (best of 3; median {statistics.median(runs) * 1000:.0f})"
        )
        single = [open_seconds(longest)[0] for _ in range(5)]
        per_move = min(single) / moves
        print(f"open the longest record ({deals} deals): {min(single) * 1000:.0f} ms")
        print(
            f"  per move {per_move * 1e6:.1f} us: a 100-deal record of ~{total_moves} moves"
            f" would open in ~{per_move * total_moves * 1000:.0f} ms"
        )
        _, model = open_seconds(longest)
        t0 = time.perf_counter()
        n = 0
        for p in range(model.end + 1):
            model.state(p)
            model.where(p)
            n += 1
        print(f"model step (state + position line): {(time.perf_counter() - t0) / n * 1e6:.1f} us")
        opened, step, pause, update = asyncio.run(screen_figures(longest, args.presses))
        print(f"replay screen open (headless, 80x24, until drawn): {opened * 1000:.0f} ms")
        print(f"one → press through Pilot (mean of {args.presses}): {step * 1000:.1f} ms")
        print(f"  an unbound key through Pilot (its own cost): {pause * 1000:.1f} ms")
        print(f"  screen update without drawing (TwentyTwoReplayScreen.go): {update * 1000:.2f} ms")


if __name__ == "__main__":
    main()
