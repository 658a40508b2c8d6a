"""What the Rummy family's games answer alike through the game protocol (Rummy, Gin,
500 Rum and Persian, Manipulation): the rules from assignments, the seat to move, the
winners and scores, where a state is, a view's legal moves and why a move is not, and a
view decoded from msgpack. Each game names its fold's legality (`check`) and parser
(`parse_rules`), and keeps what is its own (forced moves, hints, transcripts)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, Self, TypeVar

from tt22.core.protocol import Game, IllegalMove, Location, Reason, reason_of

from .common import Event, MatchState, PileState

__all__ = ["FamilyGame", "tuples"]


def tuples(value: Any) -> Any:
    """Lists back to tuples, all the way down (msgpack brings an event's cards as lists,
    as its data is `Any` in a view's type)."""
    if isinstance(value, list):
        return tuple(tuples(v) for v in value)
    return value


class _Move(Protocol):
    @property
    def seat(self) -> int: ...


class _View(Protocol):
    @property
    def seat(self) -> int: ...

    @property
    def events(self) -> tuple[Event, ...]: ...

    def position(self) -> Any: ...

    def legal_moves(self) -> Any: ...

    def _replace(self, *, events: tuple[Event, ...] = ...) -> Self: ...


class _Rules(Protocol):
    def for_players(self, players: int) -> Any: ...

    def as_dict(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=_Rules)
S = TypeVar("S", bound=MatchState[Any, Any, Any, Any])
M = TypeVar("M", bound=_Move)
V = TypeVar("V", bound=_View)


class FamilyGame(Game[R, S, M, V]):
    """The protocol's answers the family's games wrote out alike."""

    parse_rules: Callable[[Sequence[str]], R]
    """The game's rules from `name=value` assignments (a staticmethod)."""

    check: Callable[[Any, Any], object]
    """The fold's legality at a position (a staticmethod): raises RuleBroken."""

    not_yours: tuple[str, str] = ("rummy.not_yours", "M4")
    """The reason code and rule of a move a view's seat may not make for another."""

    def rules(self, assignments: Sequence[str] = (), players: int | None = None) -> R:
        rules = self.parse_rules(assignments)
        resolved: R = rules if players is None else rules.for_players(players)
        return resolved

    def rules_dict(self, rules: R) -> dict[str, Any]:
        return rules.as_dict()

    def to_move(self, state: S) -> int:
        return state.to_move

    def winners(self, state: S) -> tuple[int, ...]:
        return state.winners

    def returns(self, state: S) -> tuple[int, ...]:
        return state.scores

    def locate(self, state: S) -> Location:
        """Hands from 1; `trick` is the turn of the hand (from 1), `turn` the moves made
        in it (the draw or take, melds, lay-offs; Manipulation's turn is one move)."""
        if self.is_over(state):
            return Location(state.history[-1].start.number, 0, 0)
        step = state.step if isinstance(state, PileState) else 0
        return Location(state.start.number, state.turns + 1, step)

    def view_legal_moves(self, view: V) -> Sequence[M]:
        moves: Sequence[M] = view.legal_moves()
        return moves

    def explain_view(self, view: V, move: M) -> Reason | None:
        if move.seat != view.seat:
            code, rule = self.not_yours
            return Reason(code, rule, (("seat", move.seat),))
        try:
            self.check(view.position(), move)
        except IllegalMove as e:
            return reason_of(e)
        return None

    def decode_view(self, data: bytes) -> V:
        """The view of its msgpack bytes, an event's data (a meld's or a take's cards, a
        play's table) back as tuples: equal to the encoded view."""
        view = super().decode_view(data)
        return view._replace(events=tuple((s, k, tuples(d)) for s, k, d in view.events))
