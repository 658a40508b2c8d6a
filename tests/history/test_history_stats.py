"""What the history says: streaks, best totals the game's way round, bots beaten and lost
to, resigned and unfinished matches, the daily days, the line to paste, the chart."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import msgspec
from conftest import WriteMatch, played, seats

from tt22.core.registry import get_game
from tt22.history import (
    Match,
    Seat,
    chart_lines,
    daily_results,
    game_stats,
    open_index,
    person_matches,
    share_line,
)
from tt22.record import build_record, save_record


def match(
    game: str,
    started: str,
    mine: tuple[int, int, bool],
    bots: list[tuple[str, int]],
    daily: str | None = None,
) -> Match:
    """A match where the person (seat 0) finished at place/total/won, and bots of the
    given levels at the given places."""
    place, total, won = mine
    seat_rows = [Seat(0, "Ann", "human", None, total, place, won)]
    for s, (level, bot_place) in enumerate(bots, 1):
        seat_rows.append(Seat(s, f"Bot {s}", "bot", level, 0, bot_place, bot_place == 1))
    n = len(seat_rows)
    return Match(
        f"{started}.22rec",
        Path(f"/r/{started}.22rec"),
        game,
        started,
        "s",
        n,
        1,
        0,
        daily,
        None,
        None,
        tuple(seat_rows),
    )


def test_streaks_best_and_bots_follow_the_games_own_answers() -> None:
    ms = [
        match("twentytwo", "2026-12-01T01:00:00Z", (1, 5, True), [("hard", 2), ("easy", 3)]),
        match("twentytwo", "2026-12-01T02:00:00Z", (1, 9, True), [("hard", 2), ("easy", 2)]),
        match("twentytwo", "2026-12-01T03:00:00Z", (2, 30, False), [("hard", 1), ("easy", 3)]),
        match("twentytwo", "2026-12-01T04:00:00Z", (1, 2, True), [("hard", 2), ("easy", 3)]),
        match(
            "rook",
            "2026-12-01T05:00:00Z",
            (2, 120, False),
            [("normal", 1), ("normal", 2), ("normal", 1)],
        ),
        match(
            "rook",
            "2026-12-01T06:00:00Z",
            (1, 310, True),
            [("normal", 2), ("normal", 1), ("normal", 2)],
        ),
    ]
    twentytwo, rook = game_stats(ms)
    assert (twentytwo.game, rook.game) == ("twentytwo", "rook")
    assert (twentytwo.unit, twentytwo.lower_is_better) == ("penalty", True)
    assert (rook.unit, rook.lower_is_better) == ("points", False)
    assert twentytwo.best == 2 and rook.best == 310  # the lowest penalty, the most points
    assert twentytwo.average == 11.5
    assert (twentytwo.played, twentytwo.won, twentytwo.places) == (4, 3, {1: 3, 2: 1})
    assert (twentytwo.streak.won, twentytwo.streak.length, twentytwo.longest_win) == (True, 1, 2)
    assert twentytwo.beaten == {"easy": 4, "hard": 3} and twentytwo.lost_to == {"hard": 1}
    # A partner (level with you) counts neither way.
    assert rook.beaten == {"normal": 2} and rook.lost_to == {"normal": 2}


def test_the_daily_days_are_today_and_the_six_before_newest_first() -> None:
    ms = [
        match("twentytwo", "2026-12-03T08:00:00Z", (2, 10, False), [("hard", 1)], "2026-12-03"),
        match("rook", "2026-12-01T08:00:00Z", (1, 200, True), [("hard", 2)], "2026-12-01"),
        match("rook", "2026-11-20T08:00:00Z", (1, 200, True), [("hard", 2)], "2026-11-20"),
    ]
    days = daily_results(ms, dt.date(2026, 12, 3))
    assert [d.date for d in days][:3] == ["2026-12-03", "2026-12-02", "2026-12-01"]
    assert len(days) == 7
    assert [len(d.matches) for d in days] == [1, 0, 1, 0, 0, 0, 0]
    line = share_line(days[0].matches[0], get_game("twentytwo").title)
    assert line == "tt22 Twenty-Two daily 2026-12-03: place 2 of 2, 10 penalty points"


def test_a_resigned_match_counts_as_not_won_and_last_an_unfinished_one_not_at_all(
    home: Path, write_match: WriteMatch
) -> None:
    rules, moves = played("twentytwo", "resign")
    when = dt.datetime(2026, 12, 1, tzinfo=dt.UTC)
    part = build_record(rules, "resign", seats(4), list(moves[:9]), when)
    save_record(home / "records" / "open.22rec", part)
    resigned = msgspec.structs.replace(
        part, result=msgspec.structs.replace(part.result, resigned=0)
    )
    save_record(home / "records" / "resigned.22rec", resigned)
    db, report = open_index(home)
    assert (report.indexed, report.unfinished) == (1, 1)
    (m,) = person_matches(db, home / "records")
    assert m.name == "resigned.22rec" and m.resigned == 0
    assert not m.won and m.mine.place == max(s.place for s in m.seats)
    (g,) = game_stats([m])
    assert (g.played, g.won) == (1, 0)


def test_the_chart_is_as_tall_as_asked_and_marks_the_wins() -> None:
    rows = chart_lines([0, 10, 20, 40], [False, False, True, False], height=4)
    assert len(rows) == 5
    assert rows[0].startswith("40 ┤") and rows[3].startswith(" 0 ┤")
    columns = [[row[5 + 2 * i] for row in rows[:4]] for i in range(4)]
    assert columns[3] == ["█"] * 4  # the highest, full
    assert columns[0] == [" "] * 4  # nothing
    assert columns[2] == [" ", " ", "█", "█"]  # half
    assert rows[4].split() == ["·", "·", "W", "·"]
    ascii_rows = chart_lines([0, 10, 20, 40], [False, False, True, False], ascii_style=True)
    assert all(row.isascii() for row in ascii_rows)
    assert ascii_rows[4].split() == [".", ".", "W", "."]
    assert chart_lines([], []) == []
    negative = chart_lines([-50, 100], [False, True], height=3)
    assert negative[0].startswith("100 ┤") and negative[2].startswith("-50 ┤")
