"""High Card's `GameUI` (tests/kits/tinygame.py): how the one table draws a game that
lives only under tests/, named by the game's registry entry (`ui`) and by nothing in
tt22. English only: it is a test's game. Its summaries, score history and help are
tinyscreens' (a `GameUI` is a `GameScreens` too)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text
from tinygame import ENGLISH, Play, View
from tinyscreens import TinyScreens

from tt22.core.cards import TEXT, show_card
from tt22.core.protocol import Reason, render
from tt22.tui.table.gameui import Action, HandDraw, Key, SeatRow, TableDraw, Words

__all__ = ["UI", "TinyUI"]


def _winner(view: View) -> int:
    return max(range(len(view.played)), key=lambda s: view.played[s])


class TinyUI(TinyScreens):
    keys = (Key("tiny.play", "enter", "key.play"),)

    def draw(
        self, view: View, names: Sequence[str], you: int | None, ascii_style: bool
    ) -> TableDraw:
        over = view.to_move < 0
        status = "High Card: the trick is over" if over else "High Card: one trick"
        rows = tuple(
            SeatRow(
                s,
                names[s] + (" (you)" if s == you else ""),
                (
                    show_card(view.played[s], ascii_style) if s < len(view.played) else "",
                    "won" if over and s == _winner(view) else "",
                ),
                turn=s == view.to_move,
                you=s == you,
            )
            for s in range(view.players)
        )
        centre = Text("Played: ")
        centre.append(" ".join(show_card(c, ascii_style) for c in view.played) or "nothing yet")
        mine = view.to_move == view.seat and bool(view.hand)
        prompt = "Your turn: play your card." if mine else ""
        hand = HandDraw(view.hand, frozenset(view.hand) if mine else None)
        return TableDraw(status, ("card", ""), rows, (centre,), hand, prompt)

    def actions(
        self, view: View, cursor: int | None, selection: tuple[int, ...]
    ) -> Mapping[str, Action]:
        if not view.hand or view.to_move < 0:
            return {}
        if view.to_move != view.seat:
            return {
                "tiny.play": Reason(
                    "tiny.turn", "H2", (("expected", view.to_move), ("seat", view.seat))
                )
            }
        if cursor not in view.hand:
            return {
                "tiny.play": Reason("tiny.not_held", "H1", (("seat", view.seat), ("card", "?")))
            }
        return {"tiny.play": Play(view.seat, TEXT[cursor])}

    def narrate(
        self,
        before: View | None,
        move: Play | None,
        after: View,
        names: Sequence[str],
        you: int | None,
        ascii_style: bool,
    ) -> Sequence[Words]:
        start = len(before.played) if before is not None else 0
        lines: list[Words] = [
            f"{names[s]} plays {show_card(after.played[s], ascii_style)}."
            for s in range(start, len(after.played))
        ]
        if after.to_move < 0 and start < len(after.played):
            lines.append(Text(f"{names[_winner(after)]} wins the trick.", style="bold"))
        return lines

    def explain(self, reason: Reason, ascii_style: bool) -> str:
        return render(reason, ENGLISH)

    def finished_hands(self, view: View) -> int:
        return 1 if view.to_move < 0 else 0


UI = TinyUI()
