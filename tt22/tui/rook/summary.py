"""The end of a Rook hand (each side's counters, the bid made or lost, K14-K17) and of
the game (the scores, the winner, the record; K18).

Once a hand is over its nest and the cards out of play are no secret (K23's
convention): the hand summary shows them.
"""

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
from tt22.games.rook.state import HandResult
from tt22.tui.bindings import translate_bindings
from tt22.tui.i18n import addressed, said, t
from tt22.tui.rook.panels import cards_line
from tt22.tui.rook.words import suit_name
from tt22.tui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from tt22.play.session import LocalSession

__all__ = [
    "GameSummaryScreen",
    "HandSummaryScreen",
    "bidder_side",
    "hand_lines",
    "hand_table",
    "winners_text",
]


def bidder_side(players: int, bidder: int) -> tuple[int, ...]:
    """The seats that scored with the bidder: partners with 4 players (K1), the bidder
    alone with 2 or 3 (K21, K22)."""
    if players == 4:
        return (bidder, (bidder + 2) % 4)
    return (bidder,)


def hand_table(names: list[str], hand: HandResult, players: int) -> Table:
    """Both sides: their counters (nest included, K14), each seat's points this hand and
    its score after it."""
    table = Table(box=None, padding=(0, 1), show_edge=False, expand=True)
    table.add_column(t("rook.col.team"), no_wrap=True)
    table.add_column(t("rook.col.player"), overflow="fold", ratio=1)
    table.add_column(t("rook.col.counters"), justify="right", no_wrap=True)
    table.add_column(t("rook.col.change"), justify="right", no_wrap=True)
    table.add_column(t("rook.col.score"), justify="right", no_wrap=True)
    side = bidder_side(players, hand.bidder)
    others = tuple(s for s in range(players) if s not in side)
    for label, seats, taken in (
        (t("rook.side.bidder"), side, hand.taken[0]),
        (t("rook.side.other"), others, hand.taken[1]),
    ):
        for i, seat in enumerate(seats):
            delta = hand.deltas[seat]
            table.add_row(
                label if i == 0 else "",
                Text(printable(names[seat], 40)),
                str(taken) if i == 0 else "",
                f"{delta:+d}",
                str(hand.scores[seat]),
            )
    return table


def hand_lines(
    names: list[str], hand: HandResult, ascii_style: bool, you: int | None = None
) -> Text:
    """The bid made or lost (said to the bidder when it is `you`), the trump, the nest
    and the cards out of play."""
    key = "rook.hand.made" if hand.made else "rook.hand.lost"
    spoken = addressed(names[hand.bidder], hand.bidder == you)
    name = printable(names[hand.bidder], 40)
    text = Text(said(key, spoken, name=name, bid=hand.bid, taken=hand.taken[0]), style="bold")
    text.append("\n" + t("rook.trump", suit=suit_name(hand.trump, ascii_style)))
    text.append("\n" + t("rook.hand.nest", cards=""))
    text.append_text(cards_line(hand.put_back, ascii_style))
    if hand.start.out_of_play:
        text.append("\n" + t("rook.hand.out", cards=""))
        text.append_text(cards_line(hand.start.out_of_play, ascii_style))
    return text


def winners_text(
    names: list[str], winners: tuple[int, ...], players: int, you: int | None = None
) -> str:
    """Who won the game (K18, K21): with 4 players the winning partners, named as a team
    ("Winners: Bot 0 and Bot 2, partners"; "You and your partner Bot 2 win!"); else the
    winner, or the players tied at the top who share the win."""
    if players != 4 and len(winners) > 1:  # level at the top: a shared win (K21)
        others = [s for s in winners if s != you]
        shown = t("sep.list").join(printable(names[s], 40) for s in others)
        return said("rook.game.shared_won", you in winners, names=shown)
    if you is not None and you in winners and (players != 4 or len(winners) != 2):
        return t("match.you_win")
    if players == 4 and len(winners) == 2:
        first, second = sorted(winners, key=lambda s: (s != you and not addressed(names[s]), s))
        spoken = addressed(names[first], first == you)
        a, b = printable(names[first], 40), printable(names[second], 40)
        return said("rook.game.partners_won", spoken, a=a, b=b)
    shown = t("sep.list").join(printable(names[s], 40) for s in winners)
    return t("match.winner", names=shown) if shown else t("match.no_winner")


class HandSummaryScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "close", "key.next", id="rook.summary.next"),
    ]

    def __init__(
        self,
        session: LocalSession,
        hand: HandResult,
        *,
        auto: float | None = None,
        you: int | None = None,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.session = session
        self.hand = hand
        self.auto = auto
        self.you = you

    def compose(self) -> ComposeResult:
        a = bool(getattr(self.app, "ascii_cards", False))
        h = self.hand
        names = self.session.names
        with VerticalScroll(classes="dialog"):
            yield Static(
                Text(t("rook.hand.title", n=h.start.number), style="bold"), classes="title"
            )
            yield Static(hand_lines(names, h, a, self.you))
            yield Static(hand_table(names, h, self.session.state.players), classes="standings")
            with Horizontal(classes="buttons"):
                yield Button(t("rook.next_hand"), id="next", variant="primary", compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        if self.auto is not None:
            self.set_timer(self.auto, self.action_close)

    @on(Button.Pressed, "#next")
    def action_close(self) -> None:
        if self.is_current:
            self.dismiss(None)


class GameSummaryScreen(ModalScreen[str]):
    """The winner, the last hand and every score; again with this seed, a new seed, or
    home."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "choose('home')", "key.home", id="rook.summary.home"),
    ]
    AUTO_FOCUS = "#again"

    def __init__(self, session: LocalSession, you: int | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.session = session
        self.you = you

    def compose(self) -> ComposeResult:
        a = bool(getattr(self.app, "ascii_cards", False))
        state = self.session.state
        names = self.session.names
        winners = state.winners
        hand: HandResult = state.history[-1]
        with VerticalScroll(classes="dialog"):
            head = Text(t("rook.game.title"), style="bold")
            head.append("\n")
            head.append(winners_text(names, winners, state.players, self.you))
            yield Static(head, classes="title")
            yield Static(hand_lines(names, hand, a, self.you))
            yield Static(hand_table(names, hand, state.players), classes="standings")
            path = self.session.saved_path
            saved = (
                t("match.saved", path=printable(str(path), 300)) if path else t("match.not_saved")
            )
            yield Static(Text(saved, style="dim"), id="saved")
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
