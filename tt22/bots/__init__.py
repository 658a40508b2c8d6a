"""Moved (issue 22) to tt22.games.twentytwo.bots, beside 22's rules: a re-export for one
release. The old names and submodules (`tt22.bots.hint`, ...) are the very objects of the
new home. Nothing in tt22 imports it; import from the new home.
"""

import sys
from importlib import import_module

from tt22.games.twentytwo.bots import *  # noqa: F403

_SUBMODULES = "base cheater choices determinize fastsim hint montecarlo random_bot rules_bot"
for _name in _SUBMODULES.split():
    _module = import_module(f"tt22.games.twentytwo.bots.{_name}")
    sys.modules[f"{__name__}.{_name}"] = globals()[_name] = _module
