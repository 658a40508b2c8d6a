"""Rook's move log at a served seat, written from the seat's views alone (a served
seat has no seed or moves to replay: 22's `tt22.tui.games.twentytwo.seatlog` says why)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from tt22.tui.i18n import t

__all__ = ["RookViewLog"]


class RookViewLog:
    """Rook's move log at a served seat, from its views, in the local table's words
    (`move_words`, `rook.log.*`).

    Rook's view, like 22's, holds every public move: the piles taken (2 players), the
    bids and passes, the trump, every trick (`tricks`, `plays`), and each finished hand
    (`PublicHand`) the same. The nest put back is logged without its cards (K23), as
    at a local table. Each view adds the lines past those already written: a hand's
    events are listed as move values (cheap) and only the new ones are put in words.
    """

    def __init__(self, names: Sequence[str], ascii_style: bool) -> None:
        self.names = names
        self.ascii_style = ascii_style
        self.hands = 0  # finished hands written whole
        self.written = 0  # events of the hand under way written

    def lines(self, v: Any) -> list[Text]:
        out: list[Text] = []
        if len(v.history) < self.hands:  # (another match)
            self.hands = self.written = 0
        while self.hands < len(v.history):
            hand = v.history[self.hands]
            self._write(out, v, self._events(v, hand, hand.tricks, (), hand.number, done=True))
            self.hands += 1
            self.written = 0
        if not v.over:
            events = self._events(v, v, v.tricks, v.plays, v.hand_number, done=False)
            self._write(out, v, events)
        return out

    def _write(self, out: list[Text], v: Any, events: list[Any]) -> None:
        for event in events[self.written :]:
            out.append(self._words(v, event))
        self.written = len(events)

    @staticmethod
    def _events(
        v: Any, hand: Any, tricks: Sequence[Any], plays: Sequence[Any], number: int, done: bool
    ) -> list[Any]:
        """One hand's public events in order, as move values (and trick ends)."""
        from tt22.games.rook.cards import SUIT_CHARS, TEXT
        from tt22.games.rook.moves import Bid, Nest, Pass, Pile, Play, Trump
        from tt22.games.rook.state import PLAY, TRUMP

        events: list[Any] = [("hand", number, hand.dealer)]
        if hand.pile_of:  # 2 players: the non-dealer chose first, then the dealer (K22)
            for seat in (1 - hand.dealer, hand.dealer):
                if hand.pile_of[seat] < 0:
                    break
                events.append(Pile(seat, hand.pile_of[seat]))
        for seat, points in hand.bids:
            events.append(Bid(seat, points) if points else Pass(seat))
        if (done or v.phase in (TRUMP, PLAY)) and hand.bidder >= 0:  # (K23: no cards)
            events.append(Nest(hand.bidder, ()))
        if (done or v.phase == PLAY) and hand.trump >= 0:
            events.append(Trump(hand.bidder, SUIT_CHARS[hand.trump]))
        for trick in tricks:
            events.extend(Play(pos, TEXT[card]) for pos, card in trick.plays)
            events.append(("trick", trick.winner, trick.points))
        events.extend(Play(pos, TEXT[card]) for pos, card in plays)
        return events

    def _words(self, v: Any, event: Any) -> Text:
        from tt22.tui.games.rook.panels import move_words, position_name

        if isinstance(event, tuple) and event[0] == "hand":
            _, number, dealer = event
            line = t("rook.log.hand", n=number, name=position_name(v, self.names, dealer))
            return Text(line, style="bold")
        if isinstance(event, tuple) and event[0] == "trick":
            _, winner, points = event
            name = position_name(v, self.names, winner)
            return Text(t("rook.log.trick", name=name, points=points), style="dim")
        # A card is played by a position (the dummy's, with 2 players, named as such).
        who = position_name(v, self.names, event.seat)
        return Text(move_words(event, who, self.ascii_style, nest_shown=False))
