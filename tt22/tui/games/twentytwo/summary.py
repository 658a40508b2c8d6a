"""What 22's deal summary (the showdown, R17-R19), match summary and score history say,
as plain data for the shared screens (tt22.tui.summary.screens).

The deal is read from what the table or a served seat holds: the match's state (or a
served seat's public account of it) with its finished deals in `history`, its rules'
`elimination_at`, who is `out`, and the first-dealer draw (R7) when local.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from tt22.core.cards import show_card
from tt22.core.safe import printable
from tt22.tui.i18n import t
from tt22.tui.summary.data import Column, Grid, Row, ScoreHistory, Summary
from tt22.tui.summary.words import winner_line
from tt22.tui.widgets.cards import cards_text
from tt22.tui.widgets.seats import BAR, penalty_bar

__all__ = [
    "DEALS_SHOWN",
    "deal_summary",
    "first_dealer_text",
    "first_draws",
    "losers_text",
    "match_summary",
    "score_history",
    "scores_grid",
    "standings_grid",
]

DEALS_SHOWN = 10  # the latest deals that fit 80 columns beside the names


def _name(names: Sequence[str], seat: int) -> str:
    return printable(names[seat], 40)


def standings_grid(names: Sequence[str], deal: Any, limit: int, ascii_style: bool) -> Grid:
    """Every seat, lowest total first: its last card (losers marked in words), its
    total against the limit and its bar ("out" past it); a seat not in the showdown
    dimmed."""
    shown = dict(deal.showdown)
    rows = []
    for seat in sorted(range(len(names)), key=lambda s: (deal.totals[s], s)):
        last = cards_text([shown[seat]], ascii_style) if seat in shown else Text("")
        if seat in deal.losers:
            mark = f"  x +{deal.penalty}" if ascii_style else f"  ✗ +{deal.penalty}"
            last.append(mark, style="bold")
        bar = penalty_bar(deal.totals[seat], limit, BAR, ascii_style)
        if deal.totals[seat] >= limit:
            bar.append(" " + t("seat.out"), style="bold")
        cells = (Text(_name(names, seat)), last, f"{deal.totals[seat]}/{limit}", bar)
        rows.append(Row(cells, dim=seat not in shown))
    columns = (
        Column(t("col.seat"), grow=True),
        Column(t("deal.last")),
        Column(t("deal.total"), "right"),
        Column(""),
    )
    return Grid(columns, tuple(rows))


def losers_text(names: Sequence[str], deal: Any, you: int | None) -> str:
    """Who lost the deal, with the verb agreeing: "You lose", "Bot 2 loses", "A, B lose"."""
    if deal.losers == (you,):
        return t("deal.you_lose", penalty=deal.penalty)
    shown = t("sep.list").join(_name(names, s) for s in deal.losers)
    key = "deal.loses" if len(deal.losers) == 1 else "deal.lose_many"
    return t(key, names=shown, penalty=deal.penalty)


def deal_summary(
    names: Sequence[str], deal: Any, limit: int, you: int | None, ascii_style: bool
) -> Summary:
    """The showdown of `deal`: who lost and took what, who is out, and the standings."""
    lines: list[str | Text] = [losers_text(names, deal, you)]
    if deal.eliminated:
        out = t("sep.list").join(_name(names, s) for s in deal.eliminated)
        lines.append(Text(t("deal.eliminated", names=out), style="bold"))
    return Summary(
        t("deal.title", n=deal.start.number),
        tuple(lines),
        standings_grid(names, deal, limit, ascii_style),
        next_label=t("deal.next"),
    )


def match_summary(
    view: Any, names: Sequence[str], you: int | None, ascii_style: bool, deal: Any = None
) -> Summary:
    """The match's end: the winner, the last deal's losers (`deal`, else the last of
    `view`'s history) and the final standings."""
    deal = view.history[-1] if deal is None else deal
    limit = view.rules.elimination_at
    last = deal_summary(names, deal, limit, you, ascii_style)
    return Summary(
        t("end.title"),
        last.lines[:1],
        last.grid,
        winner=winner_line(names, getattr(view, "winners", ()), you),
    )


def first_draws(state: Any, names: Sequence[str], ascii_style: bool) -> list[list[str]]:
    """Each round of the first-dealer draw (R7): every seat's name and card."""
    return [
        [f"{_name(names, seat)} {show_card(card, ascii_style)}" for seat, card in draws]
        for draws in state.match.first_draws
    ]


def first_dealer_text(
    state: Any, names: Sequence[str], ascii_style: bool, you: int | None = None
) -> str:
    """R7 as it happened: each round of the draw, and who deals first (spoken to as
    "you" when it is `you`, the one player at this keyboard: not "You deals")."""
    rounds = [t("sep.list").join(draws) for draws in first_draws(state, names, ascii_style)]
    if state.match.first_dealer == you:
        return t("first.draw_you", draws=" / ".join(rounds))
    dealer = _name(names, state.match.first_dealer)
    return t("first.draw", draws=" / ".join(rounds), name=dealer)


def scores_grid(state: Any, names: Sequence[str]) -> Grid:
    """A line per seat: the total after each finished deal (the latest that fit), + on
    the deals it lost, ! where it went out."""
    deals = state.history[-DEALS_SHOWN:]
    columns = (
        Column(t("col.seat"), grow=True),
        *(Column(str(d.start.number), "right") for d in deals),
    )
    rows = []
    for seat, name in enumerate(names):
        cells: list[str | Text] = [Text(printable(name, 40))]
        for d in deals:
            mark = "!" if seat in d.eliminated else ("+" if seat in d.losers else " ")
            cells.append(Text(f"{d.totals[seat]}{mark}", style="bold" if mark != " " else ""))
        rows.append(Row(tuple(cells), dim=bool(state.out[seat])))
    return Grid(columns, tuple(rows))


def score_history(
    state: Any, names: Sequence[str], you: int | None, ascii_style: bool
) -> ScoreHistory:
    """The penalty totals after each deal, their marks' legend, and the first-dealer
    draw (not known at a served seat, whose view has no draw)."""
    note = ""
    keep: tuple[str, ...] = ()
    if getattr(state, "match", None) is not None:
        note = first_dealer_text(state, names, ascii_style, you)
        pairs = [pair for draws in first_draws(state, names, ascii_style) for pair in draws]
        # (a list's separator stays with the pair before it: "Ann Q♦," / "Ann Q♦、")
        keep = tuple(pair + mark for pair in pairs for mark in (t("sep.list").rstrip(), ""))
    return ScoreHistory(
        t("scores.title"),
        scores_grid(state, names) if state.history else None,
        t("scores.legend", limit=state.rules.elimination_at),
        note,
        keep,
        t("scores.none"),
    )
