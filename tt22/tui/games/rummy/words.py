"""The Rummy family's words in English, Korean and Japanese.

Two kinds, both added to the one catalogue (`tt22.tui.i18n.CATALOGUE`):
- `REASONS`: every reason code of the engine (`rummy.*`, `gin.*`, tt22/games/rummy/
  reasons.py), keyed by the code itself, with the engine's English and the same
  placeholders, so `reason_text` fills in a `Reason`'s arguments in the player's language
  instead of turning English back into keys.
- `WORDS`: what the table and the replayer say, under the prefix "rummy.ui.".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from tt22.core.cards import show_card
from tt22.core.protocol import Reason
from tt22.games.rummy.cards import CODE
from tt22.games.rummy.reasons import ENGLISH
from tt22.tui.games.rummy.widgets import card_run
from tt22.tui.i18n import CATALOGUE, add_section, is_default_name, said, sentence, t

__all__ = [
    "REASONS",
    "WORDS",
    "event_text",
    "events_text",
    "reason_text",
    "rs",
    "rt",
    "styled",
    "table_melds",
    "title",
]

REASONS: Mapping[str, tuple[str, str]] = {
    "rummy.over": ("게임이 끝났습니다", "ゲームは終わりました"),
    "rummy.not_a_move": (
        "{kind}은(는) 이 게임의 수가 아닙니다",
        "{kind} はこのゲームの手ではありません",
    ),
    "rummy.turn": (
        "{seat}번 자리가 아니라 {expected}번 자리의 차례입니다",
        "{seat} 番の席ではなく {expected} 番の席の番です",
    ),
    "rummy.not_yours": (
        "{seat}번 자리의 수이지 당신의 수가 아닙니다",
        "{seat} 番の席の手で、あなたの手ではありません",
    ),
    "rummy.draw_first": (
        "먼저 더미나 버린 카드 더미에서 한 장 가져오세요",
        "まず山札か捨て札から1枚引いてください",
    ),
    "rummy.drawn": (
        "이미 카드를 가져왔습니다: 멜드, 붙이기 또는 버리기를 하세요",
        "もう引きました: メルド、付け札、捨て札のどれかをしてください",
    ),
    "rummy.source": (
        "{source}이(가) 아니라 더미나 버린 카드 더미에서 가져오세요",
        "{source} ではなく山札か捨て札から引いてください",
    ),
    "rummy.pile_empty": ("버린 카드 더미가 비었습니다", "捨て札がありません"),
    "rummy.not_a_card": ("{card}은(는) 카드가 아닙니다", "{card} はカードではありません"),
    "rummy.not_held": ("{card}은(는) 손에 없습니다", "{card} は手札にありません"),
    "rummy.taken_back": (
        "{card}은(는) 이번 차례에 버린 카드 더미에서 가져온 카드입니다",
        "{card} はこの番に捨て札から取ったカードです",
    ),
    "rummy.not_a_meld": (
        "{cards}은(는) 런도 그룹도 아닙니다",
        "{cards} はランでもグループでもありません",
    ),
    "rummy.no_meld": (
        "테이블에 {meld}번 멜드가 없습니다",
        "テーブルに {meld} 番のメルドはありません",
    ),
    "rummy.no_fit": (
        "{card}은(는) {meld}번 멜드에 이어지지 않습니다",
        "{card} は {meld} 番のメルドにつながりません",
    ),
    "rummy.keep_discard": (
        "버릴 카드를 남기세요: 나가려면 마지막에 한 장 버려야 합니다",
        "捨てるカードを残してください: 上がるには最後に1枚捨てます",
    ),
    "rummy.stuck": (
        "그러면 {card}만 남는데, 이번 차례에는 버릴 수 없습니다",
        "それでは {card} だけが残り、この番には捨てられません",
    ),
    "rummy.stock_only": (
        "버린 카드 더미가 비었습니다: 더미에서 가져오세요",
        "捨て札がありません: 山札から引いてください",
    ),
    "rummy.forced_discard": (
        "버릴 수 있는 카드는 {card}뿐입니다",
        "捨てられるのは {card} だけです",
    ),
    "rummy.only_move": ("할 수 있는 수는 하나뿐입니다: {move}", "できる手はひとつだけです: {move}"),
    "gin.offer": ("업카드를 가져오거나 패스하세요", "アップカードを取るかパスしてください"),
    "gin.stock_first": (
        "둘 다 업카드를 패스했습니다: 딜러가 아닌 사람이 더미에서 가져옵니다",
        "二人ともアップカードをパスしました: ディーラーでない方が山札から引きます",
    ),
    "gin.knock_high": (
        "데드우드가 {deadwood}점이 됩니다. 노크 한도는 {limit}점입니다",
        "デッドウッドが {deadwood} 点になります。ノックの上限は {limit} 点です",
    ),
    "gin.wall": (
        "더미가 {wall}장 남았습니다: 노크하려면 버린 카드를 가져오고, 아니면 패스하세요",
        "山札が残り {wall} 枚です: ノックするなら捨て札を取り、しないならパスしてください",
    ),
    "gin.wall_knock": (
        "마지막 버린 카드를 가져왔으니 노크해야 합니다",
        "最後の捨て札を取ったので、ノックしなければなりません",
    ),
    "gin.wall_no_knock": (
        "{card}을(를) 가져와도 노크할 수 없습니다",
        "{card} を取ってもノックできません",
    ),
}

add_section("", {code: (ENGLISH[code], *REASONS[code]) for code in ENGLISH})


def reason_text(reason: Reason, ascii_style: bool = True, melds_from_one: bool = False) -> str:
    """A reason in the player's language, with its rule number; a code missing from the
    catalogue falls back to the code itself (never to nothing). It starts with a capital,
    as the prompts it stands in for do (L7). The table shows cards in its card style
    (`ascii_style` False: 9♣ for 9C) and numbers the table's melds from 1
    (`melds_from_one`), where the engine and records count from 0."""
    args = {key: _arg(key, value, ascii_style, melds_from_one) for key, value in reason.args}
    text = sentence(t(reason.code, **args)) if reason.code in CATALOGUE else reason.code
    return f"{text} ({reason.rule})"


def _arg(key: str, value: object, ascii_style: bool, melds_from_one: bool) -> str:
    if key == "meld" and melds_from_one and isinstance(value, int):
        return str(value + 1)
    if key in ("card", "cards") and isinstance(value, str):
        words = value.split()
        if words and all(w in CODE for w in words):
            return " ".join(show_card(CODE[w], ascii_style) for w in words)
    return str(value)


WORDS: Mapping[str, tuple[str, str, str]] = {
    # keys (the footer: short, so that a turn's keys fit 80 columns in the ASCII style)
    "key.move": ("Move", "이동", "移動"),
    "key.select": ("Select", "선택", "選択"),
    "key.reveal": ("My turn", "내 차례", "自分の番"),
    "key.stock": ("Draw", "뽑기", "引く"),
    "key.pass": ("Pass", "패스", "パス"),
    "key.lay_here": ("Lay off", "붙이기", "付ける"),
    "key.discard": ("Discard", "버리기", "捨てる"),
    "key.pile": ("Take", "가져오기", "取る"),
    "key.meld": ("Meld", "멜드", "メルド"),
    "key.lay_off": ("Lay off", "붙이기", "付ける"),
    "key.knock": ("Knock", "노크", "ノック"),
    "key.cancel": ("Cancel", "취소", "取消"),
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
    # buttons
    # a hint (i): the move the strongest bot would make from this seat's view
    "hint": ("Hint: {move}.", "힌트: {move}.", "ヒント: {move}。"),
    "hint.stock": ("draw from the stock", "더미에서 뽑기", "山札から引く"),
    "hint.pile": (
        "take {card} from the discard pile",
        "버린 카드 {card} 가져오기",
        "捨て札の {card} を取る",
    ),
    "hint.pass": ("pass", "패스", "パス"),
    "hint.meld": ("meld {cards}", "{cards} 멜드", "{cards} をメルド"),
    "hint.layoff": (
        "lay {card} off on meld {meld}",
        "{card}을(를) {meld}번 멜드에 붙이기",
        "{card} を{meld}番のメルドに付ける",
    ),
    "hint.discard": (
        "discard {card} (deadwood {n})",
        "{card} 버리기 (데드우드 {n})",
        "{card} を捨てる(デッドウッド {n})",
    ),
    "hint.knock": (
        "knock with {card} (deadwood {n})",
        "{card}(으)로 노크 (데드우드 {n})",
        "{card} でノック(デッドウッド {n})",
    ),
    "hint.gin": ("go gin with {card}", "{card}(으)로 진", "{card} でジン"),
    "btn.stock": ("Draw from stock", "더미에서 뽑기", "山札から引く"),
    "btn.pile": ("Take the discard", "버린 카드 가져오기", "捨て札を取る"),
    "btn.take": ("Take {card}", "{card} 가져오기", "{card} を取る"),
    "btn.pass": ("Pass", "패스", "パス"),
    "btn.meld": ("Meld", "멜드", "メルド"),
    "btn.lay_off": ("Lay off", "붙이기", "付ける"),
    "btn.discard": ("Discard", "버리기", "捨てる"),
    "btn.knock": ("Knock", "노크", "ノック"),
    "btn.next_hand": ("Next hand", "다음 판", "次の回"),
    # the status line and the seats
    "title_gin": ("Gin Rummy", "진 러미", "ジン・ラミー"),
    "title_oklahoma": ("Oklahoma Gin", "오클라호마 진", "オクラホマ・ジン"),  # (G9)
    "title_rummy": ("Rummy", "러미", "ラミー"),
    "hand_no": ("Hand {n}", "{n}번째 판", "第{n}回"),
    "turn_no": ("turn {n}", "{n}번째 차례", "{n}手番目"),
    "knock_limit": ("knock at {n} or less", "{n}점 이하로 노크", "{n}点以下でノック"),
    "gin_only": ("gin only (an ace)", "진만 가능 (에이스)", "ジンのみ (エース)"),
    "doubled": ("spades: doubled", "스페이드: 두 배", "スペード: 2倍"),
    "target": ("game to {n}", "{n}점 게임", "{n}点勝負"),
    "target_low": (
        "ends at {n}, lowest wins",
        "{n}점에 끝, 낮은 쪽 승",
        "{n}点で終了、低い方の勝ち",
    ),
    "you": ("(you)", "(나)", "(あなた)"),
    "dealer": ("(dealer)", "(딜러)", "(親)"),
    "cards": ("{n} cards", "{n}장", "{n}枚"),
    "points": ("{n} points", "{n}점", "{n}点"),
    "penalty": ("{n} penalty", "벌점 {n}", "失点 {n}"),
    # the table
    "table_melds": ("Melds:", "멜드:", "メルド:"),
    # a meld on the table: its number (the key that lays a card off on it, never run
    # into the cards: "2: 4♠ 4♥ 4♣", not "2 4♠") and who put it down
    "meld_no": ("{n}:", "{n}:", "{n}:"),
    "meld_by": ("({name})", "({name})", "({name})"),
    "meld_by.you": ("(you)", "(나)", "(あなた)"),
    "no_melds": ("none yet", "아직 없음", "まだなし"),
    "pickups": ("Taken from the pile:", "버린 카드에서 가져감:", "捨て札から取った札:"),
    "pile_top": ("Discard pile ({n}):", "버린 카드 ({n}장):", "捨て札 ({n}枚):"),
    "recent": ("Since your turn:", "내 차례 이후:", "あなたの前の番から:"),
    # watching (every seat a bot): whose turn the news runs from, and whose hand shows
    "recent_of": ("Since {name}'s turn:", "{name} 차례 이후:", "{name}の前の番から:"),
    # What a seat did, one sentence a move (`event_text`). Japanese chains a seat's
    # moves as one sentence ("J♥を取り、4♠を捨てた"): `.then` is a move another follows.
    "ev_stock": ("drew from the stock", "더미에서 뽑음", "山札から引いた"),
    "ev_stock.then": ("drew from the stock", "더미에서 뽑음", "山札から引き"),
    "ev_stock_card": (
        "drew {card} from the stock",
        "더미에서 {card} 뽑음",
        "山札から{card}を引いた",
    ),
    "ev_stock_card.then": (
        "drew {card} from the stock",
        "더미에서 {card} 뽑음",
        "山札から{card}を引き",
    ),
    "ev_pile": ("took {card}", "{card} 가져감", "{card}を取った"),
    "ev_pile.then": ("took {card}", "{card} 가져감", "{card}を取り"),
    # 500 Rum's spread pile (F4): a card taken with every card above it
    "ev_take": (
        "took {cards} from the pile",
        "버린 카드 {cards} 가져감",
        "捨て札の{cards}を取った",
    ),
    "ev_take.then": (
        "took {cards} from the pile",
        "버린 카드 {cards} 가져감",
        "捨て札の{cards}を取り",
    ),
    "ev_meld": ("melded {cards}", "{cards} 멜드", "{cards}をメルドした"),
    "ev_meld.then": ("melded {cards}", "{cards} 멜드", "{cards}をメルドし"),
    "ev_layoff": (
        "laid {card} off on meld {meld}",
        "{card}을(를) {meld}번 멜드에 붙임",
        "{card}を{meld}番のメルドに付けた",
    ),
    "ev_layoff.then": (
        "laid {card} off on meld {meld}",
        "{card}을(를) {meld}번 멜드에 붙임",
        "{card}を{meld}番のメルドに付け",
    ),
    "ev_pass": ("passed", "패스", "パスした"),
    "ev_pass.then": ("passed", "패스", "パスし"),
    "ev_discard": ("discarded {card}", "{card} 버림", "{card}を捨てた"),
    "ev_discard.then": ("discarded {card}", "{card} 버림", "{card}を捨て"),
    "ev_knock": ("knocked with {card}", "{card}(으)로 노크", "{card}でノックした"),
    "ev_knock.then": ("knocked with {card}", "{card}(으)로 노크", "{card}でノックし"),
    "ev_gin": ("went gin with {card}", "{card}(으)로 진", "{card}でジンにした"),
    "ev_gin.then": ("went gin with {card}", "{card}(으)로 진", "{card}でジンにし"),
    "ev_sep": (", ", ", ", "、"),
    "under_it": ("under it", "그 아래", "その下"),
    "pile_empty": (
        "The discard pile is empty.",
        "버린 카드 더미가 비었습니다.",
        "捨て札はありません。",
    ),
    "stock": ("Stock: {n}", "더미: {n}장", "山札: {n}枚"),
    "hidden": ("The hands are hidden.", "손패는 가려져 있습니다.", "手札は伏せてあります。"),
    "pass_to": (
        "{name}: take the keyboard and press Enter",
        "{name}: 키보드를 받고 Enter를 누르세요",
        "{name}: キーボードを受け取り Enter を押してください",
    ),
    "waiting": ("{name} is playing.", "{name}의 차례입니다.", "{name} の番です。"),
    "game_over": ("The game is over.", "게임이 끝났습니다.", "ゲームは終わりました。"),
    "over": ("game over", "게임 끝", "ゲーム終了"),  # (within a header: no full stop)
    "not_saved": (
        "Not saved: {reason}",
        "저장하지 못했습니다: {reason}",
        "保存できませんでした: {reason}",
    ),
    # what to do now
    "say_offer": (
        "Take the upcard {card} (p) or pass (Enter).",
        "업카드 {card}을(를) 가져오거나(p) 패스하세요(Enter).",
        "アップカード {card} を取るか (p)、パスしてください (Enter)。",
    ),
    "say_draw": (
        "Draw from the stock (Enter) or take {card} from the discard pile (p).",
        "더미에서 뽑거나(Enter) 버린 카드 {card}을(를) 가져오세요(p).",
        "山札から引くか (Enter)、捨て札の {card} を取ってください (p)。",
    ),
    "say_draw_stock": (
        "Draw from the stock (Enter).",
        "더미에서 뽑으세요(Enter).",
        "山札から引いてください (Enter)。",
    ),
    "say_wall": (
        "The stock is spent: take {card} to knock (p), or pass (Enter) and the hand is void.",
        "더미가 다 떨어졌습니다: 노크하려면 {card}을(를) 가져오고(p), 패스하면(Enter) 무효입니다.",
        "山札が尽きました: ノックするなら {card} を取り (p)、パスすると (Enter) 流れます。",
    ),
    "say_wall_pass": (
        "The stock is spent and the discard would not let you knock: pass (Enter).",
        "더미가 다 떨어졌고 버린 카드로는 노크할 수 없습니다: 패스하세요(Enter).",
        "山札が尽き、捨て札ではノックできません: パスしてください (Enter)。",
    ),
    "say_discard": (
        "Discard {card} (Enter): deadwood {n}; you may knock at {limit} or less.",
        "{card} 버리기(Enter): 데드우드 {n}점. {limit}점 이하면 노크할 수 있습니다.",
        "{card} を捨てる (Enter): デッドウッド {n} 点。{limit} 点以下ならノックできます。",
    ),
    "say_knock": (
        "Discard {card} (Enter) or knock with it (k): deadwood {n}, limit {limit}.",
        "{card}을(를) 버리거나(Enter) 노크하세요(k): 데드우드 {n}점, 한도 {limit}점.",
        "{card} を捨てるか (Enter)、それでノック (k): デッドウッド {n} 点、上限 {limit} 点。",
    ),
    "say_gin": (
        "Knock with {card} for gin (k): no deadwood at all!",
        "{card}(으)로 노크하면 진입니다(k): 데드우드가 없습니다!",
        "{card} でノックすればジンです (k): デッドウッドなし!",
    ),
    "say_act": (
        "Discard {card} (Enter) to end your turn.",
        "{card} 버리기(Enter)로 차례를 마치세요.",
        "{card} を捨てて (Enter) 番を終えます。",
    ),
    "say_act_or": (
        "{can}, or discard {card} (Enter) to end your turn.",
        "{can}, 또는 {card} 버리기(Enter)로 차례를 마치세요.",
        "{can}、または {card} を捨てて (Enter) 番を終えます。",
    ),
    "can_meld": ("meld (select, m)", "멜드(선택 후 m)", "メルド (選んで m)"),
    "can_lay_off": ("lay off (o)", "붙이기(o)", "付け札 (o)"),
    "say_fits": (
        "{card} can be laid off on meld {melds} (o, or the meld's number).",
        "{card}은(는) {melds}번 멜드에 붙일 수 있습니다(o 또는 멜드 번호).",
        "{card} は {melds} 番のメルドに付けられます (o かメルドの番号)。",
    ),
    "say_lay_here": (
        "Lay {card} off on meld {meld}? Enter: yes, o: next of {melds}, Esc: no.",
        "{card}을(를) {meld}번 멜드에 붙일까요? Enter: 예, o: 다음({melds}), Esc: 취소.",
        "{card} を {meld} 番のメルドに付けますか? Enter: はい、o: 次 ({melds})、Esc: 取消。",
    ),
    "say_meld_ok": (
        "{cards} is a meld: put it down (m).",
        "{cards}은(는) 멜드입니다: 내려놓으세요(m).",
        "{cards} はメルドです: 出してください (m)。",
    ),
    "say_meld_no": (
        "{cards} is not a meld you may put down.",
        "{cards}은(는) 내려놓을 수 있는 멜드가 아닙니다.",
        "{cards} は出せるメルドではありません。",
    ),
    "pick_meld": (
        "Select three or more cards (Space), then m.",
        "세 장 이상 고른 뒤(Space) m을 누르세요.",
        "3枚以上選んで (Space)、m を押してください。",
    ),
    # the hand's line
    "melds_n": ("melds: {n}", "멜드 {n}개", "メルド {n} 組"),
    "deadwood": ("deadwood {n}", "데드우드 {n}점", "デッドウッド {n} 点"),
    # the end of a hand
    "hand_over": ("Hand {n} is over", "{n}번째 판 끝", "第{n}回 終了"),
    "void_gin": (
        "The stock ran out: a void hand, nobody scores (G7).",
        "더미가 떨어졌습니다: 무효 판, 아무도 점수를 얻지 못합니다 (G7).",
        "山札が尽きました: 流局、得点なし (G7)。",
    ),
    "no_melds_shown": ("no melds", "멜드 없음", "メルドなし"),
    "deadwood_cards": ("deadwood", "데드우드", "デッドウッド"),
    "no_deadwood": ("no deadwood", "데드우드 없음", "デッドウッドなし"),  # (gin, G4)
    "laid_off": ("{name} lays off", "{name}의 붙이기:", "{name} の付け札:"),
    "laid_off.you": ("You lay off", "내 붙이기:", "あなたの付け札:"),
    "won_knock": (
        "{name} wins the hand: {n} points.",
        "{name} 승리: {n}점.",
        "{name} の勝ち: {n} 点。",
    ),
    "won_knock.you": (
        "You win the hand: {n} points.",
        "내가 이겼습니다: {n}점.",
        "あなたの勝ち: {n} 点。",
    ),
    "won_gin": ("Gin! {name} scores {n}.", "진! {name} {n}점.", "ジン! {name} {n} 点。"),
    "won_gin.you": ("Gin! You score {n}.", "진! 내가 {n}점.", "ジン! あなたが {n} 点。"),
    "won_undercut": (
        "Undercut! {name} scores {n}.",
        "언더컷! {name} {n}점.",
        "アンダーカット! {name} {n} 点。",
    ),
    "won_undercut.you": (
        "Undercut! You score {n}.",
        "언더컷! 내가 {n}점.",
        "アンダーカット! あなたが {n} 点。",
    ),
    "doubled_note": (
        "(doubled: a spade upcard)",
        "(스페이드 업카드로 두 배)",
        "(スペードのアップカードで2倍)",
    ),
    "points_to": (
        "Points: {points} (game to {n})",
        "점수: {points} ({n}점 게임)",
        "得点: {points} ({n}点勝負)",
    ),
    "went_out": ("{name} went out.", "{name}이(가) 나갔습니다.", "{name} が上がりました。"),
    "went_out.you": ("You went out.", "내가 나갔습니다.", "あなたが上がりました。"),
    "void_turns": (
        "Too many turns: a void hand, nobody scores (M9).",
        "차례가 너무 많습니다: 무효 판, 점수 없음 (M9).",
        "手番が多すぎます: 流局、得点なし (M9)。",
    ),
    "void_reshuffles": (
        "The stock was remade too often: a void hand, nobody scores (M9).",
        "더미를 너무 여러 번 다시 만들었습니다: 무효 판, 점수 없음 (M9).",
        "山札を作り直しすぎました: 流局、得点なし (M9)。",
    ),
    "void_empty": (
        "No cards left to draw: a void hand, nobody scores (M9).",
        "뽑을 카드가 없습니다: 무효 판, 점수 없음 (M9).",
        "引く札がありません: 流局、得点なし (M9)。",
    ),
    "totals_to": (
        "Penalties: {totals} (ends at {n})",
        "벌점: {totals} ({n}점에 끝)",
        "失点: {totals} ({n}点で終了)",
    ),
    # the end of the game
    "game_title": ("Game over", "게임 끝", "ゲーム終了"),
    "you_win": ("You win!", "내가 이겼습니다!", "あなたの勝ちです!"),
    "winner": ("{names} won.", "{names} 승리.", "{names} の勝ち。"),
    "col_points": ("Points", "점수", "得点"),
    "col_hands": ("Hands", "이긴 판", "勝った回"),
    "col_game": ("Game", "게임", "ゲーム"),
    "col_shutout": ("Shutout", "완봉", "完封"),
    "col_total": ("Total", "합계", "合計"),
    "col_penalty": ("Penalty", "벌점", "失点"),
}

add_section("rummy.ui.", WORDS)


def rt(key: str, **values: object) -> str:
    """A word of this section (`rummy.ui.` + key) in the current language."""
    return t("rummy.ui." + key, **values)


def title(game: str, rules: Any) -> str:
    """The game's name as the header, the replayer and the records say it: Gin with the
    upcard as its knock limit is Oklahoma Gin (G9)."""
    if getattr(rules, "oklahoma", False):
        return rt("title_oklahoma")
    return rt("title_" + game)


def table_melds(
    table: Sequence[tuple[int, Sequence[int]]],
    names: Sequence[str],
    a: bool,
    you: int | None = None,
) -> list[tuple[str, Text]]:
    """The melds on the table (M6) as labelled pieces: the number a lay-off key uses,
    set apart from the cards by a colon ("2: 4♠ 4♥ 4♣", never "2 4♠"), the cards, and
    who put the meld down ("(Bot 3)", "(you)")."""
    pieces = []
    for i, (owner, cards) in enumerate(table):
        run = card_run(cards, a)
        spoken = owner == you or (0 <= owner < len(names) and is_default_name(names[owner]))
        name = names[owner] if 0 <= owner < len(names) else str(owner)
        run.append(" " + rs("meld_by", spoken, name=name), style="dim")
        pieces.append((rt("meld_no", n=i + 1), run))
    return pieces


def rs(key: str, you: bool, **values: object) -> str:
    """A sentence of this section about a player, said to them when `you` (i18n.said)."""
    return said("rummy.ui." + key, you, **values)


def styled(plain: str, runs: Sequence[Text]) -> Text:
    """`plain` (a sentence already filled in, particles and all) with each run of cards
    in it coloured as `runs` are, found in order: the sentence is built as words first,
    so that its word order is the language's, not the cards'."""
    text = Text(plain)
    at = 0
    for run in runs:
        where = plain.find(run.plain, at)
        if where < 0:
            continue
        for span in run.spans:
            text.stylize(span.style, where + span.start, where + span.end)
        at = where + len(run.plain)
    return text


def event_text(kind: str, data: Any, a: bool, *, then: bool = False, gin: bool = False) -> Text:
    """One move of a seat in words, without the seat ("took 10♠", "laid A♠ off on meld
    1"; Japanese "10♠を取った"); `then` when another of the seat's moves follows in the
    same line (Japanese links them: "J♥を取り、4♠を捨てた"); `gin`: the knock went gin.
    `kind` and `data` as the view's events (`stock_card`: a stock draw whose card this
    view saw); melds count from 0 in `data` and from 1 on screen, as the keys do."""
    tail = ".then" if then else ""
    if kind in ("stock", "pass"):
        return Text(rt(f"ev_{kind}{tail}"))
    if kind == "layoff":
        card, meld = data
        run = card_run([card], a)
        return styled(rt("ev_layoff" + tail, card=run.plain, meld=meld + 1), [run])
    if kind == "meld":
        run = card_run(data, a)
        return styled(rt("ev_meld" + tail, cards=run.plain), [run])
    if kind == "take":  # (500 Rum, F4: one card is a take of the top, as Rummy's)
        if len(data) == 1:
            run = card_run(data, a)
            return styled(rt("ev_pile" + tail, card=run.plain), [run])
        run = card_run(data, a)
        return styled(rt("ev_take" + tail, cards=run.plain), [run])
    word = {"stock_card": "ev_stock_card", "pile": "ev_pile", "knock": "ev_knock"}.get(
        kind, "ev_discard"
    )
    if kind == "knock" and gin:
        word = "ev_gin"
    run = card_run([data], a)
    return styled(rt(word + tail, card=run.plain), [run])


def events_text(moves: Sequence[tuple[str, Any]], a: bool, gin_last: bool = False) -> Text:
    """A seat's moves in one line, in order, joined as the language joins them."""
    text = Text()
    for i, (kind, data) in enumerate(moves):
        last = i == len(moves) - 1
        if i:
            text.append(rt("ev_sep"))
        text.append_text(event_text(kind, data, a, then=not last, gin=gin_last and last))
    return text


def table_reason(reason: Reason, ascii_style: bool) -> str:
    """A reason as the family's tables say it: melds numbered from 1, as their keys are
    (tt22.tui.reasons finds it by the game's interface package)."""
    return reason_text(reason, ascii_style, melds_from_one=True)
