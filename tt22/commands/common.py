"""Arguments several commands share (players, seed, rules) and their checking."""

from __future__ import annotations

import argparse
import datetime as dt
import os

from tt22.core.seeds import fresh_seed, resolve_seed, seed_problem

__all__ = [
    "LANGUAGES",
    "UsageError",
    "add_ascii_argument",
    "add_display_arguments",
    "add_rule_argument",
    "add_table_arguments",
    "check_seed",
    "seed_from_args",
]


class UsageError(Exception):
    """A bad argument: printed as one line, exit status 2."""


def add_table_arguments(parser: argparse.ArgumentParser, players_default: int | None = 4) -> None:
    parser.add_argument(
        "--players",
        type=int,
        default=players_default,
        metavar="N",
        help="players at the table: 2 to 9 for 22 (default 4), 2 to 4 for Rook and"
        " Rummy (default 4), 2 for Gin",
    )
    parser.add_argument(
        "--seed",
        metavar="S",
        help="up to 200 characters; 'daily' is today's (UTC) seed; omitted: a fresh code",
    )
    add_rule_argument(parser)


def add_rule_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option of the game's rulebook, e.g. must_beat=true or (Rook)"
        " min_bid=75 (repeatable)",
    )


LANGUAGES = ("en", "ko", "ja")


def add_ascii_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ascii", action="store_true", help="cards as TS, AH instead of 10♠, A♥")


def add_display_arguments(parser: argparse.ArgumentParser) -> None:
    """The interface's card style and language (play and replay)."""
    add_ascii_argument(parser)
    parser.add_argument("--lang", choices=LANGUAGES, help="language (default: the locale)")


def seed_from_args(args: argparse.Namespace) -> str:
    """`--seed` checked and resolved (`daily`), or a fresh code when it was left out."""
    seed = args.seed
    if seed is None:
        seed = fresh_seed(os.urandom(8))
    else:
        check_seed(seed)
    return resolve_seed(seed, dt.datetime.now(dt.UTC).date())


def check_seed(seed: str) -> None:
    """UsageError with one line unless `seed` is a valid seed (docs/seeds.md)."""
    if not seed.strip():
        raise UsageError("the seed is empty: give some text, 'daily', or leave --seed out")
    problem = seed_problem(seed)
    if problem:
        raise UsageError(problem)
