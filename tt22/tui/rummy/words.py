"""The Rummy family's words in English, Korean and Japanese.

Two kinds, both added to the one catalogue (`tt22.tui.i18n.CATALOGUE`):
- `REASONS`: every reason code of the engine (`rummy.*`, `gin.*`, tt22/games/rummy/
  reasons.py), keyed by the code itself, with the engine's English and the same
  placeholders, so `reason_text` fills in a `Reason`'s arguments in the player's language
  instead of turning English back into keys.
- `WORDS`: what the table and the replayer say, under the prefix "rummy.ui.".
"""

from __future__ import annotations

from collections.abc import Mapping

from tt22.games.protocol import Reason
from tt22.games.rummy.reasons import ENGLISH
from tt22.tui.i18n import CATALOGUE, add_section, t

__all__ = ["REASONS", "WORDS", "reason_text", "rt"]

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


def reason_text(reason: Reason) -> str:
    """A reason in the player's language, with its rule number; a code missing from the
    catalogue falls back to the code itself (never to nothing)."""
    args = {key: str(value) for key, value in reason.args}
    text = t(reason.code, **args) if reason.code in CATALOGUE else reason.code
    return f"{text} ({reason.rule})"


WORDS: Mapping[str, tuple[str, str, str]] = {}


def rt(key: str, **values: object) -> str:
    """A word of this section (`rummy.ui.` + key) in the current language."""
    return t("rummy.ui." + key, **values)
