"""A player's history from the index: per game the matches played and won, the places,
the totals, streaks, the bots beaten and lost to, the time played; the daily deals; the
line a player pastes to a friend.

Nothing here knows a game's rules: what a total counts and which way is better are asked
of the game (`Game.score_unit`, `Game.lower_is_better`), and places were worked out when
the match was indexed. The numbers are plain data (NamedTuples), so the command line, its
JSON and the Stats screen say the same thing.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from tt22.core.registry import game_names, get_game

__all__ = [
    "RECENT",
    "DailyResult",
    "GameStats",
    "Match",
    "Seat",
    "Streak",
    "clock",
    "daily_results",
    "game_stats",
    "person_matches",
    "share_line",
]

RECENT = 20
"""How many of a game's latest matches the chart and the list show."""


class Seat(NamedTuple):
    seat: int
    name: str
    kind: str
    bot: str | None
    total: int
    place: int
    winner: bool


class Match(NamedTuple):
    """One indexed match, as the person at its `person` seat played it."""

    name: str  # the file's name in the records folder
    path: Path
    game: str
    started: str  # `YYYY-MM-DDTHH:MM:SSZ`
    seed: str
    players: int
    deals: int
    person: int
    daily: str | None  # the daily deal's date, `YYYY-MM-DD`
    seconds: float | None
    resigned: int | None
    seats: tuple[Seat, ...]

    @property
    def mine(self) -> Seat:
        return self.seats[self.person]

    @property
    def won(self) -> bool:
        return self.mine.winner


class Streak(NamedTuple):
    won: bool  # a run of wins, or of matches not won
    length: int


class GameStats(NamedTuple):
    game: str
    title: str
    unit: str  # "points" or "penalty" (the game's `score_unit`)
    lower_is_better: bool
    played: int
    won: int
    places: dict[int, int]  # place -> how many times
    average: float | None
    best: int | None
    streak: Streak  # the current run
    longest_win: int
    beaten: dict[str, int]  # bot level -> bot seats finished ahead of
    lost_to: dict[str, int]  # bot level -> bot seats that finished ahead
    seconds: float | None  # the thinking times the records hold, added up
    recent: tuple[Match, ...]  # the last RECENT, oldest first


class DailyResult(NamedTuple):
    date: str
    matches: tuple[Match, ...]  # the person's daily deals of that date, every game


def person_matches(db: sqlite3.Connection, folder: Path, game: str | None = None) -> list[Match]:
    """Every indexed match with a person at it (of `game` only, when given), oldest
    first."""
    query = (
        "SELECT name, game, started, seed, players, deals, person, daily, seconds, resigned"
        " FROM matches WHERE person IS NOT NULL"
    )
    args: tuple[str, ...] = ()
    if game is not None:
        query += " AND game = ?"
        args = (game,)
    rows = db.execute(query + " ORDER BY started, name", args).fetchall()
    seats: dict[str, list[Seat]] = {}
    for name, seat, player, kind, bot, total, place, winner in db.execute(
        "SELECT name, seat, player, kind, bot, total, place, winner FROM seats"
        " WHERE name IN (SELECT name FROM matches WHERE person IS NOT NULL)"
        " ORDER BY name, seat"
    ):
        seats.setdefault(name, []).append(Seat(seat, player, kind, bot, total, place, bool(winner)))
    out = []
    for name, g, started, seed, n, deals, person, daily, seconds, resigned in rows:
        mine = tuple(seats.get(name, ()))
        if len(mine) != n or not 0 <= person < n:
            continue  # (rows of a batch cut short cannot be: written together; guard only)
        out.append(
            Match(
                name,
                folder / name,
                g,
                started,
                seed,
                n,
                deals,
                person,
                daily,
                seconds,
                resigned,
                mine,
            )
        )
    return out


def _streaks(results: Sequence[bool]) -> tuple[Streak, int]:
    current = Streak(True, 0)
    longest = run = 0
    for won in results:
        run = run + 1 if won else 0
        longest = max(longest, run)
        if current.length and current.won == won:
            current = Streak(won, current.length + 1)
        else:
            current = Streak(won, 1)
    return current, longest


def _stats_of(game: str, matches: Sequence[Match]) -> GameStats:
    g = get_game(game)
    lower = bool(g.lower_is_better)
    totals = [m.mine.total for m in matches]
    places: dict[int, int] = {}
    beaten: dict[str, int] = {}
    lost_to: dict[str, int] = {}
    for m in matches:
        me = m.mine
        places[me.place] = places.get(me.place, 0) + 1
        for s in m.seats:
            if s.kind != "bot" or s.seat == m.person:
                continue
            level = s.bot or "bot"
            if me.place < s.place:
                beaten[level] = beaten.get(level, 0) + 1
            elif s.place < me.place:
                lost_to[level] = lost_to.get(level, 0) + 1
    current, longest = _streaks([m.won for m in matches])
    times = [m.seconds for m in matches if m.seconds is not None]
    return GameStats(
        game=game,
        title=g.title,
        unit=g.score_unit,
        lower_is_better=lower,
        played=len(matches),
        won=sum(m.won for m in matches),
        places=dict(sorted(places.items())),
        average=round(sum(totals) / len(totals), 2) if totals else None,
        best=(min(totals) if lower else max(totals)) if totals else None,
        streak=current,
        longest_win=longest,
        beaten=dict(sorted(beaten.items())),
        lost_to=dict(sorted(lost_to.items())),
        seconds=round(sum(times), 3) if times else None,
        recent=tuple(matches[-RECENT:]),
    )


def game_stats(matches: Sequence[Match]) -> list[GameStats]:
    """Each game the person played, in the registry's order (a game no longer
    registered is left out: its records are skipped when read)."""
    by_game: dict[str, list[Match]] = {}
    for m in matches:
        by_game.setdefault(m.game, []).append(m)
    return [_stats_of(name, by_game[name]) for name in game_names() if name in by_game]


def daily_results(matches: Sequence[Match], today: dt.date, days: int = 7) -> list[DailyResult]:
    """The person's daily deals of today and the `days - 1` days before, newest first
    (a day with none has no matches)."""
    by_date: dict[str, list[Match]] = {}
    for m in matches:
        if m.daily is not None:
            by_date.setdefault(m.daily, []).append(m)
    out = []
    for back in range(days):
        date = (today - dt.timedelta(days=back)).isoformat()
        out.append(DailyResult(date, tuple(by_date.get(date, ()))))
    return out


def clock(seconds: float) -> str:
    """A time played as h:mm:ss, or m:ss under an hour (whole seconds)."""
    whole = round(seconds)
    h, rest = divmod(whole, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


SHARE = "tt22 {game} daily {date}: place {place} of {players}, {total} {unit}"
"""The English of the line to paste; an interface passes its own words."""

UNIT_WORDS = {"points": "points", "penalty": "penalty points"}


def share_line(
    match: Match,
    title: str,
    template: str = SHARE,
    unit_words: dict[str, str] | None = None,
) -> str:
    """One line of plain text for a friend: the game, the date, the place and the total.
    Nothing else: no card, no move, no seed beyond the date everyone's daily deal has,
    so it gives nothing away of a deal still being played today."""
    unit = get_game(match.game).score_unit
    words = unit_words or UNIT_WORDS
    me = match.mine
    return template.format(
        game=title,
        date=match.daily or match.started[:10],
        place=me.place,
        players=match.players,
        total=me.total,
        unit=words.get(unit, unit),
    )
