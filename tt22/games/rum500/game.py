"""500 Rum (F1-F9) and Persian Rummy (P1-P8) through the game protocol."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from tt22.core.players import Player
from tt22.core.protocol import Reason
from tt22.core.rng import Pcg32
from tt22.games.rummy.family import FamilyGame

from . import engine
from .cards import TEXT, CardError, card_of_text
from .engine import State
from .moves import STOCK, Discard, Draw, LayOff, Meld, Pass, Rum500Move, Take
from .reasons import ENGLISH, reason
from .rules import (
    PERSIAN_OPTIONS,
    RUM500_OPTIONS,
    parse_persian,
    parse_rum500,
)
from .sample import world
from .transcript import public_hands, seat_transcript, transcript
from .views import RumView, public_view, view

__all__ = ["PERSIAN_GAME", "RUM500_GAME", "Persian", "Rum500"]

VERBS = ("draw", "take", "pass", "meld", "lay", "discard")


def _card(word: str) -> str:
    return TEXT[card_of_text(word)]


def parse_move(seat: int, text: str, title: str) -> Rum500Move:
    """`draw`, `take 7S` (the deepest card taken), `pass`, `meld 3S 4S 5S`,
    `lay 7S on 2`, `discard 7S`."""
    verb, _, rest = text.strip().partition(" ")
    words = rest.split()
    verb = verb.lower()
    try:
        if verb == "draw" and (not words or words == [STOCK]):
            return Draw(seat, STOCK)
        if verb == "take" and len(words) == 1:
            return Take(seat, _card(words[0]))
        if verb == "pass" and not words:
            return Pass(seat)
        if verb == "meld" and words:
            return Meld(seat, tuple(_card(w) for w in words))
        if verb == "lay" and len(words) == 3 and words[1].lower() == "on":
            return LayOff(seat, _card(words[0]), int(words[2]))
        if verb == "discard" and len(words) == 1:
            return Discard(seat, _card(words[0]))
    except (CardError, ValueError) as e:
        raise ValueError(f"not a {title} move: {text!r} ({e})") from None
    raise ValueError(f"not a {title} move: {text!r}; moves are {', '.join(VERBS)}")


def move_text(move: Rum500Move) -> str:
    if isinstance(move, Draw):
        return "draw"
    if isinstance(move, Take):
        return f"take {move.card}"
    if isinstance(move, Pass):
        return "pass"
    if isinstance(move, Meld):
        return "meld " + " ".join(move.cards)
    if isinstance(move, LayOff):
        return f"lay {move.card} on {move.meld}"
    return f"discard {move.card}"


class Rum500(FamilyGame[Any, State, Rum500Move, RumView]):
    """500 Rum: melds score for who lays them, the discard pile spread (F1-F9)."""

    name = "rum500"
    title = "500 Rum"
    min_players = 2
    max_players = 4
    default_players = 2
    options: tuple[Any, ...] = RUM500_OPTIONS
    rule_prefix: str | tuple[str, ...] = ("F", "M")
    move_type = Rum500Move
    view_type = RumView
    reason_templates = ENGLISH

    new_match = staticmethod(engine.new_match)
    legal_moves = staticmethod(engine.legal_moves)
    apply = staticmethod(engine.apply)
    view = staticmethod(view)
    check = staticmethod(engine.check)
    parse_rules: Any = staticmethod(parse_rum500)

    def public_view(self, state: State) -> RumView:
        return public_view(state)

    def decode_view(self, data: bytes) -> RumView:
        """The family's, with the rules as this game's type (the view holds 500 Rum's or
        Persian's)."""
        v = super().decode_view(data)
        return v._replace(rules=msgspec.convert(v.rules, type(self.rules())))

    def is_over(self, state: State) -> bool:
        return state.phase == engine.OVER

    def forced_reason(self, view: RumView) -> Reason | None:
        """F4: a deep card taken must be put down now; F5: an opening under way must be
        finished; M4: a turn with one legal move left is forced."""
        if not view.my_turn:
            return None
        if view.must >= 0:
            return reason("rum500.must_first", "F4", card=TEXT[view.must])
        if view.phase == engine.ACT and view.so_far and not view.opened[view.seat]:
            return reason("rum500.opening_first", "F5")
        moves = view.legal_moves()
        if len(moves) != 1:
            return None
        move = moves[0]
        if isinstance(move, Discard):
            return reason("rummy.forced_discard", "M4", card=move.card)
        return reason("rummy.only_move", "M4", move=move_text(move))

    def resample(self, view: RumView, rng: Pcg32) -> State:
        """A world the view's seat cannot tell from the real one (`sample.world`)."""
        return world(view, rng)

    def hint(self, view: RumView, salt: str) -> Any:
        """The strongest level's move from this view (its worlds drawn from `salt`)."""
        from .bots import make_level

        return make_level("hard", salt).choose(view)

    def move_text(self, move: Rum500Move) -> str:
        return move_text(move)

    def parse_move(self, seat: int, text: str) -> Rum500Move:
        return parse_move(seat, text, self.title)

    def transcript(self, state: State, seed: str, players: Sequence[Player]) -> dict[str, Any]:
        return transcript(state, seed, players)

    def seat_transcript(
        self, states: Sequence[State], seed: str, players: Sequence[Player], seat: int
    ) -> dict[str, Any]:
        """From the seat's views, and the finished hands' events as the table saw them."""
        views = [view(s, seat) for s in states]
        return seat_transcript(views, public_hands(states[-1]), seed, players)


class Persian(Rum500):
    """Persian Rummy: 500 Rum with four jokers, two partnerships, two deals (P1-P8)."""

    name = "persian"
    title = "Persian Rummy"
    min_players = 4
    max_players = 4
    default_players = 4
    options = PERSIAN_OPTIONS
    rule_prefix = ("P", "F", "M")
    partnerships = True
    parse_rules = staticmethod(parse_persian)


RUM500_GAME = Rum500()
PERSIAN_GAME = Persian()
