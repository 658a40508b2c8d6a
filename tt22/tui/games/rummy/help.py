"""Rummy's, Gin Rummy's and Oklahoma Gin's rules (with docs/rummy.md's rule numbers, M
and G), each game's own table keys, the replayer's keys, and the options of the match in
play, in each language: what `?` opens over a Rummy or Gin screen, and those games' pages
of the help anywhere else.

Each game's page lists only the keys that do something in that game: Gin's hand is never
put down (G3), so Gin has no meld, lay-off or select key, and Rummy has no knock. The
rules are written for someone who has never played; the marks of the table are quoted
in the table's own words (tt22/tui/games/rummy/words.py), so the help says what it shows. The
options come from the game (its `options` and the rules in play), labelled with the
new-game screen's words, so a house rule in play is in view where the rules are.
"""

from __future__ import annotations

from typing import Any

import tt22.tui.games.rummy.words  # (the table's words: rummy.ui.*)
import tt22.tui.screens.setup_words  # noqa: F401  (the option labels: setup.opt.*)
from tt22.core.registry import get_game
from tt22.games.rummy import GIN_GAME, RUMMY_GAME
from tt22.tui.help_text import SHARED_KEYS, key_section, markdown_sections, page_of, page_source
from tt22.tui.i18n import CATALOGUE, get_language, t
from tt22.tui.replay.keys import replay_key_words
from tt22.tui.screens.help import HelpScreen
from tt22.tui.summary.data import HelpPage, KeyWords

__all__ = [
    "FAMILY_KEYS",
    "GIN_KEYS",
    "REPLAY_KEYS",
    "RUMMY_KEYS",
    "RummyHelpScreen",
    "help_pages",
    "rummy_help_markdown",
    "rummy_help_page",
    "variant_of",
]

_RUMMY = {
    "en": """\
# How to play Rummy

**The aim:** be the first to get rid of your cards by laying them down in melds. When
someone goes out, everyone else takes the value of the cards left in their hand as
penalty points. The game ends after the hand in which someone's penalty total reaches
the target (100); the lowest total wins.

## Cards and the deal
- **The deck (M1):** 52 cards, no jokers. In each suit the order is A 2 3 ... 10 J Q K;
  an ace may also follow the K in a run.
- **Values (M3):** J, Q and K 10; 2 to 10 their number; an ace 1.
- **The deal (M7):** 2 to 4 players, 7 cards each. The next card is turned face up to
  start the **discard pile**; the rest, face down, is the **stock**. The player on the
  dealer's left plays first, and the deal passes to the left.

## Melds (M2)
- A **run** is 3 or more cards of one suit in sequence: 4♥ 5♥ 6♥. An ace is low (A-2-3)
  or high (Q-K-A), but a run never goes round the corner: K-A-2 is not one.
- A **group** is 3 or 4 cards of one rank: 8♠ 8♦ 8♣.

## A turn
1. **Draw (M4)** the top card of the stock, or the top card of the discard pile.
2. **Meld and lay off (M6)**, if you like, as much as you like: put melds from your hand down
   on the table, and add single cards to any meld on the table, yours or anyone's,
   where they extend it (7♥ onto 4♥ 5♥ 6♥; the fourth 8 onto a group of three 8s).
3. **Discard (M4)** one card face up on the discard pile: your turn is over. A card you took
   from the discard pile this turn may not go straight back.

## The end of a hand
- **Going out (M8):** the first player with no cards left wins the hand. Your last cards
  may go down as melds or lay-offs with no discard at all (unless the options ask for a
  final discard).
- **Penalties (M10):** each other player adds up the cards left in their hand (M3) and
  adds that to their penalty total. Lower is better.
- **An empty stock (M9):** the discards are shuffled into a new stock. After 3 such
  reshuffles in one hand, or after 200 turns, the hand ends with no winner and nobody
  scores: a void hand.

You see your own hand, the discard pile, the melds on the table and how many cards each
player holds; never another player's hand (M5).
""",
    "ko": """\
# 러미 하는 법

**목표:** 카드를 멜드로 내려놓아 손의 카드를 가장 먼저 모두 없애는 것입니다. 누군가 손을
비우면, 나머지 사람은 손에 남은 카드의 값을 벌점으로 받습니다. 누군가의 벌점 합계가 목표
점수(100점)에 닿은 판이 끝나면 게임이 끝나고, 합계가 가장 낮은 사람이 이깁니다.

## 카드와 딜
- **카드 (M1):** 조커 없이 52장. 무늬마다 A 2 3 ... 10 J Q K 순서이고, 런에서는 A가 K 다음에
  올 수도 있습니다.
- **카드 값 (M3):** J, Q, K는 10점, 2부터 10은 숫자대로, A는 1점.
- **딜 (M7):** 2~4명이 7장씩 받습니다. 다음 카드 한 장을 앞면으로 놓아 **버린 카드** 더미를
  시작하고, 나머지는 뒷면으로 쌓아 **더미**(뽑는 카드)로 씁니다. 딜러 왼쪽 사람이 먼저 하고,
  딜러는 판마다 왼쪽으로 넘어갑니다.

## 멜드 (M2)
- **런:** 같은 무늬의 카드 3장 이상이 이어진 것입니다. 예: 4♥ 5♥ 6♥. A는 낮게(A-2-3)도
  높게(Q-K-A)도 쓸 수 있지만, K-A-2처럼 한 바퀴 돌아 이어지지는 않습니다.
- **그룹:** 같은 숫자의 카드 3장이나 4장입니다. 예: 8♠ 8♦ 8♣.

## 한 차례
1. **뽑기 (M4):** 더미의 맨 위 카드나 버린 카드 더미의 맨 위 카드를 한 장 가져옵니다.
2. **멜드와 붙이기 (M6):** 원하면 원하는 만큼 합니다. 손의 멜드를 테이블에 내려놓거나, 테이블의
   어느 멜드에든(내 것이든 남의 것이든) 이어지는 카드를 한 장씩 붙입니다(4♥ 5♥ 6♥에 7♥,
   8 세 장 그룹에 네 번째 8).
3. **버리기 (M4):** 카드 한 장을 버린 카드 더미에 앞면으로 놓으면 차례가 끝납니다. 이번 차례에
   버린 카드 더미에서 가져온 카드는 바로 다시 버릴 수 없습니다.

## 판의 끝
- **나가기 (M8):** 손의 카드를 가장 먼저 모두 없앤 사람이 그 판을 이깁니다. 마지막 카드는
  멜드나 붙이기로 내려놓아도 되고, 마지막에 버리지 않아도 됩니다(옵션에서 마지막 버리기를
  요구하지 않는 한).
- **벌점 (M10):** 나머지 사람은 손에 남은 카드의 값(M3)을 더해 벌점 합계에 보탭니다. 낮을수록
  좋습니다.
- **더미가 떨어지면 (M9):** 버린 카드를 섞어 새 더미를 만듭니다. 한 판에서 이렇게 3번 섞었거나
  200차례가 지나면, 이긴 사람 없이 아무도 점수를 얻지 않고 판이 끝납니다(무효 판).

볼 수 있는 것은 내 패, 버린 카드 더미, 테이블의 멜드, 각자 가진 카드 수입니다. 남의 패는 볼
수 없습니다(M5).
""",
    "ja": """\
# ラミーの遊び方

**目的:** 手札をメルドにして場に出し、誰よりも先に手札をなくすことです。誰かが上がると、
ほかの人は手札に残った札の値を失点として受けます。誰かの失点の合計が目標点(100点)に
届いた回でゲームは終わり、合計が一番少ない人の勝ちです。

## カードと配り
- **カード (M1):** ジョーカーなしの52枚。どのスートも A 2 3 ... 10 J Q K の順で、ランでは
  AをKの次に置くこともできます。
- **札の値 (M3):** J、Q、Kは10点、2から10は数字どおり、Aは1点です。
- **配り (M7):** 2〜4人に7枚ずつ配ります。次の1枚を表にして**捨て札**を始め、残りは裏向きに
  積んで**山札**にします。親の左の人から始め、親は回ごとに左へ移ります。

## メルド (M2)
- **ラン:** 同じスートで3枚以上の連続した札です。例: 4♥ 5♥ 6♥。Aは下(A-2-3)にも上
  (Q-K-A)にも使えますが、K-A-2のように一回りしてつなげることはできません。
- **グループ:** 同じ数字の3枚か4枚です。例: 8♠ 8♦ 8♣。

## 手番
1. **引く (M4):** 山札か捨て札の一番上の札を1枚取ります。
2. **メルドと付け札 (M6):** したければ、好きなだけできます。手札のメルドを場に出し、場のどの
   メルドにも(自分のものでも他人のものでも)つながる札を1枚ずつ付けられます(4♥ 5♥ 6♥ に
   7♥、8が3枚のグループに4枚目の8)。
3. **捨てる (M4):** 1枚を捨て札の上に表向きに置くと、手番が終わります。この手番に捨て札から
   取った札は、すぐには捨てられません。

## 回の終わり
- **上がり (M8):** 最初に手札がなくなった人がその回の勝ちです。最後の札はメルドや付け札で
  出してもよく、最後に捨てなくても構いません(オプションで最後の捨て札を求めない限り)。
- **失点 (M10):** ほかの人は手札に残った札の値(M3)を合計し、失点に加えます。少ないほど
  有利です。
- **山札が尽きたら (M9):** 捨て札を切り直して新しい山札にします。1回のうちにこれが3回に
  なるか、200手番を過ぎると、勝者なし、誰も得点しないままその回は終わります(流局)。

見えるのは、自分の手札、捨て札、場のメルド、各自の手札の枚数です。他人の手札は見えません(M5)。
""",
}

_GIN = {
    "en": """\
# How to play Gin Rummy

**The aim:** two players; arrange your 10 cards into melds, and **knock** when the
cards left over, your **deadwood**, are worth little. The player with the lower
deadwood scores; the first to the target ({target} points) wins the game.

## Cards and the deal
- **The deck (M1):** 52 cards, no jokers. Aces are **low only** (G2): A-2-3 is a run,
  Q-K-A is not. The hand is sorted that way.
- **Values (M3):** J, Q and K 10; 2 to 10 their number; an ace 1.
- **The deal (G1):** 10 cards each; the next card is turned up: the **upcard**, which
  starts the discard pile. The rest is the **stock**. The non-dealer may take the upcard
  or pass; then the dealer may; if both pass, the non-dealer draws from the stock and
  play goes on. The loser of a hand deals the next.

## Melds and deadwood (M2, G3)
- A **run** is 3 or more cards of one suit in sequence (4♥ 5♥ 6♥); a **group** is 3 or 4
  cards of one rank (8♠ 8♦ 8♣). A card counts in one meld only.
- Melds stay in your hand: nothing is put on the table during play. Your **deadwood** is
  the value of the cards in no meld, with the melds chosen to make it as small as can
  be. The table works it out for you as you play ("deadwood 12").

## A turn (M4)
1. **Draw** the top card of the stock or of the discard pile.
2. **Discard** one card, face up. A card you took from the discard pile this turn may not
   go straight back.

## Knocking and scoring (G4-G6)
- **Knock (G4):** instead of a plain discard, discard and knock when your deadwood after
  it is {limit}: the hand ends. With no deadwood at all it is **gin**.
- **Showing (G5):** both hands are shown. The other player may lay deadwood cards off
  onto the knocker's melds (not onto gin); tt22 does it the best way for them.
- **Scoring (G6):** if the knocker's deadwood is lower, the knocker scores the
  difference. If the other's is equal or lower, that is an **undercut**: they score the
  difference plus {undercut}. Gin scores the other's deadwood plus {gin_bonus}, and is never
  undercut.
- **The stock runs out (G7):** when {wall}, the next player may take the last discard
  only to knock with it; if they do not, the hand is **void**: nobody scores, and the
  same dealer deals again.

## The game (G8)
The first to reach {target} points wins. Then each player gets {hand_bonus} for every
hand they won, the winner {game_bonus} for the game, and {shutout_bonus} more if the loser
scored nothing at all (a shutout).

You see your own hand, the discard pile and every card taken from it; never the other
hand until it is shown (M5).
""",
    "ko": """\
# 진 러미 하는 법

**목표:** 두 사람이 하는 게임입니다. 10장을 멜드로 맞추고, 멜드에 들지 않은 카드인
**데드우드**의 값이 작아지면 **노크**합니다. 데드우드가 적은 쪽이 점수를 얻고, 목표 점수
({target}점)에 먼저 닿으면 게임을 이깁니다.

## 카드와 딜
- **카드 (M1):** 조커 없이 52장. A는 **낮게만** 씁니다(G2). A-2-3은 런이지만 Q-K-A는
  아닙니다. 패도 그 순서로 정렬됩니다.
- **카드 값 (M3):** J, Q, K는 10점, 2부터 10은 숫자대로, A는 1점.
- **딜 (G1):** 각자 10장을 받고, 다음 카드 한 장을 앞면으로 놓습니다. 이것이 **업카드**이고
  버린 카드 더미의 시작입니다. 나머지는 **더미**(뽑는 카드)입니다. 딜러가 아닌 사람이 먼저
  업카드를 가져오거나 패스하고, 다음은 딜러 차례입니다. 둘 다 패스하면 딜러가 아닌 사람이
  더미에서 뽑고 게임이 이어집니다. 다음 판은 진 사람이 돌립니다.

## 멜드와 데드우드 (M2, G3)
- **런**은 같은 무늬 3장 이상의 연속(4♥ 5♥ 6♥), **그룹**은 같은 숫자 3장이나 4장(8♠ 8♦ 8♣)
  입니다. 한 카드는 한 멜드에만 셉니다.
- 멜드는 손에 그대로 둡니다. 게임 중에는 테이블에 아무것도 내려놓지 않습니다. **데드우드**는
  어느 멜드에도 들지 않은 카드의 값으로, 가장 작아지도록 멜드를 골라 셉니다. 테이블이
  ('데드우드 12점'처럼) 계속 계산해 보여 줍니다.

## 한 차례 (M4)
1. **뽑기:** 더미나 버린 카드 더미의 맨 위 카드를 가져옵니다.
2. **버리기:** 카드 한 장을 앞면으로 버립니다. 이번 차례에 버린 카드 더미에서 가져온 카드는
   바로 다시 버릴 수 없습니다.

## 노크와 점수 (G4–G6)
- **노크 (G4):** 그냥 버리는 대신, 버린 뒤의 데드우드가 {limit}이면 버리면서 노크할 수
  있습니다. 그러면 판이 끝납니다. 데드우드가 전혀 없으면 **진**입니다.
- **공개 (G5):** 두 사람 모두 패를 공개합니다. 상대는 노크한 사람의 멜드에 자기 데드우드를
  붙일 수 있습니다(진에는 붙일 수 없음). tt22가 상대에게 가장 좋게 붙여 줍니다.
- **점수 (G6):** 노크한 쪽의 데드우드가 적으면 그 차이만큼 얻습니다. 상대의 데드우드가
  같거나 적으면 **언더컷**으로, 상대가 차이에 {undercut}점을 더해 얻습니다. 진은 상대의
  데드우드에 {gin_bonus}점을 더해 얻고, 언더컷을 당하지 않습니다.
- **더미가 떨어지면 (G7):** {wall} 다음 사람은 마지막에 버린 카드를 노크할 때만 가져올 수
  있습니다. 노크하지 않으면 그 판은 **무효**입니다. 아무도 점수를 얻지 않고 같은 딜러가 다시
  돌립니다.

## 게임 (G8)
{target}점에 먼저 닿은 사람이 이깁니다. 그다음 각자 이긴 판마다 {hand_bonus}점, 이긴 사람은
게임 보너스 {game_bonus}점을 받고, 진 사람이 한 점도 얻지 못했으면(완봉) {shutout_bonus}점을
더 받습니다.

볼 수 있는 것은 내 패, 버린 카드 더미, 그 더미에서 가져간 모든 카드입니다. 상대의 패는 공개될
때까지 볼 수 없습니다(M5).
""",
    "ja": """\
# ジン・ラミーの遊び方

**目的:** 2人で遊ぶゲームです。10枚の手札をメルドにそろえ、メルドに入らない札
(**デッドウッド**)の値が小さくなったら**ノック**します。デッドウッドの少ない側が得点し、
目標点({target}点)に先に届いた人がゲームの勝ちです。

## カードと配り
- **カード (M1):** ジョーカーなしの52枚。Aは**下だけ**に使います(G2)。A-2-3はランですが、
  Q-K-Aはランではありません。手札もその順に並びます。
- **札の値 (M3):** J、Q、Kは10点、2から10は数字どおり、Aは1点です。
- **配り (G1):** 各自に10枚配り、次の1枚を表にします。これが**アップカード**で、捨て札の
  始まりです。残りは**山札**です。子(親でない人)が先にアップカードを取るかパスし、次に親が
  選びます。2人ともパスしたら、子が山札から引いて続けます。次の回は負けた人が配ります。

## メルドとデッドウッド (M2、G3)
- **ラン**は同じスートで3枚以上の連続(4♥ 5♥ 6♥)、**グループ**は同じ数字の3枚か4枚
  (8♠ 8♦ 8♣)です。1枚の札は1つのメルドにしか数えません。
- メルドは手札に持ったままで、遊んでいる間は場に何も出しません。**デッドウッド**は、
  どのメルドにも入らない札の値の合計で、一番少なくなるようにメルドを選んで数えます。
  テーブルが(「デッドウッド 12 点」のように)いつも計算して表示します。

## 手番 (M4)
1. **引く:** 山札か捨て札の一番上の札を取ります。
2. **捨てる:** 1枚を表向きに捨てます。この手番に捨て札から取った札は、すぐには捨てられません。

## ノックと得点 (G4〜G6)
- **ノック (G4):** 捨てた後のデッドウッドが{limit}なら、捨てると同時にノックできます。
  そこでその回は終わります。デッドウッドがまったくなければ**ジン**です。
- **公開 (G5):** 2人とも手札を見せます。相手はノックした人のメルドに自分のデッドウッドを
  付けられます(ジンには付けられません)。tt22が相手に一番有利なように付けます。
- **得点 (G6):** ノックした人のデッドウッドの方が少なければ、その差を得ます。相手の方が同じか
  少なければ**アンダーカット**で、相手が差に{undercut}点を加えて得ます。ジンは相手の
  デッドウッドに{gin_bonus}点を加えて得て、アンダーカットされることはありません。
- **山札が尽きたら (G7):** {wall}、次の人は最後の捨て札をノックするときにだけ取れます。
  ノックしなければその回は**流局**です。誰も得点せず、同じ親がもう一度配ります。

## ゲーム (G8)
先に{target}点に届いた人の勝ちです。そのあと、勝った回ごとに各自{hand_bonus}点、勝者には
ゲームのボーナス{game_bonus}点、負けた人が1点も取れなかったとき(完封)はさらに
{shutout_bonus}点が入ります。

見えるのは、自分の手札、捨て札、そこから取られたすべての札です。相手の手札は公開されるまで
見えません(M5)。
""",
}

_OKLAHOMA = {
    "en": """\
# How to play Oklahoma Gin

Oklahoma Gin is Gin Rummy (below) with one change to how low you must be to knock, and
a longer game (G9):
- **The upcard sets the knock limit:** its value is the most deadwood you may knock with
  this hand (a 7: 7 or less; a K: 10). An **ace** upcard means gin only.
- **A spade upcard doubles** the points of the hand, its undercut or gin bonus included.
  The bonuses at the end of the game are not doubled.
- The undercut bonus is 20, the gin bonus 25, and the game is to 150.

The table's top line shows the hand's limit ("knock at 7 or less", "gin only") and
"spades: doubled" when it is so.

""",
    "ko": """\
# 오클라호마 진 하는 법

오클라호마 진은 진 러미(아래)에서 노크할 수 있는 한도만 다르고, 게임이 더 깁니다(G9).
- **업카드가 노크 한도를 정합니다.** 업카드의 값이 그 판에서 노크할 수 있는 데드우드의 최대치
  입니다(7이면 7점 이하, K면 10점 이하). 업카드가 **A**이면 진으로만 끝낼 수 있습니다.
- **업카드가 스페이드이면** 그 판의 점수가 언더컷·진 보너스까지 **두 배**가 됩니다. 게임이
  끝날 때 받는 보너스는 두 배가 되지 않습니다.
- 언더컷 보너스는 20점, 진 보너스는 25점이고, 게임은 150점까지입니다.

테이블 맨 윗줄에 그 판의 한도('7점 이하로 노크', '진만 가능')와, 해당할 때는 '스페이드: 두 배'가
나옵니다.

""",
    "ja": """\
# オクラホマ・ジンの遊び方

オクラホマ・ジンは、ジン・ラミー(下記)とノックできる上限だけが違い、ゲームが長くなります(G9)。
- **アップカードがノックの上限を決めます。**その値が、その回にノックできるデッドウッドの
  上限です(7なら7点以下、Kなら10点以下)。アップカードが **A** ならジンでしか上がれません。
- **アップカードがスペードなら**、その回の点はアンダーカットやジンのボーナスも含めて
  **2倍**になります。ゲーム終了時のボーナスは2倍になりません。
- アンダーカットのボーナスは20点、ジンのボーナスは25点で、ゲームは150点までです。

テーブルの一番上の行に、その回の上限(「7点以下でノック」「ジンのみ」)と、該当するときは
「スペード: 2倍」が表示されます。

""",
}

# When G7's last chance comes: the stock empty (`wall = 0`) or down to `wall` cards.
_WALL = {
    "en": ("the stock is empty", "only {n} cards are left in the stock"),
    "ko": ("더미가 다 떨어지면", "더미가 {n}장만 남으면"),
    "ja": ("山札がなくなると", "山札が残り{n}枚になると"),
}

# The knock limit as G4 words it, for Gin (10) and for Oklahoma (the upcard).
_LIMIT = {
    "en": ("10 or less (the options may change it)", "at most the upcard's value (G9)"),
    "ko": ("10점 이하(옵션으로 바꿀 수 있음)", "업카드의 값 이하(G9)"),
    "ja": ("10点以下(オプションで変えられます)", "アップカードの値以下(G9)"),
}

_TABLE_HEAD = {
    "en": ("## The table", "mark", "what it means"),
    "ko": ("## 테이블의 표시", "표시", "뜻"),
    "ja": ("## テーブルの表示", "表示", "意味"),
}

_MARKS = {
    "en": {
        "turn": "whose turn it is",
        "dealer": "who dealt this hand",
        "cards": "how many cards each player holds",
        "penalty": "each player's penalty total: lower is better",
        "points": "each player's points this game",
        "melds": "the melds on the table, numbered: lay a card off on meld 2 with the key 2",
        "pickups": "the cards the other player took from the discard pile: they hold them",
        "pile": "how many cards the discard pile holds, and the top one, which you may take",
        "stock": "the cards left to draw",
        "recent": "what the others did since your last turn",
        "cursor": "the card under the cursor",
        "selected": "a card you selected for a meld",
        "melds_n": "your best melds now, and what the rest of your hand is worth",
    },
    "ko": {
        "turn": "지금 차례인 사람",
        "dealer": "이번 판의 딜러",
        "cards": "각자 가진 카드 수",
        "penalty": "각자의 벌점 합계. 낮을수록 좋습니다",
        "points": "이번 게임에서 각자 얻은 점수",
        "melds": "테이블의 멜드와 번호. 2번 멜드에는 2 키로 붙입니다",
        "pickups": "상대가 버린 카드 더미에서 가져간 카드(지금 상대 손에 있음)",
        "pile": "버린 카드 더미의 장수와 맨 위 카드(가져올 수 있음)",
        "stock": "남은 뽑을 카드",
        "recent": "내 지난 차례 이후 다른 사람이 한 일",
        "cursor": "커서가 있는 카드",
        "selected": "멜드하려고 고른 카드",
        "melds_n": "지금 가장 좋은 멜드 수와 나머지 카드의 값",
    },
    "ja": {
        "turn": "今の手番の人",
        "dealer": "この回の親",
        "cards": "各自の手札の枚数",
        "penalty": "各自の失点の合計。少ないほど有利です",
        "points": "このゲームで各自が取った点",
        "melds": "場のメルドと番号。2番のメルドにはキー2で付けます",
        "pickups": "相手が捨て札から取った札(今は相手の手札にあります)",
        "pile": "捨て札の枚数と一番上の札(取ることができます)",
        "stock": "残りの引ける札",
        "recent": "自分の前の手番から、ほかの人がしたこと",
        "cursor": "カーソルのある札",
        "selected": "メルドのために選んだ札",
        "melds_n": "今の一番よいメルドの数と、残りの札の値",
    },
}

FAMILY_KEYS: dict[str, KeyWords] = {
    "select": KeyWords(
        ("space",),
        ("space", "select a card for a meld, or unselect it"),
        ("space", "멜드할 카드 고르기/풀기"),
        ("space", "メルドにする札を選ぶ/選択を外す"),
    ),
    "meld": KeyWords(
        ("m",),
        ("m", "put the selected cards down as a meld"),
        ("m", "고른 카드를 멜드로 내려놓기"),
        ("m", "選んだ札をメルドとして出す"),
    ),
    "lay_off": KeyWords(
        ("o",),
        ("o", "lay the card off: o again for the next meld it fits, Enter lays it, Esc does not"),
        ("o", "커서의 카드 붙이기. 다시 o는 맞는 다음 멜드, Enter는 거기에 붙이기, Esc는 취소"),
        ("o", "カーソルの札を付ける。もう一度oで次に合うメルド、Enterでそこに付け、Escでやめる"),
    ),
}
"""The melding keys the Rummy family's tables share (Rummy's and 500 Rum's)."""


RUMMY_KEYS: tuple[KeyWords, ...] = (
    KeyWords(
        ("left", "right", "h", "l"),
        ("← → or h l", "move along your hand (Home End: the first or the last card)"),
        ("← → 또는 h l", "패에서 이동 (Home End: 첫 카드, 마지막 카드)"),
        ("← → または h l", "手札の中を移動 (Home End: 最初/最後の札)"),
    ),
    FAMILY_KEYS["select"],
    KeyWords(
        ("enter",),
        (
            "Enter",
            "draw from the stock; then discard the card under the cursor (after o: lay it off)",
        ),
        ("Enter", "더미에서 뽑기, 그다음 커서의 카드 버리기(o 다음에는 거기에 붙이기)"),
        ("Enter", "山札から引き、次にカーソルの札を捨てる(oの後はそこに付ける)"),
    ),
    KeyWords(
        ("p",),
        ("p", "take the top of the discard pile"),
        ("p", "버린 카드 더미의 맨 위 가져오기"),
        ("p", "捨て札の一番上を取る"),
    ),
    FAMILY_KEYS["meld"],
    FAMILY_KEYS["lay_off"],
    KeyWords(
        ("1", "2", "3", "4", "5", "6", "7", "8", "9"),
        ("1 to 9", "lay the card under the cursor off on that meld of the table"),
        ("1 ~ 9", "커서의 카드를 테이블의 그 번호 멜드에 붙이기"),
        ("1 から 9", "カーソルの札を場のその番号のメルドに付ける"),
    ),
    SHARED_KEYS["hint"],
    SHARED_KEYS["undo"],
    SHARED_KEYS["resign"],
    SHARED_KEYS["help"],
    SHARED_KEYS["home"],
)


_RUMMY_NOTES = {
    "en": """\
The mouse works too: click a card to select it, a meld of the table to lay off on it, and
the buttons. Two people at one keyboard: Enter first shows the hand of the one to play.
""",
    "ko": """\
마우스도 됩니다: 카드를 누르면 고르고, 테이블의 멜드를 누르면 거기에 붙이며, 버튼도 누를 수
있습니다. 한 키보드로 여럿이 할 때는 Enter를 눌러야 차례인 사람의 패가 보입니다.
""",
    "ja": """\
マウスも使えます。札をクリックすると選択、場のメルドをクリックするとそこに付け札、ボタンも
押せます。1台のキーボードを複数人で使うときは、Enterで手番の人の手札が表示されます。
""",
}

GIN_KEYS: tuple[KeyWords, ...] = (
    KeyWords(
        ("left", "right", "h", "l"),
        ("← → or h l", "move along your hand (Home End: the first or the last card)"),
        ("← → 또는 h l", "패에서 이동 (Home End: 첫 카드, 마지막 카드)"),
        ("← → または h l", "手札の中を移動 (Home End: 最初/最後の札)"),
    ),
    KeyWords(
        ("enter",),
        (
            "Enter",
            "draw from the stock, or pass the upcard; then discard the card under the cursor",
        ),
        ("Enter", "더미에서 뽑기 또는 업카드 패스, 그다음 커서의 카드 버리기"),
        ("Enter", "山札から引く、またはアップカードをパス。次にカーソルの札を捨てる"),
    ),
    KeyWords(
        ("p",),
        ("p", "take the top of the discard pile (the upcard, at the start)"),
        ("p", "버린 카드 더미의 맨 위 가져오기(처음에는 업카드)"),
        ("p", "捨て札の一番上を取る(最初はアップカード)"),
    ),
    KeyWords(
        ("k",),
        ("k", "discard the card under the cursor and knock"),
        ("k", "커서의 카드를 버리며 노크"),
        ("k", "カーソルの札を捨ててノック"),
    ),
    SHARED_KEYS["hint"],
    KeyWords(
        ("u",),
        ("u", "undo: take back your last move and the bot's reply (one player against a bot)"),
        ("u", "무르기: 내 마지막 수와 봇의 응수를 되돌립니다(봇과 둘 때)"),
        ("u", "待った: 自分の最後の手とボットの応手を戻します(ボットとの対局)"),
    ),
    SHARED_KEYS["resign"],
    SHARED_KEYS["help"],
    SHARED_KEYS["home"],
)


_GIN_NOTES = {
    "en": """\
The mouse works too: click a card to put the cursor on it, and the buttons. Two people at
one keyboard: Enter first shows the hand of the one to play.
""",
    "ko": """\
마우스도 됩니다: 카드를 누르면 커서가 그 카드로 가고, 버튼도 누를 수 있습니다. 한 키보드로
둘이 할 때는 Enter를 눌러야 차례인 사람의 패가 보입니다.
""",
    "ja": """\
マウスも使えます。札をクリックするとカーソルがその札に移り、ボタンも押せます。1台の
キーボードを2人で使うときは、Enterで手番の人の手札が表示されます。
""",
}

REPLAY_KEYS: tuple[KeyWords, ...] = replay_key_words("turn")


_KEY_HEADINGS = {
    "en": ("Keys", "Replay keys"),
    "ko": ("키", "다시 보기 키"),
    "ja": ("キー", "再生のキー"),
}

_OPTIONS_TITLE = {
    "en": ("## The options in play", "option", "value"),
    "ko": ("## 이 게임의 옵션", "옵션", "값"),
    "ja": ("## このゲームのオプション", "オプション", "値"),
}


def _word(key: str, fallback: str, **values: object) -> str:
    """The table's word (rummy.ui.*), or `fallback` should the table drop it."""
    key = "rummy.ui." + key
    return t(key, **values) if key in CATALOGUE else fallback


def _marks(gin: bool, lang: str) -> str:
    """What the table shows, each mark quoted as the table draws it."""
    head, mark, meaning = _TABLE_HEAD.get(lang, _TABLE_HEAD["en"])
    words = _MARKS.get(lang, _MARKS["en"])
    rows = [
        ("▶", words["turn"]),
        (_word("dealer", "(dealer)"), words["dealer"]),
        (_word("cards", "7 cards", n=7 if not gin else 10), words["cards"]),
    ]
    if gin:
        rows.append((_word("points", "0 points", n=0), words["points"]))
        rows.append((_word("pickups", "Taken from the pile:"), words["pickups"]))
    else:
        rows.append((_word("penalty", "0 penalty", n=0), words["penalty"]))
        rows.append((_word("table_melds", "Melds:"), words["melds"]))
    rows += [
        (_word("pile_top", "Discard pile (1):", n=1), words["pile"]),
        (_word("stock", "Stock: 29", n=29), words["stock"]),
        (_word("recent", "Since your turn:"), words["recent"]),
        ("▲", words["cursor"]),
    ]
    if not gin:
        rows.append(("▼", words["selected"]))
    rows.append(
        (
            _word("melds_n", "melds: 2", n=2) + " · " + _word("deadwood", "deadwood 7", n=7),
            words["melds_n"],
        )
    )
    lines = [head, f"| {mark} | {meaning} |", "| --- | --- |"]
    lines += [f"| {m} | {what} |" for m, what in rows]
    return "\n".join(lines) + "\n"


def _value_words(game: str, name: str, value: Any) -> str:
    """An option's value as the new-game screen words it (yes/no, a choice's words)."""
    if isinstance(value, bool):
        return t("opt.yes" if value else "opt.no")
    key = f"setup.val.{game}.{name}.{value}"
    return t(key) if key in CATALOGUE else str(value)


def _options_markdown(gin: bool, rules: Any) -> str:
    """Every option of the rules in play, by its label, with its value and rule."""
    g = GIN_GAME if gin else RUMMY_GAME
    game = g.name
    title, head_name, head_value = _OPTIONS_TITLE.get(get_language(), _OPTIONS_TITLE["en"])
    values = g.rules_dict(rules)
    lines = [title, f"| {head_name} | {head_value} |", "| --- | --- |"]
    for option in g.options:
        key = f"setup.opt.{game}.{option.name}"
        label = t(key) if key in CATALOGUE else option.name
        value = _value_words(game, option.name, values.get(option.name, option.default))
        lines.append(f"| {label} ({option.rule}) | {value} |")
    return "\n".join(lines) + "\n"


def _gin_numbers(rules: Any, oklahoma: bool, lang: str) -> dict[str, Any]:
    """The numbers Gin's rules quote: the rules in play, else the table's defaults
    (Oklahoma's own for its page)."""
    if rules is None:
        rules = GIN_GAME.rules(["knock_limit=upcard"] if oklahoma else [], 2)
    limits = _LIMIT.get(lang, _LIMIT["en"])
    upcard = getattr(rules, "oklahoma", False)
    return {
        "limit": limits[1] if upcard else limits[0],
        "undercut": rules.undercut_bonus or 0,
        "gin_bonus": rules.gin_bonus,
        "wall": _WALL.get(lang, _WALL["en"])[rules.wall > 0].format(n=rules.wall),
        "target": rules.target,
        "hand_bonus": rules.hand_bonus,
        "game_bonus": rules.game_bonus,
        "shutout_bonus": rules.shutout_bonus,
    }


OKLAHOMA = "oklahoma"
"""The id of Gin's second page: Oklahoma Gin (Gin under the upcard's knock limit, G9)."""


def help_pages(*, gin: bool) -> tuple[tuple[str, str], ...]:
    """Rummy's one page, or Gin's two: its own and Oklahoma Gin's."""
    if gin:
        return (("", t("help.page.gin")), (OKLAHOMA, t("help.page.oklahoma")))
    return (("", t("help.page.rummy")),)


def variant_of(rules: Any) -> str:
    """The page of a Gin match under `rules`: Oklahoma's under the upcard's limit."""
    return OKLAHOMA if rules is not None and getattr(rules, "oklahoma", False) else ""


def rummy_help_page(rules: Any = None, *, gin: bool, variant: str = "") -> HelpPage:
    """Rummy's or Gin's page in the current language: the rules for a first-time
    player, what the table shows, that game's keys (only those its table answers in
    that game, L13), the replayer's, and with `rules` the options in play. Gin under the
    upcard's knock limit (or the `variant` Oklahoma) starts with what Oklahoma changes."""
    lang = get_language() if get_language() in _RUMMY else "en"
    parts: list[str] = []
    if gin:
        okla = variant == OKLAHOMA or variant_of(rules) == OKLAHOMA
        if okla:
            parts.append(_OKLAHOMA[lang])
        parts.append(_GIN[lang].format(**_gin_numbers(rules, okla, lang)))
        keys, notes = GIN_KEYS, _GIN_NOTES
    else:
        parts.append(_RUMMY[lang])
        keys, notes = RUMMY_KEYS, _RUMMY_NOTES
    parts.append(_marks(gin, lang))
    title, sections = markdown_sections("\n".join(parts))
    table, replay = _KEY_HEADINGS[lang]
    more = [
        key_section(table, keys, notes[lang], of_table=True),
        key_section(replay, REPLAY_KEYS),
    ]
    if rules is not None:
        more += markdown_sections("# -\n" + _options_markdown(gin, rules))[1]
    return HelpPage(title, (*sections, *more))


def rummy_help_markdown(game: str, rules: Any = None, *, oklahoma: bool = False) -> str:
    """The page of `game` (Rummy's or Gin's, by its registry name) as the help's
    Markdown."""
    gin = get_game(game).name == GIN_GAME.name
    page = rummy_help_page(rules, gin=gin, variant=OKLAHOMA if oklahoma else "")
    return page_source(page)


class RummyHelpScreen(HelpScreen):
    """`?` at a Rummy or Gin table or replayer: the one help screen with that game's
    page alone (Oklahoma's for Gin under the upcard's knock limit), with the options in
    play."""

    def __init__(self, game: str, rules: Any = None) -> None:
        super().__init__(page_of(game, rules), rules)
        self.game = game
