"""The game protocol: what every tt22 game supplies, modelled on OpenSpiel's Game/State.

A match is a pure function of (rules, seed, moves). A `Game` is a factory of fixed facts
(its name, player counts, options) plus the functions that fold moves into states and
show each seat what it may know. Commands, records, bots and the interface hold a `Game`
and never import a game's modules, so a new game is one registry entry.

Why these choices (docs/architecture.md says more):
- States stay the game's own type (22's `State` is untouched; Rook's is its own), and the
  protocol's functions take them as they are: the adapter costs nothing on the hot path.
- Illegal moves raise one exception family, `IllegalMove` (defined here), so every catch
  site works for every game. Every game raises its `RuleBroken` subclass with a structured
  `Reason` attached (a stable code, the rule number, arguments) that an interface
  translates; the message stays English for the command line.
- Rules are parsed from `name=value` strings against the game's `Option` list, so
  `--rule` and records check names and values the same way for every game. A complaint
  about rules (`RulesError`) carries its `Reason` too, so an interface says it in the
  player's words (the new-game screen names options by their labels).
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Generic, Literal, NamedTuple, NoReturn, TypeVar

import msgspec

from .players import Player
from .rng import Pcg32
from .safe import json_text

__all__ = [
    "RULES_ENGLISH",
    "ArgValue",
    "Game",
    "IllegalMove",
    "Location",
    "Objective",
    "Option",
    "Reason",
    "Reasons",
    "RuleBroken",
    "RulesError",
    "ScoreUnit",
    "Variant",
    "parse_assignments",
    "reason_of",
    "render",
    "rules_error",
]


class IllegalMove(ValueError):
    """A move the rules forbid; `rule` names the rule and the message says why."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.reason = message


class RulesError(ValueError):
    """A rule option or table that tt22 cannot play: the message in English for the
    command line, and `detail`, the same complaint as a `Reason` (`rules.range`,
    `rook.rules.bid_step`, ...) that an interface says in its own words. `detail` is None
    only for a complaint an interface made up itself, already in its words."""

    def __init__(self, message: str, detail: Reason | None = None) -> None:
        super().__init__(message)
        self.detail = detail


ArgValue = str | int
"""A reason's argument: text (card codes, suit letters, words) or a number."""


class Reason(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Why a move is illegal or a choice forced, as data: the interface translates it.

    `code` is stable and namespaced by game (`rook.follow_suit`); `rule` is the rulebook
    number (`K11`, `R13`); `args` fill the code's template ({card}, {suit}, {bid}, ...).
    """

    code: str
    rule: str
    args: tuple[tuple[str, ArgValue], ...] = ()

    def arg(self, name: str) -> ArgValue:
        for key, value in self.args:
            if key == name:
                return value
        raise KeyError(name)


def render(reason: Reason, templates: Mapping[str, str]) -> str:
    """A reason in words from a catalogue of templates, with its rule number (none when
    `rule` is empty: a complaint no rule of the book states, such as "not a number").

    Unknown codes fall back to the code itself, so a missing translation shows as a key
    rather than as nothing.
    """
    template = templates.get(reason.code, reason.code)
    text = template.format_map(dict(reason.args))
    return f"{text} ({reason.rule})" if reason.rule else text


def rules_error(reason: Reason, templates: Mapping[str, str]) -> RulesError:
    """The RulesError of `reason`, its message rendered from `templates` (English)."""
    return RulesError(render(reason, templates), reason)


class RuleBroken(IllegalMove):
    """An illegal move with its structured reason attached (`detail`).

    A subclass of `IllegalMove`, so `except IllegalMove` sees every game's illegal
    moves, and `.rule` / `.reason` mean what they always meant.
    """

    def __init__(self, detail: Reason, words: str) -> None:
        super().__init__(detail.rule, words)
        self.detail = detail


class Reasons:
    """A game's reason helpers over its English templates: `reason` (a `Reason` from
    keywords), `broken` (raise the illegal move), `refused` (a complaint about a table).
    Every game's reasons module wrote these out alike; one now binds them
    (`broken = REASONS.broken`), so the message's form is made here once."""

    __slots__ = ("english", "rules_english")

    def __init__(self, english: Mapping[str, str], rules_english: Mapping[str, str]) -> None:
        self.english = english
        self.rules_english = rules_english

    @staticmethod
    def reason(code: str, rule: str, **args: ArgValue) -> Reason:
        return Reason(code, rule, tuple(args.items()))

    def words(self, r: Reason) -> str:
        """A reason's English without its rule number (RuleBroken's message adds it)."""
        return render(r, self.english).rpartition(" (")[0]

    def raise_reason(self, r: Reason) -> NoReturn:
        raise RuleBroken(r, self.words(r))

    def broken(self, code: str, rule: str, **args: ArgValue) -> NoReturn:
        """Raise the illegal move `code` under `rule` (English words from `english`)."""
        r = Reason(code, rule, tuple(args.items()))
        raise RuleBroken(r, self.words(r))

    def refused(self, code: str, rule: str, **args: ArgValue) -> RulesError:
        """The RulesError of the complaint `code` (its English from `rules_english`, or
        the shared RULES_ENGLISH for a shared code: the target's range, say)."""
        templates = self.rules_english if code in self.rules_english else RULES_ENGLISH
        return rules_error(Reason(code, rule, tuple(args.items())), templates)


def reason_of(error: IllegalMove) -> Reason:
    """The structured reason of any illegal move; one raised without a `Reason` (the
    server's "not your turn") gets the code `illegal`, its English words as `words`."""
    if isinstance(error, RuleBroken):
        return error.detail
    return Reason("illegal", error.rule, (("words", error.reason),))


class Location(NamedTuple):
    """Where a state sits in its match, for the replayer's goto and the move list.

    `hand` counts hands (deals) from 1; `trick` is the trick in progress or next, from 1,
    and 0 before the first card of the hand (bidding, the nest, an exchange); `turn`
    counts the moves made in that trick, or in the hand's pre-play phase when trick is 0.
    """

    hand: int
    trick: int
    turn: int


class Variant(NamedTuple):
    """A variant with a name of its own that a game's rules make (Gin whose knock limit
    is the upcard is Oklahoma Gin, G9): `name` keys its words in an interface's
    catalogue (`setup.game.<name>`, `setup.note.<name>`), `option` is the option whose
    value makes it (the new-game screen notes it there)."""

    name: str
    option: str


OptionKind = Literal["int", "bool", "choice"]
ScoreUnit = Literal["points", "penalty"]
"""What a game's totals count (`Game.score_unit`)."""


class Option(NamedTuple):
    """One rule option as the rulebook names it.

    `default` None means "depends on the number of players" (the game resolves it);
    `choices` lists the words of a choice option; `low`/`high` bound an int option.
    """

    name: str
    kind: OptionKind
    default: int | bool | str | None
    rule: str
    doc: str
    choices: tuple[str, ...] = ()
    low: int = 0
    high: int = 0


_TRUE = ("true", "yes", "1", "on")
_FALSE = ("false", "no", "0", "off")

RULES_ENGLISH: Mapping[str, str] = MappingProxyType(
    {
        "rules.assignment": "a rule is NAME=VALUE, not {text!r}",
        "rules.unknown": "unknown rule {name!r}; the rules are {known}",
        "rules.one_of": "{name} must be one of {choices}, not {value!r}",
        "rules.boolean": "{name} must be true or false, not {value!r}",
        "rules.whole_number": "{name} must be a whole number, not {value!r}",
        "rules.range": "{name} must be {low} to {high}, not {value}",
    }
)
"""English templates of the complaints every game's options share (`parse_assignments`,
and 22's own parser): `name` is the option, `value` the text given (a number for
`rules.range`), `choices` and `known` the option's words and the rules' names, joined
by ", ". A complaint that cites no rule has `rule` "" (`render` adds none)."""


def _refuse(code: str, rule: str = "", **args: ArgValue) -> RulesError:
    return rules_error(Reason(code, rule, tuple(args.items())), RULES_ENGLISH)


def _parse_value(option: Option, text: str) -> int | bool | str:
    name = option.name
    if option.kind == "choice":
        if text not in option.choices:
            choices = ", ".join(option.choices)
            raise _refuse("rules.one_of", name=name, choices=choices, value=text)
        return text
    if option.kind == "bool":
        low = text.lower()
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        raise _refuse("rules.boolean", name=name, value=text)
    try:
        value = int(text)
    except ValueError:
        raise _refuse("rules.whole_number", name=name, value=text) from None
    if option.high and not option.low <= value <= option.high:
        raise _refuse(
            "rules.range", option.rule, name=name, low=option.low, high=option.high, value=value
        )
    return value


def parse_assignments(
    assignments: Sequence[str], options: Sequence[Option]
) -> dict[str, int | bool | str]:
    """`["min_bid=80"]` -> {"min_bid": 80}, every name and value checked against `options`.

    Unknown names list the game's options; a name given twice keeps the last value, as a
    command line does.
    """
    by_name = {o.name: o for o in options}
    values: dict[str, int | bool | str] = {}
    for item in assignments:
        name, sep, text = item.partition("=")
        name = name.strip()
        if not sep:
            raise _refuse("rules.assignment", text=item)
        option = by_name.get(name)
        if option is None:
            raise _refuse("rules.unknown", name=name, known=", ".join(by_name) or "none")
        values[name] = _parse_value(option, text.strip())
    return values


class Objective:
    """What `tt22 analyse` measures for a game (docs/analysis.md): the game says, in its
    own package and its own unit, what a seat's decision is trying to achieve, and how
    big a loss earns each mark. A game's registry entry names its objective
    (`GameEntry.analysis`, "module:OBJECT"); the analysis engine (tt22/analysis) asks
    nothing else of the game but the protocol above.

    A decision is measured from the world it was sampled in (`start`: a state the seat
    cannot tell from the real one, before the move) to the state where `done` says the
    measure ends (by default the end of the hand: its number changes, or the match is
    over); `outcome(seat, start, end)` is the figure in `unit`, better the higher unless
    `lower_is_better` (22's penalty points). `thresholds` are the losses, in `unit`, of
    an inaccuracy (?!), a mistake (?) and a blunder (??). `extras` name further figures
    per playout that `extra` gives (22's chance of being put out), reported beside the
    outcome and never marked. `worlds` is the default number of sampled worlds of a
    decision and `playout` the bot (a level or a name of the game's bots) that plays
    each world out for every seat.

    `resample` deals a world from a view (the game's `Game.resample` unless overridden)
    and `propose` lists the moves worth weighing when there are many (None: the
    engine's default, see docs/analysis.md); both see the view only. `rollout` may play
    a world out with the `playout` bot's own policy the game's faster way (22's
    rank-level simulator); the engine uses it only with that bot, and a test holds it
    to the bots' playout."""

    unit: str = "points"
    lower_is_better: bool = False
    thresholds: tuple[float, float, float] = (1.0, 2.0, 4.0)
    extras: tuple[str, ...] = ()
    worlds: int = 32
    playout: str = "rules"

    def outcome(self, seat: int, start: Any, end: Any) -> float:
        """The seat's figure over the measured stretch, in `unit`."""
        raise NotImplementedError

    def extra(self, seat: int, start: Any, end: Any) -> tuple[float, ...]:
        """One value per name of `extras` (by default none)."""
        return ()

    def done(self, game: Game[Any, Any, Any, Any], start: Any, state: Any) -> bool:
        """Whether the measure ends at `state` (by default: the hand of `start` is over)."""
        return game.is_over(state) or game.locate(state).hand != game.locate(start).hand

    def resample(self, game: Game[Any, Any, Any, Any], view: Any, rng: Pcg32) -> Any:
        """A world from the view alone (the game's `resample`)."""
        return game.resample(view, rng)

    def propose(self, game: Game[Any, Any, Any, Any], view: Any) -> Sequence[Any] | None:
        """The moves worth weighing from this view when it has many, best guesses first;
        None leaves it to the engine."""
        return None

    def rollout(
        self, game: Game[Any, Any, Any, Any], world: Any, move: Any, seat: int
    ) -> tuple[float, tuple[float, ...]] | None:
        """(outcome, extras) of `move` in `world` played out by the `playout` bot's
        policy for every seat, computed the game's own way; None (the default): the
        engine plays the bots through `apply`."""
        return None


def _rule_text(value: object) -> str:
    """A rule's value as `--rule` writes it (`true`, `75`, `upcard`)."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")
ViewT = TypeVar("ViewT")
RulesT = TypeVar("RulesT")


class Game(ABC, Generic[RulesT, StateT, MoveT, ViewT]):
    """A card game tt22 can play. Subclasses state their facts as class attributes and
    implement the abstract methods; the concrete ones are shared behaviour.

    Contract (checked for every registered game by tests/core/test_games_protocol.py):
    - `new_match` is deterministic in (rules, players, seed); chance never enters as a
      move, it comes from the seed's named streams (tt22.core.rng.stream).
    - `apply` returns a new state and never changes its argument; an illegal move raises
      `IllegalMove` (a `RuleBroken`, its `Reason` attached) naming a rule.
    - every move of `legal_moves` applies; `to_move` is -1 exactly when `is_over`.
    - `view(state, seat)` holds only what that seat may know; bots see nothing else.
    - `digest` changes with any card dealt or played, and not with names or the seed's
      spelling.
    """

    name: str
    """The registry key and the record's game name (`twentytwo`, `rook`)."""
    title: str
    """What a person calls it (`Twenty-Two`, `Rook`)."""
    min_players: int
    max_players: int
    default_players: int
    options: tuple[Option, ...]
    rule_prefix: str | tuple[str, ...]
    """The letter of the rulebook's numbers (`R` for 22, `K` for Rook); a tuple when a
    game also cites its family's shared rules (Gin: `G`, and Rummy's `M1`-`M5`)."""
    move_type: Any
    """The msgspec tagged union of the game's moves (for records and the codec)."""
    reason_templates: Mapping[str, str]
    """English templates of the game's reason codes (see `render`)."""
    partnerships: bool = False
    """Whether seats play in sides (Rook's partners, K1), so a team arena may seat more
    than two players, its two bots alternating round the table; otherwise every seat
    plays for itself."""
    score_unit: ScoreUnit = "points"
    """What a seat's total in `returns` (and a record's `result.totals`) counts: "points"
    (Rook's, Gin's) or "penalty" (22's, Rummy's): the word a player's history says
    beside a total (`tt22 stats`), asked of the game, never guessed from its name."""
    lower_is_better: bool = False
    """Whether a lower total is the better one (22's and Rummy's penalties): which of a
    player's totals is their best, and which way a chart of them points."""
    random_play_ends: bool = False
    """Whether a match of uniformly random legal moves always ends (22's: R5 puts a seat
    out every few deals), so `tt22 bench` times whole matches; otherwise (Rook's wild
    bids may lose hand after hand for ever) it stops each after some hands."""
    view_type: Any
    """The type of a seat's view (a NamedTuple): a served seat's view travels as msgpack
    of it and is decoded with it (`decode_view`)."""

    # -- rules -------------------------------------------------------------------------

    @abstractmethod
    def rules(self, assignments: Sequence[str] = (), players: int | None = None) -> RulesT:
        """The rules from `name=value` strings over the defaults, resolved for `players`
        when given (RulesError in one line when a name, a value or the table is wrong)."""

    @abstractmethod
    def rules_dict(self, rules: RulesT) -> dict[str, Any]:
        """Every option of resolved rules by name, in the rulebook's order (records)."""

    def resolve(self, rules: RulesT, players: int) -> RulesT:
        """`rules` resolved for a table of `players` (RulesError in one line when they
        cannot be played there): by default parsed again from `rules_dict` by `rules`,
        so a record's rules go through the same checks as `--rule`."""
        given = self.rules_dict(rules)
        return self.rules([f"{k}={_rule_text(v)}" for k, v in given.items()], players)

    # -- the fold ----------------------------------------------------------------------

    @abstractmethod
    def new_match(self, rules: RulesT, players: int, seed: str) -> StateT:
        """The state before the first move (first dealer drawn, first hand dealt)."""

    @abstractmethod
    def to_move(self, state: StateT) -> int:
        """The seat that must move now, or -1 when the match is over."""

    @abstractmethod
    def legal_moves(self, state: StateT) -> Sequence[MoveT]:
        """Every distinct legal move of the seat to move (empty when over)."""

    @abstractmethod
    def apply(self, state: StateT, move: MoveT) -> StateT:
        """The state after `move`; IllegalMove naming the rule when it is not legal."""

    @abstractmethod
    def is_over(self, state: StateT) -> bool: ...

    @abstractmethod
    def winners(self, state: StateT) -> tuple[int, ...]:
        """The winning seats of a finished match (empty while it goes on)."""

    def sides(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The seats that win or lose a whole match together, for a table of `players`:
        by default, with partnerships at four, the partners opposite (Rook's K1,
        Persian's P2: seats 0 and 2, 1 and 3); otherwise every seat alone (Rook's three
        change sides each hand, but a match is scored per seat). A server's ratings ask
        this, never a game's name."""
        if self.partnerships and players == 4:
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(players))

    @abstractmethod
    def returns(self, state: StateT) -> tuple[int, ...]:
        """Each seat's score now (OpenSpiel's returns): 22's penalty totals, Rook's points."""

    @abstractmethod
    def locate(self, state: StateT) -> Location: ...

    def variant(self, rules: RulesT) -> Variant | None:
        """The named variant `rules` make, if any (by default none): what a record, a
        table or the help calls the match."""
        return None

    def moment(self, state: StateT) -> str:
        """Where in the match `state` is, in words for a record's problem (`tt22 verify`:
        "move 9 of 40 (hand 2, trick 3), seat 1"): by default the hand and the trick
        from `locate`, or "before the play", or "after the game had ended"."""
        if self.is_over(state):
            return "after the game had ended"
        where = self.locate(state)
        stage = f"trick {where.trick}" if where.trick else "before the play"
        return f"hand {where.hand}, {stage}"

    # -- what a record of it may hold --------------------------------------------------

    def table_problem(self, players: int, rules: RulesT) -> tuple[str, str] | None:
        """What is wrong with a record's table that its types cannot say, as (problem,
        field): "players" or "rules" (under the record's `record.`), or None. By default:
        the number of seats the game is played by, and rules its own parser resolves to
        exactly what the record says (tt22.record.check asks every game this)."""
        if not self.min_players <= players <= self.max_players:
            low, high = self.min_players, self.max_players
            seats = str(low) if low == high else f"{low} to {high}"
            return f"{self.title} is played by {seats} players, not {players}", "players"
        try:
            resolved = self.resolve(rules, players)
        except RulesError as e:
            return str(e), "rules"
        if resolved != rules:
            shown = ", ".join(f"{k}={_rule_text(v)}" for k, v in self.rules_dict(resolved).items())
            return f"the rules must be given as resolved for {players} players ({shown})", "rules"
        return None

    def moves_problem(self, moves: Iterable[MoveT], players: int) -> tuple[str, str] | None:
        """What is wrong with a record's moves before any is applied, as (problem, field
        under `record.`: "moves[3].move.seat"), or None. By default only that each seat
        exists: everything else about a move (a card not of the deck, a sixth card in the
        nest) is for `apply` to judge during the replay, which names the rule."""
        for i, move in enumerate(moves):
            seat: int = getattr(move, "seat", 0)
            if not 0 <= seat < players:
                where = f"moves[{i}].move.seat"
                return f"seat {seat} does not exist at a table of {players}", where
        return None

    def totals_problem(self, totals: Sequence[int]) -> tuple[str, str] | None:
        """What is wrong with a record's totals beyond the format's bounds, as (problem,
        field under `record.`), or None (the default: any score of either sign)."""
        return None

    # -- what a seat may know ----------------------------------------------------------

    @abstractmethod
    def view(self, state: StateT, seat: int) -> ViewT:
        """What `seat` may know now, and nothing more."""

    @abstractmethod
    def view_legal_moves(self, view: ViewT) -> Sequence[MoveT]:
        """The legal moves of the view's seat, judged from the view alone (empty when it
        is not that seat's turn): what a bot or the interface asks."""

    @abstractmethod
    def forced_reason(self, view: ViewT) -> Reason | None:
        """Why the seat's choice is forced, or None when it has a real choice."""

    def explain(self, state: StateT, move: MoveT) -> Reason | None:
        """None when `move` is legal now, else why not."""
        try:
            self.apply(state, move)
        except IllegalMove as e:
            return reason_of(e)
        return None

    @abstractmethod
    def explain_view(self, view: ViewT, move: MoveT) -> Reason | None:
        """None when the view's seat may make `move` now, else why not, judged from the
        view alone: what an interface asks before it sends a move."""

    @abstractmethod
    def public_view(self, state: StateT) -> ViewT:
        """What a spectator may see, by the game's own rules: a seat's view with that
        seat's private parts emptied (its hand, and 22's exchange, Rook's nest (K23), the
        card a Rummy seat just took), so it holds public facts only."""

    def decode_view(self, data: bytes) -> ViewT:
        """A seat's view from the msgpack bytes of one (msgspec.ValidationError on
        anything else), equal to the view that was encoded."""
        view: ViewT = msgspec.msgpack.decode(data, type=self.view_type)
        return view

    def safe_move(self, view: ViewT, seed: str) -> MoveT:
        """The move a run-out clock plays for the view's seat, from its view alone (the
        server's, docs/serve.md). By default a pass where one is legal (so a clock never
        commits an absent player to a contract), else what the game's `normal` bot would
        do from this view (its bots drawing from `seed`), else the first legal move."""
        from .bots import clock_move

        move: MoveT = clock_move(self, view, seed)
        return move

    def hint(self, view: ViewT, salt: str) -> Any:
        """A hint for the view's seat, from that view alone (sampled deals drawn from
        `salt`), or None for a game without hints (the default)."""
        return None

    def resample(self, view: ViewT, rng: Pcg32) -> StateT:
        """A state the view's seat cannot tell from the real one, its unseen cards dealt
        from `rng` consistently with the view (OpenSpiel's ResampleFromInfostate), for
        determinizing bots. Optional: a game without one raises NotImplementedError."""
        raise NotImplementedError(f"{self.name} has no resample yet")

    def describe(self, reason: Reason) -> str:
        """A reason in English, with its rule number."""
        if reason.code == "illegal":
            return f"{reason.arg('words')} ({reason.rule})"
        return render(reason, self.reason_templates)

    # -- moves as data -----------------------------------------------------------------

    def encode_move(self, move: MoveT) -> bytes:
        """A move as compact JSON, tagged (`{"type":"bid","seat":1,"points":75}`)."""
        return msgspec.json.encode(move)

    def decode_move(self, data: bytes | str) -> MoveT:
        """The move of `encode_move`; msgspec.ValidationError on anything else."""
        result: MoveT = msgspec.json.decode(data, type=self.move_type)
        return result

    @abstractmethod
    def move_text(self, move: MoveT) -> str:
        """A move as a person writes it (`bid 75`, `play AS`), without the seat."""

    @abstractmethod
    def parse_move(self, seat: int, text: str) -> MoveT:
        """The move of `move_text` for `seat`; ValueError in plain words otherwise."""

    # -- the match written out ---------------------------------------------------------

    @abstractmethod
    def transcript(self, state: StateT, seed: str, players: Sequence[Player]) -> dict[str, Any]:
        """The game's JSON transcript (its own doc specifies it) of the match so far."""

    def transcript_json(self, state: StateT, seed: str, players: Sequence[Player]) -> str:
        """The transcript as one JSON object, two-space indented, ending in a newline, any
        character that could hide text on a terminal escaped (`tt22.core.safe.json_text`)."""
        return json_text(self.transcript(state, seed, players))

    def seat_transcript(
        self, states: Sequence[StateT], seed: str, players: Sequence[Player], seat: int
    ) -> dict[str, Any]:
        """The transcript of the match as `seat` saw it (`tt22 show --seat`): built from
        that seat's view of each state (`states[i]` before move i, the last one the last
        state reached), so it holds nothing the views do not. The shape is the game's
        transcript with `"seen_by"` and `null` where the seat does not know."""
        return self.transcript_of_views([self.view(s, seat) for s in states], seed, players)

    def transcript_of_views(
        self, views: Sequence[ViewT], seed: str, players: Sequence[Player]
    ) -> dict[str, Any]:
        """`seat_transcript` from the seat's views in match order. A game without a seat
        transcript raises NotImplementedError (a game may instead write `seat_transcript`
        its own way: 22's is cut from its full transcript)."""
        raise NotImplementedError(f"{self.name} has no seat transcript")

    def digest_input(self, state: StateT) -> bytes:
        """The exact bytes `digest` hashes: the transcript less seed and players, compact
        JSON with keys sorted (every value ASCII text, an integer, a boolean or null, so
        `json.dumps(t, sort_keys=True, separators=(",", ":"))` gives the same bytes)."""
        t = self.transcript(state, "", [])
        t.pop("seed", None)
        t.pop("players", None)
        return msgspec.json.encode(t, order="sorted")

    def digest(self, state: StateT) -> str:
        """`sha256:` over `digest_input`: every card dealt and played and every score,
        nothing a person chose to call it (what a record promises its moves lead to)."""
        return "sha256:" + hashlib.sha256(self.digest_input(state)).hexdigest()
