"""The marks' legend of the score history (live play) and of the replayer's penalty
chart breaks only between its entries: "! out" on one line and "(22+)" on the next (as
Rich's table caption wrapped it at the width of a narrow table) parts a mark from what
it means. The score history's first-dealer draw never parts a name from its card. In
English, Korean and Japanese."""

from __future__ import annotations

from pathlib import Path

import pytest
from layoutkit import names_for, screen_lines
from paths import ROOT
from rich.cells import cell_len

from tt22.core.cards import show_card
from tt22.core.players import Player
from tt22.games.twentytwo import Rules, legal_moves
from tt22.play.session import LocalSession
from tt22.record import load_record
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.twentytwo.replay import TwentyTwoReplay
from tt22.tui.games.twentytwo.replay_panes import PenaltyChart
from tt22.tui.games.twentytwo.scores import ScoresScreen
from tt22.tui.i18n import set_language, t
from tt22.tui.replay.words import rt

SAMPLES = ROOT / "records"


def entries(legend: str) -> list[str]:
    return [e.strip() for e in legend.split("  ") if e.strip()]


async def score_history_lines(session: LocalSession, lang: str) -> list[str]:
    """The terminal's lines at 80x24 with `session`'s score history open."""
    app = TT22App(StartOptions(language=lang, pace=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ScoresScreen(session, False))
        await pilot.pause()
        await pilot.pause()
        return screen_lines(app)


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_the_score_history_legend_keeps_each_entry_on_one_line(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TT22_HOME", str(tmp_path))
    set_language(lang)
    players = [Player("Ann"), Player("Bot 1", "bot", "random")]
    session = LocalSession("twentytwo", Rules().for_players(2), "scores", players)
    while not session.state.history:
        session.play(legal_moves(session.state)[0])
    lines = await score_history_lines(session, lang)
    legend = t("scores.legend", limit=session.state.rules.elimination_at)
    for entry in entries(legend):
        assert any(entry in line for line in lines), (entry, lines)
    set_language("en")


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_the_penalty_charts_legend_breaks_only_between_entries(lang: str) -> None:
    set_language(lang)
    model = TwentyTwoReplay.from_record(load_record(SAMPLES / "4p-random.22rec"))
    chart = PenaltyChart()
    chart.model, chart.p = model, len(model.moves)
    legend = rt("chart.legend", limit=model.states[0].rules.elimination_at)
    for width in range(16, 44):
        lines = [line.plain for line in chart.lines(width)]
        assert all(cell_len(line) <= width for line in lines), width
        for entry in entries(legend):
            if cell_len(entry) <= width:  # (else it has lines of its own)
                assert any(entry in line for line in lines), (width, entry, lines[-3:])
    set_language("en")


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_the_first_dealer_draw_keeps_each_name_with_its_card(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Long names (wide letters too) at 80x24: "Bo" at a line's end and "10♠" on the
    next, or a Korean name folded away from its card, was how Rich wrapped the draw."""
    monkeypatch.setenv("TT22_HOME", str(tmp_path))
    set_language(lang)
    names = names_for(4)
    session = LocalSession("twentytwo", Rules().for_players(4), "draw", [Player(n) for n in names])
    session.play(legal_moves(session.state)[0])
    lines = await score_history_lines(session, lang)
    assert "…" not in "".join(lines)
    draws = session.state.match.first_draws
    for pair in (f"{names[seat]} {show_card(card, False)}" for d in draws for seat, card in d):
        assert any(pair in line for line in lines), (pair, "\n".join(lines))
    set_language("en")
