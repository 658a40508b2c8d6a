"""The end of a hand (melds, lay-offs, deadwood, points, undercut or gin; Rummy's cards
left and penalties) and of the game (Gin's bonuses, G8; Rummy's totals, M10).

Everything shown is public once the hand is over (views.py: what was shown at the end),
read from the seat's view; names arrive made safe (tt22.core.safe.printable).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tt22.games.rummy.cards import hand_order
from tt22.tui.bindings import translate_bindings
from tt22.tui.i18n import addressed, t
from tt22.tui.rummy.model import ace_high, is_gin
from tt22.tui.rummy.widgets import card_run
from tt22.tui.rummy.words import rs
from tt22.tui.widgets.keybar import KeyBar

__all__ = ["GameSummary", "HandSummary", "gin_hand_lines", "rummy_hand_lines"]


def _rt(key: str, **values: object) -> str:
    return t("rummy.ui." + key, **values)


def _spoken(names: Sequence[str], seat: int, you: int | None) -> bool:
    return addressed(names[seat], seat == you)


def gin_hand_lines(
    result: Any, names: Sequence[str], a: bool, target: int, you: int | None = None
) -> list[Text]:
    """A finished Gin hand (G5, G6) in lines: each seat's melds and deadwood (in the
    order of a hand, the ace low), the lay-offs, who scored what and why (said to the
    player `you`), the points."""
    if result.kind == "void":
        return [Text(_rt("void_gin"))]
    lines = []
    knocker = result.knocker
    laid = {card for card, _ in result.lay_offs}
    for seat in (knocker, 1 - knocker):
        melded = {c for m in result.melds[seat] for c in m}
        dead = hand_order(c for c in result.left[seat] if c not in melded and c not in laid)
        line = Text(names[seat], style="bold")
        line.append(": ")
        for i, meld in enumerate(result.melds[seat]):
            if i:
                line.append("  ")
            line.append("[")
            line.append_text(card_run(meld, a))
            line.append("]")
        if not result.melds[seat]:
            line.append(_rt("no_melds_shown"), style="dim")
        if dead:
            line.append("  " + _rt("deadwood_cards") + " ")
            line.append_text(card_run(dead, a))
            line.append(" = " + str(result.deadwood[seat]), style="bold")
        else:  # (gin, or every card melded or laid off: not "deadwood - = 0")
            line.append("  " + _rt("no_deadwood"), style="bold")
        lines.append(line)
    if result.lay_offs:
        other = 1 - knocker
        offs = Text(rs("laid_off", _spoken(names, other, you), name=names[other]) + " ")
        offs.append_text(card_run([c for c, _ in result.lay_offs], a))
        lines.append(offs)
    winner = result.winner
    gained = result.deltas[winner]
    key = {"gin": "won_gin", "undercut": "won_undercut"}.get(result.kind, "won_knock")
    spoken = _spoken(names, winner, you)
    verdict = Text(rs(key, spoken, name=names[winner], n=gained), style="bold")
    if result.start.double:
        verdict.append(" " + _rt("doubled_note"))
    lines.append(verdict)
    points = " · ".join(f"{names[i]} {result.points[i]}" for i in (0, 1))
    lines.append(Text(_rt("points_to", points=points, n=target)))
    return lines


def rummy_hand_lines(
    result: Any,
    names: Sequence[str],
    a: bool,
    scores: Sequence[int],
    target: int,
    *,
    high: bool = False,
    you: int | None = None,
) -> list[Text]:
    """A finished Rummy hand (M8-M10): who went out (said to the player `you`), each
    other seat's cards (in the order of a hand, the ace as the rules have it: `high`)
    and penalty, or why nobody scored."""
    winner, ended, left, deltas = result
    if winner < 0:
        key = {"turns": "void_turns", "reshuffles": "void_reshuffles"}.get(ended, "void_empty")
        return [Text(_rt(key), style="bold")]
    lines = [Text(rs("went_out", _spoken(names, winner, you), name=names[winner]), style="bold")]
    for seat, cards in enumerate(left):
        if seat == winner:
            continue
        line = Text(names[seat] + ": ")
        line.append_text(card_run(hand_order(cards, high), a) if cards else Text("-"))
        line.append(f" +{deltas[seat]}", style="bold")
        lines.append(line)
    totals = " · ".join(f"{names[i]} {scores[i]}" for i in range(len(names)))
    lines.append(Text(_rt("totals_to", totals=totals, n=target)))
    return lines


class HandSummary(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "close", "key.next", id="rummy.summary.next"),
    ]
    DEFAULT_CSS = """
    HandSummary { align: center middle; background: $background; }
    """

    def __init__(
        self,
        view: Any,
        names: Sequence[str],
        ascii_style: bool,
        you: int | None = None,
        auto: float | None = None,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.view = view
        self.names = list(names)
        self.ascii_style = ascii_style
        self.you = you
        self.auto = auto

    def lines(self) -> list[Text]:
        v = self.view
        result = v.history[-1]
        a, you = self.ascii_style, self.you
        if is_gin(v):
            return gin_hand_lines(result, self.names, a, v.rules.target, you)
        high = ace_high(v)
        return rummy_hand_lines(result, self.names, a, v.scores, v.rules.target, high=high, you=you)

    def compose(self) -> ComposeResult:
        number = len(self.view.history)
        with VerticalScroll(classes="dialog"):
            yield Static(Text(_rt("hand_over", n=number), style="bold"), classes="title")
            yield Static(Text("\n").join(self.lines()), id="hand-lines")
            with Horizontal(classes="buttons"):
                yield Button(_rt("btn.next_hand"), id="next", variant="primary", compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        if self.auto is not None:
            self.set_timer(self.auto, self.action_close)

    @on(Button.Pressed, "#next")
    def action_close(self) -> None:
        if self.is_current:
            self.dismiss(None)


def gin_bonus_table(v: Any, names: Sequence[str]) -> Table:
    """G8: each seat's hand points, hands won times the hand bonus, the game and
    shutout bonuses, and the total."""
    rules = v.rules
    table = Table(box=None, padding=(0, 1), show_edge=False, expand=True)
    table.add_column(t("col.seat"), overflow="fold", ratio=1)
    for head in ("col_points", "col_hands", "col_game", "col_shutout", "col_total"):
        table.add_column(_rt(head), justify="right", no_wrap=True)
    won = [sum(1 for r in v.history if r.winner == seat) for seat in (0, 1)]
    for seat in (0, 1):
        hands = won[seat] * rules.hand_bonus
        game = rules.game_bonus if seat in v.winners else 0
        loser = 1 - seat
        shut = rules.shutout_bonus if seat in v.winners and v.points[loser] == 0 else 0
        table.add_row(
            Text(names[seat]),
            str(v.points[seat]),
            f"{won[seat]}x{rules.hand_bonus}={hands}",
            str(game),
            str(shut),
            Text(str(v.scores[seat]), style="bold"),
        )
    return table


def rummy_totals_table(v: Any, names: Sequence[str]) -> Table:
    table = Table(box=None, padding=(0, 1), show_edge=False, expand=True)
    table.add_column(t("col.seat"), overflow="fold", ratio=1)
    table.add_column(_rt("col_penalty"), justify="right", no_wrap=True)
    order = sorted(range(len(names)), key=lambda s: (v.scores[s], s))
    for seat in order:
        table.add_row(Text(names[seat]), Text(str(v.scores[seat]), style="bold"))
    return table


class GameSummary(ModalScreen[str]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "choose('home')", "key.home", id="rummy.summary.home"),
    ]
    AUTO_FOCUS = "#again"
    DEFAULT_CSS = """
    GameSummary { align: center middle; background: $background; }
    """

    def __init__(
        self, view: Any, names: Sequence[str], ascii_style: bool, you: int | None = None
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.view = view
        self.names = list(names)
        self.ascii_style = ascii_style
        self.you = you

    def compose(self) -> ComposeResult:
        v = self.view
        winners = " · ".join(self.names[s] for s in v.winners)
        with VerticalScroll(classes="dialog"):
            head = Text(_rt("game_title"), style="bold")
            head.append("\n")
            if v.winners == (self.you,):
                head.append(_rt("you_win"))
            else:
                head.append(_rt("winner", names=winners))
            yield Static(head, classes="title")
            hand = HandSummary(v, self.names, self.ascii_style, self.you).lines()
            yield Static(Text("\n").join(hand), id="hand-lines")
            if is_gin(v):
                yield Static(gin_bonus_table(v, self.names), classes="standings")
            else:
                yield Static(rummy_totals_table(v, self.names), classes="standings")
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
