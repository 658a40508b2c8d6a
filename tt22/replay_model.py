"""The replayer's model: a record folded through the engine, and how to walk it.

A replay is the list of states the engine produces from the recorded moves, nothing
more: positions are indexed by move (position `p` is the match after `p` moves, so
position 0 is the first deal as dealt and position `n` the end). Every question the
replay screen asks (where am I, what did seat 2 know here, what were the totals after
deal 4) is answered from those states, so the replayer never holds a second copy of
the rules. Pure: no Textual, no files, no clock.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, NamedTuple

from tt22.core.cards import CODE, show_card
from tt22.core.players import Player
from tt22.core.protocol import IllegalMove
from tt22.games.twentytwo import (
    EXCHANGE,
    OVER,
    Exchange,
    Move,
    Rules,
    SeatView,
    State,
    apply,
    new_match,
    view,
)
from tt22.record.comments import comment_visible

if TYPE_CHECKING:
    from tt22.record import Record

__all__ = [
    "DealTotals",
    "GotoError",
    "MoveRow",
    "Problem",
    "ReplayError",
    "ReplayModel",
    "Where",
]


class GotoError(ValueError):
    """A goto target that is not in this record, in words for the status line."""


class MoveRow(NamedTuple):
    """One line of the move list: move `move_index` (0-based) and where it falls.

    `trick` is 0 for the exchange and 1.. for tricks; `step` is the move's place in its
    trick (1-based). `cards` are the discards of an exchange or the cards of a play.
    """

    move_index: int
    deal: int
    trick: int
    step: int
    seat: int
    exchange: bool
    cards: tuple[int, ...]


class Where(NamedTuple):
    """The position line: deal d of D, trick t of T (0 = the exchange), move m of M."""

    deal: int
    deals: int
    trick: int
    tricks: int
    move: int
    moves: int


class DealTotals(NamedTuple):
    """Every seat's penalty total after one finished deal."""

    deal: int
    losers: tuple[int, ...]
    penalty: int
    totals: tuple[int, ...]
    eliminated: tuple[int, ...]


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


def fold(state: State, moves: Sequence[Move]) -> tuple[list[State], Problem | None]:
    """states[i] before move i, states[-1] after the last good move; the first illegal
    move stops the fold and is reported rather than raised."""
    states = [state]
    for i, move in enumerate(moves):
        try:
            state = apply(state, move)
        except IllegalMove as e:
            return states, Problem(i, f"move {i + 1} of {len(moves)} breaks {e.rule}: {e.reason}")
        states.append(state)
    return states, None


class ReplayModel:
    """A folded record plus the per-move data (think times, comments) that rides along."""

    def __init__(
        self,
        states: Sequence[State],
        moves: Sequence[Move],
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
        self.states: list[State] = list(states)
        self.all_moves: list[Move] = list(moves)
        n = len(self.states) - 1
        self.moves: list[Move] = self.all_moves[:n]
        count = self.states[0].players
        self.players: list[Player] = (
            list(players) if players else [Player(f"Seat {s}") for s in range(count)]
        )
        self.seed = seed
        self.thinks: list[float | None] = list(thinks or [None] * len(self.all_moves))
        self.comments: list[str | None] = list(comments or [None] * len(self.all_moves))
        self.problem = problem
        self.record = record
        self.dirty = False
        self.revision = 0  # counts comment edits, so views can tell they are stale
        self.rows: list[MoveRow] = self._rows()
        # Anchors for trick and deal jumps: the first position of every group, plus the ends.
        self._trick_anchors = self._anchors(lambda r: (r.deal, r.trick))
        self._deal_anchors = self._anchors(lambda r: r.deal)

    # -- construction ---------------------------------------------------------------

    @classmethod
    def from_moves(
        cls,
        rules: Rules,
        players: Sequence[Player],
        seed: str,
        moves: Sequence[Move],
        thinks: Sequence[float | None] | None = None,
        comments: Sequence[str | None] | None = None,
    ) -> ReplayModel:
        """Fold `moves` from a fresh match; an illegal move ends the replay there."""
        states, problem = fold(new_match(rules, len(players), seed), moves)
        return cls(
            states,
            moves,
            players=players,
            seed=seed,
            thinks=thinks,
            comments=comments,
            problem=problem,
        )

    @classmethod
    def from_record(cls, record: Record) -> ReplayModel:
        """Fold a record with the records package's own verification (digest included)."""
        from tt22.record import replay_record

        result = replay_record(record)
        if not result.states:
            raise ReplayError(result.problem or "this record cannot be replayed")
        problem = None
        if result.error is not None:
            problem = Problem(result.error[0], result.problem or str(result.error[1]))
        return cls(
            result.states,
            [m.move for m in record.moves],
            players=record.players,
            seed=record.seed,
            thinks=[m.think for m in record.moves],
            comments=[m.comment for m in record.moves],
            problem=problem,
            record=record,
        )

    # -- the list of moves ----------------------------------------------------------

    def _rows(self) -> list[MoveRow]:
        rows: list[MoveRow] = []
        for i, move in enumerate(self.moves):
            before = self.states[i]
            if before.phase == EXCHANGE:
                trick = 0
                step = len(before.exchanges) + 1
            else:
                trick = len(before.tricks) + 1
                step = len(before.plays) + 1
            cards = move.discard if isinstance(move, Exchange) else move.cards
            rows.append(
                MoveRow(
                    i,
                    before.deal.number,
                    trick,
                    step,
                    move.seat,
                    isinstance(move, Exchange),
                    tuple(CODE[c] for c in cards),
                )
            )
        return rows

    def _anchors(self, key: Callable[[MoveRow], object]) -> list[int]:
        anchors = [0]
        last: object = None
        for row in self.rows:
            k = key(row)
            if k != last:
                if row.move_index:
                    anchors.append(row.move_index)
                last = k
        if anchors[-1] != self.end:
            anchors.append(self.end)
        return anchors

    # -- positions ------------------------------------------------------------------

    @property
    def end(self) -> int:
        """The last position: after every move that could be replayed."""
        return len(self.states) - 1

    def clamp(self, p: int) -> int:
        return max(0, min(self.end, p))

    def state(self, p: int) -> State:
        return self.states[self.clamp(p)]

    def step(self, p: int, by: int) -> int:
        return self.clamp(p + by)

    def next_trick(self, p: int) -> int:
        return _after(self._trick_anchors, p, self.end)

    def prev_trick(self, p: int) -> int:
        return _before(self._trick_anchors, p)

    def next_deal(self, p: int) -> int:
        return _after(self._deal_anchors, p, self.end)

    def prev_deal(self, p: int) -> int:
        return _before(self._deal_anchors, p)

    def deal_start(self, deal: int) -> int:
        """The position where `deal` is dealt and nobody has moved yet."""
        for row in self.rows:
            if row.deal == deal:
                return row.move_index
        raise GotoError(f"there is no deal {deal} in this record")

    def position_after(self, index: int) -> int:
        """Clicking move `index` in the list shows the table just after it."""
        return self.clamp(index + 1)

    def current_row(self, p: int) -> int | None:
        """The move the list highlights at position `p`: the last one made."""
        return p - 1 if p > 0 else None

    def goto(self, text: str) -> int:
        """`3` deal 3; `3.2` its trick 2 (0 is the exchange); `3.2.1` just after the first
        move of that trick; `#57` just after move 57 of the match."""
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
        deal = int(m.group(1))
        trick = None if m.group(2) is None else int(m.group(2))
        step = None if m.group(3) is None else int(m.group(3))
        start = self.deal_start(deal)
        if trick is None:
            return start
        group = [r for r in self.rows if r.deal == deal and r.trick == trick]
        if not group:
            what = "the exchange" if trick == 0 else f"trick {trick}"
            raise GotoError(f"deal {deal} has no {what} in this record")
        if step is None:
            return group[0].move_index
        if not 1 <= step <= len(group):
            raise GotoError(f"that trick has moves 1 to {len(group)}, not {step}")
        return group[step - 1].move_index + 1

    def where(self, p: int) -> Where:
        p = self.clamp(p)
        s = self.states[p]
        deal = s.deal.number
        if s.phase == EXCHANGE:
            trick = 0
        elif s.phase == OVER:
            trick = len(s.history[-1].tricks) if s.history else 0
        else:
            trick = len(s.tricks) + 1
        return Where(deal, self.states[-1].deal.number, trick, self.tricks_in(deal), p, self.end)

    def tricks_in(self, deal: int) -> int:
        """Tricks in `deal`: all of them once it finished, else those begun so far."""
        history = self.states[-1].history
        if 1 <= deal <= len(history) and history[deal - 1].start.number == deal:
            return len(history[deal - 1].tricks)
        return max((r.trick for r in self.rows if r.deal == deal), default=0)

    # -- what is visible ------------------------------------------------------------

    def seat_view(self, p: int, seat: int) -> SeatView:
        """What `seat` knew at position `p` (R23): the engine's own view, nothing added."""
        return view(self.state(p), seat)

    def visible_rows(self, p: int, seat: int | None) -> list[MoveRow]:
        """Rows the list may show. In a seat's view only moves already made (a later play
        would reveal a card that seat could not see yet) and no one else's discards."""
        if seat is None:
            return self.rows
        rows = self.rows[: self.clamp(p)]
        return [r._replace(cards=()) if r.exchange and r.seat != seat else r for r in rows]

    def row_text(self, row: MoveRow, seat: int | None, ascii_style: bool = False) -> str:
        """`discards 2` / `discards 7♠ 9♦` / `keeps` / `K♠ K♦`, hiding what `seat` never saw."""
        move = self.moves[row.move_index]
        if isinstance(move, Exchange):
            count = len(move.discard)
            if count == 0:
                return "keeps"
            before = self.states[row.move_index]
            if count > len(before.stock):
                return f"keeps (asked {count})"
            if seat is not None and seat != row.seat:
                return f"discards {count}"
            return "discards " + _cards(row.cards, ascii_style)
        return _cards(row.cards, ascii_style)

    def totals_by_deal(self, p: int | None = None) -> list[DealTotals]:
        """Penalty totals after each deal finished by position `p` (default: the end)."""
        s = self.states[-1] if p is None else self.state(p)
        return [
            DealTotals(d.start.number, d.losers, d.penalty, d.totals, d.eliminated)
            for d in s.history
        ]

    def think(self, index: int) -> float | None:
        """Seconds the player took over move `index`, when the record knows."""
        if 0 <= index < len(self.thinks):
            return self.thinks[index]
        return None

    # -- comments -------------------------------------------------------------------

    def comment(self, index: int, seat: int | None = None) -> str | None:
        """The comment on move `index`, as the view of `seat` may show it (None: the
        open view); `tt22.record.comment_visible` is the rule."""
        if 0 <= index < len(self.comments) and comment_visible(self.all_moves[index].seat, seat):
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

    def fork(
        self,
        p: int,
        seat: int,
        *,
        name: str,
        started: datetime,
        source: str,
        bot: str = "random",
    ) -> Record:
        """A new record of this match's first `p` moves, with `seat` taken by `name` and
        every other seat by a bot; its origin names `source` and the move it forks at."""
        import msgspec

        from tt22.record import fork_record

        if self.record is None:
            raise ValueError("play from here needs a record to name as the source")
        p = self.clamp(p)
        if self.state(p).over:
            raise ValueError("the match is over at this move: there is nothing to play on")
        if not 0 <= seat < len(self.players) or self.state(p).out[seat]:
            raise ValueError(f"seat {seat + 1} cannot play on from here")
        players = [
            Player(name, "human") if s == seat else _as_bot(pl, s, bot)
            for s, pl in enumerate(self.players)
        ]
        forked = fork_record(self.record, p, source, started)
        return msgspec.structs.replace(forked, players=players)


def _cards(cards: Sequence[int], ascii_style: bool) -> str:
    """High to low, as the table shows a play (the order within a play means nothing)."""
    return " ".join(show_card(c, ascii_style) for c in sorted(cards, reverse=True))


def _as_bot(player: Player, seat: int, default: str) -> Player:
    """A seat handed to a bot: a bot keeps its level, a person is replaced by `default`."""
    if player.kind == "bot" and player.bot:
        return player
    return Player(f"Bot {seat}", "bot", default)


def _after(anchors: list[int], p: int, end: int) -> int:
    i = bisect.bisect_right(anchors, p)
    return anchors[i] if i < len(anchors) else end


def _before(anchors: list[int], p: int) -> int:
    i = bisect.bisect_left(anchors, p)
    return anchors[i - 1] if i > 0 else 0
