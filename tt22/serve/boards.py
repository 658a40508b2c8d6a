"""The lobby's boards: the leaderboard (`l`), a player's own card (`p`) and the daily
deal (`d`).

Everything shown comes from the server's store (tt22/serve/store.py): ratings as the
conservative ordinal (mu - 3 sigma, tt22/serve/ratings.py), matches, places, totals.
No card is ever shown here: the daily board says who finished where with what total,
and a record opens in the replayer only from its own player's card (their own match,
over). Every name is someone's SSH user name, untrusted: it goes through `printable`
(tt22.core.safe) into plain `Text`, never through markup. Whole at 80x24, in ASCII
when the connection asks (the chart's `#`), and without colour when NO_COLOR.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable

from tt22.core.registry import default_level, get_game
from tt22.core.safe import printable
from tt22.core.seeds import daily_seed
from tt22.serve.app import _ServeScreen, _widen, replay_of
from tt22.serve.hub import SERVED_GAMES, Table, TableOptions, TooManyTables
from tt22.tui.bindings import translate_bindings
from tt22.tui.i18n import add_section, t
from tt22.tui.safe_text import plain
from tt22.tui.screens.setup import game_title
from tt22.tui.widgets.keybar import KeyBar
from tt22.tui.widgets.lines import TextLines

__all__ = [
    "DAILY_LEVEL",
    "DailyScreen",
    "LeaderboardScreen",
    "PlayerCardScreen",
    "daily_options",
    "may_watch",
    "today",
]

DAILY_LEVEL = "normal"
"""The bots' level at every daily table (a game without it: its default level)."""

NAME = 20  # characters of a name shown

add_section(
    "serve.",
    {
        "key.game": ("Game", "게임", "ゲーム"),
        "key.sit": ("Sit", "앉기", "着席"),
        "board.title": (
            "Leaderboard: {game} (rating = mu - 3 sigma, the conservative ordinal)",
            "순위표: {game} (레이팅 = mu - 3 sigma, 보수적 추정)",
            "ランキング: {game} (レーティング = mu - 3 sigma, 控えめな推定)",
        ),
        "board.empty": (
            "Nobody is rated at this game yet.",
            "이 게임에는 아직 레이팅이 없습니다.",
            "このゲームのレーティングはまだありません。",
        ),
        "col.rank": ("#", "#", "#"),
        "col.name": ("Name", "이름", "名前"),
        "col.rating": ("Rating", "레이팅", "レート"),
        "col.matches": ("Matches", "경기", "対局"),
        "col.change": ("Last change", "최근 변동", "前回の増減"),
        "col.place": ("Place", "순위", "順位"),
        "col.total": ("Total", "점수", "得点"),
        "col.when": ("When (UTC)", "언제 (UTC)", "日時 (UTC)"),
        "col.you": ("You", "나", "自分"),
        "col.today": ("Finished today", "오늘 완료", "本日完了"),
        "card.title": ("{name}'s card", "{name}의 기록", "{name} の記録"),
        "card.rating": (
            "{game}: rating {rating}, matches {n}, last change {change}",
            "{game}: 레이팅 {rating}, 경기 {n}, 최근 변동 {change}",
            "{game}: レート {rating}、対局 {n}、前回の増減 {change}",
        ),
        "card.unrated": (
            "No rated match yet: finish one in the lobby's tables.",
            "레이팅 경기가 아직 없습니다: 로비의 테이블에서 한 판을 끝내세요.",
            "レーティング対局はまだありません: ロビーの卓で一局終えてください。",
        ),
        "card.chart": (
            "{game}: your rating after each match (W: first place)",
            "{game}: 경기마다의 레이팅 (W: 1위)",
            "{game}: 対局ごとのレート (W: 1位)",
        ),
        "card.recent": (
            "Recent matches (Enter replays one)",
            "최근 경기 (Enter: 다시 보기)",
            "最近の対局 (Enter で再生)",
        ),
        "daily.title": (
            "The daily deals of {day} (UTC): one deal a game, the same for everyone,"
            " against {level} bots",
            "{day} (UTC) 오늘의 딜: 게임마다 모두 같은 딜, {level} 봇과 대결",
            "{day} (UTC) の今日の配牌: ゲームごとに全員同じ配牌、{level} のボットと対戦",
        ),
        "daily.board": (
            "{game}, {day}: who finished where (only a first finish counts)",
            "{game}, {day}: 순위 (처음 끝낸 경기만 인정)",
            "{game}, {day}: 順位 (最初に終えた対局のみ)",
        ),
        "daily.nobody": (
            "Nobody has finished this deal today.",
            "오늘 이 딜을 끝낸 사람이 없습니다.",
            "今日この配牌を終えた人はいません。",
        ),
        "daily.not_yet": ("not yet", "아직", "まだ"),
        "daily.done": (
            "You have finished this deal today: a new sitting is not counted.",
            "오늘 이 딜을 이미 끝냈습니다: 다시 해도 순위에 들지 않습니다.",
            "今日この配牌は終えています: もう一度打っても順位には入りません。",
        ),
        "daily.hidden": (
            "Finish today's {game} deal first: its tables are not watched before.",
            "오늘의 {game} 딜을 먼저 끝내세요: 그 전에는 관전할 수 없습니다.",
            "今日の {game} の配牌を先に終えてください: それまで観戦できません。",
        ),
    },
)


def today() -> str:
    """The UTC date the daily deal is of (docs/seeds.md: `daily`)."""
    return dt.datetime.now(dt.UTC).date().isoformat()


def daily_options(game: str, day: str, *, grace: float = 60.0, pace: float = 0.5) -> TableOptions:
    """The daily table of `game` on `day`: one person and the game's usual number of
    seats, the rest bots of DAILY_LEVEL, the seed `daily` of that UTC date. `grace` and
    `pace` are the server's (`tt22 serve --grace/--pace`), as at any table it opens."""
    g = get_game(game)
    from tt22.core.bots import levels

    level = default_level(levels(game), DAILY_LEVEL)
    seats = ("human",) + (level,) * (g.default_players - 1)
    seed = daily_seed(dt.date.fromisoformat(day))
    return TableOptions(game=game, seats=seats, grace=grace, pace=pace, daily=seed)


def _rating(value: float) -> str:
    return f"{value:.1f}"


def _change(value: float | None) -> str:
    return "-" if value is None else f"{value:+.1f}"


def _name(name: str) -> Text:
    return plain(printable(name, NAME), limit=NAME * 4)


class LeaderboardScreen(_ServeScreen):
    """Per game (tab: the next), the people rated at it, the best first: their rating
    (the ordinal), their rated matches and the last change."""

    DEFAULT_CSS = """
    LeaderboardScreen #board-title { padding: 0 1; }
    LeaderboardScreen #board { height: 1fr; }
    LeaderboardScreen #board-note { padding: 0 1; }
    """
    AUTO_FOCUS = "#board"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "next_game", "serve.key.game", id="board.game", key_display="tab"),
        Binding("q,escape", "back", "serve.key.back", id="board.back"),
    ]

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.game = game or SERVED_GAMES[0]

    def compose(self) -> ComposeResult:
        yield TextLines(id="board-title")
        yield DataTable(id="board", cursor_type="row", zebra_stripes=False)
        yield TextLines(id="board-note")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one("#board", DataTable)
        for key in ("rank", "name", "rating", "matches", "change"):
            table.add_column(t(f"serve.col.{key}"), key=key)
        store = self.sapp.hub.store
        rated = store.rated_games() if store is not None else []
        if self.game not in rated and rated:
            self.game = next((g for g in SERVED_GAMES if g in rated), rated[0])
        self.show()

    def show(self) -> None:
        title = t("serve.board.title", game=game_title(self.game))
        self.query_one("#board-title", TextLines).update(Text(title, style="bold"))
        table = self.query_one("#board", DataTable)
        table.clear()
        store = self.sapp.hub.store
        rows = store.leaderboard(self.game) if store is not None else []
        me = self.sapp.person.name
        for i, row in enumerate(rows, 1):
            cells = (
                str(i),
                _name(row.name).append(" *" if row.name == me else ""),
                _rating(row.ordinal),
                str(row.matches),
                _change(row.change),
            )
            table.add_row(*cells)
            _widen(table, cells)
        note = "" if rows else t("serve.board.empty")
        self.query_one("#board-note", TextLines).update(Text(note))

    def action_next_game(self) -> None:
        games = list(SERVED_GAMES)
        self.game = games[(games.index(self.game) + 1) % len(games)]
        self.show()

    def action_back(self) -> None:
        self.app.pop_screen()


class PlayerCardScreen(_ServeScreen):
    """This person's own card: their rating at each game, a chart of its history at
    one game (tab: the next they are rated at), and their recent matches, each opening
    in the replayer (Enter), as the home Stats screen does."""

    DEFAULT_CSS = """
    PlayerCardScreen #card-title { padding: 0 1; }
    PlayerCardScreen #card-ratings { padding: 0 1; height: auto; max-height: 4; }
    PlayerCardScreen #card-chart { padding: 0 1; height: auto; }
    PlayerCardScreen #card-recent { height: 1fr; }
    PlayerCardScreen #card-note { padding: 0 1; }
    """
    AUTO_FOCUS = "#card-recent"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "replay", "serve.key.replay", id="card.replay"),
        Binding("tab", "next_game", "serve.key.game", id="card.game", key_display="tab"),
        Binding("q,escape", "back", "serve.key.back", id="card.back"),
    ]
    RECENT = 50

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)
        self.games: list[str] = []
        self.game = ""
        self.paths: list[str] = []

    def compose(self) -> ComposeResult:
        yield TextLines(id="card-title")
        yield TextLines(id="card-ratings")
        yield TextLines(id="card-chart")
        yield DataTable(id="card-recent", cursor_type="row", zebra_stripes=False)
        yield TextLines(id="card-note")
        yield KeyBar()

    def on_mount(self) -> None:
        me = self.sapp.person.name
        title = t("serve.card.title", name=printable(me, NAME))
        self.query_one("#card-title", TextLines).update(Text(title, style="bold"))
        store = self.sapp.hub.store
        ratings = store.ratings_of(me) if store is not None else {}
        self.games = [g for g in SERVED_GAMES if g in ratings] + [
            g for g in ratings if g not in SERVED_GAMES
        ]
        lines = [
            t(
                "serve.card.rating",
                game=_title(game),
                rating=_rating(ratings[game].ordinal),
                n=ratings[game].matches,
                change=_change(ratings[game].change),
            )
            for game in self.games
        ] or [t("serve.card.unrated")]
        self.query_one("#card-ratings", TextLines).update(Text("\n".join(lines)))
        self.game = self.games[0] if self.games else ""
        self.draw_chart()
        table = self.query_one("#card-recent", DataTable)
        for key in ("when", "game", "place", "change"):
            table.add_column(t(f"serve.col.{key}"), key=key)
        past = store.past_matches(me, self.RECENT) if store is not None else []
        for m in past:
            when = dt.datetime.fromtimestamp(m.finished, dt.UTC).strftime("%Y-%m-%d %H:%M")
            place = "-" if m.place is None else f"{m.place}/{m.seats}"
            cells = (when, _title(m.game), place, _change(m.change))
            table.add_row(*cells)
            _widen(table, cells)
            self.paths.append(m.path)
        if not past:
            self.query_one("#card-note", TextLines).update(Text(t("serve.past.empty")))

    def draw_chart(self) -> None:
        from tt22.history import chart_lines

        store = self.sapp.hub.store
        if not self.game or store is None:
            self.query_one("#card-chart", TextLines).update(Text(""))
            return
        points = store.rating_history(self.sapp.person.name, self.game)[-30:]
        lines = chart_lines(
            [round(o) for o, _ in points],
            [place == 1 for _, place in points],
            height=3,
            ascii_style=self.sapp.ascii_cards,
        )
        heading = t("serve.card.chart", game=_title(self.game))
        self.query_one("#card-chart", TextLines).update(Text("\n".join([heading, *lines])))

    def action_next_game(self) -> None:
        if self.games:
            self.game = self.games[(self.games.index(self.game) + 1) % len(self.games)]
            self.draw_chart()

    def action_replay(self) -> None:
        table = self.query_one("#card-recent", DataTable)
        if not self.paths or table.cursor_row >= len(self.paths):
            return
        screen = replay_of(Path(self.paths[table.cursor_row]))
        if isinstance(screen, str):
            self.query_one("#card-note", TextLines).update(
                plain(t("serve.past.bad", reason=screen), limit=200)
            )
            return
        self.app.push_screen(screen)

    @on(DataTable.RowSelected)
    def _chosen(self) -> None:
        self.action_replay()

    def action_back(self) -> None:
        self.app.pop_screen()


class DailyScreen(_ServeScreen):
    """Today's daily deal of every game: whether this person has finished it and how
    many have; below, the highlighted game's daily board (place, then total, duplicate
    style: everyone played the same deal). Enter sits at that game's daily table."""

    DEFAULT_CSS = """
    DailyScreen #daily-title { padding: 0 1; }
    DailyScreen #daily-games { height: auto; max-height: 9; }
    DailyScreen #daily-board-title { padding: 0 1; }
    DailyScreen #daily-board { height: 1fr; }
    DailyScreen #daily-note { padding: 0 1; }
    """
    AUTO_FOCUS = "#daily-games"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "sit", "serve.key.sit", id="daily.sit"),
        Binding("q,escape", "back", "serve.key.back", id="daily.back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)
        self.day = today()

    def compose(self) -> ComposeResult:
        yield TextLines(id="daily-title")
        yield DataTable(id="daily-games", cursor_type="row", zebra_stripes=False)
        yield TextLines(id="daily-board-title")
        yield DataTable(id="daily-board", cursor_type="row", zebra_stripes=False)
        yield TextLines(id="daily-note")
        yield KeyBar()

    def on_mount(self) -> None:
        from tt22.tui.i18n import level_name

        title = t("serve.daily.title", day=self.day, level=level_name(DAILY_LEVEL))
        self.query_one("#daily-title", TextLines).update(Text(title, style="bold"))
        games = self.query_one("#daily-games", DataTable)
        for key in ("game", "you", "today"):
            games.add_column(t(f"serve.col.{key}"), key=key)
        board = self.query_one("#daily-board", DataTable)
        for key in ("rank", "name", "place", "total"):
            board.add_column(t(f"serve.col.{key}"), key=key)
        self.show_games()

    def on_screen_resume(self) -> None:
        self.show_games()

    def show_games(self) -> None:
        store = self.sapp.hub.store
        me = self.sapp.person.name
        games = self.query_one("#daily-games", DataTable)
        cursor = games.cursor_row
        games.clear()
        for game in SERVED_GAMES:
            rows = store.daily_board(self.day, game) if store is not None else []
            mine = next((r for r in rows if r.name == me), None)
            you = t("serve.daily.not_yet") if mine is None else f"{mine.place} ({mine.total})"
            cells = (game_title(game), you, str(len(rows)))
            games.add_row(*cells)
            _widen(games, cells)
        games.move_cursor(row=min(cursor, len(SERVED_GAMES) - 1))
        self.show_board()

    @on(DataTable.RowHighlighted, "#daily-games")
    def _highlighted(self) -> None:
        self.show_board()

    @property
    def game(self) -> str:
        row = self.query_one("#daily-games", DataTable).cursor_row
        return SERVED_GAMES[max(0, min(row, len(SERVED_GAMES) - 1))]

    def show_board(self) -> None:
        game = self.game
        store = self.sapp.hub.store
        rows = store.daily_board(self.day, game) if store is not None else []
        lower = bool(get_game(game).lower_is_better)
        rows.sort(key=lambda r: (r.place, r.total if lower else -r.total, r.finished))
        heading = t("serve.daily.board", game=game_title(game), day=self.day)
        self.query_one("#daily-board-title", TextLines).update(Text(heading, style="bold"))
        board = self.query_one("#daily-board", DataTable)
        board.clear()
        for i, r in enumerate(rows, 1):
            cells = (str(i), _name(r.name), str(r.place), str(r.total))
            board.add_row(*cells)
            _widen(board, cells)
        me = self.sapp.person.name
        done = store is not None and store.daily_done(me, self.day, game)
        note = t("serve.daily.done") if done else "" if rows else t("serve.daily.nobody")
        self.query_one("#daily-note", TextLines).update(Text(note))

    @on(DataTable.RowSelected, "#daily-games")
    def _chosen(self) -> None:
        self.action_sit()

    def action_sit(self) -> None:
        from tt22.serve.app import room_text, seat_screen

        person, hub = self.sapp.person, self.sapp.hub
        options = daily_options(self.game, self.day, grace=hub.grace, pace=hub.pace)
        try:
            table: Table = hub.create(options, person.fingerprint, person.name)
        except TooManyTables as e:
            self.query_one("#daily-note", TextLines).update(Text(room_text(e)))
            return
        seat = table.seat_of(person.fingerprint)
        if seat is not None:
            self.app.push_screen(seat_screen(table, seat, person.fingerprint))

    def action_back(self) -> None:
        self.app.pop_screen()


def _title(game: str) -> str:
    return game_title(game) if game in SERVED_GAMES else printable(game, 20)


def may_watch(store: Any, table: Table, name: str) -> bool:
    """Whether `name` may watch `table`: any table, but a daily deal's only once they
    have finished that deal themselves (its cards are today's for everyone)."""
    if not table.options.daily:
        return True
    day = table.options.daily.removeprefix("daily-")
    return store is not None and bool(store.daily_done(name, day, table.options.game))
