"""Records for the records tests: bot matches built once per test run."""

from __future__ import annotations

import datetime as dt
import functools

from paths import ROOT

from tt22.core.bots import play_match
from tt22.core.players import Player
from tt22.games.twentytwo import TWENTYTWO, Move, Rules, parse_rule_assignments
from tt22.games.twentytwo.bots import make_bot
from tt22.record import Record, build_record, encode_record

SAMPLES = ROOT / "records"
STARTED = dt.datetime(2026, 1, 2, 3, 4, 5, tzinfo=dt.UTC)


@functools.cache
def match_moves(players: int, seed: str, rules_text: tuple[str, ...] = ()) -> tuple[Move, ...]:
    rules = parse_rule_assignments(list(rules_text)).for_players(players)
    bots = [make_bot("random", seed, seat) for seat in range(players)]
    _, moves, _ = play_match(TWENTYTWO, rules, seed, bots)
    return tuple(moves)


def seats(players: int) -> list[Player]:
    return [Player(f"Bot {s + 1}", "bot", "random") for s in range(players)]


@functools.cache
def bot_record(
    players: int = 2, seed: str = "kit", keep: int | None = None, rules_text: tuple[str, ...] = ()
) -> Record:
    moves = match_moves(players, seed, rules_text)
    if keep is not None:
        moves = moves[:keep]
    rules = parse_rule_assignments(list(rules_text))
    return build_record(rules, seed, seats(players), list(moves), STARTED)


@functools.cache
def bot_bytes(players: int = 2, seed: str = "kit", keep: int | None = None) -> bytes:
    return encode_record(bot_record(players, seed, keep))


def default_rules(players: int) -> Rules:
    return Rules().for_players(players)
