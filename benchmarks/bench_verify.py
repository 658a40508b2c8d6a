"""Record verification speed: `tt22 verify`'s work on a few hundred 4-player matches.

For each record: decode the bytes (size check, envelope, strict body, field checks),
replay every move through the engine, digest the final state and compare. Reported
next to plain replay (the same moves folded with `apply`, nothing else) and the
engine's decisions/s from `tt22 bench` measured in the same run, since the issue asks
that verification cost little more than replay.
Run: `python benchmarks/bench_verify.py [--records R]`.
"""

from __future__ import annotations

import argparse
import datetime as dt
import time

from tt22.commands.bench import measure
from tt22.core.players import Player
from tt22.core.rng import seed_key, stream
from tt22.games.twentytwo import OVER, TWENTYTWO, Move, Rules, apply, legal_moves, new_match
from tt22.record import build_record, decode_record, encode_record, verify_record

PLAYERS = 4


def random_match(seed: str, rng_seed: str) -> list[Move]:
    """A random legal match, as `tt22 bench` plays it."""
    rng = stream(seed_key(rng_seed), "bench-verify")
    state = new_match(Rules(), PLAYERS, seed)
    moves: list[Move] = []
    while state.phase != OVER:
        options = legal_moves(state)
        move = options[rng.bounded(len(options))]
        state = apply(state, move)
        moves.append(move)
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--records", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    seats = [Player(f"Bot {s + 1}", "bot", "random") for s in range(PLAYERS)]
    started = dt.datetime(2026, 11, 30, tzinfo=dt.UTC)
    files: list[bytes] = []
    matches: list[tuple[str, list[Move]]] = []
    for i in range(args.records):
        seed = f"verify-bench/{i}"
        moves = random_match(seed, seed)
        matches.append((seed, moves))
        files.append(encode_record(build_record(Rules(), seed, seats, moves, started)))
    total_moves = sum(len(m) for _, m in matches)
    size = sum(len(f) for f in files)

    def replay_only() -> None:
        for seed, moves in matches:
            state = new_match(Rules(), PLAYERS, seed)
            for move in moves:
                state = apply(state, move)

    def replay_and_digest() -> None:
        for seed, moves in matches:
            state = new_match(Rules(), PLAYERS, seed)
            for move in moves:
                state = apply(state, move)
            TWENTYTWO.digest(state)

    def decode_only() -> None:
        for data in files:
            decode_record(data)

    def verify_all() -> None:
        for data in files:
            result = verify_record(decode_record(data))
            assert result.ok, result.problem

    # The machine is shared and noisy: each phase runs `rounds` times, interleaved, and
    # the best time of each is kept.
    best = {
        f.__name__: float("inf") for f in (replay_only, replay_and_digest, decode_only, verify_all)
    }
    for _ in range(args.rounds):
        for f in (replay_only, replay_and_digest, decode_only, verify_all):
            t0 = time.perf_counter()
            f()
            best[f.__name__] = min(best[f.__name__], time.perf_counter() - t0)
    replay = best["replay_only"]
    replay_digest = best["replay_and_digest"]
    decode = best["decode_only"]
    verify = best["verify_all"]

    decisions, _deals, seconds, _copies = measure(TWENTYTWO.name, PLAYERS, 200, "bench")

    print(f"records: {args.records} ({PLAYERS} players, {size / len(files) / 1024:.1f} kB each)")
    print(f"moves: {total_moves}")
    print(f"replay only (apply):      {total_moves / replay:>9.0f} moves/s")
    print(f"replay + digest:          {total_moves / replay_digest:>9.0f} moves/s")
    print(f"decode only:              {args.records / decode:>9.0f} records/s")
    print(
        f"verify (decode+replay+digest): {args.records / verify:.0f} records/s,"
        f" {total_moves / verify:.0f} moves/s"
    )
    print(f"verify / replay time: {verify / replay:.2f}x")
    print(f"engine (tt22 bench --players 4 --games 200) decisions/s: {decisions / seconds:.0f}")


if __name__ == "__main__":
    main()
