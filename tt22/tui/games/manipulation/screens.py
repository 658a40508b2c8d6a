"""What the end of a Manipulation Rummy hand (who went out, X6; the others' cards left and
penalties, X8; or a hand every seat passed, X7) and of its game (the lowest total wins,
M10's way, at the target of X8) say, and its score history, as plain data for the one
pair of summary screens and the one score history (tt22.tui.summary):
`MANIPULATION_SCREENS` is the game's interface description (its registry entry's
`screens`); its help is tt22.tui.games.manipulation.help.

A finished hand as a view has it is `(winner, how it ended, the cards left, deltas)`
(views.ShortResult): the penalties are the engine's deltas, not counted here again; the
totals are the view's scores, or (the history) the deltas summed hand by hand. Names
arrive made safe (tt22.core.safe.printable) and go into `Text`, never markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from tt22.core.cards import show_card
from tt22.games.manipulation.cards import hand_order
from tt22.games.manipulation.engine import OUT
from tt22.tui.i18n import add_section, addressed, said, t
from tt22.tui.summary.data import Column, Grid, HelpPage, Row, ScoreHistory, Summary
from tt22.tui.summary.words import winner_line

__all__ = ["MANIPULATION_SCREENS", "ManipulationScreens", "hand_grid", "hand_lines", "totals"]

add_section(
    "manipulation.summary.",
    {
        "hand_over": ("Hand {n} is over", "{n}번째 판 끝", "第{n}ハンド終了"),
        "next_hand": ("Next hand", "다음 판", "次のハンド"),
        "went_out": ("{name} went out (X6).", "{name}이(가) 나갔습니다 (X6).",
                     "{name} が上がりました (X6)。"),
        "went_out.you": ("You went out (X6).", "내가 나갔습니다 (X6).",
                         "あなたが上がりました (X6)。"),
        "passed": ("Every player passed with the stock empty: no winner, and everyone takes "
                   "their cards as penalty (X7).",
                   "더미가 비어 모두 패스했습니다: 이긴 사람 없이 모두 손의 카드를 벌점으로 "
                   "받습니다 (X7).",
                   "山札が尽きて全員がパス: 勝者なし、全員が手札を失点として受けます (X7)。"),
        "others": ("The others take their cards as penalty (X8):",
                   "나머지 사람은 손의 카드를 벌점으로 받습니다 (X8):",
                   "ほかの人は手札を失点として受けます (X8):"),
        "none_left": ("none", "없음", "なし"),
        "to": ("The game ends when someone reaches {n}; the lowest total wins (X8).",
               "누군가 {n}점에 닿으면 게임이 끝나고, 합계가 가장 낮은 사람이 이깁니다 (X8).",
               "誰かが{n}点に届くとゲーム終了、合計が一番少ない人の勝ち (X8)。"),
        "col_cards": ("Cards", "카드", "枚数"),
        "col_penalty": ("Penalty", "벌점", "失点"),
        "col_total": ("Total", "합계", "合計"),
        "legend": ("+ went out (lowest total wins)", "+ 나감 (합계가 낮을수록 좋음)",
                   "+ 上がり (合計が少ないほど有利)"),
    },
)  # fmt: skip


def _w(key: str, **values: object) -> str:
    return t("manipulation.summary." + key, **values)


def totals(view: Any, upto: int) -> tuple[int, ...]:
    """Each seat's penalty total after the first `upto` finished hands: their deltas
    summed (a view's short result carries no scores)."""
    sums = [0] * int(view.players)
    for result in view.history[:upto]:
        sums = [a + int(b) for a, b in zip(sums, result[3], strict=True)]
    return tuple(sums)


def hand_lines(view: Any, names: Sequence[str], a: bool, you: int | None) -> list[Text]:
    """The last finished hand: who went out (said to `you`), or that every seat passed
    (X7); then each penalised seat's cards left in the order of a hand, and its penalty."""
    winner, ended, left, deltas = view.history[-1]
    lines: list[Text] = []
    if ended == OUT and winner >= 0:
        key = "manipulation.summary.went_out"
        spoken = addressed(names[winner], winner == you)
        lines.append(Text(said(key, spoken, name=names[winner]), style="bold"))
        lines.append(Text(_w("others")))
    else:
        lines.append(Text(_w("passed"), style="bold"))
    for seat, cards in enumerate(left):
        if seat == winner:
            continue
        line = Text(names[seat], style="bold")
        line.append(": ")
        shown = " ".join(show_card(c, a) for c in hand_order(cards))
        line.append(shown or _w("none_left"))
        line.append(f"  +{deltas[seat]}", style="bold")
        lines.append(line)
    return lines


def hand_grid(view: Any, names: Sequence[str]) -> Grid:
    """Per seat: the cards left, the hand's penalty (X8) and the total after it, the
    lowest total first."""
    winner, _ended, left, deltas = view.history[-1]
    after = totals(view, len(view.history))
    order = sorted(range(len(names)), key=lambda s: (after[s], s))
    columns = (
        Column(t("col.seat"), grow=True),
        Column(_w("col_cards"), "right"),
        Column(_w("col_penalty"), "right"),
        Column(_w("col_total"), "right"),
    )
    rows = tuple(
        Row(
            (
                Text(names[s], style="bold" if s == winner else ""),
                str(len(left[s])),
                f"+{deltas[s]}",
                Text(str(after[s]), style="bold"),
            )
        )
        for s in order
    )
    return Grid(columns, rows)


def _totals_grid(view: Any, names: Sequence[str]) -> Grid:
    order = sorted(range(len(names)), key=lambda s: (view.scores[s], s))
    rows = tuple(Row((Text(names[s]), Text(str(view.scores[s]), style="bold"))) for s in order)
    return Grid((Column(t("col.seat"), grow=True), Column(_w("col_penalty"), "right")), rows)


def hand_summary(view: Any, names: Sequence[str], you: int | None, a: bool) -> Summary:
    """A hand is over: who went out or that all passed, the penalties and the totals."""
    lines = (*hand_lines(view, names, a, you), Text(_w("to", n=view.rules.target), style="dim"))
    title = _w("hand_over", n=len(view.history))
    return Summary(title, lines, hand_grid(view, names), next_label=_w("next_hand"))


def match_summary(view: Any, names: Sequence[str], you: int | None, a: bool) -> Summary:
    """The game is over: the winner (the lowest total), the last hand, the totals."""
    lines: list[str | Text] = []
    if view.history:
        lines += hand_lines(view, names, a, you)
    lines.append(Text(_w("to", n=view.rules.target), style="dim"))
    winner = winner_line(names, view.winners, you)
    return Summary(t("end.title"), tuple(lines), _totals_grid(view, names), winner=winner)


def score_history(view: Any, names: Sequence[str], you: int | None, a: bool) -> ScoreHistory:
    """Every seat's penalty total after each finished hand (the last ten), + on the hand
    it went out."""
    hands = view.history[-10:]
    start = len(view.history) - len(hands)
    columns = (
        Column(t("col.seat"), grow=True),
        *(Column(str(start + i + 1), "right") for i in range(len(hands))),
    )
    cells: list[list[str | Text]] = [[Text(n)] for n in names]
    for i, result in enumerate(hands):
        after = totals(view, start + i + 1)
        for seat, total in enumerate(after):
            went = result[0] == seat
            cells[seat].append(Text(f"{total}{'+' if went else ' '}", style="bold" if went else ""))
    return ScoreHistory(
        t("end.scores"),
        Grid(columns, tuple(Row(tuple(c)) for c in cells)) if hands else None,
        _w("legend"),
        empty=t("end.no_scores"),
    )


class ManipulationScreens:
    """Manipulation Rummy's end screens, score history and help as plain data; `view` is
    a seat's view (`views.ManipulationView`) with its finished hands."""

    def hand_summary(
        self, view: Any, names: Sequence[str], you: int | None, ascii_style: bool
    ) -> Summary:
        return hand_summary(view, names, you, ascii_style)

    def match_summary(
        self, view: Any, names: Sequence[str], you: int | None, ascii_style: bool
    ) -> Summary:
        return match_summary(view, names, you, ascii_style)

    def score_history(
        self, view: Any, names: Sequence[str], you: int | None, ascii_style: bool
    ) -> ScoreHistory:
        return score_history(view, names, you, ascii_style)

    def help_pages(self) -> Sequence[tuple[str, str]]:
        from tt22.tui.games.manipulation.help import help_pages

        return help_pages()

    def help_page(self, page: str, rules: Any, ascii_style: bool) -> HelpPage:
        from tt22.tui.games.manipulation.help import help_page

        return help_page(rules)

    def page_of(self, rules: Any) -> str:
        return ""


MANIPULATION_SCREENS = ManipulationScreens()
