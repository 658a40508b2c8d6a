"""The replayer's words in English, Korean and Japanese.

The words live here and are added to the one catalogue (`tt22.tui.i18n.CATALOGUE`)
under the prefix "replay.", so one lookup and one language setting serve both.
"""

from __future__ import annotations

from collections.abc import Mapping

from tt22.tui.i18n import add_section, t

__all__ = ["SECTION", "WORDS", "rt"]

SECTION = "replay."
"""The catalogue section of these words (`tt22.tui.bindings.translate_bindings` takes it)."""


WORDS: Mapping[str, tuple[str, str, str]] = {
    "title": ("Replay", "다시 보기", "リプレイ"),
    # bindings
    "key.prev": ("Back", "이전 수", "前の手"),
    "key.next": ("Forward", "다음 수", "次の手"),
    "key.prev_trick": ("Trick back", "이전 트릭", "前のトリック"),
    "key.next_trick": ("Trick on", "다음 트릭", "次のトリック"),
    "key.prev_deal": ("Deal back", "이전 딜", "前のディール"),
    "key.next_deal": ("Deal on", "다음 딜", "次のディール"),
    "key.start": ("Start", "처음", "最初"),
    "key.end": ("End", "끝", "最後"),
    "key.goto": ("Go to", "이동", "移動"),
    "key.auto": ("Autoplay", "자동 재생", "自動再生"),
    "key.faster": ("Faster", "빠르게", "速く"),
    "key.slower": ("Slower", "느리게", "遅く"),
    "key.realtime": ("Real time", "실제 시간", "実時間"),
    "key.view": ("View", "시점", "視点"),
    "key.comment": ("Comment", "메모", "コメント"),
    "key.save": ("Save", "저장", "保存"),
    "key.fork": ("Play from here", "여기서 두기", "ここから対局"),
    "key.moves": ("Move list", "수 목록", "手順一覧"),
    "key.scroll_down": ("Scroll the table down", "테이블 아래로", "卓を下へ"),
    "key.scroll_up": ("Scroll the table up", "테이블 위로", "卓を上へ"),
    "key.back": ("Back", "뒤로", "戻る"),
    # the footer: short words, so the keys a replay needs fit in 80 columns
    "foot.move": ("Move", "수", "手"),
    "foot.trick": ("Trick", "트릭", "トリック"),
    "foot.deal": ("Deal", "딜", "ディール"),
    "foot.page": ("Page", "페이지", "ページ"),
    "foot.goto": ("Go to", "이동", "移動"),
    "foot.auto": ("Auto", "자동", "自動"),
    "foot.view": ("View", "시점", "視点"),
    "foot.fork": ("Play here", "여기서 두기", "ここから対局"),
    # help texts for the palette
    "help.prev": ("One move back", "한 수 뒤로", "一手戻る"),
    "help.next": ("One move forward", "한 수 앞으로", "一手進む"),
    "help.prev_trick": (
        "To the start of this or the previous trick",
        "이번 또는 이전 트릭의 처음으로",
        "このトリックか前のトリックの最初へ",
    ),
    "help.next_trick": (
        "To the start of the next trick",
        "다음 트릭의 처음으로",
        "次のトリックの最初へ",
    ),
    "help.prev_deal": (
        "To the start of this or the previous deal",
        "이번 또는 이전 딜의 처음으로",
        "このディールか前のディールの最初へ",
    ),
    "help.next_deal": (
        "To the start of the next deal",
        "다음 딜의 처음으로",
        "次のディールの最初へ",
    ),
    "help.start": ("To the first deal as dealt", "첫 딜로", "最初のディールへ"),
    "help.end": ("To the end of the record", "기록의 끝으로", "記録の最後へ"),
    "help.goto": (
        "Jump to deal.trick.move or #move",
        "딜.트릭.수 또는 #수로 이동",
        "ディール.トリック.手 または #手 へ移動",
    ),
    "help.auto": ("Start or stop autoplay", "자동 재생 시작/정지", "自動再生の開始/停止"),
    "help.faster": ("Autoplay faster", "자동 재생 빠르게", "自動再生を速く"),
    "help.slower": ("Autoplay slower", "자동 재생 느리게", "自動再生を遅く"),
    "help.realtime": (
        "Autoplay at the recorded thinking times",
        "기록된 생각 시간대로 자동 재생",
        "記録された思考時間で自動再生",
    ),
    "help.view": (
        "All hands open, or one seat's view, seat by seat",
        "모든 패 공개 또는 한 자리의 시점",
        "全員の手札、または一席の視点",
    ),
    "help.comment": (
        "Add or edit the comment on this move",
        "이 수의 메모 추가/편집",
        "この手のコメントを追加/編集",
    ),
    "help.save": (
        "Save the comments (a copy or in place)",
        "메모 저장 (사본 또는 덮어쓰기)",
        "コメントを保存(コピーか上書き)",
    ),
    "help.fork": (
        "Take a seat here and play on against bots",
        "여기서 자리를 골라 봇과 계속 두기",
        "ここから席を選んでボットと対局",
    ),
    "help.scroll": (
        "j/k scroll the seats and the hands when they do not fit",
        "j/k 좌석과 손패가 화면보다 길 때 스크롤",
        "j/k 席と手札が収まらないときにスクロール",
    ),
    "help.moves": (
        "Keys to the move list (↑↓ one move, PgUp/PgDn a page); again or Esc gives them back",
        "키를 수 목록으로 (↑↓ 한 수, PgUp/PgDn 한 페이지); 다시 누르거나 Esc로 돌아옴",
        "キーを手順一覧へ (↑↓ 一手, PgUp/PgDn 1ページ); もう一度か Esc で戻る",
    ),
    "help.back": ("Leave the replay", "다시 보기 끝내기", "リプレイを終了"),
    # position line and panes
    "pos.line": (
        "Deal {d}/{D} · {trick} · move {m}/{M}",
        "{d}/{D}번째 딜 · {trick} · {m}/{M}수",
        "第{d}/{D}ディール · {trick} · {m}/{M}手",
    ),
    "pos.exchange": ("exchange", "교환", "交換"),
    "pos.trick": ("trick {t}/{T}", "트릭 {t}/{T}", "トリック {t}/{T}"),
    "pos.over": ("match over", "경기 종료", "試合終了"),
    "view.open": ("all hands open", "모든 패 공개", "全員の手札"),
    "view.seat": ("{name}'s view", "{name} 시점", "{name}の視点"),
    "view.seat.you": ("your view", "내 시점", "あなたの視点"),
    "auto.on": ("autoplay {speed}s", "자동 {speed}초", "自動 {speed}秒"),
    "auto.real": ("autoplay real time", "자동 실제 시간", "自動 実時間"),
    "moves.title": ("Moves", "수 목록", "手順"),
    "moves.start": ("(start)", "(시작)", "(開始)"),
    "moves.keys": ("↑↓ PgUp PgDn · Esc", "↑↓ PgUp PgDn · Esc", "↑↓ PgUp PgDn · Esc"),
    "moves.keeps": ("keeps", "유지", "そのまま"),
    "moves.asked": ("keeps (asked {n})", "유지 ({n}장 요청)", "そのまま({n}枚希望)"),
    "moves.discards": ("discards {cards}", "버림 {cards}", "捨て {cards}"),
    "moves.discards_n": ("discards {n}", "{n}장 버림", "{n}枚捨て"),
    # the same said of a seat called "You" (tt22.tui.i18n.said)
    "moves.keeps.you": ("keep", "유지", "そのまま"),
    "moves.asked.you": ("keep (asked {n})", "유지 ({n}장 요청)", "そのまま({n}枚希望)"),
    "moves.discards.you": ("discard {cards}", "버림 {cards}", "捨て {cards}"),
    "moves.discards_n.you": ("discard {n}", "{n}장 버림", "{n}枚捨て"),
    "chart.title": ("Penalty totals", "벌점 합계", "ペナルティ合計"),
    "chart.none": ("no deal finished yet", "끝난 딜 없음", "終わったディールなし"),
    "chart.deal": ("deal", "딜", "ディール"),
    "chart.legend": (
        "+ lost that deal  ! out ({limit}+)",
        "+ 그 딜에서 짐  ! 탈락 ({limit}+)",
        "+ そのディールで負け  ! 脱落({limit}+)",
    ),
    "hands.title": ("Hands", "패", "手札"),
    "hands.down": ("{n} face down", "{n}장 뒷면", "{n}枚 伏せ"),
    "hands.discard": ("discarded {cards}", "버림 {cards}", "捨て {cards}"),
    "hands.last_trick": (
        "Last trick, won by {name}: {cards}",
        "지난 트릭 ({name} 승): {cards}",
        "前のトリック({name}の勝ち): {cards}",
    ),
    "hands.unfinished": (
        "The record ends here: the match was not finished.",
        "기록은 여기서 끝납니다: 끝나지 않은 경기입니다.",
        "記録はここまでです: 試合は終わっていません。",
    ),
    "pos.dealer": ("dealer: {name}", "딜러: {name}", "親: {name}"),
    "pos.unfinished": ("unfinished", "미완료", "未完了"),
    "moves.unfinished": ("(end: match unfinished)", "(끝: 미완료 경기)", "(終わり: 未完了の試合)"),
    "hands.showdown": (
        "Deal {n} showdown: {cards}; {names} +{penalty}",
        "{n}번째 딜 쇼다운: {cards}; {names} +{penalty}",
        "第{n}ディール ショーダウン: {cards}; {names} +{penalty}",
    ),
    "comment.title": (
        "Comment on move {n}, the last move made here: {move}",
        "{n}번째 수(여기서 마지막으로 둔 수)에 메모: {move}",
        "{n}手目(ここで最後に指された手)へのコメント: {move}",
    ),
    "comment.on": (
        "Comment on move {n} ({move}):",
        "{n}번째 수 ({move})의 메모:",
        "{n}手目 ({move}) へのコメント:",
    ),
    "pos.winner": ("won by {names}", "우승: {names}", "勝者: {names}"),
    "comment.hint": ("empty removes the comment", "비우면 메모 삭제", "空欄でコメント削除"),
    "comment.ok": ("Keep", "확인", "確定"),
    "comment.cancel": ("Cancel", "취소", "キャンセル"),
    "comment.hidden": (
        "This seat's view hides the comment on that move; v to the open view to edit it.",
        "이 좌석의 시점에서는 그 수의 메모가 숨겨집니다. v로 전체 보기에서 편집하세요.",
        "この席の視点ではその手のコメントは隠れています。v で全体表示にして編集してください。",
    ),
    "comment.no_move": (
        "Step to a move first: the start has no move to comment on.",
        "먼저 수로 이동하세요: 시작에는 메모할 수가 없습니다.",
        "まず手に移動してください: 開始位置にはコメントできません。",
    ),
    "save.title": ("Save the comments", "메모 저장", "コメントを保存"),
    "save.copy": ("Save a copy", "사본으로 저장", "コピーを保存"),
    "save.in_place": ("Overwrite {name}", "{name} 덮어쓰기", "{name}を上書き"),
    "save.cancel": ("Cancel", "취소", "キャンセル"),
    "save.discard": ("Leave without saving", "저장하지 않고 나가기", "保存せずに終了"),
    "save.unsaved": (
        "Comments not saved.",
        "메모가 저장되지 않았습니다.",
        "コメントは保存されていません。",
    ),
    "save.done": ("Saved: {path}", "저장함: {path}", "保存しました: {path}"),
    "save.failed": ("Could not save: {reason}", "저장 실패: {reason}", "保存できません: {reason}"),
    "save.nothing": (
        "No changed comments to save.",
        "저장할 변경이 없습니다.",
        "保存する変更はありません。",
    ),
    "save.broken": (
        "This record does not verify; it cannot be saved.",
        "검증되지 않는 기록이라 저장할 수 없습니다.",
        "検証できない記録なので保存できません。",
    ),
    "goto.title": (
        "Go to: 3 (deal), 3.2 (trick, 0 = exchange), 3.2.1 (move) or #57",
        "이동: 3 (딜), 3.2 (트릭, 0 = 교환), 3.2.1 (수), #57",
        "移動: 3 (ディール)、3.2 (トリック、0 = 交換)、3.2.1 (手)、#57",
    ),
    "goto.bad": (
        "Cannot go there: {reason}",
        "이동할 수 없음: {reason}",
        "移動できません: {reason}",
    ),
    "fork.title": (
        "Play from here: which seat do you take?",
        "여기서 두기: 어느 자리를 맡을까요?",
        "ここから対局: どの席に座りますか?",
    ),
    "fork.bots": (
        "Bots play every other seat.",
        "나머지 자리는 봇이 둡니다.",
        "他の席はボットが打ちます。",
    ),
    "fork.seat": ("{name} (seat {n})", "{name} ({n}번 자리)", "{name} ({n}番席)"),  # from 0
    "fork.over": (
        "The match is over here: step back to play on.",
        "여기서는 경기가 끝났습니다: 뒤로 이동하세요.",
        "ここで試合は終わっています: 戻ってください。",
    ),
    "fork.out": ("out", "탈락", "脱落"),
    "fork.replaces": (
        "The match in progress (seed {seed}) is kept with your records; Replay lists it.",
        "진행 중인 경기(시드 {seed})는 기록에 보관됩니다. 다시 보기 목록에 있습니다.",
        "進行中の試合(シード {seed})は記録に保存され、リプレイの一覧に出ます。",
    ),
    "fork.no_source": (
        "Play from here needs a record file.",
        "여기서 두기에는 기록 파일이 필요합니다.",
        "ここから対局には記録ファイルが必要です。",
    ),
    "realtime.on": (
        "Autoplay will follow the recorded thinking times: Space starts it.",
        "자동 재생이 기록된 생각 시간을 따릅니다: 스페이스로 시작합니다.",
        "自動再生は記録された思考時間に従います: スペースで開始します。",
    ),
    "realtime.off": (
        "Autoplay will go at a fixed speed (+/- change it): Space starts it.",
        "자동 재생이 일정한 속도로 진행됩니다 (+/-로 조절): 스페이스로 시작합니다.",
        "自動再生は一定の速さで進みます(+/- で調整): スペースで開始します。",
    ),
    "banner.broken": ("{why}", "{why}", "{why}"),
    # picker
    "pick.title": ("Replay a record", "기록 다시 보기", "記録を再生"),
    "pick.record": ("Record", "기록", "記録"),
    "pick.detail": (
        "{n} players: {names}",
        "플레이어 {n}명: {names}",
        "プレイヤー{n}人: {names}",
    ),
    "pick.players": ("Players", "플레이어", "プレイヤー"),
    "pick.result": ("Result", "결과", "結果"),
    "pick.seed": ("Seed", "시드", "シード"),
    "pick.path": (
        "Or a path to a .22rec file, then Enter",
        "또는 .22rec 파일 경로 입력 후 Enter",
        "または .22rec ファイルのパスを入力して Enter",
    ),
    "pick.empty": (
        "No records yet in {dir}",
        "{dir}에 기록이 없습니다",
        "{dir} に記録はまだありません",
    ),
    "pick.unfinished": ("unfinished, deal {n}", "미완료, {n}번째 딜", "未完了、第{n}ディール"),
    "pick.no_replayer": (
        "tt22 has no replayer for the game of this record ({game})",
        "이 기록의 게임({game})을 다시 볼 수 없습니다",
        "この記録のゲーム({game})は再生できません",
    ),
    "pick.won": ("{names} won", "{names} 승리", "{names}の勝ち"),
    "pick.no_winner": ("no winner", "우승자 없음", "勝者なし"),
    "pick.unreadable": ("unreadable", "읽을 수 없음", "読めません"),
    "pick.bad": ("Cannot open: {reason}", "열 수 없음: {reason}", "開けません: {reason}"),
    "pick.open": ("Open", "열기", "開く"),
    "pick.sample": ("sample {name}", "예제 {name}", "サンプル {name}"),
    "pick.samples": (
        "then {n} sample records",
        "이어서 예제 기록 {n}개",
        "続いてサンプル記録 {n}件",
    ),
    "pick.count": ("{n} records, newest first", "기록 {n}개, 최신순", "記録 {n}件、新しい順"),
}


add_section(SECTION, WORDS)


def rt(key: str, **values: object) -> str:
    """The replayer's text for `key` (catalogue key "replay." + key), filled in."""
    return t(SECTION + key, **values)
