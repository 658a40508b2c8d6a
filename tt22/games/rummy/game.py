"""Rummy (M1-M10) and Gin Rummy (G1-G9) through the game protocol."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.core.players import Player
from tt22.core.protocol import Reason, Variant
from tt22.core.rng import Pcg32

from . import gin, rummy
from .cards import TEXT, CardError, parse_card
from .family import FamilyGame
from .moves import PILE, STOCK, Discard, Draw, GinMove, Knock, LayOff, Meld, Pass, RummyMove
from .reasons import ENGLISH, reason
from .rules import GIN_OPTIONS, RUMMY_OPTIONS, GinRules, RummyRules, parse_gin, parse_rummy
from .sample import gin_world, rummy_world
from .seat import gin_seat_transcript, rummy_seat_transcript
from .transcript import gin_transcript, rummy_transcript
from .views import GinView, RummyView, gin_view, public_hands, rummy_view

__all__ = ["GIN_GAME", "RUMMY_GAME", "Gin", "Rummy"]


def _card(word: str) -> str:
    return TEXT[parse_card(word)]


def _parse(seat: int, text: str, title: str, allowed: tuple[str, ...]) -> Any:
    """`draw stock`, `draw discard`, `pass`, `meld 3S 4S 5S`, `lay 7S on 2`,
    `discard 7S`, `knock 7S`: each verb only where the game has it."""
    verb, _, rest = text.strip().partition(" ")
    words = rest.split()
    verb = verb.lower()
    try:
        if verb in allowed:
            if verb == "draw" and len(words) == 1 and words[0].lower() in (STOCK, PILE):
                return Draw(seat, words[0].lower())
            if verb == "pass" and not words:
                return Pass(seat)
            if verb == "meld" and words:
                return Meld(seat, tuple(_card(w) for w in words))
            if verb == "lay" and len(words) == 3 and words[1].lower() == "on":
                return LayOff(seat, _card(words[0]), int(words[2]))
            if verb == "discard" and len(words) == 1:
                return Discard(seat, _card(words[0]))
            if verb == "knock" and len(words) == 1:
                return Knock(seat, _card(words[0]))
    except (CardError, ValueError) as e:
        raise ValueError(f"not a {title} move: {text!r} ({e})") from None
    raise ValueError(f"not a {title} move: {text!r}; moves are {', '.join(allowed)}")


def _text(move: Any) -> str:
    if isinstance(move, Draw):
        return f"draw {move.source}"
    if isinstance(move, Pass):
        return "pass"
    if isinstance(move, Meld):
        return "meld " + " ".join(move.cards)
    if isinstance(move, LayOff):
        return f"lay {move.card} on {move.meld}"
    if isinstance(move, Discard):
        return f"discard {move.card}"
    return f"knock {move.card}"


class Rummy(FamilyGame[RummyRules, rummy.State, RummyMove, RummyView]):
    """The third game family's first member: melds on the table, going out (M1-M10)."""

    name = "rummy"
    title = "Rummy"
    min_players = 2
    max_players = 4
    default_players = 4
    options = RUMMY_OPTIONS
    rule_prefix = "M"
    score_unit = "penalty"  # (M10: a total is what a seat is charged)
    lower_is_better = True
    move_type = RummyMove
    view_type = RummyView
    reason_templates = ENGLISH

    new_match = staticmethod(rummy.new_match)
    legal_moves = staticmethod(rummy.legal_moves)
    apply = staticmethod(rummy.apply)
    view = staticmethod(rummy_view)
    check = staticmethod(rummy.check)
    parse_rules = staticmethod(parse_rummy)

    def public_view(self, state: rummy.State) -> RummyView:
        """Seat 0's view less its hand; the card a seat just took from the pile is public
        (M5), but only that seat's own view marks it."""
        return rummy_view(state, 0)._replace(hand=(), taken=-1)

    def is_over(self, state: rummy.State) -> bool:
        return state.phase == rummy.OVER

    def resample(self, view: RummyView, rng: Pcg32) -> rummy.State:
        """A world the view's seat cannot tell from the real one this hand (`rummy_world`:
        earlier hands are not rebuilt)."""
        return rummy_world(view, rng)

    def forced_reason(self, view: RummyView) -> Reason | None:
        """M9: with the discard pile empty (just reshuffled into the stock) the draw is
        from the stock; M4/M8: a turn with one legal move left (the last card but the one
        just taken, say) is forced."""
        if not view.my_turn:
            return None
        moves = view.legal_moves()
        if view.phase == rummy.DRAW:
            return reason("rummy.stock_only", "M9") if len(moves) == 1 else None
        if len(moves) != 1:
            return None
        move = moves[0]
        if isinstance(move, Discard):
            return reason("rummy.forced_discard", "M4", card=move.card)
        return reason("rummy.only_move", "M6", move=_text(move))

    def move_text(self, move: RummyMove) -> str:
        return _text(move)

    def parse_move(self, seat: int, text: str) -> RummyMove:
        move: RummyMove = _parse(seat, text, "Rummy", ("draw", "meld", "lay", "discard"))
        return move

    def transcript(
        self, state: rummy.State, seed: str, players: Sequence[Player]
    ) -> dict[str, Any]:
        return rummy_transcript(state, seed, players)

    def seat_transcript(
        self, states: Sequence[rummy.State], seed: str, players: Sequence[Player], seat: int
    ) -> dict[str, Any]:
        """From the seat's views, and the finished hands as every seat saw them (which
        a `RummyView` carries only in short: it travels on every move)."""
        views = [rummy_view(s, seat) for s in states]
        return rummy_seat_transcript(views, public_hands(states[-1]), seed, players)


class Gin(FamilyGame[GinRules, gin.State, GinMove, GinView]):
    """Gin Rummy, two players, melds kept in the hand (G1-G9); Oklahoma by option."""

    name = "gin"
    title = "Gin Rummy"
    min_players = 2
    max_players = 2
    default_players = 2
    options = GIN_OPTIONS
    rule_prefix = ("G", "M")
    move_type = GinMove
    view_type = GinView
    reason_templates = ENGLISH

    def variant(self, rules: GinRules) -> Variant | None:
        """Oklahoma Gin, when the upcard sets the knock limit (G9)."""
        return Variant("oklahoma", "knock_limit") if rules.oklahoma else None

    new_match = staticmethod(gin.new_match)
    legal_moves = staticmethod(gin.legal_moves)
    apply = staticmethod(gin.apply)
    view = staticmethod(gin_view)
    check = staticmethod(gin.check)
    parse_rules = staticmethod(parse_gin)

    def public_view(self, state: gin.State) -> GinView:
        """Seat 0's view less its hand; the card a seat just took from the pile is public
        (M5), but only that seat's own view marks it."""
        return gin_view(state, 0)._replace(hand=(), taken=-1)

    def rules(self, assignments: Sequence[str] = (), players: int | None = None) -> GinRules:
        """As the family's, but resolved (G9's knock limit) even with no table given."""
        rules = parse_gin(assignments)
        return rules.resolved() if players is None else rules.for_players(players)

    def is_over(self, state: gin.State) -> bool:
        return state.phase == gin.OVER

    def resample(self, view: GinView, rng: Pcg32) -> gin.State:
        """A world the view's seat cannot tell from the real one (`gin_world`)."""
        return gin_world(view, rng)

    def forced_reason(self, view: GinView) -> Reason | None:
        """G1: after both pass the upcard the non-dealer must draw from the stock; G7:
        at the wall, with no knock in reach, the hand is void."""
        if not view.my_turn:
            return None
        if view.phase == gin.DRAW and view.offer == gin.BOTH_PASSED:
            return reason("gin.stock_first", "G1")
        if view.phase == gin.WALL and len(view.legal_moves()) == 1:
            return reason("gin.wall", "G7", wall=view.rules.wall)
        if view.phase == gin.DISCARD and view.last_chance:
            return reason("gin.wall_knock", "G7")
        return None

    def move_text(self, move: GinMove) -> str:
        return _text(move)

    def parse_move(self, seat: int, text: str) -> GinMove:
        move: GinMove = _parse(seat, text, "Gin", ("draw", "pass", "discard", "knock"))
        return move

    def transcript(self, state: gin.State, seed: str, players: Sequence[Player]) -> dict[str, Any]:
        return gin_transcript(state, seed, players)

    def transcript_of_views(
        self, views: Sequence[GinView], seed: str, players: Sequence[Player]
    ) -> dict[str, Any]:
        return gin_seat_transcript(views, seed, players)


RUMMY_GAME = Rummy()
GIN_GAME = Gin()
