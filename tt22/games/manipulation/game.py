"""Manipulation Rummy (X1-X9) through the game protocol."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.core.players import Player
from tt22.core.protocol import IllegalMove, Reason
from tt22.core.rng import Pcg32
from tt22.games.rummy.family import FamilyGame

from . import engine
from .cards import TEXT, CardError, parse_card
from .moves import Draw, ManipulationMove, Pass, Play
from .reasons import ENGLISH, reason
from .rules import MAX_PLAYERS, MIN_PLAYERS, OPTIONS, ManipulationRules, parse_rules
from .solver import solve
from .transcript import seat_transcript, transcript
from .views import ManipulationView, public_events, view, world

__all__ = ["MANIPULATION_GAME", "Manipulation", "best_play", "move_text", "parse_move"]


def move_text(move: ManipulationMove) -> str:
    """`draw`, `pass`, `play 5H 5D : 5S 5H 5D | 6C 7C 8C`: the hand cards put down, then
    every meld of the new table, `|` between melds."""
    if isinstance(move, Draw):
        return "draw"
    if isinstance(move, Pass):
        return "pass"
    melds = " | ".join(" ".join(m) for m in move.table)
    return f"play {' '.join(move.cards)} : {melds}"


def parse_move(seat: int, text: str) -> ManipulationMove:
    verb, _, rest = text.strip().partition(" ")
    verb = verb.lower()
    if verb == "draw" and not rest.strip():
        return Draw(seat)
    if verb == "pass" and not rest.strip():
        return Pass(seat)
    if verb == "play" and ":" in rest:
        cards_part, _, table_part = rest.partition(":")
        try:
            cards = tuple(TEXT[parse_card(w)] for w in cards_part.split())
            melds = tuple(
                tuple(TEXT[parse_card(w)] for w in meld.split()) for meld in table_part.split("|")
            )
        except CardError as e:
            raise ValueError(f"not a Manipulation move: {text!r} ({e})") from None
        return Play(seat, cards, melds)
    raise ValueError(
        f"not a Manipulation move: {text!r}; moves are draw, pass, play CARDS : MELD | MELD"
    )


def best_play(
    v: ManipulationView, must: Sequence[int] = (), budget: int | None = None
) -> Play | None:
    """The play (X4) placing the most hand cards, then points, from the view alone (using
    every card of `must` when given: the interface's `f` on a selection), or None when
    no hand card can go on the table. Before a seat's opening (X5, `opening` > 0) the
    table stays as it is and the new melds are hand cards alone. With a `budget` (the
    bots') the solver expands at most that many states (solver.solve): a valid play,
    not surely the largest, or None when the search it could afford found none."""
    if not v.my_turn or v.over:
        return None
    table = [c for m in v.table for c in m]
    if v.opened[v.seat]:
        got = solve(table, v.hand, must, budget)
        if got is None or not got.placed:
            return None
        melds = (*_kept(v.table, got.melds), *_made(v.table, got.melds))
        move = Play(v.seat, tuple(TEXT[c] for c in got.placed), _text(melds))
    else:
        own = solve([], v.hand, must, budget)
        if own is None or not own.placed:
            return None
        melds = (*v.table, *own.melds)
        move = Play(v.seat, tuple(TEXT[c] for c in own.placed), _text(melds))
    try:
        engine.check(v.position(), move)
    except IllegalMove:
        return None  # an opening below `opening` points
    return move


def _kept(old: Sequence[tuple[int, ...]], new: Sequence[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The melds of `old` that `new` keeps whole, in the old table's order (so a play
    shows as few changes as the arrangement allows)."""
    rest = list(new)
    out = []
    for m in old:
        if m in rest:
            rest.remove(m)
            out.append(m)
    return out


def _made(old: Sequence[tuple[int, ...]], new: Sequence[tuple[int, ...]]) -> list[tuple[int, ...]]:
    rest = list(new)
    for m in old:
        if m in rest:
            rest.remove(m)
    return rest


def _text(melds: Sequence[Sequence[int]]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(TEXT[c] for c in m) for m in melds)


class Manipulation(FamilyGame[ManipulationRules, engine.State, ManipulationMove, ManipulationView]):
    """Rummikub's ancestor: two decks, the table's melds everyone's to rearrange."""

    name = "manipulation"
    title = "Manipulation Rummy"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    default_players = 3
    options = OPTIONS
    rule_prefix = "X"
    score_unit = "penalty"  # (X8: a total is what a seat is charged)
    lower_is_better = True
    move_type = ManipulationMove
    view_type = ManipulationView
    reason_templates = ENGLISH

    new_match = staticmethod(engine.new_match)
    legal_moves = staticmethod(engine.legal_moves)
    apply = staticmethod(engine.apply)
    view = staticmethod(view)
    check = staticmethod(engine.check)
    parse_rules = staticmethod(parse_rules)
    not_yours = ("manipulation.not_yours", "X4")

    def is_over(self, state: engine.State) -> bool:
        return state.over

    def public_view(self, state: engine.State) -> ManipulationView:
        """Seat 0's view less its hand: the table, the counts and the public events."""
        return view(state, 0)._replace(hand=())

    def forced_reason(self, view: ManipulationView) -> Reason | None:
        """X4: a seat none of whose cards can go on the table, however it is
        rearranged, must draw; X7: with the stock empty, pass."""
        if not view.my_turn or view.over or best_play(view) is not None:
            return None
        if view.stock_count:
            return reason("manipulation.must_draw", "X4")
        return reason("manipulation.must_pass", "X7")

    def hint(self, view: ManipulationView, salt: str) -> Any:
        """The play placing the most cards (the solver's), or the draw or pass."""
        if not view.my_turn or view.over:
            return None
        play = best_play(view)
        if play is not None:
            return play
        return Draw(view.seat) if view.stock_count else Pass(view.seat)

    def resample(self, view: ManipulationView, rng: Pcg32) -> engine.State:
        return world(view, rng)

    def move_text(self, move: ManipulationMove) -> str:
        return move_text(move)

    def parse_move(self, seat: int, text: str) -> ManipulationMove:
        return parse_move(seat, text)

    def transcript(
        self, state: engine.State, seed: str, players: Sequence[Player]
    ) -> dict[str, Any]:
        return transcript(state, seed, players)

    def seat_transcript(
        self, states: Sequence[engine.State], seed: str, players: Sequence[Player], seat: int
    ) -> dict[str, Any]:
        """From the seat's views, and the finished hands as the table saw them (their
        deals and stocks and the cards drawn taken out)."""
        views = [view(s, seat) for s in states]
        ended = tuple(
            h._replace(start=h.start._replace(dealt=(), stock=()), events=public_events(h.events))
            for h in states[-1].history
        )
        return seat_transcript(views, ended, seed, players)


MANIPULATION_GAME = Manipulation()
