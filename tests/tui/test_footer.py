"""The table's footer names every key it shows, whole, at 80 columns: in each language,
with the usual key symbols and in the ASCII style (whose key names are longer). A key
shown without its word (`q ホ`, `q` and nothing) is as cut as a card shown as `…`."""

from __future__ import annotations

from pathlib import Path

import pytest
from layoutkit import screen_lines
from pilotkit import wait_for

from tt22.core.players import Player
from tt22.games.twentytwo import PLAY, Rules
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.twentytwo.table import TableScreen
from tt22.tui.i18n import set_language, t


@pytest.mark.parametrize("ascii_cards", [False, True])
@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_the_footer_names_every_key_whole_at_80_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, ascii_cards: bool
) -> None:
    monkeypatch.setenv("LANG", "C")
    monkeypatch.delenv("LC_ALL", raising=False)
    set_language(lang)
    seats = [Player("Ann"), Player("Bot 1", "bot", "random")]
    app = TT22App(
        StartOptions(
            rules=Rules().for_players(2),
            players=seats,
            seed="footer",
            pace=0.0,
            language=lang,
            ascii_cards=ascii_cards,
            home=tmp_path,
        )
    )
    async with app.run_test(size=(80, 24)) as pilot:

        def my_turn() -> bool:
            screen = app.screen
            return isinstance(screen, TableScreen) and screen.human_view() is not None

        def in_tricks() -> bool:
            screen = app.screen
            return isinstance(screen, TableScreen) and screen.state.phase == PLAY

        await wait_for(pilot, my_turn)
        if not in_tricks():
            # The exchange's footer too (in Japanese with ASCII keys it lost `戻る`).
            await pilot.pause()
            footer = screen_lines(app)[-1]
            for key in ["key.move", "key.select", "key.exchange", "key.log", "key.home"]:
                assert t(key) in footer, (key, footer)
            await pilot.press("enter")  # keep the hand: on to the tricks
        await wait_for(pilot, lambda: my_turn() and in_tricks())
        await pilot.pause()
        footer = screen_lines(app)[-1]
        words = ["key.move", "key.select", "key.play", "key.log", "key.help", "key.home"]
        for key in words:
            assert t(key) in footer, (key, footer)
