"""What the end of a Rook hand (each side's counters, the bid made or lost, K14-K17) and
of the game (the winners, a team named as one; K18) say, and Rook's score history, as
plain data for the one pair of summary screens (tt22.tui.summary.screens); `SCREENS` is
Rook's interface description for them and for the help, and the two screen classes the
table opens are thin calls into the shared ones.

Once a hand is over its nest and the cards out of play are no secret (K23's
convention): the hand summary shows them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

from rich.table import Table
from rich.text import Text

from tt22.core.safe import printable
from tt22.games.rook.state import HandResult
from tt22.tui.games.rook.panels import cards_line
from tt22.tui.games.rook.words import suit_name
from tt22.tui.i18n import add_section, addressed, said, t
from tt22.tui.summary import screens
from tt22.tui.summary.data import Column, Grid, HelpPage, Row, ScoreHistory, Summary
from tt22.tui.summary.words import winner_line

if TYPE_CHECKING:
    from tt22.play.session import LocalSession

__all__ = [
    "SCREENS",
    "GameSummaryScreen",
    "HandSummaryScreen",
    "RookScreens",
    "as_result",
    "bidder_side",
    "hand_grid",
    "hand_lines",
    "hand_table",
    "winners_text",
]

add_section(
    "rook.summary.",
    {
        "legend": (
            "+ made the bid  - lost the bid",
            "+ 입찰 성공  - 입찰 실패",
            "+ 入札成功  - 入札失敗",
        ),
    },
)


class _Start(NamedTuple):
    number: int
    out_of_play: tuple[int, ...]


class _Shown(NamedTuple):
    """A finished hand as a seat's view has it (`PublicHand`), shaped as the summary
    reads a hand (`HandResult`: `start.number`, `put_back`, ...)."""

    start: _Start
    bidder: int
    bid: int
    made: bool
    taken: tuple[int, int]
    trump: int
    put_back: tuple[int, ...]
    deltas: tuple[int, ...]
    scores: tuple[int, ...]


def as_result(hand: Any) -> Any:
    """`hand` as the summary reads it: the state's `HandResult` as it is, a view's
    `PublicHand` reshaped (the nest it shows is the one put back)."""
    if hasattr(hand, "start"):
        return hand
    start = _Start(hand.number, hand.out_of_play)
    return _Shown(
        start,
        hand.bidder,
        hand.bid,
        hand.made,
        hand.taken,
        hand.trump,
        hand.nest,
        hand.deltas,
        hand.scores,
    )


def bidder_side(players: int, bidder: int) -> tuple[int, ...]:
    """The seats that scored with the bidder: partners with 4 players (K1), the bidder
    alone with 2 or 3 (K21, K22)."""
    if players == 4:
        return (bidder, (bidder + 2) % 4)
    return (bidder,)


def hand_grid(names: Sequence[str], hand: HandResult, players: int) -> Grid:
    """Both sides: their counters (nest included, K14), each seat's points this hand and
    its score after it."""
    side = bidder_side(players, hand.bidder)
    others = tuple(s for s in range(players) if s not in side)
    rows = []
    for label, seats, taken in (
        (t("rook.side.bidder"), side, hand.taken[0]),
        (t("rook.side.other"), others, hand.taken[1]),
    ):
        for i, seat in enumerate(seats):
            cells = (
                label if i == 0 else "",
                Text(printable(names[seat], 40)),
                str(taken) if i == 0 else "",
                f"{hand.deltas[seat]:+d}",
                str(hand.scores[seat]),
            )
            rows.append(Row(cells))
    columns = (
        Column(t("rook.col.team")),
        Column(t("rook.col.player"), grow=True),
        Column(t("rook.col.counters"), "right"),
        Column(t("rook.col.change"), "right"),
        Column(t("rook.col.score"), "right"),
    )
    return Grid(columns, tuple(rows))


def hand_table(names: Sequence[str], hand: HandResult, players: int) -> Table:
    """`hand_grid` as the Rich table a served seat's hand news shows."""
    return screens.grid_table(hand_grid(names, hand, players))


def hand_lines(
    names: Sequence[str], hand: HandResult, ascii_style: bool, you: int | None = None
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
    names: Sequence[str], winners: tuple[int, ...], players: int, you: int | None = None
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
    return winner_line(names, winners, None)


def hand_summary(
    names: Sequence[str], hand: HandResult, players: int, you: int | None, ascii_style: bool
) -> Summary:
    """A hand is over: the bid made or lost, trump, the nest, and both sides' points."""
    return Summary(
        t("rook.hand.title", n=hand.start.number),
        (hand_lines(names, hand, ascii_style, you),),
        hand_grid(names, hand, players),
        next_label=t("rook.next_hand"),
    )


def game_summary(view: Any, names: Sequence[str], you: int | None, ascii_style: bool) -> Summary:
    """The game is over: the winners (a team named as one), then its last hand."""
    last = hand_summary(names, as_result(view.history[-1]), view.players, you, ascii_style)
    winner = winners_text(names, view.winners, view.players, you)
    return Summary(t("end.title"), last.lines, last.grid, winner=winner)


def score_history(
    view: Any, names: Sequence[str], you: int | None, ascii_style: bool
) -> ScoreHistory:
    """Every seat's score after each finished hand (the latest ten), + where its side
    made the bid, - where it lost it."""
    hands = [as_result(h) for h in view.history[-10:]]
    columns = (
        Column(t("col.seat"), grow=True),
        *(Column(str(h.start.number), "right") for h in hands),
    )
    rows = []
    for seat in range(len(names)):
        cells: list[str | Text] = [Text(printable(names[seat], 40))]
        for h in hands:
            mark = " "
            if seat in bidder_side(view.players, h.bidder):
                mark = "+" if h.made else "-"
            cells.append(Text(f"{h.scores[seat]}{mark}", style="bold" if mark != " " else ""))
        rows.append(Row(tuple(cells)))
    return ScoreHistory(
        t("end.scores"),
        Grid(columns, tuple(rows)) if hands else None,
        t("rook.summary.legend"),
        empty=t("end.no_scores"),
    )


class RookScreens:
    """Rook's end screens, score history and help as plain data (its registry entry's
    `screens`); `view` is the game's state or a seat's view (`history`, `players`,
    `winners`)."""

    def hand_summary(
        self, view: Any, names: Sequence[str], you: int | None, ascii_style: bool
    ) -> Summary:
        hand = as_result(view.history[-1])
        return hand_summary(names, hand, view.players, you, ascii_style)

    def match_summary(
        self, view: Any, names: Sequence[str], you: int | None, ascii_style: bool
    ) -> Summary:
        return game_summary(view, names, you, ascii_style)

    def score_history(
        self, view: Any, names: Sequence[str], you: int | None, ascii_style: bool
    ) -> ScoreHistory:
        return score_history(view, names, you, ascii_style)

    def help_pages(self) -> Sequence[tuple[str, str]]:
        return (("", t("help.page.rook")),)

    def help_page(self, page: str, rules: Any, ascii_style: bool) -> HelpPage:
        from tt22.tui.games.rook.help import rook_help_page

        return rook_help_page(ascii_style)

    def page_of(self, rules: Any) -> str:
        return ""


SCREENS = RookScreens()


class HandSummaryScreen(screens.HandSummaryScreen):
    """The end of a Rook hand over its table: the one hand summary, Rook's data."""

    def __init__(
        self,
        session: LocalSession,
        hand: HandResult,
        *,
        auto: float | None = None,
        you: int | None = None,
    ) -> None:
        names, players = session.names, session.state.players
        super().__init__(partial(hand_summary, names, hand, players, you), auto)
        self.session = session
        self.hand = hand
        self.you = you


class GameSummaryScreen(screens.MatchSummaryScreen):
    """The end of a Rook game over its table: the one match summary, Rook's data."""

    def __init__(self, session: LocalSession, you: int | None = None) -> None:
        made = partial(game_summary, session.state, session.names, you)
        super().__init__(made, session.saved_path, session.seed)
        self.session = session
        self.you = you
