"""The new-game screen's words for each game's rules: each rule option's label and each
choice's words, in English, Korean and Japanese.

The screen builds every game's fields from the game's `options`; a label is looked up here
as `setup.opt.<game>.<option>` and a choice as `setup.val.<game>.<option>.<value>`. An
option of a game added later without words here shows its name (and the rule number),
never nothing. Rule numbers are added by the screen from the option, not written here.
"""

from __future__ import annotations

from tt22.tui.i18n import add_section

__all__ = ["WORDS"]

WORDS: dict[str, tuple[str, str, str]] = {
    "game": ("Game", "게임", "ゲーム"),
    # (each game's own name is its registry entry's: GameEntry.titles, tt22.tui.i18n)
    "game.oklahoma": ("Oklahoma Gin", "오클라호마 진", "オクラホマ・ジン"),  # (G9)
    "rules_of": ("Rules: {game}", "규칙: {game}", "ルール: {game}"),
    # an option left to the game, with what the game makes of it at this table
    "default_is": ("default: {value}", "기본값: {value}", "既定: {value}"),
    "bots_none": ("(no bots yet)", "(아직 봇 없음)", "(ボットはまだありません)"),
    # 22 (RULES.md)
    "opt.twentytwo.decks": ("Decks", "덱 수", "デッキ数"),
    "opt.twentytwo.max_set": ("Largest set", "최대 세트", "最大セット"),
    "opt.twentytwo.first_hand": ("First hand", "첫 패 장수", "最初の手札"),
    "opt.twentytwo.elimination_at": ("Out at", "탈락 점수", "脱落点"),
    "opt.twentytwo.exchange": ("Exchange", "교환", "交換"),
    "val.twentytwo.exchange.up_to_stock": ("up to the stock", "더미 장수까지", "山札の枚数まで"),
    "val.twentytwo.exchange.stop_when_short": (
        "stop when short",
        "모자라면 중단",
        "足りなければ終了",
    ),
    "opt.twentytwo.must_beat": ("Must beat", "이길 수 있으면 이겨야 함", "勝てるなら勝つ"),
    "opt.twentytwo.all_out": ("All out at once", "동시 탈락", "同時脱落"),
    "val.twentytwo.all_out.lowest_total": ("lowest total wins", "최저 합계 승리", "最少合計の勝ち"),
    "val.twentytwo.all_out.no_winner": ("no winner", "우승자 없음", "勝者なし"),
    "opt.twentytwo.first_dealer": ("First dealer", "첫 딜러", "最初の親"),
    "val.twentytwo.first_dealer.high_card": ("high card", "높은 카드", "高いカード"),
    # Rook (ROOK.md)
    "opt.rook.min_bid": ("Lowest opening bid", "최소 첫 입찰", "最低の開始入札"),
    "opt.rook.bid_step": ("Bid step", "입찰 단위", "入札の刻み"),
    "opt.rook.target": ("Game to", "목표 점수", "目標点"),
    # Rummy (RUMMY.md)
    "opt.rummy.hand_size": ("Cards dealt", "나눠 주는 장수", "配る枚数"),
    "opt.rummy.final_discard": ("Final discard", "마지막 버리기", "最後の捨て札"),
    "val.rummy.final_discard.optional": ("optional", "선택", "任意"),
    "val.rummy.final_discard.required": ("required", "필수", "必須"),
    "opt.rummy.max_reshuffles": ("Reshuffles till void", "무효 전 섞기", "無効までの切り直し"),
    "opt.rummy.max_turns": ("Turns till void", "무효 전 차례 수", "無効までの手番"),
    "opt.rummy.target": ("Game ends at", "게임 종료 점수", "終了点"),
    "opt.rummy.ace": ("Ace in a run", "런의 에이스", "順番のエース"),
    "val.rummy.ace.low_or_high": ("low or high", "낮게 또는 높게", "下でも上でも"),
    "val.rummy.ace.low": ("low only", "낮게만", "下のみ"),
    # Gin Rummy (RUMMY.md)
    "opt.gin.deal": ("Deal", "딜 방식", "配り方"),
    "val.gin.deal.upcard": ("10 and an upcard", "10장과 업카드", "10枚と表札"),
    "val.gin.deal.eleven": ("11 to the non-dealer", "딜러 아닌 쪽에 11장", "子に11枚"),
    "opt.gin.undercut_bonus": ("Undercut bonus", "언더컷 보너스", "アンダーカットボーナス"),
    "opt.gin.gin_bonus": ("Gin bonus", "진 보너스", "ジンボーナス"),
    "opt.gin.wall": ("Stock left at void", "무효 시 남은 더미", "無効時の山札の残り"),
    "opt.gin.max_turns": ("Turns till void", "무효 전 차례 수", "無効までの手番"),
    "opt.gin.target": ("Points to win", "승리 점수", "勝利点"),
    "opt.gin.hand_bonus": ("Bonus per hand won", "이긴 판당 보너스", "勝った回ごとのボーナス"),
    "opt.gin.game_bonus": ("Winner's bonus", "승자 보너스", "勝者ボーナス"),
    "opt.gin.shutout_bonus": ("Shutout bonus", "완봉 보너스", "完封ボーナス"),
    "opt.gin.knock_limit": ("Knock with at most", "노크 한도", "ノックの上限"),
    "val.gin.knock_limit.upcard": ("the upcard", "업카드", "表札"),
    # under the knock limit when it is the upcard's: the variant by its name (G9)
    "note.oklahoma": ("this is Oklahoma Gin", "오클라호마 진입니다", "オクラホマ・ジンです"),
    "opt.gin.spades_double": (
        "Spade upcard doubles",
        "스페이드 업카드 두 배",
        "スペードの表札で倍",
    ),
    # 500 Rum (RUMMY.md F)
    "opt.rum500.hand_size": ("Cards dealt", "나눠 주는 장수", "配る枚数"),
    "opt.rum500.opening": ("First meld worth over", "첫 멜드 최소 점수", "最初の組の最低点"),
    "opt.rum500.target": ("Points to win", "승리 점수", "勝利点"),
    "opt.rum500.max_turns": ("Turns till void", "무효 전 차례 수", "無効までの手番"),
    # Persian Rummy (RUMMY.md P)
    "opt.persian.hand_size": ("Cards dealt", "나눠 주는 장수", "配る枚数"),
    "opt.persian.opening": ("First meld worth over", "첫 멜드 최소 점수", "最初の組の最低点"),
    "opt.persian.target": ("Points to win", "승리 점수", "勝利点"),
    "opt.persian.max_turns": ("Turns till void", "무효 전 차례 수", "無効までの手番"),
    "opt.persian.four_jokers": ("Four jokers' multiplier", "조커 넷의 배수", "ジョーカー4枚の倍率"),
    "opt.persian.out_bonus": ("Going-out bonus", "나기 보너스", "上がりボーナス"),
    "opt.persian.game_bonus": ("Winning side's bonus", "이긴 편 보너스", "勝った側のボーナス"),
    # Manipulation Rummy (RUMMY.md X)
    "opt.manipulation.hand_size": ("Cards dealt", "나눠 주는 장수", "配る枚数"),
    "opt.manipulation.opening": (
        "First play worth at least",
        "첫 플레이 최소 점수",
        "最初の手の最低点",
    ),
    "opt.manipulation.target": ("Game ends at", "게임 종료 점수", "終了点"),
}

add_section("setup.", WORDS)
