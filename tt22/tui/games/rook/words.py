"""The Rook table's and replayer's words in English, Korean and Japanese (`rook.` keys),
and the engine's reasons (tt22/games/rook/reasons.py) in the player's language.

A reason arrives as data (code, rule, arguments); its card and suit arguments are shown
as the table shows cards (`10♠`, `RK` in ASCII), and an unknown code falls back to the
engine's English words, never to nothing.
"""

from __future__ import annotations

from tt22.core.protocol import ArgValue, Reason, render
from tt22.games.rook.cards import SUIT_CHARS, parse_rook_card, show_rook_card
from tt22.games.rook.reasons import ENGLISH
from tt22.tui.i18n import CATALOGUE, add_section, get_language, sentence, t

__all__ = ["WORDS", "reason_text", "suit_name", "suit_symbol"]

WORDS: dict[str, tuple[str, str, str]] = {
    "title": ("Rook", "루크", "ルック"),
    # a hint (i): the move the strongest bot would make from this seat's view
    "hint": ("Hint: {move}.", "힌트: {move}.", "ヒント: {move}。"),
    "hint.bid": ("bid {bid}", "{bid} 입찰", "{bid}で入札"),
    "hint.pass": ("pass", "패스", "パス"),
    "hint.pile": ("take pile {n}", "{n}번 묶음 가져오기", "{n}番の山を取る"),
    "hint.nest": ("put back {cards}", "{cards} 돌려놓기", "{cards} を戻す"),
    "hint.trump": ("name {suit} trump", "트럼프를 {suit}(으)로", "切り札を{suit}に"),
    "hint.play": ("play {card}", "{card} 내기", "{card} を出す"),
    # status line
    "status": (
        "Rook · hand {n} · {phase}",
        "루크 · {n}번째 판 · {phase}",
        "ルック · 第{n}ハンド · {phase}",
    ),
    "phase.piles": ("choosing piles", "묶음 고르기", "山を選ぶ"),
    "phase.bidding": ("bidding", "입찰", "入札"),
    "phase.nest": ("the nest", "둥지", "巣"),
    "phase.trump": ("naming trump", "트럼프 정하기", "切り札を決める"),
    "phase.play": ("trick {n}", "{n}번째 트릭", "第{n}トリック"),
    "phase.over": ("game over", "게임 종료", "ゲーム終了"),
    "bid_by": ("Bid {bid} by {name}", "입찰 {bid} ({name})", "入札 {bid} ({name})"),
    "bid_by.you": ("Bid {bid} by you", "입찰 {bid} (나)", "入札 {bid} (あなた)"),
    "no_bid": ("No bid yet", "입찰 없음", "入札なし"),
    "trump": ("Trump {suit}", "트럼프 {suit}", "切り札 {suit}"),
    "no_trump": ("Trump not named", "트럼프 미정", "切り札未定"),
    "target": ("to {n}", "목표 {n}", "目標 {n}"),
    # seats table
    "col.team": ("Team", "팀", "チーム"),
    "col.player": ("Player", "플레이어", "プレイヤー"),
    "col.cards": ("Cards", "카드", "枚数"),
    "col.bid": ("Bidding", "입찰", "入札"),
    "col.taken": ("Taken", "획득", "獲得"),
    "col.score": ("Score", "점수", "得点"),
    "passed": ("passed", "패스", "パス"),
    "dealer": ("dealer", "딜러", "親"),
    "dummy": ("Dummy", "더미", "ダミー"),
    "dummy_of": ("Dummy (plays with {name})", "더미 ({name} 편)", "ダミー ({name}側)"),
    "dummy_of.you": ("Dummy (plays with you)", "더미 (내 편)", "ダミー (あなた側)"),
    "you": ("you", "나", "あなた"),
    # bidding
    "high": (
        "High bid {bid} by {name} · next bid at least {next}",
        "최고 입찰 {bid} ({name}) · 다음 입찰은 {next} 이상",
        "最高入札 {bid} ({name}) · 次は{next}以上",
    ),
    "high.you": (
        "High bid {bid} by you · next bid at least {next}",
        "최고 입찰 {bid} (나) · 다음 입찰은 {next} 이상",
        "最高入札 {bid} (あなた) · 次は{next}以上",
    ),
    "high_top.you": (
        "High bid {bid} by you · no higher bid is possible",
        "최고 입찰 {bid} (나) · 더 높은 입찰 불가",
        "最高入札 {bid} (あなた) · これ以上は入札できません",
    ),
    "high_top": (
        "High bid {bid} by {name} · no higher bid is possible",
        "최고 입찰 {bid} ({name}) · 더 높은 입찰 불가",
        "最高入札 {bid} ({name}) · これ以上は入札できません",
    ),
    "open": (
        "No bid yet · the opening bid is at least {next}",
        "입찰 없음 · 첫 입찰은 {next} 이상",
        "入札なし · 最初の入札は{next}以上",
    ),
    "passed_list": ("Passed: {names}", "패스: {names}", "パス: {names}"),
    "your_bid": (
        "Your bid: {bid} (↑↓ change, Enter bid, p pass)",
        "내 입찰: {bid} (↑↓ 변경, Enter 입찰, p 패스)",
        "あなたの入札: {bid} (↑↓ 変更、Enter 入札、p パス)",
    ),
    "your_bid_forced": (
        "Your bid: {bid} (↑↓ change, Enter bid)",
        "내 입찰: {bid} (↑↓ 변경, Enter 입찰)",
        "あなたの入札: {bid} (↑↓ 変更、Enter 入札)",
    ),
    # piles, nest, trump
    "your_pile": (
        "Choose a pile, blind: pile {n} (↑↓ change, Enter take)",
        "묶음을 고르세요 (안 보고): {n}번 (↑↓ 변경, Enter 가져오기)",
        "山を選んでください (伏せたまま): {n}番 (↑↓ 変更、Enter 取る)",
    ),
    "your_nest": (
        "Your nest: choose 5 cards to put back ({n}/5 chosen; Space select, Enter put back)",
        "둥지를 가져왔습니다: 돌려놓을 카드 5장을 고르세요 ({n}/5; Space 선택, Enter 돌려놓기)",
        "巣を取りました: 戻すカードを5枚選んでください ({n}/5; Space 選択、Enter 戻す)",
    ),
    "your_trump": (
        "Name trump: {suit} (↑↓ change, Enter name)",
        "트럼프를 정하세요: {suit} (↑↓ 변경, Enter 결정)",
        "切り札を決めてください: {suit} (↑↓ 変更、Enter 決定)",
    ),
    "nest_yours": (
        "The nest you put back: {cards}",
        "내가 돌려놓은 둥지: {cards}",
        "戻した巣: {cards}",
    ),
    "waiting_nest": (
        "{name} takes the nest and puts 5 cards back…",
        "{name} 님이 둥지를 가져가 5장을 돌려놓는 중…",
        "{name}さんが巣を取り、5枚戻しています…",
    ),
    # play
    "your_lead": (
        "Your lead (Enter plays the card under the cursor)",
        "내가 먼저 냅니다 (Enter: 커서의 카드 내기)",
        "あなたのリードです (Enter: カーソルのカードを出す)",
    ),
    "your_follow": (
        "Your turn: follow {suit} if you can",
        "내 차례: 가능하면 {suit}를 따라 내세요",
        "あなたの番: できれば{suit}をフォロー",
    ),
    "your_dummy": (
        "The dummy's turn: you play its card",
        "더미의 차례: 내가 더미의 카드를 냅니다",
        "ダミーの番: あなたがダミーのカードを出します",
    ),
    "trick_now": ("Trick {n}:", "{n}번째 트릭:", "第{n}トリック:"),
    "trick_empty": ("(no card yet)", "(아직 없음)", "(まだなし)"),
    "last_trick": (
        "Last trick, won by {name} ({points}):",
        "지난 트릭, {name} 승 ({points}점):",
        "前のトリック、{name}の勝ち ({points}点):",
    ),
    "last_trick.you": (
        "Last trick, won by you ({points}):",
        "지난 트릭, 내가 승 ({points}점):",
        "前のトリック、あなたの勝ち ({points}点):",
    ),
    "dummy_cards": ("Dummy:", "더미:", "ダミー:"),
    "face_down": ("+{n} face down", "+{n}장 뒷면", "+{n}枚伏せ"),
    "your_cards": ("Your cards:", "내 카드:", "あなたのカード:"),
    "hand_hidden": (
        "Pass the keyboard to {name}, who presses Enter to see their hand",
        "{name} 님에게 키보드를 넘기세요. Enter를 누르면 패가 보입니다",
        "{name}さんにキーボードを渡してください。Enterで手札が見えます",
    ),
    # keys and buttons
    "key.change": ("Change", "변경", "変更"),
    "key.pass": ("Pass", "패스", "パス"),
    "key.bid": ("Bid", "입찰", "入札"),
    "key.put_back": ("Put back", "돌려놓기", "戻す"),
    "key.name_trump": ("Trump", "트럼프", "切り札"),
    "key.take_pile": ("Take", "가져오기", "取る"),
    "btn.bid": ("Bid {bid}", "{bid} 입찰", "{bid}で入札"),
    "btn.pass": ("Pass", "패스", "パス"),
    "btn.put_back": ("Put back {n}/5", "돌려놓기 {n}/5", "戻す {n}/5"),
    "btn.pile": ("Pile {n}", "{n}번 묶음", "{n}番の山"),
    # log
    "log.hand": (
        "Hand {n}: {name} deals.",
        "{n}번째 판: {name} 딜러.",
        "第{n}ハンド: {name}が親。",
    ),
    "log.pile": ("{name} takes pile {n}.", "{name}: {n}번 묶음.", "{name}: {n}番の山。"),
    "log.bid": ("{name} bids {bid}.", "{name}: {bid} 입찰.", "{name}: {bid}で入札。"),
    "log.pass": ("{name} passes.", "{name}: 패스.", "{name}: パス。"),
    "log.nest": ("{name} puts 5 cards back.", "{name}: 5장을 돌려놓음.", "{name}: 5枚戻した。"),
    "log.nest_cards": (
        "{name} puts back {cards}.",
        "{name}: {cards} 돌려놓음.",
        "{name}: {cards}を戻した。",
    ),
    "log.trump": (
        "{name} names trump {suit}.",
        "{name}: 트럼프 {suit}.",
        "{name}: 切り札は{suit}。",
    ),
    "log.play": ("{name}: {card}", "{name}: {card}", "{name}: {card}"),
    # The same, said to the player at the keyboard or a seat called "You" (i18n.said).
    "log.hand.you": ("Hand {n}: you deal.", "{n}번째 판: 내가 딜러.", "第{n}ハンド: あなたが親。"),
    "log.pile.you": ("You take pile {n}.", "나: {n}번 묶음.", "あなた: {n}番の山。"),
    "log.bid.you": ("You bid {bid}.", "나: {bid} 입찰.", "あなた: {bid}で入札。"),
    "log.pass.you": ("You pass.", "나: 패스.", "あなた: パス。"),
    "log.nest.you": ("You put 5 cards back.", "나: 5장을 돌려놓음.", "あなた: 5枚戻した。"),
    "log.nest_cards.you": (
        "You put back {cards}.",
        "나: {cards} 돌려놓음.",
        "あなた: {cards}を戻した。",
    ),
    "log.trump.you": ("You name trump {suit}.", "나: 트럼프 {suit}.", "あなた: 切り札は{suit}。"),
    "log.play.you": ("You: {card}", "나: {card}", "あなた: {card}"),
    "log.trick.you": (
        "You take the trick ({points}).",
        "내가 트릭 획득 ({points}점).",
        "あなたがトリックを取る ({points}点)。",
    ),
    "log.trick": (
        "{name} takes the trick ({points}).",
        "{name} 트릭 획득 ({points}점).",
        "{name}がトリックを取る ({points}点)。",
    ),
    # summaries
    "next_hand": ("Next hand", "다음 판", "次のハンド"),
    "hand.title": ("Hand {n} is over", "{n}번째 판 종료", "第{n}ハンド終了"),
    "hand.made": (
        "{name} bid {bid} and made it: {taken} points",
        "{name}: {bid} 입찰 성공 ({taken}점)",
        "{name}: {bid}の入札を達成 ({taken}点)",
    ),
    "hand.lost": (
        "{name} bid {bid} and lost it: only {taken} points",
        "{name}: {bid} 입찰 실패 ({taken}점뿐)",
        "{name}: {bid}の入札に失敗 ({taken}点のみ)",
    ),
    "hand.made.you": (
        "You bid {bid} and made it: {taken} points",
        "나: {bid} 입찰 성공 ({taken}점)",
        "あなた: {bid}の入札を達成 ({taken}点)",
    ),
    "hand.lost.you": (
        "You bid {bid} and lost it: only {taken} points",
        "나: {bid} 입찰 실패 ({taken}점뿐)",
        "あなた: {bid}の入札に失敗 ({taken}点のみ)",
    ),
    "hand.nest": ("The nest: {cards}", "둥지: {cards}", "巣: {cards}"),
    "hand.out": ("Out of play: {cards}", "제외된 카드: {cards}", "除外されたカード: {cards}"),
    "col.counters": ("Counters", "카운터", "得点札"),
    "col.change": ("This hand", "이번 판", "このハンド"),
    "side.bidder": ("Bidder", "입찰자", "入札者"),
    "side.other": ("Others", "상대", "相手"),
    "game.title": ("The game is over", "게임 종료", "ゲーム終了"),
    # who won (K18, K21): partners with 4 players, the team named by its two players
    # the 3-player game: players level at the top at or above the target share it (K21)
    "game.shared_won": (
        "{names} share the win (K21)",
        "{names} 공동 우승 (K21)",
        "{names}の同点優勝 (K21)",
    ),
    "game.shared_won.you": (
        "You share the win with {names} (K21)",
        "{names}와(과) 공동 우승했습니다 (K21)",
        "{names}と同点優勝です (K21)",
    ),
    "game.partners_won": (
        "Winners: {a} and {b}, partners",
        "우승: {a}·{b} 팀",
        "勝者: {a}と{b}のチーム",
    ),
    "game.partners_won.you": (
        "You and your partner {b} win!",
        "나와 파트너 {b} 팀이 우승했습니다!",
        "あなたとパートナーの{b}の勝ちです!",
    ),
    # replay
    "replay.title": ("Replay · {file}", "다시 보기 · {file}", "再生 · {file}"),
    "replay.where": (
        "Move {i} of {n} · hand {hand} · {stage}",
        "{n}수 중 {i}수 · {hand}번째 판 · {stage}",
        "{n}手中{i}手目 · 第{hand}ハンド · {stage}",
    ),
    "replay.before_play": ("before the play", "플레이 전", "プレイ前"),
    "replay.hand_points": ("Points this hand:", "이번 판 점수:", "このハンドの得点:"),
    "replay.nest_of": (
        "The nest {name} put back: {cards}",
        "{name}: 돌려놓은 둥지 {cards}",
        "{name}: 戻した巣 {cards}",
    ),
    "replay.nest_of.you": (
        "The nest you put back: {cards}",
        "나: 돌려놓은 둥지 {cards}",
        "あなた: 戻した巣 {cards}",
    ),
    "replay.view_all": ("All hands open", "모든 패 공개", "全員の手札を表示"),
    "replay.view_seat": ("{name}'s view", "{name}의 시점", "{name}の視点"),
    "replay.view_seat.you": ("Your view", "나의 시점", "あなたの視点"),
    "replay.all_only_finished": (
        "All hands open only for a finished game",
        "모든 패 공개는 끝난 게임에서만",
        "全員の手札は終了したゲームのみ",
    ),
    "replay.problem": (
        "This record stops here: {problem}",
        "기록이 여기서 멈춤: {problem}",
        "記録はここで止まります: {problem}",
    ),
    "hand_cards": ("{name}:", "{name}:", "{name}:"),
}

SUITS: dict[str, tuple[str, str, str]] = {
    "suit.S": ("spades", "스페이드", "スペード"),
    "suit.H": ("hearts", "하트", "ハート"),
    "suit.D": ("diamonds", "다이아몬드", "ダイヤ"),
    "suit.C": ("clubs", "클럽", "クラブ"),
}

# The engine's reasons (tt22/games/rook/reasons.py) in Korean and Japanese; English is
# the engine's own catalogue. `{suit}` and `{card}` arrive shown as the table shows them.
REASONS: dict[str, tuple[str, str]] = {
    "over": ("게임이 끝났습니다", "ゲームは終わっています"),
    "not_a_move": ("{kind}은(는) 루크의 수가 아닙니다", "{kind}はルックの手ではありません"),
    "turn": (
        "{seat}번이 아니라 {expected}번 자리의 차례입니다",
        "{seat}番ではなく{expected}番の番です",
    ),
    "not_yours": ("{seat}번 자리의 수입니다", "{seat}番の手です"),
    "phase": ("{wanted}의 수이지만 지금은 {now} 단계입니다", "{wanted}の手ですが、今は{now}です"),
    "phase_over": (
        "{wanted} 단계는 끝났습니다: 지금은 {now}",
        "{wanted}は終わりました: 今は{now}です",
    ),
    "no_piles": ("묶음 고르기는 2인 게임에만 있습니다", "山を選ぶのは2人戦だけです"),
    "not_a_card": (
        "{card}은(는) 이 덱의 카드가 아닙니다",
        "{card}はこのデッキのカードではありません",
    ),
    "pile_range": (
        "묶음은 0, 1, 2뿐입니다 ({pile} 아님)",
        "山は0、1、2です ({pile}ではありません)",
    ),
    "pile_taken": ("{pile}번 묶음은 이미 가져갔습니다", "{pile}番の山はもう取られています"),
    "must_open": (
        "첫 플레이어는 {min_bid} 이상으로 입찰을 시작해야 합니다",
        "最初のプレイヤーは{min_bid}以上で入札を始めなければなりません",
    ),
    "bid_step": (
        "입찰은 {step}의 배수입니다 ({points} 아님)",
        "入札は{step}の倍数です ({points}ではありません)",
    ),
    "bid_open_low": (
        "첫 입찰은 {min_bid} 이상입니다 ({points} 아님)",
        "最初の入札は{min_bid}以上です ({points}ではありません)",
    ),
    "bid_not_higher": (
        "입찰은 {high}보다 높아야 합니다 ({points} 아님)",
        "入札は{high}より高くなければなりません ({points}ではありません)",
    ),
    "bid_cap": (
        "입찰은 덱의 점수 {cap} 이하입니다 ({points} 아님)",
        "入札はデッキの点数{cap}以下です ({points}ではありません)",
    ),
    "nest_size": (
        "정확히 5장을 돌려놓으세요 ({count}장 아님)",
        "ちょうど5枚戻してください ({count}枚ではありません)",
    ),
    "nest_not_held": ("{card}은(는) 내 패에 없습니다", "{card}は手札にありません"),
    "nest_twice": ("{card}을(를) 두 번 골랐습니다", "{card}が2回選ばれています"),
    "trump_suit": (
        "트럼프는 S, H, D, C 중 하나입니다 ({suit} 아님)",
        "切り札はS、H、D、Cのどれかです ({suit}ではありません)",
    ),
    "not_held": ("{card}은(는) 차례인 패에 없습니다", "{card}は番の手札にありません"),
    "follow_suit": (
        "선 카드의 무늬({suit})가 있으면 따라 내야 합니다",
        "リードのスート({suit})を持っている間はフォローしなければなりません",
    ),
    "rook_forced": (
        "트럼프가 선이고 내 유일한 트럼프가 루크입니다: 루크를 내야 합니다",
        "切り札がリードされ、唯一の切り札がルックです: ルックを出さなければなりません",
    ),
    "forced_open": (
        "입찰을 시작합니다: {min_bid} 이상 입찰해야 합니다",
        "入札を始めます: {min_bid}以上で入札してください",
    ),
    "forced_pass": (
        "더 높은 입찰이 불가능합니다: 패스합니다",
        "これ以上高い入札はできません: パスです",
    ),
    "forced_follow": (
        "선 카드의 무늬({suit})를 따라야 하고 그런 카드가 한 장뿐입니다",
        "リードのスート({suit})をフォローしなければならず、その札は1枚だけです",
    ),
    "forced_last": ("이 판의 마지막 카드입니다", "このハンド最後のカードです"),
}

add_section("rook.", WORDS)
add_section("rook.", SUITS)
add_section(
    "rook.reason.",
    {
        code.removeprefix("rook."): (english, *REASONS[code.removeprefix("rook.")])
        for code, english in ENGLISH.items()
        if code.removeprefix("rook.") in REASONS
    },
)


def suit_symbol(suit: int, ascii_style: bool) -> str:
    """A suit as the cards show it: `♠`, or `S` in the ASCII style."""
    return SUIT_CHARS[suit] if ascii_style else "♠♥♦♣"[suit]


def suit_name(suit: int, ascii_style: bool) -> str:
    """`♠ spades` (a word, so the suit never rests on a symbol alone)."""
    return f"{suit_symbol(suit, ascii_style)} {t('rook.suit.' + SUIT_CHARS[suit])}"


def _shown(name: str, value: ArgValue, ascii_style: bool) -> ArgValue:
    if name == "card" and isinstance(value, str):
        try:
            return show_rook_card(parse_rook_card(value), ascii_style)
        except ValueError:
            return value  # (a card that is no card: the engine's text, escaped by the caller)
    if name == "suit" and isinstance(value, str) and value in SUIT_CHARS:
        return suit_symbol(SUIT_CHARS.index(value), ascii_style)
    return value


def reason_text(reason: Reason, ascii_style: bool = False) -> str:
    """A reason in the current language, with its rule number (`... (K11)`), begun with
    a capital (L7: it is shown as a line of its own, "You must follow the suit led")."""
    args = {k: _shown(k, v, ascii_style) for k, v in reason.args}
    key = "rook.reason." + reason.code.removeprefix("rook.")
    if reason.code == "illegal":
        return sentence(f"{reason.arg('words')} ({reason.rule})")
    if key in CATALOGUE and get_language() != "en":
        return f"{t(key, **args)} ({reason.rule})"
    shown = Reason(reason.code, reason.rule, tuple(args.items()))
    return sentence(render(shown, ENGLISH))


def table_reason(reason: Reason, ascii_style: bool) -> str:
    """A reason as Rook's table says it (tt22.tui.reasons finds it here)."""
    return reason_text(reason, ascii_style)
