"""The Rummy family's table is whole at 80x24: for 2 to 4 players, in English, Korean and
Japanese, in the symbol and the ASCII style, with the longest names the set-up allows,
at the position of a game that crowds the table most, every card of the seat's hand, of
the melds on the table and the discard pile's top is on screen, every name is whole, and
nothing is cut to `…`."""

from __future__ import annotations

import functools
import re
from typing import Any

import pytest
from layoutkit import names_for, screen_lines
from rummyuikit import seat, session_of, table_app

from tt22.core.cards import show_card
from tt22.core.registry import get_game
from tt22.games.rummy.bots import make_bot

SIZE = (80, 24)


@functools.cache
def crowded(game_name: str, players: int) -> Any:
    """The state of a rules-bots game, seat 0 to act after drawing, with the most cards
    on the table (Rummy's melds) and then in seat 0's hand."""
    game = get_game(game_name)
    seed = f"layout {players}"
    state = game.new_match(game.rules([], players), players, seed)
    bots = [make_bot("rules", seed) for _ in range(players)]
    best, score = None, (-1, -1)
    for _ in range(3000):
        if game.is_over(state):
            break
        to_move = game.to_move(state)
        v = game.view(state, 0)
        if to_move == 0 and len(v.legal_moves()) > 2:
            table = sum(len(m) for _, m in getattr(v, "table", ()))
            here = (table, len(v.hand))
            acting = any(type(m).__name__ in ("Discard", "Knock") for m in v.legal_moves())
            if acting and here > score:
                best, score = state, here
        state = game.apply(state, bots[to_move].choose(game.view(state, to_move)))
    assert best is not None
    return best


def labels(text: str, ascii_style: bool) -> list[str]:
    if ascii_style:
        return re.findall(r"\b[2-9TJQKA][SHDC]\b", text)
    return re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]", text)


CASES = [
    ("gin", 2, "en", False),
    ("gin", 2, "ko", True),
    ("gin", 2, "ja", False),
    ("rummy", 2, "ja", True),
    ("rummy", 3, "ko", False),
    ("rummy", 4, "en", False),
    ("rummy", 4, "ko", False),
    ("rummy", 4, "ja", True),
]


@pytest.mark.parametrize(("game_name", "players", "language", "ascii_style"), CASES)
async def test_the_crowded_table_is_whole_at_80x24(
    game_name: str, players: int, language: str, ascii_style: bool
) -> None:
    state = crowded(game_name, players)
    names = names_for(players)
    app = table_app(language, ascii_cards=ascii_style)
    s = session_of(game_name, names, seed=f"layout {players}", state=state)
    async with app.run_test(size=SIZE) as pilot:
        await seat(app, pilot, s)
        lines = screen_lines(app)
        text = "\n".join(lines)
        assert "…" not in text
        shown = labels(text, ascii_style)
        v = s.game.view(state, 0)
        needed = [*v.hand, v.pile[-1]] if v.pile else list(v.hand)
        needed += [c for _, m in getattr(v, "table", ()) for c in m]
        for card in needed:
            assert show_card(card, ascii_style) in shown, (card, text)
        squeezed = "".join(text.split())
        for name in names:
            assert "".join(name.split()) in squeezed, (name, text)
        assert lines[-1].strip()  # the footer is on the last line


async def test_no_color_shows_the_hand_and_melds_without_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    state = crowded("rummy", 3)
    app = table_app("en")
    s = session_of("rummy", names_for(3), seed="layout 3", state=state)
    async with app.run_test(size=SIZE) as pilot:
        await seat(app, pilot, s)
        strips = app.screen._compositor.render_strips()
        colours = {
            seg.style.color.name
            for strip in strips
            for seg in strip
            if seg.style is not None and seg.style.color is not None
        }
        assert colours <= {"default"}, colours
        text = "\n".join(screen_lines(app))
        v = s.game.view(state, 0)
        for card in v.hand:
            assert show_card(card, False) in text
