"""The Stats screen's words in English, Korean and Japanese (the catalogue's `stats.`)."""

from __future__ import annotations

from tt22.tui.i18n import add_section, t

__all__ = ["SECTION", "st"]

SECTION = "stats."

add_section(
    SECTION,
    {
        "title": ("Your stats", "내 전적", "成績"),
        "count": ("{n} matches", "{n}판", "{n}試合"),
        "count1": ("1 match", "1판", "1試合"),
        "loading": ("Reading the records…", "기록을 읽는 중…", "記録を読み込み中…"),
        "empty": (
            "No finished matches of yours yet: play one and it shows here.",
            "아직 끝난 게임이 없습니다. 한 판 끝내면 여기에 나옵니다.",
            "終わった試合はまだありません。一試合終えるとここに出ます。",
        ),
        "skipped": ("{n} unreadable", "읽을 수 없는 기록 {n}개", "読めない記録 {n}件"),
        "failed": (
            "The history cannot be read: {reason}",
            "전적을 읽을 수 없습니다: {reason}",
            "成績を読めません: {reason}",
        ),
        "col.game": ("Game", "게임", "ゲーム"),
        "col.played": ("Played", "판", "試合"),
        "col.won": ("Won", "승", "勝ち"),
        "col.places": ("Places 1-2-3-4+", "순위 1-2-3-4+", "順位 1-2-3-4+"),
        "col.average": ("Avg", "평균", "平均"),
        "col.best": ("Best", "최고", "最高"),
        "col.streak": ("Streak", "연속", "連続"),
        "col.time": ("Time", "시간", "時間"),
        "col.date": ("Date", "날짜", "日付"),
        "col.place": ("Place", "순위", "順位"),
        "col.total": ("Total", "합계", "合計"),
        "col.against": ("Against", "상대", "相手"),
        "streak.won": ("{n} won", "{n}연승", "{n}連勝"),
        "streak.lost": ("{n} lost", "{n}연패", "{n}連敗"),
        "unit.penalty": ("penalty points", "벌점", "ペナルティ"),
        "unit.points": ("points", "점수", "点数"),
        "lower": ("lower is better", "낮을수록 좋음", "低いほど良い"),
        "higher": ("higher is better", "높을수록 좋음", "高いほど良い"),
        "chart": (
            "{game} · the last {n} · {unit}, {better} · W won",
            "{game} · 최근 {n}판 · {unit}, {better} · W 승",
            "{game} · 直近{n}試合 · {unit}、{better} · W 勝ち",
        ),
        "bots": (
            "Bots beaten: {beaten} · lost to: {lost}",
            "이긴 봇: {beaten} · 진 봇: {lost}",
            "勝ったボット: {beaten} · 負けたボット: {lost}",
        ),
        "none": ("none", "없음", "なし"),
        "place": ("{place} of {n}", "{n}명 중 {place}위", "{n}人中{place}位"),
        "daily": ("Daily: {days}", "데일리: {days}", "デイリー: {days}"),
        "daily.none": (
            "no daily deal in the last 7 days (seed: daily)",
            "최근 7일 동안 데일리 없음 (시드: daily)",
            "直近7日間のデイリーなし (シード: daily)",
        ),
        "daily.mark": ("daily", "데일리", "デイリー"),
        "share": ("To paste: {line}", "붙여넣기: {line}", "貼り付け用: {line}"),
        "share_line": (
            "tt22 {game} daily {date}: place {place} of {players}, {total} {unit}",
            "tt22 {game} 데일리 {date}: {players}명 중 {place}위, {unit} {total}",
            "tt22 {game} デイリー {date}: {players}人中{place}位、{unit} {total}",
        ),
        "copied": ("Copied: {line}", "복사했습니다: {line}", "コピーしました: {line}"),
        "no_share": (
            "No daily deal today yet: play one (seed daily).",
            "오늘 데일리를 아직 하지 않았습니다 (시드 daily).",
            "今日のデイリーはまだです (シード daily)。",
        ),
        "bad": ("Cannot open it: {reason}", "열 수 없습니다: {reason}", "開けません: {reason}"),
        "key.open": ("Replay", "다시 보기", "再生"),
        "key.copy": ("Copy result", "결과 복사", "結果をコピー"),
        "key.switch": ("Games/matches", "게임/판", "ゲーム/試合"),
    },
)


def st(key: str, **values: object) -> str:
    """A word of the Stats screen in the current language."""
    return t(SECTION + key, **values)
