"""The Rook replayer: a record stepped move by move, trick by trick and hand by hand.

The record is folded once through the game (`tt22.record.replay_game`); where it is
along the way comes from `game.locate`. The screen shows one seat's view (K23: that
seat's cards, the dummy's face-up cards, the nest only to its bidder; the move list
hides a nest put back from everyone else), or, for a finished game only, every hand
open: a record still being played would otherwise show the hands of a match in
progress. A record that breaks is shown up to its last good move with why.

Keys: every protocol game's replayer's (tt22.tui.replay.keys.replay_bindings), ↑↓
(or [ ]) stepping by trick (a hand's bidding is its trick 0): a move, a hand, autoplay,
the views, the move list, play from here, comments and saving them.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from tt22.core.registry import get_game
from tt22.core.safe import printable
from tt22.games.rook.cards import show_rook_card
from tt22.games.rook.moves import Play
from tt22.games.rook.state import BIDDING, DUMMY, OVER
from tt22.games.rook.views import view
from tt22.tui.games.rook.panels import (
    bidding_text,
    card_style,
    cards_line,
    move_words,
    position_name,
    seats_table,
    status_text,
    trick_text,
)
from tt22.tui.i18n import addressed, said, t
from tt22.tui.replay.keys import replay_bindings
from tt22.tui.replay.screen import ReplayScreen
from tt22.tui.widgets.keybar import KeyBar
from tt22.tui.widgets.lines import TextLines

__all__ = ["RookReplayScreen"]

ROOK = get_game("rook")


class RookReplayScreen(ReplayScreen):
    CSS_PATH = "rook.tcss"
    DEFAULT_CSS = """
    RookReplayScreen #replay-comment { height: auto; max-height: 4; }
    """
    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = replay_bindings("trick")

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Horizontal(id="rook-body"):
            with Vertical(id="rook-main"):
                yield TextLines(id="replay-status")
                yield TextLines(id="replay-where")
                yield TextLines(id="replay-comment")
                with VerticalScroll(id="replay-seats-pane"):
                    yield Static(id="replay-seats")
                yield TextLines(id="replay-trick")
                yield TextLines(id="replay-hand")
            yield from self.compose_moves()
        yield KeyBar()

    # ------------------------------------------------------------------ drawing
    def view_of(self, seat: int) -> Any:
        return view(self.states[self.index], seat)

    def refresh_view(self) -> None:
        if not self.is_mounted:
            return
        a = bool(getattr(self.app, "ascii_cards", False))
        s = self.states[self.index]
        names = self.names
        # The public parts (the bid, the trump, the tricks) from the shown seat's view.
        v = self.view_of(self.seat if self.seat is not None else 0)
        self.query_one("#replay-status", TextLines).update(status_text(v, names, a))
        self.query_one("#replay-where", TextLines).update(self._where())
        comment = self.comment_text()
        box = self.query_one("#replay-comment", TextLines)
        box.display = comment is not None
        box.update(comment or Text(""))
        seats = self.query_one("#replay-seats", Static)
        hand = self.query_one("#replay-hand", TextLines)
        if self.seat is None and s.phase != OVER:
            seats.update(self._all_hands(s, a))
            hand.update(Text(""))
        else:
            seats.update(seats_table(v, names, None))
            hand.update(self._seat_hand(v, a))
        if self.model.hand_ended(self.index):  # H4: how the hand ended, its last trick whole
            trick = self.hand_end_text(v, a)
        elif v.phase == BIDDING:
            trick = bidding_text(v, names)
        else:
            trick = trick_text(v, names, a)
        self.query_one("#replay-trick", TextLines).update(trick)
        self.place_moves("#rook-main")

    def _where(self) -> Text:
        here = self.places[self.index]
        stage = t("rook.phase.play", n=here.trick) if here.trick else t("rook.replay.before_play")
        line = t("rook.replay.where", i=self.index, n=self.end, hand=here.hand, stage=stage)
        who = (
            t("rook.replay.view_all")
            if self.seat is None
            else said(  # ("Your view", not "You's view")
                "rook.replay.view_seat",
                addressed(self.names[self.seat]),
                name=printable(self.names[self.seat], 40),
            )
        )
        text = Text(line + self.position_note() + " · ", style="bold")
        text.append(who)
        if self.path is not None:
            text.append(" · " + self.file_name(), style="dim")
        result = self.result_words()
        if result is not None:
            text.append("\n" + result, style="bold")
        if self.problem and self.index == self.end:
            text.append("\n" + t("rook.replay.problem", problem=printable(self.problem, 300)))
        return text

    def hand_end_text(self, v: Any, a: bool) -> Text:
        """Just after a hand's last card: the hand is over, the bid made or lost, each
        seat's points for it, and its last trick whole (every card of it was played
        face up, so every view may see it)."""
        names = self.names
        hand = self.states[self.index].history[-1]
        spoken = addressed(names[hand.bidder])
        made = "rook.hand.made" if hand.made else "rook.hand.lost"
        text = Text(t("rook.hand.title", n=hand.start.number) + " · ", style="bold")
        text.append(
            said(made, spoken, name=printable(names[hand.bidder], 40), bid=hand.bid,
                 taken=hand.taken[0]),
            style="bold",
        )  # fmt: skip
        text.append("\n" + t("rook.replay.hand_points") + " ")
        text.append(
            "  ".join(f"{printable(n, 40)} {d:+d}" for n, d in zip(names, hand.deltas, strict=True))
        )
        last = hand.tricks[-1]
        winner = position_name(v, names, last.winner)
        head = said("rook.last_trick", addressed(winner), name=winner, points=last.points)
        text.append("\n" + head + " ", style="dim")
        for i, (position, card) in enumerate(last.plays):
            text.append(("  " if i else "") + position_name(v, names, position) + " ")
            text.append(show_rook_card(card, a), style=card_style(card) or "bold")
        return text

    def _all_hands(self, s: Any, a: bool) -> Table:
        """Every hand open (a finished game): each position's cards, the nest, the cards
        out of play."""
        table = Table(box=None, padding=(0, 1), show_edge=False, expand=True, show_header=False)
        table.add_column(overflow="fold", ratio=2)
        table.add_column(overflow="fold", ratio=5)
        if s.phase == OVER:
            return table
        v = view(s, 0)
        for position, cards in enumerate(s.hands):
            name = position_name(v, self.names, position)
            if v.players == 2 and position == DUMMY:
                name = t("rook.dummy")
            table.add_row(Text(name, style="bold"), cards_line(cards, a))
        nest = s.put_back or s.start.nest
        table.add_row(
            Text(t("rook.hand.nest", cards="").rstrip(": "), style="dim"), cards_line(nest, a)
        )
        if s.start.out_of_play:
            label = t("rook.hand.out", cards="").rstrip(": ")
            table.add_row(Text(label, style="dim"), cards_line(s.start.out_of_play, a))
        return table

    def _seat_hand(self, v: Any, a: bool) -> Text:
        """The seat's cards (and the dummy's, 2 players), as that seat saw them."""
        text = Text()
        if v.phase == OVER:
            return text
        name = printable(self.names[v.seat], 40)
        text.append(t("rook.hand_cards", name=name) + " ", style="bold")
        text.append_text(cards_line(v.hand, a))
        if v.players == 2 and (v.dummy or v.dummy_hidden):
            text.append("\n" + t("rook.dummy_cards") + " ", style="bold")
            text.append_text(cards_line(v.dummy, a))
            if v.dummy_hidden:
                text.append(" " + t("rook.face_down", n=v.dummy_hidden), style="dim")
        if v.nest:  # (whoever watches is not that seat, L11)
            spoken = addressed(self.names[v.seat])  # (a seat called "You": "you put back")
            text.append(
                "\n" + said("rook.replay.nest_of", spoken, name=name, cards=""), style="dim"
            )
            text.append_text(cards_line(v.nest, a))
        return text

    def move_label(self, i: int) -> str:
        """Move i as the move list writes it (which move a comment belongs to)."""
        return self.move_words(i, bool(getattr(self.app, "ascii_cards", False)))

    def move_words(self, i: int, a: bool) -> str:
        """Move i (0-based) in words, its nest hidden from every seat but its bidder's."""
        move = self.record.moves[i].move
        state = self.states[i]
        who = printable(self.names[move.seat], 40)
        if isinstance(move, Play) and state.players == 2 and state.turn == DUMMY:
            who = t("rook.dummy")
        shown = self.seat is None or self.seat == move.seat
        return move_words(move, who, a, nest_shown=shown)
