"""`tt22 analyse FILE.22rec`: every decision of the chosen seats rated from that seat's own
view (docs/analysis.md), printed as text or JSON, and kept with the record in an analysed
copy (`<name>-analysis.22rec`, format 3) that `tt22 verify` verifies.

Exit status: 0 when analysed; 1 when the record does not verify (a move the rules forbid,
a digest or result that does not match); 2 for a file that is not a record, or a bad
option. Every complaint is one line on standard error.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
import time
from pathlib import Path
from typing import Any, TextIO

import msgspec

from tt22.commands.common import UsageError, check_seed
from tt22.core.bots import bot_names, has_bots
from tt22.core.registry import get_game
from tt22.core.safe import printable
from tt22.record import analysed_path

DESCRIPTION = "rate every decision of a record from the seat's own view"

OK, BAD_RECORD, NOT_A_RECORD = 0, 1, 2
DEFAULT_SEED = "analyse"
MAX_WORLDS = 10_000
MAX_JOBS = 256

EPILOG = (
    "Each decision's candidates are played out in K worlds dealt from the seat's view"
    " (the same worlds and bots for every candidate); the figure is the one the game"
    " itself says it maximises, in its own unit. The analysed copy is written beside the"
    " record as NAME-analysis.22rec (or to --out); the same record, seats, worlds, bot and"
    " seed give the same output whatever --jobs. See docs/analysis.md."
)


def _whole(low: int, high: int, what: str) -> Any:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} must be a whole number, not {printable(text, 40)!r}"
            ) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} must be {low} to {high}, not {value}")
        return value

    return parse


def configure(parser: argparse.ArgumentParser) -> None:
    parser.epilog = EPILOG
    parser.add_argument("file", metavar="FILE.22rec", help="the record to analyse")
    parser.add_argument(
        "--seat", default="all", metavar="N|all", help="the seat to rate, or all (default)"
    )
    parser.add_argument(
        "--worlds",
        type=_whole(1, MAX_WORLDS, "--worlds"),
        metavar="K",
        help="sampled worlds a decision (default: the game's, docs/analysis.md)",
    )
    parser.add_argument(
        "--jobs",
        type=_whole(1, MAX_JOBS, "--jobs"),
        metavar="J",
        help="processes (default: every core)",
    )
    parser.add_argument(
        "--bot",
        metavar="NAME",
        help="the bot that plays the worlds out (default: the game's playout bot)",
    )
    parser.add_argument(
        "--seed",
        default=DEFAULT_SEED,
        metavar="S",
        help=f"the draws' seed (default {DEFAULT_SEED})",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument(
        "--out", metavar="FILE", help="where the analysed copy goes (default NAME-analysis.22rec)"
    )
    parser.add_argument("--force", action="store_true", help="let --out replace a file")
    parser.add_argument(
        "--no-save", action="store_true", help="print the analysis, keep no analysed copy"
    )


def _check_target(path: Path, explicit: bool, force: bool) -> None:
    """Refuse (UsageError) a target that is not a regular file, or an explicit --out
    that exists without --force (the default analysed copy is replaced)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as e:
        raise UsageError(f"cannot write {printable(str(path))}: {e.strerror or e}") from None
    if not stat.S_ISREG(info.st_mode):
        raise UsageError(f"{printable(str(path))} exists and is not a regular file; not replaced")
    if explicit and not force:
        raise UsageError(f"{printable(str(path))} exists; --force replaces it")


def _seats(text: str, players: int) -> list[int]:
    if text == "all":
        return list(range(players))
    try:
        seat = int(text)
    except ValueError:
        raise UsageError(
            f"--seat must be a seat number or all, not {printable(text, 40)!r}"
        ) from None
    if not 0 <= seat < players:
        raise UsageError(
            f"there is no seat {seat} at a table of {players} (seats 0 to {players - 1})"
        )
    return [seat]


class Bar:
    """A progress bar with the time left, on a terminal only (nothing otherwise)."""

    WIDTH = 30

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.start = time.monotonic()
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        spent = time.monotonic() - self.start
        left = spent / done * (total - done) if done else 0.0
        full = self.WIDTH * done // max(1, total)
        bar = "#" * full + "-" * (self.WIDTH - full)
        m, s = divmod(round(left), 60)
        self.stream.write(f"\ranalysing [{bar}] {done}/{total} decisions, {m}:{s:02d} left ")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * (self.WIDTH + 50) + "\r")
            self.stream.flush()


def _number(x: float) -> str:
    return f"{x:.2f}"


def render_text(section: Any, path: str, record: Any) -> str:
    """The analysis as readable text."""
    game = get_game(section.game)
    better = "lower" if section.lower_is_better else "higher"
    t1, t2, t3 = section.thresholds
    names = [printable(p.name, 40) for p in record.players]
    seats = ", ".join(f"seat {s} ({names[s]})" for s in section.seats)
    lines = [
        f"Analysis of {printable(path, 200)}: {game.title}, {len(record.players)} players; {seats}",
        f"{section.worlds} worlds a decision, played out by {printable(section.bot, 40)},"
        f" seed {printable(section.seed, 60)!r}",
        f"The figure: {section.unit}, {better} is better; marks from"
        f" {t1:g} (?!), {t2:g} (?), {t3:g} (??)",
        "",
    ]
    for d in section.decisions:
        where = f"hand {d.hand}, " + (f"trick {d.trick}" if d.trick else "before the play")
        by = {c.move: c for c in d.candidates}
        mine, best = by[d.played], by[d.best]
        shown = [
            f"{name} {mine.extras[i]:.2f}"
            for i, name in enumerate(section.extras)
            if mine.extras[i] or best.extras[i]
        ]
        extras = f" ({', '.join(shown)})" if shown else ""
        line = (
            f"move {d.index + 1:>4} ({where}) seat {d.seat}: played {printable(d.played, 60)}"
            f" {_number(mine.mean)} ±{_number(mine.se)}{extras}"
        )
        if d.best != d.played:
            line += (
                f"; best {printable(d.best, 60)} {_number(best.mean)} ±{_number(best.se)};"
                f" loss {_number(d.loss)} ±{_number(d.loss_se)}"
            )
        else:
            line += "; best"
        if d.mark:
            line += f"  {d.mark}"
        lines.append(line)
    lines += ["", "Accuracy (100 at no loss, halved by each mistake's worth of loss)"]
    for a in section.accuracy:
        if a.accuracy is None:
            lines.append(f"seat {a.seat} ({names[a.seat]}): no decision with a choice")
            continue
        lines.append(
            f"seat {a.seat} ({names[a.seat]}): {a.accuracy:.1f}% over {a.decisions} decisions,"
            f" mean loss {_number(a.loss)}; {a.marks[0]} ?!, {a.marks[1]} ?, {a.marks[2]} ??"
        )
        per = [f"hand {h.hand} {h.accuracy:.1f}% ({h.decisions})" for h in a.hands]
        for i in range(0, len(per), 6):
            lines.append("  " + ", ".join(per[i : i + 6]))
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    from tt22.analysis import NotAnalysable, Settings, analyse_record, objective_of
    from tt22.record import RecordError, load_record, save_record, verify_record

    name = printable(args.file, 200)
    try:
        record = load_record(args.file)
    except RecordError as e:
        sys.stderr.write(f"tt22 analyse: {name}: {e}\n")
        return NOT_A_RECORD
    game = get_game(record.game)
    try:
        objective = objective_of(game.name)
    except NotAnalysable as e:
        raise UsageError(str(e)) from None
    if not has_bots(game.name):
        raise UsageError(f"{game.title} has no bots to play the worlds out")
    seats = _seats(args.seat, len(record.players))
    bot = args.bot or objective.playout
    if bot not in bot_names(game.name):
        raise UsageError(
            f"unknown bot {printable(bot, 40)!r}; the bots are {', '.join(bot_names(game.name))}"
        )
    check_seed(args.seed)
    target = None
    if not args.no_save:
        target = Path(args.out) if args.out else analysed_path(args.file)
        _check_target(target, bool(args.out), args.force)
    result = verify_record(record)
    if not result.ok:
        sys.stderr.write(f"tt22 analyse: {name}: {result.problem}\n")
        return BAD_RECORD
    from tt22.record import encode_record

    settings = Settings(worlds=args.worlds or objective.worlds, seed=args.seed, bot=bot)
    bar = Bar(sys.stderr) if sys.stderr.isatty() else None
    try:
        section = analyse_record(
            encode_record(record), seats, settings, jobs=args.jobs, progress=bar
        )
    except NotAnalysable as e:
        raise UsageError(str(e)) from None
    except NotImplementedError as e:
        raise UsageError(f"{game.title} cannot be analysed yet: {e}") from None
    finally:
        if bar is not None:
            bar.close()
    if target is not None:
        try:
            save_record(target, record, section)
        except (OSError, RecordError) as e:
            reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            raise UsageError(f"cannot write {printable(str(target))}: {reason}") from None
    if args.format == "json":
        sys.stdout.write(msgspec.json.format(msgspec.json.encode(section), indent=2).decode())
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render_text(section, args.file, record))
    return OK
