"""Regenerate the README's screenshots (SVG, 80x24): the table and the replayer.

.venv/bin/python docs/img/screenshots.py
"""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def position(players: int, seed: str) -> tuple[object, list[object], int]:
    """A match of random legal moves and a position with seat 0 to play mid-trick."""
    from tt22.games.twentytwo import PLAY, Rules, apply, legal_moves, new_match

    rules = Rules().for_players(players)
    state = new_match(rules, players, seed)
    rng = random.Random(seed)
    moves: list[object] = []
    states = [state]
    while not state.over:
        move = rng.choice(legal_moves(state))
        moves.append(move)
        state = apply(state, move)
        states.append(state)
    for p, s in enumerate(states):
        if (
            s.deal.number >= 3
            and s.phase == PLAY
            and s.to_move == 0
            and s.tricks
            and len(s.plays) == players - 1
        ):
            return rules, moves, p
    raise SystemExit("no such position")


async def main() -> None:
    os.environ["TT22_HOME"] = tempfile.mkdtemp()
    import datetime as dt

    from tt22.core.players import Player
    from tt22.play.session import LocalSession
    from tt22.record.verify import build_record
    from tt22.tui.app import StartOptions, TT22App
    from tt22.tui.games.twentytwo.replay import TwentyTwoReplay, TwentyTwoReplayScreen
    from tt22.tui.games.twentytwo.table import TableScreen

    names = ["Ann", "Bot 1", "Bot 2", "Bot 3"]
    rules, moves, p = position(4, "readme")
    seats = [Player(names[0])] + [Player(n, "bot", "normal") for n in names[1:]]
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        from tt22.games.twentytwo import apply, new_match

        state = new_match(rules, 4, "readme")
        for m in moves[:p]:
            state = apply(state, m)
        session = LocalSession("twentytwo", rules, "readme", seats, state=state, moves=moves[:p])
        await app.push_screen(TableScreen(session))
        await pilot.pause(0.3)
        app.save_screenshot("table.svg", str(HERE))
        app.pop_screen()
        record = build_record(rules, "readme", seats, moves, dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
        await app.push_screen(
            TwentyTwoReplayScreen(TwentyTwoReplay.from_record(record), None, start=p)
        )
        await pilot.pause(0.3)
        app.save_screenshot("replay.svg", str(HERE))


if __name__ == "__main__":
    asyncio.run(main())
