"""22's rules and keys for a first-time player, in each language of the catalogue, as
the plain data the one help screen draws (tt22.tui.summary.data.HelpPage): the rules as
Markdown sections, the table's keys and the replayer's as data (each key with the names
the table binds it by, so a test holds the help to the table).
"""

from __future__ import annotations

from tt22.tui.help_text import SHARED_KEYS, key_section, markdown_sections
from tt22.tui.i18n import get_language, t
from tt22.tui.replay.analysis_pane import analysis_key_words
from tt22.tui.summary.data import HelpPage, KeyWords

__all__ = ["REPLAY_KEYS", "TABLE_KEYS", "help_page"]

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
"""

TABLE_KEYS: tuple[KeyWords, ...] = (
    KeyWords(
        ("left", "right", "h", "l"),
        ("← → or h l", "move along your hand"),
        ("← → 또는 h l", "패에서 이동"),
        ("← → または h l", "手札の移動"),
    ),
    KeyWords(
        ("space",),
        ("space", "select or unselect the card"),
        ("스페이스", "카드 선택/해제"),
        ("スペース", "カードの選択/解除"),
    ),
    KeyWords(
        ("a",),
        ("a", "select every card of that rank"),
        ("a", "같은 숫자 모두 선택"),
        ("a", "同じ数字をすべて選択"),
    ),
    KeyWords(
        ("enter",),
        ("Enter", "play the selection (exchange: discard it, or keep; hot seat: show your hand)"),
        ("Enter", "선택한 카드 내기 (교환: 버리기, 선택 없음: 유지, 핫시트: 내 패 보기)"),
        ("Enter", "選んだカードを出す(交換: 捨てる、選択なし: そのまま、ホットシート: 手札を見る)"),
    ),
    KeyWords(
        ("d",),
        ("d", "play your lowest cards (the duck; your lowest single card when leading)"),
        ("d", "가장 낮은 카드 내기 (선일 때는 가장 낮은 한 장)"),
        ("d", "一番低いカードを出す(リード時は一番低い1枚)"),
    ),
    KeyWords(
        ("home", "end"),
        ("Home End", "the first or the last card of your hand"),
        ("Home End", "패의 첫 카드 / 마지막 카드"),
        ("Home End", "手札の最初/最後のカード"),
    ),
    KeyWords(
        ("m",),
        ("m", "show or hide the move log"),
        ("m", "진행 기록 보이기/숨기기"),
        ("m", "手順の表示切替"),
    ),
    KeyWords(
        ("i",),
        ("i", "a hint: what a strong bot would play here, and how often it loses"),
        ("i", "힌트: 강한 봇이 여기서 낼 수와 그 수로 지는 비율"),
        ("i", "ヒント: 強いボットがここで出す手と、その手で負ける割合"),
    ),
    KeyWords(
        ("s",),
        ("s", "the penalty totals after each deal, and the first-dealer draw"),
        ("s", "딜마다의 벌점 합계와 첫 딜러 뽑기"),
        ("s", "ディールごとのペナルティ合計と最初の親決め"),
    ),
    KeyWords(
        ("x",),
        ("x", "resign the match (asks first; the record is kept)"),
        ("x", "기권 (먼저 묻고, 기록은 보관됨)"),
        ("x", "投了(先に確認し、記録は残ります)"),
    ),
    KeyWords(
        ("u",),
        (
            "u",
            "undo against bots: take back your last move and their replies (the record counts it)",
        ),
        ("u", "무르기 (봇 상대): 내 마지막 수와 봇의 응수를 되돌림 (기록에 횟수가 남음)"),
        ("u", "待った(ボット相手): 自分の最後の手とボットの応手を戻す(記録に回数が残ります)"),
    ),
    KeyWords(
        ("pageup", "pagedown"),
        ("PgUp PgDn", "scroll the seats, when nine do not fit"),
        ("PgUp PgDn", "좌석이 화면보다 길 때 스크롤"),
        ("PgUp PgDn", "席が収まらないときにスクロール"),
    ),
    SHARED_KEYS["help"],
    KeyWords(
        ("q",),
        ("q", "back to the home screen (the match is saved)"),
        ("q", "처음 화면으로 (경기는 저장됨)"),
        ("q", "ホームへ(試合は保存されます)"),
    ),
    KeyWords(
        ("ctrl+p",),
        ("ctrl+p", "all commands"),
        ("ctrl+p", "모든 명령"),
        ("ctrl+p", "すべてのコマンド"),
    ),
)


REPLAY_KEYS: tuple[KeyWords, ...] = (
    KeyWords(
        ("left", "right"),
        ("← →", "one move back or forward"),
        ("← →", "한 수 뒤로/앞으로"),
        ("← →", "一手戻る/進む"),
    ),
    KeyWords(
        ("up", "down", "left_square_bracket", "right_square_bracket"),
        ("↑ ↓ [ ]", "to the start of this or the previous trick, or of the next trick"),
        ("↑ ↓ [ ]", "이번 또는 이전 트릭의 처음으로 / 다음 트릭의 처음으로"),
        ("↑ ↓ [ ]", "このトリックか前のトリックの最初へ/次のトリックの最初へ"),
    ),
    KeyWords(
        ("pageup", "pagedown"),
        ("PgUp PgDn", "to the start of this or the previous deal, or of the next deal"),
        ("PgUp PgDn", "이번 또는 이전 딜의 처음으로 / 다음 딜의 처음으로"),
        ("PgUp PgDn", "このディールか前のディールの最初へ/次のディールの最初へ"),
    ),
    KeyWords(
        ("home", "end"),
        ("Home End", "to the first deal, or to the end of the record"),
        ("Home End", "첫 딜로 / 기록의 끝으로"),
        ("Home End", "最初のディールへ/記録の最後へ"),
    ),
    KeyWords(
        ("g",),
        ("g", "go to a place: 3 (deal), 3.2 (trick), 3.2.1 (move) or #57 (move number)"),
        ("g", "이동: 3 (딜), 3.2 (트릭), 3.2.1 (수) 또는 #57 (수 번호)"),
        ("g", "移動: 3 (ディール)、3.2 (トリック)、3.2.1 (手)、#57 (手の番号)"),
    ),
    KeyWords(
        ("space",),
        ("space", "start or stop autoplay"),
        ("스페이스", "자동 재생 시작/정지"),
        ("スペース", "自動再生の開始/停止"),
    ),
    KeyWords(
        ("plus", "minus"),
        ("+ -", "autoplay faster or slower"),
        ("+ -", "자동 재생 빠르게/느리게"),
        ("+ -", "自動再生を速く/遅く"),
    ),
    KeyWords(
        ("t",),
        ("t", "autoplay at the recorded thinking times"),
        ("t", "기록된 생각 시간대로 자동 재생"),
        ("t", "記録された思考時間で自動再生"),
    ),
    KeyWords(
        ("v",),
        ("v", "all hands open, or one seat's view, seat by seat"),
        ("v", "모든 패 공개 또는 한 자리의 시점 (자리마다 차례로)"),
        ("v", "全員の手札、または一席ずつの視点"),
    ),
    KeyWords(
        ("c",),
        ("c", "comment on the move just shown"),
        ("c", "지금 보이는 수에 메모"),
        ("c", "表示中の手にコメント"),
    ),
    KeyWords(
        ("s",),
        ("s", "save the comments (as a copy or in place)"),
        ("s", "메모 저장 (사본 또는 덮어쓰기)"),
        ("s", "コメントを保存(コピーか上書き)"),
    ),
    KeyWords(
        ("p",),
        ("p", "play from here: take a seat, bots play the others"),
        ("p", "여기서 두기: 자리를 고르면 나머지는 봇이 둡니다"),
        ("p", "ここから対局: 席を選ぶと他の席はボット"),
    ),
    KeyWords(
        ("m",),
        (
            "m",
            "move list keys: ↑/↓ one move, PgUp/PgDn a page, m or Esc to give them back"
            " (or click a move)",
        ),
        ("m", "수 목록 키: ↑/↓ 한 수, PgUp/PgDn 한 쪽, m 또는 Esc로 되돌리기 (수를 클릭해도 됨)"),
        ("m", "手順一覧のキー: ↑/↓で一手、PgUp/PgDnで1ページ、mかEscで戻す(手のクリックも可)"),
    ),
    KeyWords(
        ("j", "k"),
        ("j k", "scroll the seats and the hands down or up, when they do not fit"),
        ("j k", "좌석과 손패가 화면보다 길 때 아래로/위로 스크롤"),
        ("j k", "席と手札が収まらないとき下へ/上へスクロール"),
    ),
    *analysis_key_words(),
    KeyWords(
        ("q",),
        ("q", "leave the replay (`tt22 replay FILE`: leave the program)"),
        ("q", "다시 보기 끝내기 (`tt22 replay FILE`이면 프로그램 종료)"),
        ("q", "リプレイを終了(`tt22 replay FILE` ではプログラムを終了)"),
    ),
)


_HEADINGS = {
    "en": ("Keys", "Replay keys"),
    "ko": ("키", "다시 보기 키"),
    "ja": ("キー", "リプレイのキー"),
}

_NOTES = {
    "en": """\
Dimmed, struck-through cards cannot be part of any legal play right now. When your choice is forced,
the table tells you why. The mouse works too: click a card to select it.
""",
    "ko": """\
흐리게 보이고 줄이 그어진 카드는 지금 낼 수 없습니다. 선택이 강제될 때는 이유가 표시됩니다.
마우스로 카드를 클릭해도 선택됩니다.
""",
    "ja": """\
暗く取り消し線の付いたカードは今は出せません。選択が強制されるときは理由が表示されます。
マウスでカードをクリックしても選べます。
""",
}

_REPLAY_INTRO = {
    "en": "Open a record with **r** on the home screen, or `tt22 replay FILE`.",
    "ko": "처음 화면에서 **r**을 누르거나 `tt22 replay FILE`로 기록을 엽니다.",
    "ja": "ホーム画面で **r**、または `tt22 replay FILE` で記録を開きます。",
}

_RULES = {"en": _EN, "ko": _KO, "ja": _JA}


def help_page() -> HelpPage:
    """22's page in the current language: the rules, the table's keys, the replayer's."""
    language = get_language() if get_language() in _RULES else "en"
    title, rules = markdown_sections(_RULES[language])
    table, replay = _HEADINGS[language]
    return HelpPage(
        title,
        (
            *rules,
            key_section(table, TABLE_KEYS, _NOTES[language], of_table=True),
            key_section(replay, REPLAY_KEYS, body=_REPLAY_INTRO[language]),
        ),
    )


def page_title() -> str:
    """22's page as the help's chooser names it."""
    return t("help.page.twentytwo")
