"""22 as a registered game: a thin adapter over 22's engine (this package's modules), which
it never changes.

Every function of the fold is 22's own (`apply`, `legal_moves`, `new_match` are the
engine's functions, bound as they are), so a caller going through the protocol runs
exactly the code `tt22 bench` times. What the adapter adds is only what the protocol
asks and the engine lacks: the option list, the location, the move's text form.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tt22.core.cards import CODE, card_text, parse_card, parse_cards
from tt22.core.players import Player
from tt22.core.protocol import Game, Location, Option, Reason, RulesError
from tt22.core.rng import Pcg32

from .explain import why_forced, why_refused
from .moves import Exchange, Move, Play
from .reasons import ENGLISH, reason, words
from .rules import MAX_PLAYERS, MIN_PLAYERS, Rules, parse_rule_assignments
from .seat import seat_transcript as cut_for_seat
from .state import EXCHANGE, OVER, PLAY, State
from .state import apply as _apply
from .state import legal_moves as _legal_moves
from .state import new_match as _new_match
from .transcript import transcript as full_transcript
from .views import SeatView
from .views import view as _view

__all__ = ["TWENTYTWO", "TwentyTwo"]

_OPTIONS = (
    Option("decks", "int", None, "R1", "decks of 52: 1 up to six players, 2 above", low=1, high=2),
    Option("max_set", "int", None, "R12", "most cards in a lead: 4 per deck", low=4, high=8),
    Option("first_hand", "int", 7, "R9", "cards in the first deal", low=1, high=13),
    Option(
        "elimination_at", "int", 22, "R5", "penalty total that puts a player out", low=1, high=40
    ),
    Option(
        "exchange",
        "choice",
        "up_to_stock",
        "R11",
        "what a discard larger than the stock means",
        choices=("up_to_stock", "stop_when_short"),
    ),
    Option("must_beat", "bool", False, "R13", "a player who can beat the trick must"),
    Option(
        "all_out",
        "choice",
        "lowest_total",
        "R6",
        "who wins when the last players go out together",
        choices=("lowest_total", "no_winner"),
    ),
    Option(
        "first_dealer",
        "choice",
        "high_card",
        "R7",
        "how the first dealer is chosen",
        ("high_card",),
    ),
)


MAX_CARDS_PER_MOVE = 13
"""A hand never holds more than 13 cards (first_hand <= 13, R9), so neither a discard
nor a play can name more (a record's bound)."""

MAX_TOTAL = 10_000
"""A record's bound on a penalty total, far above any match's (R5)."""

_CARD_CODES = frozenset(CODE)


def _cards_text(cards: Sequence[str]) -> str:
    return " ".join(cards)


class TwentyTwo(Game[Rules, State, Move, SeatView]):
    """22 (RULES.md, R1-R23) through the game protocol."""

    name = "twentytwo"
    title = "Twenty-Two"
    min_players = 2
    max_players = 9
    default_players = 4
    options = _OPTIONS
    rule_prefix = "R"
    score_unit = "penalty"  # (R5: a total is what a seat is charged)
    lower_is_better = True
    random_play_ends = True  # (R5: every deal's loser is charged, and a seat goes out)
    move_type = Move
    view_type = SeatView
    reason_templates: Mapping[str, str] = ENGLISH
    """(22's English has singular forms and counts in words: `describe` says them.)"""

    def rules(self, assignments: Sequence[str] = (), players: int | None = None) -> Rules:
        rules = parse_rule_assignments(list(assignments))
        return rules if players is None else rules.for_players(players)

    def rules_dict(self, rules: Rules) -> dict[str, Any]:
        return rules.as_dict()

    def resolve(self, rules: Rules, players: int) -> Rules:
        """22's own `for_players`, whose messages 22's records keep."""
        return rules.for_players(players)

    # The fold is the engine's own functions, not wrappers around them: no extra call
    # on the hot path (benchmarks/bench_games.py measures both ways in one run).
    new_match = staticmethod(_new_match)
    legal_moves = staticmethod(_legal_moves)
    apply = staticmethod(_apply)
    view = staticmethod(_view)

    def to_move(self, state: State) -> int:
        return state.to_move

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def winners(self, state: State) -> tuple[int, ...]:
        return state.winners

    def returns(self, state: State) -> tuple[int, ...]:
        return state.totals

    def locate(self, state: State) -> Location:
        if state.phase == OVER:
            last = state.history[-1]
            return Location(last.start.number, len(last.tricks), 0)
        if state.phase == PLAY:
            return Location(state.deal.number, len(state.tricks) + 1, len(state.plays))
        return Location(state.deal.number, 0, len(state.exchanges))

    def moment(self, state: State) -> str:
        """22's words: deals, the exchange, tricks, and the match."""
        if state.phase == OVER:
            return "after the match had ended"
        if state.phase == EXCHANGE:
            return f"deal {state.deal.number}, exchange"
        return f"deal {state.deal.number}, trick {len(state.tricks) + 1}"

    def view_legal_moves(self, view: SeatView) -> Sequence[Move]:
        return view.legal_moves()

    def explain_view(self, view: SeatView, move: Move) -> Reason | None:
        """From 22's own view-level judge (`explain.why_refused`), after the checks it
        leaves to its caller: the seat, the phase and whether the cards are held, said
        as `apply` says them."""
        exchanging = view.exchanging
        rule = "R11" if exchanging else "R13" if view.plays else "R12"
        if view.over:
            return reason("twentytwo.over", "R5")
        if move.seat != view.seat or not view.my_turn:
            return reason("twentytwo.turn", rule, expected=view.to_move, seat=move.seat)
        if isinstance(move, Play) and exchanging:
            return reason("twentytwo.exchange_first", "R11")
        if isinstance(move, Exchange) and not exchanging:
            return reason("twentytwo.exchange_over", "R11")
        texts = move.discard if isinstance(move, Exchange) else move.cards
        cards: list[int] = []
        for t in texts:
            c = CODE.get(t)
            if c is None:
                return reason("twentytwo.not_cards", rule)
            cards.append(c)
        if not cards and not exchanging:
            return reason("twentytwo.no_cards", rule)
        rest = list(view.hand)
        for c in cards:
            if c not in rest:
                if exchanging:
                    return reason("twentytwo.discard_not_held", "R11")
                return reason("twentytwo.play_not_held", "R12")
            rest.remove(c)
        return why_refused(view, cards)

    def public_view(self, state: State) -> SeatView:
        """Seat 0's view less that seat's hand and its exchange (the discards it made,
        the cards it drew): every seat's exchange is its own (R11, R23)."""
        return _view(state, 0)._replace(hand=(), my_discard=(), my_draw=())

    def safe_move(self, view: SeatView, seed: str) -> Move:
        """Keep the hand in the exchange, else the lowest cards that may be played (by
        rank, the issue's rule: docs/serve.md)."""
        moves = view.legal_moves()
        keep = [m for m in moves if isinstance(m, Exchange) and not m.discard]
        if keep:
            return keep[0]
        plays = [m for m in moves if isinstance(m, Play)]
        if plays:
            return min(plays, key=lambda m: sorted(c >> 2 for c in parse_cards(m.cards)))
        return moves[0]

    def hint(self, view: SeatView, salt: str) -> Any:
        """22's hint (tt22.games.twentytwo.bots.hint): worlds sampled from the view."""
        from .bots.hint import hint

        return hint(view, salt)

    def resample(self, view: SeatView, rng: Pcg32) -> State:
        """22's determinizer (`bots.determinize.determinized_state`): the unseen cards
        dealt again consistently with every duck the table has seen, earlier deals made
        whole from their public record, later deals from a key drawn from `rng`."""
        from .bots.determinize import determinized_state

        return determinized_state(view, rng)

    # -- what a record of 22 may hold (tt22.record.check asks; its words as they were) --

    def table_problem(self, players: int, rules: Rules) -> tuple[str, str] | None:
        """2 to 9 seats (R1), and rules given as resolved for them: decks and max_set
        spelled out, never left to the number of players."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            return f"a match has {MIN_PLAYERS} to {MAX_PLAYERS} seats, not {players}", "players"
        try:
            resolved = self.resolve(rules, players)
        except RulesError as e:
            return str(e), "rules"
        if resolved != rules:
            return (
                f"decks and max_set must be given as resolved for {players} players"
                f" (decks={resolved.decks}, max_set={resolved.max_set})",
                "rules",
            )
        return None

    def moves_problem(self, moves: Iterable[Move], players: int) -> tuple[str, str] | None:
        """Every move's seat exists, and it names at most a hand's cards
        (`MAX_CARDS_PER_MOVE`), each a card of the deck: checked on every record read,
        so the common case is one test per move."""
        known = _CARD_CODES.issuperset
        for i, move in enumerate(moves):
            exchange = isinstance(move, Exchange)
            cards = move.discard if exchange else move.cards  # type: ignore[union-attr]
            if 0 <= move.seat < players and len(cards) <= MAX_CARDS_PER_MOVE and known(cards):
                continue
            field = f"moves[{i}].move.{'discard' if exchange else 'cards'}"
            if not 0 <= move.seat < players:
                where = f"moves[{i}].move.seat"
                return f"seat {move.seat} does not exist at a table of {players}", where
            if len(cards) > MAX_CARDS_PER_MOVE:
                return f"at most {MAX_CARDS_PER_MOVE} cards, not {len(cards)}", field
            j, c = next((j, c) for j, c in enumerate(cards) if c not in CODE)
            return f"{c!r} is not a card (cards are like TS, AH, 2C)", f"{field}[{j}]"
        return None

    def totals_problem(self, totals: Sequence[int]) -> tuple[str, str] | None:
        """Penalty totals (R5): 0 to `MAX_TOTAL`, never negative."""
        for j, total in enumerate(totals):
            if not 0 <= total <= MAX_TOTAL:
                return f"a penalty total is 0 to {MAX_TOTAL}, not {total}", f"result.totals[{j}]"
        return None

    def forced_reason(self, view: SeatView) -> Reason | None:
        return why_forced(view)

    def describe(self, reason: Reason) -> str:
        """A reason in English as `str` of its IllegalMove says it ("... (R13)")."""
        if reason.code == "illegal":
            return super().describe(reason)
        return words(reason)

    def move_text(self, move: Move) -> str:
        if isinstance(move, Exchange):
            return f"exchange {_cards_text(move.discard)}".rstrip()
        return f"play {_cards_text(move.cards)}"

    def parse_move(self, seat: int, text: str) -> Move:
        verb, _, rest = text.strip().partition(" ")
        try:
            cards = tuple(card_text(parse_card(t)) for t in rest.split())
        except ValueError as e:
            raise ValueError(str(e)) from None
        if verb == "exchange":
            return Exchange(seat, cards)
        if verb == "play" and cards:
            return Play(seat, cards)
        raise ValueError(f"a 22 move is 'exchange CARDS' or 'play CARDS', not {text!r}")

    def transcript(self, state: State, seed: str, players: Sequence[Player]) -> dict[str, Any]:
        return full_transcript(state, seed, players)

    def seat_transcript(
        self, states: Sequence[State], seed: str, players: Sequence[Player], seat: int
    ) -> dict[str, Any]:
        """22's is cut from the full transcript of the last state (tt22.games.twentytwo.seat:
        the other seats' hands and exchanges left out, R23)."""
        return cut_for_seat(full_transcript(states[-1], seed, players), seat)


TWENTYTWO = TwentyTwo()
