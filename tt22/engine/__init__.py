"""Moved (issue 22): the shared pieces to tt22.core, 22's rules to tt22.games.twentytwo.

A re-export for one release: the old names and submodules (`tt22.engine.rng`, ...) are the
very objects of their new homes. Nothing in tt22 imports it; import from the new homes.
"""

import sys
from importlib import import_module

from tt22.core.cards import card_text, parse_card, parse_cards, rank, show_card, show_ranks  # noqa: F401
from tt22.core.protocol import IllegalMove, RulesError  # noqa: F401
from tt22.core.rng import GENERATOR_ID, normalise_seed  # noqa: F401
from tt22.core.seeds import MAX_SEED, fresh_seed, resolve_seed, seed_commitment, seed_problem  # noqa: F401
from tt22.games.twentytwo import *  # noqa: F403  (22's rules, as tt22.engine exported them)

_CORE = ("cards", "players", "rng", "seeds", "unicode14")
_RULES = ("explain", "legality", "moves", "rules", "state", "views")
for _name in _CORE + _RULES:
    _module = import_module(f"tt22.{'core' if _name in _CORE else 'games.twentytwo'}.{_name}")
    sys.modules[f"{__name__}.{_name}"] = _module
    globals().setdefault(_name, _module)  # `explain` stays the function it was
