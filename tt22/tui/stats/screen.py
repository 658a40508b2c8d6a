"""The Stats screen (home's `t`): the player's history from the index (tt22/history).

Per game one row (played, won, places, average and best total, streak, time); under it
the chart of the highlighted game's recent results and the bots beaten and lost to; then
that game's recent matches, newest first, each opening in its game's replayer (Enter);
at the foot today's daily deal and the last days, and the one line to paste to a friend
(`y` copies it). Nothing here knows a game's rules: the unit and which way is better are
the game's answers (`Game.score_unit`, `lower_is_better`), the places the index's.

The index is brought in step with the records folder in a thread (a first build of a
large folder takes a second or two), the screen saying so meanwhile. Every name, path and
problem from a record reaches the screen through `plain`/`say` (tt22.tui.safe_text).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.cells import cell_len
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Static

from tt22.core.safe import printable
from tt22.tui.bindings import translate_bindings
from tt22.tui.i18n import level_name, t
from tt22.tui.safe_text import plain, say
from tt22.tui.stats.words import SECTION, st
from tt22.tui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from tt22.history import DailyResult, GameStats, Match

__all__ = ["StatsScreen", "hms"]

DAYS = 7
DAILY_CELLS = 150
"""The daily line's width at most: two lines of an 80-column screen, less padding."""


def hms(seconds: float | None) -> str:
    """A time played as h:mm:ss (m:ss under an hour), "-" when no record held one."""
    from tt22.history import clock

    return "-" if seconds is None else clock(seconds)


AGAINST_CELLS = 44
"""The opponents' column at most: what is left of 80 columns after the date (with its
daily mark), the place and the total; more is cut with `…` (the replayer names all)."""


def fit(text: str, cells: int) -> str:
    """`text` cut to at most `cells` terminal cells, `…` marking a cut (a wide
    character, Korean or Japanese, takes two)."""
    if cell_len(text) <= cells:
        return text
    out = ""
    for ch in text:
        if cell_len(out + ch) > cells - 1:
            break
        out += ch
    return out + "…"


def fill_table(
    table: DataTable[Any], headers: list[str], rows: list[list[str]], width: int
) -> None:
    """`table` emptied and filled with `rows` (plain text, never markup), each column as
    wide as its widest cell, and the widest narrowed (their cells cut with `…`) until
    the table fits a screen `width` cells wide: set here, not left to the table to
    measure, so the columns are the same at every drawing (a table filled while hidden
    kept its headers' widths) and never need a sideways scroll bar."""
    table.clear(columns=True)
    widths = [
        max([cell_len(header), *(cell_len(row[i]) for row in rows)])
        for i, header in enumerate(headers)
    ]
    room = width - 1 - 2 * len(headers)  # (a cell of padding either side; the scroll bar)
    while sum(widths) > room:
        i = max(range(len(widths)), key=lambda k: widths[k])
        if widths[i] <= 4:
            break
        widths[i] -= 1
    for i, header in enumerate(headers):
        table.add_column(plain(fit(header, widths[i])), width=widths[i], key=str(i))
    for i, row in enumerate(rows):
        table.add_row(*(plain(fit(cell, widths[k])) for k, cell in enumerate(row)), key=str(i))
    if rows:
        table.move_cursor(row=0)


def _title(game: str) -> str:
    from tt22.tui.screens.setup import game_title

    return game_title(game)


def _places(g: GameStats) -> str:
    """How often 1st, 2nd, 3rd and 4th or worse: `3-2-1-0`."""
    four = sum(n for p, n in g.places.items() if p >= 4)
    return "-".join(str(g.places.get(p, 0)) for p in (1, 2, 3)) + f"-{four}"


def _streak(g: GameStats) -> str:
    if not g.streak.length:
        return "-"
    return st("streak.won" if g.streak.won else "streak.lost", n=g.streak.length)


def _number(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:g}" if isinstance(value, int) else f"{value:.1f}"


def _levels(counts: dict[str, int]) -> str:
    if not counts:
        return st("none")
    return t("sep.list").join(f"{level_name(printable(k, 40))} {v}" for k, v in counts.items())


def share_text(match: Match) -> str:
    """Today's daily result in the player's words, as one line of plain text (game,
    date, place, total: no card, no move)."""
    from tt22.history import share_line

    unit = {u: st(f"unit.{u}") for u in ("penalty", "points")}
    return share_line(match, _title(match.game), st("share_line"), unit)


class StatsScreen(Screen[None]):
    """The player's history (see the module's docstring)."""

    DEFAULT_CSS = """
    StatsScreen #stats-title { height: 1; padding: 0 1; text-style: bold; }
    StatsScreen #stats-games { height: auto; max-height: 9; scrollbar-size-vertical: 1; }
    StatsScreen #stats-chart { height: auto; padding: 0 1; }
    StatsScreen #stats-matches { height: 1fr; scrollbar-size-vertical: 1; }
    StatsScreen #stats-daily { height: auto; padding: 0 1; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "key.back", id="stats.back"),
        Binding("tab", "switch", "key.switch", id="stats.switch", key_display="tab"),
        Binding("y", "copy_share", "key.copy", id="stats.copy"),
    ]

    def __init__(self, home: Path | None = None, today: dt.date | None = None) -> None:
        super().__init__()
        translate_bindings(self, SECTION)
        self.home = home
        self.today = today
        self.stats: list[GameStats] = []
        self.matches: list[Match] = []
        self.days: list[DailyResult] = []
        self.shown: list[Match] = []  # the rows of the matches table, newest first
        self.skipped = 0
        self.loaded = False
        self.problem = ""

    def compose(self) -> ComposeResult:
        yield Static(plain(f"{st('title')} · {st('loading')}"), id="stats-title")
        yield DataTable(id="stats-games", cursor_type="row", zebra_stripes=True)
        yield Static(id="stats-chart")
        yield DataTable(id="stats-matches", cursor_type="row", zebra_stripes=True)
        yield Static(id="stats-daily")
        yield KeyBar(compact=False)

    def on_mount(self) -> None:
        self.load()

    @work(thread=True, exclusive=True)
    def load(self) -> None:
        """The index in step with the records (in this thread), then the screen filled."""
        from tt22.history import (
            HistoryError,
            daily_results,
            game_stats,
            open_index,
            person_matches,
        )
        from tt22.record import data_dir

        home = self.home or getattr(self.app, "home_dir", None) or data_dir()
        try:
            db, _ = open_index(home)
            try:
                matches = person_matches(db, home / "records")
                skipped = db.execute(
                    "SELECT count(*) FROM files WHERE status = 'skipped'"
                ).fetchone()[0]
            finally:
                db.close()
        except HistoryError as e:
            self.app.call_from_thread(self.failed, str(e))
            return
        except Exception as e:  # (sqlite3.Error, OSError: said in one line, not a crash)
            self.app.call_from_thread(self.failed, f"{type(e).__name__}: {e}")
            return
        today = self.today or dt.datetime.now(dt.UTC).date()
        stats = game_stats(matches)
        days = daily_results(matches, today, DAYS)
        self.app.call_from_thread(self.fill, stats, matches, days, int(skipped))

    def failed(self, reason: str) -> None:
        self.problem = reason
        self.loaded = True
        self.query_one("#stats-title", Static).update(
            plain(st("failed", reason=printable(reason, 300)))
        )

    def fill(
        self,
        stats: list[GameStats],
        matches: list[Match],
        days: list[DailyResult],
        skipped: int,
    ) -> None:
        self.stats, self.matches, self.days, self.skipped = stats, matches, days, skipped
        n = len(matches)
        title = f"{st('title')} · {st('count1') if n == 1 else st('count', n=n)}"
        if skipped:
            title += f" · {st('skipped', n=skipped)}"
        self.query_one("#stats-title", Static).update(plain(title))
        games = self.query_one("#stats-games", DataTable)
        rows = [
            [
                _title(g.game),
                str(g.played),
                str(g.won),
                _places(g),
                _number(g.average),
                _number(g.best),
                _streak(g),
                hms(g.seconds),
            ]
            for g in stats
        ]
        keys = ("game", "played", "won", "places", "average", "best", "streak", "time")
        fill_table(games, [st(f"col.{k}") for k in keys], rows, self.app.size.width)
        games.display = bool(stats)
        self.query_one("#stats-matches", DataTable).display = bool(stats)
        if stats:
            games.move_cursor(row=0)
            self.show_game(0)
            games.focus()
        else:
            self.query_one("#stats-chart", Static).update(plain(st("empty")))
        self.show_daily()
        self.loaded = True
        self.refresh_bindings()

    def show_game(self, index: int) -> None:
        """The chart, the bots and the recent matches of the game on row `index`."""
        from tt22.history import chart_lines

        g = self.stats[index]
        ascii_style = bool(getattr(getattr(self.app, "ascii_chrome", None), "enabled", False))
        heading = st(
            "chart",
            game=_title(g.game),
            n=len(g.recent),
            unit=st(f"unit.{g.unit}"),
            better=st("lower" if g.lower_is_better else "higher"),
        )
        totals = [m.mine.total for m in g.recent]
        # Four rows of bars, three when six games or more leave the matches little room.
        height = 4 if len(self.stats) < 6 else 3
        wins = [m.won for m in g.recent]
        lines = [heading, *chart_lines(totals, wins, height=height, ascii_style=ascii_style)]
        lines.append(st("bots", beaten=_levels(g.beaten), lost=_levels(g.lost_to)))
        self.query_one("#stats-chart", Static).update(plain("\n".join(lines)))
        table = self.query_one("#stats-matches", DataTable)
        self.shown = list(reversed(g.recent))
        rows = []
        for m in self.shown:
            others = [s for s in m.seats if s.seat != m.person]
            against = fit(
                t("sep.list").join(
                    level_name(printable(s.bot or "", 20))
                    if s.kind == "bot"
                    else printable(s.name, 20)
                    for s in others
                ),
                AGAINST_CELLS,
            )
            when = m.started.replace("T", " ").removesuffix("Z")[:16]
            if m.daily is not None:
                when += f" {st('daily.mark')}"
            rows.append(
                [when, st("place", place=m.mine.place, n=m.players), str(m.mine.total), against]
            )
        headers = [st(f"col.{k}") for k in ("date", "place", "total", "against")]
        fill_table(table, headers, rows, self.app.size.width)

    def show_daily(self) -> None:
        """Today's daily result and the last days', and the line to paste."""
        parts = [
            f"{day.date[5:]} {_title(m.game)} {st('place', place=m.mine.place, n=m.players)}"
            for day in self.days
            for m in day.matches
        ]
        # Two lines at most at 80 columns: the newest days first, the rest left for the
        # table above (which lists every daily deal, marked).
        while len(parts) > 1 and cell_len(st("daily", days=" · ".join(parts) + " …")) > DAILY_CELLS:
            parts.pop()
        more = " …" if sum(len(d.matches) for d in self.days) > len(parts) else ""
        days = " · ".join(parts) + more if parts else st("daily.none")
        line = st("daily", days=days)
        share = self.share()
        if share is not None:
            line += "\n" + st("share", line=share)
        self.query_one("#stats-daily", Static).update(plain(line))

    def share(self) -> str | None:
        if not self.days or not self.days[0].matches:
            return None
        return share_text(self.days[0].matches[0])

    @on(DataTable.RowHighlighted, "#stats-games")
    def _game_highlighted(self, event: DataTable.RowHighlighted) -> None:
        key = event.row_key.value
        if key is not None and self.stats:
            self.show_game(int(key))

    @on(DataTable.RowSelected, "#stats-games")
    def _game_selected(self, event: DataTable.RowSelected) -> None:
        table = self.query_one("#stats-matches", DataTable)
        if table.row_count:
            table.focus()

    @on(DataTable.RowSelected, "#stats-matches")
    def _match_selected(self, event: DataTable.RowSelected) -> None:
        key = event.row_key.value
        if key is not None:
            self.open(self.shown[int(key)].path)

    def open(self, path: Path) -> bool:
        """Open the record at `path` in its game's replayer (the registry's opener), or
        say in one line why not."""
        from tt22.play.replay import ReplayError
        from tt22.record import RecordError, load_record
        from tt22.tui.tables import REPLAYERS, open_replay

        try:
            record = load_record(path)
            if record.game not in REPLAYERS:
                raise RecordError(f"{_title(record.game)}: no replayer")
            open_replay(self.app, record.game, record, path)
        except (RecordError, ReplayError, OSError) as e:
            reason = str(e) if not isinstance(e, OSError) else (e.strerror or str(e))
            say(self, st("bad", reason=printable(reason)), severity="error")
            return False
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "copy_share":
            return self.loaded and self.share() is not None
        if action == "switch":
            return bool(self.stats)
        return True

    def action_switch(self) -> None:
        games = self.query_one("#stats-games", DataTable)
        matches = self.query_one("#stats-matches", DataTable)
        (matches if games.has_focus else games).focus()

    def action_copy_share(self) -> None:
        share = self.share()
        if share is None:
            say(self, st("no_share"))
            return
        self.app.copy_to_clipboard(share)
        say(self, st("copied", line=share))

    def action_back(self) -> None:
        self.dismiss(None)
