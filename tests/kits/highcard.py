"""High Card: a tiny game that lives only under tests/, the proof that the boundary holds.

Each hand deals three cards to every seat from one 52-card deck (stream `deal/<n>`);
each seat, from the dealer's left, plays one card; the highest rank wins the hand
(between equal ranks, the card played first) and scores a point. After `hands` hands
the most points win. Registered by its `GameEntry` alone (`ENTRY`, see `register`),
it is played at the table, replayed, verified and served without touching a shared
module of tt22.

Rules, numbered as a rulebook would (H1-H4), for the tests' reasons:
- H1: 2 to 4 players; the first dealer is seat 0, then the deal passes left.
- H2: each seat gets three cards; each plays one, in turn from the dealer's left.
- H3: a card must be in the player's hand, and only the seat on turn plays.
- H4: the highest rank takes the hand (the first played of equal ranks); `hands` hands
  make a match (option, 1 to 9, default 3), and the most hands taken win.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

import msgspec

from tt22.core.cards import card_text, full_deck, parse_card, rank
from tt22.core.players import Player
from tt22.core.protocol import (
    Game,
    Location,
    Option,
    Reason,
    RuleBroken,
    parse_assignments,
)
from tt22.core.registry import GameEntry, register, unregister
from tt22.core.rng import Pcg32, seed_key, stream

__all__ = [
    "ENTRY",
    "HIGHCARD",
    "HighCard",
    "HighRules",
    "HighState",
    "HighView",
    "Play",
    "register_highcard",
    "unregister_highcard",
]

HAND = 3


class Play(msgspec.Struct, frozen=True, tag="play", tag_field="type"):
    """H2: `seat` plays `card`."""

    seat: int
    card: int


HighMove = Play


class HighRules(NamedTuple):
    hands: int = 3


class HighState(NamedTuple):
    rules: HighRules
    players: int
    key: bytes
    number: int  # the hand being played, from 1
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    played: tuple[tuple[int, int], ...]  # (seat, card) this hand, in order
    scores: tuple[int, ...]
    history: tuple[tuple[tuple[int, int], ...], ...]  # every finished hand's plays
    over: bool


class HighView(NamedTuple):
    """What `seat` may know: its own hand, every card played, the scores."""

    seat: int
    players: int
    number: int
    dealer: int
    to_move: int
    hand: tuple[int, ...]
    counts: tuple[int, ...]
    played: tuple[tuple[int, int], ...]
    scores: tuple[int, ...]
    history: tuple[tuple[tuple[int, int], ...], ...]
    over: bool


TEMPLATES: Mapping[str, str] = MappingProxyType(
    {
        "highcard.not_your_turn": "it is seat {turn}'s turn, not seat {seat}'s",
        "highcard.not_in_hand": "{card} is not in your hand",
        "highcard.over": "the match is over",
    }
)


def _deal(key: bytes, number: int, players: int) -> tuple[tuple[int, ...], ...]:
    deck = full_deck(1)
    stream(key, f"deal/{number}").shuffle(deck)
    return tuple(tuple(sorted(deck[i * HAND : (i + 1) * HAND])) for i in range(players))


def _turn(state: HighState) -> int:
    if state.over:
        return -1
    return (state.dealer + 1 + len(state.played)) % state.players


def _winner(plays: Sequence[tuple[int, int]]) -> int:
    best_seat, best = plays[0]
    for seat, card in plays[1:]:
        if rank(card) > rank(best):
            best_seat, best = seat, card
    return best_seat


def _broken(code: str, rule: str, **args: str | int) -> RuleBroken:
    reason = Reason(code, rule, tuple(args.items()))
    return RuleBroken(reason, TEMPLATES[code].format_map(args))


class HighCard(Game[HighRules, HighState, HighMove, HighView]):
    name = "highcard"
    title = "High Card"
    min_players = 2
    max_players = 4
    default_players = 2
    options = (Option("hands", "int", 3, "H4", "hands in a match", low=1, high=9),)
    rule_prefix = "H"
    move_type = Play
    reason_templates = TEMPLATES

    def rules(self, assignments: Sequence[str] = (), players: int | None = None) -> HighRules:
        values = parse_assignments(assignments, self.options)
        return HighRules(hands=int(values.get("hands", 3)))

    def rules_dict(self, rules: HighRules) -> dict[str, Any]:
        return {"hands": rules.hands}

    def new_match(self, rules: HighRules, players: int, seed: str) -> HighState:
        key = seed_key(seed)
        return HighState(
            rules, players, key, 1, 0, _deal(key, 1, players), (), (0,) * players, (), False
        )

    def to_move(self, state: HighState) -> int:
        return _turn(state)

    def legal_moves(self, state: HighState) -> Sequence[HighMove]:
        seat = _turn(state)
        return [] if seat < 0 else [Play(seat, c) for c in state.hands[seat]]

    def apply(self, state: HighState, move: HighMove) -> HighState:
        if state.over:
            raise _broken("highcard.over", "H4")
        seat = _turn(state)
        if move.seat != seat:
            raise _broken("highcard.not_your_turn", "H3", turn=seat, seat=move.seat)
        hand = state.hands[seat]
        if move.card not in hand:
            raise _broken("highcard.not_in_hand", "H3", card=card_text(move.card))
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hand if c != move.card)
        played = (*state.played, (seat, move.card))
        if len(played) < state.players:
            return state._replace(hands=tuple(hands), played=played)
        scores = list(state.scores)
        scores[_winner(played)] += 1
        history = (*state.history, played)
        if state.number >= state.rules.hands:
            return state._replace(
                hands=tuple(hands),
                played=(),
                scores=tuple(scores),
                history=history,
                over=True,
            )
        number = state.number + 1
        return state._replace(
            number=number,
            dealer=(state.dealer + 1) % state.players,
            hands=_deal(state.key, number, state.players),
            played=(),
            scores=tuple(scores),
            history=history,
        )

    def is_over(self, state: HighState) -> bool:
        return state.over

    def winners(self, state: HighState) -> tuple[int, ...]:
        if not state.over:
            return ()
        top = max(state.scores)
        return tuple(i for i, s in enumerate(state.scores) if s == top)

    def returns(self, state: HighState) -> tuple[int, ...]:
        return state.scores

    def locate(self, state: HighState) -> Location:
        if state.over:
            return Location(state.number, 1, state.players)
        return Location(state.number, 1, len(state.played))

    def view(self, state: HighState, seat: int) -> HighView:
        return HighView(
            seat,
            state.players,
            state.number,
            state.dealer,
            _turn(state),
            state.hands[seat],
            tuple(len(h) for h in state.hands),
            state.played,
            state.scores,
            state.history,
            state.over,
        )

    def view_legal_moves(self, view: HighView) -> Sequence[HighMove]:
        if view.to_move != view.seat:
            return []
        return [Play(view.seat, c) for c in view.hand]

    def forced_reason(self, view: HighView) -> Reason | None:
        return None

    def explain_view(self, view: HighView, move: HighMove) -> Reason | None:
        if view.over:
            return Reason("highcard.over", "H4")
        if move.seat != view.to_move:
            return Reason(
                "highcard.not_your_turn", "H3", (("turn", view.to_move), ("seat", move.seat))
            )
        if move.card not in view.hand:
            return Reason("highcard.not_in_hand", "H3", (("card", card_text(move.card)),))
        return None

    def resample(self, view: HighView, rng: Pcg32) -> HighState:
        """Unseen cards dealt at random around the view's hand and the cards played."""
        seen = set(view.hand) | {c for _, c in view.played}
        for plays in view.history:
            seen |= {c for _, c in plays}
        unseen = [c for c in full_deck(1) if c not in seen]
        rng.shuffle(unseen)
        hands: list[tuple[int, ...]] = []
        for seat, count in enumerate(view.counts):
            if seat == view.seat:
                hands.append(view.hand)
            else:
                hands.append(tuple(sorted(unseen[:count])))
                del unseen[:count]
        return HighState(
            HighRules(),
            view.players,
            b"resampled",
            view.number,
            view.dealer,
            tuple(hands),
            view.played,
            view.scores,
            view.history,
            view.over,
        )

    def move_text(self, move: HighMove) -> str:
        return f"play {card_text(move.card)}"

    def parse_move(self, seat: int, text: str) -> HighMove:
        word, _, card = text.strip().partition(" ")
        if word != "play" or not card:
            raise ValueError(f"a move is 'play CARD', not {text!r}")
        return Play(seat, parse_card(card.strip()))

    def transcript(self, state: HighState, seed: str, players: Sequence[Player]) -> dict[str, Any]:
        return {
            "game": self.name,
            "seed": seed,
            "players": [p.name for p in players],
            "rules": self.rules_dict(state.rules),
            "hands": [
                [{"seat": s, "card": card_text(c)} for s, c in plays] for plays in state.history
            ],
            "current": [{"seat": s, "card": card_text(c)} for s, c in state.played],
            "scores": list(state.scores),
            "over": state.over,
        }


HIGHCARD = HighCard()


class RandomBot:
    """Plays a card of its hand at random, from its view only."""

    def __init__(self, seed: str) -> None:
        self._rng = stream(seed_key(seed), "bot/highcard")

    def choose(self, view: HighView) -> HighMove:
        moves = HIGHCARD.view_legal_moves(view)
        return moves[self._rng.bounded(len(moves))]


class HighBot:
    """Plays its highest card: the rules of thumb of a game with one rule of thumb."""

    def __init__(self, seed: str) -> None:
        del seed

    def choose(self, view: HighView) -> HighMove:
        moves = HIGHCARD.view_legal_moves(view)
        return max(moves, key=lambda m: rank(m.card))


BOT_NAMES = ("random", "high")
LEVELS = {"easy": "random", "normal": "high"}


def make_bot(name: str, seed: str) -> Any:
    if name == "random":
        return RandomBot(seed)
    if name == "high":
        return HighBot(seed)
    raise KeyError(name)


def make_level(level: str, seed: str) -> Any:
    return make_bot(LEVELS[level], seed)


ENTRY = GameEntry("highcard", "highcard:HIGHCARD", "highcard")
"""The game's one registry entry: its `Game` and its bots, both in this module."""


def register_highcard() -> None:
    register(ENTRY)


def unregister_highcard() -> None:
    unregister(ENTRY.name)
