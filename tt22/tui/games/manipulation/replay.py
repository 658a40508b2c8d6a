"""Manipulation Rummy's replayer: a record stepped move by move, turn by turn and hand by
hand, each play shown by what it changed.

A play is a whole new table (X9), so "what happened" is the difference between the table
before and after it (`changes`): the melds it broke and the melds it made, beside the
cards it took from the hand. A finished game shows every hand open; `v` steps through
each seat's own view (M5), which is also what a record still being played shows.

Keys: every protocol game's replayer's (tt22.tui.replay.keys.replay_bindings), ↑↓
(or [ ]) stepping by turn: a move, a hand, autoplay, the views, the move list, play from
here, comments and saving them, go to.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from tt22.core.safe import printable
from tt22.games.manipulation import Draw, Play
from tt22.games.manipulation.cards import CODE
from tt22.tui.games.manipulation.changes import changes
from tt22.tui.games.manipulation.panels import played_words
from tt22.tui.games.manipulation.words import mt
from tt22.tui.games.manipulation.work import loose_order
from tt22.tui.games.rummy.widgets import card_run, pack
from tt22.tui.i18n import addressed, said, t
from tt22.tui.replay.screen import TextReplayScreen

__all__ = ["ManipulationReplayScreen", "play_lines"]


def melds_run(melds: Sequence[Sequence[int]], a: bool, numbers: Sequence[int]) -> list[Text]:
    """Melds as labelled pieces ("2: 4♠ 5♠ 6♠"), numbered as the table numbers them."""
    out = []
    for n, meld in zip(numbers, melds, strict=True):
        piece = Text(f"{n}:", style="bold")
        piece.append(" ")
        piece.append_text(card_run(meld, a))
        out.append(piece)
    return out


def play_lines(
    before: Sequence[Sequence[int]], after: Sequence[Sequence[int]], a: bool, width: int
) -> list[Text]:
    """What a play did to the table: the melds broken (numbered as they were) and the
    melds made (numbered as they are now), or that none was broken."""
    c = changes(before, after)
    lines: list[Text] = []
    old = [tuple(m) for m in before]
    new = [tuple(m) for m in after]
    if c.broken:
        numbers = _numbers(old, c.broken)
        head = Text(mt("broke"), style="bold")
        lines.append(pack([head, *melds_run(c.broken, a, numbers)], width, sep=2))
    else:
        lines.append(Text(mt("kept_all"), style="dim"))
    if c.made:
        numbers = _numbers(new, c.made)
        head = Text(mt("made"), style="bold")
        lines.append(pack([head, *melds_run(c.made, a, numbers)], width, sep=2))
    return lines


def _numbers(table: list[tuple[int, ...]], melds: Sequence[tuple[int, ...]]) -> list[int]:
    """Each meld's number (from 1) on `table`, a meld twice at its two places."""
    used: set[int] = set()
    out = []
    for m in melds:
        i = next(i for i, x in enumerate(table) if x == m and i not in used)
        used.add(i)
        out.append(i + 1)
    return out


class ManipulationReplayScreen(TextReplayScreen):
    """A Manipulation record, turn by turn: each play by the melds it broke and made."""

    @property
    def ascii(self) -> bool:
        return bool(getattr(self.app, "ascii_cards", False))

    def width(self) -> int:
        return max(20, self.app.size.width - 3)

    # ------------------------------------------------------------------ drawing
    def status(self) -> Text:
        here = self.places[self.index]
        title = t("setup.game." + self.game.name)
        turn = mt("turn_no", n=here.trick) if here.trick else mt("over")
        text = Text(f"{title} · " + mt("hand_no", n=here.hand) + f" · {turn} · ", style="bold")
        moved = mt("replay_move", i=self.index, n=self.end)
        text.append(moved + self.position_note(), style="bold")
        if self.seat is None:
            who = mt("replay_all")
        else:
            name = self.names[self.seat]
            who = said("manipulation.ui.replay_seat", addressed(name), name=name)
        if self.path is not None:
            who += " · " + self.file_name()
        text.append("\n" + who, style="dim")
        result = self.result_words()
        if result is not None:
            text.append("\n" + result, style="bold")
        if self.problem and self.index == self.end:
            text.append("\n" + mt("replay_problem", problem=printable(self.problem, 300)))
        return text

    def body(self) -> Text:
        a = self.ascii
        s = self.states[self.index]
        lines: list[Text] = []
        if self.index > 0:
            line = Text(f"{self.index}. ", style="bold")
            line.append_text(self.move_line(self.index - 1, a))
            lines.append(line)
            lines += self.change_lines(self.index - 1, a)
        if self.model.hand_ended(self.index):  # how the hand ended, just after it
            lines.append(self.hand_end_line(s))
        if self.game.is_over(s):
            return Text("\n").join([*lines, *self.final_lines(s, a)])
        lines.append(Text(""))
        v = self.game.view(s, self.seat if self.seat is not None else 0)
        to_move = self.game.to_move(s)
        for seat, name in enumerate(self.names):
            line = Text(("> " if a else "▶ ") if seat == to_move else "  ")
            line.append(name, style="bold")
            line.append(" " + mt("penalty", n=v.scores[seat]) + ":")
            if self.seat is None or seat == self.seat:
                hand = s.hands[seat] if self.seat is None else v.hand
                lines.append(pack([line, *self.card_pieces(hand, a)], self.width(), sep=0))
            else:
                line.append(" " + mt("cards", n=v.counts[seat]), style="dim")
                lines.append(line)
        head = Text(mt("table"), style="dim")
        melds = melds_run(v.table, a, range(1, len(v.table) + 1))
        if not v.table:
            head.append(" " + mt("no_melds"), style="dim")
        lines.append(pack([head, *melds], self.width(), sep=2))
        lines.append(Text(mt("stock", n=v.stock_count)))
        return Text("\n").join(lines)

    def final_lines(self, s: Any, a: bool) -> list[Text]:
        """The match's end (public, X8): each seat's total and the cards it was left
        holding, and the last table."""
        result = s.history[-1]
        lines = [Text("")]
        for seat, name in enumerate(self.names):
            line = Text(name, style="bold")
            line.append(" " + mt("penalty", n=result.scores[seat]) + ":")
            lines.append(pack([line, *self.card_pieces(result.left[seat], a)], self.width(), sep=0))
        head = Text(mt("table"), style="dim")
        melds = melds_run(result.table, a, range(1, len(result.table) + 1))
        lines.append(pack([head, *melds], self.width(), sep=2))
        return lines

    @staticmethod
    def card_pieces(hand: Sequence[int], a: bool) -> list[Text]:
        return [Text(" ") + card_run([c], a) for c in loose_order(hand)]

    def hand_end_line(self, s: Any) -> Text:
        """A hand's end: its number and each seat's penalty (X8)."""
        result = s.history[-1]
        text = Text(mt("hand_over", n=len(s.history)), style="bold")
        for seat, delta in enumerate(result.deltas):
            text.append(f"  {self.names[seat]} +{delta}")
        return text

    def change_lines(self, i: int, a: bool) -> list[Text]:
        """A play's broken and made melds (the table before and after move i)."""
        move = self.record.moves[i].move
        if not isinstance(move, Play):
            return []
        before = self.states[i].table
        after = [tuple(CODE[c] for c in m) for m in move.table]
        laid = self.states[i + 1].table
        if len(self.states[i + 1].history) == len(self.states[i].history):
            after = [tuple(m) for m in laid]  # (the engine's order, as the table shows it)
        return play_lines(before, after, a, self.width())

    def move_label(self, i: int) -> str:
        return self.move_line(i, self.ascii).plain

    def move_line(self, i: int, a: bool) -> Text:
        """Move i (0-based) in words: who, and what (a drawn card only where the view
        may see it)."""
        move = self.record.moves[i].move
        text = Text(self.names[move.seat] + ": ", style="bold")
        if isinstance(move, Play):
            text.append_text(played_words([CODE[c] for c in move.cards], a))
        elif isinstance(move, Draw):
            text.append(mt("ev_draw"))
            if self.seat is None or self.seat == move.seat:
                old = list(self.states[i].hands[move.seat])
                new = list(self.states[i + 1].hands[move.seat])
                for c in old:
                    if c in new:
                        new.remove(c)
                if len(new) == 1:
                    text.append(" ")
                    text.append_text(card_run(new, a))
        else:
            text.append(mt("ev_pass"))
        return text

    # ------------------------------------------------------------------ keys
