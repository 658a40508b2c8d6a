"""The rules and keys for a first-time player, in each language of the catalogue: 22's
page here, and the list of every game's page (`PAGES`) that the help offers where no
game is in play (the home screen's "Rules and keys", Settings, the new-game screen).

Each game's page lives beside that game's screens (tt22/tui/rook/help.py,
tt22/tui/rummy/help.py) and is imported only when it is shown.
"""

from __future__ import annotations

from typing import Any

from tt22.tui.i18n import CATALOGUE, add_section, get_language, t

__all__ = ["PAGES", "help_markdown", "page_markdown", "page_name", "page_of"]

PAGES: tuple[str, ...] = ("twentytwo", "rook", "rummy", "gin", "oklahoma")
"""Every game tt22 plays, as the help names its pages (Oklahoma Gin is Gin with
`knock_limit = upcard`, G9, and has a page of its own: a new player looks for it by name)."""

add_section(
    "help.",
    {
        "pages": ("Rules of:", "규칙:", "ルール:"),
        "key.game": ("Game", "게임", "ゲーム"),
        "page.twentytwo": ("22", "22", "22"),
        "page.rook": ("Rook", "루크", "ルック"),
        "page.rummy": ("Rummy", "러미", "ラミー"),
        "page.gin": ("Gin Rummy", "진 러미", "ジン・ラミー"),
        "page.oklahoma": ("Oklahoma Gin", "오클라호마 진", "オクラホマ・ジン"),
    },
)


def page_name(page: str) -> str:
    """A page's game as the help's chooser names it, in the current language."""
    key = f"help.page.{page}"
    return t(key) if key in CATALOGUE else page


def page_of(game: str, rules: Any = None) -> str:
    """The page of a match of `game` under `rules` (Gin with the upcard's knock limit
    is Oklahoma's)."""
    if game == "gin" and rules is not None and getattr(rules, "oklahoma", False):
        return "oklahoma"
    return game if game in PAGES else PAGES[0]


def page_markdown(page: str, rules: Any = None, ascii_style: bool = False) -> str:
    """The help's text of `page`, with the options of `rules` where the page lists
    them (a match in play), cards drawn in the ASCII style when `ascii_style`."""
    if page == "rook":
        from tt22.tui.rook.help import rook_help_markdown

        return rook_help_markdown(ascii_style)
    if page in ("rummy", "gin", "oklahoma"):
        from tt22.tui.rummy.help import rummy_help_markdown

        game = "rummy" if page == "rummy" else "gin"
        return rummy_help_markdown(game, rules, oklahoma=page == "oklahoma")
    return help_markdown()


_EN = """\
# How to play 22

**The aim:** never be left holding the highest card at the end of a deal.
Cards rank **A K Q J 10 9 8 7 6 5 4 3 2**; suits never matter.

## A deal
1. **Deal.** Everyone gets the same number of cards (7 in the first deal).
2. **Exchange.** Once, in turn, you may throw away any number of cards and draw as many
   from the stock. Select the cards and press **Enter**; press **Enter** with nothing
   selected to keep your hand.
3. **Tricks.** The leader plays **one card**, or **several cards of one rank** (a pair,
   three of a kind...), and must keep at least one card. Everyone else plays **as many
   cards** as were led, either
   * cards that **beat or match** the best play so far (sorted high to low, each card
     equal or higher), or
   * their **lowest** cards (a *duck*).
   The best play (marked **★ best**) wins the trick and leads the next one.
4. **Showdown.** When everyone holds one card, all last cards are shown. The **highest
   card loses**: its owner adds its value to their penalty (A = 11, K Q J = 10, others
   their number) and deals the next deal, which gives everyone as many cards as that penalty.

Reach **22** penalty points and you are out. The last player left wins.

**Tip:** keep low cards for the end, and use your high cards while they can still win tricks.

## Keys
| key | what it does |
| --- | --- |
| ← → or h l | move along your hand |
| space | select or unselect the card |
| a | select every card of that rank |
| Enter | play the selection (exchange: discard it, or keep; hot seat: show your hand) |
| d | play your lowest cards (the duck; your lowest single card when leading) |
| Home End | the first or the last card of your hand |
| m | show or hide the move log |
| i | a hint: what a strong bot would play here, and how often it loses |
| s | the penalty totals after each deal, and the first-dealer draw |
| x | resign the match (asks first; the record is kept) |
| u | undo against bots: take back your last move and their replies (the record counts it) |
| PgUp PgDn | scroll the seats, when nine do not fit |
| ? | this help |
| q | back to the home screen (the match is saved) |
| ctrl+p | all commands |

Dimmed, struck-through cards cannot be part of any legal play right now. When your choice is forced,
the table tells you why. The mouse works too: click a card to select it.

## Replay keys
Open a record with **r** on the home screen, or `tt22 replay FILE`.

| key | what it does |
| --- | --- |
| ← → | one move back or forward |
| ↑ ↓ [ ] | to the start of this or the previous trick, or of the next trick |
| PgUp PgDn | to the start of this or the previous deal, or of the next deal |
| Home End | to the first deal, or to the end of the record |
| g | go to a place: 3 (deal), 3.2 (trick), 3.2.1 (move) or #57 (move number) |
| space | start or stop autoplay |
| + - | autoplay faster or slower |
| t | autoplay at the recorded thinking times |
| v | all hands open, or one seat's view, seat by seat |
| c | comment on the move just shown |
| s | save the comments (as a copy or in place) |
| p | play from here: take a seat, bots play the others |
| m | move list keys: ↑/↓ one move, PgUp/PgDn a page, m or Esc to give them back (or click a move) |
| j k | scroll the seats and the hands down or up, when they do not fit |
| q | leave the replay (`tt22 replay FILE`: leave the program) |
"""

_KO = """\
# 22 하는 법

**목표:** 딜이 끝날 때 가장 높은 카드를 들고 있지 않는 것.
카드 순위는 **A K Q J 10 9 8 7 6 5 4 3 2**이며, 무늬는 상관없습니다.

## 한 딜의 흐름
1. **딜.** 모두 같은 장수를 받습니다 (첫 딜은 7장).
2. **교환.** 차례대로 한 번, 원하는 만큼 카드를 버리고 더미에서 같은 수만큼 뽑을 수
   있습니다. 카드를 고르고 **Enter**, 아무것도 고르지 않고 **Enter**면 그대로 유지합니다.
3. **트릭.** 선은 **카드 한 장** 또는 **같은 숫자 여러 장**을 내고, 최소 한 장은 남겨야
   합니다. 다른 사람은 선과 **같은 장수**를 냅니다:
   * 지금까지의 최고 패와 **같거나 높은** 카드 (높은 순으로 정렬해 한 장씩 같거나 높음), 또는
   * 자기 패에서 **가장 낮은** 카드 (덕).
   최고 패(**★ 최고** 표시)가 트릭을 가져가고 다음 선을 잡습니다.
4. **쇼다운.** 모두 한 장만 남으면 마지막 카드를 공개합니다. **가장 높은 카드가 집니다**:
   그 값(A = 11, K Q J = 10, 나머지는 숫자)이 벌점에 더해지고, 진 사람이 다음 딜을
   돌립니다. 다음 딜의 장수는 그 벌점과 같습니다.

벌점이 **22**점이 되면 탈락. 마지막까지 남은 사람이 우승합니다.

## 키
| 키 | 기능 |
| --- | --- |
| ← → 또는 h l | 패에서 이동 |
| 스페이스 | 카드 선택/해제 |
| a | 같은 숫자 모두 선택 |
| Enter | 선택한 카드 내기 (교환: 버리기, 선택 없음: 유지, 핫시트: 내 패 보기) |
| d | 가장 낮은 카드 내기 (선일 때는 가장 낮은 한 장) |
| Home End | 패의 첫 카드 / 마지막 카드 |
| m | 진행 기록 보이기/숨기기 |
| i | 힌트: 강한 봇이 여기서 낼 수와 그 수로 지는 비율 |
| s | 딜마다의 벌점 합계와 첫 딜러 뽑기 |
| x | 기권 (먼저 묻고, 기록은 보관됨) |
| u | 무르기 (봇 상대): 내 마지막 수와 봇의 응수를 되돌림 (기록에 횟수가 남음) |
| PgUp PgDn | 좌석이 화면보다 길 때 스크롤 |
| ? | 이 도움말 |
| q | 처음 화면으로 (경기는 저장됨) |
| ctrl+p | 모든 명령 |

흐리게 보이고 줄이 그어진 카드는 지금 낼 수 없습니다. 선택이 강제될 때는 이유가 표시됩니다.
마우스로 카드를 클릭해도 선택됩니다.

## 다시 보기 키
처음 화면에서 **r**을 누르거나 `tt22 replay FILE`로 기록을 엽니다.

| 키 | 기능 |
| --- | --- |
| ← → | 한 수 뒤로/앞으로 |
| ↑ ↓ [ ] | 이번 또는 이전 트릭의 처음으로 / 다음 트릭의 처음으로 |
| PgUp PgDn | 이번 또는 이전 딜의 처음으로 / 다음 딜의 처음으로 |
| Home End | 첫 딜로 / 기록의 끝으로 |
| g | 이동: 3 (딜), 3.2 (트릭), 3.2.1 (수) 또는 #57 (수 번호) |
| 스페이스 | 자동 재생 시작/정지 |
| + - | 자동 재생 빠르게/느리게 |
| t | 기록된 생각 시간대로 자동 재생 |
| v | 모든 패 공개 또는 한 자리의 시점 (자리마다 차례로) |
| c | 지금 보이는 수에 메모 |
| s | 메모 저장 (사본 또는 덮어쓰기) |
| p | 여기서 두기: 자리를 고르면 나머지는 봇이 둡니다 |
| m | 수 목록 키: ↑/↓ 한 수, PgUp/PgDn 한 쪽, m 또는 Esc로 되돌리기 (수를 클릭해도 됨) |
| j k | 좌석과 손패가 화면보다 길 때 아래로/위로 스크롤 |
| q | 다시 보기 끝내기 (`tt22 replay FILE`이면 프로그램 종료) |
"""

_JA = """\
# 22の遊び方

**目的:** ディールの最後に一番高いカードを持っていないこと。
カードの強さは **A K Q J 10 9 8 7 6 5 4 3 2**。スートは関係ありません。

## 1ディールの流れ
1. **配る。** 全員が同じ枚数を受け取ります(最初のディールは7枚)。
2. **交換。** 順番に一度だけ、好きな枚数を捨てて山札から同じ枚数を引けます。
   カードを選んで **Enter**、何も選ばずに **Enter** でそのまま。
3. **トリック。** リードする人は **1枚**、または **同じ数字を複数枚** 出し、最低1枚は
   残します。他の人はリードと **同じ枚数** を出します:
   * 今までの最強の手と **同じか高い** カード(高い順に並べて1枚ずつ同じか高い)、または
   * 手札の **一番低い** カード(ダック)。
   最強の手(**★ 最強** の印)がトリックを取り、次をリードします。
4. **ショーダウン。** 全員が1枚になったら最後のカードを見せます。**一番高いカードの負け**:
   その点数(A = 11、K Q J = 10、他は数字通り)がペナルティに加わり、負けた人が次を配ります。
   次のディールの枚数はそのペナルティと同じです。

ペナルティが **22** 点になると脱落。最後に残った人の勝ちです。

## キー
| キー | 動作 |
| --- | --- |
| ← → または h l | 手札の移動 |
| スペース | カードの選択/解除 |
| a | 同じ数字をすべて選択 |
| Enter | 選んだカードを出す(交換: 捨てる、選択なし: そのまま、ホットシート: 手札を見る) |
| d | 一番低いカードを出す(リード時は一番低い1枚) |
| Home End | 手札の最初/最後のカード |
| m | 手順の表示切替 |
| i | ヒント: 強いボットがここで出す手と、その手で負ける割合 |
| s | ディールごとのペナルティ合計と最初の親決め |
| x | 投了(先に確認し、記録は残ります) |
| u | 待った(ボット相手): 自分の最後の手とボットの応手を戻す(記録に回数が残ります) |
| PgUp PgDn | 席が収まらないときにスクロール |
| ? | このヘルプ |
| q | ホームへ(試合は保存されます) |
| ctrl+p | すべてのコマンド |

暗く取り消し線の付いたカードは今は出せません。選択が強制されるときは理由が表示されます。
マウスでカードをクリックしても選べます。

## リプレイのキー
ホーム画面で **r**、または `tt22 replay FILE` で記録を開きます。

| キー | 動作 |
| --- | --- |
| ← → | 一手戻る/進む |
| ↑ ↓ [ ] | このトリックか前のトリックの最初へ/次のトリックの最初へ |
| PgUp PgDn | このディールか前のディールの最初へ/次のディールの最初へ |
| Home End | 最初のディールへ/記録の最後へ |
| g | 移動: 3 (ディール)、3.2 (トリック)、3.2.1 (手)、#57 (手の番号) |
| スペース | 自動再生の開始/停止 |
| + - | 自動再生を速く/遅く |
| t | 記録された思考時間で自動再生 |
| v | 全員の手札、または一席ずつの視点 |
| c | 表示中の手にコメント |
| s | コメントを保存(コピーか上書き) |
| p | ここから対局: 席を選ぶと他の席はボット |
| m | 手順一覧のキー: ↑/↓で一手、PgUp/PgDnで1ページ、mかEscで戻す(手のクリックも可) |
| j k | 席と手札が収まらないとき下へ/上へスクロール |
| q | リプレイを終了(`tt22 replay FILE` ではプログラムを終了) |
"""

_HELP = {"en": _EN, "ko": _KO, "ja": _JA}


def help_markdown() -> str:
    return _HELP.get(get_language(), _EN)
