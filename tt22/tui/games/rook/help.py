"""Rook's rules and the Rook table's and replayer's keys, in each language: what `?`
opens over a Rook screen, and Rook's page of the help anywhere else.

Written for someone who has never played: the deck (41 cards, or 44 for 2-3 players),
the order of the cards, the 9 cards each, the points in the deck (120 or 100), the
compulsory opening bid, what a pile and the dummy are, and what every mark on the table
means. The rule numbers are docs/rook.md's (K1-K23), as the table's reasons name them.
The marks and column names are read from the table's own words (tt22/tui/games/rook/words.py),
so the help says what the table shows.
"""

from __future__ import annotations

from typing import Any

import tt22.tui.games.rook.words  # noqa: F401  (the table's words: rook.*)
from tt22.games.rook import ROOK_GAME
from tt22.games.rook.cards import ROOK, show_rook_card
from tt22.tui.help_text import SHARED_KEYS, key_section, markdown_sections, page_of, page_source
from tt22.tui.i18n import CATALOGUE, get_language, t
from tt22.tui.replay.keys import replay_key_words
from tt22.tui.screens.help import HelpScreen
from tt22.tui.summary.data import HelpPage, KeyWords

__all__ = ["REPLAY_KEYS", "TABLE_KEYS", "RookHelpScreen", "rook_help_markdown", "rook_help_page"]

_EN = """\
# How to play Rook

**The aim:** win the bidding to choose trump, then take tricks that hold points. The side
that wins the bid must take at least the points it bid. The first to the target score
wins: 300 (200 with 3 players).

## A hand in five steps
1. **Deal:** everyone gets 9 cards, and 5 more lie face down in the middle: the **nest**.
   (With 2 or 3 players the cards are first laid out in piles: see below.)
2. **Bid:** a bid is the points your side promises to take. The player on the dealer's
   left must open, at 70 or more (50 with 2 or 3 players); the others raise or pass. The
   highest bid wins.
3. **Nest and trump:** the winner of the bid takes the nest, puts 5 cards back and names
   trump.
4. **Tricks:** play them until the hands are empty. Follow the suit led if you can. The
   Rook takes the trick, else the highest trump, else the highest card of the suit led.
5. **Count:** the points in each side's tricks. The bidder's side scores its bid if it
   took that much, or loses it; the other side scores what it took.

The sections below tell each step in full, with the rules' numbers.

## The cards
- **4 players: 41 cards.** 5 to A in four suits ({suits}) and one card more, the **Rook**
  ({rook}), a bird card that beats every other card (K2).
- **2 or 3 players: 44 cards.** 4 to A in four suits, and no Rook (K20).
- **Order,** highest first, in every suit: **A K Q J 10 9 8 7 6 5** (then 4). The ace is
  high (K3).
- **Points (counters):** each 5 is worth 5, each 10 and each ace 10, the Rook 20; every
  other card 0. The deck holds **120 points**, 100 with 2 or 3 players (K4).

## A hand
1. **The deal (K6).** Everyone gets **9 cards**, and 5 go face down in the middle: the
   **nest**. With 2 or 3 players the cards are first laid out as three face-down
   **piles** of 12 (a pile is just one of those three stacks; the table calls them
   "{pile}"); of the 8 cards left, 5 make the nest and 3 are put aside unseen, their
   points counting for nobody (K20).
2. **Bidding (K8).** A bid is the number of points your side promises to take, in steps
   of 5. The player on the dealer's left **must open**, with at least 70 (50 with 2 or 3
   players), so a hand is never passed out. Then, in turn, each player raises the bid or
   passes; a pass is for the rest of the bidding. Bids go up to 120 (100). When all the
   others have passed, the last bid stands and its maker is the **bidder**.
3. **The nest (K9).** The bidder adds the 5 nest cards to their hand, then puts any 5
   back face down, counters included. The nest's points go to whoever takes the last
   trick (K14).
4. **Trump (K10).** The bidder names a suit as trump. The Rook is a trump too, the
   highest.
5. **Tricks (K11-K13).** The player on the dealer's left leads the first trick; whoever
   wins a trick leads the next. Follow the suit led if you can; if not, play any card.
   The Rook may be played at any time, even when you could follow, and it wins the
   trick. When trump is led and the Rook is your only trump, you must play it; when the
   Rook is led, everyone must play trump. A trick goes to the Rook, else to the highest
   trump, else to the highest card of the suit led.
6. **Scoring (K15-K17).** Each side counts the points in the tricks it took, and the
   nest if it took the last trick. If the bidder's side took at least its bid, it
   scores **the bid**, not what it took (bid 95, took 100: +95); if not, it **loses the
   bid** (-95). The other side scores what it took.

The game ends after the hand in which someone reaches the target; the highest score wins
(K18). With 4 players, two teams level at the top play another hand, and so do two
players level with 2; with 3 players, those level at the top **share the win** (K21).

## Two, three or four players
- **4 players (K1):** partners sit across from each other and score together: team A
  (you and the player opposite) against team B.
- **3 players (K21):** each player takes one pile. Whoever wins the bid plays alone
  against the other two, who are a team for that hand: each of them scores everything
  the two of them took.
- **2 players and the dummy (K22):** the non-dealer chooses one of the three piles
  without seeing it, then the dealer; the pile left over is the **dummy**. During the
  bidding 6 of the dummy's cards lie face up and 6 face down, and the non-dealer bids
  first. Once trump is named all 12 are turned up, and the player who did not win the
  bid plays the dummy's cards as well, in the dummy's turn, and scores its tricks with
  their own.

## The table
"""

_EN_MARKS = {
    "head": ("mark", "what it means"),
    "turn": "whose turn it is",
    "bid": "the high bid so far; once the bidding is over, the bidder",
    "dealer": "who dealt this hand (the player on their left bids and leads first)",
    "you": "your seat, when you play under a name of your own",
    "dummy": "the 2-player game's dummy; once the bid is won, it says whose side it plays on",
    "team": "A or B: the partners with 4 players; with 2 or 3, the high bid's side is A",
    "cards": "how many cards each hand holds now",
    "bidding": "each player's highest bid, or {passed}",
    "taken": "the points each has taken in tricks this hand",
    "score": "the game's score so far",
    "face_down": "the dummy's cards still face down (2 players, during the bidding)",
    "top": (
        "The line at the top says which hand it is, what is happening (bidding, the nest,"
        " a trick), the bid and who made it, trump, and the target score."
    ),
}


_KO = """\
# 루크 하는 법

**목표:** 입찰에서 이겨 트럼프를 정하고, 점수가 든 트릭을 따는 게임입니다. 입찰을 따낸 편은
부른 점수 이상을 따야 합니다. 목표 점수 300점(3인은 200점)에 먼저 닿는 쪽이 이깁니다.

## 한 판을 다섯 단계로
1. **딜:** 각자 9장씩 받고, 5장은 가운데에 엎어 둡니다. 이것이 **둥지**입니다.
   (2인·3인에서는 먼저 카드를 묶음으로 나눕니다. 아래를 보세요.)
2. **입찰:** 우리 편이 따겠다고 약속하는 점수를 부릅니다. 딜러 왼쪽 사람이 반드시 먼저
   70점(2인·3인은 50점) 이상을 부르고, 나머지는 더 부르거나 패스합니다. 가장 높이
   부른 사람이 이깁니다.
3. **둥지와 트럼프:** 입찰을 딴 사람이 둥지를 가져와 5장을 다시 엎어 두고 트럼프를 정합니다.
4. **트릭:** 손의 카드가 다 떨어질 때까지 합니다. 먼저 나온 무늬가 있으면 그 무늬를
   냅니다. 루크가, 없으면 가장 높은 트럼프가, 그것도 없으면 먼저 나온 무늬의 가장 높은
   카드가 트릭을 가져갑니다.
5. **점수:** 각 편이 딴 트릭의 점수를 셉니다. 입찰자 편은 부른 만큼 땄으면 부른 점수를
   얻고, 못 땄으면 잃습니다. 상대 편은 딴 점수를 얻습니다.

아래에서 단계마다 자세한 규칙을 규칙 번호와 함께 설명합니다.

## 카드
- **4인: 41장.** 네 무늬({suits})의 5부터 A까지 40장에 **루크**({rook}) 한 장을 더합니다.
  루크는 새가 그려진 카드로, 어떤 카드보다도 셉니다(K2).
- **2인·3인: 44장.** 네 무늬의 4부터 A까지이고, 루크는 쓰지 않습니다(K20).
- **순위:** 무늬마다 높은 것부터 **A K Q J 10 9 8 7 6 5** (그다음 4). A가 가장 높습니다(K3).
- **점수 카드(카운터):** 5는 5점, 10과 A는 10점, 루크는 20점이고 나머지 카드는 0점입니다.
  카드 전체의 점수는 **120점**, 2인·3인은 100점입니다(K4).

## 한 판의 흐름
1. **딜 (K6).** 각자 **9장**씩 받고, 5장은 가운데에 엎어 둡니다. 이것이 **둥지**입니다.
   2인·3인에서는 먼저 카드를 12장씩 세 **묶음**으로 엎어 놓습니다(화면에는 '{pile}'처럼
   나옵니다). 남은 8장 가운데 5장이 둥지가 되고, 3장은 아무도 보지 않은 채 빼 둡니다. 빼 둔
   카드의 점수는 누구의 것도 아닙니다(K20).
2. **입찰 (K8).** 입찰은 우리 편이 따겠다고 약속하는 점수로, 5점 단위로 부릅니다. 딜러 왼쪽
   사람은 **반드시 먼저 불러야** 하고 최소 70점(2인·3인은 50점)입니다. 그래서 아무도 부르지
   않고 넘어가는 판은 없습니다. 이어서 차례대로 더 높이 부르거나 패스합니다. 한 번 패스하면
   그 판에서는 다시 부를 수 없습니다. 최고 120점(100점)까지 부를 수 있고, 나머지가 모두
   패스하면 마지막으로 부른 사람이 **입찰자**가 됩니다.
3. **둥지 (K9).** 입찰자는 둥지 5장을 손에 넣은 다음, 아무 카드나 5장을 다시 엎어 둡니다.
   점수 카드를 넣어도 됩니다. 둥지의 점수는 마지막 트릭을 딴 쪽이 가져갑니다(K14).
4. **트럼프 (K10).** 입찰자가 한 무늬를 트럼프로 정합니다. 루크도 트럼프이며 그중 가장
   높습니다.
5. **트릭 (K11–K13).** 첫 트릭은 딜러 왼쪽 사람이 먼저 내고, 그 뒤로는 트릭을 딴 사람이 먼저
   냅니다. 먼저 나온 카드와 같은 무늬가 있으면 그 무늬를 내야 하고, 없으면 아무 카드나
   냅니다. 루크는 같은 무늬가 있어도 언제든 낼 수 있고, 내면 그 트릭을 땁니다. 트럼프가
   먼저 나왔는데 가진 트럼프가 루크뿐이면 루크를 내야 하고, 루크가 먼저 나오면 모두 트럼프를
   내야 합니다. 트릭은 루크가, 루크가 없으면 가장 높은 트럼프가, 트럼프도 없으면 먼저 나온
   무늬의 가장 높은 카드가 가져갑니다.
6. **점수 (K15–K17).** 각 편은 딴 트릭의 점수를 셉니다. 마지막 트릭을 땄으면 둥지도 셉니다.
   입찰자 편이 부른 점수 이상을 땄으면 딴 점수가 아니라 **부른 점수**를 얻고(95를 불러
   100을 따면 +95), 못 미치면 **부른 점수를 잃습니다**(-95). 상대 편은 딴 점수를 그대로
   얻습니다.

누군가 목표 점수에 닿은 판이 끝나면 게임이 끝나고, 점수가 가장 높은 쪽이 이깁니다(K18).
4인에서 두 팀이, 2인에서 두 사람이 같은 점수로 1위이면 한 판 더 합니다. 3인에서는 같은
점수로 1위인 사람들이 **함께 이깁니다**(K21).

## 인원에 따라
- **4인 (K1):** 마주 앉은 두 사람이 한 편이 되어 점수를 함께 씁니다. 나와 맞은편 사람이
  A팀, 나머지 두 사람이 B팀입니다.
- **3인 (K21):** 각자 묶음을 하나씩 받습니다. 입찰을 딴 사람은 혼자서 나머지 두 사람과
  겨루고, 두 사람은 그 판에서만 한 편이 됩니다. 두 사람은 함께 딴 점수를 각자 모두 얻습니다.
- **2인과 더미 (K22):** 딜러가 아닌 사람이 먼저, 이어서 딜러가 세 묶음 가운데 하나를 보지
  않고 고릅니다. 남은 묶음이 **더미**입니다. 입찰하는 동안 더미의 6장은 앞면, 6장은 뒷면이고
  딜러가 아닌 사람이 먼저 부릅니다. 트럼프가 정해지면 12장이 모두 공개되고, 입찰을 따지 못한
  사람이 더미 차례에 더미의 카드도 내며, 더미가 딴 점수도 자기 점수로 얻습니다.

## 테이블의 표시
"""

_KO_MARKS = {
    "head": ("표시", "뜻"),
    "turn": "지금 차례인 사람",
    "bid": "지금까지의 최고 입찰. 입찰이 끝나면 입찰자",
    "dealer": "이번 판의 딜러(그 왼쪽 사람이 먼저 부르고 먼저 냅니다)",
    "you": "내 자리(이름을 직접 정했을 때)",
    "dummy": "2인 게임의 더미. 입찰이 끝나면 누구 편인지 함께 나옵니다",
    "team": "A 또는 B: 4인에서는 두 팀, 2인·3인에서는 최고 입찰을 한 쪽이 A",
    "cards": "지금 손에 든 카드 수",
    "bidding": "각자의 가장 높은 입찰, 또는 {passed}",
    "taken": "이번 판에 트릭으로 딴 점수",
    "score": "지금까지의 게임 점수",
    "face_down": "아직 뒷면인 더미의 카드(2인, 입찰하는 동안)",
    "top": (
        "맨 윗줄에는 몇 번째 판인지, 지금 무엇을 하는지(입찰, 둥지, 트릭), 입찰 점수와"
        " 입찰자, 트럼프, 목표 점수가 나옵니다."
    ),
}


_JA = """\
# ルックの遊び方

**目的:** 入札に勝って切り札を決め、点数の入ったトリックを取るゲームです。入札を取った側は、
宣言した点数以上を取らなければなりません。目標点の300点(3人なら200点)に先に届いた側の勝ちです。

## 1ハンドを5つの手順で
1. **配り:** 各自に9枚ずつ配り、5枚を中央に伏せて置きます。これが**巣**です。
   (2人・3人では、先に札を山に分けます。下の説明を見てください。)
2. **入札:** 自分の側が取ると約束する点数を宣言します。親の左の人が必ず最初に70点(2人・3人
   では50点)以上で入札し、ほかの人はより高く入札するかパスします。一番高い入札の人が勝ちます。
3. **巣と切り札:** 入札に勝った人が巣を手札に加え、5枚を伏せて戻し、切り札を決めます。
4. **トリック:** 手札がなくなるまで続けます。リードされたスートがあれば出します。
   ルック、なければ一番強い切り札、それもなければリードされたスートの一番強い札が
   トリックを取ります。
5. **得点:** 各側が取ったトリックの点を数えます。入札者の側は入札した点以上を取れば入札した
   点を得て、届かなければ失います。相手側は取った点を得ます。

以下の節で、各手順をルール番号つきで詳しく説明します。

## カード
- **4人: 41枚。**4つのスート({suits})の5からAまでの40枚に、**ルック**({rook})を1枚
  加えます。ルックは鳥の絵の札で、どの札よりも強い札です(K2)。
- **2人・3人: 44枚。**4つのスートの4からAまでで、ルックは使いません(K20)。
- **強さ:** どのスートも強い順に **A K Q J 10 9 8 7 6 5**(その下に4)。Aが一番強い札です(K3)。
- **点札(カウンター):** 5は5点、10とAは10点、ルックは20点で、ほかの札は0点です。
  全部で**120点**、2人・3人では100点です(K4)。

## 1ハンドの流れ
1. **配り (K6)。**各自に**9枚**ずつ配り、5枚を中央に伏せて置きます。これが**巣**です。
   2人・3人では、まず札を12枚ずつ3つの**山**に伏せて分けます(画面では「{pile}」のように
   表示されます)。残る8枚のうち5枚が巣になり、3枚は誰も見ないまま除外します。除外した札の
   点は誰のものにもなりません(K20)。
2. **入札 (K8)。**入札は、自分の側が取ると約束する点数で、5点刻みです。親の左の人が
   **必ず最初に入札**します(最低70点、2人・3人では50点)。ですから、誰も入札せずに流れる
   ハンドはありません。続いて順番に、より高く入札するかパスします。一度パスした人はその
   ハンドではもう入札できません。上限は120点(100点)です。ほかの全員がパスすると、最後に
   入札した人が**入札者**になります。
3. **巣 (K9)。**入札者は巣の5枚を手札に加え、好きな5枚を伏せて戻します。点札を戻しても
   構いません。巣の点は最後のトリックを取った側のものになります(K14)。
4. **切り札 (K10)。**入札者がスートを1つ切り札に決めます。ルックも切り札で、その中で一番
   強い札です。
5. **トリック (K11〜K13)。**最初のトリックは親の左の人がリードし、以後はトリックを取った人が
   リードします。リードされたスートを持っていれば必ずそれを出し、なければどの札を出しても
   構いません。ルックは、フォローできるときでもいつでも出せて、出せばそのトリックを取ります。
   切り札がリードされ、手持ちの切り札がルックだけなら、ルックを出さなければなりません。
   ルックがリードされたら、全員が切り札を出します。トリックを取るのはルック、なければ一番
   強い切り札、それもなければリードされたスートの一番強い札です。
6. **得点 (K15〜K17)。**各側は取ったトリックの点を数えます。最後のトリックを取っていれば巣の
   点も入ります。入札者の側が入札した点以上を取れば、取った点ではなく**入札した点**を
   得ます(95で入札して100取れば +95)。届かなければ**入札した点を失います**(-95)。相手側は
   取った点をそのまま得ます。

誰かが目標点に届いたハンドでゲームは終わり、最高点の側が勝ちです(K18)。4人で2チームが、
2人で2人が同点首位のときは、もう1ハンド行います。3人では、同点首位の人たちが**勝ちを
分け合います**(K21)。

## 人数による違い
- **4人 (K1):** 向かい合う2人が味方で、得点も共通です。自分と向かいの人がAチーム、残りの
  2人がBチームです。
- **3人 (K21):** 各自が山を1つずつ取ります。入札を取った人は1人で残りの2人と戦い、2人は
  そのハンドだけ味方になります。2人はそれぞれ、2人で取った点の合計を得ます。
- **2人とダミー (K22):** 子(親でない人)、次に親の順に、3つの山から1つを見ずに選びます。
  残った山が**ダミー**です。入札の間、ダミーは6枚が表、6枚が裏で、子が先に入札します。
  切り札が決まると12枚すべてが表になり、入札を取らなかった人がダミーの番にダミーの札も出し、
  ダミーが取った点も自分の点にします。

## テーブルの表示
"""

_JA_MARKS = {
    "head": ("表示", "意味"),
    "turn": "今の手番の人",
    "bid": "今までの最高入札。入札が終われば入札者",
    "dealer": "このハンドの親(その左の人が最初に入札し、最初にリードします)",
    "you": "自分の席(自分で名前を付けたとき)",
    "dummy": "2人戦のダミー。入札が終わると、どちらの側で出すかも表示されます",
    "team": "AかB: 4人では2つのチーム、2人・3人では最高入札をした側がA",
    "cards": "今持っている札の枚数",
    "bidding": "各自の最高の入札、または{passed}",
    "taken": "このハンドのトリックで取った点",
    "score": "これまでのゲームの得点",
    "face_down": "まだ裏向きのダミーの札(2人戦、入札の間)",
    "top": (
        "一番上の行には、何ハンド目か、今していること(入札、巣、トリック)、入札と入札者、"
        "切り札、目標点が表示されます。"
    ),
}


TABLE_KEYS: tuple[KeyWords, ...] = (
    KeyWords(
        ("up", "down", "plus", "minus", "k", "j"),
        ("↑ ↓ + - (k j)", "raise or lower your bid; choose the pile or the trump"),
        ("↑ ↓ + - (k j)", "입찰 올리기/내리기, 묶음이나 트럼프 고르기"),
        ("↑ ↓ + - (k j)", "入札を上げる/下げる、山や切り札を選ぶ"),
    ),
    KeyWords(
        ("enter",),
        (
            "Enter",
            "bid, take the pile, put the nest back, name trump, play the card under the cursor",
        ),
        ("Enter", "입찰, 묶음 가져오기, 둥지 돌려놓기, 트럼프 정하기, 커서의 카드 내기"),
        ("Enter", "入札する、山を取る、巣を戻す、切り札を決める、カーソルの札を出す"),
    ),
    KeyWords(
        ("p",),
        ("p", "pass"),
        ("p", "패스"),
        ("p", "パス"),
    ),
    KeyWords(
        ("left", "right", "h", "l"),
        ("← → or h l", "move along your hand"),
        ("← → 또는 h l", "패에서 이동"),
        ("← → または h l", "手札の中を移動"),
    ),
    KeyWords(
        ("space",),
        ("space", "pick a card to put back in the nest (5 of them)"),
        ("space", "둥지에 돌려놓을 카드 고르기(5장)"),
        ("space", "巣に戻す札を選ぶ(5枚)"),
    ),
    KeyWords(
        ("home", "end"),
        ("Home End", "the first or the last card of your hand"),
        ("Home End", "패의 첫 카드나 마지막 카드"),
        ("Home End", "手札の最初/最後の札"),
    ),
    SHARED_KEYS["hint"],
    SHARED_KEYS["undo"],
    KeyWords(
        ("m",),
        ("m", "show or hide the move log"),
        ("m", "진행 기록 보이기/숨기기"),
        ("m", "手順ログの表示/非表示"),
    ),
    SHARED_KEYS["resign"],
    SHARED_KEYS["help"],
    SHARED_KEYS["home"],
)


REPLAY_KEYS: tuple[KeyWords, ...] = replay_key_words(
    "trick",
    KeyWords(
        ("g",),
        ("g", "go to a hand (3), a trick (3.2), the bidding (3.0) or after a move (#57)"),
        ("g", "이동: 판(3), 트릭(3.2), 입찰(3.0), 수 다음(#57)"),
        ("g", "移動: ハンド(3)、トリック(3.2)、入札(3.0)、その手の後(#57)"),
    ),
)


_KEY_HEADINGS = {
    "en": ("Keys", "Replay keys"),
    "ko": ("키", "다시 보기 키"),
    "ja": ("キー", "再生のキー"),
}

_NOTES = {
    "en": """\
Dimmed, struck-through cards may not be played now; a forced choice says why, with the
rule's number. Two people at one keyboard: Enter first shows the hand of the one to play.
The mouse works too: click a card to play it (or pick it for the nest),
and the buttons.
""",
    "ko": """\
흐리게 줄이 그어진 카드는 지금 낼 수 없습니다. 선택이 강제되면 규칙 번호와 함께 이유를
알려 줍니다. 한 키보드로 여럿이 할 때는 Enter를 눌러야 차례인 사람의 패가 보입니다.
마우스도 됩니다: 카드를 누르면 내고(둥지에서는 고르고), 버튼도 누를 수 있습니다.
""",
    "ja": """\
薄く取り消し線の付いた札は、今は出せません。選択が強制されるときは、ルールの番号と一緒に
理由が表示されます。1台のキーボードを複数人で使うときは、Enterで手番の人の手札が表示されます。マウスも使えます。札をクリックすると出し(巣では選び)、ボタンも押せます。
""",
}

_TEXTS: dict[str, tuple[str, dict[str, Any]]] = {
    "en": (_EN, _EN_MARKS),
    "ko": (_KO, _KO_MARKS),
    "ja": (_JA, _JA_MARKS),
}


def _word(key: str, fallback: str, **values: object) -> str:
    """The table's word for `key` (rook.*), or `fallback` should the table drop it."""
    return t(key, **values) if key in CATALOGUE else fallback


def _marks(marks: dict[str, Any]) -> str:
    """The table's marks and columns, each as the table draws it, and what it means."""
    mark, meaning = marks["head"]
    rows = [
        ("▶", marks["turn"]),
        ("*", marks["bid"]),
        (f"[{_word('rook.dealer', 'dealer')}]", marks["dealer"]),
        (f"({_word('rook.you', 'you')})", marks["you"]),
        (_word("rook.dummy", "Dummy"), marks["dummy"]),
        (_word("rook.col.team", "Team"), marks["team"]),
        (_word("rook.col.cards", "Cards"), marks["cards"]),
        (
            _word("rook.col.bid", "Bidding"),
            marks["bidding"].format(passed=f"**{_word('rook.passed', 'passed')}**"),
        ),
        (_word("rook.col.taken", "Taken"), marks["taken"]),
        (_word("rook.col.score", "Score"), marks["score"]),
        (_word("rook.face_down", "+6 face down", n=6), marks["face_down"]),
    ]
    lines = [f"| {mark} | {meaning} |", "| --- | --- |"]
    lines += [f"| {m} | {what} |" for m, what in rows]
    top: str = marks["top"]
    return "\n".join(lines) + "\n\n" + top + "\n\n"


def rook_help_page(ascii_style: bool = False) -> HelpPage:
    """Rook's page in the current language, the cards drawn as the table draws them
    (`RK` for the Rook in the ASCII style, `R★` otherwise): the rules (a hand in five
    steps first, review M7), the table's marks, its keys and the replayer's."""
    language = get_language() if get_language() in _TEXTS else "en"
    rules, marks = _TEXTS[language]
    suits = "S H D C" if ascii_style else "♠ ♥ ♦ ♣"
    filled = rules.format(
        suits=suits,
        rook=show_rook_card(ROOK, ascii_style),
        pile=_word("rook.btn.pile", "Pile 1", n=1),
    )
    title, sections = markdown_sections(filled + _marks(marks))
    table, replay = _KEY_HEADINGS[language]
    return HelpPage(
        title,
        (
            *sections,
            key_section(table, TABLE_KEYS, _NOTES[language], of_table=True),
            key_section(replay, REPLAY_KEYS),
        ),
    )


def rook_help_markdown(ascii_style: bool = False) -> str:
    """Rook's page as the help's Markdown."""
    return page_source(rook_help_page(ascii_style))


class RookHelpScreen(HelpScreen):
    """`?` over a Rook table or replayer: the one help screen, Rook's page alone."""

    def __init__(self) -> None:
        super().__init__(page_of(ROOK_GAME.name))
