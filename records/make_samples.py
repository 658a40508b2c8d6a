"""Regenerate the sample records in this folder, deterministically.

    python records/make_samples.py [--out DIR]

Each sample is a match of `random` bots, as `tt22 sim` plays it, from a fixed seed and
a fixed start time, so running this twice writes the same bytes. The committed files
are golden: tests verify and replay them, so a change to how the engine deals or scores
shows up as a digest mismatch. Regenerate them only when that change is intended.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path

from tt22.bots import make_bot
from tt22.engine import parse_rule_assignments
from tt22.engine.players import Player
from tt22.record import RecordedMove, build_record, encode_record, write_atomic
from tt22.simulate import play_match

STARTED = dt.datetime(2026, 11, 30, 9, 0, 0, tzinfo=dt.UTC)

# (file, seed, players, rule assignments, moves kept (None: all), seat names)
SAMPLES: list[tuple[str, str, int, list[str], int | None, list[str] | None]] = [
    ("2p-random.22rec", "sample two", 2, [], None, None),
    ("4p-random.22rec", "sample four", 4, [], None, None),
    ("6p-random.22rec", "sample six", 6, [], None, None),
    ("9p-two-decks.22rec", "sample nine", 9, [], None, None),
    (
        "4p-house-rules.22rec",
        "sample house rules",
        4,
        [
            "must_beat=true",
            "exchange=stop_when_short",
            "first_hand=9",
            "elimination_at=30",
            "all_out=no_winner",
        ],
        None,
        None,
    ),
    ("3p-unfinished.22rec", "sample unfinished", 3, [], 40, ["Ann [b]", "Zoë", "Bot 3"]),
]


def make(
    name: str,
    seed: str,
    players: int,
    rules_text: list[str],
    keep: int | None,
    names: list[str] | None,
) -> bytes:
    """The bytes of one sample record."""
    rules = parse_rule_assignments(rules_text).for_players(players)
    bots = [make_bot("random", seed, seat) for seat in range(players)]
    _, moves = play_match(rules, seed, bots)
    seats = [Player(f"Bot {seat}", "bot", "random") for seat in range(players)]
    recorded: list[RecordedMove] = [RecordedMove(m) for m in moves]
    if names is not None:
        # A match between people and a bot, part played: think times and comments.
        seats = [
            Player(n, "bot", "random") if n.startswith("Bot") else Player(n, "human") for n in names
        ]
        recorded = recorded[:keep]
        second = next(i for i, rm in enumerate(recorded) if i >= 7 and rm.move.seat == 0)
        for i, rm in enumerate(recorded):
            human = seats[rm.move.seat].kind == "human"
            think = round(1.5 + (i * 37 % 11) * 0.7, 3) if human else None
            comment = None
            if i == 0:
                comment = "opening the exchange: keeping the low cards"
            elif i == second:  # both comments are seat 0's: `show --seat 1` shows none
                comment = "a literal [bold]not bold[/bold] comment"
            recorded[i] = RecordedMove(rm.move, think, comment)
    elif keep is not None:
        recorded = recorded[:keep]
    record = build_record(rules, seed, seats, recorded, STARTED)
    return encode_record(record)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for sample in SAMPLES:
        data = make(*sample)
        path = args.out / sample[0]
        write_atomic(path, data)
        print(f"{path}: {len(data)} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
