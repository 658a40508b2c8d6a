"""tt22.engine and tt22.bots moved (issue 22) and stay re-exports for one release: every
name and submodule they had is the very object of its new home. This test is the only
user of the shims in the repository: everything else names the new homes."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import pytest
from paths import ROOT

SHIMS = ("tt22/engine/__init__.py", "tt22/bots/__init__.py")

# What tt22.engine's __all__ held before the move, and where each name lives now.
ENGINE_NAMES = {
    "tt22.core.cards": "card_text parse_card parse_cards rank show_card show_ranks",
    "tt22.core.protocol": "IllegalMove RulesError",
    "tt22.core.rng": "GENERATOR_ID normalise_seed",
    "tt22.core.seeds": "MAX_SEED fresh_seed resolve_seed seed_commitment seed_problem",
    "tt22.games.twentytwo": "EXCHANGE OPTION_NAMES OVER PLAY DealResult DealStart Exchange"
    " ExchangeRecord Move Play PublicDeal Rules SeatView State TrickRecord apply explain"
    " forced_reason legal_moves new_match parse_rule_assignments playable_cards rank_value"
    " selection_problem view",
}

ENGINE_MODULES = {
    "cards": "tt22.core.cards",
    "players": "tt22.core.players",
    "rng": "tt22.core.rng",
    "seeds": "tt22.core.seeds",
    "unicode14": "tt22.core.unicode14",
    "explain": "tt22.games.twentytwo.explain",
    "legality": "tt22.games.twentytwo.legality",
    "moves": "tt22.games.twentytwo.moves",
    "rules": "tt22.games.twentytwo.rules",
    "state": "tt22.games.twentytwo.state",
    "views": "tt22.games.twentytwo.views",
}


def test_the_engine_shim_re_exports_every_old_name_as_the_same_object() -> None:
    import tt22.engine as shim

    assert sum(len(names.split()) for names in ENGINE_NAMES.values()) == 40
    for home, names in ENGINE_NAMES.items():
        module = importlib.import_module(home)
        for name in names.split():
            assert getattr(shim, name) is getattr(module, name), name
    assert shim.apply is importlib.import_module("tt22.core.registry").get_game("twentytwo").apply


@pytest.mark.parametrize("old", sorted(ENGINE_MODULES))
def test_the_engine_shims_submodules_are_their_new_homes(old: str) -> None:
    module = importlib.import_module(f"tt22.engine.{old}")
    assert module is importlib.import_module(ENGINE_MODULES[old])
    assert sys.modules[f"tt22.engine.{old}"] is module


def test_old_style_imports_of_moved_names_still_work() -> None:
    from tt22.engine.players import Player
    from tt22.engine.rng import Pcg32
    from tt22.engine.rules import RulesError
    from tt22.engine.state import DealStart, IllegalMove

    from tt22.core.players import Player as CorePlayer
    from tt22.core.protocol import IllegalMove as CoreIllegalMove
    from tt22.core.protocol import RulesError as CoreRulesError
    from tt22.core.rng import Pcg32 as CorePcg32
    from tt22.games.twentytwo.state import DealStart as RulesDealStart

    assert (Player, Pcg32, RulesError, IllegalMove, DealStart) == (
        CorePlayer,
        CorePcg32,
        CoreRulesError,
        CoreIllegalMove,
        RulesDealStart,
    )


BOTS_NAMES = ("BOT_NAMES", "DEFAULT_BUDGETS", "LEVELS", "Bot", "bot_spec", "make_bot")
BOTS_MODULES = [
    "base",
    "cheater",
    "choices",
    "determinize",
    "fastsim",
    "hint",
    "montecarlo",
    "random_bot",
    "rules_bot",
]


def test_the_bots_shim_re_exports_every_old_name_and_submodule() -> None:
    import tt22.bots as shim
    import tt22.games.twentytwo.bots as home

    assert tuple(home.__all__) == BOTS_NAMES
    for name in BOTS_NAMES:
        assert getattr(shim, name) is getattr(home, name), name
    for old in BOTS_MODULES:
        module = importlib.import_module(f"tt22.bots.{old}")
        assert module is importlib.import_module(f"tt22.games.twentytwo.bots.{old}"), old
    from tt22.bots.hint import hint

    assert hint is importlib.import_module("tt22.games.twentytwo.bots.hint").hint


def test_the_shims_are_thin() -> None:
    assert sum(len((ROOT / shim).read_text().splitlines()) for shim in SHIMS) <= 40


_OLD = re.compile(r"tt22\.(engine|bots)\b|from tt22 import [^\n]*\b(engine|bots)\b")


def test_nothing_in_the_repository_uses_the_shims() -> None:
    mine = Path(__file__).resolve()
    users = []
    for folder in ("tt22", "tests", "benchmarks", "docs", "records"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.resolve() == mine or path.relative_to(ROOT).as_posix() in SHIMS:
                continue
            text = path.read_text(encoding="utf-8")
            users += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in _OLD.finditer(text)]
    assert not users
