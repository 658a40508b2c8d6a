"""Rook (ROOK.md, K1-K23) through the game protocol."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.core.players import Player
from tt22.core.protocol import Game, Location, Reason
from tt22.core.rng import Pcg32

from .cards import CODE, ROOK, SUIT_CHARS, TEXT, parse_rook_card
from .moves import Bid, Nest, Pass, Pile, Play, RookMove, Trump
from .reasons import ENGLISH, reason
from .rules import MAX_PLAYERS, MIN_PLAYERS, OPTIONS, RookRules, parse_rules
from .sample import resample
from .seat import seat_transcript
from .state import BIDDING, OVER, PHASE_RULES, PLAY, State, apply, legal_moves, new_match
from .transcript import transcript
from .views import RookView, own_state, view

__all__ = ["ROOK_GAME", "Rook"]


class Rook(Game[RookRules, State, RookMove, RookView]):
    """The second game: trick-taking with bidding, a nest and trump."""

    name = "rook"
    title = "Rook"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    default_players = 4
    options = OPTIONS
    rule_prefix = "K"
    move_type = RookMove
    partnerships = True
    view_type = RookView
    reason_templates = ENGLISH

    new_match = staticmethod(new_match)
    legal_moves = staticmethod(legal_moves)
    apply = staticmethod(apply)
    view = staticmethod(view)

    def rules(self, assignments: Sequence[str] = (), players: int | None = None) -> RookRules:
        rules = parse_rules(assignments)
        return rules if players is None else rules.for_players(players)

    def rules_dict(self, rules: RookRules) -> dict[str, Any]:
        return rules.as_dict()

    def public_view(self, state: State) -> RookView:
        """Seat 0's view less its hand and the nest (K23: only the bidder sees it)."""
        return view(state, 0)._replace(hand=(), nest=())

    def to_move(self, state: State) -> int:
        return state.to_move

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def winners(self, state: State) -> tuple[int, ...]:
        return state.winners

    def returns(self, state: State) -> tuple[int, ...]:
        return state.scores

    def locate(self, state: State) -> Location:
        if state.phase == OVER:
            last = state.history[-1]
            return Location(last.start.number, len(last.tricks), 0)
        number = state.start.number
        if state.phase == PLAY:
            return Location(number, len(state.tricks) + 1, len(state.plays))
        chosen = sum(1 for p in state.pile_of[:2] if p >= 0) if state.players == 2 else 0
        return Location(number, 0, chosen + len(state.bids) + (1 if state.put_back else 0))

    def view_legal_moves(self, view: RookView) -> Sequence[RookMove]:
        return view.legal_moves()

    def explain_view(self, view: RookView, move: RookMove) -> Reason | None:
        if move.seat != view.seat:
            return reason("rook.not_yours", PHASE_RULES[view.phase], seat=move.seat)
        return self.explain(own_state(view), move)

    def resample(self, view: RookView, rng: Pcg32) -> State:
        return resample(view, rng)

    def forced_reason(self, view: RookView) -> Reason | None:
        """K8's compulsory opening, a pass when no bid is left, and one-card plays."""
        if not view.my_turn:
            return None
        if view.phase == BIDDING:
            if view.high == 0:
                return reason("rook.forced_open", "K8", min_bid=view.rules.min_bid)
            if len(view.legal_moves()) == 1:
                return reason("rook.forced_pass", "K8")
            return None
        if view.phase != PLAY:
            return None
        moves = view.legal_moves()
        if len(moves) != 1:
            return None
        move = moves[0]
        assert isinstance(move, Play)
        hand = view.acting_hand()
        if len(hand) == 1:
            return reason("rook.forced_last", "K11")
        if CODE[move.card] == ROOK:
            return reason("rook.rook_forced", "K12")
        return reason("rook.forced_follow", "K11", suit=SUIT_CHARS[view.led])

    def move_text(self, move: RookMove) -> str:
        if isinstance(move, Play):
            return f"play {move.card}"
        if isinstance(move, Bid):
            return f"bid {move.points}"
        if isinstance(move, Pass):
            return "pass"
        if isinstance(move, Nest):
            return "nest " + " ".join(move.cards)
        if isinstance(move, Trump):
            return f"trump {move.suit}"
        return f"pile {move.pile}"

    def parse_move(self, seat: int, text: str) -> RookMove:
        """`play AS`, `bid 75`, `pass`, `nest 5S TS AH RK 9C`, `trump H`, `pile 1`."""
        verb, _, rest = text.strip().partition(" ")
        words = rest.split()
        verb = verb.lower()
        try:
            if verb == "pass" and not words:
                return Pass(seat)
            if verb == "bid" and len(words) == 1:
                return Bid(seat, int(words[0]))
            if verb == "pile" and len(words) == 1:
                return Pile(seat, int(words[0]))
            if verb == "trump" and len(words) == 1 and words[0].upper() in SUIT_CHARS:
                return Trump(seat, words[0].upper())
            if verb == "play" and len(words) == 1:
                return Play(seat, TEXT[parse_rook_card(words[0])])
            if verb == "nest" and words:
                return Nest(seat, tuple(TEXT[parse_rook_card(w)] for w in words))
        except ValueError as e:
            raise ValueError(f"not a Rook move: {text!r} ({e})") from None
        raise ValueError(
            f"not a Rook move: {text!r}; moves are pile N, bid N, pass, nest CARDS, trump S|H|D|C,"
            " play CARD"
        )

    def transcript(self, state: State, seed: str, players: Sequence[Player]) -> dict[str, Any]:
        return transcript(state, seed, players)

    def transcript_of_views(
        self, views: Sequence[RookView], seed: str, players: Sequence[Player]
    ) -> dict[str, Any]:
        return seat_transcript(views, seed, players)


ROOK_GAME = Rook()
