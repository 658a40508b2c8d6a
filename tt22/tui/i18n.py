"""One catalogue for every word the interface shows: English, Korean and Japanese.

The games explain moves and complain about rules as data (`Reason`); `tt22.tui.reasons`
says those in the player's language, with the particles chosen here.

Two things every sentence gets right here, once for all the games:
- A sentence about a player speaks to the player it is about when that is the person
  reading it (`said`): a key `k` may have a second-person form `k.you` ("You bid 70."
  beside "{name} bids 70.", "내가" beside "{name} 님이"), chosen for the seat at the
  keyboard and for a seat called by the default name ("You", "나", "あなた"), which no
  verb in the third person fits.
- Korean particles after a filled-in word ("{card}을(를)") are chosen from how that
  word ends when it is read aloud (`korean_particles`), so no "을(를)" is left on screen.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Mapping
from contextvars import ContextVar

__all__ = [
    "LANGUAGES",
    "addressed",
    "detect_language",
    "finish",
    "get_language",
    "is_default_name",
    "korean_particles",
    "level_name",
    "own_language",
    "said",
    "seed_words",
    "sentence",
    "set_language",
    "t",
]

LANGUAGES: dict[str, str] = {"en": "English", "ko": "한국어", "ja": "日本語"}
_INDEX = {"en": 0, "ko": 1, "ja": 2}


class _Language:
    """The language of one app, shared by all its tasks (each a copy of one context)."""

    __slots__ = ("code",)

    def __init__(self, code: str = "en") -> None:
        self.code = code


# One per process for local play; `tt22 serve` gives each connection's app its own
# (`own_language` in the context its tasks are made from), so many languages coexist.
_PROCESS = _Language()
_LANGUAGE: ContextVar[_Language | None] = ContextVar("tt22_language", default=None)


def _language() -> _Language:
    return _LANGUAGE.get() or _PROCESS


def own_language(code: str = "en") -> None:
    """Give the current context (an app about to start) a language of its own."""
    _LANGUAGE.set(_Language(code if code in _INDEX else "en"))


# key -> (English, Korean, Japanese). Placeholders use str.format names. The one
# catalogue of the interface: a part of the app with many words of its own keeps them in
# its own module and adds them here under a prefix (`add_section`).
CATALOGUE: dict[str, tuple[str, str, str]] = {
    # home
    "app.title": ("Twenty-Two", "투엔티투", "トゥエンティツー"),
    "home.tagline": (
        "Never be left holding the highest card.",
        "마지막에 가장 높은 카드를 들고 있지 마세요.",
        "最後に一番高いカードを持っていてはいけません。",
    ),
    "home.new": ("New game", "새 게임", "新しいゲーム"),
    "home.continue": ("Continue", "이어하기", "続きから"),
    "home.continue_info": (
        "{game}, a match in progress: hand {hand}, {moves} moves made, scores {scores}\n"
        "seed {seed}",
        "진행 중인 {game} 경기: {hand}번째 판, {moves}수 진행, 점수 {scores}\n시드 {seed}",
        "進行中の{game}の試合: 第{hand}回、{moves}手まで、得点 {scores}\nシード {seed}",
    ),
    "home.replay": ("Replay a record", "기록 다시 보기", "記録を再生"),
    "home.rules": ("Rules and keys", "규칙과 키", "ルールとキー"),
    "home.settings": ("Settings", "설정", "設定"),
    "home.quit": ("Quit", "종료", "終了"),
    # bindings
    "key.left": ("Left", "왼쪽", "左"),
    "key.move": ("Move", "이동", "移動"),
    "key.right": ("Right", "오른쪽", "右"),
    "key.select": ("Select", "선택", "選択"),
    "key.rank": ("Rank", "숫자", "数字"),
    "key.play": ("Play", "내기", "出す"),
    "key.exchange": ("Discard/keep", "교환/유지", "交換/維持"),  # (ASCII keys fit 80)
    "key.lowest": ("Lowest", "최저", "最低"),
    "key.log": ("Log", "기록", "ログ"),
    "key.seats_up": ("Scroll the seats up", "좌석 목록 위로", "席の一覧を上へ"),
    "key.seats_down": ("Scroll the seats down", "좌석 목록 아래로", "席の一覧を下へ"),
    "key.help": ("Help", "도움말", "ヘルプ"),
    "key.home": ("Home", "홈", "戻る"),  # "ホーム" does not fit the ASCII footer at 80
    "key.reveal": ("Show hand", "패 보기", "手札を見る"),
    "key.back": ("Back", "뒤로", "戻る"),
    "key.quit": ("Quit", "종료", "終了"),
    "palette": ("palette", "명령", "コマンド"),  # Textual's ctrl+p description, by its text
    "key.next": ("Next", "다음", "次へ"),
    "key.start": ("Start", "시작", "開始"),
    "key.new": ("New", "새 게임", "新規"),
    "key.continue": ("Continue", "이어하기", "続き"),
    "key.replay": ("Replay", "다시 보기", "再生"),
    "key.stats": ("Stats", "전적", "成績"),
    "key.settings": ("Settings", "설정", "設定"),
    # table
    "col.seat": ("Player", "플레이어", "プレイヤー"),
    "col.cards": ("Cards", "카드", "枚数"),
    "col.penalty": ("Penalty", "벌점", "ペナルティ"),
    "seat.out": ("out", "탈락", "脱落"),
    "seat.dealer": ("dealer", "딜러", "親"),
    # Over the seats when the dealer's row cannot be on screen with the seat on turn's.
    "seats.dealer_off": (
        "Dealer: {name} (PgUp/PgDn: all seats)",
        "딜러: {name} (PgUp/PgDn: 모든 자리)",
        "親: {name} (PgUp/PgDn: 全員)",
    ),
    "seat.best": ("best", "최고", "最強"),
    "seat.kept": ("kept", "유지", "そのまま"),
    "seat.swapped": ("swapped {n}", "{n}장 교환", "{n}枚交換"),
    "seat.you": ("you", "나", "あなた"),
    "seat.bot": ("bot", "봇", "ボット"),
    "status.line": (
        "Deal {deal} · {phase} · stock {stock} · seed {seed}",
        "{deal}번째 딜 · {phase} · 더미 {stock}장 · 시드 {seed}",
        "第{deal}ディール · {phase} · 山札 {stock}枚 · シード {seed}",
    ),
    # The header's seed (`seed_words`): while a person plays, only its commitment, and
    # the words say that the seed itself is kept for the end (docs/seeds.md, 10).
    "status.deal": (
        "Deal {deal} · {phase} · stock {stock} · {seed}",
        "{deal}번째 딜 · {phase} · 더미 {stock}장 · {seed}",
        "第{deal}ディール · {phase} · 山札 {stock}枚 · {seed}",
    ),
    "seed.open": ("seed {seed}", "시드 {seed}", "シード {seed}"),
    "seed.sealed": (
        "seed sealed till the end ({commitment})",
        "시드는 끝에 공개 ({commitment})",
        "シードは終了時に公開 ({commitment})",
    ),
    "phase.exchange": ("exchange", "교환", "交換"),
    "phase.play": ("trick {n}", "{n}번째 트릭", "第{n}トリック"),
    "phase.over": ("match over", "경기 종료", "試合終了"),
    "trick.leads": ("{name} leads.", "{name} 님이 선을 잡습니다.", "{name}さんがリードします。"),
    "trick.you_lead": ("You lead.", "내가 선입니다.", "あなたのリードです。"),
    # The exchange line before anyone has exchanged (R11): who exchanges first.
    "trick.exchange_first": ("{name} first", "{name} 님부터", "{name}さんから"),
    "trick.exchange_you_first": ("you first", "나부터", "あなたから"),
    "trick.last_head": (
        "Last trick, won by {name}:",
        "지난 트릭, {name} 님이 가져감:",
        "前のトリック、{name}さんの勝ち:",
    ),
    "trick.last_head_you": (
        "Last trick, won by you:",
        "지난 트릭, 내가 가져감:",
        "前のトリック、あなたの勝ち:",
    ),
    "turn.yours_lead": (
        "Your lead: one card, or several of one rank. Keep at least one card.",
        "나의 선: 카드 한 장, 또는 같은 숫자 여러 장. 최소 한 장은 남기세요.",
        "あなたのリード: 1枚か、同じ数字を複数枚。最低1枚は残してください。",
    ),
    "turn.yours_follow1": (
        "Your turn: play a card that beats or matches {best}, or your lowest card.",
        "내 차례: {best} 이상인 카드 한 장, 또는 가장 낮은 카드 한 장을 내세요.",
        "あなたの番: {best} 以上のカードを1枚、または一番低いカードを1枚出します。",
    ),
    "turn.yours_follow": (
        "Your turn: play {k} cards that beat or match {best}, or your {k} lowest cards.",
        "내 차례: {best} 이상인 카드 {k}장, 또는 가장 낮은 카드 {k}장을 내세요.",
        "あなたの番: {best} 以上のカードを{k}枚、または一番低いカードを{k}枚出します。",
    ),
    "turn.yours_exchange": (
        "Exchange: select cards to discard and press Enter to draw as many "
        "(stock: {stock}). Enter with nothing selected keeps your hand.",
        "교환: 버릴 카드를 고르고 Enter를 누르면 같은 수만큼 뽑습니다 (더미 {stock}장). "
        "아무것도 고르지 않고 Enter를 누르면 그대로 유지합니다.",
        "交換: 捨てるカードを選んで Enter で同じ枚数を引きます(山札 {stock}枚)。"
        "何も選ばずに Enter でそのまま。",
    ),
    "turn.waiting": ("{name} is thinking…", "{name} 님이 생각 중…", "{name}さんが考え中…"),
    "turn.waiting_human": (
        "{name}'s turn.",
        "{name} 님의 차례입니다.",
        "{name}さんの番です。",
    ),
    "turn.watch": (
        "Watching: every seat is a bot. Hand shown: {name}.",
        "관전 중: 모두 봇입니다. 보이는 패: {name}.",
        "観戦中: 全員ボットです。表示中の手札: {name}。",
    ),
    "hotseat.hidden": (
        "Pass the keyboard to {name}. {name}: press Enter to see your hand.",
        "키보드를 {name}에게 넘기세요. {name}: Enter를 눌러 패를 보세요.",
        "キーボードを {name} に渡してください。{name}: Enter で手札を表示。",
    ),
    "hand.hidden": ("(hand hidden)", "(패 숨김)", "(手札は非表示)"),
    "hand.none": ("(no cards)", "(카드 없음)", "(カードなし)"),
    "hand.selected": ("selected: {cards}", "선택: {cards}", "選択中: {cards}"),
    "btn.play": ("Play", "내기", "出す"),
    "btn.lowest": ("Lowest", "가장 낮은 카드", "最低のカード"),
    "btn.discard": ("Discard {n} and draw", "{n}장 버리고 뽑기", "{n}枚捨てて引く"),
    "btn.keep": ("Keep hand", "그대로 유지", "そのまま"),
    "btn.reveal": ("Show my hand", "내 패 보기", "手札を見る"),
    "log.title": ("Moves", "진행 기록", "手順"),
    # The log names every player in the past tense; the player at the keyboard (and a
    # seat called "You") is spoken to in the `.you` forms (`said`): "나 님이" and
    # "あなたさん" are no way to name anyone.
    "log.exchange": ("{name} discarded {n}.", "{name}: {n}장 교환.", "{name}: {n}枚交換。"),
    "log.my_exchange": (
        "{name} put away {out} and drew {drawn}.",
        "{name}: 버린 카드 {out}, 뽑은 카드 {drawn}.",
        "{name}: 捨てたカード {out}、引いたカード {drawn}。",
    ),
    "log.keep": ("{name} kept the hand.", "{name}: 유지.", "{name}: そのまま。"),
    "log.stock_empty": (
        "{name} kept the hand: the stock is empty.",
        "{name}: 더미가 비어 유지.",
        "{name}: 山札が空なのでそのまま。",
    ),
    "msg.stock_empty": (
        "The stock is empty: you keep your hand.",
        "더미가 비었습니다: 패를 그대로 유지합니다.",
        "山札が空です: 手札はそのままです。",
    ),
    "log.play": ("{name}: {cards}", "{name}: {cards}", "{name}: {cards}"),
    "log.best": ("{name}: {cards} (best)", "{name}: {cards} (최고)", "{name}: {cards} (最強)"),
    "log.trick": (
        "{name} won the trick.",
        "{name} 님이 트릭을 가져갑니다.",
        "{name}さんがトリックを取りました。",
    ),
    "log.deal": (
        "Deal {n}: {name} dealt {k} each.",
        "{n}번째 딜: {name} 님이 {k}장씩 돌립니다.",
        "第{n}ディール: {name}さんが{k}枚ずつ配ります。",
    ),
    "log.exchange.you": ("You discarded {n}.", "나: {n}장 교환.", "あなた: {n}枚交換。"),
    "log.my_exchange.you": (
        "You put away {out} and drew {drawn}.",
        "나: 버린 카드 {out}, 뽑은 카드 {drawn}.",
        "あなた: 捨てたカード {out}、引いたカード {drawn}。",
    ),
    "log.keep.you": ("You kept the hand.", "나: 유지.", "あなた: そのまま。"),
    "log.stock_empty.you": (
        "You kept the hand: the stock is empty.",
        "나: 더미가 비어 유지.",
        "あなた: 山札が空なのでそのまま。",
    ),
    "log.play.you": ("You: {cards}", "나: {cards}", "あなた: {cards}"),
    "log.best.you": ("You: {cards} (best)", "나: {cards} (최고)", "あなた: {cards} (最強)"),
    "log.trick.you": (
        "You won the trick.",
        "내가 트릭을 가져갑니다.",
        "あなたがトリックを取りました。",
    ),
    "log.deal.you": (
        "Deal {n}: you dealt {k} each.",
        "{n}번째 딜: 내가 {k}장씩 돌립니다.",
        "第{n}ディール: あなたが{k}枚ずつ配ります。",
    ),
    "log.showdown": (
        "Showdown: {cards}. {losers} +{penalty}.",
        "쇼다운: {cards}. {losers} +{penalty}.",
        "ショーダウン: {cards}。{losers} +{penalty}。",
    ),
    "msg.saved": (
        "Saved. Continue from the home screen.",
        "저장했습니다. 처음 화면에서 이어할 수 있습니다.",
        "保存しました。ホーム画面から続きができます。",
    ),
    "msg.busy": (
        "Another tt22 window (process {pid}) is playing the match in progress here;"
        " leave its table or close it first.",
        "다른 tt22 창(프로세스 {pid})이 진행 중인 경기를 하고 있습니다."
        " 먼저 그 창의 테이블을 나가거나 창을 닫으세요.",
        "別の tt22 ウィンドウ(プロセス {pid})が進行中の試合をプレイしています。"
        "先にそのテーブルを離れるか、ウィンドウを閉じてください。",
    ),
    "msg.not_saved": (
        "Could not save the match: {reason}",
        "경기를 저장하지 못했습니다: {reason}",
        "試合を保存できませんでした: {reason}",
    ),
    "msg.illegal": ("Not allowed: {reason}", "불가: {reason}", "できません: {reason}"),
    "msg.nothing_lowest": (
        "There is nothing to play now.",
        "지금은 낼 수 없습니다.",
        "今は出せません。",
    ),
    # summaries
    "deal.title": ("Deal {n}: showdown", "{n}번째 딜: 쇼다운", "第{n}ディール: ショーダウン"),
    "deal.loses": (
        "{names} loses and takes {penalty}.",
        "{names} 님이 지고 {penalty}점을 받습니다.",
        "{names}さんの負け、{penalty}点。",
    ),
    "deal.lose_many": (
        "{names} lose and take {penalty} each.",
        "{names}: 모두 지고 각각 {penalty}점을 받습니다.",
        "{names} の負け、それぞれ{penalty}点。",
    ),
    "deal.you_lose": (
        "You lose and take {penalty}.",
        "내가 지고 {penalty}점을 받습니다.",
        "あなたの負け、{penalty}点。",
    ),
    "match.you_win": ("You win!", "내가 우승했습니다!", "あなたの勝ちです!"),
    "deal.eliminated": ("Eliminated: {names}", "탈락: {names}", "脱落: {names}"),
    "deal.next": ("Next deal", "다음 딜", "次のディール"),
    "deal.last": ("last card", "마지막 카드", "最後のカード"),
    "deal.total": ("total", "합계", "合計"),
    "match.title": ("The match is over", "경기 종료", "試合終了"),
    "match.winner": ("Winner: {names}", "우승: {names}", "勝者: {names}"),
    "match.no_winner": (
        "No winner: everyone went out.",
        "우승자 없음: 모두 탈락.",
        "勝者なし: 全員脱落。",
    ),
    "match.saved": ("Record saved: {path}", "기록 저장: {path}", "記録を保存: {path}"),
    "match.not_saved": (
        "Record not saved.",
        "기록을 저장하지 않았습니다.",
        "記録は保存されていません。",
    ),
    "match.seed": ("Seed to share: {seed}", "공유할 시드: {seed}", "共有用シード: {seed}"),
    "match.again": ("Again with this seed", "같은 시드로 다시", "同じシードでもう一度"),
    "match.new_seed": ("New seed", "새 시드", "新しいシード"),
    "match.home": ("Home", "처음으로", "ホーム"),
    "standings": ("Standings", "순위", "順位"),
    # setup
    "setup.title": ("New game", "새 게임", "新しいゲーム"),
    "setup.players": ("Players", "인원", "人数"),
    "setup.name": ("Your name", "내 이름", "あなたの名前"),
    "setup.seat": ("Seat {n}", "{n}번 자리", "{n}番席"),
    "setup.human": ("Human at this keyboard", "이 키보드의 사람", "このキーボードの人"),
    "setup.bot": ("Bot: {level}", "봇: {level}", "ボット: {level}"),
    "setup.levels": (
        "Bots play at {normal} unless you choose: a real opponent. At {easy} they slip on"
        " purpose; at {hard} and {expert} they think further ahead.",
        "봇은 따로 고르지 않으면 {normal} 단계: 제대로 두는 상대입니다. {easy} 단계는 일부러"
        " 실수하고, {hard}·{expert} 단계는 더 멀리 내다봅니다.",
        "ボットは選ばなければ「{normal}」：本気の相手です。\n「{easy}」はわざと間違え、"
        "「{hard}」と「{expert}」は先を読みます。",
    ),
    "setup.rules": ("Rules", "규칙", "ルール"),
    "setup.seed": ("Seed", "시드", "シード"),
    "setup.seed_hint": ("blank = a fresh seed", "비우면 새 시드", "空欄 = 新しいシード"),
    "setup.default": ("default", "기본값", "既定"),
    "setup.start": ("Start", "시작", "開始"),
    "setup.back": ("Back", "뒤로", "戻る"),
    "setup.bad": ("Cannot start: {reason}", "시작할 수 없음: {reason}", "開始できません: {reason}"),
    "opt.yes": ("yes", "예", "はい"),
    "opt.no": ("no", "아니오", "いいえ"),
    "player.you": ("You", "나", "あなた"),
    "level.easy": ("easy", "쉬움", "かんたん"),
    "level.normal": ("normal", "보통", "ふつう"),
    "level.hard": ("hard", "어려움", "むずかしい"),
    "level.expert": ("expert", "전문가", "達人"),
    "player.bot": ("Bot {n}", "봇 {n}", "ボット{n}"),
    "player.human": ("Player {n}", "플레이어 {n}", "プレイヤー{n}"),  # counted from 1
    # settings
    "settings.title": ("Settings", "설정", "設定"),
    "settings.language": ("Language", "언어", "言語"),
    "settings.auto": ("From the locale", "시스템 언어", "システムの言語"),
    "settings.cards": ("Card style", "카드 표시", "カード表示"),
    "settings.symbols": ("Suit symbols (10♠ A♥)", "무늬 기호 (10♠ A♥)", "スート記号 (10♠ A♥)"),
    "settings.ascii": ("ASCII (TS AH)", "ASCII (TS AH)", "ASCII (TS AH)"),
    "settings.theme": ("Theme", "테마", "テーマ"),
    # a theme's name in words (Textual's `textual-dark` is "dark"; others keep their names)
    "theme.dark": ("dark", "어둡게", "ダーク"),
    "theme.light": ("light", "밝게", "ライト"),
    "settings.pace": (
        "Seconds per bot move",
        "봇 속도 (수당 초)",
        "ボットの速さ(1手の秒数)",
    ),
    "settings.level": ("Default bot", "기본 봇", "既定のボット"),
    "settings.saved": ("Settings saved.", "설정을 저장했습니다.", "設定を保存しました。"),
    # misc
    "too_small": (
        "The terminal is {w}x{h}. tt22 needs at least {mw}x{mh}: please enlarge the window.",
        "터미널 크기가 {w}x{h}입니다. 최소 {mw}x{mh}이 필요합니다. 창을 키워 주세요.",
        "端末サイズは {w}x{h} です。{mw}x{mh} 以上が必要です。ウィンドウを広げてください。",
    ),
    "too_small.quit": (
        "Press q to quit.",
        "종료하려면 q를 누르세요.",
        "q で終了します。",
    ),
    "help.title": ("How to play 22", "22 하는 법", "22の遊び方"),
    "cmd.new": ("New game", "새 게임", "新しいゲーム"),
    "cmd.new_help": ("Set up a new match", "새 경기를 준비합니다", "新しい試合を設定します"),
    "cmd.log": ("Toggle the move log", "진행 기록 보이기/숨기기", "手順の表示切替"),
    "cmd.help": ("Rules and keys", "규칙과 키", "ルールとキー"),
    "cmd.help_help": (
        "How each game is played, and every key",
        "게임마다의 규칙과 모든 키",
        "各ゲームの遊び方とすべてのキー",
    ),
    "cmd.settings": ("Settings", "설정", "設定"),
    "cmd.settings_help": (
        "Your name, language, cards, theme, bots' pace and level",
        "이름, 언어, 카드 모양, 테마, 봇의 속도와 수준",
        "名前、言語、カード、テーマ、ボットの速さと強さ",
    ),
    "cmd.ascii": ("Toggle ASCII cards", "ASCII 카드 전환", "ASCIIカード切替"),
    "cmd.ascii_help": (
        "Cards as letters (TS, AH) or with suit symbols (10♠, A♥)",
        "카드를 글자(TS, AH)나 무늬 기호(10♠, A♥)로",
        "カードを文字(TS, AH)かマーク(10♠, A♥)で",
    ),
    "cmd.continue": (
        "Back to the match in progress (c)",
        "진행 중인 경기로 돌아갑니다 (c)",
        "続きの試合に戻ります (c)",
    ),
    "cmd.replay": (
        "Step through a saved record (r)",
        "저장된 기록을 다시 봅니다 (r)",
        "保存した記録を再生します (r)",
    ),
    "cmd.stats": (
        "Your matches, scores and the daily deal (t)",
        "내 경기, 점수, 오늘의 딜 (t)",
        "自分の試合・成績・今日の配り (t)",
    ),
    "cmd.theme": ("Theme", "테마", "テーマ"),
    "cmd.theme_help": ("The colours of the screen", "화면의 색", "画面の色"),
    "cmd.quit": ("Quit", "끝내기", "終了"),
    "cmd.quit_help": (
        "Leave tt22 (a match in progress is kept: Continue picks it up)",
        "tt22 끝내기 (진행 중인 경기는 저장되어 이어하기로 계속할 수 있습니다)",
        "tt22を終了(進行中の試合は保存され、「続きから」で再開できます)",
    ),
}

# The table's actions and questions (new game, undo, hint, resign, hot seat, keys that
# would otherwise do nothing in silence).
CATALOGUE.update(
    {
        "confirm.new_title": (
            "A match is in progress",
            "진행 중인 경기가 있습니다",
            "進行中の試合があります",
        ),
        "confirm.new_note": (
            "{game}, {moves} moves made, seed {seed}. A new game ends it: it is kept with your "
            "records (Replay lists it) but cannot be continued.",
            "{game} {moves}수 진행, 시드 {seed}. 새 게임을 시작하면 이 경기는 끝나고, 기록에 "
            "보관되지만(다시 보기 목록) 이어할 수 없습니다.",
            "{game}、{moves}手まで、シード {seed}。新しいゲームを始めるとこの試合は終わり、記録には"
            "残りますが(リプレイの一覧)、続きはできません。",
        ),
        "confirm.new_game": (
            "Start a new game",
            "새 게임 시작",
            "新しいゲームを始める",
        ),
        "confirm.continue": (
            "Continue the match in progress",
            "진행 중인 경기 이어하기",
            "進行中の試合を続ける",
        ),
        "confirm.cancel": ("Cancel", "취소", "キャンセル"),
        "msg.no_match": (
            "No match in progress to continue: n starts a new game.",
            "이어할 경기가 없습니다: n으로 새 게임을 시작하세요.",
            "続きの試合はありません: n で新しいゲームを始めます。",
        ),
        "msg.choose": (
            "Select cards with Space (or a for the whole rank), then Enter. {why}",
            "스페이스로 카드를 고르고(a는 같은 숫자 모두) Enter를 누르세요. {why}",
            "スペースでカードを選び(a で同じ数字すべて)、Enter を押します。{why}",
        ),
        "msg.lowest_not_allowed": (
            "Your lowest cards are not allowed here: {reason}",
            "가장 낮은 카드는 여기서 낼 수 없습니다: {reason}",
            "一番低いカードはここでは出せません: {reason}",
        ),
        "sep.list": (", ", ", ", "、"),
        "key.hint": ("Hint", "힌트", "ヒント"),
        "key.scores": ("Scores", "점수", "得点"),
        "key.resign": ("Resign", "기권", "投了"),
        "key.close": ("Close", "닫기", "閉じる"),
        "key.undo": ("Undo", "무르기", "待った"),
        "msg.undone": (
            "Taken back: your last move and the replies ({n} moves). Your turn again.",
            "무르기: 내 마지막 수와 그 뒤의 수 ({n}수). 다시 내 차례입니다.",
            "待った: 自分の最後の手とその後の手({n}手)を戻しました。もう一度あなたの番です。",
        ),
        "msg.no_undo": (
            "Nothing to take back (undo is for one player against bots).",
            "무를 수가 없습니다 (무르기는 봇과 혼자 둘 때만).",
            "戻せる手はありません(待ったはボットとの一人対局のみ)。",
        ),
        # A bot that raised or chose an illegal move (tt22.play.runner): said, logged,
        # and the person chooses what happens; nothing is played in its place unasked.
        "botfail.title": ("A bot failed", "봇이 실패했습니다", "ボットが失敗しました"),
        "botfail.note": (
            "Nothing was played for it. The details are in {log}; the match is saved"
            " up to the move before.",
            "그 자리에는 아무 수도 두지 않았습니다. 자세한 내용은 {log}에 있으며, 경기는"
            " 직전 수까지 저장되어 있습니다.",
            "その席には何も指していません。詳細は {log} にあります。試合は直前の手まで"
            "保存されています。",
        ),
        "botfail.retry": (
            "Ask the same bot again",
            "같은 봇에게 다시 묻기",
            "同じボットにもう一度聞く",
        ),
        "botfail.random": (
            "Let the random bot play this one move",
            "이번 한 수만 무작위 봇이 두기",
            "この一手だけランダムボットに指させる",
        ),
        "botfail.leave": (
            "Leave the table (the match stays saved)",
            "자리 떠나기 (경기는 저장된 채로)",
            "席を離れる(試合は保存されたまま)",
        ),
        "log.bot_failed": (
            "{name}'s bot ({bot}) failed: {error}",
            "{name}의 봇({bot}) 실패: {error}",
            "{name}のボット({bot})が失敗: {error}",
        ),
        "log.stand_in": (
            "The random bot played this move for {name}, whose bot had failed.",
            "봇이 실패한 {name} 대신 무작위 봇이 이 수를 두었습니다.",
            "ボットが失敗した{name}の代わりに、ランダムボットがこの手を指しました。",
        ),
        "cmd.undo": (
            "Take back your last move and the bots' replies (u)",
            "내 마지막 수와 봇의 응수 무르기 (u)",
            "自分の最後の手とボットの応手を戻す (u)",
        ),
        "cmd.hint": (
            "What a strong bot would play here (i)",
            "강한 봇이라면 여기서 낼 수 (i)",
            "強いボットならここで出す手 (i)",
        ),
        "cmd.scores": (
            "Penalty totals after each deal (s)",
            "딜마다의 벌점 합계 (s)",
            "ディールごとのペナルティ合計 (s)",
        ),
        "cmd.resign": ("Resign the match (x)", "경기 기권 (x)", "試合を投了 (x)"),
        "scores.title": (
            "Penalty totals after each deal",
            "딜마다의 벌점 합계",
            "ディールごとのペナルティ合計",
        ),
        "scores.none": (
            "No deal finished yet.",
            "끝난 딜이 아직 없습니다.",
            "終わったディールはまだありません。",
        ),
        "scores.legend": (
            "+ lost that deal  ! out ({limit}+)",
            "+ 그 딜에서 짐  ! 탈락 ({limit}+)",
            "+ そのディールで負け  ! 脱落({limit}+)",
        ),
        "first.short": (
            "First-dealer draw (R7): {name} drew highest and deals first (every card: s).",
            "첫 딜러 뽑기 (R7): 가장 높은 카드를 뽑은 {name} 님이 먼저 돌립니다 (모든 카드: s).",
            "最初の親決め (R7): 一番高いカードを引いた{name}さんが最初の親です (全員のカード: s)。",
        ),
        "first.short_you": (
            "First-dealer draw (R7): you drew highest and deal first (every card: s).",
            "첫 딜러 뽑기 (R7): 가장 높은 카드를 뽑은 내가 먼저 돌립니다 (모든 카드: s).",
            "最初の親決め (R7): 一番高いカードを引いたあなたが最初の親です (全員のカード: s)。",
        ),
        "first.draw_you": (
            "First-dealer draw (R7): {draws}. You drew highest and deal first.",
            "첫 딜러 뽑기 (R7): {draws}. 가장 높은 카드를 뽑은 내가 먼저 돌립니다.",
            "最初の親決め (R7): {draws}。一番高いカードを引いたあなたが最初の親です。",
        ),
        "first.draw": (
            "First-dealer draw (R7): {draws}. {name} drew highest and deals first.",
            "첫 딜러 뽑기 (R7): {draws}. 가장 높은 카드를 뽑은 {name} 님이 먼저 돌립니다.",
            "最初の親決め (R7): {draws}。一番高いカードを引いた{name}さんが最初の親です。",
        ),
        "resign.title": ("Resign this match?", "이 경기를 기권할까요?", "この試合を投了しますか?"),
        "resign.note": (
            "It ends here for you: it is kept with your records (Replay lists it) and cannot "
            "be continued.",
            "여기서 끝납니다: 기록에 보관되며(다시 보기 목록) 이어할 수 없습니다.",
            "ここで終わります: 記録に残り(リプレイの一覧)、続きはできません。",
        ),
        "resign.yes": ("Resign", "기권", "投了する"),
        "msg.resigned": (
            "Match resigned; its record: {path}",
            "기권했습니다. 기록: {path}",
            "投了しました。記録: {path}",
        ),
        "out.title": ("You are out", "탈락했습니다", "脱落しました"),
        "out.note": (
            "The others play on. Watch them finish the match, or leave (the match is kept "
            "with your records).",
            "다른 사람들은 계속합니다. 끝까지 관전하거나, 나갈 수 있습니다(경기는 기록에 "
            "보관됩니다).",
            "他の人は続けます。最後まで観戦するか、退出できます(試合は記録に残ります)。",
        ),
        "out.watch": ("Watch on", "계속 관전", "観戦を続ける"),
        "out.leave": ("Leave", "나가기", "退出する"),
        "hint.play": ("play {cards}", "{cards} 내기", "{cards} を出す"),
        "hint.discard": ("discard {cards}", "{cards} 버리기", "{cards} を捨てる"),
        "hint.keep": ("keep your hand", "패 그대로 유지", "手札をそのまま"),
        "msg.hint": (
            "Hint: {move}. In {worlds} sampled deals it loses {pct}% of the time; "
            "the next best ({alt}) {alt_pct}%.",
            "힌트: {move}. 표본 딜 {worlds}개에서 {pct}%를 집니다. 차선책({alt})은 {alt_pct}%.",
            "ヒント: {move}。サンプル{worlds}ディールで負けは{pct}%、次善手({alt})は{alt_pct}%。",
        ),
        "msg.hint_forced": (
            "Hint: {move}: it is the only legal move.",
            "힌트: {move}: 가능한 수가 이것뿐입니다.",
            "ヒント: {move}: 出せる手はこれだけです。",
        ),
        "msg.hint_thinking": ("Hint: thinking…", "힌트: 생각 중…", "ヒント: 考え中…"),
        "msg.hint_not_now": (
            "A hint is for your own turn.",
            "힌트는 내 차례에만 볼 수 있습니다.",
            "ヒントは自分の番にだけ使えます。",
        ),
        "key.first": ("First card", "첫 카드", "最初のカード"),
        "key.last": ("Last card", "마지막 카드", "最後のカード"),
        "key.done": ("Pass on", "넘기기", "次へ渡す"),
        "btn.done": ("Done: pass the keyboard on", "확인: 키보드 넘기기", "確認: キーボードを渡す"),
        "hotseat.drew": (
            "{name}: you put away {out} and drew {drawn}. Press Enter to pass the keyboard on.",
            "{name}: {out}을(를) 버리고 {drawn}을(를) 뽑았습니다. Enter를 누르고 키보드를 "
            "넘기세요.",
            "{name}: {out} を捨てて {drawn} を引きました。Enter を押してキーボードを渡して"
            "ください。",
        ),
    }
)


def set_language(code: str) -> None:
    _language().code = code if code in _INDEX else "en"


def get_language() -> str:
    return _language().code


def detect_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the locale (LC_ALL, LC_MESSAGES, LANG), English if not ours."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            code = value.split("_")[0].split(".")[0].lower()
            return code if code in _INDEX else "en"
    return "en"


def add_section(prefix: str, words: Mapping[str, tuple[str, str, str]]) -> None:
    """Add `words` to the catalogue as `prefix + key` (the replayer's words, say)."""
    CATALOGUE.update({prefix + key: texts for key, texts in words.items()})


def add_game_titles() -> None:
    """Every registered game's name in our languages, from its registry entry
    (`GameEntry.titles`), as `setup.game.<name>`: no table of game names here."""
    from tt22.core.registry import entries

    add_section("setup.game.", {e.name: e.titles for e in entries() if e.titles is not None})


add_game_titles()


def t(key: str, **values: object) -> str:
    """The catalogue text of `key` in the current language, filled in."""
    texts = CATALOGUE[key]
    text = texts[_INDEX[get_language()]] or texts[0]
    return finish(text.format(**values) if values else text)


def addressed(name: str, own: bool = False) -> bool:
    """Whether a sentence about this player is said to them in the second person: the
    player at the keyboard (`own`), or a seat called by the default name ("You" in any
    of our languages), which "You bids 70" or "나 님이" would misuse as a name."""
    return own or is_default_name(name)


def said(key: str, you: bool, **values: object) -> str:
    """The sentence `key` about a player, filled in: its second-person form `key.you`
    when `you` (see `addressed`) and the catalogue has one, else `key` with the name.
    A `.you` form names nobody: it says "You", "나", "あなた" itself."""
    if you and key + ".you" in CATALOGUE:
        key += ".you"
    return t(key, **values)


def sentence(text: str) -> str:
    """`text` begun with a capital letter, as a line of its own is (an engine's reason
    is written to follow "Not allowed: "); scripts without case are unchanged."""
    return text[:1].upper() + text[1:]


def seed_words(seed: str) -> str:
    """The seed as the table's header names it: while the hands are hidden only its
    commitment is shown (docs/seeds.md section 10), and the header says so, since a bare
    `sha256:75178571` reads like the seed itself."""
    if seed.startswith("sha256:"):
        return t("seed.sealed", commitment=seed)
    return t("seed.open", seed=seed)


def is_default_name(name: str) -> bool:
    """The default name "You" in any of our languages (never saved as the player's
    name: it would stay English after a change of language)."""
    return name.strip() in CATALOGUE["player.you"]


def level_name(level: str) -> str:
    """A bot level in the current language (an unknown level as it is written)."""
    key = f"level.{level}"
    return t(key) if key in CATALOGUE else level


# --- Korean particles -------------------------------------------------------------
# A particle after a word that is filled in ("{card}을(를)") depends on whether the
# word, read aloud, ends in a consonant (을, 이, 은, 과, 으로) or a vowel (를, 가, 는, 와, 로;
# 로 after ㄹ too). The catalogue writes both forms; the finished sentence keeps the one
# that fits. How a word is read:
# - Hangul: its last syllable's final consonant.
# - A number: Sino-Korean, as it is said (일, 이, 삼, ... 십, 백, 천): 7 칠, 10 십, 25 오.
# - A card is read by its rank, as Korean players name cards (suit first, rank last:
#   "스페이드 10"): A 에이스, K 킹, Q 퀸, J 잭, 10 (T in ASCII) 십, the Rook (R★, RK) 루크.
#   `10♠`, `K-Q-10`, `TS` and a bare rank all read so.
# - Latin letters: one letter or capitals by the letters' names (L 엘, M 엠, N 엔, R 알);
#   a word by its last sounds as Korean writes loanwords (Ann 앤, Bot 봇, Kate 케이트).
# - Anything else (kana, a symbol): undecided, and both forms stay, as written.
_PARTICLES = re.compile(r"을\(를\)|이\(가\)|은\(는\)|과\(와\)|와\(과\)|\(으\)로")
_ME_SUBJECT = re.compile(r"(?<![가-힣])나이\(가\)")
_NO_FINAL, _RIEUL, _FINAL = "", "l", "c"
_DIGIT_END = {
    "0": _FINAL, "1": _RIEUL, "2": _NO_FINAL, "3": _FINAL, "4": _NO_FINAL,
    "5": _NO_FINAL, "6": _FINAL, "7": _RIEUL, "8": _RIEUL, "9": _NO_FINAL,
}  # fmt: skip
_RANK_END = {"A": _NO_FINAL, "K": _FINAL, "Q": _FINAL, "J": _FINAL, "T": _FINAL, "R": _NO_FINAL}
_LETTER_END = {"L": _RIEUL, "R": _RIEUL, "M": _FINAL, "N": _FINAL}
_CARD_MARKS = "♠♥♦♣★"
_ASCII_CARD = re.compile(r"(?:10|[2-9TJQKA])[SHDC]|RK")
_CLOSING = ")]}'\"’”」』›»"
_VOWELS = "aeiouy"


def _rank_end(rank: str) -> str | None:
    if rank[-1:].isdigit():
        return _DIGIT_END[rank[-1]]
    return _RANK_END.get(rank[-1:].upper())


def _word_end(text: str) -> str | None:
    """How `text` ends when read aloud: a consonant (`_FINAL`), ㄹ, a vowel, or None."""
    text = text.rstrip(_CLOSING)
    if not text:
        return None
    last = text[-1]
    if "가" <= last <= "힣":
        final = (ord(last) - ord("가")) % 28
        return _NO_FINAL if final == 0 else _RIEUL if final == 8 else _FINAL
    if last in _CARD_MARKS:  # a card: its rank (the Rook: R★)
        return _rank_end(text[:-1].split()[-1].split("-")[-1] if text[:-1].strip() else "")
    token = re.split(r"[\s\-/·,]", text)[-1]
    if _ASCII_CARD.fullmatch(token):
        return _NO_FINAL if token == "RK" else _rank_end(token[:-1])
    if last.isdigit():
        return _DIGIT_END[last]
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    letters = re.search(r"[A-Za-z]+$", plain)
    if letters is None:
        return None
    word = letters.group()
    if len(word) == 1 and word in _RANK_END and word != "R":  # a rank: "K-Q-10", "A"
        return _RANK_END[word]
    if word.isupper():
        return _LETTER_END.get(word[-1], _NO_FINAL)
    w = word.lower()
    if w.endswith(("ng", "m", "n", "ck")):
        return _FINAL
    if w.endswith("l"):
        return _RIEUL
    if (
        len(w) >= 2
        and w[-1] in "ptkb"
        and w[-2] in _VOWELS
        and (len(w) == 2 or w[-3] not in _VOWELS)
    ):
        return _FINAL  # a short vowel and a stop: Bot 봇, Pat 팻, Bob 밥
    return _NO_FINAL


def korean_particles(text: str) -> str:
    """`text` with each double particle ("을(를)") reduced to the one that fits the word
    before it; one that cannot be decided stays double."""

    def pick(m: re.Match[str]) -> str:
        end = _word_end(text[: m.start()])
        if end is None:
            return m.group()
        form = m.group()
        if form == "(으)로":
            return "으로" if end == _FINAL else "로"
        consonant, vowel = (form[0], form[2]) if form[0] != "와" else ("과", "와")
        return vowel if end == _NO_FINAL else consonant

    text = _ME_SUBJECT.sub("내가", text)  # (나 + 가 is 내가)
    return _PARTICLES.sub(pick, text)


def finish(text: str) -> str:
    """A filled-in catalogue sentence as it is shown (Korean: its particles chosen)."""
    if get_language() == "ko" and "(" in text:
        return korean_particles(text)
    return text
