"""Shared test hooks. Keep this small: it is loaded by every test run."""

from __future__ import annotations

import hashlib
import itertools
from typing import Any

import fuzzcount
import pytest


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print how many fuzz cases ran (tests/kits/fuzzcount.py), whatever the verbosity."""
    counts = fuzzcount.COUNTS
    if counts:
        detail = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
        terminalreporter.write_line(f"fuzz cases run: {sum(counts.values())} ({detail})")


@pytest.fixture(autouse=True)
def served_tables_have_fixed_seeds(request: pytest.FixtureRequest, monkeypatch: Any) -> None:
    """A served table draws its seed from the system's randomness; in a test it draws
    from a sequence fixed by the test's name instead, so a served match a test plays is
    the same deal at every run, and an assertion that holds for it holds always (a test
    once failed one run in many on a short random Gin deal). Each table still gets a
    seed of its own."""
    from tt22.serve import hub

    name = request.node.nodeid.encode()
    counter = itertools.count()

    def entropy() -> bytes:
        return hashlib.sha256(name + b"#%d" % next(counter)).digest()[:8]

    monkeypatch.setattr(hub, "table_entropy", entropy)


# ------------------------------------------------------------ the slowest tests first
# Under xdist's worksteal each worker starts on its share of the tests in collection
# order and an idle worker steals from the end of another's queue. A long test begun
# late leaves one core idle while it finishes; begun first, it runs while the other core
# gets through the short ones. So the tests are ordered by how long each took at the last
# run (pytest's cache, written by the run's main process), the longest first, those of
# under SLOW seconds in their usual order (a module's tests together, its module-scoped
# fixtures made once); without a cache, by the figures below (measured on the 2-core
# machine, seconds). The controller reads the cache once and hands the same figures to
# every worker, so all of them collect the tests in the same order (xdist requires it).
SECONDS_KEY = "tt22/test-seconds"
SLOW = 3.0
KNOWN_SLOW: dict[str, float] = {
    "tests/tui/test_rummy_tui.py::test_a_whole_gin_game_is_played_by_keys": 60.0,
    "tests/tui/test_rook_layout.py::test_the_table_never_shows_a_card_its_seat": 30.0,
    "tests/games/rummy/test_rummy_bots.py::test_m9_four_normal_bots": 22.0,
    "tests/games/rummy/test_rummy_properties.py::test_cards_conserved": 19.0,
    "tests/serve/test_serve_shadow.py::test_served_screens_are_what_the_app_means": 18.0,
    "tests/serve/test_serve_manipulation.py::test_a_served_manipulation_match": 18.0,
    "tests/tui/test_help_pages.py::test_every_page_is_whole_at_80x24": 17.0,
    "tests/cli/test_cli_games.py::test_every_other_game_sims_to_a_record": 16.0,
    "tests/tui/test_words_you.py::test_m5_whole_hands_under_the_default_name": 14.0,
    "tests/tui/test_rum500_tui.py::test_the_replayer_steps_the_sample": 13.0,
    "tests/tui/test_layout.py::test_every_decision_of_a_match_is_whole": 10.0,
    "tests/tui/test_layout.py::test_a_whole_match_is_whole_on_the_terminal": 10.0,
    "tests/tui/test_layout.py::test_nine_seats_show_the_dealer": 11.0,
    "tests/tui/test_rook_tui.py::test_a_whole_rook_game_against_bots": 9.0,
    "tests/tui/test_tui.py::test_watch_mode_plays_a_whole_match": 9.0,
    "tests/serve/test_serve.py::test_two_people_and_two_bots_play_a_whole_match": 9.0,
    "tests/serve/test_serve_games.py::test_a_served_gin_match_between_two_people": 8.0,
    "tests/analysis/test_analysis_engine.py::test_every_games_sample_is_rated": 7.6,
    "tests/games/rummy/test_rummy_bots.py::test_m9_casual_bots": 7.3,
    "tests/games/rummy/test_rummy_properties.py::test_every_hand_and_every_game_ends": 7.3,
    "tests/serve/test_serve_games.py::test_a_served_rook_match_to_its_end": 7.1,
    "tests/serve/test_serve_leaderboard.py::test_the_daily_deal_is_the_same": 7.0,
    "tests/games/rook/test_rook_bots.py::test_the_sampling_bot_beats_the_rules_bot": 6.0,
}


def _seconds(config: pytest.Config) -> dict[str, float]:
    """Each test's seconds at the last run: from the controller on a worker, else from
    the cache (empty without one)."""
    given = getattr(config, "workerinput", None)
    if given is not None:
        return dict(given.get(SECONDS_KEY, {}))
    cache = getattr(config, "cache", None)
    kept = cache.get(SECONDS_KEY, {}) if cache is not None else {}
    return kept if isinstance(kept, dict) else {}


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """(xdist, on the controller) Hand each worker the same figures."""
    node.workerinput[SECONDS_KEY] = _seconds(node.config)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    seconds = _seconds(config)

    def guess(item: pytest.Item) -> float:
        took = seconds.get(item.nodeid)
        if took is None:
            took = next((s for k, s in KNOWN_SLOW.items() if item.nodeid.startswith(k)), 0.0)
        return float(took) if float(took) >= SLOW else 0.0

    items.sort(key=lambda item: -guess(item))  # (stable: the rest keep their order)


_TOOK: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Add up each test's setup, call and teardown (on the controller: the workers'
    reports come to it too)."""
    _TOOK[report.nodeid] = _TOOK.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Keep this run's figures for the next (the controller, or a run without xdist;
    a test this run did not take keeps its older figure)."""
    config = session.config
    cache = getattr(config, "cache", None)
    if cache is None or hasattr(config, "workerinput") or not _TOOK:
        return
    kept = _seconds(config)
    kept.update({k: round(v, 2) for k, v in _TOOK.items()})
    cache.set(SECONDS_KEY, kept)
