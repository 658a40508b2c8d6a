"""The replay model of every game: a record folded through its game, and how to walk it.

A replay is the list of states the game's own `apply` produces from the recorded moves,
nothing more: position `p` is the match after `p` moves (0 is the first hand as dealt,
`end` the last state reached). Where each position sits comes from `Game.locate` (hand,
trick or turn, moves into it), so stepping by trick or turn, by hand, and "go to 3.2"
are the same for every game; who won, from `Game.winners`. The model also carries what
rides along a record's moves (think times, comments) and makes the two records a
replayer writes: the record with its comments, and a new match played on from a
position ("play from here").

Pure: no Textual, no files, no clock, and no game's modules (the game comes from the
registry by the record's name). A game that knows more about its positions (22's deal
totals, its move rows) says so in its interface's replay module, over this model.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Self

from tt22.core.players import Player
from tt22.core.protocol import IllegalMove, Location
from tt22.core.registry import get_game
from tt22.record.comments import comment_visible

if TYPE_CHECKING:
    from tt22.core.protocol import Game
    from tt22.record import Record, ReplayResult

__all__ = [
    "GotoError",
    "Problem",
    "ReplayError",
    "ReplayModel",
    "fold",
    "fork_players",
]


class GotoError(ValueError):
    """A goto target that is not in this record, in words for the status line."""


class ReplayError(ValueError):
    """A record that cannot be replayed at all (e.g. dealt by another generator)."""


@dataclass
class Problem:
    """Why a record stops early: the move it failed at and why, for a banner."""

    move: int  # 0-based index of the first move that could not be replayed
    reason: str

    def describe(self, total: int) -> str:
        if self.move >= total:
            return f"the record does not verify: {self.reason}"
        return f"{self.reason}; showing the {self.move} moves before it"


def fold(
    game: Game[Any, Any, Any, Any], state: Any, moves: Sequence[Any]
) -> tuple[list[Any], Problem | None]:
    """states[i] before move i, states[-1] after the last good move; the first illegal
    move stops the fold and is reported rather than raised."""
    states = [state]
    for i, move in enumerate(moves):
        try:
            state = game.apply(state, move)
        except IllegalMove as e:
            return states, Problem(i, f"move {i + 1} of {len(moves)} breaks {e.rule}: {e.reason}")
        states.append(state)
    return states, None


def fork_players(
    players: Sequence[Player], seat: int, name: str, levels: Sequence[str]
) -> list[Player]:
    """The seats of a match played on from a replay: `seat` is the person at this
    keyboard (`name`, else the name the record gives that seat); every other seat keeps
    its name, a bot its level too, and a person there is played by a bot of the game's
    middle level (L11: the record's players keep their names)."""
    level = levels[(len(levels) - 1) // 2] if levels else "random"
    out: list[Player] = []
    for s, p in enumerate(players):
        if s == seat:
            out.append(Player(name or p.name, "human"))
        elif p.kind == "bot" and p.bot:
            out.append(p)
        else:
            out.append(Player(p.name, "bot", level))
    return out


class ReplayModel:
    """A folded record plus the per-move data (think times, comments) that rides along."""

    hand_word = "hand"
    """What goto's messages call a hand (22 says "deal")."""

    def __init__(
        self,
        game: Game[Any, Any, Any, Any],
        states: Sequence[Any],
        moves: Sequence[Any],
        *,
        players: Sequence[Player] | None = None,
        seed: str = "",
        thinks: Sequence[float | None] | None = None,
        comments: Sequence[str | None] | None = None,
        problem: Problem | None = None,
        record: Record | None = None,
    ) -> None:
        if not states:
            raise ValueError("a replay needs at least the starting state")
        self.game = game
        self.states: list[Any] = list(states)
        self.all_moves: list[Any] = list(moves)
        self.moves: list[Any] = self.all_moves[: len(self.states) - 1]
        self.players: list[Player] = (
            list(players)
            if players
            else [Player(f"Seat {s}") for s in range(len(game.returns(self.states[0])))]
        )
        self.seed = seed
        self.thinks: list[float | None] = list(thinks or [None] * len(self.all_moves))
        self.comments: list[str | None] = list(comments or [None] * len(self.all_moves))
        self.problem = problem
        self.record = record
        self.dirty = False
        self.revision = 0  # counts comment edits, so views can tell they are stale
        self.places: list[Location] = [game.locate(s) for s in self.states]
        # Anchors for group (trick or turn) and hand jumps: where each begins, plus the ends.
        self._group_anchors = self.marks(lambda i: (self.places[i].hand, self.places[i].trick))
        self._hand_anchors = self.marks(lambda i: self.places[i].hand)

    # -- construction ---------------------------------------------------------------

    @classmethod
    def from_moves(
        cls,
        game: Game[Any, Any, Any, Any],
        rules: Any,
        players: Sequence[Player],
        seed: str,
        moves: Sequence[Any],
        thinks: Sequence[float | None] | None = None,
        comments: Sequence[str | None] | None = None,
    ) -> Self:
        """Fold `moves` from a fresh match; an illegal move ends the replay there."""
        states, problem = fold(game, game.new_match(rules, len(players), seed), moves)
        return cls(
            game,
            states,
            moves,
            players=players,
            seed=seed,
            thinks=thinks,
            comments=comments,
            problem=problem,
        )

    @classmethod
    def from_record(cls, record: Record) -> Self:
        """Fold a record with the records package's own verification (digest and result
        included): a record that breaks is shown up to its last good move, with why."""
        game = get_game(record.game)
        result = cls.fold_record(record)
        if not result.states:
            raise ReplayError(result.problem or "this record cannot be replayed")
        problem = None
        if result.error is not None:
            problem = Problem(result.error[0], result.problem or str(result.error[1]))
        return cls(
            game,
            result.states,
            [m.move for m in record.moves],
            players=record.players,
            seed=record.seed,
            thinks=[m.think for m in record.moves],
            comments=[m.comment for m in record.moves],
            problem=problem,
            record=record,
        )

    @classmethod
    def fold_record(cls, record: Record) -> ReplayResult[Any]:
        """Every state of `record`, verified (`tt22.record.replay_game`)."""
        from tt22.record import replay_game

        return replay_game(record)

    # -- positions ------------------------------------------------------------------

    @property
    def end(self) -> int:
        """The last position: after every move that could be replayed."""
        return len(self.states) - 1

    @property
    def finished(self) -> bool:
        """The match is over and the record verifies: every hand may be shown open."""
        return self.problem is None and self.game.is_over(self.states[-1])

    def clamp(self, p: int) -> int:
        return max(0, min(self.end, p))

    def state(self, p: int) -> Any:
        return self.states[self.clamp(p)]

    def place(self, p: int) -> Location:
        return self.places[self.clamp(p)]

    def step(self, p: int, by: int) -> int:
        return self.clamp(p + by)

    def marks(self, key: Callable[[int], object]) -> list[int]:
        """The positions where `key` of the position changes, with both ends."""
        starts = [i for i in range(1, self.end + 1) if key(i) != key(i - 1)]
        return sorted({0, *starts, self.end})

    def next_group(self, p: int) -> int:
        """Where the next trick (or turn) begins; a hand's pre-play phase is its group 0."""
        return _after(self._group_anchors, p, self.end)

    def prev_group(self, p: int) -> int:
        return _before(self._group_anchors, p)

    def next_hand(self, p: int) -> int:
        return _after(self._hand_anchors, p, self.end)

    def prev_hand(self, p: int) -> int:
        return _before(self._hand_anchors, p)

    def hand_ended(self, p: int) -> bool:
        """Position `p` is just after the move that finished a hand (the next hand dealt,
        or the match over): where a replayer says how the hand ended."""
        p = self.clamp(p)
        if p == 0:
            return False
        over = self.game.is_over(self.states[p])
        return over != self.game.is_over(self.states[p - 1]) or (
            not over and self.places[p].hand != self.places[p - 1].hand
        )

    def winners(self, p: int) -> tuple[int, ...] | None:
        """The winning seats when the match is over at `p`, else None."""
        s = self.state(p)
        return tuple(self.game.winners(s)) if self.game.is_over(s) else None

    def position_after(self, index: int) -> int:
        """Choosing move `index` in the list shows the table just after it."""
        return self.clamp(index + 1)

    def current_row(self, p: int) -> int | None:
        """The move the list highlights at position `p`: the last one made."""
        return p - 1 if p > 0 else None

    def goto(self, text: str) -> int:
        """`#57` just after move 57; `3` hand 3's start; `3.2` its trick (or turn) 2's
        start (`3.0` its play before the first trick: 22's exchange, Rook's bidding);
        `3.2.1` just after the first move of that trick. GotoError in one line else."""
        t = text.strip()
        m = re.fullmatch(r"#\s*(\d{1,7})", t)
        if m:
            k = int(m.group(1))
            if not 0 <= k <= self.end:
                raise GotoError(f"move {k} is not in this record (0 to {self.end})")
            return k
        m = re.fullmatch(r"(\d{1,5})(?:\.(\d{1,3}))?(?:\.(\d{1,3}))?", t)
        if not m:
            raise GotoError(f"not a place: {text!r}; try 3, 3.2, 3.2.1 or #57")
        hand = int(m.group(1))
        trick = None if m.group(2) is None else int(m.group(2))
        step = None if m.group(3) is None else int(m.group(3))
        # A group's positions: where its moves are made (the last move's own position is
        # the next group's, so a group is the positions of its moves).
        group_of = [(pl.hand, pl.trick) for pl in self.places[: self.end]]
        start = next((i for i, g in enumerate(group_of) if g[0] == hand), None)
        if start is None:
            raise GotoError(f"there is no {self.hand_word} {hand} in this record")
        if trick is None:
            return start
        group = [i for i, g in enumerate(group_of) if g == (hand, trick)]
        if not group:
            what = "its play before the first trick" if trick == 0 else f"trick {trick}"
            raise GotoError(f"{self.hand_word} {hand} has no {what} in this record")
        if step is None:
            return group[0]
        if not 1 <= step <= len(group):
            raise GotoError(f"that trick has moves 1 to {len(group)}, not {step}")
        return group[step - 1] + 1

    # -- what rides along -----------------------------------------------------------

    def think(self, index: int) -> float | None:
        """Seconds the player took over move `index`, when the record knows."""
        if 0 <= index < len(self.thinks):
            return self.thinks[index]
        return None

    def mover(self, index: int) -> int:
        """The seat that made move `index`."""
        seat: int = self.all_moves[index].seat
        return seat

    def comment(self, index: int, seat: int | None = None) -> str | None:
        """The comment on move `index`, as the view of `seat` may show it (None: the
        open view); `tt22.record.comment_visible` is the rule."""
        if 0 <= index < len(self.comments) and comment_visible(self.mover(index), seat):
            return self.comments[index]
        return None

    def set_comment(self, index: int, text: str | None) -> None:
        """Attach `text` to move `index`; empty text removes the comment."""
        if not 0 <= index < len(self.comments):
            raise IndexError(f"no move {index + 1} to comment on")
        clean = (text or "").strip() or None
        if self.comments[index] != clean:
            self.comments[index] = clean
            self.dirty = True
            self.revision += 1

    def to_record(self) -> Record:
        """The source record with this replay's comments (everything else untouched)."""
        import msgspec

        if self.record is None:
            raise ValueError("this replay was not opened from a record")
        moves = [
            msgspec.structs.replace(m, comment=self.comments[i])
            for i, m in enumerate(self.record.moves)
        ]
        return msgspec.structs.replace(self.record, moves=moves)

    # -- play from here -------------------------------------------------------------

    def can_play_on(self, p: int, seat: int) -> bool:
        """`seat` may take over at `p` (a game whose seats leave the match says more)."""
        return 0 <= seat < len(self.players)

    def fork(self, p: int, seat: int, *, name: str, started: datetime, source: str) -> Record:
        """A new record of this match's first `p` moves, with `seat` taken by `name` (the
        record's name for it when empty) and every other seat by a bot, names kept
        (`fork_players`); its origin names `source` and the move it forks at."""
        import msgspec

        from tt22.core.bots import levels
        from tt22.record import fork_record

        if self.record is None:
            raise ValueError("play from here needs a record to name as the source")
        p = self.clamp(p)
        if self.game.is_over(self.state(p)):
            raise ValueError("the match is over at this move: there is nothing to play on")
        if not self.can_play_on(p, seat):
            raise ValueError(f"seat {seat + 1} cannot play on from here")
        players = fork_players(self.players, seat, name, levels(self.game.name))
        forked = fork_record(self.record, p, source, started)
        return msgspec.structs.replace(forked, players=players)


def _after(anchors: list[int], p: int, end: int) -> int:
    i = bisect.bisect_right(anchors, p)
    return anchors[i] if i < len(anchors) else end


def _before(anchors: list[int], p: int) -> int:
    i = bisect.bisect_left(anchors, p)
    return anchors[i - 1] if i > 0 else 0
