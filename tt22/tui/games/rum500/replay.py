"""500 Rum's and Persian's replayer: the family's (tt22.tui.games.rummy.replay), drawing this
game's table: the spread pile whole (F4), each meld with who put it and its cards down
(F6), each seat's points this hand and its total (F8; Persian's partnerships, P2), a
take from deep in the pile with every card it brought. A finished hand's lines are the
one hand summary's (the game's registry entry), so the replayer and the table agree.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from tt22.games.rum500 import Discard, Draw, LayOff, Meld, Pass, Take
from tt22.games.rum500.cards import CODE
from tt22.tui.games.rum500.model import arrange
from tt22.tui.games.rum500.table import meld_pieces, team_letter, team_of
from tt22.tui.games.rum500.words import ut
from tt22.tui.games.rummy.replay import RummyReplayScreen, _with_tail
from tt22.tui.games.rummy.widgets import card_run
from tt22.tui.games.rummy.words import event_text, rt

__all__ = ["Rum500ReplayScreen"]


class Rum500ReplayScreen(RummyReplayScreen):
    """The record stepped move by move, turn by turn and hand by hand (the family's
    keys); `v` steps through each seat's own view (P8: nothing of a partner's hand)."""

    @property
    def persian(self) -> bool:
        return bool(getattr(self.record.rules, "persian", False))

    def game_title(self) -> str:
        return ut("title_persian" if self.persian else "title_rum500")

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
            lines += self.hand_end_lines(s, a)
            lines.append(Text(""))
        if self.game.is_over(s):
            return Text("\n").join(lines)
        seat_shown = self.seat if self.seat is not None else 0
        v = self.game.view(s, seat_shown)
        to_move = self.game.to_move(s)
        width = self.table_width()
        running = v.running()
        order = sorted(range(len(names)), key=team_of) if self.persian else range(len(names))
        for seat in order:
            line = Text(("> " if a else "▶ ") if seat == to_move else "  ")
            if self.persian:
                line.append(ut("team", x=team_letter(seat)) + " ", style="dim")
            line.append(names[seat], style="bold")
            n = running[seat]
            now = ut("this_hand" if n >= 0 else "this_hand_neg", n=n)
            line.append(f" {ut('score_pts', n=v.scores[seat])} ({now}): ")
            if self.seat is None or seat == self.seat:
                hand = s.hands[seat] if self.seat is None else v.hand
                arranged = arrange(hand)
                cards = Text()
                for meld in arranged.groups:
                    cards.append("[")
                    cards.append_text(card_run(meld, a))
                    cards.append("] ")
                cards.append_text(card_run(arranged.rest, a))
                line.append_text(cards)
                tail = Text(ut("in_hand", n=arranged.deadwood + _grouped(arranged)), style="dim")
                lines += _with_tail(line, tail, width)
            else:
                line.append(rt("cards", n=v.counts[seat]), style="dim")
                lines.append(line)
        melds = Text(rt("table_melds") + " ", style="dim")
        for label, cards_ in meld_pieces(v.table, names, a, None, self.persian):
            piece = Text(label + " ", style="bold") + cards_
            if width and melds.cell_len + 3 + piece.cell_len > width and melds.plain.strip():
                lines.append(melds)  # (a meld is never broken across two lines)
                melds = Text("  ")
            elif melds.plain.strip() != rt("table_melds"):
                melds.append("   ")
            melds.append_text(piece)
        if not v.table:
            melds.append(rt("no_melds"), style="dim")
        lines.append(melds)
        pile = Text(ut("pile_spread", n=len(v.pile)) + " ", style="bold")
        pile.append_text(card_run(list(v.pile), a) if v.pile else Text("-"))
        pile.append("   " + rt("stock", n=v.stock_count))
        lines.append(pile)
        return Text("\n").join(lines)

    def hand_end_lines(self, s: Any, a: bool) -> list[Text]:
        """The hand just over, as the one hand summary says it (its lines, then its
        grid's rows as plain lines); nothing when the game has no summaries yet."""
        from tt22.tui.summary import screens_of

        try:
            screens = screens_of(self.game.name)
        except LookupError:
            return []
        v = self.game.view(s, self.seat if self.seat is not None else 0)
        summary = screens.hand_summary(v, self.names, None, a)
        out = [Text(summary.title, style="bold")]
        for line in summary.lines:
            out.append(line if isinstance(line, Text) else Text(line))
        if summary.grid is not None:
            for row in summary.grid.rows:
                cells = [c if isinstance(c, Text) else Text(c) for c in row.cells]
                out.append(Text("  ").join(cells))
        return out

    def move_line(self, i: int, a: bool) -> Text:
        """Move i (0-based) in words: a stock draw's card only when its hand is shown,
        a take with every card it brought (F4)."""
        move = self.record.moves[i].move
        text = Text(self.names[move.seat] + ": ", style="bold")
        event: tuple[str, Any] = ("pass", None)
        if isinstance(move, Draw):
            event = ("stock", None)
            if self.seat is None or self.seat == move.seat:
                drawn = set(self.states[i + 1].hands[move.seat]) - set(
                    self.states[i].hands[move.seat]
                )
                if len(drawn) == 1:
                    event = ("stock_card", drawn.pop())
        elif isinstance(move, Take):
            pile = self.states[i].pile
            card = CODE[move.card]
            event = ("take", tuple(pile[pile.index(card) :]) if card in pile else (card,))
        elif isinstance(move, Meld):
            event = ("meld", [CODE[c] for c in move.cards])
        elif isinstance(move, LayOff):
            event = ("layoff", (CODE[move.card], move.meld))
        elif isinstance(move, Discard):
            event = ("discard", CODE[move.card])
        elif isinstance(move, Pass):
            event = ("pass", None)
        text.append_text(event_text(*event, a))
        return text


def _grouped(arranged: Any) -> int:
    """The value of the cards in the arrangement's melds, held all the same (F8 counts
    every card still in the hand)."""
    from tt22.games.rum500.cards import HELD

    return sum(HELD[c] for g in arranged.groups for c in g)
