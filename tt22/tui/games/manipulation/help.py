"""Manipulation Rummy's rules (RUMMY.md's numbers, X1-X9) and keys, in English, Korean and
Japanese: the game's page of the help.

The rules are written for someone who has never played, each citing its rule as the
Rummy and Gin pages cite M and G; X9 (a play is a whole new table) is put as a player
meets it, the work area where the table is rearranged. The keys are the table's own
(`of_table`: a test holds them to its bindings).
"""

from __future__ import annotations

from typing import Any

from tt22.games.manipulation.rules import OPTIONS
from tt22.tui.help_text import SHARED_KEYS, key_section, markdown_sections
from tt22.tui.i18n import add_section, get_language, t
from tt22.tui.replay.keys import replay_key_words
from tt22.tui.summary.data import HelpPage, KeyWords

__all__ = ["KEYS", "help_page", "help_pages"]

add_section(
    "manipulation.help.",
    {
        "page": ("Manipulation", "매니퓰레이션", "マニピュレーション"),
        "keys": ("Keys", "키", "キー"),
        "options": ("The options in play", "이 게임의 옵션", "このゲームのオプション"),
        "option": ("option", "옵션", "オプション"),
        "value": ("value", "값", "値"),
    },
)

_RULES = {
    "en": """\
# How to play Manipulation Rummy

**The aim:** the ancestor of Rummikub. The melds belong to the table, and on your turn
you may take them apart and build them again to fit your cards in. Be the first with no
cards; the others take what they hold as penalty, and the lowest total wins.

## Cards and the deal
- **X1 Deck:** two 52-card decks, no jokers (104 cards): two copies of every card.
- **X2 Players and deal:** 2 to 5 players, 7 cards each; the rest is the stock. There is
  no discard pile.
- **X3 Melds:** a **run** is 3 or more cards of one suit in sequence, an ace low (A-2-3)
  or high (Q-K-A), never round the corner (K-A-2 is not a run). A **group** is 3 or 4
  cards of one rank, **all of different suits**: two copies of one card never share a
  group.

## A turn
- **X4 Play or draw:** a play puts at least one card from your hand onto the table. You may
  take apart and regroup every meld on the table, as long as at the end of your turn
  every card on the table is in a valid meld and no card has gone back to a hand. A draw
  takes the top card of the stock and ends your turn; if you cannot or will not play,
  you draw.
- **X5 No opening minimum:** your first play may be worth anything.
- **X9 A play is a whole new table:** you build the new table in the work area; when you
  commit it, the game checks that it holds exactly the old table's cards and the ones
  from your hand, each meld valid (X3).

## The end of a hand
- **X6 Going out:** the first player with no cards wins the hand.
- **X7 Empty stock:** with the stock empty a player who does not play passes; when every
  player passes in a row the hand ends with no winner, and everyone takes their cards
  as penalty.
- **X8 Scoring:** the others take the cards in their hands as penalty: 2 to 9 count 5,
  10 to K 10, an ace 15. The game ends when a player reaches 100; the lowest total wins.

You see your hand and the whole table, and how many cards each player holds; never
another player's hand.
""",
    "ko": """\
# 매니퓰레이션 러미 하는 법

**목표:** 루미큐브의 조상입니다. 멜드는 테이블의 것이어서, 내 차례에 멜드를 풀고 다시 짜서
내 카드를 끼워 넣을 수 있습니다. 카드를 가장 먼저 모두 없애세요. 나머지 사람은 가진 카드를
벌점으로 받고, 합계가 가장 낮은 사람이 이깁니다.

## 카드와 딜
- **X1 카드:** 조커 없는 52장 두 벌(104장). 모든 카드가 두 장씩 있습니다.
- **X2 인원과 딜:** 2~5명이 7장씩 받고, 나머지는 더미입니다. 버린 카드 더미는 없습니다.
- **X3 멜드:** **런**은 같은 무늬 3장 이상의 연속입니다. A는 낮게(A-2-3)도 높게(Q-K-A)도
  쓰지만 한 바퀴 돌지는 않습니다(K-A-2는 런이 아님). **그룹**은 같은 숫자 3장이나 4장으로,
  **무늬가 모두 달라야** 합니다. 같은 카드 두 장은 한 그룹에 들 수 없습니다.

## 한 차례
- **X4 내기 또는 뽑기:** 내기는 손의 카드를 한 장 이상 테이블에 내는 것입니다. 테이블의 모든
  멜드를 풀고 다시 짤 수 있지만, 차례가 끝날 때 테이블의 모든 카드가 올바른 멜드에 들어 있어야
  하고 손으로 돌아간 카드가 없어야 합니다. 뽑기는 더미의 맨 위 카드를 가져오고 차례를 끝냅니다.
  낼 수 없거나 내지 않으려면 뽑습니다.
- **X5 등록 최소 점수 없음:** 첫 내기의 점수는 얼마든 됩니다.
- **X9 내기는 새 테이블 전체입니다:** 작업 영역에서 새 테이블을 짭니다. 확정하면 게임이 예전
  테이블의 카드와 내 손에서 낸 카드가 정확히 들어 있는지, 모든 멜드가 올바른지(X3) 확인합니다.

## 판의 끝
- **X6 나가기:** 카드가 가장 먼저 없어진 사람이 그 판을 이깁니다.
- **X7 더미가 비면:** 내지 않는 사람은 패스합니다. 모두가 잇달아 패스하면 이긴 사람 없이 판이
  끝나고, 모두 손의 카드를 벌점으로 받습니다.
- **X8 점수:** 나머지 사람은 손의 카드를 벌점으로 받습니다. 2~9는 5점, 10~K는 10점, A는
  15점. 누군가 100점에 닿으면 게임이 끝나고 합계가 가장 낮은 사람이 이깁니다.

볼 수 있는 것은 내 패와 테이블 전체, 각자 가진 카드 수입니다. 남의 패는 볼 수 없습니다.
""",
    "ja": """\
# マニピュレーション・ラミーの遊び方

**目的:** ラミキューブの祖先です。メルドは場のもので、自分の手番にはメルドをばらして組み
直し、自分の札を入れられます。誰よりも先に手札をなくしましょう。ほかの人は手札を失点として
受け、合計が一番少ない人の勝ちです。

## カードと配り
- **X1 カード:** ジョーカーなしの52枚2組(104枚)。どの札も2枚ずつあります。
- **X2 人数と配り:** 2〜5人に7枚ずつ配り、残りは山札です。捨て札はありません。
- **X3 メルド:** **ラン**は同じスートで3枚以上の連続です。Aは下(A-2-3)にも上(Q-K-A)にも
  使えますが、一回りはできません(K-A-2はランではない)。**グループ**は同じ数字の3枚か4枚で、
  **スートがすべて違う**こと。同じ札2枚は1つのグループに入れません。

## 手番
- **X4 出すか引くか:** 出すとは、手札から1枚以上を場に出すことです。場のメルドはすべてばらして
  組み直せますが、手番の終わりに場の札がすべて正しいメルドに入り、手札に戻った札がないこと。
  引くと山札の一番上を取って手番が終わります。出せないか出さないときは引きます。
- **X5 オープンの最低点なし:** 最初に出す点はいくつでも構いません。
- **X9 出すのは新しい場の全体です:** 作業エリアで新しい場を組みます。確定すると、前の場の札と
  手札から出した札がちょうど入っているか、どのメルドも正しいか(X3)をゲームが確かめます。

## ハンドの終わり
- **X6 上がり:** 最初に手札がなくなった人がそのハンドの勝ちです。
- **X7 山札が尽きたら:** 出さない人はパスします。全員が続けてパスすると勝者なしでハンドが
  終わり、全員が手札を失点として受けます。
- **X8 得点:** ほかの人は手札の札を失点として受けます。2〜9は5点、10〜Kは10点、Aは15点。
  誰かが100点に届くとゲーム終了、合計が一番少ない人の勝ちです。

見えるのは、自分の手札と場全体、各自の手札の枚数です。他人の手札は見えません。
""",
}

KEYS: tuple[KeyWords, ...] = (
    KeyWords(
        ("up", "down", "left", "right"),
        ("arrows", "move the cursor over your hand, the table and the work area"),
        ("화살표", "패, 테이블, 작업 영역 위로 커서 이동"),
        ("矢印", "手札・場・作業エリアの上でカーソルを動かす"),
    ),
    KeyWords(
        ("space",),
        ("space", "pick the card under the cursor, or put it back down"),
        ("space", "커서의 카드 집기/놓기"),
        ("space", "カーソルの札を取る/戻す"),
    ),
    KeyWords(
        ("n",),
        ("n", "make a new group of the picked cards in the work area"),
        ("n", "집은 카드로 작업 영역에 새 묶음 만들기"),
        ("n", "取った札で作業エリアに新しい組を作る"),
    ),
    KeyWords(
        ("g",),
        ("g", "add the picked cards to the group under the cursor"),
        ("g", "집은 카드를 커서의 묶음에 더하기"),
        ("g", "取った札をカーソルの組に加える"),
    ),
    KeyWords(
        ("b", "backspace"),
        ("b", "put the picked cards back where they came from (a table card to its meld)"),
        ("b", "집은 카드를 원래 자리로 돌려놓기(테이블 카드는 그 멜드로)"),
        ("b", "取った札を元の場所に戻す(場の札はそのメルドへ)"),
    ),
    KeyWords(
        tuple(str(n) for n in range(1, 10)),
        ("1-9", "move the cursor to that group"),
        ("1-9", "그 번호의 묶음으로 커서 이동"),
        ("1-9", "その番号の組へカーソルを動かす"),
    ),
    KeyWords(
        ("f",),
        ("f", "find a play: the solver rearranges the table to place the most cards"),
        ("f", "수 찾기: 솔버가 가장 많은 카드를 놓도록 테이블을 다시 짭니다"),
        ("f", "手を探す: ソルバーが一番多くの札を置けるよう場を組み直します"),
    ),
    KeyWords(
        ("enter",),
        ("Enter", "commit the rearranged table (X9)"),
        ("Enter", "다시 짠 테이블 확정(X9)"),
        ("Enter", "組み直した場を確定(X9)"),
    ),
    KeyWords(
        ("escape",),
        ("Esc", "put everything back as it was"),
        ("Esc", "모두 원래대로 되돌리기"),
        ("Esc", "すべて元に戻す"),
    ),
    KeyWords(
        ("d",),
        ("d", "draw from the stock (pass when it is empty, X7)"),
        ("d", "더미에서 뽑기(비었으면 패스, X7)"),
        ("d", "山札から引く(尽きていればパス、X7)"),
    ),
    KeyWords(
        ("i",),
        ("i", "a hint: what the strongest bot would do"),
        ("i", "힌트: 가장 강한 봇이 둘 수"),
        ("i", "ヒント: 最も強いボットの手"),
    ),
    SHARED_KEYS["undo"],
    SHARED_KEYS["resign"],
    SHARED_KEYS["home"],
    SHARED_KEYS["help"],
)  # fmt: skip


def help_pages() -> tuple[tuple[str, str], ...]:
    """The game's one page, under the short name the help's chooser has room for."""
    return (("", t("manipulation.help.page")),)


def _options(rules: Any) -> str:
    """The options of the match in play, each with its rule and value."""
    values = rules.as_dict() if hasattr(rules, "as_dict") else {}
    lines = [
        f"## {t('manipulation.help.options')}",
        f"| {t('manipulation.help.option')} | {t('manipulation.help.value')} |",
        "| --- | --- |",
    ]
    for option in OPTIONS:
        value = values.get(option.name, option.default)
        lines.append(f"| {option.name} ({option.rule}) | {value} |")
    return "\n".join(lines) + "\n"


def help_page(rules: Any = None) -> HelpPage:
    """Manipulation Rummy's page in the current language: the rules, the keys, and with
    `rules` the options in play."""
    lang = get_language() if get_language() in _RULES else "en"
    title, sections = markdown_sections(_RULES[lang])
    more = [
        key_section(t("manipulation.help.keys"), KEYS, of_table=True),
        key_section(t("game_replay.help.keys"), replay_key_words("turn")),
    ]
    if rules is not None:
        more += markdown_sections("# -\n" + _options(rules))[1]
    return HelpPage(title, (*sections, *more))
