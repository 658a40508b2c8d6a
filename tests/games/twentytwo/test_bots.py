"""Bots: honest (views only), legal in every phase and rule variant, reproducible."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tt22.games.twentytwo import (
    EXCHANGE,
    Exchange,
    Move,
    Play,
    Rules,
    SeatView,
    State,
    apply,
    explain,
    new_match,
    parse_rule_assignments,
    view,
)
from tt22.games.twentytwo.bots import BOT_NAMES, LEVELS, Bot, bot_spec, make_bot
from tt22.games.twentytwo.bots.base import bot_stream
from tt22.games.twentytwo.bots.cheater import CheaterBot
from tt22.games.twentytwo.bots.choices import candidates, rules_move
from tt22.games.twentytwo.bots.montecarlo import match_value

SMALL = 0.02  # budgets scaled down: tests check behaviour, not strength


class Spy:
    """Wraps a bot: checks it is handed a SeatView of the seat to move and that what it
    returns is legal in the real state."""

    def __init__(self, bot: Bot, seat: int) -> None:
        self.bot = bot
        self.seat = seat
        self.name = bot.name
        self.calls = 0
        self.phases: set[int] = set()

    def check(self, state: State, v: object) -> Move:
        assert type(v) is SeatView
        assert isinstance(v, SeatView)
        assert v.seat == self.seat and v.my_turn
        move = self.bot.choose(v)
        assert move.seat == self.seat
        assert explain(state, move) is None, (self.name, move)
        self.calls += 1
        self.phases.add(v.phase)
        return move


def play(rules: Rules, seed: str, names: Sequence[str], scale: float = SMALL) -> list[Move]:
    spies = [Spy(make_bot(n, seed, seat, scale), seat) for seat, n in enumerate(names)]
    state = new_match(rules, len(names), seed)
    moves: list[Move] = []
    while not state.over:
        seat = state.to_move
        move = spies[seat].check(state, view(state, seat))
        state = apply(state, move)
        moves.append(move)
    for spy in spies:
        assert spy.calls > 0
    return moves


VARIANTS = [
    [],
    ["must_beat=true"],
    ["exchange=stop_when_short"],
    ["must_beat=true", "exchange=stop_when_short", "first_hand=9"],
]


@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("players", [2, 4, 7])
def test_every_level_plays_legal_moves_from_views(options: list[str], players: int) -> None:
    rules = parse_rule_assignments(options).for_players(players)
    levels = ["search", "sampling", "rules", "random", "expert", "hard", "normal"]
    names = [levels[(seat + players) % len(levels)] for seat in range(players)]
    play(rules, f"legal {players} {options}", names)


def test_a_bot_answers_in_the_exchange_when_the_stock_is_short() -> None:
    """Under stop_when_short, the option "more than the stock" is a candidate too."""
    rules = parse_rule_assignments(["exchange=stop_when_short", "first_hand=12"]).for_players(4)
    state = new_match(rules, 4, "short stock")
    v = view(state, state.to_move)
    assert v.phase == EXCHANGE and v.stock_size < len(v.hand)
    cands = candidates(v)
    assert any(len(c.ranks) > v.stock_size for c in cands)
    for name in ("rules", "sampling", "search", "hard", "expert"):
        move = make_bot(name, "s", v.seat, SMALL).choose(v)
        assert isinstance(move, Exchange)
        assert explain(state, move) is None


def test_same_seed_same_moves() -> None:
    rules = Rules().for_players(4)
    names = ["search", "sampling", "rules", "random"]
    assert play(rules, "again", names) == play(rules, "again", names)


def test_different_seeds_give_bots_different_streams() -> None:
    a = bot_stream("one", 0, "sampling").next_u32()
    b = bot_stream("two", 0, "sampling").next_u32()
    c = bot_stream("one", 1, "sampling").next_u32()
    assert len({a, b, c}) == 3


def test_a_decision_depends_only_on_the_position() -> None:
    """A bot made afresh at any moment (a match continued after a restart, or played on
    from a replay) chooses exactly what the bot that played the whole match chose."""
    rules = Rules().for_players(3)
    names = ["random", "sampling", "search"]
    state = new_match(rules, 3, "resume")
    playing = [make_bot(n, "resume", s, scale=0.005) for s, n in enumerate(names)]
    decisions = 0
    while not state.over and decisions < 80:
        seat = state.to_move
        v = view(state, seat)
        move = playing[seat].choose(v)
        fresh = make_bot(names[seat], "resume", seat, scale=0.005)
        assert fresh.choose(v) == move
        state = apply(state, move)
        decisions += 1
    assert decisions > 20


def test_levels_name_known_bots() -> None:
    assert list(LEVELS) == ["easy", "normal", "hard", "expert"]
    for level in LEVELS:
        assert level in BOT_NAMES
        algo, _budget = bot_spec(level)
        assert algo in BOT_NAMES
        assert make_bot(level, "x", 0).name == level
    assert bot_spec("hard")[1] < bot_spec("expert")[1]
    with pytest.raises(KeyError):
        make_bot("nobody", "x", 0)


def test_cheater_is_never_offered() -> None:
    assert "cheater" not in BOT_NAMES
    with pytest.raises(KeyError):
        make_bot("cheater", "x", 0)
    assert not hasattr(CheaterBot, "choose")  # only choose_seeing_everything(state)
    state = new_match(Rules().for_players(4), 4, "peek")
    bot = CheaterBot(bot_stream("peek", state.to_move, "cheater"), 40)
    while not state.over and len(state.history) < 2:
        state = apply(state, bot.choose_seeing_everything(state))


def test_rules_of_thumb() -> None:
    """Keep the low card and the high cards, shed the middle; lead the higher of two."""
    rules = Rules().for_players(2)
    state = new_match(rules, 2, "thumb")
    seat = state.to_move
    hand = (0, 20, 24, 28, 48, 51, 44)  # 2S 7S 8S 9S AS AC KS
    s = state.copy()
    hands = list(s.hands)
    hands[seat] = tuple(sorted(hand))
    s.hands = tuple(hands)
    m = rules_move(view(s, seat))
    assert isinstance(m, Exchange)
    assert sorted(m.discard) == ["7S", "8S", "9S"]
    # Two cards, leading: the higher one goes, the lower one is shown.
    s2 = State.__new__(State)
    for slot in State.__slots__:
        setattr(s2, slot, getattr(s, slot))
    from tt22.games.twentytwo import PLAY

    s2.phase = PLAY
    s2.stock = ()
    hands[seat] = (0, 44)
    hands[1 - seat] = (4, 40)
    s2.hands = tuple(hands)
    s2.leader = s2.to_move = seat
    lead = rules_move(view(s2, seat))
    assert lead == Play(seat, ("KS",))


def test_match_value_prefers_small_penalties_and_fears_elimination() -> None:
    state = new_match(Rules().for_players(3), 3, "mv")
    v = view(state, 0)
    none = match_value(v, [0, 0, 0])
    assert none == pytest.approx(1 / 3)
    assert match_value(v, [5, 0, 0]) < none < match_value(v, [0, 5, 0])
    v2 = v._replace(totals=(20, 0, 0))
    assert match_value(v2, [2, 0, 0]) == 0.0


def test_sim_seats_bots_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    from tt22.cli import main

    assert (
        main(["sim", "--bots", "rules,normal,easy,random", "--seed", "n", "--format", "json"]) == 0
    )
    assert '"bot": "normal"' in capsys.readouterr().out.replace('":"', '": "')
    assert main(["sim", "--bots", "cheater", "--seed", "n"]) == 2
    assert "unknown bot 'cheater'" in capsys.readouterr().err
