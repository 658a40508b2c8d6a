"""Rating decisions by sampled worlds, from the deciding seat's view only.

For one decision (`analyse_decision`): the candidates are every legal move when there
are few, else the moves the game proposes (its `Objective.propose`) with the move
played; each is applied in the same K worlds dealt from the view (`Objective.resample`,
the game's `Game.resample`) and each world is played out by the same bots with the same
seeds (common random numbers: two candidates differ only by the move), up to where the
game's objective stops measuring (the end of the hand). A candidate's figure is its
mean over the worlds, in the game's unit, with its standard error. The loss is the best
candidate's figure less the played move's, measured again on K/2 fresh worlds (the
holdout: the best of several noisy means is too good by luck), and its standard error is
that of those paired differences. When there are more than `TOP` candidates, all of them are first
played in the first quarter of the worlds and only the `TOP` best and the move played
go on to the rest (sequential halving, as 22's search bot spends its playouts).

`analyse_states` rates a whole match; `analyse_record` does it for a record on several
processes, each decision a job of its own whose draws depend only on the seed, the
decision's move number and the view, so the result is the same whatever `jobs`.
Nothing here reads a state but to take a seat's view of it and where it is
(`Game.locate`, public).
"""

from __future__ import annotations

import importlib
import math
import os
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from tt22.core.bots import UnknownBot, bot_names, levels, make_bot
from tt22.core.protocol import Game, Objective
from tt22.core.registry import entry, get_game
from tt22.core.rng import seed_key, stream
from tt22.record.analysis import (
    AnalysisSection,
    CandidateEval,
    DecisionEval,
    HandAccuracy,
    SeatAccuracy,
    with_digest,
)

__all__ = [
    "ALL_MOVES_UP_TO",
    "MAX_POOL",
    "TOP",
    "NotAnalysable",
    "Settings",
    "Z",
    "accuracy_of",
    "analyse_decision",
    "analyse_record",
    "analyse_states",
    "mark_of",
    "objective_of",
]

ALL_MOVES_UP_TO = 8
"""A decision with at most this many legal moves weighs every one of them."""
MAX_POOL = 48
"""At most this many candidates are weighed (the move played always among them)."""
TOP = 6
"""Above this many candidates, only the best `TOP` of the first quarter of the worlds and
the move played are played in every world."""
DRAWN = 14
"""A game that proposes nothing, with more than MAX_POOL legal moves, has its strongest
level's move and its playout bot's move weighed, and this many legal moves drawn at random."""
HOLDOUT = 2
"""The loss is measured on K / HOLDOUT further worlds (at least 2), the best and the
move played only."""


def holdout(worlds: int) -> int:
    """How many fresh worlds measure a decision's loss."""
    return max(2, worlds // HOLDOUT)


Z = 2.0
"""A loss is marked only when it exceeds this many standard errors of the paired
difference, and by the loss less one standard error against the game's thresholds."""
MAX_STEPS = 100_000
"""A playout longer than this is a runaway (a bot that never ends a hand): an error."""


class NotAnalysable(ValueError):
    """A game, seat, bot or setting the analysis cannot take, in one line."""


@dataclass(frozen=True, slots=True)
class Settings:
    """What an analysis depends on besides the record: worlds per decision, the seed of
    every draw, and the bot that plays the worlds out."""

    worlds: int
    seed: str
    bot: str


def objective_of(name: str) -> Objective:
    """The objective game `name`'s entry names, or NotAnalysable."""
    where = entry(name).analysis
    if not where:
        raise NotAnalysable(f"{get_game(name).title} has no analysis yet")
    module, _, attribute = where.partition(":")
    found: Objective = getattr(importlib.import_module(module), attribute)
    return found


def check_bot(name: str, bot: str) -> None:
    """NotAnalysable unless `bot` is one of the game's bots or levels."""
    if bot not in bot_names(name):
        raise NotAnalysable(f"unknown bot {bot!r}; the bots are {', '.join(bot_names(name))}")


Mark = Literal["", "?!", "?", "??"]


def mark_of(loss: float, loss_se: float, thresholds: Sequence[float]) -> Mark:
    """'??', '?' or '?!' when the loss less one standard error (a cautious estimate of
    it) reaches the blunder, mistake or inaccuracy threshold, and the loss is more than
    Z standard errors (it is shown to be a loss at all); '' otherwise."""
    if loss <= Z * loss_se:
        return ""
    cautious = loss - loss_se
    inaccuracy, mistake, blunder = thresholds
    if cautious >= blunder:
        return "??"
    if cautious >= mistake:
        return "?"
    if cautious >= inaccuracy:
        return "?!"
    return ""


def accuracy_of(loss: float, half: float) -> float:
    """A decision's accuracy in percent: 100 for no loss, halved by each `half` of loss
    (the game's mistake threshold): 100 * 2^(-loss / half)."""
    return float(100.0 * 2.0 ** (-loss / half))


def _mean_se(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = math.fsum(values) / n
    if n < 2:
        return mean, 0.0
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def _r(x: float, places: int = 4) -> float:
    y = round(x, places)
    return 0.0 if y == 0 else y  # no "-0.0"


class _Eval:
    """One candidate's outcomes, world by world."""

    __slots__ = ("extras", "move", "values")

    def __init__(self, move: Any) -> None:
        self.move = move
        self.values: list[float] = []
        self.extras: list[tuple[float, ...]] = []


class _Worlds:
    """The decision's worlds and their bots, made on first use and kept: candidate i
    and candidate j meet world k with the same cards and the same bots."""

    def __init__(
        self,
        game: Game[Any, Any, Any, Any],
        objective: Objective,
        view: Any,
        key: bytes,
        index: int,
        settings: Settings,
    ) -> None:
        self.game = game
        self.objective = objective
        self.view = view
        self.key = key
        self.index = index
        self.settings = settings
        self.made: list[tuple[Any, list[Any]]] = []

    def world(self, k: int) -> tuple[Any, list[Any]]:
        while len(self.made) <= k:
            n = len(self.made)
            rng = stream(self.key, f"analyse/{self.index}/world/{n}")
            state = self.objective.resample(self.game, self.view, rng)
            seats = len(self.game.returns(state))
            seed = f"{self.settings.seed}/analyse/{self.index}/{n}"
            bots = [make_bot(self.game.name, self.settings.bot, seed, s) for s in range(seats)]
            self.made.append((state, bots))
        return self.made[k]


def _playout(
    game: Game[Any, Any, Any, Any],
    objective: Objective,
    seat: int,
    world: Any,
    bots: Sequence[Any],
    move: Any,
) -> tuple[float, tuple[float, ...]]:
    """`move` in `world`, every seat then played by its bot to where the measure ends."""
    apply, view, to_move, done = game.apply, game.view, game.to_move, objective.done
    state = apply(world, move)
    steps = 0
    while not done(game, world, state):
        p = to_move(state)
        state = apply(state, bots[p].choose(view(state, p)))
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"a playout of move {move!r} ran past {MAX_STEPS} moves")
    return objective.outcome(seat, world, state), objective.extra(seat, world, state)


def _pool(
    game: Game[Any, Any, Any, Any],
    objective: Objective,
    view: Any,
    played: Any,
    legal: Sequence[Any],
    key: bytes,
    index: int,
    settings: Settings,
) -> list[Any]:
    """The candidates: the move played first, then the legal moves or the proposals."""
    if len(legal) <= ALL_MOVES_UP_TO:
        pool: list[Any] = list(legal)
    else:
        proposed = objective.propose(game, view)
        if proposed is not None:
            pool = list(proposed)
        elif len(legal) <= MAX_POOL:
            pool = list(legal)
        else:
            pool = []
            name = game.name
            seed = f"{settings.seed}/propose/{index}"
            for bot in dict.fromkeys((levels(name)[-1], settings.bot)):
                pool.append(make_bot(name, bot, seed, view.seat).choose(view))
            rng = stream(key, f"analyse/{index}/propose")
            for _ in range(DRAWN):
                pool.append(legal[rng.bounded(len(legal))])
    out: dict[bytes, Any] = {}
    for m in (played, *pool):
        out.setdefault(game.encode_move(m), m)
        if len(out) == MAX_POOL:
            break
    for m in legal:  # proposals that were all the move played: one more to weigh it by
        if len(out) >= 2:
            break
        out.setdefault(game.encode_move(m), m)
    return list(out.values())


def analyse_decision(
    game: Game[Any, Any, Any, Any],
    objective: Objective,
    view: Any,
    played: Any,
    index: int,
    where: tuple[int, int, int],
    settings: Settings,
) -> DecisionEval | None:
    """The rating of move `index` (`played`) from its seat's `view` alone (None when the
    seat had one legal move). `where` is (hand, trick, turn), the game's `locate`."""
    legal = game.view_legal_moves(view)
    if len(legal) < 2:
        return None
    seat: int = view.seat
    key = seed_key(settings.seed)
    worlds = _Worlds(game, objective, view, key, index, settings)
    cands = [_Eval(m) for m in _pool(game, objective, view, played, legal, key, index, settings)]
    sign = -1.0 if objective.lower_is_better else 1.0
    quick = settings.bot == objective.playout  # the game's own rollout plays that bot
    k_all = settings.worlds
    k_screen = k_all if len(cands) <= TOP else min(k_all, max(2, k_all // 4))

    def play(c: _Eval, upto: int) -> None:
        for k in range(len(c.values), upto):
            world, bots = worlds.world(k)
            fast = objective.rollout(game, world, c.move, seat) if quick else None
            if fast is None:
                fast = _playout(game, objective, seat, world, bots, c.move)
            value, extra = fast
            c.values.append(value)
            c.extras.append(extra)

    for c in cands:
        play(c, k_screen)
    going = cands
    if k_screen < k_all:
        order = sorted(range(1, len(cands)), key=lambda i: -sign * _mean_se(cands[i].values)[0])
        going = [cands[0], *(cands[i] for i in order[: TOP - 1])]
        for c in going:
            play(c, k_all)
    best = max(going, key=lambda c: sign * _mean_se(c.values)[0])  # ties: the move played
    mine = cands[0]
    loss = loss_se = 0.0
    if best is not mine:
        # The loss is measured on fresh worlds (the holdout), not on those the best was
        # picked on: the best of several noisy means is too good by luck.
        held = _Eval(best.move), _Eval(mine.move)
        for k in range(k_all, k_all + holdout(k_all)):
            world, bots = worlds.world(k)
            for c in held:
                fast = objective.rollout(game, world, c.move, seat) if quick else None
                if fast is None:
                    fast = _playout(game, objective, seat, world, bots, c.move)
                c.values.append(fast[0])
        diffs = [sign * (b - p) for b, p in zip(held[0].values, held[1].values, strict=True)]
        loss, loss_se = _mean_se(diffs)
        loss = max(0.0, loss)
    thresholds = objective.thresholds
    evals = []
    for c in sorted(cands, key=lambda c: (-len(c.values), -sign * _mean_se(c.values)[0])):
        mean, se = _mean_se(c.values)
        n = len(c.values)
        extras = [_r(math.fsum(e[i] for e in c.extras) / n) for i in range(len(objective.extras))]
        evals.append(
            CandidateEval(
                move=game.move_text(c.move), mean=_r(mean), se=_r(se), worlds=n, extras=extras
            )
        )
    hand, trick, turn = where
    return DecisionEval(
        index=index,
        seat=seat,
        hand=hand,
        trick=trick,
        turn=turn,
        played=game.move_text(played),
        best=game.move_text(best.move),
        loss=_r(loss),
        loss_se=_r(loss_se),
        mark=mark_of(_r(loss), _r(loss_se), thresholds),
        accuracy=_r(accuracy_of(_r(loss), thresholds[1]), 2),
        candidates=evals,
    )


class Decision(NamedTuple):
    """A decision to rate: move number `at` (from 0), its seat's view, the move played,
    where it was."""

    at: int
    view: Any
    played: Any
    where: tuple[int, int, int]


def decisions(
    game: Game[Any, Any, Any, Any],
    states: Sequence[Any],
    moves: Sequence[Any],
    seats: Iterable[int],
) -> list[Decision]:
    """Every move of `seats` with a choice, as views (states[i] is the state before
    moves[i]): what the analysis rates, and all it keeps of the states."""
    chosen = set(seats)
    out = []
    for i, move in enumerate(moves):
        state = states[i]
        seat = game.to_move(state)
        if seat not in chosen:
            continue
        view = game.view(state, seat)
        if len(game.view_legal_moves(view)) < 2:
            continue
        where = game.locate(state)
        out.append(Decision(i, view, move, (where.hand, where.trick, where.turn)))
    return out


def _accuracy(
    seats: Sequence[int], rated: Sequence[DecisionEval], half: float
) -> list[SeatAccuracy]:
    out = []
    for seat in seats:
        mine = [d for d in rated if d.seat == seat]
        hands: dict[int, list[DecisionEval]] = {}
        for d in mine:
            hands.setdefault(d.hand, []).append(d)
        per_hand = [
            HandAccuracy(
                hand=h,
                decisions=len(ds),
                accuracy=_r(math.fsum(d.accuracy for d in ds) / len(ds), 2),
                loss=_r(math.fsum(d.loss for d in ds) / len(ds)),
            )
            for h, ds in sorted(hands.items())
        ]
        n = len(mine)
        out.append(
            SeatAccuracy(
                seat=seat,
                decisions=n,
                accuracy=_r(math.fsum(d.accuracy for d in mine) / n, 2) if n else None,
                loss=_r(math.fsum(d.loss for d in mine) / n) if n else 0.0,
                marks=[sum(1 for d in mine if d.mark == m) for m in ("?!", "?", "??")],
                hands=per_hand,
            )
        )
    return out


def section(
    game: Game[Any, Any, Any, Any],
    objective: Objective,
    digest: str,
    seats: Sequence[int],
    settings: Settings,
    rated: Sequence[DecisionEval],
) -> AnalysisSection:
    """The analysis section of these ratings (its digest filled in)."""
    rated = sorted(rated, key=lambda d: d.index)
    return with_digest(
        AnalysisSection(
            version=1,
            game=game.name,
            record_digest=digest,
            seats=sorted(seats),
            worlds=settings.worlds,
            seed=settings.seed,
            bot=settings.bot,
            unit=objective.unit,
            lower_is_better=objective.lower_is_better,
            thresholds=list(objective.thresholds),
            extras=list(objective.extras),
            decisions=list(rated),
            accuracy=_accuracy(sorted(seats), rated, objective.thresholds[1]),
            digest="sha256:" + "0" * 64,
        )
    )


Progress = Callable[[int, int], None]


def analyse_states(
    game: Game[Any, Any, Any, Any],
    states: Sequence[Any],
    moves: Sequence[Any],
    seats: Sequence[int],
    settings: Settings,
    digest: str,
    progress: Progress | None = None,
) -> AnalysisSection:
    """The whole match's analysis in this process (states[i] before moves[i])."""
    objective = objective_of(game.name)
    todo = decisions(game, states, moves, seats)
    rated = []
    for n, d in enumerate(todo):
        r = analyse_decision(game, objective, d.view, d.played, d.at, d.where, settings)
        if r is not None:
            rated.append(r)
        if progress is not None:
            progress(n + 1, len(todo))
    return section(game, objective, digest, seats, settings, rated)


# -- on several processes ---------------------------------------------------------------

_JOB: dict[str, Any] = {}


def _start(data: bytes, seats: tuple[int, ...], settings: Settings, worker: bool = False) -> None:
    """A worker's start: the record replayed once, its decisions kept by move number. A
    worker leaves Ctrl-C to the command, which stops the pool."""
    from tt22.record import decode_record, replay_game

    if worker:
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)

    record = decode_record(data)
    game = get_game(record.game)
    replay = replay_game(record)
    moves = [rm.move for rm in record.moves]
    _JOB["game"] = game
    _JOB["objective"] = objective_of(game.name)
    _JOB["settings"] = settings
    _JOB["todo"] = {d.at: d for d in decisions(game, replay.states, moves, seats)}


def _rate(index: int) -> DecisionEval | None:
    d: Decision = _JOB["todo"][index]
    return analyse_decision(
        _JOB["game"], _JOB["objective"], d.view, d.played, d.at, d.where, _JOB["settings"]
    )


def analyse_record(
    data: bytes,
    seats: Sequence[int],
    settings: Settings,
    jobs: int | None = None,
    progress: Progress | None = None,
) -> AnalysisSection:
    """The analysis of the record in `data` (already known to verify) for `seats`, on
    `jobs` processes (all cores by default; 1: this process). The same whatever `jobs`."""
    from tt22.record import decode_record

    record = decode_record(data)
    game = get_game(record.game)
    objective = objective_of(game.name)
    try:
        check_bot(game.name, settings.bot)
    except UnknownBot as e:
        raise NotAnalysable(str(e)) from None
    jobs = jobs or os.cpu_count() or 1
    _start(data, tuple(seats), settings)
    todo = sorted(_JOB["todo"])
    rated: list[DecisionEval] = []
    if jobs == 1 or len(todo) < 2:
        for n, i in enumerate(todo):
            r = _rate(i)
            if r is not None:
                rated.append(r)
            if progress is not None:
                progress(n + 1, len(todo))
    else:
        pool = ProcessPoolExecutor(
            max_workers=min(jobs, len(todo)),
            initializer=_start,
            initargs=(data, tuple(seats), settings, True),
        )
        try:
            futures = [pool.submit(_rate, i) for i in todo]
            for n, f in enumerate(as_completed(futures)):
                r = f.result()
                if r is not None:
                    rated.append(r)
                if progress is not None:
                    progress(n + 1, len(todo))
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
    _JOB.clear()
    return section(game, objective, record.digest, seats, settings, rated)
