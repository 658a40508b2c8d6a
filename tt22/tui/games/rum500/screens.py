"""What the end of a 500 Rum or Persian Rummy hand and of its game say, and the score
history, as plain data for the one pair of summary screens and the one score history
(tt22.tui.summary): `RUM500_SCREENS` and `PERSIAN_SCREENS` are the two games' interface
descriptions (their registry entries' `screens`), and their help is tt22.tui.games.rum500.help.

Every number shown is the engine's: a finished hand (`views.HandSummary`) carries each
seat's value melded and laid off (F8), its bonuses (P4's four jokers, P5's going out),
the value still held, the hand's points and the scores after it (a side's total for
both partners in Persian, P2), so nothing here counts cards. The one number read as a
difference is P7's game bonus, which the engine adds to the final scores after the last
hand's. Names arrive made safe (tt22.core.safe.printable) and go into `Text`, never
markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from tt22.core.safe import printable
from tt22.games.rum500.cards import show
from tt22.games.rum500.engine import ENDED_OUT, ENDED_STOCK
from tt22.tui.i18n import add_section, addressed, said, t
from tt22.tui.summary.data import Column, Grid, HelpPage, Row, ScoreHistory, Summary
from tt22.tui.summary.words import winner_line

__all__ = [
    "PERSIAN_SCREENS",
    "RUM500_SCREENS",
    "Rum500Screens",
    "game_bonus",
    "hand_grid",
    "hand_lines",
    "team_name",
]

add_section(
    "rum500.summary.",
    {
        "hand_over": ("Hand {n} is over", "{n}번째 판 끝", "第{n}ハンド終了"),
        "deal_over": ("Deal {n} of 2 is over", "2번 중 {n}번째 딜 끝", "2回中{n}回目の配り終了"),
        "next_hand": ("Next hand", "다음 판", "次のハンド"),
        "next_deal": ("Next deal", "다음 딜", "次の配り"),
        "went_out": ("{name} went out (F7).", "{name}이(가) 나갔습니다 (F7).",
                     "{name} が上がりました (F7)。"),
        "went_out.you": ("You went out (F7).", "내가 나갔습니다 (F7).",
                         "あなたが上がりました (F7)。"),
        "out_bonus": ("Going out scores the side {n} (P5).",
                      "나간 사람의 팀이 {n}점을 얻습니다 (P5).",
                      "上がった人のチームに{n}点 (P5)。"),
        "stock": ("The stock ran out: the hand is over, nobody went out (F7).",
                  "더미가 떨어져 판이 끝났습니다. 나간 사람은 없습니다 (F7).",
                  "山札が尽きてハンド終了、上がった人はいません (F7)。"),
        "turns": ("Too many turns: a void hand, nobody scores (F9).",
                  "차례가 너무 많습니다: 무효 판, 점수 없음 (F9).",
                  "手番が多すぎます: 流局、得点なし (F9)。"),
        "four_jokers": ("{name} put the four jokers down at once: +{n} (P4).",
                        "{name}이(가) 조커 네 장을 한 번에 내려놓았습니다: +{n} (P4).",
                        "{name} がジョーカー4枚を一度に出しました: +{n} (P4)。"),
        "four_jokers.you": ("You put the four jokers down at once: +{n} (P4).",
                            "내가 조커 네 장을 한 번에 내려놓았습니다: +{n} (P4).",
                            "あなたがジョーカー4枚を一度に出しました: +{n} (P4)。"),
        "four_kind": ("{name} put four of a kind down at once: +{n} (P4).",
                      "{name}이(가) 같은 숫자 네 장을 한 번에 내려놓았습니다: +{n} (P4).",
                      "{name} が同じ数字4枚を一度に出しました: +{n} (P4)。"),
        "four_kind.you": ("You put four of a kind down at once: +{n} (P4).",
                          "내가 같은 숫자 네 장을 한 번에 내려놓았습니다: +{n} (P4).",
                          "あなたが同じ数字4枚を一度に出しました: +{n} (P4)。"),
        "left": ("Left in hand (F8):", "손에 남은 카드 (F8):", "手札に残った札 (F8):"),
        "none_left": ("none", "없음", "なし"),
        "to": ("The first to {n} wins (F9).", "{n}점에 먼저 닿으면 이깁니다 (F9).",
               "先に{n}点に届いた人の勝ち (F9)。"),
        "two_deals": ("Two deals make the game; the side ahead then scores {n} more (P7).",
                      "두 번의 딜이 한 게임입니다. 앞선 팀이 {n}점을 더 얻습니다 (P7).",
                      "2回の配りで1ゲーム、その後リードしたチームに{n}点 (P7)。"),
        "bonus_won": ("{team} is ahead after the deals and scores {n} more (P7).",
                      "{team}이(가) 앞서 {n}점을 더 얻습니다 (P7).",
                      "{team} がリードし、さらに{n}点を得ます (P7)。"),
        "bonus_draw": ("Equal points: a draw, no bonus (P7).",
                       "점수가 같아 무승부, 보너스 없음 (P7).",
                       "同点のため引き分け、ボーナスなし (P7)。"),
        "team": ("Team {x}", "{x}팀", "{x}チーム"),
        "col_melded": ("Melded", "멜드", "メルド"),
        "col_bonus": ("Bonus", "보너스", "ボーナス"),
        "col_held": ("In hand", "손패", "手札"),
        "col_hand": ("Hand", "이번 판", "今回"),
        "col_total": ("Total", "합계", "合計"),
        "col_deals": ("Deals", "딜", "配り"),
        "col_game": ("Game", "게임", "ゲーム"),
        "legend": ("+ went out", "+ 나감", "+ 上がり"),
        "legend_p7": ("+ went out  P7: with the game bonus", "+ 나감  P7: 게임 보너스 포함",
                      "+ 上がり  P7: ゲームのボーナス込み"),
    },
)  # fmt: skip


def _w(key: str, **values: object) -> str:
    return t("rum500.summary." + key, **values)


def _about(key: str, names: Sequence[str], seat: int, you: int | None, **values: object) -> str:
    """A sentence about seat `seat`, said to it when it is the one at this keyboard."""
    return said(
        "rum500.summary." + key, addressed(names[seat], seat == you), name=names[seat], **values
    )


def _persian(view: Any) -> bool:
    return bool(getattr(view.rules, "persian", False))


def team_name(side: int, names: Sequence[str]) -> str:
    """P2: a partnership as one: "Team A (Ann, Bot 2)" for seats 0 and 2."""
    members = t("sep.list").join(printable(names[s], 40) for s in (side, side + 2))
    return f"{_w('team', x='AB'[side])} ({members})"


def _cards(cards: Sequence[int], a: bool) -> Text:
    if not cards:
        return Text(_w("none_left"), style="dim")
    return Text(" ".join(show(c, a) for c in cards))


def _four_key(view: Any) -> str:
    """P4's words: four jokers (`four_jokers = 4`) or any four of a kind (2)."""
    return "four_jokers" if getattr(view.rules, "four_jokers", 4) == 4 else "four_kind"


def hand_lines(
    view: Any, names: Sequence[str], a: bool, you: int | None, hand: Any = None
) -> list[Text]:
    """A finished hand in lines: how it ended (F7, F9), P4's and P5's bonuses as the
    engine counted them, and each seat's cards left in hand (F8)."""
    h = view.history[-1] if hand is None else hand
    lines: list[Text] = []
    if h.ended == ENDED_OUT:
        lines.append(Text(_about("went_out", names, h.out, you), style="bold"))
    elif h.ended == ENDED_STOCK:
        lines.append(Text(_w("stock"), style="bold"))
    else:
        return [Text(_w("turns"), style="bold")]
    persian = _persian(view)
    out_bonus = view.rules.out_bonus if persian and h.out >= 0 else 0
    for seat, bonus in enumerate(h.bonus):
        four = bonus - (out_bonus if seat == h.out else 0)
        if four > 0:
            lines.append(Text(_about(_four_key(view), names, seat, you, n=four)))
    if out_bonus:
        lines.append(Text(_w("out_bonus", n=out_bonus)))
    if h.left:
        lines.append(Text(_w("left")))
        for seat in _seat_order(view):
            line = Text(names[seat], style="bold")
            line.append(": ")
            line.append_text(_cards(h.left[seat], a))
            lines.append(line)
    return lines


def _seat_order(view: Any) -> tuple[int, ...]:
    """The seats as the grid lists them: partners together in Persian (0, 2, 1, 3)."""
    n = int(view.players)
    return (0, 2, 1, 3) if _persian(view) and n == 4 else tuple(range(n))


def _signed(n: int) -> str:
    return f"-{n}" if n else "0"


def hand_grid(view: Any, names: Sequence[str], hand: Any = None) -> Grid:
    """F8's sum per seat: melded and laid off, (Persian) the bonuses, less what is held,
    the hand's points and the total after it; in Persian each side's two seats, then
    the side's sums and its one total (P2)."""
    h = view.history[-1] if hand is None else hand
    persian = _persian(view)
    heads = ["col_melded", *(["col_bonus"] if persian else []), "col_held", "col_hand"]
    columns = (
        Column(t("col.seat"), grow=True),
        *(Column(_w(k), "right") for k in heads),
        Column(_w("col_total"), "right"),
    )

    def cells(seats: Sequence[int]) -> list[str | Text]:
        melded = sum(h.melded[s] for s in seats)
        bonus = sum(h.bonus[s] for s in seats)
        held = sum(h.held[s] for s in seats)
        points = sum(h.points[s] for s in seats)
        row: list[str | Text] = [str(melded)]
        if persian:
            row.append(str(bonus))
        row += [_signed(held), str(points)]
        return row

    rows: list[Row] = []
    if persian:
        for side in (0, 1):
            for seat in (side, side + 2):
                rows.append(Row((Text(names[seat]), *cells((seat,)), "")))
            total = Text(str(h.scores[side]), style="bold")
            team = Text(team_name(side, names), style="bold")
            rows.append(Row((team, *cells((side, side + 2)), total)))
    else:
        for seat in range(len(h.points)):
            total = Text(str(h.scores[seat]), style="bold")
            rows.append(Row((Text(names[seat]), *cells((seat,)), total)))
    return Grid(columns, tuple(rows))


def game_bonus(view: Any) -> tuple[int, ...]:
    """P7's bonus per seat as the engine added it: the final scores less the scores after
    the last hand (zeros in 500 Rum, in a draw, or before the game is over)."""
    if not _persian(view) or not view.history or not view.winners:
        return (0,) * len(view.scores)
    last = view.history[-1].scores
    return tuple(int(s) - int(b) for s, b in zip(view.scores, last, strict=True))


def _totals_grid(view: Any, names: Sequence[str]) -> Grid:
    """The final standings: 500 Rum's seats, highest first (F9); Persian's two sides,
    with the deals' points and P7's game bonus."""
    if _persian(view):
        bonus = game_bonus(view)
        deals = view.history[-1].scores if view.history else view.scores
        columns = (
            Column(t("col.seat"), grow=True),
            Column(_w("col_deals"), "right"),
            Column(_w("col_game"), "right"),
            Column(_w("col_total"), "right"),
        )
        order = sorted((0, 1), key=lambda s: (-view.scores[s], s))
        rows = tuple(
            Row(
                (
                    Text(team_name(side, names)),
                    str(deals[side]),
                    str(bonus[side]),
                    Text(str(view.scores[side]), style="bold"),
                )
            )
            for side in order
        )
        return Grid(columns, rows)
    order = sorted(range(len(view.scores)), key=lambda s: (-view.scores[s], s))
    rows = tuple(Row((Text(names[s]), Text(str(view.scores[s]), style="bold"))) for s in order)
    return Grid((Column(t("col.seat"), grow=True), Column(_w("col_total"), "right")), rows)


def _bonus_line(view: Any, names: Sequence[str]) -> Text | None:
    """P7: who scored the game's bonus, or that the deals ended in a draw."""
    if not _persian(view) or not view.winners:
        return None
    bonus = game_bonus(view)
    for side in (0, 1):
        if bonus[side] > 0:
            return Text(_w("bonus_won", team=team_name(side, names), n=bonus[side]), style="bold")
    if len(view.winners) == len(view.scores):
        return Text(_w("bonus_draw"), style="bold")
    return None


def _title(view: Any) -> str:
    n = len(view.history)
    return _w("deal_over", n=n) if _persian(view) else _w("hand_over", n=n)


def hand_summary(view: Any, names: Sequence[str], you: int | None, a: bool) -> Summary:
    """A hand is over: how it ended, the bonuses, the cards left, and F8's sums."""
    target = view.rules.target
    rule = _w("two_deals", n=view.rules.game_bonus) if _persian(view) else _w("to", n=target)
    lines = (*hand_lines(view, names, a, you), Text(rule, style="dim"))
    label = _w("next_deal") if _persian(view) else _w("next_hand")
    return Summary(_title(view), lines, hand_grid(view, names), next_label=label)


def match_summary(view: Any, names: Sequence[str], you: int | None, a: bool) -> Summary:
    """The game is over: the winner (a side named as one in Persian), the last hand's
    end, P7's bonus and the final standings."""
    lines: list[str | Text] = []
    if view.history:
        lines += hand_lines(view, names, a, you)
    bonus = _bonus_line(view, names)
    if bonus is not None:
        lines.append(bonus)
    winners = tuple(view.winners)
    if _persian(view) and len(winners) == 2:
        winner = t("match.winner", names=team_name(winners[0] % 2, names))
        if you is not None and you % 2 == winners[0] % 2:
            winner = t("match.you_win")
    else:
        winner = winner_line(names, winners, you)
    return Summary(t("end.title"), tuple(lines), _totals_grid(view, names), winner=winner)


def score_history(view: Any, names: Sequence[str], you: int | None, a: bool) -> ScoreHistory:
    """The scores after each finished hand, as the engine kept them, + on the hand a
    seat went out (in Persian a row per side, its going out either partner's); a
    finished Persian game adds a column with P7's game bonus."""
    hands = view.history[-10:]
    start = len(view.history) - len(hands)
    persian = _persian(view)
    rows_of = (0, 1) if persian else tuple(range(len(names)))
    bonus = game_bonus(view)
    final = persian and any(bonus)
    columns = (
        Column(t("col.seat"), grow=True),
        *(Column(str(start + i + 1), "right") for i in range(len(hands))),
        *((Column("P7", "right"),) if final else ()),
    )
    rows: list[Row] = []
    for who in rows_of:
        cells: list[str | Text] = [Text(team_name(who, names) if persian else names[who])]
        for h in hands:
            went = h.ended == ENDED_OUT and (h.out % 2 == who if persian else h.out == who)
            mark = "+" if went else " "
            cells.append(Text(f"{h.scores[who]}{mark}", style="bold" if went else ""))
        if final:
            cells.append(Text(f"{view.scores[who]} ", style="bold"))
        rows.append(Row(tuple(cells)))
    return ScoreHistory(
        t("end.scores"),
        Grid(columns, tuple(rows)) if hands else None,
        _w("legend_p7" if final else "legend"),
        empty=t("end.no_scores"),
    )


class Rum500Screens:
    """500 Rum's or (`persian`) Persian Rummy's end screens, score history and help as
    plain data; `view` is a seat's view (`views.RumView`) with its finished hands."""

    def __init__(self, *, persian: bool) -> None:
        self.persian = persian

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
        from tt22.tui.games.rum500.help import help_pages

        return help_pages(persian=self.persian)

    def help_page(self, page: str, rules: Any, ascii_style: bool) -> HelpPage:
        from tt22.tui.games.rum500.help import help_page

        return help_page(rules, persian=self.persian, ascii_style=ascii_style)

    def page_of(self, rules: Any) -> str:
        return ""


RUM500_SCREENS = Rum500Screens(persian=False)
PERSIAN_SCREENS = Rum500Screens(persian=True)
