"""The app one SSH connection sees: the lobby and the seat's screen.

`ServeApp` is tt22's app (same styles, keys, help, too-small screen) opened on the
lobby instead of the home screen, drawing through a channel (`driver.ChannelDriver`)
with a console made from the client's TERM, so colour depth is the client's.

The seat's screen reuses the table's widgets (seats, trick, hand) fed from `SeatNews`,
the message a table sends each seat: the seat's own view and public facts, decoded from
bytes. It never holds the state, so nothing it could draw shows what the seat may not
see. Local play's `TableScreen` drives a whole `State` (hot seat, undo, the log folded
from the seed), which a served seat must not have; the served screen is the smaller
thing that needs only a view.
"""

from __future__ import annotations

import contextvars
from collections.abc import Awaitable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.driver import Driver
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Input, Label, RichLog

from tt22.core.cards import card_text, show_ranks
from tt22.core.registry import DEFAULT_LEVEL, entry, get_game
from tt22.core.safe import printable
from tt22.games.twentytwo import Exchange, Play, playable_cards, why_forced, why_refused
from tt22.serve.hub import (
    MAX_OPEN_PER_KEY,
    SERVED_GAMES,
    Hub,
    SeatNews,
    Table,
    TableOptions,
    TooManyTables,
    decode_news,
    view_of,
)
from tt22.serve.render.display import ClosedScreensFreed, ShadowDisplay
from tt22.serve.render.driver import ChannelDriver
from tt22.serve.render.heap import styles_caches_let_go
from tt22.serve.tables import SummaryAside, drawn_after
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.bindings import translate_bindings
from tt22.tui.games.twentytwo.seatlog import SeatLog
from tt22.tui.games.twentytwo.table import hint_cards, hint_note
from tt22.tui.i18n import (
    add_section,
    detect_language,
    level_name,
    own_language,
    t,
)
from tt22.tui.reasons import reason_words
from tt22.tui.safe_text import plain
from tt22.tui.screens.setup import game_levels, game_title
from tt22.tui.widgets.cards import own_no_colour
from tt22.tui.widgets.hand import HandView
from tt22.tui.widgets.keybar import KeyBar
from tt22.tui.widgets.lines import TextLines
from tt22.tui.widgets.seats import SeatsTable
from tt22.tui.widgets.snapshot import from_view
from tt22.tui.widgets.trick import TrickView
from tt22.tui.wire import lean_driver

__all__ = ["LobbyScreen", "Person", "SeatScreen", "ServeApp", "make_app", "seat_screen"]

add_section(
    "serve.",
    {
        "lobby.title": (
            "tt22 lobby: signed in as {name}",
            "tt22 로비: {name}(으)로 접속",
            "tt22 ロビー: {name} として接続",
        ),
        "lobby.empty": (
            "No tables yet: press n to open one.",
            "테이블이 없습니다: n 키로 여세요.",
            "テーブルはまだありません: n で開きます。",
        ),
        "col.code": ("Code", "코드", "コード"),
        "col.game": ("Game", "게임", "ゲーム"),
        "col.seats": ("Seats", "자리", "席"),
        "col.who": ("Who is there", "참가자", "参加者"),
        "col.status": ("Status", "상태", "状態"),
        "status.waiting": ("waiting", "대기 중", "待機中"),
        "status.playing": ("playing", "진행 중", "対局中"),
        "status.over": ("over", "종료", "終了"),
        "status.yours": ("your seat", "내 자리", "自分の席"),
        "key.new": ("New table", "새 테이블", "新規"),
        "key.join": ("Join", "참가", "参加"),
        "key.watch": ("Watch", "관전", "観戦"),
        "key.code": ("Code", "코드", "コード"),
        "key.quit": ("Quit", "종료", "終了"),
        "key.chat": ("Chat", "채팅", "チャット"),
        "key.leave": ("Lobby", "로비", "戻る"),  # "ロビー" does not fit the footer at 80
        "key.rematch": ("Rematch", "재대결", "再戦"),
        "key.past": ("My matches", "내 경기", "対局記録"),
        "key.board": ("Ratings", "순위", "順位"),
        "key.card": ("Me", "나", "自分"),
        "key.daily": ("Daily", "오늘", "今日"),
        "key.replay": ("Replay", "다시 보기", "再生"),
        "key.back": ("Back", "뒤로", "戻る"),
        "past.title": (
            "Your finished matches on this server (Enter replays one)",
            "이 서버에서 끝낸 내 경기 (Enter: 다시 보기)",
            "このサーバーで終えた対局 (Enter で再生)",
        ),
        "past.empty": (
            "No finished match yet.",
            "끝낸 경기가 아직 없습니다.",
            "終えた対局はまだありません。",
        ),
        "past.bad": (
            "That record cannot be opened: {reason}",
            "그 기록을 열 수 없습니다: {reason}",
            "その記録は開けません: {reason}",
        ),
        "past.no_replayer": (
            "the replayer cannot show this game yet",
            "이 게임은 아직 다시 볼 수 없습니다",
            "このゲームはまだ再生できません",
        ),
        "col.players": ("Players", "참가자", "参加者"),
        "code.prompt": (
            "Table code, then Enter",
            "테이블 코드 입력 후 Enter",
            "コードを入力して Enter",
        ),
        "code.unknown": (
            "No table {code}.",
            "{code} 테이블이 없습니다.",
            "テーブル {code} はありません。",
        ),
        "join.full": ("That table is full.", "그 테이블은 찼습니다.", "そのテーブルは満席です。"),
        "room.mine": (
            "You sit at {n} tables already: finish one (or leave a waiting one) first.",
            "이미 테이블 {n}곳에 앉아 있습니다: 먼저 하나를 끝내세요 (기다리는 테이블은 떠나세요).",
            "すでに {n} 卓に着いています: まず一つを終えてください (待機中の卓は離れてください)。",
        ),
        "room.server": (
            "The server has as many tables as it can hold: join one, or try again later.",
            "서버의 테이블이 가득 찼습니다: 다른 테이블에 참가하거나 나중에 다시 하세요.",
            "サーバーの卓が満杯です: 他の卓に参加するか、後でもう一度どうぞ。",
        ),
        "new.title": ("A new table", "새 테이블", "新しいテーブル"),
        "new.game": ("Game", "게임", "ゲーム"),
        "new.players": ("Players", "인원", "人数"),
        "new.humans": ("People (the rest are bots)", "사람 (나머지는 봇)", "人間 (残りはボット)"),
        "new.level": ("Bot level", "봇 수준", "ボットの強さ"),
        "new.clock": ("Move clock", "수당 제한 시간", "持ち時間"),
        "new.no_clock": ("none", "없음", "なし"),
        "new.rules": ("Rules (name=value ...)", "규칙 (이름=값 ...)", "ルール (名前=値 ...)"),
        "new.open": ("Open", "열기", "開く"),
        "new.cancel": ("Cancel", "취소", "キャンセル"),
        "seat.waiting": (
            "Table {code}: waiting for {n} more. Give friends the code {code}.",
            "테이블 {code}: {n}명 더 기다리는 중. 친구에게 코드 {code}를 알려 주세요.",
            "テーブル {code}: あと {n} 人待ち。友だちにコード {code} を伝えてください。",
        ),
        "seat.away": ("Away: {names}", "자리 비움: {names}", "不在: {names}"),
        "seat.standin": (
            "A bot plays for: {names}",
            "봇이 대신 둠: {names}",
            "ボットが代打ち: {names}",
        ),
        "seat.clock": ("{s:.0f} s left", "{s:.0f}초 남음", "残り {s:.0f} 秒"),
        "seat.watching": (
            "You are watching table {code}.",
            "{code} 테이블 관전 중",
            "テーブル {code} を観戦中",
        ),
        "seat.over": (
            "Match over. Winner: {names}.",
            "경기 종료. 승자: {names}.",
            "試合終了。勝者: {names}。",
        ),
        "seat.seed": (
            "Seed {seed} ({commitment} was published at the start).",
            "시드 {seed} (시작 때 공개한 {commitment}).",
            "シード {seed} (開始時に公開した {commitment})。",
        ),
        "seat.record": ("Record: {path}", "기록: {path}", "記録: {path}"),
        "seat.rematch": (
            "Press r for the rematch (table {code}).",
            "r 키: 재대결 (테이블 {code}).",
            "r で再戦 (テーブル {code})。",
        ),
        "seat.deal": (
            "Deal {n}: {losers} take {penalty}.",
            "{n}번째 딜: {losers} 벌점 {penalty}.",
            "第{n}ディール: {losers} が {penalty} 点。",
        ),
        "seat.forced": ("Your move: {why}", "내 차례: {why}", "あなたの番: {why}"),
        "seat.deal_closed": (
            "(s: the scores after each deal)",
            "(s: 딜별 점수)",
            "(s: ディールごとの得点)",
        ),
        "chat.prompt": (
            "Say something, then Enter",
            "메시지 입력 후 Enter",
            "メッセージを入力して Enter",
        ),
    },
)


@dataclass
class Person:
    """Who is at this connection: the SSH user name and the key that proved it."""

    name: str
    fingerprint: str
    term: str = "xterm-256color"
    env: dict[str, str] = field(default_factory=dict)


class _NullFile:
    def write(self, text: str) -> None:
        pass

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        return -1


def _console(person: Person) -> Console:
    """A console for this client's terminal: its colour depth, not the server's."""
    term = person.term.lower()
    if person.env.get("COLORTERM", "").lower() in ("truecolor", "24bit"):
        system = "truecolor"
    elif "256" in term:
        system = "256"
    else:
        system = "standard"
    return Console(
        color_system=system,  # type: ignore[arg-type]
        file=_NullFile(),  # type: ignore[arg-type]
        markup=True,
        highlight=False,
        emoji=False,
        legacy_windows=False,
        _environ={"TERM": person.term},
        force_terminal=True,
        safe_box=False,
        soft_wrap=False,
    )


class ServeApp(ShadowDisplay, ClosedScreensFreed, TT22App):
    """tt22's app for one connection, opened on the lobby, its frames cut down to what
    the client's terminal does not show yet (tt22.serve.render.display)."""

    CSS_PATH = str(Path(__file__).parent.parent / "tui" / "tt22.tcss")

    def __init__(self, hub: Hub, person: Person, channel: Any, data: Path) -> None:
        styles_caches_let_go()  # (a closed screen's widgets go with it: tt22.serve.render.heap)
        self.hub = hub
        self.person = person
        self.channel = channel
        self.driver_feed: Any = None
        self.driver_resize: Any = None
        language = detect_language(person.env)
        super().__init__(StartOptions(home=data / "settings", language=language))
        self.console = _console(person)
        if "NO_COLOR" in person.env:  # this client asks for none (`get_line_filters`)
            self.no_color = True
        # Textual prints a crash to stderr, which is the server's: keep it off.
        self.error_console = Console(file=_NullFile(), markup=False)  # type: ignore[arg-type]

    def get_driver_class(self) -> type[Driver]:
        driver: type[Driver] = lean_driver(ChannelDriver)
        return driver

    def save_settings(self) -> None:
        """A connection's choices last as long as it does (the data folder is the
        server's, not the player's)."""

    def first_screen(self) -> Screen[Any]:
        return LobbyScreen()

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The palette less what would act on the server's machine: a screenshot file
        in its folder, a local match in its data folder."""
        hidden = ("Screenshot", t("cmd.new"))
        for command in super().get_system_commands(screen):
            if command.title not in hidden:
                yield command

    def action_new_game(self) -> None:
        """Tables are opened from the lobby; no local match on the server."""

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """No files written on the server for a player."""


def make_app(hub: Hub, person: Person, channel: Any, data: Path) -> ServeApp:
    """The app for one connection; call it inside the context its tasks will copy
    (`contextvars.copy_context().run`), so its language is its own."""
    own_language(detect_language(person.env))
    own_no_colour("NO_COLOR" in person.env)  # the client's NO_COLOR, not the server's
    return ServeApp(hub, person, channel, data)


def run_context() -> contextvars.Context:
    return contextvars.copy_context()


class _Changed(Message):
    """The hub says a table changed (posted from whichever app's task changed it)."""


class _ServeScreen(Screen[None]):
    @property
    def sapp(self) -> ServeApp:
        return self.app  # type: ignore[return-value]


def _widen(table: DataTable[Any], cells: tuple[str | Text, ...]) -> None:
    """Widen `table`'s columns to fit `cells` now. A DataTable measures new rows only
    when it is next idle, and a row it draws before then is cut to the columns'
    titles: on a loaded server the lobby showed a new table's status as "waitin" (no
    "your seat") for a minute (tests/serve/test_serve_lobby.py)."""
    for column, cell in zip(table.ordered_columns, cells, strict=False):
        width = cell.cell_len if isinstance(cell, Text) else cell_len(cell)
        column.content_width = max(column.content_width, width)


class LobbyScreen(_ServeScreen):
    DEFAULT_CSS = """
    LobbyScreen #code-input { height: 1; border: none; }
    LobbyScreen #lobby-title { padding: 0 1; }
    LobbyScreen #tables { height: 1fr; }
    LobbyScreen #lobby-note { padding: 0 1; }
    """
    AUTO_FOCUS = "#tables"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", "serve.key.new", id="lobby.new"),
        # Not a priority key: a priority Enter was handled before the `j` typed ahead
        # of it, joining the table under the cursor instead of the code typed.
        Binding("enter", "join", "serve.key.join", id="lobby.join"),
        Binding("w", "watch", "serve.key.watch", id="lobby.watch"),
        Binding("j", "code", "serve.key.code", id="lobby.code"),
        Binding("h", "past", "serve.key.past", id="lobby.past"),
        Binding("l", "board", "serve.key.board", id="lobby.board"),
        Binding("p", "card", "serve.key.card", id="lobby.card"),
        Binding("d", "daily", "serve.key.daily", id="lobby.daily"),
        Binding("question_mark", "app.help", "key.help", id="app.help", key_display="?"),
        Binding("q", "quit", "serve.key.quit", id="lobby.quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)
        self._lid = 0
        self._codes: list[str] = []
        self._pending = False

    def compose(self) -> ComposeResult:
        yield TextLines(id="lobby-title")
        yield DataTable(id="tables", cursor_type="row", zebra_stripes=False)
        yield TextLines(id="lobby-note")
        yield Input(id="code-input", max_length=8, compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        name = printable(self.sapp.person.name, 40)
        self.query_one("#lobby-title", TextLines).update(
            Text(t("serve.lobby.title", name=name), style="bold")
        )
        table = self.query_one("#tables", DataTable)
        for key in ("code", "game", "seats", "who", "status"):
            table.add_column(t(f"serve.col.{key}"), key=key)
        code = self.query_one("#code-input", Input)
        code.placeholder = t("serve.code.prompt")
        code.display = False
        hub = self.sapp.hub
        self._lid = hub.watch_lobby(self._changed)
        self.refresh_tables()

    def on_unmount(self) -> None:
        self.sapp.hub.unwatch_lobby(self._lid)

    def on_screen_resume(self) -> None:
        self.refresh_tables()

    def _changed(self) -> None:
        """A table opened, filled, started or ended. Redrawn once for a burst of
        changes, and only while this lobby is showing (else when it shows again)."""
        if not self._pending:
            self._pending = True
            self.post_message(_Changed())

    @on(_Changed)
    def _on_changed(self) -> None:
        self._pending = False
        if self.is_current:
            self.refresh_tables()

    def refresh_tables(self) -> None:
        hub = self.sapp.hub
        fp = self.sapp.person.fingerprint
        table = self.query_one("#tables", DataTable)
        rows = sorted(
            hub.tables.values(),
            key=lambda x: (x.seat_of(fp) is None, x.status == "over", x.code),
        )
        codes = [x.code for x in rows]
        cursor = table.cursor_row
        table.clear()
        for x in rows:
            humans = sum(1 for s in x.seats if s.bot is None)
            filled = sum(1 for s in x.seats if s.bot is None and s.fingerprint)
            who = ", ".join(printable(s.name, 20) for s in x.seats if s.taken)
            status = t(f"serve.status.{x.status}")
            if x.seat_of(fp) is not None and x.status != "over":
                status += " · " + t("serve.status.yours")
            cells = (
                x.code,
                game_title(x.options.game),
                f"{filled}/{humans} ({len(x.seats)})",
                plain(who, limit=60),
                status,
            )
            table.add_row(*cells, key=x.code)
            _widen(table, cells)
        self._codes = codes
        if codes:
            table.move_cursor(row=min(cursor, len(codes) - 1))
        note = "" if codes else t("serve.lobby.empty")
        self.query_one("#lobby-note", TextLines).update(Text(note))

    def _selected(self) -> Table | None:
        table = self.query_one("#tables", DataTable)
        if not self._codes or table.cursor_row >= len(self._codes):
            return None
        return self.sapp.hub.tables.get(self._codes[table.cursor_row])

    def action_new(self) -> None:
        self.app.push_screen(NewTableScreen())

    def action_join(self) -> None:
        table = self._selected()
        if table is not None:
            self.join(table)

    @on(DataTable.RowSelected)
    def _row_chosen(self) -> None:
        self.action_join()  # Enter (or a click) on a table

    @on(Input.Submitted, "#code-input")
    def _code_typed(self, event: Input.Submitted) -> None:
        self._join_code(event.value)

    def action_watch(self) -> None:
        table = self._selected()
        if table is not None:
            self.watch_table(table)

    def watch_table(self, table: Table) -> None:
        """Watch `table`, unless it is a daily deal this person has not finished yet."""
        from tt22.serve.boards import may_watch

        if not may_watch(self.sapp.hub.store, table, self.sapp.person.name):
            note = t("serve.daily.hidden", game=game_title(table.options.game))
            self.query_one("#lobby-note", TextLines).update(Text(note))
            return
        self.app.push_screen(seat_screen(table, -1, self.sapp.person.fingerprint))

    def action_code(self) -> None:
        code_input = self.query_one("#code-input", Input)
        code_input.display = True
        code_input.value = ""
        # At once, not `focus()` (which waits its turn behind the keys already queued:
        # a code typed straight after `j` went to the list of tables).
        self.set_focus(code_input)

    def _join_code(self, text: str) -> None:
        code_input = self.query_one("#code-input", Input)
        code_input.display = False
        self.set_focus(self.query_one("#tables", DataTable))
        code = text.strip().upper()
        table = self.sapp.hub.tables.get(code)
        if table is None:
            note = t("serve.code.unknown", code=printable(code, 8))
            self.query_one("#lobby-note", TextLines).update(Text(note))
            return
        self.join(table)

    def join(self, table: Table) -> None:
        person = self.sapp.person
        seat = table.sit(person.fingerprint, person.name)
        if seat is None:
            if table.status == "waiting":
                problem = self.sapp.hub.room_for(person.fingerprint) if table.open_seats() else None
                note = room_text(problem) if problem is not None else t("serve.join.full")
                self.query_one("#lobby-note", TextLines).update(Text(note))
                return
            self.watch_table(table)  # a match under way without this key: watch it
            return
        self.app.push_screen(seat_screen(table, seat, person.fingerprint))

    def action_past(self) -> None:
        self.app.push_screen(PastMatchesScreen())

    def action_board(self) -> None:
        from tt22.serve.boards import LeaderboardScreen

        self.app.push_screen(LeaderboardScreen())

    def action_card(self) -> None:
        from tt22.serve.boards import PlayerCardScreen

        self.app.push_screen(PlayerCardScreen())

    def action_daily(self) -> None:
        from tt22.serve.boards import DailyScreen

        self.app.push_screen(DailyScreen())

    async def action_quit(self) -> None:
        self.app.exit()


class PastMatchesScreen(_ServeScreen):
    """The finished matches this person sat at (the store's list, newest first); Enter
    opens one in its game's replayer. Read-only: the replayer gets no file to write to
    (no save, no comment saved, no "play from here"), and every hand is open because the
    match is over."""

    DEFAULT_CSS = """
    PastMatchesScreen #past-title { padding: 0 1; }
    PastMatchesScreen #past { height: 1fr; }
    PastMatchesScreen #past-note { padding: 0 1; }
    """
    AUTO_FOCUS = "#past"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "replay", "serve.key.replay", id="past.replay"),
        Binding("q,escape", "back", "serve.key.back", id="past.back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)
        self.paths: list[tuple[str, str]] = []

    def compose(self) -> ComposeResult:
        yield TextLines(id="past-title")
        yield DataTable(id="past", cursor_type="row", zebra_stripes=False)
        yield TextLines(id="past-note")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#past-title", TextLines).update(Text(t("serve.past.title"), style="bold"))
        table = self.query_one("#past", DataTable)
        for key in ("code", "game", "players"):
            table.add_column(t(f"serve.col.{key}"), key=key)
        store = self.sapp.hub.store
        rows = store.matches_of(self.sapp.person.name) if store is not None else []
        for code, game, path, players in rows:
            title = game_title(game) if game in SERVED_GAMES else printable(game, 20)
            who = ", ".join(printable(name, 20) for name in players.split("\n"))
            table.add_row(printable(code, 8), title, plain(who, limit=60))
            self.paths.append((game, path))
        if not rows:
            self.query_one("#past-note", TextLines).update(Text(t("serve.past.empty")))

    @on(DataTable.RowSelected)
    def _chosen(self) -> None:
        self.action_replay()

    def action_replay(self) -> None:
        table = self.query_one("#past", DataTable)
        if not self.paths or table.cursor_row >= len(self.paths):
            return
        _, path = self.paths[table.cursor_row]
        screen = replay_of(Path(path))
        if isinstance(screen, str):
            self.query_one("#past-note", TextLines).update(
                plain(t("serve.past.bad", reason=screen), limit=200)
            )
            return
        self.app.push_screen(screen)

    def action_back(self) -> None:
        self.app.pop_screen()


def replay_of(path: Path) -> Screen[Any] | str:
    """The replayer of the finished match kept at `path` (its game's own, named by its
    registry entry), with no path given to it (nothing is written on the server); why
    not, in one line."""
    from tt22.play.replay import ReplayError
    from tt22.record import RecordError, load_record
    from tt22.tui.tables import REPLAYERS, replay_screen

    try:
        record = load_record(path)
        if record.game not in REPLAYERS:
            title = get_game(record.game).title
            return printable(f"{title}: {t('serve.past.no_replayer')}", 200)
        screen: Screen[Any] = replay_screen(record.game, record, None)
        return screen
    except (RecordError, ReplayError, OSError) as e:
        return printable(str(e) if not isinstance(e, OSError) else (e.strerror or str(e)), 200)


class NewTableScreen(ModalScreen[None]):
    """How many players, how many of them people, the bots' level, the move clock and
    house rules; ctrl+s (or the Open button) opens the table, Escape goes back."""

    DEFAULT_CSS = """
    NewTableScreen #new-table { height: auto; padding: 0 1; }
    NewTableScreen Choice { margin: 0 0 1 0; }
    NewTableScreen Horizontal { height: auto; }
    NewTableScreen #rules-label { width: 28; }
    NewTableScreen #rules { width: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "open", "serve.new.open", id="serve.open", key_display="^s"),
        Binding("escape", "cancel", "serve.new.cancel", id="serve.cancel"),
    ]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        from tt22.tui.widgets.choice import Choice

        with Vertical(id="new-table"):
            yield Label(t("serve.new.title"))
            games = [(game_title(name), name) for name in SERVED_GAMES]
            first = SERVED_GAMES[0]  # (the registry's order: the game tt22 opens on)
            players = get_game(first).default_players
            yield Choice(games, first, label=t("serve.new.game"), id="game")
            yield Choice(_counts(first), players, label=t("serve.new.players"), id="players")
            yield Choice(_people(players), 2, label=t("serve.new.humans"), id="humans")
            yield Choice(_levels(first), DEFAULT_LEVEL, label=t("serve.new.level"), id="level")
            clocks = [(t("serve.new.no_clock"), 0)] + [(f"{s} s", s) for s in (15, 30, 60, 120)]
            yield Choice(clocks, 0, label=t("serve.new.clock"), id="clock")
            with Horizontal():
                yield Label(t("serve.new.rules"), id="rules-label")
                yield Input("", id="rules", max_length=200, compact=True)
            yield TextLines(id="error")
            with Horizontal():
                yield Button(t("serve.new.open"), id="open", variant="primary", compact=True)
                yield Button(t("serve.new.cancel"), id="cancel", compact=True)
        yield KeyBar()

    def on_choice_changed(self, event: Any) -> None:
        from tt22.tui.widgets.choice import Choice

        if event.choice.id == "game":  # that game's player range, bots and rules
            game = get_game(str(event.value))
            players = self.query_one("#players", Choice)
            players.set_options(_counts(game.name))
            players.value = game.default_players
            self.query_one("#level", Choice).set_options(_levels(game.name))
            self.query_one("#rules", Input).placeholder = " ".join(
                f"{o.name}=" for o in game.options
            )
            self.query_one("#error", TextLines).update(Text(""))
        if event.choice.id == "players":
            humans = self.query_one("#humans", Choice)
            keep = min(int(str(humans.value)), int(str(event.value)))
            humans.set_options(_people(int(str(event.value))))
            humans.value = keep

    @on(Button.Pressed, "#open")
    @on(Input.Submitted)
    def action_open(self) -> None:
        from tt22.tui.widgets.choice import Choice

        app: ServeApp = self.app  # type: ignore[assignment]
        game = str(self.query_one("#game", Choice).value)
        players = int(str(self.query_one("#players", Choice).value))
        humans = int(str(self.query_one("#humans", Choice).value))
        level = str(self.query_one("#level", Choice).value)
        clock = float(str(self.query_one("#clock", Choice).value))
        rules = tuple(self.query_one("#rules", Input).value.split())
        seats = ("human",) * humans + (level,) * (players - humans)
        options = TableOptions(
            game=game, rules=rules, seats=seats, clock=clock, grace=app.hub.grace, pace=app.hub.pace
        )
        try:
            table = app.hub.create(options, app.person.fingerprint, app.person.name)
        except TooManyTables as e:
            self.query_one("#error", TextLines).update(plain(room_text(e), "bold", limit=200))
            return
        except ValueError as e:  # a house rule that is not one (RulesError)
            self.query_one("#error", TextLines).update(plain(str(e), "bold", limit=200))
            return
        self.dismiss()
        app.push_screen(seat_screen(table, 0, app.person.fingerprint))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss()


def room_text(problem: TooManyTables) -> str:
    """Why there is no room for another table, in the person's words."""
    if problem.mine:
        return t("serve.room.mine", n=MAX_OPEN_PER_KEY)
    return t("serve.room.server")


def _counts(game: str) -> list[tuple[str, int]]:
    g = get_game(game)
    return [(str(n), n) for n in range(g.min_players, g.max_players + 1)]


def _levels(game: str) -> list[tuple[str, str]]:
    return [(level_name(level), level) for level in game_levels(game)]


def _people(players: int) -> list[tuple[str, int]]:
    return [(str(n), n) for n in range(1, players + 1)]


def on_seat_screen(game: str) -> bool:
    """Whether the server seats `game` on `SeatScreen` for its whole match: a game whose
    registry entry names no served table of its own (`GameEntry.served`)."""
    return not entry(game).served


def seat_screen(table: Table, seat: int, fingerprint: str) -> Screen[None]:
    """The screen of `seat` (-1: a spectator) at `table`: 22's served seat, or once
    another game's match has started that game's own table fed by news
    (tt22.serve.tables); before the start every game waits on the same screen."""
    from tt22.serve.tables import game_seat_screen

    if on_seat_screen(table.options.game) or table.state is None:
        return SeatScreen(table, seat)
    news = decode_news(table.message(seat))
    return game_seat_screen(table, seat, news, fingerprint)


class _News(Message):
    def __init__(self, data: bytes) -> None:
        super().__init__()
        self.data = data


class _DealNo(NamedTuple):
    number: int


class _DealShown(NamedTuple):
    """A finished deal as the view has it (`PublicDeal`), shaped as local play's deal
    summary and score history read a deal (`DealResult`: `start.number`, ...)."""

    start: _DealNo
    showdown: tuple[tuple[int, int], ...]
    losers: tuple[int, ...]
    penalty: int
    totals: tuple[int, ...]
    eliminated: tuple[int, ...]


class _MatchShown(NamedTuple):
    """The match as a served seat knows it (its view), shaped as the local summary
    screens read a session and its state: public facts only (R23)."""

    names: list[str]
    rules: Any
    players: tuple[int, ...]
    history: tuple[_DealShown, ...]
    out: tuple[bool, ...]

    @property
    def state(self) -> _MatchShown:
        return self


def match_shown(v: Any, names: list[str]) -> _MatchShown:
    history = tuple(
        _DealShown(_DealNo(d.number), d.showdown, d.losers, d.penalty, d.totals, d.eliminated)
        for d in v.history
    )
    return _MatchShown(names, v.rules, tuple(range(v.players)), history, v.out)


class SeatScreen(SummaryAside, _ServeScreen):
    """One seat at a served table (seat -1: a spectator): local play's widgets (the
    seats, the trick, the hand, the move log `m`, the deal summary and the score
    history `s`) fed by the seat's views."""

    DEFAULT_CSS = """
    SeatScreen #chat { height: auto; max-height: 3; padding: 0 1; color: $text-muted; }
    """

    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "cursor(-1)", "key.move", id="hand.left", key_display="←→"),
        Binding("right,l", "cursor(1)", "key.right", id="hand.right", show=False),
        Binding("space", "select", "key.select", id="hand.select"),
        Binding("a", "select_rank", "key.rank", id="hand.rank"),
        Binding("enter", "play", "key.play", id="table.play"),
        Binding("d", "lowest", "key.lowest", id="table.lowest"),
        Binding("c", "chat", "serve.key.chat", id="serve.chat"),
        Binding("r", "rematch", "serve.key.rematch", id="serve.rematch", show=False),
        # In the help, not the key line: at 80 columns it has room for one of them or
        # the palette's key (the log shows by itself from 120 columns).
        Binding("m", "toggle_log", "key.log", id="table.log", show=False),
        Binding("s", "scores", "key.scores", id="table.scores", show=False),
        Binding("i", "hint", "key.hint", id="table.hint", show=False),
        Binding("question_mark", "app.help", "key.help", id="app.help", key_display="?"),
        Binding("q", "leave", "serve.key.leave", id="serve.leave"),
    ]

    def __init__(self, table: Table, seat: int) -> None:
        super().__init__()
        translate_bindings(self)
        self.table = table
        self.seat = seat
        self.news: SeatNews | None = None
        self.view: Any = None  # the seat's view the news carries (22's SeatView)
        self.note: str | None = None
        self._wid = 0
        self._footer_keys: tuple[bool | None, ...] = ()
        self.log_choice: bool | None = None  # None: shown when the terminal is wide
        self.seat_log: SeatLog | None = None
        self._log_owed: list[Text] = []  # (read from the views, not written yet)

    def compose(self) -> ComposeResult:
        with Horizontal(id="table-body"):
            with Vertical(id="table-main"):
                yield TextLines(id="status")
                with VerticalScroll(id="seats-pane"):
                    yield SeatsTable(id="seats")
                yield TrickView(id="trick")
                yield TextLines(id="message")
                yield HandView(id="hand")
                yield TextLines(id="chat")
                yield Input(id="chat-input", max_length=200, compact=True)
            # min_width: RichLog renders 78 columns wide by default, cutting lines here.
            yield RichLog(id="log", wrap=True, markup=False, max_lines=2000, min_width=1)
        yield KeyBar()

    def on_mount(self) -> None:
        log = self.query_one("#log", RichLog)
        log.border_title = t("log.title")
        log.can_focus = False  # ←/→ belong to the hand (the log scrolls with the mouse)
        log.display = self.size.width >= 120
        self.query_one("#seats-pane").can_focus = False
        chat = self.query_one("#chat-input", Input)
        chat.display = False
        chat.placeholder = t("serve.chat.prompt")
        self.set_focus(None)
        person = self.sapp.person
        self._wid = self.table.subscribe(self.seat, person.fingerprint, self._receive)

    def on_unmount(self) -> None:
        self.table.unsubscribe(self._wid)

    def on_resize(self) -> None:
        if self.log_choice is None:
            self.query_one("#log", RichLog).display = self.size.width >= 120
        # The seats are drawn to the width they have: once laid out (or resized), anew.
        self.query_one("#seats", SeatsTable).draw_again()
        self.redraw()

    def _receive(self, data: bytes) -> Awaitable[object] | None:
        self.post_message(_News(data))
        return drawn_after(self)

    @on(_News)
    def _on_news(self, message: _News) -> None:
        before = self.view
        self.news = decode_news(message.data)
        self.view = view_of(self.news)
        if self.view is not None and not on_seat_screen(self.news.game):
            # Another game's match has started: its own served table takes the seat.
            from tt22.serve.tables import game_seat_screen

            fingerprint = self.sapp.person.fingerprint
            self.app.switch_screen(game_seat_screen(self.table, self.seat, self.news, fingerprint))
            return
        v = self.view
        if v is not None and v != before:
            self._read_log(v)  # (every view it is handed, drawn or not: see there)
            mine_before = before is not None and before.my_turn
            if v.over:
                self.close_summary(missed=False)  # the end's message is what matters now
            self.view_changed(before, mine_before)
        else:
            self.catch_up_screen()

    def catch_up_screen(self) -> None:
        """Draw the news, unless another screen (a summary, the help) covers the
        table: then once it is uncovered (a change drawn under a dialog costs the whole
        screen again)."""
        if not self.is_active:
            return
        v = self.view
        behind = self.undrawn_since() if v is not None else None
        if behind is not None and v is not None:
            (before,) = behind
            self._write_log()
            if not v.over and before is not None and len(v.history) > len(before.history):
                self._show_deal(v)
        self.redraw()

    # ------------------------------------------------------------------ log, summaries
    def _read_log(self, v: Any) -> None:
        """The log's lines that view `v` adds, kept until the log is drawn. Read from
        every view the screen is handed, even one it never draws (covered by a
        summary, or replaced by newer news): this seat's own exchange is in its view
        only while that deal is under way, so a log that skipped the view would never
        have it (a property test found the line missing)."""
        if self.seat_log is None:
            you = self.seat if self.seat >= 0 else None
            self.seat_log = SeatLog(self._who, you, self.sapp.ascii_cards)
        self._log_owed.extend(self.seat_log.lines(v))

    def _write_log(self) -> None:
        lines, self._log_owed = self._log_owed, []
        if lines:
            log = self.query_one("#log", RichLog)
            for line in lines:
                log.write(line)

    def _match_shown(self) -> _MatchShown:
        assert self.news is not None and self.view is not None
        return match_shown(self.view, [n or "?" for n in self.news.names])

    def _show_deal(self, v: Any) -> None:
        """The deal that just ended: local play's deal summary, closing by itself when
        this seat's next decision arrives (a spectator's after a few seconds)."""
        from tt22.tui.games.twentytwo.summary_screens import DealSummaryScreen

        match = self._match_shown()
        # Nobody to decide here (a spectator, a seat out of the match): a few seconds.
        auto = 4.0 if self.seat < 0 or v.out[self.seat] else None
        you = self.seat if self.seat >= 0 else None
        summary = DealSummaryScreen(match, match.history[-1], auto, you=you)  # type: ignore[arg-type]
        self.open_summary(summary, None)

    def my_decision(self) -> bool:
        news, v = self.news, self.view
        return (
            news is not None
            and v is not None
            and self.seat >= 0
            and news.status == "playing"
            and v.my_turn
            and not news.standin[self.seat]
        )

    def hands_played(self) -> int:
        v = self.view
        return v.history[-1].number if v is not None and v.history else 0

    def summary_note_changed(self) -> None:
        self.redraw()

    def action_toggle_log(self) -> None:
        log = self.query_one("#log", RichLog)
        log.display = self.log_choice = not log.display

    def action_scores(self) -> None:
        """The penalty totals after each deal (local play's score history)."""
        from tt22.tui.games.twentytwo.scores import ScoresScreen

        if self.view is None:
            return
        self.forget_missed()
        you = self.seat if self.seat >= 0 else None
        scores = ScoresScreen(self._match_shown(), self.sapp.ascii_cards, you)  # type: ignore[arg-type]
        self.app.push_screen(scores)

    # ------------------------------------------------------------------ drawing
    def _who(self, seat: int) -> str:
        assert self.news is not None
        return printable(self.news.names[seat], 20)

    def redraw(self) -> None:
        news = self.news
        if news is None or not self.is_mounted or not self.is_active:
            return  # (drawn when uncovered: catch_up_screen)
        a = self.sapp.ascii_cards
        status = self.query_one("#status", TextLines)
        message = self.query_one("#message", TextLines)
        hand = self.query_one("#hand", HandView)
        self._draw_chat(news)
        v = self.view
        if v is None:  # waiting for players
            missing = sum(1 for i, name in enumerate(news.names) if not name and not news.bots[i])
            status.update(Text(f"{news.code}", style="bold"))
            message.update(Text(t("serve.seat.waiting", code=news.code, n=missing)))
            hand.show(None, hidden_text="")
            return
        if not on_seat_screen(news.game):  # (its own table is taking the seat over)
            return
        names = [n or "?" for n in news.names]
        snap = from_view(v, names, news.bots)
        if news.seat < 0:
            n = v.players
            snap = snap._replace(hands=(None,) * n, discards=(None,) * n, viewer=-1)
        seats = self.query_one("#seats", SeatsTable)
        if not seats.content_region.width:  # not laid out yet: draw the seats once it is
            seats.draw_again()
            self.call_after_refresh(self.on_resize)
        seats.show(snap, a)
        self.query_one("#trick", TrickView).show(snap, a, news.seat if news.seat >= 0 else None)
        if v.exchanging:
            phase = t("phase.exchange")
        elif v.playing:
            phase = t("phase.play", n=len(v.tricks) + 1)
        else:
            phase = t("phase.over")
        shown = news.seed or news.commitment
        status.update(
            Text(
                f"{news.code}  "
                + t(
                    "status.line",
                    deal=v.deal_number,
                    phase=phase,
                    stock=v.stock_size,
                    seed=printable(shown[:24], 30),
                ),
                style="bold",
            )
        )
        mine = news.seat >= 0 and v.my_turn and news.status == "playing"
        if news.seat < 0:
            hand.show(None, hidden_text=t("serve.seat.watching", code=news.code))
        elif mine:
            hand.show(v.hand, playable=playable_cards(v), ascii_style=a, active=True)
            hand.cursor_to_playable()
        else:
            hand.show(v.hand, ascii_style=a, playable=None, active=False)
        message.update(self._message(news, mine))
        self._refresh_footer()

    _ACTIONS = ("cursor", "select", "select_rank", "play", "lowest", "chat", "rematch")

    def _refresh_footer(self) -> None:
        """Rebuild the footer only when a key's state changed: Textual rebuilds it whole
        (new widgets, styles, layout), which was most of the server's work per move."""
        keys = tuple(self.check_action(a, ()) for a in self._ACTIONS)
        if keys != self._footer_keys:
            self._footer_keys = keys
            self.refresh_bindings()

    def _message(self, news: SeatNews, mine: bool) -> Text:
        v = self.view
        assert v is not None
        msg = Text()
        if self.note:
            msg.append(self.note + "\n", style="bold")
        if news.status == "over":
            winners = ", ".join(self._who(s) for s in v.winners)
            msg.append(t("serve.seat.over", names=winners) + "\n", style="bold")
            msg.append(
                t("serve.seat.seed", seed=printable(news.seed, 60), commitment=news.commitment)
            )
            if news.record:
                msg.append("\n" + t("serve.seat.record", path=printable(news.record, 100)))
            if news.rematch or news.seat >= 0:
                msg.append("\n" + t("serve.seat.rematch", code=news.rematch or "…"))
            return msg
        if v.history and not v.tricks and not v.plays:
            d = v.history[-1]
            losers = ", ".join(self._who(s) for s in d.losers)
            line = t("serve.seat.deal", n=d.number, losers=losers, penalty=d.penalty)
            if self.summary_missed:
                line += " " + t("serve.seat.deal_closed")
            msg.append(line + "\n", style="dim")
        if mine:
            hand = self.query_one("#hand", HandView)
            forced = why_forced(v)
            if v.exchanging:
                msg.append(t("turn.yours_exchange", stock=v.stock_size))
            elif forced:
                msg.append(t("serve.seat.forced", why=reason_words(forced)), style="bold")
            elif not v.plays:
                msg.append(t("turn.yours_lead"))
            else:
                k = len(v.best_desc)
                key = "turn.yours_follow1" if k == 1 else "turn.yours_follow"
                msg.append(t(key, k=k, best=show_ranks(v.best_desc)))
            problem = why_refused(v, hand.selection) if hand.selection else None
            if problem:
                msg.append("\n" + reason_words(problem), style="italic")
        else:
            who = v.to_move
            key = "turn.waiting" if news.bots[who] else "turn.waiting_human"
            msg.append(t(key, name=self._who(who)))
        if news.clock:
            msg.append("  " + t("serve.seat.clock", s=news.clock), style="dim")
        away = [self._who(i) for i, c in enumerate(news.connected) if not c and not news.bots[i]]
        if away:
            msg.append("\n" + t("serve.seat.away", names=", ".join(away)), style="dim")
        standin = [self._who(i) for i, s in enumerate(news.standin) if s]
        if standin:
            msg.append("\n" + t("serve.seat.standin", names=", ".join(standin)), style="dim")
        return msg

    def _draw_chat(self, news: SeatNews) -> None:
        text = Text()
        for i, (name, line) in enumerate(news.chat[-3:]):
            if i:
                text.append("\n")
            text.append(printable(name, 20) + ": ", style="bold")
            text.append(printable(line, 200))  # literally: never markup, no control
        self.query_one("#chat", TextLines).update(text)

    # ------------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        news = self.news
        if action == "rematch":
            return news is not None and news.status == "over" and news.seat >= 0
        if action in ("cursor", "select", "select_rank", "play", "lowest", "hint"):
            if self.seat < 0 or not on_seat_screen(self.table.options.game):
                return False  # (another game waits here; its own table has its keys)
            v = self.view
            return True if v is not None and v.my_turn else None
        if action == "chat":
            return self.seat >= 0
        if action in ("toggle_log", "scores"):
            return self.view is not None and on_seat_screen(self.table.options.game)
        return True

    def _view(self) -> Any:
        news = self.news
        v = self.view
        if news is None or v is None or self.seat < 0 or not v.my_turn:
            return None
        return v

    def action_cursor(self, step: int) -> None:
        if self._view() is not None:
            self.query_one("#hand", HandView).move_cursor(step)

    def action_select(self) -> None:
        if self._view() is not None:
            self.query_one("#hand", HandView).toggle()
            self.note = None
            self.redraw()

    def action_select_rank(self) -> None:
        if self._view() is not None:
            self.query_one("#hand", HandView).select_rank()
            self.note = None
            self.redraw()

    def action_play(self) -> None:
        v = self._view()
        if v is None:
            return
        hand = self.query_one("#hand", HandView)
        chosen = hand.selection
        if v.exchanging:
            self._send(Exchange(v.seat, tuple(card_text(c) for c in chosen)))
            return
        if not chosen and hand.cards:
            chosen = [hand.cards[hand.cursor]]
        problem = why_refused(v, chosen)
        if problem:
            self.note = t("msg.illegal", reason=reason_words(problem))
            self.redraw()
            return
        self._send(Play(v.seat, tuple(card_text(c) for c in chosen)))

    def action_lowest(self) -> None:
        v = self._view()
        if v is None or not v.playing:
            return
        k = len(v.best_desc) if v.plays else 1
        cards = list(v.hand[:k])
        problem = why_refused(v, cards)
        if problem:
            self.note = t("msg.illegal", reason=reason_words(problem))
            self.redraw()
            return
        self._send(Play(v.seat, tuple(card_text(c) for c in cards)))

    def action_hint(self) -> None:
        """What a strong bot would play from this hand, and why (local play's hint),
        worked out at the server from this seat's view alone (Table.hint)."""
        v = self._view()
        if v is None:
            self.note = t("msg.hint_not_now")
            self.redraw()
            return
        self.note = t("msg.hint_thinking")
        self.redraw()
        self._hint(v)

    @work(exclusive=True, group="hint")
    async def _hint(self, v: Any) -> None:
        found = await self.table.hint(v)
        if found is None or not self.is_attached or self.view != v:
            return  # the position moved on while the bot thought (or a newer ask answers)
        self.note = hint_note(found, self.sapp.ascii_cards)
        self.query_one("#hand", HandView).select_cards(hint_cards(found))
        self.redraw()

    def _send(self, move: Any) -> None:
        problem = self.table.submit(self.sapp.person.fingerprint, move)
        self.note = None if problem is None else t("msg.illegal", reason=problem)
        self.query_one("#hand", HandView).clear_selection()
        self.redraw()

    def action_chat(self) -> None:
        if self.seat < 0:
            return
        box = self.query_one("#chat-input", Input)
        box.display = True
        box.value = ""
        self.set_focus(box)  # at once: the line typed straight after `c` is chat

    @on(Input.Submitted, "#chat-input")
    def _said(self, event: Input.Submitted) -> None:
        box = self.query_one("#chat-input", Input)
        box.display = False
        self.set_focus(None)
        person = self.sapp.person
        problem = self.table.say(person.fingerprint, person.name, event.value)
        if problem:
            self.note = problem
            self.redraw()

    def action_rematch(self) -> None:
        if self.news is None or self.news.status != "over" or self.seat < 0:
            return
        person = self.sapp.person
        try:
            new = self.sapp.hub.rematch(self.table, person.fingerprint)
        except TooManyTables as e:
            self.note = room_text(e)
            self.redraw()
            return
        seat = new.sit(person.fingerprint, person.name)
        self.app.pop_screen()
        if seat is not None:
            self.app.push_screen(seat_screen(new, seat, person.fingerprint))

    def action_leave(self) -> None:
        self.app.pop_screen()
