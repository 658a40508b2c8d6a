"""22's replay model: the one replay model (`tt22.play.replay`) plus what 22's replayer
shows of a position beyond it (the move rows with their exchange and trick, "deal d of
D, trick t of T", the penalty totals after each deal, the seats still in the match).

The fold, stepping, goto, comments and play from here are the model's, the same for
every game; this module only reads 22's own states. Pure: no Textual.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from tt22.core.cards import CODE
from tt22.games.twentytwo import EXCHANGE, OVER, Exchange, SeatView, State, view
from tt22.play.replay import GotoError, Problem, ReplayError, ReplayModel

if TYPE_CHECKING:
    from tt22.record import Record, ReplayResult

__all__ = [
    "DealTotals",
    "GotoError",
    "MoveRow",
    "Problem",
    "ReplayError",
    "TwentyTwoReplay",
    "Where",
]


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


class TwentyTwoReplay(ReplayModel):
    """A 22 record folded (`ReplayModel`), with its move rows, positions and totals."""

    states: list[State]
    hand_word = "deal"

    @classmethod
    def fold_record(cls, record: Record) -> ReplayResult[Any]:
        """22's fold of a record (a record of another game gives no states, and why)."""
        from tt22.record import replay_record

        return replay_record(record)

    # -- the list of moves ----------------------------------------------------------

    @cached_property
    def rows(self) -> list[MoveRow]:
        """One row per move replayed: its deal, trick (0: the exchange), step, seat and
        cards."""
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

    # -- positions ------------------------------------------------------------------

    def next_trick(self, p: int) -> int:
        return self.next_group(p)

    def prev_trick(self, p: int) -> int:
        return self.prev_group(p)

    def next_deal(self, p: int) -> int:
        return self.next_hand(p)

    def prev_deal(self, p: int) -> int:
        return self.prev_hand(p)

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

    def totals_by_deal(self, p: int | None = None) -> list[DealTotals]:
        """Penalty totals after each deal finished by position `p` (default: the end)."""
        s = self.states[-1] if p is None else self.state(p)
        return [
            DealTotals(d.start.number, d.losers, d.penalty, d.totals, d.eliminated)
            for d in s.history
        ]

    # -- play from here -------------------------------------------------------------

    def can_play_on(self, p: int, seat: int) -> bool:
        """A seat still in the match (not eliminated) may take over."""
        return super().can_play_on(p, seat) and not self.state(p).out[seat]
