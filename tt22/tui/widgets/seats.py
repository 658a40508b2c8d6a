"""Every seat at a glance: name, dealer, whose turn, cards held, penalty toward the
elimination mark, and what each seat put on the current trick (the best play marked
with a star and the word "best", never by colour alone)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widget import Widget

from tt22.safe import printable
from tt22.tui.i18n import t
from tt22.tui.widgets.cards import cards_text
from tt22.tui.widgets.snapshot import EXCHANGE, TableSnapshot

__all__ = ["SeatsTable", "penalty_bar"]


BAR = 8  # the penalty bar's width (the table's and the summary's alike)
WIDE_BAR = 12  # on a table of 100 columns and more


def penalty_bar(total: int, limit: int, width: int, ascii_style: bool) -> Text:
    """Filled in proportion, rounded down: only a total at the limit (out) fills it."""
    filled = min(width, width * total // limit) if limit > 0 else 0
    if total < limit:
        filled = min(filled, width - 1)
    full, empty = ("#", "-") if ascii_style else ("█", "░")
    style = "bold" if total >= limit else ""
    return Text(full * filled, style=style) + Text(empty * (width - filled), style="dim")


class SeatsTable(Widget):
    """One row per seat, updated in place from a `TableSnapshot`."""

    DEFAULT_CSS = """
    SeatsTable { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.snapshot: TableSnapshot | None = None
        self.ascii_style = False

    def show(self, snapshot: TableSnapshot, ascii_style: bool) -> None:
        self.snapshot = snapshot
        self.ascii_style = ascii_style
        self.refresh(layout=True)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return 1 + (self.snapshot.players if self.snapshot else 0)

    def render(self) -> Table:
        s = self.snapshot
        table = Table(box=None, padding=(0, 1), expand=True, show_edge=False, pad_edge=False)
        if s is None:
            return table
        a = self.ascii_style
        width = self.size.width or 80
        wide = width >= 100
        bar_width = WIDE_BAR if wide else BAR
        table.add_column("", width=1, no_wrap=True)
        # Names take their natural width first (so "(dealer)" stays in view on a narrow
        # pane) and the trick column the rest: it is mostly empty, and ellipsised.
        table.add_column(
            t("col.seat"), no_wrap=True, overflow="ellipsis", min_width=8, max_width=26
        )
        table.add_column(t("col.cards"), justify="right", no_wrap=True)
        table.add_column(t("col.penalty"), no_wrap=True)
        table.add_column(t("col.play"), ratio=1, no_wrap=True, overflow="ellipsis", min_width=6)
        if wide:
            table.add_column("", no_wrap=True, overflow="ellipsis")
        played = dict(s.plays)
        exchanged = {e.seat: e.size for e in s.exchanges}
        star = "*" if a else "★"
        for seat in range(s.players):
            out = s.out[seat]
            turn = seat == s.to_move and not out
            mark = (">" if a else "▶") if turn else ""
            name = Text(printable(s.names[seat], 40), style="bold" if turn else "")
            tags = []
            if seat == s.dealer:
                tags.append(t("seat.dealer"))
            if seat == s.viewer and s.names[seat].casefold() != t("player.you").casefold():
                tags.append(t("seat.you"))  # (not after a name that says it already)
            elif s.bots[seat]:
                tags.append(t("seat.bot"))
            if tags:
                name.append(" (" + ", ".join(tags) + ")", style="dim")
            held = Text(t("seat.out")) if out else Text(str(s.hand_counts[seat]))
            penalty = Text(f"{s.totals[seat]:>2}/{s.elimination_at} ")
            penalty.append_text(penalty_bar(s.totals[seat], s.elimination_at, bar_width, a))
            if out:
                play = Text("")
            elif s.phase == EXCHANGE:
                if seat in exchanged:
                    n = exchanged[seat]
                    play = Text(t("seat.swapped", n=n) if n else t("seat.kept"))
                else:
                    play = Text(t("seat.waiting"), style="dim")
            elif seat in played:
                play = cards_text(played[seat], a)
                if seat == s.best_seat:
                    play = Text(star + " ", style="bold") + play
                    play.append(" " + t("seat.best"), style="bold")
                else:
                    play = Text("  ") + play
            else:
                play = Text("")
            row = [Text(mark, style="bold"), name, held, penalty, play]
            if wide:
                row.append(cards_text(s.penalties[seat], a, style="dim"))
            table.add_row(*row, style="dim" if out else "")
        return table
