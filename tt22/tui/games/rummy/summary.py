"""What the end of a hand (melds, lay-offs, deadwood, points, undercut or gin; Rummy's
cards left and penalties) and of the game (Gin's bonuses, G8; Rummy's totals, M10) say,
as plain data for the one pair of summary screens (tt22.tui.summary.screens);
`RUMMY_SCREENS` and `GIN_SCREENS` are the two games' interface descriptions for them
and for the help, and the screen classes the tables open are thin calls.

Everything shown is public once the hand is over (views.py: what was shown at the end),
read from the seat's view; names arrive made safe (tt22.core.safe.printable).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult

from tt22.games.rummy.cards import hand_order
from tt22.tui.games.rummy.model import ace_high, is_gin
from tt22.tui.games.rummy.widgets import card_run
from tt22.tui.games.rummy.words import rs
from tt22.tui.i18n import add_section, addressed, t
from tt22.tui.summary import screens
from tt22.tui.summary.data import Column, Grid, HelpPage, Row, ScoreHistory, Summary
from tt22.tui.summary.words import winner_line

__all__ = [
    "GIN_SCREENS",
    "RUMMY_SCREENS",
    "GameSummary",
    "HandSummary",
    "RummyScreens",
    "gin_hand_lines",
    "rummy_hand_lines",
]

add_section(
    "rummy.summary.",
    {"legend": ("+ won that hand", "+ 그 판을 이김", "+ そのハンドの勝ち")},
)


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


def hand_lines(view: Any, names: Sequence[str], a: bool, you: int | None) -> list[Text]:
    """The last finished hand of `view`, Gin's or Rummy's, in lines."""
    result = view.history[-1]
    if is_gin(view):
        return gin_hand_lines(result, names, a, view.rules.target, you)
    high = ace_high(view)
    return rummy_hand_lines(result, names, a, view.scores, view.rules.target, high=high, you=you)


def gin_bonus_grid(v: Any, names: Sequence[str]) -> Grid:
    """G8: each seat's hand points, hands won times the hand bonus, the game and
    shutout bonuses, and the total."""
    rules = v.rules
    won = [sum(1 for r in v.history if r.winner == seat) for seat in (0, 1)]
    rows = []
    for seat in (0, 1):
        hands = won[seat] * rules.hand_bonus
        game = rules.game_bonus if seat in v.winners else 0
        shut = rules.shutout_bonus if seat in v.winners and v.points[1 - seat] == 0 else 0
        cells = (
            Text(names[seat]),
            str(v.points[seat]),
            f"{won[seat]}x{rules.hand_bonus}={hands}",
            str(game),
            str(shut),
            Text(str(v.scores[seat]), style="bold"),
        )
        rows.append(Row(cells))
    heads = ("col_points", "col_hands", "col_game", "col_shutout", "col_total")
    columns = (Column(t("col.seat"), grow=True), *(Column(_rt(h), "right") for h in heads))
    return Grid(columns, tuple(rows))


def rummy_totals_grid(v: Any, names: Sequence[str]) -> Grid:
    """M10: every seat's penalty total, the lowest (the winner's) first."""
    order = sorted(range(len(names)), key=lambda s: (v.scores[s], s))
    rows = tuple(Row((Text(names[s]), Text(str(v.scores[s]), style="bold"))) for s in order)
    return Grid((Column(t("col.seat"), grow=True), Column(_rt("col_penalty"), "right")), rows)


def hand_summary(view: Any, names: Sequence[str], you: int | None, a: bool) -> Summary:
    """A hand is over: its melds, deadwood or cards left, and who scored what."""
    title = _rt("hand_over", n=len(view.history))
    lines = tuple(hand_lines(view, names, a, you))
    return Summary(title, lines, next_label=_rt("btn.next_hand"))


def game_summary(view: Any, names: Sequence[str], you: int | None, a: bool) -> Summary:
    """The game is over: the winner, the last hand, and Gin's bonuses (G8) or Rummy's
    penalty totals (M10)."""
    grid = gin_bonus_grid(view, names) if is_gin(view) else rummy_totals_grid(view, names)
    lines = tuple(hand_lines(view, names, a, you))
    return Summary(t("end.title"), lines, grid, winner=winner_line(names, view.winners, you))


def score_history(view: Any, names: Sequence[str], you: int | None, a: bool) -> ScoreHistory:
    """Every seat's points (Gin) or penalty total (Rummy) after each finished hand, +
    on the hand it won; the totals are summed from each hand's gains."""
    hands = view.history[-10:]
    start = len(view.history) - len(hands)
    totals = [0] * len(names)
    for r in view.history[:start]:
        totals = [x + d for x, d in zip(totals, _deltas(r), strict=False)]
    columns = (
        Column(t("col.seat"), grow=True),
        *(Column(str(start + i + 1), "right") for i in range(len(hands))),
    )
    cells: list[list[str | Text]] = [[Text(n)] for n in names]
    for r in hands:
        totals = [x + d for x, d in zip(totals, _deltas(r), strict=False)]
        for seat, total in enumerate(totals):
            mark = "+" if _winner(r) == seat else " "
            cells[seat].append(Text(f"{total}{mark}", style="bold" if mark != " " else ""))
    rows = tuple(Row(tuple(c)) for c in cells)
    return ScoreHistory(
        t("end.scores"),
        Grid(columns, rows) if hands else None,
        t("rummy.summary.legend"),
        empty=t("end.no_scores"),
    )


def _deltas(result: Any) -> tuple[int, ...]:
    return tuple(result.deltas) if hasattr(result, "deltas") else tuple(result[3])


def _winner(result: Any) -> int:
    return int(result.winner) if hasattr(result, "winner") else int(result[0])


class RummyScreens:
    """Rummy's or Gin's end screens, score history and help as plain data (the
    registry entry's `screens`); `view` is a seat's view of the game."""

    def __init__(self, *, gin: bool) -> None:
        self.gin = gin

    def hand_summary(
        self, view: Any, names: Sequence[str], you: int | None, ascii_style: bool
    ) -> Summary:
        return hand_summary(view, names, you, ascii_style)

    def match_summary(
        self, view: Any, names: Sequence[str], you: int | None, ascii_style: bool
    ) -> Summary:
        return game_summary(view, names, you, ascii_style)

    def score_history(
        self, view: Any, names: Sequence[str], you: int | None, ascii_style: bool
    ) -> ScoreHistory:
        return score_history(view, names, you, ascii_style)

    def help_pages(self) -> Sequence[tuple[str, str]]:
        from tt22.tui.games.rummy.help import help_pages

        return help_pages(gin=self.gin)

    def help_page(self, page: str, rules: Any, ascii_style: bool) -> HelpPage:
        from tt22.tui.games.rummy.help import rummy_help_page

        return rummy_help_page(rules, gin=self.gin, variant=page)

    def page_of(self, rules: Any) -> str:
        from tt22.tui.games.rummy.help import variant_of

        return variant_of(rules) if self.gin else ""


RUMMY_SCREENS = RummyScreens(gin=False)
GIN_SCREENS = RummyScreens(gin=True)


class HandSummary(screens.HandSummaryScreen):
    """The end of a Rummy or Gin hand over its table or a served seat: the one hand
    summary, with this game's data."""

    def __init__(
        self,
        view: Any,
        names: Sequence[str],
        ascii_style: bool,
        you: int | None = None,
        auto: float | None = None,
    ) -> None:
        super().__init__(hand_summary(view, list(names), you, ascii_style), auto)
        self.view = view
        self.names = list(names)
        self.ascii_style = ascii_style
        self.you = you

    def lines(self) -> list[Text]:
        return hand_lines(self.view, self.names, self.ascii_style, self.you)


class GameSummary(screens.MatchSummaryScreen):
    """The end of a Rummy or Gin game: the one match summary, with this game's data,
    and the record and seed of the match the table below it plays (review L10: Gin's
    end showed neither)."""

    def __init__(
        self, view: Any, names: Sequence[str], ascii_style: bool, you: int | None = None
    ) -> None:
        super().__init__(game_summary(view, list(names), you, ascii_style), None, "")
        self.view = view
        self.names = list(names)
        self.ascii_style = ascii_style
        self.you = you

    def compose(self) -> ComposeResult:
        session = screens.session_below(self)
        if session is not None:
            self.saved_path = _path(getattr(session, "saved_path", None))
            self.seed = str(getattr(session, "seed", "") or "")
        yield from super().compose()


def _path(value: object) -> Path | None:
    return value if isinstance(value, Path) else None
