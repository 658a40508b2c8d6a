"""The table's message, trick and hand keep the strips they rendered (StripLines): what
they hand Textual must be what Textual's own rendering of the same widget draws, in
colour and without, for Latin, Korean and Japanese words; and a change repaints only
the lines (and cells) that changed."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widget import Widget

from tt22.tui.widgets.hand import HandView
from tt22.tui.widgets.lines import StripLines, TextLines

WORDS = [
    Text("Deal 3: Ann loses, +5 (s: its summary)\n", style="dim") + Text("Your lead."),
    Text("3번째 판: 앤이 졌습니다 +5\n", style="dim") + Text("당신이 먼저 냅니다.", style="bold"),
    Text("第3回: アンの負け +5。あなたの番です。カードを選んでください。" * 2),
]


class Board(App[None]):
    CSS = """
    #message { height: auto; min-height: 2; max-height: 4; border-left: thick $accent;
               padding: 0 1; color: $text-muted; background: $panel; }
    #hand { height: 3; }
    """

    def compose(self) -> ComposeResult:
        yield TextLines(id="message")
        yield HandView(id="hand")


def textual_lines(widget: StripLines) -> list[object]:
    """The widget's lines as Textual itself renders them (no cache of ours)."""
    widget._dirty_regions.add(widget.size.region)  # (Textual renders afresh)
    return [Widget.render_line(widget, y).simplify() for y in range(widget.size.height)]


def own_lines(widget: StripLines) -> list[object]:
    return [widget.render_line(y) for y in range(widget.size.height)]


@pytest.mark.parametrize("color", [True, False])
async def test_the_kept_strips_are_what_textual_draws(
    color: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not color:
        monkeypatch.setenv("NO_COLOR", "1")
    app = Board()
    async with app.run_test(size=(50, 12)) as pilot:
        message = app.query_one("#message", TextLines)
        hand = app.query_one("#hand", HandView)
        for words in WORDS:
            message.update(words)
            await pilot.pause()
            assert own_lines(message) == textual_lines(message)
        for cards, cursor in (((0, 5, 17, 30, 47), 0), ((5, 17, 30), 2), ((), 0)):
            hand.show(cards, playable=frozenset(cards[:2]), active=True)
            hand.cursor = cursor
            hand._repaint()
            await pilot.pause()
            assert own_lines(hand) == textual_lines(hand)


async def test_a_change_repaints_only_the_changed_cells() -> None:
    app = Board()
    async with app.run_test(size=(50, 12)) as pilot:
        message = app.query_one("#message", TextLines)
        message.update(Text("Deal 3: Ann loses\nWaiting for Bob."))
        await pilot.pause()
        message._repaint_regions.clear()
        message.update(Text("Deal 3: Ann loses\nWaiting for Cy."))
        regions = set(message._repaint_regions)
        offset = message.content_offset
        assert len(regions) == 1
        (region,) = regions
        # The second line, from "Bob" on (the cells before it are the same).
        assert (region.y - offset.y, region.x - offset.x) == (1, len("Waiting for "))
        await pilot.pause()
        assert "Waiting for Cy." in "".join(s.text for s in message.render_line(1))
        # The same words again: nothing at all to repaint.
        message._repaint_regions.clear()
        message.update(Text("Deal 3: Ann loses\nWaiting for Cy."))
        assert not message._repaint_regions
