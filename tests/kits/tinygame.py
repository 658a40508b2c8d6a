"""High Card, a game that lives only under tests/: the proof that a game outside tt22's
folders is a `Game`, its bots and its text log, registered by one `GameEntry` (here
`ENTRY`, found by the `tt22.games` entry point or `registry.register`) and nothing else.

The rules, in three: H1 every player is dealt one card (the seed's stream "deal");
H2 seats play their card in turn from seat 0, one trick; H3 the highest card wins (by
rank, then by suit in the core's order), and the match is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import msgspec

from tt22.core.cards import CODE, TEXT, parse_card
from tt22.core.players import Player
from tt22.core.protocol import Game, Location, Reason, RuleBroken, RulesError, render
from tt22.core.registry import GameEntry
from tt22.core.rng import seed_key, stream

__all__ = ["ENTRY", "NAMES", "TINY", "HighCard", "seat_bot"]

ENGLISH = {
    "tiny.turn": "it is seat {expected}'s turn, not seat {seat}'s",
    "tiny.not_held": "seat {seat} does not hold {card}",
    "tiny.over": "the match is over",
    "tiny.rules.players": "High Card is played by 2 to 4 players, not {players}",
}


class TinyRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """High Card has no options."""


class Play(msgspec.Struct, frozen=True, tag="play", forbid_unknown_fields=True):
    seat: int
    card: str


class State:
    __slots__ = ("hands", "played", "players")

    def __init__(self, players: int, hands: tuple[int, ...], played: tuple[int, ...]) -> None:
        self.players = players
        self.hands = hands  # one card a seat; -1 once played
        self.played = played  # the cards played, in seat order


class View(NamedTuple):
    seat: int
    players: int
    hand: tuple[int, ...]
    played: tuple[int, ...]

    @property
    def to_move(self) -> int:
        return len(self.played) if len(self.played) < self.players else -1

    def legal_moves(self) -> list[Play]:
        if self.to_move != self.seat or not self.hand:
            return []
        return [Play(self.seat, TEXT[self.hand[0]])]


def _broken(code: str, rule: str, **args: int | str) -> RuleBroken:
    reason = Reason(code, rule, tuple(args.items()))
    return RuleBroken(reason, render(reason, ENGLISH))


class HighCard(Game[TinyRules, State, Play, View]):
    name = "tiny"
    title = "High Card"
    min_players = 2
    max_players = 4
    default_players = 2
    options = ()
    rule_prefix = "H"
    move_type = Play
    view_type = View
    reason_templates = ENGLISH

    def rules(self, assignments: Sequence[str] = (), players: int | None = None) -> TinyRules:
        if assignments:
            raise RulesError(f"High Card has no options: {', '.join(assignments)}")
        if players is not None and not 2 <= players <= 4:
            raise RulesError(ENGLISH["tiny.rules.players"].format(players=players))
        return TinyRules()

    def rules_dict(self, rules: TinyRules) -> dict[str, Any]:
        return {}

    def new_match(self, rules: TinyRules, players: int, seed: str) -> State:
        deck = list(range(52))
        rng = stream(seed_key(seed), "deal")
        for i in range(51, 0, -1):
            j = rng.bounded(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        return State(players, tuple(deck[:players]), ())

    def to_move(self, state: State) -> int:
        return len(state.played) if len(state.played) < state.players else -1

    def legal_moves(self, state: State) -> Sequence[Play]:
        seat = self.to_move(state)
        return [] if seat < 0 else [Play(seat, TEXT[state.hands[seat]])]

    def apply(self, state: State, move: Play) -> State:
        seat = self.to_move(state)
        if seat < 0:
            raise _broken("tiny.over", "H3")
        if move.seat != seat:
            raise _broken("tiny.turn", "H2", expected=seat, seat=move.seat)
        if CODE.get(move.card) != state.hands[seat]:
            raise _broken("tiny.not_held", "H1", seat=seat, card=move.card)
        hands = (*state.hands[:seat], -1, *state.hands[seat + 1 :])
        return State(state.players, hands, (*state.played, CODE[move.card]))

    def is_over(self, state: State) -> bool:
        return len(state.played) == state.players

    def winners(self, state: State) -> tuple[int, ...]:
        if not self.is_over(state):
            return ()
        return (max(range(state.players), key=lambda s: state.played[s]),)

    def returns(self, state: State) -> tuple[int, ...]:
        won = self.winners(state)
        return tuple(1 if s in won else 0 for s in range(state.players))

    def locate(self, state: State) -> Location:
        return Location(1, 1, len(state.played))

    def view(self, state: State, seat: int) -> View:
        own = state.hands[seat]
        return View(seat, state.players, () if own < 0 else (own,), state.played)

    def public_view(self, state: State) -> View:
        return self.view(state, 0)._replace(hand=())

    def view_legal_moves(self, view: View) -> Sequence[Play]:
        return view.legal_moves()

    def forced_reason(self, view: View) -> Reason | None:
        return None

    def explain_view(self, view: View, move: Play) -> Reason | None:
        if move in view.legal_moves():
            return None
        if view.to_move < 0:
            return Reason("tiny.over", "H3")
        if move.seat != view.to_move or view.seat != view.to_move:
            return Reason("tiny.turn", "H2", (("expected", view.to_move), ("seat", move.seat)))
        return Reason("tiny.not_held", "H1", (("seat", move.seat), ("card", move.card)))

    def move_text(self, move: Play) -> str:
        return f"play {move.card}"

    def parse_move(self, seat: int, text: str) -> Play:
        verb, _, card = text.strip().partition(" ")
        if verb != "play":
            raise ValueError(f"a High Card move is 'play CARD', not {text!r}")
        return Play(seat, TEXT[parse_card(card)])

    def transcript(self, state: State, seed: str, players: Sequence[Player]) -> dict[str, Any]:
        return {
            "version": 1,
            "game": "tiny",
            "seed": seed,
            "players": [p.name for p in players],
            "plays": [TEXT[c] for c in state.played],
            "winners": list(self.winners(state)),
        }


TINY = HighCard()

# -- its bots and its text log (the entry names this module for both) ------------------

LEVELS = ("easy",)
NAMES = ("easy", "random")


class OnlyCard:
    """Plays the one card it holds (there is no other move)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, view: View) -> Play:
        return view.legal_moves()[0]


def seat_bot(name: str, seed: str, seat: int) -> OnlyCard:
    if name not in NAMES:
        raise ValueError(name)
    return OnlyCard(name)


def render_text(transcript: dict[str, Any], ascii_style: bool = False) -> str:
    plays = ", ".join(transcript["plays"])
    won = ", ".join(f"seat {s}" for s in transcript["winners"]) or "nobody yet"
    return f"High Card: {plays}; won by {won}\n"


ENTRY = GameEntry(
    "tiny",
    "tinygame:TINY",
    bots="tinygame",
    textlog="tinygame",
    titles=("High Card", "", ""),
    screens="tinyscreens:SCREENS",
    ui="tinyui:UI",
    served="tt22.serve.tables:ui_screen",
)
