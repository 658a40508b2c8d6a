"""`tt22 stats`: a player's history from the records folder (docs/stats.md).

Reads the history index (tt22/history), bringing it in step with the records first, so
what it prints is always what the records say. A record that cannot be read is skipped
with one line on standard error and counted; nothing in a record reaches the terminal
unescaped (`printable`, and `json_text` for JSON).
"""

from __future__ import annotations

import argparse
import datetime as dt
import sqlite3
import sys
from pathlib import Path
from typing import Any

from tt22.commands.common import UsageError
from tt22.commands.games import add_game_argument, game_from_args
from tt22.core.safe import json_text, printable

DESCRIPTION = "your matches: played, won, places, streaks, the daily deal"

JSON_VERSION = 1
"""The version of `--format json`'s object (docs/stats.md); a new member is a new
version."""


def configure(parser: argparse.ArgumentParser) -> None:
    add_game_argument(parser, of_record=True)
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument(
        "--rebuild",
        action="store_true",
        help="read every record again and make the index anew (it is kept in step anyway)",
    )
    parser.add_argument(
        "--ascii", action="store_true", help="the chart and the separators in ASCII (#, :, -)"
    )
    parser.description = (
        f"{DESCRIPTION}. The index is made from the records folder under the data"
        " folder (TT22_HOME) and kept in step with it."
    )


def _time(seconds: float | None) -> str:
    from tt22.history import clock

    return "not recorded" if seconds is None else clock(seconds)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _levels(counts: dict[str, int]) -> str:
    return ", ".join(f"{printable(k, 40)} {v}" for k, v in counts.items()) or "none"


def _match_json(m: Any) -> dict[str, Any]:
    me = m.mine
    return {
        "file": m.name,
        "game": m.game,
        "started": m.started,
        "players": m.players,
        "seat": m.person,
        "place": me.place,
        "total": me.total,
        "won": me.winner,
        "daily": m.daily,
        "seconds": m.seconds,
        "resigned": m.resigned is not None,
        "others": [
            {
                "seat": s.seat,
                "name": s.name,
                "kind": s.kind,
                "bot": s.bot,
                "place": s.place,
                "total": s.total,
            }
            for s in m.seats
            if s.seat != m.person
        ],
    }


def _game_json(g: Any) -> dict[str, Any]:
    return {
        "game": g.game,
        "title": g.title,
        "unit": g.unit,
        "lower_is_better": g.lower_is_better,
        "played": g.played,
        "won": g.won,
        "places": {str(k): v for k, v in g.places.items()},
        "average": g.average,
        "best": g.best,
        "streak": {"won": g.streak.won, "length": g.streak.length},
        "longest_win": g.longest_win,
        "bots": {"beaten": g.beaten, "lost_to": g.lost_to},
        "seconds": g.seconds,
        "recent": [_match_json(m) for m in g.recent],
    }


def _share(days: list[Any]) -> str | None:
    """Today's daily result to paste (the first game played today), or None."""
    from tt22.core.registry import get_game
    from tt22.history import share_line

    today = days[0]
    if not today.matches:
        return None
    m = today.matches[0]
    return share_line(m, get_game(m.game).title)


def _text(
    stats: list[Any], days: list[Any], ascii_style: bool, folder: Path, title: str | None
) -> str:
    from tt22.core.registry import get_game
    from tt22.history import chart_lines

    dot = "-" if ascii_style else "·"
    lines: list[str] = []
    if not stats:
        what = f"{title} matches" if title else "matches"
        lines.append(f"No finished {what} of yours in {printable(str(folder), 200)} yet.")
    for g in stats:
        unit = "penalty" if g.unit == "penalty" else "points"
        better = "lower" if g.lower_is_better else "higher"
        share = round(100 * g.won / g.played) if g.played else 0
        places = f" {dot} ".join(f"{_ordinal(p)} {n}" for p, n in g.places.items())
        streak = f"{'won' if g.streak.won else 'not won'} {g.streak.length}"
        lines += [
            f"{g.title}: {g.played} played, {g.won} won ({share}%) {dot} places {places}",
            f"  {unit}: average {g.average}, best {g.best} ({better} is better)"
            f" {dot} streak: {streak}, longest won {g.longest_win}",
            f"  bots beaten: {_levels(g.beaten)} {dot} lost to: {_levels(g.lost_to)}"
            f" {dot} time played {_time(g.seconds)}",
            f"  the last {len(g.recent)} ({unit}, oldest first; W: won):",
        ]
        chart = chart_lines(
            [m.mine.total for m in g.recent], [m.won for m in g.recent], ascii_style=ascii_style
        )
        lines += ["    " + row for row in chart]
        lines.append("")
    shown = []
    for day in days:
        if day.matches:
            for m in day.matches:
                title = get_game(m.game).title
                shown.append(f"{day.date} {title} {_ordinal(m.mine.place)} of {m.players}")
    lines.append("Daily deals, the last 7 days: " + (f" {dot} ".join(shown) or "none"))
    share = _share(days)
    if share is not None:
        lines.append(f"Today's, to paste: {share}")
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    from tt22.history import (
        HistoryError,
        daily_results,
        game_stats,
        open_index,
        person_matches,
    )
    from tt22.record import data_dir

    chosen = game_from_args(args) if args.game is not None else None
    game = chosen.name if chosen is not None else None
    home = data_dir()

    def say(line: str) -> None:
        sys.stderr.write(f"tt22 stats: {line}\n")

    try:
        db, report = open_index(home, rebuild=args.rebuild, say=say)
    except HistoryError as e:
        raise UsageError(printable(str(e), 300)) from None
    folder = home / "records"
    try:
        matches = person_matches(db, folder, game)
        skipped = db.execute(
            "SELECT name, problem FROM files WHERE status = 'skipped' ORDER BY name"
        ).fetchall()
    except sqlite3.Error as e:
        raise UsageError(f"cannot read the history index: {e}") from None
    finally:
        db.close()
    stats = game_stats(matches)
    days = daily_results(matches, dt.datetime.now(dt.UTC).date())
    if args.format == "json":
        out = {
            "version": JSON_VERSION,
            "index": {
                "records": str(folder),
                "indexed": report.indexed,
                "unchanged": report.unchanged,
                "skipped": report.skipped,
                "unfinished": report.unfinished,
                "removed": report.removed,
                "seconds": round(report.seconds, 3),
            },
            "games": [_game_json(g) for g in stats],
            "daily": {
                "today": days[0].date,
                "days": [
                    {"date": d.date, "matches": [_match_json(m) for m in d.matches]} for d in days
                ],
                "share": _share(days),
            },
            "skipped": [{"file": name, "problem": problem} for name, problem in skipped],
        }
        sys.stdout.write(json_text(out))
        return 0
    text = _text(stats, days, args.ascii, folder, chosen.title if chosen is not None else None)
    if skipped:
        text += (
            f"{len(skipped)} file{'' if len(skipped) == 1 else 's'} in the records folder"
            " could not be read (tt22 stats --rebuild names them).\n"
        )
    sys.stdout.write("\n".join(printable(line, 2000) for line in text.split("\n")))
    return 0
