"""Rook's rules in brief and the Rook table's and replayer's keys, in each language: what
`?` opens over a Rook screen (22's help is about 22)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll

from tt22.tui.i18n import get_language
from tt22.tui.screens.help import HelpScreen, HelpText
from tt22.tui.widgets.keybar import KeyBar

__all__ = ["RookHelpScreen", "rook_help_markdown"]

_EN = """\
# How to play Rook

**The aim:** your side takes tricks holding counters (5s: 5, 10s and aces: 10, the Rook: 20)
and makes what it bid. The first to the target score wins (300; 200 with 3 players).

1. **Bidding.** In turn, bid at least the lowest allowed bid shown (a step above the high bid)
   or pass; a pass is final. The last bidder wins the bid.
2. **The nest.** The bidder takes the 5 nest cards and puts back 5 (they count for whoever
   takes the last trick).
3. **Trump.** The bidder names trump; the Rook is the highest trump.
4. **Tricks.** Follow the suit led if you can; otherwise play anything. The Rook may always be
   played, and must be when trump is led and it is your only trump.
5. **Scoring.** The bidder's side scores what it took if it made its bid, else loses the bid;
   the other side scores what it took.

With 4 players partners sit across (teams A and B). With 3 the bidder plays alone against the
other two. With 2 each takes a pile, the one left is the **dummy**: 6 of its cards are face up
while bidding, all once trump is named, and the player who did not win the bid plays it.

## Keys
| key | what it does |
| --- | --- |
| ↑ ↓ or + - | raise or lower your bid; choose the pile or the trump |
| Enter | bid, take the pile, put the nest back, name trump, play the card under the cursor |
| p | pass |
| ← → or h l | move along your hand |
| space | pick a card for the nest (5 of them) |
| Home End | the first or the last card of your hand |
| i | a hint: what the strongest bot would do from your cards, chosen in your hand |
| u | undo: take back your last move and the bots' replies (one player against bots) |
| m | show or hide the move log |
| x | resign the game (asks first; the record is kept) |
| ? | this help |
| q | back to the home screen (the game is saved) |

Dimmed, struck-through cards may not be played now; a forced choice says why. The mouse works
too: click a card to play it (or pick it for the nest), and the buttons.

## Replay keys
| key | what it does |
| --- | --- |
| ← → | a move back or on |
| ↑ ↓ or [ ] | a trick back or on |
| PgUp PgDn | a hand back or on |
| Home End | the start or the end |
| v | the view: every hand open (a finished game), then each seat's |
| m | the move list |
| g | go to a hand (3), a trick (3.2), the bidding (3.0) or after a move (#57) |
| p | play on from here: you take a seat, bots the others (a match in progress is kept) |
| c | comment on the last move made (a seat's view: on its own moves only) |
| s | save the comments (a copy next to the record, or over it) |
| q | back |
"""

_KO = """\
# 루크 하는 법

**목표:** 카운터(5: 5점, 10과 A: 10점, 루크: 20점)가 든 트릭을 따서 입찰한 점수를 채우는 것.
목표 점수(300, 3인은 200)에 먼저 닿는 쪽이 이깁니다.

1. **입찰.** 차례대로 표시된 최소 입찰(최고 입찰보다 한 단계 위) 이상을 부르거나 패스합니다.
   패스는 되돌릴 수 없습니다. 마지막까지 남은 사람이 입찰을 따냅니다.
2. **둥지.** 입찰자가 둥지 5장을 가져와 5장을 돌려놓습니다(마지막 트릭을 딴 쪽의 점수).
3. **트럼프.** 입찰자가 트럼프를 정합니다. 루크는 가장 높은 트럼프입니다.
4. **트릭.** 선 카드의 무늬가 있으면 따라 내야 합니다. 루크는 언제든 낼 수 있고, 트럼프가
   선이고 유일한 트럼프가 루크라면 반드시 내야 합니다.
5. **점수.** 입찰을 채우면 입찰자 편은 딴 점수를, 못 채우면 입찰 점수를 잃습니다. 상대 편은
   딴 점수를 얻습니다.

4인은 마주 앉은 사람이 같은 편(A, B)입니다. 3인은 입찰자 혼자 나머지 둘과 겨룹니다. 2인은
각자 더미를 하나씩 고르고 남은 하나가 **더미**가 됩니다. 입찰 중에는 6장이 보이고, 트럼프가
정해지면 모두 보이며, 입찰을 따지 못한 사람이 더미를 냅니다.

## 키
| 키 | 하는 일 |
| --- | --- |
| ↑ ↓ 또는 + - | 입찰 올리기/내리기, 더미나 트럼프 고르기 |
| Enter | 입찰, 더미 가져오기, 둥지 돌려놓기, 트럼프 정하기, 커서의 카드 내기 |
| p | 패스 |
| ← → 또는 h l | 패에서 이동 |
| space | 둥지에 돌려놓을 카드 고르기(5장) |
| Home End | 패의 첫 카드나 마지막 카드 |
| i | 힌트: 가장 강한 봇이 내 카드로 할 수. 패에서 골라 줍니다 |
| u | 무르기: 내 마지막 수와 봇의 응수를 되돌림 (봇과 혼자 둘 때) |
| m | 진행 기록 보이기/숨기기 |
| x | 기권(먼저 묻습니다. 기록은 남습니다) |
| ? | 이 도움말 |
| q | 홈 화면으로(게임은 저장됩니다) |

흐리게 줄 그어진 카드는 지금 낼 수 없습니다. 선택이 강제되면 이유를 알려 줍니다. 마우스도
됩니다: 카드를 누르면 냅니다(둥지에서는 고릅니다). 버튼도 누를 수 있습니다.

## 다시 보기 키
| 키 | 하는 일 |
| --- | --- |
| ← → | 한 수 뒤로/앞으로 |
| ↑ ↓ 또는 [ ] | 한 트릭 뒤로/앞으로 |
| PgUp PgDn | 한 판 뒤로/앞으로 |
| Home End | 처음이나 끝 |
| v | 시점: 모든 패 공개(끝난 게임), 그다음 각 자리 |
| m | 수 목록 |
| g | 이동: 판(3), 트릭(3.2), 입찰(3.0), 수 다음(#57) |
| p | 여기서 두기: 한 자리를 맡고 나머지는 봇(진행 중인 게임은 기록에 보관) |
| c | 마지막 수에 메모(자리 시점에서는 그 자리의 수에만) |
| s | 메모 저장(기록 옆에 사본으로, 또는 덮어쓰기) |
| q | 뒤로 |
"""

_JA = """\
# ルックの遊び方

**目的:** 得点札(5: 5点、 10とA: 10点、 ルック: 20点)を含むトリックを取り、 入札した点数を
達成すること。 目標点(300、 3人は200)に先に届いた側の勝ちです。

1. **入札.** 順番に、 表示された最低入札 (最高入札の一段上) 以上を宣言するかパスします。 パスは
   取り消せません。 最後に残った人が入札を勝ち取ります。
2. **巣.** 入札者は巣の5枚を取り、 5枚を戻します(最後のトリックを取った側の点になります)。
3. **切り札.** 入札者が切り札を決めます。 ルックは最も強い切り札です。
4. **トリック.** リードのスートを持っていればフォローします。 ルックはいつでも出せ、 切り札が
   リードされて唯一の切り札がルックなら出さなければなりません。
5. **得点.** 入札を達成すれば入札者の側は取った点を、 できなければ入札点を失います。 相手側は
   取った点を得ます。

4人では向かい合う二人が味方(A、 B)です。 3人では入札者が一人で残りの二人と戦います。 2人では
それぞれ山を一つ選び、 残りが**ダミー**です。 入札中は6枚が表向き、 切り札が決まるとすべて
表向きになり、 入札を取らなかった人がダミーのカードを出します。

## キー
| キー | 働き |
| --- | --- |
| ↑ ↓ または + - | 入札を上げる/下げる、山や切り札を選ぶ |
| Enter | 入札、 山を取る、 巣を戻す、 切り札を決める、 カーソルのカードを出す |
| p | パス |
| ← → または h l | 手札の中を移動 |
| space | 巣に戻すカードを選ぶ(5枚) |
| Home End | 手札の最初/最後のカード |
| i | ヒント: 最も強いボットが自分の札でする手。 手札で選びます |
| u | 待った: 自分の最後の手とボットの応手を戻す (ボットとの一人対局) |
| m | 手順ログの表示/非表示 |
| x | 投了(確認あり。記録は残ります) |
| ? | このヘルプ |
| q | ホーム画面へ(ゲームは保存されます) |

薄く取り消し線のあるカードは今は出せません。 選択が強制されるときは理由が表示されます。
マウスも使えます: カードをクリックすると出します(巣では選びます)。 ボタンも押せます。

## 再生のキー
| キー | 働き |
| --- | --- |
| ← → | 一手戻る/進む |
| ↑ ↓ または [ ] | 一トリック戻る/進む |
| PgUp PgDn | 一ハンド戻る/進む |
| Home End | 最初/最後 |
| v | 視点: 全員の手札(終了したゲーム)、次に各席 |
| m | 手順の一覧 |
| g | 移動: ハンド(3)、トリック(3.2)、入札(3.0)、手の後(#57) |
| p | ここから対局: 一つの席に座り、他はボット(進行中の試合は記録に保存) |
| c | 最後の手にコメント(席の視点ではその席の手だけ) |
| s | コメントを保存(記録の隣にコピー、または上書き) |
| q | 戻る |
"""


def rook_help_markdown() -> str:
    """The help in the current language (the Japanese puts a space after 。 and 、: the
    help wraps a list item at spaces, and Japanese has none)."""
    return {"ko": _KO, "ja": _JA}.get(get_language(), _EN)


class RookHelpScreen(HelpScreen):
    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-scroll"):
            yield HelpText(rook_help_markdown(), id="help")
        yield KeyBar(compact=False)
