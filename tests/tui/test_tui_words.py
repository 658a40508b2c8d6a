"""Words at the table: the first-dealer draw (R7) when the player at the keyboard
deals first."""

from __future__ import annotations

from pathlib import Path

import pytest
from pilotkit import wait_for
from textual.widgets import Static

from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.twentytwo.table import TableScreen


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TT22_HOME", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [
        ("en", "You drew highest and deal first.", "deals first"),
        ("ko", "가장 높은 카드를 뽑은 내가 먼저 돌립니다.", "나 님"),
        ("ja", "一番高いカードを引いたあなたが最初の親です。", "あなたさん"),
    ],
)
async def test_the_first_dealer_draw_speaks_to_you_when_you_deal_first(
    lang: str, said: str, not_said: str
) -> None:
    """Issue 10, item 11's words: the R7 line said "You drew highest and deals first"
    (and "나 님", "あなたさん") when the player at the keyboard dealt first."""
    from tt22.core.players import Player
    from tt22.games.twentytwo import Rules
    from tt22.tui.games.twentytwo.scores import ScoresScreen
    from tt22.tui.i18n import set_language, t
    from tt22.tui.widgets.lines import TextLines

    set_language(lang)
    seats = [Player(t("player.you")), Player(t("player.bot", n=1), "bot", "random")]
    app = TT22App(  # seed "r7-0": seat 0, the player, deals first
        StartOptions(rules=Rules().for_players(2), players=seats, seed="r7-0", language=lang)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.is_mounted)
        table = app.screen
        assert isinstance(table, TableScreen) and table.state.match.first_dealer == 0
        await pilot.pause()
        message = table.query_one("#message", TextLines).text.plain
        assert said in message and not_said not in message
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, ScoresScreen))
        await pilot.pause()
        # (without spaces and line breaks: the draw wraps to the dialog's width)
        text = "".join("".join(str(w.render()) for w in app.screen.query(Static)).split())
        assert "".join(said.split()) in text and "".join(not_said.split()) not in text


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_the_record_browser_shows_whole_names_and_counts_the_others(lang: str) -> None:
    """The players column cut names to "…" ("Ann、Bot 1、Bob、Bo… (4)"): now as many
    whole names as fit, then "+N" for the others."""
    from textual.widgets import DataTable

    from tt22.record import load_record
    from tt22.tui.replay.picker import RecordPicker, _names

    assert _names(["Ann", "Bot 1", "Bob", "Bot 3"], 14).endswith(" +2")
    assert _names(["Ann", "Zoë"], 22) == "Ann" + _names(["Ann", "Zoë"], 22)[3:]
    app = TT22App(StartOptions(language=lang))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await wait_for(
            pilot, lambda: isinstance(app.screen, RecordPicker) and app.screen.is_mounted
        )
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, RecordPicker)
        table = picker.query_one("#pick-table", DataTable)
        assert table.row_count == len(picker.entries) > 5
        for i, entry in enumerate(picker.entries):
            cell = str(table.get_row(str(i))[1])
            assert "…" not in cell, cell
            names = [p.name for p in load_record(entry.path).players]
            shown, _, more = cell.partition(" +")
            listed = shown.split(t_sep())
            assert listed == names[: len(listed)], (cell, names)
            assert int(more or 0) == len(names) - len(listed)


def t_sep() -> str:
    from tt22.tui.i18n import t

    return t("sep.list")
