"""Engine speed: decisions/s of random matches through the full rules, and state copies/s;
and the engine against a lean reference, in one run.

Targets (issue 2): `tt22 bench --players 4` at 1e5 decisions/s or more, a state copy at
5e5/s or more. Issue 24: the engine at least 0.5x the lean reference below, measured in
one run with the two alternating (`--versus-lean ROUNDS`), since the machine is shared and
its speed changes from minute to minute.

The lean reference (`lean_matches`) is 22 written for speed alone, in pure Python, as a
baseline for what the engine's bookkeeping costs: mutable lists of card ints, no `Move`
objects, no states kept, no exchange (R11 is skipped: every deal goes straight to the
tricks), no records of tricks or deals. It keeps what makes a random match a random match
of 22: the same streams shuffle each deal (R8-R10), the legal plays are the engine's (one
per rank multiset, R12-R14, ducks included), a uniformly random one is played, and the
showdown, penalties, eliminations and the next dealer follow R17-R21. It is nothing the
program uses: no rule of the game is decided by it.

Run: `python benchmarks/bench_engine.py [--games G]` (table sizes, wall time as `tt22 bench`), or
`python benchmarks/bench_engine.py --versus-lean 5 [--players 4] [--games 200]`.
"""

from __future__ import annotations

import argparse
import os
import time

from tt22.commands.bench import measure
from tt22.core.rng import seed_key, stream
from tt22.games.twentytwo import OVER, Rules, apply, legal_moves, new_match


def _lead(hand: list[int], limit: int) -> list[list[int]]:
    """R12 on ranks: one card of each rank, or 2..limit cards of one rank."""
    out: list[list[int]] = []
    last = -1
    n = 0
    for r in hand:
        if r != last:
            last = r
            n = 1
            out.append([r])
        elif n < limit:
            n += 1
            out.append([r] * n)
    return out


def _follow(hand: list[int], best: list[int]) -> list[tuple[list[int], bool]]:
    """R13 on ranks, two or more cards: every rank multiset that beats or matches `best`
    (high to low), and the duck; each with whether it beats."""
    k = len(best)
    duck = hand[:k]
    for r, b in zip(hand[: -k - 1 : -1], best, strict=True):
        if r < b:
            return [(duck, False)]  # the k highest cards do not beat: nothing does
    groups: list[tuple[int, int]] = []  # (rank, count), high to low
    for r in reversed(hand):
        if groups and groups[-1][0] == r:
            groups[-1] = (r, groups[-1][1] + 1)
        else:
            groups.append((r, 1))
    found: list[tuple[list[int], bool]] = []
    chosen: list[int] = []

    def walk(gi: int, pos: int) -> None:
        if pos == k:
            found.append((chosen[::-1], True))
            return
        for j in range(gi, len(groups)):
            r, n = groups[j]
            if r < best[pos]:
                return
            for m in range(min(n, k - pos), 0, -1):
                chosen.extend([r] * m)
                walk(j + 1, pos + m)
                del chosen[-m:]

    walk(0, 0)
    for r, b in zip(duck[::-1], best, strict=True):
        if r < b:
            found.append((duck, False))
            break
    return found


_VALUES = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)


def lean_matches(players: int, games: int, seed: str) -> tuple[int, float]:
    """(decisions, CPU seconds) of `games` random matches of the lean reference (one deck).

    Hands are sorted lists of ranks (suits never matter, R2); the shuffles are of cards."""
    choose = stream(seed_key(seed), "bench").bounded
    decisions = 0
    start = time.process_time()
    for g in range(games):
        key = seed_key(f"{seed}/{g}")
        totals = [0] * players
        out = [False] * players
        aside: set[int] = set()
        dealer = stream(key, "first-dealer").bounded(players)
        size = 7
        number = 1
        while True:
            deck = [c for c in range(52) if c not in aside]
            stream(key, f"deal/{number}").shuffle(deck)
            seats: list[int] = []
            s = dealer
            for _ in range(players):
                s = (s + 1) % players
                if not out[s]:
                    seats.append(s)
            m = len(seats)
            size = min(size, len(deck) // m)
            cards: list[list[int]] = [[] for _ in range(players)]
            hands: list[list[int]] = [[] for _ in range(players)]
            for p, seat in enumerate(seats):
                cards[seat] = dealt = sorted(deck[p : size * m : m])
                hands[seat] = [c >> 2 for c in dealt]
            nxt = [0] * players
            for i, seat in enumerate(seats):
                nxt[seat] = seats[(i + 1) % m]
            leader = seats[0]
            while len(hands[leader]) > 1:
                hand = hands[leader]
                leads = _lead(hand, min(4, len(hand) - 1))
                best = leads[choose(len(leads))]
                for r in best:
                    hand.remove(r)
                decisions += 1
                best_seat = leader
                seat = nxt[leader]
                while seat != leader:
                    hand = hands[seat]
                    decisions += 1
                    if len(best) == 1:
                        b = best[0]
                        singles: list[int] = []
                        last = -1
                        for r in hand:
                            if r >= b and r != last:
                                singles.append(r)
                                last = r
                        if hand[0] < b:
                            singles.append(hand[0])
                        r = singles[choose(len(singles))]
                        hand.remove(r)
                        if r >= b:
                            best, best_seat = [r], seat
                    else:
                        follows = _follow(hand, best)
                        play, beat = follows[choose(len(follows))]
                        for r in play:
                            hand.remove(r)
                        if beat:
                            best, best_seat = sorted(play, reverse=True), seat
                    seat = nxt[seat]
                leader = best_seat
            top = max(hands[seat][0] for seat in seats)
            losers = [seat for seat in seats if hands[seat][0] == top]
            size = _VALUES[top]
            for seat in losers:
                totals[seat] += size
                # the card set aside: the first of its rank dealt to the loser that is
                # still held (any card of the rank does for the next deals' counts)
                aside.add(next(c for c in cards[seat] if c >> 2 == top and c not in aside))
                if totals[seat] >= 22:
                    out[seat] = True
            if players - sum(out) <= 1:
                break
            dealer = losers[0]
            if len(losers) > 1:
                dealer = losers[stream(key, f"dealer/{number}").bounded(len(losers))]
            while out[dealer]:
                dealer = (dealer + 1) % players
            number += 1
    return decisions, time.process_time() - start


def engine_matches(players: int, games: int, seed: str) -> tuple[int, float]:
    """(decisions, CPU seconds) of `tt22 bench`'s loop (`measure`: the same matches, every
    decision's legal moves and one applied), timed by CPU as the reference is."""
    rules = Rules().for_players(players)
    choose = stream(seed_key(seed), "bench").bounded
    decisions = 0
    start = time.process_time()
    for g in range(games):
        state = new_match(rules, players, f"{seed}/{g}")
        while state.phase != OVER:
            moves = legal_moves(state)
            state = apply(state, moves[choose(len(moves))])
            decisions += 1
    return decisions, time.process_time() - start


def versus_lean(players: int, games: int, rounds: int) -> None:
    """The engine (`tt22 bench`'s loop) and the lean reference, alternating, each round
    timed alone by CPU time (on a shared machine CPU time moves less than wall time);
    the ratio of each round, the median ratio and the ratio of the best rounds."""
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'round':>5} {'engine/s':>10} {'lean/s':>10} {'ratio':>6}  (decisions per CPU second)")
    engine: list[float] = []
    lean: list[float] = []
    for r in range(rounds):
        decisions, seconds = engine_matches(players, games, "bench")
        engine.append(decisions / seconds)
        decisions, seconds = lean_matches(players, games, "bench")
        lean.append(decisions / seconds)
        print(f"{r + 1:>5} {engine[-1]:>10.0f} {lean[-1]:>10.0f} {engine[-1] / lean[-1]:>6.2f}")
    ratios = sorted(e / x for e, x in zip(engine, lean, strict=True))
    print(f"median ratio {ratios[len(ratios) // 2]:.2f}")
    print(f"{'best':>5} {max(engine):>10.0f} {max(lean):>10.0f} {max(engine) / max(lean):>6.2f}")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--versus-lean", type=int, default=0, metavar="ROUNDS")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    if args.versus_lean:
        if not 2 <= args.players <= 6:
            parser.error("the lean reference plays one deck: 2 to 6 players")
        versus_lean(args.players, args.games, args.versus_lean)
        return
    print(f"{'players':>7} {'decisions':>10} {'decisions/s':>12} {'copies/s':>10}")
    for players in (2, 4, 6, 9):
        decisions, _deals, seconds, copy_rate = measure(players, args.games, "bench")
        print(f"{players:>7} {decisions:>10} {decisions / seconds:>12.0f} {copy_rate:>10.0f}")


if __name__ == "__main__":
    main()
