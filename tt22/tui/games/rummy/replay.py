"""The Rummy family's replayer: a record stepped move by move, turn by turn and hand by
hand.

The record is folded once through the game (`tt22.record.replay_game`); where each state
sits comes from `game.locate` (hand, turn, moves in the turn). A finished game shows
every hand open, each arranged in its best melds with its deadwood; `v` steps through
each seat's own view (M5: its hand, the pile, the melds, the cards taken from the pile),
which is also what a record still being played shows. A record that breaks is shown up
to its last good move, with why.

Keys: every protocol game's replayer's (tt22.tui.replay.keys.replay_bindings), ↑↓
(or [ ]) stepping by turn: a move, a hand, autoplay, the views, the move list, play from
here, comments and saving them.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from tt22.core.safe import printable
from tt22.tui.games.rummy.model import arrange, is_gin
from tt22.tui.games.rummy.summary import gin_hand_lines, rummy_hand_lines
from tt22.tui.games.rummy.widgets import card_run
from tt22.tui.games.rummy.words import event_text, rs, rt, table_melds
from tt22.tui.games.rummy.words import title as words_title
from tt22.tui.i18n import addressed
from tt22.tui.replay.screen import TextReplayScreen
from tt22.tui.widgets.lines import wrap_text

__all__ = ["RummyReplayScreen"]


def _with_tail(line: Text, tail: Text, width: int) -> list[Text]:
    """`line` and then `tail` (a hand's deadwood: "デッドウッド 19 点"), wrapped to
    `width` with the later lines indented under the name; `tail` is never split (its
    number on the next line, apart from its word, read as a card count)."""
    if not width or line.cell_len + 2 + tail.cell_len <= width:
        return [line + Text("  ") + tail]
    lines = wrap_text(line, width, 4)
    if lines[-1].cell_len + 2 + tail.cell_len <= width:
        return [*lines[:-1], lines[-1] + Text("  ") + tail]
    return [*lines, Text(" " * 4) + tail]


class RummyReplayScreen(TextReplayScreen):
    """Rummy's and Gin's record, turn by turn: each hand arranged in its melds."""

    # ------------------------------------------------------------------ drawing
    def status(self) -> Text:
        here = self.places[self.index]
        title = self.game_title()
        turn = rt("turn_no", n=here.trick) if here.trick else rt("over")
        text = Text(f"{title} · " + rt("hand_no", n=here.hand) + f" · {turn} · ", style="bold")
        text.append(
            rt("replay_move", i=self.index, n=self.end) + self.position_note(), style="bold"
        )
        who = (
            rt("replay_all")
            if self.seat is None
            else rs("replay_seat", addressed(self.names[self.seat]), name=self.names[self.seat])
        )
        if self.path is not None:
            who += " · " + self.file_name()
        text.append("\n" + who, style="dim")
        result = self.result_words()
        if result is not None:
            text.append("\n" + result, style="bold")
        if self.problem and self.index == self.end:
            text.append("\n" + rt("replay_problem", problem=printable(self.problem, 300)))
        return text

    def game_title(self) -> str:
        """The game's name in the header (a member of the family says its own)."""
        return words_title(self.game.name, self.record.rules)

    def body(self) -> Text:
        a = bool(getattr(self.app, "ascii_cards", False))
        s = self.states[self.index]
        names = self.names
        lines: list[Text] = []
        if self.index > 0:
            line = Text(f"{self.index}. ", style="bold")
            line.append_text(self.move_line(self.index - 1, a))
            lines.append(line)
        if self.model.hand_ended(self.index):  # how the hand ended, just after it
            v = self.game.view(s, self.seat or 0)
            if is_gin(v):
                lines += gin_hand_lines(v.history[-1], names, a, v.rules.target)
            else:
                high = v.rules.ace_high
                lines += rummy_hand_lines(
                    v.history[-1], names, a, v.scores, v.rules.target, high=high
                )
            lines.append(Text(""))
        if self.game.is_over(s):
            return Text("\n").join(lines)
        v = self.game.view(s, self.seat if self.seat is not None else 0)
        to_move = self.game.to_move(s)
        width = self.table_width()
        for seat, name in enumerate(names):
            line = Text(("> " if a else "▶ ") if seat == to_move else "  ")
            line.append(name, style="bold")
            line.append(" " + rt("penalty" if not is_gin(v) else "points", n=v.scores[seat]))
            line.append(": ")
            if self.seat is None or seat == self.seat:
                cards, deadwood = self.arranged(
                    s.hands[seat] if self.seat is None else v.hand, v, a
                )
                line.append_text(cards)
                lines += _with_tail(line, deadwood, width)
            else:
                line.append(rt("cards", n=v.counts[seat]), style="dim")
                lines.append(line)
        if is_gin(v):
            status = rt("gin_only") if v.limit == 0 else rt("knock_limit", n=v.limit)
            lines.append(Text(status + (" · " + rt("doubled") if v.double else ""), style="dim"))
            for seat, seen in enumerate(v.seen):
                if seen:
                    line = Text(rt("pickups") + f" {names[seat]}: ", style="dim")
                    line.append_text(card_run(seen, a))
                    lines.append(line)
        else:
            melds = Text(rt("table_melds") + " ", style="dim")
            for i, (label, cards) in enumerate(table_melds(v.table, names, a)):
                if i:
                    melds.append("   ")
                melds.append(label + " ", style="bold")
                melds.append_text(cards)
            if not v.table:
                melds.append(rt("no_melds"), style="dim")
            lines.append(melds)
        pile = Text(rt("pile_top", n=len(v.pile)) + " ", style="bold")
        pile.append_text(card_run(list(reversed(v.pile)), a) if v.pile else Text("-"))
        pile.append("   " + rt("stock", n=v.stock_count))
        lines.append(pile)
        return Text("\n").join(lines)

    def arranged(self, hand: Any, v: Any, a: bool) -> tuple[Text, Text]:
        """A hand in its best melds, bracketed, then its deadwood; and their value."""
        high = not is_gin(v) and v.rules.ace_high
        arr = arrange(hand, high)
        text = Text()
        for meld in arr.groups:
            text.append("[")
            text.append_text(card_run(meld, a))
            text.append("] ")
        text.append_text(card_run(arr.rest, a))
        return text, Text(rt("deadwood", n=arr.deadwood), style="dim")

    def move_label(self, i: int) -> str:
        """Move i in words (which move a comment belongs to), as the view shows it."""
        return self.move_line(i, bool(getattr(self.app, "ascii_cards", False))).plain

    def move_line(self, i: int, a: bool) -> Text:
        """Move i (0-based) in words: the seat and what it did (a draw from the stock
        shows its card only when every hand is open or it is the shown seat's own)."""
        from tt22.games.rummy import Discard, Draw, Knock, LayOff, Meld
        from tt22.games.rummy.cards import CODE

        move = self.record.moves[i].move
        text = Text(self.names[move.seat] + ": ", style="bold")
        event: tuple[str, Any] = ("pass", None)
        if isinstance(move, Draw):
            if move.source == "stock":
                event = ("stock", None)
                open_ = self.seat is None or self.seat == move.seat
                after = self.states[i + 1]
                before = self.states[i]
                drawn = set(after.hands[move.seat]) - set(before.hands[move.seat])
                if open_ and len(drawn) == 1:
                    event = ("stock_card", drawn.pop())
            else:
                event = ("pile", self.states[i].pile[-1])
        elif isinstance(move, Meld):
            event = ("meld", [CODE[c] for c in move.cards])
        elif isinstance(move, LayOff):
            event = ("layoff", (CODE[move.card], move.meld))
        elif isinstance(move, (Discard, Knock)):
            event = ("knock" if isinstance(move, Knock) else "discard", CODE[move.card])
        after_it = self.states[i + 1]
        gin = isinstance(move, Knock) and getattr(after_it.history[-1], "kind", "") == "gin"
        text.append_text(event_text(*event, a, gin=gin))
        return text
