"""22's move log at a served seat, written from the seat's views alone.

Local play writes its log by replaying the match's moves from the seed, which a
served seat does not have (the seed stays at the server until the end). Everything the
log says is public, and 22's view already carries it: the finished deals
(`PublicDeal`: the exchanges' sizes, every trick, the showdown), the current deal's
exchanges and tricks, the cards on the table, and the seat's own exchange. So the log
follows the views as they arrive, writing only what each one adds (a cursor into the
view, not the whole log again at every move), in the local table's words (the same
`log.*` catalogue keys). A seat that joins or comes back mid-match gets the whole
public story at once from its first view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from rich.text import Text

from tt22.games.twentytwo import SeatView
from tt22.games.twentytwo.views import PublicDeal
from tt22.tui.i18n import t
from tt22.tui.widgets.cards import plain_cards

__all__ = ["SeatLog"]


class _Cursor(NamedTuple):
    deals: int  # finished deals written (the current deal is deal `deals + 1`)
    exchanges: int  # of the current deal, written
    tricks: int  # of the current deal, written whole
    plays: int  # of the trick under way (or the next finished one), written


class SeatLog:
    """The lines one seat's log gains from each new view. `who(seat)` gives a seat's
    printable name; `you` is the seat (None for a spectator, who has no exchange)."""

    def __init__(self, who: Callable[[int], str], you: int | None, ascii_style: bool) -> None:
        self.who = who
        self.you = you
        self.ascii_style = ascii_style
        self.cursor: _Cursor | None = None  # None: nothing written yet

    def lines(self, v: SeatView) -> list[Text]:
        """What `v` adds to the log written so far."""
        out: list[Text] = []
        cur = self.cursor
        if cur is None or len(v.history) < cur.deals:  # (a first view, or another match)
            cur = _Cursor(0, 0, 0, 0)
            if v.history:
                self._header(out, v.history[0].number, v.history[0].dealer, v.history[0].hand_size)
            elif not v.over:
                self._header(out, v.deal_number, v.dealer, v.hand_size)
        while cur.deals < len(v.history):  # deals that ended since: their rest, whole
            d = v.history[cur.deals]
            self._exchanges(out, d.exchanges[cur.exchanges :], None)
            self._tricks(out, d.tricks, cur)
            self._showdown(out, d)
            cur = _Cursor(cur.deals + 1, 0, 0, 0)
            if cur.deals < len(v.history):
                nxt = v.history[cur.deals]
                self._header(out, nxt.number, nxt.dealer, nxt.hand_size)
            elif not v.over:
                self._header(out, v.deal_number, v.dealer, v.hand_size)
        if not v.over:
            self._exchanges(out, v.exchanges[cur.exchanges :], v)
            cur = cur._replace(exchanges=len(v.exchanges))
            cur = self._tricks(out, v.tricks, cur)
            for seat, cards in v.plays[cur.plays :]:
                out.append(Text(t("log.play", name=self.who(seat), cards=self._cards(cards))))
            cur = cur._replace(plays=len(v.plays))
        self.cursor = cur
        return out

    def _cards(self, cards: Sequence[int]) -> str:
        return plain_cards(cards, self.ascii_style)

    def _header(self, out: list[Text], number: int, dealer: int, hand_size: int) -> None:
        line = t("log.deal", n=number, name=self.who(dealer), k=hand_size)
        out.append(Text(line, style="bold"))

    def _exchanges(self, out: list[Text], exchanges: Sequence[Any], v: SeatView | None) -> None:
        """Each seat's exchange by its size (a seat passed on an empty stock shows as
        keeping: the view does not tell the two apart); the seat's own cards too, while
        its deal is the current one."""
        for e in exchanges:
            name = self.who(e.seat)
            out.append(
                Text(t("log.exchange", name=name, n=e.size) if e.size else t("log.keep", name=name))
            )
            if v is not None and e.size and e.seat == self.you and v.my_discard:
                mine = t(
                    "log.my_exchange",
                    name=name,
                    out=self._cards(v.my_discard),
                    drawn=self._cards(v.my_draw),
                )
                out.append(Text(mine, style="dim"))

    def _tricks(self, out: list[Text], tricks: Sequence[Any], cur: _Cursor) -> _Cursor:
        """The tricks finished since the cursor (the one under way at the cursor from
        its first play not yet written), each with its winner."""
        for trick in tricks[cur.tricks :]:
            for seat, cards in trick.plays[cur.plays :]:
                out.append(Text(t("log.play", name=self.who(seat), cards=self._cards(cards))))
            out.append(Text(t("log.trick", name=self.who(trick.winner)), style="dim"))
            cur = cur._replace(tricks=cur.tricks + 1, plays=0)
        return cur

    def _showdown(self, out: list[Text], d: PublicDeal) -> None:
        shown = t("sep.list").join(f"{self.who(seat)} {self._cards([c])}" for seat, c in d.showdown)
        losers = t("sep.list").join(self.who(x) for x in d.losers)
        line = t("log.showdown", cards=shown, losers=losers, penalty=d.penalty)
        out.append(Text(line, style="bold"))
