"""Manipulation Rummy's words in English, Korean and Japanese.

Two kinds, both in the one catalogue (`tt22.tui.i18n.CATALOGUE`), as the Rummy
family's words are:
- `REASONS`: every reason code of the engine (`manipulation.*`,
  tt22/games/manipulation/reasons.py), keyed by the code, with the engine's English and
  the same placeholders, so that `reason_text` says a `Reason` in the player's language;
- `WORDS`: what the table and the replayer say, under the prefix "manipulation.ui.".
"""

from __future__ import annotations

from collections.abc import Mapping

from tt22.core.cards import show_card
from tt22.core.protocol import Reason
from tt22.games.manipulation.cards import CODE
from tt22.games.manipulation.reasons import ENGLISH
from tt22.tui.i18n import CATALOGUE, add_section, sentence, t

__all__ = ["REASONS", "WORDS", "mt", "reason_text"]

REASONS: Mapping[str, tuple[str, str]] = {
    "manipulation.over": ("게임이 끝났습니다", "ゲームは終わりました"),
    "manipulation.not_a_move": (
        "{kind}은(는) 이 게임의 수가 아닙니다",
        "{kind} はこのゲームの手ではありません",
    ),
    "manipulation.turn": (
        "{seat}번 자리가 아니라 {expected}번 자리의 차례입니다",
        "{seat} 番の席ではなく {expected} 番の席の番です",
    ),
    "manipulation.not_yours": (
        "{seat}번 자리의 수이지 당신의 수가 아닙니다",
        "{seat} 番の席の手で、あなたの手ではありません",
    ),
    "manipulation.not_a_card": ("{card}은(는) 카드가 아닙니다", "{card} はカードではありません"),
    "manipulation.no_card": (
        "손에서 한 장 이상 테이블에 내려놓아야 합니다",
        "手札から1枚以上テーブルに出さなければなりません",
    ),
    "manipulation.not_held": (
        "{card}은(는) 손에 없습니다 ({count}장 요청, {held}장 보유)",
        "{card} は手札にありません({count}枚指定、{held}枚所持)",
    ),
    "manipulation.went_back": (
        "{cards}이(가) 손으로 돌아가게 됩니다: 테이블의 카드는 모두 테이블에 남습니다",
        "{cards} が手札に戻ってしまいます: テーブルの札はすべてテーブルに残ります",
    ),
    "manipulation.extra": (
        "{cards}은(는) 테이블에도, 내는 카드에도 없습니다",
        "{cards} はテーブルにも出す札にもありません",
    ),
    "manipulation.meld_short": (
        "{number}번 멜드 ({cards}): 멜드는 3장 이상이어야 합니다",
        "{number}番のメルド({cards}): メルドは3枚以上必要です",
    ),
    "manipulation.group_suits": (
        "{number}번 멜드 ({cards}): 그룹은 무늬가 모두 달라야 합니다",
        "{number}番のメルド({cards}): グループはスートがすべて異なる必要があります",
    ),
    "manipulation.run_sequence": (
        "{number}번 멜드 ({cards}): 런은 연속된 3장 이상이어야 합니다",
        "{number}番のメルド({cards}): ランは連続した3枚以上が必要です",
    ),
    "manipulation.run_corner": (
        "{number}번 멜드 ({cards}): 런은 K-A-2처럼 돌아갈 수 없습니다",
        "{number}番のメルド({cards}): ランは K-A-2 のように回り込めません",
    ),
    "manipulation.meld_mixed": (
        "{number}번 멜드 ({cards}): 멜드는 같은 숫자(그룹)이거나 같은 무늬(런)여야 합니다",
        "{number}番のメルド({cards}): メルドは同じ数字(グループ)か同じスート(ラン)です",
    ),
    "manipulation.stock_empty": (
        "더미가 비었습니다: 내려놓거나 패스하세요",
        "山札がありません: 出すかパスしてください",
    ),
    "manipulation.stock_left": (
        "더미가 남아 있습니다: 내려놓거나 뽑으세요",
        "山札が残っています: 出すか引いてください",
    ),
    "manipulation.opening_low": (
        "첫 내려놓기로 손에서 {points}점을 냅니다. {opening}점이 필요합니다",
        "最初に出す札は手札から {points} 点です。{opening} 点必要です",
    ),
    "manipulation.opening_kept": (
        "첫 내려놓기 전에는 테이블의 멜드를 바꿀 수 없습니다: 손의 카드로 멜드를 더하세요",
        "最初に出すまではテーブルのメルドを組み替えられません: 手札でメルドを加えてください",
    ),
    "manipulation.must_draw": (
        "손의 어떤 카드도 테이블에 놓을 수 없습니다: 뽑으세요",
        "手札のどの札もテーブルに置けません: 引いてください",
    ),
    "manipulation.must_pass": (
        "더미가 비었고 손의 어떤 카드도 테이블에 놓을 수 없습니다: 패스하세요",
        "山札がなく、手札のどの札もテーブルに置けません: パスしてください",
    ),
}

add_section("", {code: (ENGLISH[code], *REASONS[code]) for code in ENGLISH})


def reason_text(reason: Reason, ascii_style: bool = False) -> str:
    """A reason of this game in the player's language, with its rule number, cards in
    the table's style (`TS` or `10♠`); a code missing from the catalogue is shown as
    the code, never as nothing."""
    args = {key: _arg(key, value, ascii_style) for key, value in reason.args}
    text = sentence(t(reason.code, **args)) if reason.code in CATALOGUE else reason.code
    return f"{text} ({reason.rule})" if reason.rule else text


def _arg(key: str, value: object, ascii_style: bool) -> str:
    if key in ("card", "cards") and isinstance(value, str):
        words = value.split()
        if words and all(w in CODE for w in words):
            return " ".join(show_card(CODE[w], ascii_style) for w in words)
    return str(value)


WORDS: Mapping[str, tuple[str, str, str]] = {
    # keys (the key bar: short, so that the turn's keys fit 80 columns)
    "key.move": ("Move", "이동", "移動"),
    "key.row": ("Row", "줄", "行"),
    "key.pick": ("Pick", "선택", "選ぶ"),
    "key.new_group": ("Group", "그룹", "新規"),
    "key.into": ("Add", "넣기", "追加"),
    "key.back": ("Back", "빼기", "戻す"),
    "key.play": ("Play", "놓기", "出す"),
    "key.draw": ("Draw", "뽑기", "引く"),
    "key.pass": ("Pass", "패스", "パス"),
    "key.reveal": ("My turn", "내 차례", "自分の番"),
    "key.reset": ("Reset", "원래대로", "元に戻す"),
    "key.find": ("Find", "찾기", "探す"),
    # the status line and the seats
    "hand_no": ("Hand {n}", "{n}번째 판", "第{n}回"),
    "turn_no": ("turn {n}", "{n}번째 차례", "{n}手番目"),
    "target": ("ends at {n}, lowest wins", "{n}점에 끝, 낮은 쪽 승", "{n}点で終了、低い方の勝ち"),
    "you": ("(you)", "(나)", "(あなた)"),
    "dealer": ("(dealer)", "(딜러)", "(親)"),
    "cards": ("{n} cards", "{n}장", "{n}枚"),
    "penalty": ("{n} penalty", "벌점 {n}", "失点 {n}"),
    "not_opened": ("not opened", "첫 내려놓기 전", "未オープン"),
    # the table and the work area
    "table": ("Table:", "테이블:", "テーブル:"),
    "work": ("New table:", "새 테이블:", "新テーブル:"),
    "no_melds": ("no melds yet", "아직 멜드 없음", "まだメルドなし"),
    "stock": ("Stock: {n}", "더미: {n}장", "山札: {n}枚"),
    "hand": ("Hand:", "손:", "手札:"),
    "recent": ("Since your turn:", "내 차례 이후:", "あなたの前の番から:"),
    "recent_of": ("Since {name}'s turn:", "{name} 차례 이후:", "{name}の前の番から:"),
    "nothing_yet": ("nothing yet", "아직 없음", "まだなし"),
    "ev_draw": ("drew", "뽑음", "引いた"),
    "ev_pass": ("passed", "패스함", "パスした"),
    "ev_play": ("played {cards}", "{cards} 내려놓음", "{cards} を出した"),
    "ev_sep": (", ", ", ", "、"),
    # what the turn says
    "say_turn": (
        "Your turn: Space picks cards from your hand and the table, n makes a new group, "
        "g adds them to the group under the cursor; Enter draws.",
        "내 차례: Space로 손과 테이블의 카드를 고르고, n으로 새 그룹, g로 커서의 그룹에 "
        "넣습니다. Enter는 뽑기.",
        "自分の番: Space で手札とテーブルの札を選び、n で新グループ、g でカーソルの"
        "グループへ。Enter で引く。",
    ),
    "say_turn_pass": (
        "Your turn: build a new table with your cards, or pass (the stock is empty).",
        "내 차례: 손의 카드로 새 테이블을 만들거나 패스하세요 (더미가 비었습니다).",
        "自分の番: 手札で新しいテーブルを作るか、パスしてください(山札がありません)。",
    ),
    "say_ready": (
        "Every group is a meld: Enter plays {cards}.",
        "모든 그룹이 멜드입니다: Enter로 {cards}을(를) 내려놓습니다.",
        "すべてのグループがメルドです: Enter で {cards} を出します。",
    ),
    "say_bad": ("Not yet: {why}", "아직 안 됩니다: {why}", "まだです: {why}"),
    "say_more": ("(and {n} more)", "(그 밖에 {n}개)", "(ほか {n} 個)"),
    "say_no_hand": (
        "Put at least one card of your hand in: Esc puts everything back.",
        "손의 카드를 한 장 이상 넣으세요: Esc로 모두 되돌립니다.",
        "手札から1枚以上入れてください: Esc ですべて戻します。",
    ),
    "picked": ("Picked: {cards}", "선택: {cards}", "選択: {cards}"),
    "pick_first": (
        "Pick cards first (Space).",
        "먼저 카드를 고르세요 (Space).",
        "先に札を選んでください(Space)。",
    ),
    "into_which": (
        "Move the cursor onto a group of the new table first (up).",
        "먼저 커서를 새 테이블의 그룹으로 옮기세요 (위).",
        "先にカーソルを新テーブルのグループへ動かしてください(上)。",
    ),
    "hand_stays": (
        "That card is in your hand already.",
        "그 카드는 이미 손에 있습니다.",
        "その札はもう手札にあります。",
    ),
    "reset_done": (
        "The table is as it was.",
        "테이블이 원래대로 돌아왔습니다.",
        "テーブルを元に戻しました。",
    ),
    "finding": ("Looking for a play...", "내려놓을 방법을 찾는 중...", "出し方を探しています..."),
    "found": (
        "Proposed: {cards} on the table. Enter plays it, or change it.",
        "제안: {cards}을(를) 테이블에. Enter로 내려놓거나 고치세요.",
        "提案: {cards} をテーブルへ。Enter で出すか、直してください。",
    ),
    "found_none": (
        "No play uses those cards.",
        "그 카드들을 쓰는 방법이 없습니다.",
        "その札を使う出し方はありません。",
    ),
    "hint_draw": ("Hint: draw from the stock.", "힌트: 더미에서 뽑기.", "ヒント: 山札から引く。"),
    "hint_pass": ("Hint: pass.", "힌트: 패스.", "ヒント: パス。"),
    "waiting": ("{name} is thinking...", "{name} 생각 중...", "{name} が考えています..."),
    "game_over": ("The game is over.", "게임이 끝났습니다.", "ゲームは終わりました。"),
    "pass_to": (
        "Pass the keyboard to {name}, then press Enter.",
        "{name}에게 키보드를 넘기고 Enter를 누르세요.",
        "{name} にキーボードを渡して Enter を押してください。",
    ),
    "hidden": ("(the hand is hidden)", "(패가 가려져 있습니다)", "(手札は伏せています)"),
    "hand_over": (
        "Hand {n} is over.",
        "{n}번째 판이 끝났습니다.",
        "第{n}回が終わりました。",
    ),
    "not_saved": (
        "The match was not saved: {reason}",
        "경기가 저장되지 않았습니다: {reason}",
        "対局は保存されませんでした: {reason}",
    ),
    # the replayer
    "replay_move": ("move {i} of {n}", "{n}수 중 {i}", "{n}手中 {i}"),
    "replay_all": ("Every hand open", "모든 패 공개", "全員の手札を公開"),
    "replay_seat": ("As {name} saw it", "{name}의 시점", "{name} から見た場面"),
    "replay_seat.you": ("As you saw it", "나의 시점", "あなたから見た場面"),
    "replay_problem": (
        "The record breaks here: {problem}",
        "기록이 여기서 끊깁니다: {problem}",
        "記録はここで途切れます: {problem}",
    ),
    "over": ("over", "끝", "終了"),
    "broke": ("Broke:", "깨진 멜드:", "崩したメルド:"),
    "made": ("Made:", "만든 멜드:", "作ったメルド:"),
    "kept_all": ("no meld broken", "깨진 멜드 없음", "崩したメルドなし"),
    "from_hand": ("From the hand:", "손에서:", "手札から:"),
}

add_section("manipulation.ui.", WORDS)


def mt(key: str, **values: object) -> str:
    """A word of this section (`manipulation.ui.` + key) in the current language."""
    return t("manipulation.ui." + key, **values)


def table_reason(reason: Reason, ascii_style: bool) -> str:
    """A reason as this table says it (tt22.tui.reasons finds it here)."""
    return reason_text(reason, ascii_style)
