"""The seats pane scrolls by whole rows, under a column header that stays in view.

Nine long names wrap their rows over two lines at 80x24, so the seats do not fit and
the pane scrolls itself to the seat on turn. It used to stop inside a row: the pane
began with the end of a name ("X.", its start above the edge), and in the replayer
the column header scrolled away with the rows. Asserted on what reached the terminal
(`TerminalMirror`), in the replayer (a seat's view, moved with Home and End as a
player does) and on the live table, in en/ko/ja.
"""

from __future__ import annotations

import pytest
from layoutkit import TerminalMirror, crop, names_for, played_match, record_of, states_of
from rich.cells import cell_len
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget

from tt22.core.players import Player
from tt22.games.twentytwo import PLAY
from tt22.play.session import LocalSession
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.twentytwo.replay import TwentyTwoReplay, TwentyTwoReplayScreen
from tt22.tui.games.twentytwo.table import TableScreen
from tt22.tui.i18n import set_language, t
from tt22.tui.widgets.seats import SeatsHead, SeatsPane, SeatsTable, keep_in_view
from tt22.tui.widgets.snapshot import from_state

SIZE = (80, 24)
PLAYERS = 9


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.pause()


def assert_rows_whole(
    lines: list[str], head: Widget, pane: Widget, seats: SeatsTable, where: str
) -> None:
    """The header names the columns on the line over the pane; the pane's top line
    begins a row (its mark or card count is not blank: a name's second line has
    neither); the row of the seat on turn is on screen with all its lines. (In a pane
    of one line, under a trick that takes the room, the header gives way to the row.)"""
    area = pane.region
    if not head.display:
        assert area.height <= 1, f"{where}: the header is hidden over {area.height} lines"
        return
    assert head.region.bottom == pane.region.y, f"{where}: the header is not over the rows"
    (header,) = crop(lines, head.region)
    for word in (t("col.cards"), t("col.seat"), t("col.penalty")):
        assert word in header, f"{where}: the column header is off screen: {header!r}"
    # The cells left of the names' column: the turn mark and the cards held.
    lead = cell_len(header[: header.index(t("col.seat"))])
    starts = crop(lines, Region(area.x, area.y, lead, area.height))
    rows = crop(lines, area)
    assert rows[0].strip(), f"{where}: the pane begins with a blank line"
    assert starts[0].strip(), f"{where}: the pane begins inside a row: {rows[0].strip()!r}"
    snap = seats.snapshot
    assert snap is not None
    if snap.to_move < 0 or snap.out[snap.to_move]:
        return
    marked = [y for y, x in enumerate(starts) if "▶" in x]
    assert len(marked) == 1, f"{where}: the seat on turn is off screen"
    span = seats.row_lines(snap.to_move)
    assert span is not None
    height = span[1] - span[0]
    if height <= area.height:
        assert marked[0] + height <= area.height, f"{where}: the row on turn is cut"
    else:  # (a pane lower than the row: the row's start, at the top)
        assert marked[0] == 0, f"{where}: the row on turn does not start the pane"


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_nine_long_names_scroll_by_whole_rows_under_the_header(lang: str) -> None:
    model = TwentyTwoReplay.from_record(record_of(PLAYERS))
    states = states_of(PLAYERS)
    app = TT22App(StartOptions(language=lang, pace=1e6))  # (the bots wait: a still table)
    async with app.run_test(size=SIZE) as pilot:
        mirror = TerminalMirror(app, SIZE)
        replay = TwentyTwoReplayScreen(model, None, start=0, seat=3)
        await app.push_screen(replay)
        await settle(pilot)
        head = replay.query_one("#replay-seats-head")
        pane = replay.query_one("#replay-table")
        seats = replay.query_one("#replay-seats", SeatsTable)
        for key in ("start", "end", "home", *(str(p) for p in range(1, 400, 37))):
            if key in ("end", "home"):
                await pilot.press(key)
            elif key.isdigit():
                replay.go(int(key))
            await settle(pilot)
            where = f"replayer {lang} at {key} (move {replay.p})"
            assert_rows_whole(mirror.lines(), head, pane, seats, where)
        app.pop_screen()
        await settle(pilot)
        # The live table: the last seat on turn (the row farthest down), the bots still.
        rules, moves = played_match(PLAYERS)
        names = names_for(PLAYERS)
        seats_of = [Player(names[0])] + [Player(n, "bot", "random") for n in names[1:]]
        last = [
            p
            for p, s in enumerate(states)
            if not s.over and s.phase == PLAY and s.to_move == PLAYERS - 1
        ]
        for p in last[:: len(last) // 3][:3]:
            session = LocalSession(
                "twentytwo", rules, "layout", seats_of, state=states[p], moves=moves[:p]
            )
            table = TableScreen(session)
            await app.push_screen(table)
            await settle(pilot)
            assert_rows_whole(
                mirror.lines(),
                table.query_one("#seats-head"),
                table.query_one("#seats-pane"),
                table.query_one("#seats", SeatsTable),
                f"table {lang} at move {p}",
            )
            app.pop_screen()
            await settle(pilot)


class _Seats(App[None]):
    """The seats' header over their pane, the pane `height` lines."""

    def __init__(self, height: int) -> None:
        super().__init__()
        self.height = height

    def compose(self) -> ComposeResult:
        yield SeatsHead(id="head")
        with SeatsPane(id="pane") as pane:
            pane.styles.height = self.height
            yield SeatsTable(id="seats")


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_last_row_on_turn_under_a_wrapped_row_leaves_the_top_at_a_row_start(
    lang: str,
) -> None:
    """The pane cannot scroll past its content's end: with the last seat on turn and
    the row over it wrapped, the top stopped inside that row ("Papadopoulou (bot)",
    its start above the edge). Blank lines under the last row let it reach the row's
    start; once the seat on turn is higher up they go again."""
    state = next(s for s in states_of(PLAYERS) if s.phase == PLAY)
    names = [*(f"P{i}" for i in range(7)), "Bartholomew Fitzgerald-Papadopoulou", "Ana"]
    snap = from_state(state, names, bots=(False,) * 7 + (True, False))
    for height in (2, 3):
        set_language(lang)
        app = _Seats(height)
        async with app.run_test(size=SIZE) as pilot:
            mirror = TerminalMirror(app, SIZE)
            seats = app.query_one(SeatsTable)
            seats.pin_header(app.query_one(SeatsHead))
            pane = app.query_one(SeatsPane)
            for to_move in (8, 0, 8):
                seats.show(snap._replace(to_move=to_move, dealer=to_move), False)
                await settle(pilot)
                keep_in_view(pane, seats)
                await settle(pilot)
                lines = mirror.lines()
                where = f"{lang}, pane of {height}, seat {to_move} on turn"
                assert "…" not in "".join(lines), where
                assert_rows_whole(lines, app.query_one(SeatsHead), pane, seats, where)
                if to_move == 0:
                    assert pane.slack == 0, f"{where}: blank lines under the rows"
    set_language("en")
