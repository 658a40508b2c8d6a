"""End of a deal (the showdown, R17-R19) and end of the match (standings, the record,
the seed to share, "again with this seed", "new seed")."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tt22.core.safe import printable
from tt22.games.twentytwo import DealResult
from tt22.tui.bindings import translate_bindings
from tt22.tui.i18n import t
from tt22.tui.screens.settled import SettledScreen
from tt22.tui.widgets.cards import cards_text
from tt22.tui.widgets.keybar import KeyBar
from tt22.tui.widgets.lines import RenderedLines
from tt22.tui.widgets.seats import BAR, penalty_bar

if TYPE_CHECKING:
    from tt22.play.session import LocalSession
    from tt22.tui.app import TT22App

__all__ = ["DealSummaryScreen", "MatchSummaryScreen", "standings_table"]


def standings_table(session: LocalSession, deal: DealResult, ascii_style: bool) -> Table:
    """Every seat: last card shown (losers marked in words), penalty, total and bar."""
    limit = session.rules.elimination_at
    table = Table(box=None, padding=(0, 1), show_edge=False, expand=True)
    # A long name wraps in its cell rather than losing its end.
    table.add_column(t("col.seat"), overflow="fold", ratio=1)
    table.add_column(t("deal.last"), no_wrap=True)
    table.add_column(t("deal.total"), justify="right", no_wrap=True)
    table.add_column("", no_wrap=True)
    shown = dict(deal.showdown)
    order = sorted(range(len(session.players)), key=lambda s: (deal.totals[s], s))
    for seat in order:
        name = Text(printable(session.names[seat], 40))
        last = cards_text([shown[seat]], ascii_style) if seat in shown else Text("")
        if seat in deal.losers:
            last.append(
                f"  ✗ +{deal.penalty}" if not ascii_style else f"  x +{deal.penalty}", style="bold"
            )
        total = Text(f"{deal.totals[seat]}/{limit}")
        bar = penalty_bar(deal.totals[seat], limit, BAR, ascii_style)
        if deal.totals[seat] >= limit:
            bar.append(" " + t("seat.out"), style="bold")
        table.add_row(name, last, total, bar, style="dim" if seat not in shown else "")
    return table


def losers_text(session: LocalSession, deal: DealResult, you: int | None) -> str:
    """Who lost the deal, with the verb agreeing: "You lose", "Bot 2 loses", "A, B lose"."""
    if deal.losers == (you,):
        return t("deal.you_lose", penalty=deal.penalty)
    names = t("sep.list").join(printable(session.names[s], 40) for s in deal.losers)
    key = "deal.loses" if len(deal.losers) == 1 else "deal.lose_many"
    return t(key, names=names, penalty=deal.penalty)


class DealSummaryScreen(SettledScreen[None], ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "close", "key.next", id="summary.next"),
    ]

    def __init__(
        self,
        session: LocalSession,
        deal: DealResult,
        auto: float | None = None,
        you: int | None = None,
    ):
        super().__init__()
        translate_bindings(self)
        self.session = session
        self.deal = deal
        self.auto = auto
        self.you = you

    def compose(self) -> ComposeResult:
        a = self.app.ascii_cards  # type: ignore[attr-defined]
        d = self.deal
        with VerticalScroll(classes="dialog"):
            yield Static(Text(t("deal.title", n=d.start.number), style="bold"), classes="title")
            yield Static(Text(losers_text(self.session, d, self.you)))
            if d.eliminated:
                out = t("sep.list").join(printable(self.session.names[s], 40) for s in d.eliminated)
                yield Static(Text(t("deal.eliminated", names=out), style="bold"))
            # Drawn once (a Static's Rich table is drawn twice to measure its height
            # and again to paint it): at a served table, three of these open at once.
            standings = RenderedLines(classes="standings")
            standings.update(standings_table(self.session, d, a))
            yield standings
            with Horizontal(classes="buttons"):
                yield Button(t("deal.next"), id="next", variant="primary", compact=True)
        yield KeyBar()  # this dialog's keys, not the table's (dimmed) ones

    def on_mount(self) -> None:
        if self.auto is not None:
            self.set_timer(self.auto, self.action_close)

    @on(Button.Pressed, "#next")
    def action_close(self) -> None:
        if self.is_current:
            self.dismiss(None)


class MatchSummaryScreen(SettledScreen[str], ModalScreen[str]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "choose('home')", "key.home", id="summary.home"),
    ]
    AUTO_FOCUS = "#again"  # Enter plays again at once; Tab goes to the other buttons

    def __init__(self, session: LocalSession, deal: DealResult, you: int | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.session = session
        self.deal = deal
        self.you = you

    @property
    def tapp(self) -> TT22App:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        a = self.tapp.ascii_cards
        state = self.session.state
        names = t("sep.list").join(printable(self.session.names[s], 40) for s in state.winners)
        with VerticalScroll(classes="dialog"):
            head = Text(t("match.title"), style="bold")
            head.append("\n")
            if state.winners == (self.you,):
                head.append(t("match.you_win"))
            else:
                head.append(t("match.winner", names=names) if names else t("match.no_winner"))
            head.append("\n")
            head.append(losers_text(self.session, self.deal, self.you), style="")
            yield Static(head, classes="title")
            yield Static(standings_table(self.session, self.deal, a), classes="standings")
            path = self.session.saved_path
            saved = Text(
                t("match.saved", path=printable(str(path), 300)) if path else t("match.not_saved"),
                style="dim",
            )
            yield Static(saved, id="saved")
            yield Static(Text(t("match.seed", seed=printable(self.session.seed, 100))), id="seed")
            with Horizontal(classes="buttons"):
                yield Button(t("match.again"), id="again", variant="primary", compact=True)
                yield Button(t("match.new_seed"), id="new", compact=True)
                yield Button(t("match.home"), id="home", compact=True)
        yield KeyBar()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.action_choose(event.button.id or "home")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
