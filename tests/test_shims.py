"""tt22.engine moved (issue 22) and stays a re-export for one release: every name and
submodule it had is the very object of its new home. The only importer of the shim in
the repository is this test (tests/test_layering.py checks the rest use the new homes)."""

from __future__ import annotations

import importlib
import sys

import pytest

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
