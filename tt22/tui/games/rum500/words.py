"""500 Rum's and Persian Rummy's words in English, Korean and Japanese.

- Every reason code the engine adds to the family's (`rum500.*`, tt22/games/rum500/
  reasons.py), keyed by the code itself with the engine's English, so the family's
  `reason_text` (tt22.tui.games.rummy.words) says a `Reason` in the player's language.
- What the table and the replayer say beyond the family's words, under "rum500.ui.".
"""

from __future__ import annotations

from collections.abc import Mapping

from tt22.core.protocol import Reason
from tt22.games.rum500.reasons import ENGLISH
from tt22.tui.games.rummy import words as family
from tt22.tui.i18n import add_section, t

__all__ = ["REASONS", "WORDS", "reason_text", "ut"]

REASONS: Mapping[str, tuple[str, str]] = {
    "rum500.stock_empty": (
        "더미가 비었습니다: 버린 카드 더미에서 가져오거나 판을 끝내세요",
        "山札がありません: 捨て札から取るか、この回を終えてください",
    ),
    "rum500.stock_left": (
        "더미가 남아 있습니다: 더미에서 뽑거나 버린 카드 더미에서 가져오세요",
        "山札が残っています: 山札から引くか捨て札から取ってください",
    ),
    "rum500.use_take": (
        "버린 카드 더미에서는 가져갈 가장 깊은 카드를 골라 가져옵니다",
        "捨て札からは取るうちで一番下の札を選んで取ります",
    ),
    "rum500.not_in_pile": (
        "{card}은(는) 버린 카드 더미에 없습니다",
        "{card} は捨て札にありません",
    ),
    "rum500.cannot_use": (
        "{card}은(는) 이번 차례에 멜드하거나 붙일 수 없습니다",
        "{card} はこの番にメルドも付け札もできません",
    ),
    "rum500.must_place": (
        "{card}은(는) 더미 깊은 곳에서 가져왔습니다: 먼저 멜드하거나 붙이세요",
        "{card} は捨て札の下から取りました: 先にメルドするか付けてください",
    ),
    "rum500.opening_low": (
        "첫 등록은 한 차례에 {opening}점을 넘어야 합니다",
        "最初の登録は1回の番で {opening} 点を超えなければなりません",
    ),
    "rum500.opening_unfinished": (
        "등록이 {value}점으로 {opening}점을 넘지 않았습니다",
        "登録は {value} 点で、{opening} 点を超えていません",
    ),
    "rum500.not_opened": (
        "등록({opening}점 초과)을 마친 뒤에만 붙일 수 있습니다",
        "付け札は登録 ({opening} 点超) の後だけです",
    ),
    "rum500.stuck": (
        "그러면 {card}만 남는데, 이번 차례에는 버릴 수 없습니다",
        "それでは {card} だけが残り、この番には捨てられません",
    ),
    "rum500.forced_take": (
        "더미가 비었습니다: 버린 카드 더미에서 가져오거나 판을 끝내세요",
        "山札がありません: 捨て札から取るか、この回を終えてください",
    ),
    "rum500.must_first": (
        "{card}은(는) 더미 깊은 곳에서 가져왔습니다: 지금 내려놓아야 합니다",
        "{card} は捨て札の下から取りました: 今すぐ出さなければなりません",
    ),
    "rum500.opening_first": (
        "등록이 끝나지 않았습니다: 먼저 더 멜드하세요",
        "登録が終わっていません: 先にもっとメルドしてください",
    ),
}

add_section("", {code: (ENGLISH[code], *REASONS[code]) for code in REASONS})

WORDS: Mapping[str, tuple[str, str, str]] = {
    "title_rum500": ("500 Rum", "500 럼", "500ラミー"),
    "title_persian": ("Persian Rummy", "페르시안 러미", "ペルシャン・ラミー"),
    "target_high": ("game to {n}", "{n}점 게임", "{n}点勝負"),
    "deal_of": ("deal {n} of 2", "2딜 중 {n}", "2ディール中 {n}"),
    "key.pile": ("Pile", "더미 카드", "捨て札"),
    "key.take": ("Take", "가져오기", "取る"),
    "team": ("Team {x}", "{x}팀", "{x}チーム"),  # (as the summaries say it: Team A, B)
    "this_hand": ("+{n} this hand", "이번 판 +{n}", "この回 +{n}"),
    "this_hand_neg": ("{n} this hand", "이번 판 {n}", "この回 {n}"),
    "open_mark": ("opened", "등록함", "登録済"),
    "pile_spread": (
        "Discard pile ({n}, top last):",
        "버린 카드 ({n}장, 맨 위는 끝):",
        "捨て札 ({n}枚、最後が一番上):",
    ),
    "say_draw": (
        "Draw from the stock (Enter), or choose a card of the pile with p.",
        "더미에서 뽑거나(Enter), p로 버린 카드를 고르세요.",
        "山札から引くか (Enter)、p で捨て札を選んでください。",
    ),
    "say_draw_empty": (
        "The stock is empty: choose a card of the pile with p, or end the hand (Enter).",
        "더미가 비었습니다: p로 버린 카드를 고르거나 판을 끝내세요(Enter).",
        "山札がありません: p で捨て札を選ぶか、この回を終えてください (Enter)。",
    ),
    "say_take_top": (
        "Take {card} (Enter).",
        "{card} 가져오기(Enter).",
        "{card} を取る (Enter)。",
    ),
    "say_take_deep": (
        "Take {card} and the {n} cards above it (Enter): {card} must be melded or laid off "
        "this turn.",
        "{card}와(과) 그 위의 {n}장 가져오기(Enter): {card}은(는) 이번 차례에 멜드하거나 "
        "붙여야 합니다.",
        "{card} とその上の {n} 枚を取る (Enter): {card} はこの番にメルドか付け札が必要です。",
    ),
    "say_take_one_above": (
        "Take {card} and the card above it (Enter): {card} must be melded or laid off this turn.",
        "{card}와(과) 그 위의 1장 가져오기(Enter): {card}은(는) 이번 차례에 멜드하거나 "
        "붙여야 합니다.",
        "{card} とその上の 1 枚を取る (Enter): {card} はこの番にメルドか付け札が必要です。",
    ),
    "say_take_more": (
        "p: another card of the pile ({n} may be taken); Esc: none.",
        "p: 다른 버린 카드 (가져갈 수 있는 카드 {n}장). Esc: 취소.",
        "p: 別の捨て札 (取れる札 {n} 枚)。Esc: やめる。",
    ),
    "opening_so_far": (
        "Opening: {n} of more than {opening}.",
        "등록: {opening}점 초과 중 {n}점.",
        "登録: {opening} 点超のうち {n} 点。",
    ),
    "opening_with": (
        "Opening: {n} of more than {opening} with these cards.",
        "등록: 이 카드로 {opening}점 초과 중 {n}점.",
        "登録: この札で {opening} 点超のうち {n} 点。",
    ),
    "in_hand": ("In hand: {n} points", "손패: {n}점", "手札: {n}点"),
    "melds_ready": ("{n} melds ready", "멜드 {n}개 가능", "メルド{n}組可"),
    "hint.take": (
        "take {card} from the pile",
        "버린 카드 {card} 가져오기",
        "捨て札の {card} を取る",
    ),
    "hint.take_deep": (
        "take {card} and the {n} cards above it",
        "{card}와(과) 그 위의 {n}장 가져오기",
        "{card} とその上の {n} 枚を取る",
    ),
    "hint.discard": ("discard {card}", "{card} 버리기", "{card} を捨てる"),
    "hint.stock_over": ("end the hand", "판 끝내기", "この回を終える"),
    "score_pts": ("{n} pts", "{n}점", "{n}点"),
}

add_section("rum500.ui.", WORDS)


def ut(key: str, **values: object) -> str:
    """A word of this section in the current language."""
    return t("rum500.ui." + key, **values)


def reason_text(reason: Reason, ascii_style: bool = True, melds_from_one: bool = False) -> str:
    """A reason of 500 Rum's (`rum500.*`) or of the family's it shares (`rummy.*`) in
    the player's language: the family's renderer, with this game's codes now in the
    catalogue (tt22.tui.reasons finds it by the code's namespace)."""
    return family.reason_text(reason, ascii_style, melds_from_one)


def table_reason(reason: Reason, ascii_style: bool) -> str:
    """A reason as this table says it, melds numbered from 1 (tt22.tui.reasons)."""
    return reason_text(reason, ascii_style, melds_from_one=True)
