"""The end screens' own words, the same for every game (review L10: one layout, one set
of keys and words at every game's end). A game's words (its hand's title, who made the
bid) come with its data; these are the frame around them."""

from __future__ import annotations

from collections.abc import Sequence

from tt22.core.safe import printable
from tt22.tui.i18n import add_section, t

__all__ = ["winner_line"]

add_section(
    "end.",
    {
        "title": ("Game over", "게임 종료", "ゲーム終了"),
        "next": ("Next hand", "다음 판", "次のハンド"),
        "scores": ("Scores after each hand", "판마다의 점수", "ハンドごとの得点"),
        "no_scores": (
            "No hand is over yet.",
            "아직 끝난 판이 없습니다.",
            "まだ終わったハンドはありません。",
        ),
    },
)


def winner_line(names: Sequence[str], winners: Sequence[int], you: int | None) -> str:
    """Who won, in the same words at every game's end: "You win!" to the one person at
    this keyboard when they alone won, else "Winner: A, B", or that nobody won."""
    if you is not None and tuple(winners) == (you,):
        return t("match.you_win")
    shown = t("sep.list").join(printable(names[s], 40) for s in winners)
    return t("match.winner", names=shown) if shown else t("match.no_winner")
