"""`KeyBar`: the screen's keys on one line, kept current without rebuilding widgets
(the served table's footer; issue 13's latency)."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from tt22.tui.widgets.keybar import KeyBar


class Board(App[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "play", "Play"),
        Binding("d", "lowest", "Lowest"),
        Binding("x", "hidden", "Hidden", show=False),
    ]
    ENABLE_COMMAND_PALETTE = False

    def __init__(self) -> None:
        super().__init__()
        self.my_turn = True
        self.played = 0

    def compose(self) -> ComposeResult:
        yield Static("table", id="body")
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "play":
            return self.my_turn or None  # (None: shown, dimmed)
        return True

    def action_play(self) -> None:
        self.played += 1

    def action_lowest(self) -> None:
        pass

    def action_hidden(self) -> None:
        pass


async def settle(pilot: Any, done: Any) -> None:
    """Pause until `done()` (the bar looks again one refresh after the signal)."""
    for _ in range(50):
        if done():
            return
        await pilot.pause()
    raise AssertionError("the key bar never caught up")


async def test_it_draws_the_shown_keys_and_keeps_them_current() -> None:
    app = Board()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        assert bar.keys_shown == ("p", "d")  # the hidden binding is not drawn
        line = str(bar.render())
        assert "p Play" in line and "d Lowest" in line and "Hidden" not in line
        assert [k.enabled for k in bar._keys] == [True, True]
        app.my_turn = False
        app.refresh_bindings()
        await settle(pilot, lambda: not bar._keys[0].enabled)
        assert [k.enabled for k in bar._keys] == [False, True]  # dimmed, not gone
        assert "p Play" in str(bar.render())


async def test_a_click_on_a_key_presses_it_and_a_dimmed_key_only_rings() -> None:
    app = Board()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        str(bar.render())
        start = next(s for s, _e, key in bar._spans if key.key == "p")
        await pilot.click(KeyBar, offset=(start + 2, 0))
        await pilot.pause()
        assert app.played == 1
        app.my_turn = False
        app.refresh_bindings()
        await settle(pilot, lambda: not bar._keys[0].enabled)
        await pilot.click(KeyBar, offset=(start + 2, 0))
        await pilot.pause()
        assert app.played == 1  # a key that does nothing now is not pressed


class WideBoard(Board):
    """Keys in words two cells wide each (Korean), and the palette's key."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "play", "내기"),
        Binding("d", "lowest", "가장 낮은 카드"),
    ]
    ENABLE_COMMAND_PALETTE = True


async def test_wide_words_are_measured_in_cells_and_the_palette_key_stays_whole() -> None:
    app = WideBoard()
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        line = bar.render()
        assert line.cell_len == 40  # the palette's key ends at the right edge, whole
        assert str(line).rstrip().endswith("palette")
        start = next(s for s, _e, key in bar._spans if key.key == "d")
        await pilot.click(KeyBar, offset=(start + 1, 0))
        assert app.played == 0
        p_start = next(s for s, _e, key in bar._spans if key.key == "p")
        await pilot.click(KeyBar, offset=(p_start + 3, 0))  # on "내기", in cells
        await pilot.pause()
        assert app.played == 1
