"""Regenerate the sample records in this folder, deterministically.

    python records/make_samples.py [--out DIR]

Each 22 sample is a match of `random` bots, as `tt22 sim` plays it, from a fixed seed and
a fixed start time, so running this twice writes the same bytes. The Rook samples (format
2) are games of Rook's bots, as `tt22 sim --game rook` plays them. The Rummy and Gin ones
are exactly what `tt22 sim --game rummy|gin ... --bots rules --out FILE` writes, but for
the start time (fixed here):

    tt22 sim --game rummy --players 4 --seed "sample rummy four" --bots rules --out 4p-rummy.22rec
    tt22 sim --game gin --seed "sample gin 5" --bots rules --out 2p-gin.22rec
    tt22 sim --game gin --seed "sample oklahoma" --bots rules --rule knock_limit=upcard \
        --out 2p-oklahoma-gin.22rec
    tt22 sim --game rum500 --players 4 --seed "sample rum500 four" --bots rules \
        --out 4p-rum500.22rec
    tt22 sim --game persian --seed "sample persian" --bots hard,normal,hard,normal \
        --out 4p-persian.22rec
    tt22 sim --game manipulation --players 3 --seed "sample manipulation" --bots rules \
        --out 3p-manipulation.22rec

The committed files
are golden: tests verify and replay them, so a change to how the engine deals or scores
shows up as a digest mismatch. Regenerate them only when that change is intended.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path

from tt22.core.bots import make_bot as make_game_bot
from tt22.core.bots import play_match
from tt22.core.players import Player
from tt22.core.registry import get_game
from tt22.games.twentytwo import TWENTYTWO, parse_rule_assignments
from tt22.games.twentytwo.bots import make_bot
from tt22.record import RecordedMove, build_record, encode_record, write_atomic

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
    _, moves, _ = play_match(TWENTYTWO, rules, seed, bots)
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


# (file, seed, levels by seat, rule assignments, seat names): Rook games to the end
ROOK_SAMPLES: list[tuple[str, str, list[str], list[str], list[str]]] = [
    (
        "4p-rook.22rec",
        "sample rook four",
        ["normal", "easy", "normal", "easy"],
        [],
        ["Ann", "Bot 1", "Bob", "Bot 3"],
    ),
    (
        "3p-rook.22rec",
        "sample rook three",
        ["normal"] * 3,
        ["min_bid=60"],
        ["Bot 0", "Zoë", "Bot 2"],
    ),
    ("2p-rook-dummy.22rec", "sample rook two", ["normal", "normal"], [], ["Ann", "Bot 1"]),
]


def make_rook(
    name: str, seed: str, levels: list[str], rules_text: list[str], names: list[str]
) -> bytes:
    """The bytes of one Rook sample: every seat a level's bot (seats named as people
    are still played by that bot), played to the end of the game."""
    rook = get_game("rook")
    players = len(levels)
    rules = rook.rules(rules_text, players)
    bots = [make_game_bot("rook", level, seed, seat) for seat, level in enumerate(levels)]
    _, moves, _ = play_match(rook, rules, seed, bots)
    seats = [
        Player(n, "bot", level) if n.startswith("Bot") else Player(n, "human")
        for n, level in zip(names, levels, strict=True)
    ]
    return encode_record(build_record(rules, seed, seats, moves, STARTED))


# (file, game, seed, players, bots by seat, rule assignments): Rummy family games of
# `tt22 sim --game ... --bots rules`
RUMMY_SAMPLES: list[tuple[str, str, str, int, list[str], list[str]]] = [
    ("4p-rummy.22rec", "rummy", "sample rummy four", 4, ["rules"] * 4, []),
    ("2p-gin.22rec", "gin", "sample gin 5", 2, ["rules"] * 2, []),
    ("2p-oklahoma-gin.22rec", "gin", "sample oklahoma", 2, ["rules"] * 2, ["knock_limit=upcard"]),
    ("4p-rum500.22rec", "rum500", "sample rum500 four", 4, ["rules"] * 4, []),
    ("4p-persian.22rec", "persian", "sample persian", 4, ["hard", "normal"] * 2, []),
    ("3p-manipulation.22rec", "manipulation", "sample manipulation", 3, ["rules"] * 3, []),
]


def make_rummy(
    name: str, game_name: str, seed: str, players: int, bots: list[str], rules_text: list[str]
) -> bytes:
    """The bytes of one Rummy or Gin sample: the match `tt22 sim` plays (its own
    match loop, `tt22.core.bots.play_match`, the same bots), filed as `--out` files it."""
    from tt22.commands.sim import MAX_HANDS

    game = get_game(game_name)
    rules = game.rules(rules_text, players)
    seated = [make_game_bot(game_name, b, seed, seat) for seat, b in enumerate(bots)]
    _, moves, _ = play_match(game, rules, seed, seated, hands=MAX_HANDS)
    seats = [Player(f"Bot {seat}", "bot", b) for seat, b in enumerate(bots)]
    return encode_record(build_record(rules, seed, seats, moves, STARTED))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    made = [(sample[0], make(*sample)) for sample in SAMPLES]
    made += [(rook[0], make_rook(*rook)) for rook in ROOK_SAMPLES]
    made += [(sample[0], make_rummy(*sample)) for sample in RUMMY_SAMPLES]
    for name, data in made:
        path = args.out / name
        write_atomic(path, data)
        print(f"{path}: {len(data)} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
