"""Reasons in the player's language: the one renderer of every game's `Reason`.

A reason arrives as data (code, rule, args) from the game (an illegal move, a forced
choice, what is wrong with a selection) or from the rules (a `RulesError`'s `detail`), and
`reason_words` says it in the current language, by the code's namespace:
- `twentytwo.*`: 22's words below (Korean, Japanese); English is the game's own
  (`Game.describe`), so the command line and the table never drift apart. Shown as a
  sentence of its own: the rule number last, then a full stop ("... (R13).", "... (R13)。").
- `<game>.*` (`rook.*`, `rummy.*`, `gin.*`, `rum500.*`, `manipulation.*`): that game's
  interface, the `table_reason` of the `words` module beside its registry entry's
  openers, so this module names and imports no game.
- `rules.*` (every game's option parser) and `<game>.rules.*` (a game's checks of a
  table): `RULES` below in all three languages, as the new-game screen says them: an
  option by its field's label (`{name}` for the option the complaint is about, `{L[...]}`
  for another), a choice by its words (`{V[option.value]}`), the game by its name
  (`{title}`).
A code without words here is shown as the game wrote it, never as nothing.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from functools import cache

import tt22.tui.screens.setup_words  # noqa: F401  (the option labels and game names)
from tt22.core.protocol import Reason, RulesError
from tt22.core.registry import UnknownGame, entry, get_game
from tt22.tui.i18n import CATALOGUE, finish, get_language, sentence, t

__all__ = ["RULES", "TWENTYTWO", "reason_words", "rules_words"]

# 22's reasons (tt22/games/twentytwo/reasons.py) in Korean and Japanese, without the rule
# number and the full stop (added as the language writes them).
TWENTYTWO: Mapping[str, tuple[str, str]] = {
    "twentytwo.over": ("경기가 끝났습니다", "試合は終わりました"),
    "twentytwo.turn": (
        "{seat}번 자리가 아니라 {expected}번 자리의 차례입니다",
        "{seat}番の席ではなく{expected}番の席の番です",
    ),
    "twentytwo.not_a_move": ("수가 아닙니다: {kind}", "手ではありません: {kind}"),
    "twentytwo.exchange_first": (
        "먼저 카드를 교환하거나 그대로 유지하세요",
        "先にカードを交換するか、そのままにしてください",
    ),
    "twentytwo.exchange_over": (
        "교환은 끝났습니다: 카드를 낼 차례입니다",
        "交換は終わりました: カードを出す番です",
    ),
    "twentytwo.not_cards": ("카드가 아닌 것이 있습니다", "カードではないものがあります"),
    "twentytwo.discard_not_held": (
        "내 패에 있는 카드만 버릴 수 있습니다",
        "自分の手札のカードしか捨てられません",
    ),
    "twentytwo.stock_short": (
        "{count}장을 버릴 수 없습니다: 더미에 {stock}장뿐입니다",
        "{count}枚は捨てられません: 山札は{stock}枚だけです",
    ),
    "twentytwo.play_not_held": (
        "내 패에 있는 카드만 낼 수 있습니다",
        "自分の手札のカードしか出せません",
    ),
    "twentytwo.no_cards": (
        "패에서 한 장 이상 내야 합니다",
        "手札から1枚以上出さなければなりません",
    ),
    "twentytwo.lead_one_rank": (
        "여러 장으로 선을 잡을 때는 모두 같은 숫자여야 합니다",
        "複数枚でリードするときは全部同じ数字です",
    ),
    "twentytwo.lead_too_many": ("선은 최대 {max_set}장입니다", "リードは最大{max_set}枚です"),
    "twentytwo.lead_keep_one": (
        "선을 잡는 사람은 최소 한 장을 남겨야 합니다",
        "リードする人は最低1枚残さなければなりません",
    ),
    "twentytwo.follow_count": (
        "선과 같은 수, 정확히 {count}장을 내야 합니다",
        "リードと同じ枚数、ちょうど{count}枚出さなければなりません",
    ),
    "twentytwo.neither": (
        "{ranks}은(는) {best}보다 높지도 않고, 가장 낮은 카드 {count}장도 아닙니다",
        "{ranks} は {best} に勝たず、一番低い{count}枚でもありません",
    ),
    "twentytwo.must_beat": (
        "하우스 룰: {best}을(를) 이길 수 있으니 이겨야 합니다",
        "ハウスルール: {best} に勝てるので、勝たなければなりません",
    ),
    "twentytwo.not_your_turn": ("내 차례가 아닙니다", "あなたの番ではありません"),
    "twentytwo.choose": (
        "낼 카드를 고르세요 (스페이스로 선택)",
        "出すカードを選んでください(スペースで選択)",
    ),
    "twentytwo.select_count": (
        "선과 같은 수, 정확히 {count}장을 내세요",
        "リードと同じ枚数、ちょうど{count}枚出してください",
    ),
    "twentytwo.cannot_beat": (
        "{best}을(를) 이길 수 없으니 가장 낮은 카드 {count}장을 내야 합니다",
        "{best} に勝てないので、一番低いカードを{count}枚出すしかありません",
    ),
    "twentytwo.must_beat_one": (
        "하우스 룰: {best}을(를) 이길 수 있고, 그 방법은 하나뿐입니다",
        "ハウスルール: {best} に勝てて、その出し方は一つだけです",
    ),
    "twentytwo.only_one": (
        "여기서는 낼 수 있는 방법이 하나뿐입니다",
        "ここで出せる組み合わせは一つだけです",
    ),
}

# The rules' complaints about a table (every `RulesError`'s code), as the new-game screen
# says them, without the rule number and the full stop.
RULES: Mapping[str, tuple[str, str, str]] = {
    # every game's option parser (tt22.core.protocol.RULES_ENGLISH)
    "rules.assignment": (
        "A rule is NAME=VALUE, not {text!r}",
        "규칙은 이름=값 형식입니다. {text!r}은(는) 안 됩니다",
        "ルールは「名前=値」の形です。{text!r}はできません",
    ),
    "rules.unknown": (
        "There is no rule {name!r}; the rules are {known}",
        "없는 규칙입니다: {name!r}. 규칙: {known}",
        "{name!r}というルールはありません。ルール: {known}",
    ),
    "rules.one_of": (
        "{name} must be one of {choices}, not {value!r}",
        "{name}은(는) {choices} 중 하나여야 합니다. {value!r}은(는) 안 됩니다",
        "{name}は{choices}のどれかです。{value!r}はできません",
    ),
    "rules.boolean": (
        "{name} must be yes or no, not {value!r}",
        "{name}은(는) 예 또는 아니요여야 합니다. {value!r}은(는) 안 됩니다",
        "{name}は「はい」か「いいえ」です。{value!r}はできません",
    ),
    "rules.whole_number": (
        "{name} must be a whole number, not {value!r}",
        "{name}은(는) 정수여야 합니다. {value!r}은(는) 안 됩니다",
        "{name}は整数です。{value!r}はできません",
    ),
    "rules.range": (
        "{name} must be {low} to {high}, not {value}",
        "{name}은(는) {low}~{high}이어야 합니다. {value}은(는) 안 됩니다",
        "{name}は{low}~{high}です。{value}はできません",
    ),
    # 22 (tt22/games/twentytwo/reasons.py: RULES_ENGLISH)
    "twentytwo.rules.players": (
        "22 is played by {low} to {high} players, not {players}",
        "22는 {low}~{high}명이 합니다. {players}명은 안 됩니다",
        "22は{low}~{high}人で遊びます。{players}人はできません",
    ),
    "twentytwo.rules.decks": (
        "The decks must be 1 or 2, not {decks}",
        "덱은 한 벌 또는 두 벌이어야 합니다. {decks}벌은 안 됩니다",
        "デッキは1組か2組です。{decks}組はできません",
    ),
    "twentytwo.rules.two_decks": (
        "{players} players need two decks",
        "{players}명은 덱이 두 벌 필요합니다",
        "{players}人ではデッキが2組必要です",
    ),
    "twentytwo.rules.max_set": (
        "The largest set follows the decks: {size} with {decks} deck(s)",
        "최대 세트는 덱 수를 따릅니다: 덱 {decks}벌이면 {size}장",
        "最大セットはデッキ数で決まります: {decks}組なら{size}枚",
    ),
    "twentytwo.rules.first_hand": (
        "The first hand must be {low} to {high} cards, not {value}",
        "첫 패는 {low}~{high}장이어야 합니다. {value}장은 안 됩니다",
        "最初の手札は{low}~{high}枚です。{value}枚はできません",
    ),
    "twentytwo.rules.elimination_at": (
        "Out at must be {low} to {high}, not {value}",
        "탈락 점수는 {low}~{high}이어야 합니다. {value}은(는) 안 됩니다",
        "脱落点は{low}~{high}です。{value}はできません",
    ),
    # Rook (tt22/games/rook/reasons.py: RULES_ENGLISH)
    "rook.rules.players": (
        "{title} is played by {low} to {high} players, not {players}",
        "{title}은(는) {low}~{high}명이 합니다. {players}명은 안 됩니다",
        "{title}は{low}~{high}人で遊びます。{players}人はできません",
    ),
    "rook.rules.bid_step": (
        "{L[bid_step]} must be a multiple of 5 from 5 to {high}, not {value}",
        "{L[bid_step]}은(는) 5부터 {high}까지 5의 배수여야 합니다. {value}은(는) 안 됩니다",
        "{L[bid_step]}は5から{high}までの5の倍数です。{value}はできません",
    ),
    "rook.rules.min_bid": (
        "{L[min_bid]} must be a multiple of {L[bid_step]} ({step}) from {step} to {high},"
        " not {value}",
        "{L[min_bid]}은(는) {step}부터 {high}까지 {L[bid_step]}({step})의 배수여야 합니다."
        " {value}은(는) 안 됩니다",
        "{L[min_bid]}は{step}から{high}までの{L[bid_step]}({step})の倍数です。{value}はできません",
    ),
    # Rummy and Gin (tt22/games/rummy/reasons.py: RULES_ENGLISH)
    "rummy.rules.players": (
        "{title} is played by {low} to {high} players, not {players}",
        "{title}은(는) {low}~{high}명이 합니다. {players}명은 안 됩니다",
        "{title}は{low}~{high}人で遊びます。{players}人はできません",
    ),
    "rummy.rules.hand_size": (
        "{L[hand_size]} is 7 or 10, or 13 with 2 players, not {value}",
        "{L[hand_size]}은(는) 7 또는 10이고, 2명이면 13도 됩니다. {value}은(는) 안 됩니다",
        "{L[hand_size]}は7か10、2人なら13もできます。{value}はできません",
    ),
    "gin.rules.players": (
        "{title} is played by {count} players, not {players}",
        "{title}은(는) {count}명이 합니다. {players}명은 안 됩니다",
        "{title}は{count}人で遊びます。{players}人はできません",
    ),
    "gin.rules.oklahoma_deal": (
        "{L[knock_limit]}: {V[knock_limit.upcard]} needs {L[deal]}: {V[deal.upcard]}",
        "{L[knock_limit]}: {V[knock_limit.upcard]}에는"
        " {L[deal]}: {V[deal.upcard]}이(가) 필요합니다",
        "{L[knock_limit]}: {V[knock_limit.upcard]}には{L[deal]}: {V[deal.upcard]}が必要です",
    ),
    "gin.rules.spades_double_deal": (
        "{L[spades_double]} needs an upcard: {L[deal]}: {V[deal.upcard]}",
        "{L[spades_double]}에는 업카드가 필요합니다: {L[deal]}: {V[deal.upcard]}",
        "{L[spades_double]}には表札が必要です: {L[deal]}: {V[deal.upcard]}",
    ),
}


@cache
def _game_renderer(space: str) -> Callable[[Reason, bool], str] | None:
    """The renderer of game `space`'s reasons: `table_reason(reason, ascii_style)` of the
    `words` module in the game's interface package (the package of the table screen its
    registry entry names), so this module names no game; None for a name that is no game's, or
    a game whose interface says no reasons of its own."""
    try:
        where = entry(space).table
    except UnknownGame:
        return None
    if not where:
        return None
    try:
        words = importlib.import_module(where.partition(":")[0].rpartition(".")[0] + ".words")
    except ModuleNotFoundError:
        return None
    found: Callable[[Reason, bool], str] | None = getattr(words, "table_reason", None)
    return found


_STOP = {"en": ".", "ko": ".", "ja": "。"}
_INDEX = {"en": 0, "ko": 1, "ja": 2}


def reason_words(reason: Reason, *, ascii_style: bool = False, game: str | None = None) -> str:
    """`reason` in the current language, with its rule number. `ascii_style` shows
    cards as the table does (`TS` for `10♠`); `game` names the game whose options a
    rules complaint is about (its labels on the new-game screen; else the code's)."""
    code = reason.code
    space = code.partition(".")[0]
    if code in RULES:
        return _rules(reason, game or space)
    renderer = _game_renderer(space)
    if renderer is not None:
        return renderer(reason, ascii_style)
    if code in TWENTYTWO or _is_game(space):
        return _game_words(reason, space)
    if code == "illegal":  # (an IllegalMove with no structured reason: its words)
        words = str(reason.arg("words"))
        return sentence(f"{words} ({reason.rule})" if reason.rule else words)
    return f"{code} ({reason.rule})" if reason.rule else code


def rules_words(error: RulesError, game: str | None = None) -> str:
    """A complaint about a table in the current language (`reason_words` of its
    `detail`; a complaint the interface made itself is in its words already)."""
    if error.detail is None:
        return str(error)
    return reason_words(error.detail, game=game)


def _said(text: str, rule: str) -> str:
    """A filled-in sentence with its rule number and full stop, as the language writes
    them (Korean: its particles chosen)."""
    tail = f" ({rule})" if rule else ""
    return finish(f"{text}{tail}{_STOP[get_language()]}")


def _is_game(space: str) -> bool:
    try:
        entry(space)
    except UnknownGame:
        return False
    return True


def _game_words(reason: Reason, space: str) -> str:
    """A reason of a game whose interface says none of its own (22's): its words
    here (`TWENTYTWO`), else the game's English (`Game.describe`)."""
    language = get_language()
    words = TWENTYTWO.get(reason.code)
    if language == "en" or words is None:
        english = get_game(space).describe(reason)
        return f"{sentence(english)}." if reason.code in TWENTYTWO else english
    text = words[_INDEX[language] - 1].format_map(dict(reason.args))
    return _said(text, reason.rule)


class _Words(dict[str, str]):
    """`{L[name]}` / `{V[option.value]}` in a message: the catalogue's words under
    `prefix`, or the name as written when there are none."""

    def __init__(self, prefix: str) -> None:
        super().__init__()
        self.prefix = prefix

    def __missing__(self, key: str) -> str:
        entry = CATALOGUE.get(self.prefix + key)
        return (entry[_INDEX[get_language()]] or entry[0]) if entry else key


def _rules(reason: Reason, game: str) -> str:
    labels, values = _Words(f"setup.opt.{game}."), _Words(f"setup.val.{game}.")
    args: dict[str, object] = dict(reason.args)
    name = str(args.get("name", ""))
    if "choices" in args:
        words = [values[f"{name}.{c}"] for c in str(args["choices"]).split(", ")]
        args["choices"] = t("sep.list").join(words)
    if "name" in args and reason.code != "rules.unknown":
        args["name"] = labels[name]
    template = RULES[reason.code][_INDEX[get_language()]]
    if "{title}" in template:
        key = f"setup.game.{game}"
        args["title"] = t(key) if key in CATALOGUE else get_game(game).title
    return _said(template.format(L=labels, V=values, **args), reason.rule)
