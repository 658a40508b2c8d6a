"""Rummy's and Gin's rules in brief (with RUMMY.md's rule numbers, M and G), the Rummy
family's table and replayer keys, and the options of the match in play, in each
language: what `?` opens over a Rummy or Gin screen (22's help is about 22).

The rules are the rulebook's, said short; the options come from the game (its `options`
and the rules in play), labelled with the new-game screen's words, so a house rule in
play is in view where the rules are explained.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import VerticalScroll

import tt22.tui.screens.setup_words  # noqa: F401  (the option labels: setup.opt.*)
from tt22.games import get_game
from tt22.tui.i18n import CATALOGUE, get_language, t
from tt22.tui.screens.help import HelpScreen, HelpText
from tt22.tui.widgets.keybar import KeyBar

__all__ = ["RummyHelpScreen", "rummy_help_markdown"]

_RUMMY = {
    "en": """\
# How to play Rummy

**The aim:** get rid of your cards by putting them down in melds. Whoever goes out wins the
hand; the others take the value of the cards left in their hands as penalty points. The game
ends after the hand in which someone reaches the target; the lowest total wins.

1. **Melds (M2).** A run is 3 or more cards of one suit in sequence; a group is 3 or 4 cards of
   one rank. An ace is low (A-2-3) or high (Q-K-A), never both (no K-A-2).
2. **Card values (M3).** J, Q, K 10; 2 to 10 as numbered; A 1.
3. **A turn (M4).** Draw the top of the stock or of the discard pile, meld and lay off as you
   like, then discard one card. A card taken from the pile may not go back in the same turn.
4. **Melding and laying off (M6).** Put down new melds, or add single cards to any meld on the
   table where they extend it.
5. **Going out (M8).** The first with no cards left ends the hand (with or without a last
   discard, as the options say).
6. **Endless hands (M9).** An empty stock is made again from the discards; after too many
   reshuffles or turns the hand ends and nobody scores.
7. **Scoring (M10).** The others score the value of the cards in their hands.

You see your own hand, the discard pile, the melds and how many cards each player holds (M5).
""",
    "ko": """\
# 러미 하는 법

**목표:** 카드를 멜드로 내려놓아 손에서 모두 없애는 것. 먼저 나간 사람이 그 판을 이기고, 나머지는
손에 남은 카드의 값을 벌점으로 받습니다. 누군가 목표 점수에 닿은 판이 끝나면 게임이 끝나고, 합계가
가장 낮은 사람이 이깁니다.

1. **멜드 (M2).** 런은 같은 무늬 3장 이상의 연속, 그룹은 같은 숫자 3장이나 4장입니다. 에이스는
   낮게(A-2-3) 또는 높게(Q-K-A) 쓰며, 둘 다는 안 됩니다(K-A-2 불가).
2. **카드 값 (M3).** J, Q, K는 10, 2~10은 숫자대로, A는 1.
3. **차례 (M4).** 더미나 버린 카드 더미의 맨 위를 한 장 가져오고, 원하는 만큼 멜드하고 붙인 뒤,
   한 장을 버립니다. 버린 카드 더미에서 가져온 카드는 그 차례에 다시 버릴 수 없습니다.
4. **멜드와 붙이기 (M6).** 새 멜드를 내려놓거나, 테이블의 아무 멜드에나 이어지는 카드를 붙입니다.
5. **나가기 (M8).** 손의 카드를 먼저 모두 없앤 사람이 판을 끝냅니다(마지막 버리기는 옵션대로).
6. **끝나지 않는 판 (M9).** 더미가 떨어지면 버린 카드로 다시 만듭니다. 섞기나 차례가 너무 많으면
   아무도 점수 없이 판이 끝납니다.
7. **점수 (M10).** 나머지 사람은 손에 남은 카드의 값을 받습니다.

볼 수 있는 것: 내 패, 버린 카드 더미, 멜드, 각자 가진 카드 수 (M5).
""",
    "ja": """\
# ラミーの遊び方

**目的:** 手札をメルドにして場に出し、 手札をなくすこと。 先に上がった人がその回の勝ちで、
ほかの人は手札に残ったカードの値を失点として受けます。 誰かが目標点に届いた回で
ゲームが終わり、 合計が最も少ない人の勝ちです。

1. **メルド (M2).** ランは同じスートで3枚以上の連続、 グループは同じ数の3枚か4枚です。 エースは
   下(A-2-3)か上(Q-K-A)で、 両方は不可(K-A-2はなし)。
2. **カードの値 (M3).** J、 Q、 Kは10、 2から10は数どおり、 Aは1。
3. **手番 (M4).** 山札か捨て札の一番上を1枚引き、 好きなだけメルドと付け札をしてから、 1枚捨てます。
   捨て札から取ったカードは同じ手番には捨てられません。
4. **メルドと付け札 (M6).** 新しいメルドを出すか、 場のどのメルドにもつながるカードを付けます。
5. **上がり (M8).** 先に手札をなくした人がその回を終えます(最後の捨て札はオプションどおり)。
6. **終わらない回 (M9).** 山札が尽きたら捨て札から作り直します。 切り直しや手番が多すぎると、
   誰も得点せずに回が終わります。
7. **得点 (M10).** ほかの人は手札に残ったカードの値を受けます。

見えるもの: 自分の手札、 捨て札、 メルド、 各自の手札の枚数 (M5)。
""",
}

_GIN = {
    "en": """\
# How to play Gin Rummy

**The aim:** arrange your 10 cards into melds and knock when the rest, your deadwood, is small.
Points go to the lower deadwood; the first to the target wins the game.

1. **The deal (G1).** 10 cards each and an upcard: the non-dealer may take it or pass, then the
   dealer; if both pass, the non-dealer draws from the stock.
2. **Melds (M2, G2).** A run is 3 or more cards of one suit in sequence; a group is 3 or 4 cards
   of one rank. Aces are low only (A-2-3, never Q-K-A).
3. **Deadwood (M3, G3).** The value of the cards outside your melds, counted the best way (J, Q,
   K 10; A 1). The table shows your best melds and the deadwood as you play.
4. **A turn (M4).** Draw the top of the stock or of the discard pile, then discard one card. A
   card taken from the pile may not go back in the same turn.
5. **Knocking (G4).** With deadwood at the knock limit or less after your discard you may knock;
   with none it is gin.
6. **Laying off and scoring (G5, G6).** The other player lays deadwood off on the knocker's melds
   (not on gin). The lower deadwood scores the difference; an undercut or gin adds its bonus.
7. **The stock runs out (G7).** The hand is void: nobody scores.
8. **The game (G8, G9).** To the target, with a bonus per hand won, for the game and for a
   shutout. In Oklahoma the upcard sets the knock limit and a spade upcard doubles the hand.

You see your own hand, the discard pile and every card taken from it (M5).
""",
    "ko": """\
# 진 러미 하는 법

**목표:** 10장을 멜드로 맞추고, 남은 카드(데드우드)가 적을 때 노크하는 것. 데드우드가 적은 쪽이
점수를 얻고, 목표 점수에 먼저 닿으면 이깁니다.

1. **딜 (G1).** 각자 10장과 업카드 한 장. 딜러 아닌 쪽이 먼저 업카드를 가져오거나 패스하고, 다음은
   딜러입니다. 둘 다 패스하면 딜러 아닌 쪽이 더미에서 뽑습니다.
2. **멜드 (M2, G2).** 런은 같은 무늬 3장 이상의 연속, 그룹은 같은 숫자 3장이나 4장입니다.
   에이스는 낮게만 씁니다(A-2-3, Q-K-A 불가).
3. **데드우드 (M3, G3).** 멜드 밖 카드의 값을 가장 적게 세는 것(J, Q, K는 10, A는 1). 테이블이
   가장 좋은 멜드와 데드우드를 계속 보여 줍니다.
4. **차례 (M4).** 더미나 버린 카드 더미의 맨 위를 가져온 뒤 한 장을 버립니다. 버린 카드 더미에서
   가져온 카드는 그 차례에 다시 버릴 수 없습니다.
5. **노크 (G4).** 버린 뒤 데드우드가 노크 한도 이하면 노크할 수 있고, 0이면 진입니다.
6. **붙이기와 점수 (G5, G6).** 상대는 노크한 쪽의 멜드에 데드우드를 붙입니다(진에는 불가).
   데드우드가 적은 쪽이 차이만큼 얻고, 언더컷이나 진은 보너스가 더해집니다.
7. **더미가 떨어지면 (G7).** 그 판은 무효이고 아무도 점수를 얻지 않습니다.
8. **게임 (G8, G9).** 목표 점수까지. 이긴 판, 게임, 완봉에 보너스가 있습니다. 오클라호마에서는
   업카드가 노크 한도를 정하고, 스페이드 업카드는 그 판 점수를 두 배로 합니다.

볼 수 있는 것: 내 패, 버린 카드 더미, 그 더미에서 가져간 모든 카드 (M5).
""",
    "ja": """\
# ジン・ラミーの遊び方

**目的:** 10枚をメルドにそろえ、 残り(デッドウッド)が少ないときにノックすること。 デッドウッドの
少ない側が得点し、 目標点に先に届いた人の勝ちです。

1. **配り (G1).** 各自10枚と表札1枚。 子が先に表札を取るかパスし、 次に親。 二人ともパスしたら
   子が山札から引きます。
2. **メルド (M2, G2).** ランは同じスートで3枚以上の連続、 グループは同じ数の3枚か4枚です。
   エースは下のみ(A-2-3、 Q-K-Aは不可)。
3. **デッドウッド (M3, G3).** メルドの外のカードの値を最も少なく数えたもの(J、 Q、 Kは10、 Aは1)。
   テーブルは最良のメルドとデッドウッドを常に表示します。
4. **手番 (M4).** 山札か捨て札の一番上を引いてから1枚捨てます。 捨て札から取ったカードは同じ手番
   には捨てられません。
5. **ノック (G4).** 捨てた後のデッドウッドがノックの上限以下ならノックでき、 0ならジンです。
6. **付け札と得点 (G5, G6).** 相手はノックした側のメルドにデッドウッドを付けます(ジンには不可)。
   デッドウッドの少ない側が差を得て、 アンダーカットやジンはボーナスが加わります。
7. **山札が尽きたら (G7).** その回は無効で、 誰も得点しません。
8. **ゲーム (G8, G9).** 目標点まで。 勝った回、 ゲーム、 完封にボーナスがあります。 オクラホマでは
   表札がノックの上限を決め、 スペードの表札はその回の点を倍にします。

見えるもの: 自分の手札、 捨て札、 そこから取られたすべてのカード (M5)。
""",
}

_KEYS = {
    "en": """\
## Keys
| key | what it does |
| --- | --- |
| ← → or h l | move along your hand (Home End: the first or the last card) |
| space | select a card (for a meld) |
| Enter | draw from the stock, pass the upcard, discard the card under the cursor |
| p | take the top of the discard pile |
| m | meld the selected cards (Rummy) |
| o | lay the card off; again o for the next meld it fits, Enter to lay it there |
| 1 to 9 | lay the card off on that meld of the table (Rummy) |
| k | knock with the card under the cursor (Gin) |
| i | a hint: what the strongest bot would do from your cards, chosen in your hand |
| u | undo: take back your last move and the bots' replies (one player against bots) |
| x | resign the game (asks first; the record is kept) |
| ? | this help |
| q | back to the home screen (the game is saved) |

The mouse works too: click a card to select it, a meld of the table to lay off on it, and the
buttons.

## Replay keys
| key | what it does |
| --- | --- |
| ← → | a move back or on |
| ↑ ↓ or [ ] | a turn back or on |
| PgUp PgDn | a hand back or on |
| Home End | the start or the end |
| v | the view: every hand open (a finished game), then each seat's |
| g | go to a hand (3), a turn (3.2) or after a move (#57) |
| p | play on from here: you take a seat, bots the others (a match in progress is kept) |
| c | comment on the last move made (a seat's view: on its own moves only) |
| s | save the comments (a copy next to the record, or over it) |
| q | back |
""",
    "ko": """\
## 키
| 키 | 하는 일 |
| --- | --- |
| ← → 또는 h l | 패에서 이동 (Home End: 첫 카드, 마지막 카드) |
| space | 카드 선택 (멜드할 카드) |
| Enter | 더미에서 뽑기, 업카드 패스, 커서의 카드 버리기 |
| p | 버린 카드 더미의 맨 위 가져오기 |
| m | 선택한 카드로 멜드 (러미) |
| o | 카드 붙이기. 다시 o는 맞는 다음 멜드, Enter는 거기에 붙이기 |
| 1 ~ 9 | 테이블의 그 번호 멜드에 붙이기 (러미) |
| k | 커서의 카드로 노크 (진) |
| i | 힌트: 가장 강한 봇이 내 카드로 할 수. 패에서 골라 줍니다 |
| u | 무르기: 내 마지막 수와 봇의 응수를 되돌림 (봇과 혼자 둘 때) |
| x | 기권(먼저 묻습니다. 기록은 남습니다) |
| ? | 이 도움말 |
| q | 홈 화면으로(게임은 저장됩니다) |

마우스도 됩니다: 카드를 누르면 선택, 테이블의 멜드를 누르면 거기에 붙이기, 버튼도 누를 수 있습니다.

## 다시 보기 키
| 키 | 하는 일 |
| --- | --- |
| ← → | 한 수 뒤로/앞으로 |
| ↑ ↓ 또는 [ ] | 한 차례 뒤로/앞으로 |
| PgUp PgDn | 한 판 뒤로/앞으로 |
| Home End | 처음이나 끝 |
| v | 시점: 모든 패 공개(끝난 게임), 그다음 각 자리 |
| g | 이동: 판(3), 차례(3.2), 수 다음(#57) |
| p | 여기서 두기: 한 자리를 맡고 나머지는 봇(진행 중인 게임은 기록에 보관) |
| c | 마지막 수에 메모(자리 시점에서는 그 자리의 수에만) |
| s | 메모 저장(기록 옆에 사본으로, 또는 덮어쓰기) |
| q | 뒤로 |
""",
    "ja": """\
## キー
| キー | 働き |
| --- | --- |
| ← → または h l | 手札の中を移動 (Home End: 最初/最後のカード) |
| space | カードを選ぶ (メルドするカード) |
| Enter | 山札から引く、 表札をパス、 カーソルのカードを捨てる |
| p | 捨て札の一番上を取る |
| m | 選んだカードでメルド (ラミー) |
| o | カードを付ける。 もう一度oで次に合うメルド、 Enterでそこに付ける |
| 1 から 9 | 場のその番号のメルドに付ける (ラミー) |
| k | カーソルのカードでノック (ジン) |
| i | ヒント: 最も強いボットが自分の札でする手。 手札で選びます |
| u | 待った: 自分の最後の手とボットの応手を戻す (ボットとの一人対局) |
| x | 投了(確認あり。 記録は残ります) |
| ? | このヘルプ |
| q | ホーム画面へ(ゲームは保存されます) |

マウスも使えます: カードをクリックで選択、 場のメルドをクリックでそこに付け札、 ボタンも押せます。

## 再生のキー
| キー | 働き |
| --- | --- |
| ← → | 一手戻る/進む |
| ↑ ↓ または [ ] | 一手番戻る/進む |
| PgUp PgDn | 一回戻る/進む |
| Home End | 最初/最後 |
| v | 視点: 全員の手札(終了したゲーム)、 次に各席 |
| g | 移動: 回(3)、 手番(3.2)、 手の後(#57) |
| p | ここから対局: 一つの席に座り、 他はボット(進行中の試合は記録に保存) |
| c | 最後の手にコメント(席の視点ではその席の手だけ) |
| s | コメントを保存(記録の隣にコピー、 または上書き) |
| q | 戻る |
""",
}

_OPTIONS_TITLE = {
    "en": ("## The options in play", "option", "value"),
    "ko": ("## 이 게임의 옵션", "옵션", "값"),
    "ja": ("## このゲームのオプション", "オプション", "値"),
}


def _value_words(game: str, name: str, value: Any) -> str:
    """An option's value as the new-game screen words it (yes/no, a choice's words)."""
    if isinstance(value, bool):
        return t("opt.yes" if value else "opt.no")
    key = f"setup.val.{game}.{name}.{value}"
    return t(key) if key in CATALOGUE else str(value)


def _options_markdown(game: str, rules: Any) -> str:
    """Every option of the rules in play, by its label, with its value and rule."""
    g = get_game(game)
    title, head_name, head_value = _OPTIONS_TITLE.get(get_language(), _OPTIONS_TITLE["en"])
    values = g.rules_dict(rules)
    lines = [title, f"| {head_name} | {head_value} |", "| --- | --- |"]
    for option in g.options:
        key = f"setup.opt.{game}.{option.name}"
        label = t(key) if key in CATALOGUE else option.name
        value = _value_words(game, option.name, values.get(option.name, option.default))
        lines.append(f"| {label} ({option.rule}) | {value} |")
    return "\n".join(lines) + "\n"


def rummy_help_markdown(game: str, rules: Any = None) -> str:
    """The help of `game` (`rummy` or `gin`) in the current language: the rules in brief,
    the keys, and with `rules` the options in play. (The Japanese puts a space after 。
    and 、: the help wraps at spaces, and Japanese has none.)"""
    lang = get_language()
    briefs = _GIN if game == "gin" else _RUMMY
    brief = briefs.get(lang, briefs["en"])
    parts = [brief, _KEYS.get(lang, _KEYS["en"])]
    if rules is not None:
        parts.append(_options_markdown(game, rules))
    return "\n".join(parts)


class RummyHelpScreen(HelpScreen):
    """`?` at a Rummy or Gin table: that game's rules, the keys, the options in play."""

    def __init__(self, game: str, rules: Any = None) -> None:
        super().__init__()
        self.game = game
        self.rules = rules

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-scroll"):
            yield HelpText(rummy_help_markdown(self.game, self.rules), id="help")
        yield KeyBar(compact=False)
