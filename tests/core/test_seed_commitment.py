"""Issue 9, item 4: during a match with hidden cards for a human the seed is not shown
(it would deal out every hand): a commitment is, and the summary and record reveal it."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from pilotkit import wait_for

from tt22.core.players import Player
from tt22.core.seeds import seed_commitment
from tt22.games.twentytwo import Rules
from tt22.play.session import LocalSession
from tt22.record import Autosave
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.twentytwo.summary_screens import MatchSummaryScreen
from tt22.tui.games.twentytwo.table import TableScreen
from tt22.tui.i18n import set_language
from tt22.tui.screens.home import HomeScreen

SEED = "secret otter"
COMMIT = "sha256:" + hashlib.sha256(SEED.encode()).hexdigest()[:8]


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TT22_HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "C")
    monkeypatch.delenv("LC_ALL", raising=False)
    set_language("en")
    return tmp_path


def screen_text(app: TT22App) -> str:
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


def test_commitment_is_the_first_8_hex_digits_of_sha256() -> None:
    assert seed_commitment("hello") == "2cf24dba"
    assert seed_commitment(SEED) == COMMIT.removeprefix("sha256:")
    assert seed_commitment("Hello") != seed_commitment("hello")  # of the seed as stored


async def test_the_table_shows_the_commitment_not_the_seed() -> None:
    seats = [Player("Ann"), Player("Bot 1", "bot", "random"), Player("Bot 2", "bot", "random")]
    app = TT22App(
        StartOptions(
            rules=Rules().for_players(3), players=seats, seed=SEED, pace=30.0, language="en"
        )
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.is_mounted)
        await pilot.pause()
        text = screen_text(app)
        assert COMMIT in text
        assert SEED not in text
        # ... nor on the home screen's "match in progress" line
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.pause()
        text = screen_text(app)
        assert COMMIT in text and SEED not in text


async def test_a_match_of_bots_only_shows_its_seed() -> None:
    seats = [Player(f"Bot {s}", "bot", "random") for s in range(3)]
    app = TT22App(
        StartOptions(
            rules=Rules().for_players(3),
            players=seats,
            seed=SEED,
            pace=30.0,
            language="en",
            watch=True,
        )
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.is_mounted)
        await pilot.pause()
        assert SEED in screen_text(app)


async def test_the_match_summary_and_the_record_reveal_the_seed() -> None:
    """A match with a human, played on to its end from a position one move short."""
    from recordkit import STARTED, match_moves

    from tt22.record import build_record

    moves = list(match_moves(3, SEED))
    seats = [Player("Ann"), Player("Bot 1", "bot", "random"), Player("Bot 2", "bot", "random")]
    # the last move must be a bot's: put the human at a seat that did not make it
    last = moves[-1].seat
    seats = [
        Player("Ann") if s == (last + 1) % 3 else Player(f"Bot {s}", "bot", "random")
        for s in range(3)
    ]
    record = build_record(Rules().for_players(3), SEED, seats, moves[:-1], STARTED)
    app = TT22App(StartOptions(language="en", pace=0.5))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        table = app.start_from_record(record)
        assert table is not None
        await wait_for(
            pilot, lambda: isinstance(app.screen, MatchSummaryScreen) and app.screen.is_mounted
        )
        await wait_for(pilot, lambda: SEED in screen_text(app))
        saved = table.session.saved_path
        assert saved is not None
        from tt22.record import load_record

        assert load_record(saved).seed == SEED
    assert Autosave().load_current() is None


def test_a_session_shows_its_seed_only_without_humans() -> None:
    rules = Rules().for_players(2)
    human = LocalSession("twentytwo", rules, SEED, [Player("Ann"), Player("B", "bot", "random")])
    bots = LocalSession(
        "twentytwo", rules, SEED, [Player("A", "bot", "random"), Player("B", "bot", "random")]
    )
    assert human.shown_seed == COMMIT
    assert bots.shown_seed == SEED
