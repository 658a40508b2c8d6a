"""The seats drawn row by row look exactly as Rich's table drew them.

`SeatsTable` draws its lines itself when every cell fits on one line (the usual case,
and a move at a served table redraws the seats of every screen), and lays a Rich
`Table` out only when a cell wraps. The two must not differ by a cell or a style: here
both are drawn for many tables (2-9 seats, short, long and wide-character names, seats
out, penalty cards, the turn, the dealer, a viewer, bots) at many widths, in en, ko and
ja, with both card styles (60 tables at 5 widths per language).
"""

from __future__ import annotations

import random

import pytest
from rich.style import Style
from textual.app import App, ComposeResult

from tt22.games.twentytwo import Rules, new_match
from tt22.tui.i18n import set_language
from tt22.tui.widgets.lines import line_cells, rendered_lines
from tt22.tui.widgets.seats import SeatsTable
from tt22.tui.widgets.snapshot import TableSnapshot, from_state

NAMES = ["Ann", "Bo", "Carolina", "Dmitri Ivanovich", "김민준", "さくら", "X" * 20, "Eve Q", "?"]


class SeatsApp(App[None]):
    def compose(self) -> ComposeResult:
        yield SeatsTable(id="seats")


def snapshot(rng: random.Random, players: int) -> TableSnapshot:
    snap = from_state(new_match(Rules(), players, f"seats-{rng.random()}"), ["?"] * players)
    out = tuple(rng.random() < 0.2 for _ in range(players))
    return snap._replace(
        names=tuple(rng.choice(NAMES) for _ in range(players)),
        bots=tuple(rng.random() < 0.5 for _ in range(players)),
        to_move=rng.randrange(players),
        dealer=rng.randrange(players),
        viewer=rng.randrange(-1, players),
        hand_counts=tuple(rng.randrange(0, 13) for _ in range(players)),
        totals=tuple(rng.randrange(0, 25) for _ in range(players)),
        penalties=tuple(
            tuple(rng.sample(range(52), rng.choice([0, 0, 1, 2, 5]))) for _ in range(players)
        ),
        out=out,
    )


def cells(lines: list[tuple[object, ...]]) -> list[list[tuple[str, object]]]:
    """Each line's (character, style) cells; no style and the null style look alike."""
    return [[(ch, style or Style.null()) for ch, style in line_cells(line)] for line in lines]


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_rows_drawn_directly_match_richs_table(lang: str) -> None:
    set_language(lang)
    rng = random.Random(f"seats {lang}")
    app = SeatsApp()
    drawn = 0
    try:
        async with app.run_test(size=(120, 30)):
            seats = app.query_one(SeatsTable)
            for case in range(60):
                seats.snapshot = snapshot(rng, rng.randrange(2, 10))
                seats.ascii_style = case % 2 == 0
                for width in (rng.randrange(24, 80), 78, 98, 100, 118):
                    where = f"{lang} case {case} width {width}"
                    fast = seats._one_line_rows(width)
                    rich = rendered_lines(seats, seats._table(width), width)
                    if fast is None:  # (a cell wraps: Rich's table is drawn)
                        assert len(rich) > seats.snapshot.players + 1, where
                        continue
                    drawn += 1
                    assert cells(fast) == cells(rich), where
    finally:
        set_language("en")
    assert drawn > 150  # most tables are drawn row by row
