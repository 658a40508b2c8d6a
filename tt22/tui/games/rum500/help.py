"""500 Rum's and Persian Rummy's rules (RUMMY.md's numbers, F1-F9 and P1-P8) and keys, in
English, Korean and Japanese: those games' pages of the help.

The rules are written for someone who has never played, each paragraph citing its rule
as the Rummy and Gin pages cite M and G. The keys are the Rummy table's less Gin's
knock, with `p` choosing from the spread discard pile (F4): the table's own keys
(`of_table`: a test holds them to its bindings). With the rules of a match in
play, its options are listed under the rules.
"""

from __future__ import annotations

from typing import Any

from tt22.games.rum500.rules import PERSIAN_OPTIONS, RUM500_OPTIONS
from tt22.tui.games.rummy.help import FAMILY_KEYS
from tt22.tui.help_text import SHARED_KEYS, key_section, markdown_sections
from tt22.tui.i18n import add_section, get_language, t
from tt22.tui.replay.keys import replay_key_words
from tt22.tui.summary.data import HelpPage, KeyWords

__all__ = ["KEYS", "help_page", "help_pages"]

add_section(
    "rum500.help.",
    {
        "page.rum500": ("500 Rum", "500 럼", "500ラミー"),
        "page.persian": ("Persian", "페르시안", "ペルシャン"),
        "keys": ("Keys", "키", "キー"),
        "options": ("The options in play", "이 게임의 옵션", "このゲームのオプション"),
        "option": ("option", "옵션", "オプション"),
        "value": ("value", "값", "値"),
    },
)

_RUM500 = {
    "en": """\
# How to play 500 Rum

**The aim:** a Rummy in which the melds score for the player who lays them. Put cards
down in melds, add to anyone's melds, and keep your hand small: the first to 500 wins.

## Cards and the deal
- **F1 Players and deal:** 2 to 4 players, one 52-card deck, no jokers. 13 cards each with
  2 players, 7 with 3 or 4; the next card starts the discard pile, the rest is the stock.
- **F2 Aces** are low (A-2-3) or high (Q-K-A), never both in one run: K-A-2 is not a run.
- **F3 Values:** 2 to 9 and a low ace 5; 10, J, Q, K 10; a high ace 15. An ace in a group
  or left in your hand counts 15.

## A turn
- **F4 The discard pile is spread:** every card in it is in view. Draw the top card of the
  stock, or take any card of the pile together with every card above it. When you take
  more than the top card, the deepest card taken must go down (melded or laid off) in
  that same turn.
- **F5 The opening:** your first melds of a hand, put down in one turn, must be worth
  more than 30 together. Before it you may not lay off.
- **F6 Melding and laying off:** after the opening, as many melds and lay-offs as you like;
  a card may be laid off on anyone's meld, and it scores for you. The table shows whose
  cards are whose.
- **F7 Going out and the stock:** a turn ends with a discard. You go out by putting down
  or discarding your last card. When the stock is empty and the player on turn does not
  take from the pile, the hand ends.

## Scoring
- **F8 A hand:** each player scores the cards they melded and laid off this hand, minus
  the cards left in their hand. A hand can score below zero.
- **F9 The game:** the first to 500 wins; several at once: the highest, equal highest
  share the win. After 200 turns a hand is void and nobody scores.

You see your hand, the whole discard pile, the table and how many cards each player
holds; never another player's hand.
""",
    "ko": """\
# 500 럼 하는 법

**목표:** 멜드를 내려놓은 사람이 그 점수를 얻는 러미입니다. 카드를 멜드로 내려놓고, 누구의
멜드에든 붙이고, 손의 카드는 적게 남기세요. 500점에 먼저 닿으면 이깁니다.

## 카드와 딜
- **F1 인원과 딜:** 2~4명, 조커 없는 52장 한 벌. 2명이면 13장씩, 3~4명이면 7장씩 받습니다.
  다음 카드로 버린 카드 더미를 시작하고, 나머지는 더미(뽑는 카드)입니다.
- **F2 A**는 낮게(A-2-3)도 높게(Q-K-A)도 쓰지만 한 런에서 둘 다는 안 됩니다. K-A-2는 런이
  아닙니다.
- **F3 카드 값:** 2~9와 낮은 A는 5점, 10·J·Q·K는 10점, 높은 A는 15점. 그룹의 A와 손에 남은
  A는 15점입니다.

## 한 차례
- **F4 버린 카드는 펼쳐 둡니다:** 모든 카드가 보입니다. 더미의 맨 위 카드를 뽑거나, 버린 카드
  중 아무 카드나 그 위의 카드 전부와 함께 가져옵니다. 맨 위 카드보다 많이 가져오면, 가져온
  가장 깊은 카드를 그 차례에 반드시 멜드하거나 붙여야 합니다.
- **F5 등록:** 한 판에서 처음 내려놓는 멜드는 한 차례에 내려놓아야 하고, 합계가 30점을 넘어야
  합니다. 등록하기 전에는 붙일 수 없습니다.
- **F6 멜드와 붙이기:** 등록한 뒤에는 멜드와 붙이기를 원하는 만큼 합니다. 누구의 멜드에든
  붙일 수 있고, 붙인 카드는 붙인 사람의 점수입니다. 테이블은 어느 카드가 누구 것인지 보여 줍니다.
- **F7 나가기와 더미:** 차례는 한 장을 버리면 끝납니다. 마지막 카드를 내려놓거나 버리면
  나갑니다. 더미가 비었고 차례인 사람이 버린 카드를 가져오지 않으면 판이 끝납니다.

## 점수
- **F8 한 판:** 각자 이번 판에 멜드하고 붙인 카드의 값에서 손에 남은 카드의 값을 뺀 만큼
  얻습니다. 마이너스가 될 수도 있습니다.
- **F9 게임:** 500점에 먼저 닿은 사람이 이깁니다. 동시에 여럿이면 가장 높은 사람, 같으면 함께
  이깁니다. 200차례가 지나면 무효 판으로 아무도 점수를 얻지 않습니다.

볼 수 있는 것은 내 패, 버린 카드 전부, 테이블, 각자 가진 카드 수입니다. 남의 패는 볼 수
없습니다.
""",
    "ja": """\
# 500ラミーの遊び方

**目的:** メルドを出した人がその点を得るラミーです。札をメルドにして出し、誰のメルドにも
付け、手札は少なく残しましょう。先に500点に届いた人の勝ちです。

## カードと配り
- **F1 人数と配り:** 2〜4人、ジョーカーなしの52枚1組。2人なら13枚ずつ、3〜4人なら7枚ずつ。
  次の1枚で捨て札を始め、残りは山札です。
- **F2 A**は下(A-2-3)にも上(Q-K-A)にも使えますが、1つのランで両方は使えません。K-A-2は
  ランではありません。
- **F3 札の値:** 2〜9と下のAは5点、10・J・Q・Kは10点、上のAは15点。グループのAと手札に残った
  Aは15点です。

## 手番
- **F4 捨て札は広げて置きます:** すべての札が見えます。山札の一番上を引くか、捨て札のどれか
  1枚をその上の札すべてと一緒に取ります。一番上より多く取ったら、取った一番下の札をその手番の
  うちに必ずメルドにするか付けます。
- **F5 オープン:** そのハンドで最初に出すメルドは1回の手番で出し、合計が30点を超えなければ
  なりません。オープン前は付け札ができません。
- **F6 メルドと付け札:** オープン後はメルドも付け札も好きなだけできます。誰のメルドにも付け
  られ、付けた札は付けた人の点です。場にはどの札が誰のものかが表示されます。
- **F7 上がりと山札:** 手番は1枚捨てると終わります。最後の札を出すか捨てると上がりです。
  山札が尽き、手番の人が捨て札を取らなければ、そのハンドは終わります。

## 得点
- **F8 1ハンド:** 各自、このハンドでメルドにした札と付けた札の値から、手札に残った札の値を
  引いた点を得ます。マイナスにもなります。
- **F9 ゲーム:** 先に500点に届いた人の勝ちです。同時に複数なら最高点の人、同点なら共に勝ち。
  200手番を過ぎたハンドは流局で、誰も得点しません。

見えるのは、自分の手札、すべての捨て札、場、各自の手札の枚数です。他人の手札は見えません。
""",
}

_PERSIAN = {
    "en": """\
# How to play Persian Rummy

**The aim:** 500 Rum with jokers, for two partnerships over two deals. Where these rules
say nothing, 500 Rum's (F1-F9) hold.

## Cards and partners
- **P1 Deck:** 52 cards and 4 jokers (56). A joker is worth 20. Jokers are not wild: they
  meld only with each other, as a group of 3 or 4 jokers.
- **P2 Players:** 4, in two partnerships, partners sitting opposite each other. 7 cards
  each. Partners may lay off on each other's melds; their scores are added.
- **P3 Aces** as F2, low or high; values as F3, a joker 20.

## Play
- Each turn is 500 Rum's (F4-F7): draw from the stock, or take any card of the spread
  discard pile with every card above it; meld, lay off, discard.
- **P4 Four jokers at once:** a group of all four jokers put down in one turn scores four
  times its value: 320.
- **P5 Going out** scores your partnership 25.
- **P6 The opening:** F5 holds: your first melds must be worth more than 30.

## The game
- **P7 Two deals make a game;** the deal passes clockwise. After the second deal the
  partnership with more points wins and scores 50 more; equal points: a draw, no bonus.
- **P8 Hidden information:** you see your own hand and everything public, and you know
  your partner; partners see nothing of each other's hands.
""",
    "ko": """\
# 페르시안 러미 하는 법

**목표:** 조커를 넣은 500 럼을 두 팀이 두 번의 딜로 겨룹니다. 여기에 없는 규칙은 500 럼의
규칙(F1~F9)을 따릅니다.

## 카드와 파트너
- **P1 카드:** 52장과 조커 4장(56장). 조커는 20점입니다. 조커는 와일드가 아니어서 조커끼리만,
  조커 3장이나 4장의 그룹으로 멜드합니다.
- **P2 인원:** 4명이 두 팀으로, 파트너는 서로 마주 앉습니다. 7장씩 받습니다.
  파트너의 멜드에도 붙일 수 있고, 두 사람의 점수는 합쳐집니다.
- **P3 A**는 F2처럼 낮게도 높게도 쓰고, 값은 F3대로, 조커는 20점입니다.

## 진행
- 차례는 500 럼과 같습니다(F4~F7): 더미에서 뽑거나, 펼쳐 둔 버린 카드 중 아무 카드나 그 위의
  카드 전부와 함께 가져오고, 멜드하고, 붙이고, 버립니다.
- **P4 조커 네 장을 한 번에:** 조커 네 장 모두의 그룹을 한 차례에 내려놓으면 그 값의 4배,
  320점입니다.
- **P5 나가기:** 나간 사람의 팀이 25점을 얻습니다.
- **P6 등록:** F5대로, 처음 내려놓는 멜드는 30점을 넘어야 합니다.

## 게임
- **P7 두 번의 딜이 한 게임입니다.** 딜러는 시계 방향으로 넘어갑니다. 두 번째 딜이 끝나면
  점수가 많은 팀이 이기고 50점을 더 얻습니다. 같으면 무승부로 보너스가 없습니다.
- **P8 숨은 정보:** 내 패와 공개된 모든 것, 그리고 누가 파트너인지 압니다. 파트너끼리도 서로의
  패는 전혀 볼 수 없습니다.
""",
    "ja": """\
# ペルシャン・ラミーの遊び方

**目的:** ジョーカー入りの500ラミーを、2つのチームが2回の配りで競います。ここにない
ルールは500ラミーのルール(F1〜F9)に従います。

## カードとパートナー
- **P1 カード:** 52枚とジョーカー4枚(56枚)。ジョーカーは20点です。ジョーカーはワイルドでは
  なく、ジョーカー同士の3枚か4枚のグループにしかなりません。
- **P2 人数:** 4人が2チームに分かれ、パートナーは向かい合って座ります。7枚ずつ配ります。
  パートナーのメルドにも付けられ、2人の点は合算されます。
- **P3 A**はF2のとおり下にも上にも使え、値はF3のとおり、ジョーカーは20点です。

## 進め方
- 手番は500ラミーと同じです(F4〜F7): 山札から引くか、広げた捨て札のどれかをその上の札すべてと
  一緒に取り、メルドし、付け、捨てます。
- **P4 ジョーカー4枚を一度に:** 4枚すべてのジョーカーのグループを1回の手番で出すと、その値の
  4倍、320点です。
- **P5 上がり:** 上がった人のチームに25点。
- **P6 オープン:** F5のとおり、最初に出すメルドは30点を超えなければなりません。

## ゲーム
- **P7 2回の配りで1ゲームです。** 親は時計回りに移ります。2回目の配りの後、点の多いチームが
  勝ち、さらに50点を得ます。同点なら引き分けでボーナスなしです。
- **P8 隠れた情報:** 自分の手札と公開されたすべて、そして誰がパートナーかがわかります。
  パートナー同士でも相手の手札はまったく見えません。
""",
}

KEYS: tuple[KeyWords, ...] = (
    KeyWords(
        ("left", "right", "h", "l"),
        ("← → or h l", "move along your hand (Home End: the first or the last card)"),
        ("← → 또는 h l", "패에서 이동 (Home End: 첫 카드, 마지막 카드)"),
        ("← → または h l", "手札の中を移動 (Home End: 最初/最後の札)"),
    ),
    FAMILY_KEYS["select"],
    KeyWords(
        ("enter",),
        ("Enter", "draw from the stock; then discard the card under the cursor"),
        ("Enter", "더미에서 뽑기, 그다음 커서의 카드 버리기"),
        ("Enter", "山札から引き、次にカーソルの札を捨てる"),
    ),
    KeyWords(
        ("p",),
        (
            "p",
            "take from the spread discard pile (press again for the next card; Enter takes "
            "it and the cards above it)",
        ),
        (
            "p",
            "펼친 버린 카드에서 가져오기(다시 누르면 다음 카드, "
            "Enter는 그 카드와 위의 카드 전부)",
        ),
        ("p", "広げた捨て札から取る(もう一度で次の札、Enterでその札と上の札すべてを取る)"),
    ),
    FAMILY_KEYS["meld"],
    FAMILY_KEYS["lay_off"],
    KeyWords(
        ("1", "2", "3", "4", "5", "6", "7", "8", "9"),
        ("1 to 9", "lay the card under the cursor off on that meld of the table"),
        ("1 ~ 9", "커서의 카드를 테이블의 그 번호 멜드에 붙이기"),
        ("1 から 9", "カーソルの札を場のその番号のメルドに付ける"),
    ),
    KeyWords(
        ("i",),
        ("i", "a hint: what the strongest bot would do from your cards"),
        ("i", "힌트: 가장 강한 봇이 내 카드로 둘 수"),
        ("i", "ヒント: 最も強いボットが自分の札で指す手"),
    ),
    SHARED_KEYS["undo"],
    SHARED_KEYS["resign"],
    SHARED_KEYS["help"],
    SHARED_KEYS["home"],
)  # fmt: skip


def help_pages(*, persian: bool) -> tuple[tuple[str, str], ...]:
    """Each game's one page, under the short name the help's chooser has room for."""
    return (("", t("rum500.help.page.persian" if persian else "rum500.help.page.rum500")),)


def _options(rules: Any, persian: bool) -> str:
    """The options of the match in play, each with its rule and value."""
    options = PERSIAN_OPTIONS if persian else RUM500_OPTIONS
    values = rules.as_dict() if hasattr(rules, "as_dict") else {}
    lines = [
        f"## {t('rum500.help.options')}",
        f"| {t('rum500.help.option')} | {t('rum500.help.value')} |",
        "| --- | --- |",
    ]
    for option in options:
        lines.append(
            f"| {option.name} ({option.rule}) | {values.get(option.name, option.default)} |"
        )
    return "\n".join(lines) + "\n"


def help_page(rules: Any = None, *, persian: bool, ascii_style: bool = False) -> HelpPage:
    """500 Rum's or Persian Rummy's page in the current language: the rules (Persian's
    what it changes of 500 Rum's, then 500 Rum's own, which hold where P says nothing),
    the keys, and with `rules` the options in play."""
    lang = get_language() if get_language() in _RUM500 else "en"
    parts = [_PERSIAN[lang], _RUM500[lang].replace("# ", "## ", 1)] if persian else [_RUM500[lang]]
    title, sections = markdown_sections("\n".join(parts))
    more = [
        key_section(t("rum500.help.keys"), KEYS, of_table=True),
        key_section(t("game_replay.help.keys"), replay_key_words("turn")),
    ]
    if rules is not None:
        more += markdown_sections("# -\n" + _options(rules, persian))[1]
    return HelpPage(title, (*sections, *more))
