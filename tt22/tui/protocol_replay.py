"""What every protocol game's replayer shares (Rook's, the Rummy family's): the record
folded once, stepping by move and by the game's own groups, the views, and what 22's
replayer (tt22/tui/replay) offers beyond stepping:

- **comments**: `c` adds or edits the comment on the last move made (the title says
  which move, in the words of the move list); a seat's view shows and edits only the
  comments on that seat's own moves (`tt22.record.comment_visible`, as `tt22 show
  --seat` does); `s` saves them into a copy of the record next to it (or over it, if
  asked), and leaving with unsaved comments asks first;
- **play from here** (`p`): a new live match at this position, the chosen seat played
  at this keyboard and every other by a bot; the match in progress, if any, is kept
  with the records, and the question says so before anything happens (as 22's);
- **the file's name** in the status line.

Each game's screen subclasses `ProtocolReplayScreen` and draws its own table; 22's
replayer is its own (tt22/tui/replay/screen.py) and is not built on this. Every piece of
text from the record (names, comments, paths) reaches the screen through
tt22.tui.safe_text (`plain`, `say`) or `tt22.core.safe.printable` inside a `Text`, never as
markup.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path
from typing import Any, ClassVar, Literal

from rich.text import Text
from textual.binding import Binding, BindingsMap, BindingType

import tt22.tui.replay.words  # noqa: F401  (the "replay." words the keys below use)
from tt22.core.registry import get_game
from tt22.core.safe import printable
from tt22.play.replay import GotoError, ReplayError, ReplayModel
from tt22.record import Record, SlotBusy, comment_visible
from tt22.tui.bindings import translate_bindings
from tt22.tui.hooks import bindings_of, replace_bindings
from tt22.tui.i18n import add_section, t
from tt22.tui.redraw import DressedScreen
from tt22.tui.replay.analysis_pane import ANALYSIS_BINDINGS, AnalysisBoard, analysis_key_words
from tt22.tui.replay.autoplay import Autoplay
from tt22.tui.safe_text import plain, say

add_section(
    "game_replay.",
    {
        "key.step": ("Move", "수", "手"),  # ← and → side by side under one word
        "key.prev": ("Step back", "이전 수", "前の手"),
        "key.next": ("Step on", "다음 수", "次の手"),
        "key.trick": ("Trick", "트릭", "トリック"),
        "key.turn": ("Turn", "차례", "手番"),
        # ("回", not "ハンド": every replayer key fits the ASCII footer at 80 columns)
        "key.hand": ("Hand", "판", "回"),
        "key.view": ("View", "시점", "視点"),
        "key.moves": ("Moves", "수 목록", "手順"),
        "moves.title": ("Moves", "수 목록", "手順"),
        "help.keys": ("Replay keys", "다시 보기 키", "再生のキー"),
        "moves.start": ("(start)", "(시작)", "(開始)"),
        "goto.title": (
            "Go to: 3 (hand 3), 3.2 (its trick or turn 2), 3.0 (Rook: its bidding) or #57",
            "이동: 3 (3번째 판), 3.2 (그 판의 2번째 트릭·차례), 3.0 (루크: 입찰), #57",
            "移動: 3 (第3ハンド)、3.2 (その第2トリック・手番)、3.0 (ルック: 入札)、#57",
        ),
    },
)

__all__ = [
    "GotoError",
    "ProtocolReplayScreen",
    "replay_bindings",
    "replay_key_words",
    "session_from_record",
]


def session_from_record(record: Record, home: Path | None) -> Any:
    """A match in progress of a protocol game that goes on from the last move of
    `record`: it takes the data folder's slot (SlotBusy when another window plays
    there), keeps a match left unfinished there with the records, and autosaves.
    ValueError (one line) when the record does not fold or its match is over."""
    from tt22.play.session import LocalSession, claim_slot, keep_unfinished
    from tt22.record import final_state

    game = get_game(record.game)
    state = final_state(record)
    if game.is_over(state):
        raise ValueError("the match is over at this move: there is nothing to play on")
    autosave, held = claim_slot(home)
    try:
        keep_unfinished(autosave)
        session = LocalSession(
            game, record.rules, record.seed, record.players,
            autosave=autosave, record=record, state=state,
        )  # fmt: skip
    except BaseException:
        if held:
            autosave.release()
        raise
    session.claimed = held
    if session.moves:  # (with no moves the session saved itself)
        session._store()
    return session


# ← and → side by side under one word ("←→ Move", ASCII "<-> Move"), as in 22's
# replayer: apart they took the room of two keys and `p Play here` did not fit at 80.
STEP_GROUP = Binding.Group("game_replay.key.step", compact=True)


def replay_bindings(group: Literal["trick", "turn"]) -> list[BindingType]:
    """Every protocol game's replayer keys, in the footer's order: ← → a move, ↑ ↓ (or
    [ ]) the game's `group` (Rook's tricks, the Rummy family's turns), PgUp/PgDn a hand,
    Home/End, space autoplay (+ - t its pace), v the views, m the move list, p play from
    here, ? the game's help, q back; c, s and g (comments, saving them, go to) are not in
    the footer. A game's screen says `BINDINGS = replay_bindings("trick")`, so the keys
    and their words are the same in every game's replayer."""
    unit = f"game_replay.key.{group}"
    return [
        Binding(
            "left", "step(-1)", "game_replay.key.prev", id="game.replay.prev",
            key_display="←", group=STEP_GROUP,
        ),
        Binding(
            "right", "step(1)", "game_replay.key.next", id="game.replay.next",
            key_display="→", group=STEP_GROUP,
        ),
        Binding(
            "up,left_square_bracket", "group(-1)", unit, id="game.replay.group",
            key_display="↑↓",
        ),
        Binding(
            "down,right_square_bracket", "group(1)", unit, id="game.replay.group2", show=False
        ),
        # (PgUp/PgDn not in the footer: at 80 columns in Japanese there is room for the
        # keys above and autoplay, not for both; the help lists them, and g goes to a hand)
        Binding(
            "pageup", "hand(-1)", "game_replay.key.hand", id="game.replay.hand",
            key_display="PgUp/Dn", show=False,
        ),
        Binding("pagedown", "hand(1)", "game_replay.key.hand", id="game.replay.hand2", show=False),
        Binding("home", "end(0)", "key.first", id="game.replay.start", show=False),
        Binding("end", "end(1)", "key.last", id="game.replay.end", show=False),
        Binding(
            "space", "autoplay", "replay.foot.auto", id="game.replay.autoplay", key_display="␣"
        ),
        Binding("v", "view", "game_replay.key.view", id="game.replay.view"),
        # (not in the footer: at 80 columns there is no room, and from 110 the list is
        # beside the table anyway; the help lists it)
        Binding("m", "moves", "game_replay.key.moves", id="game.replay.moves", show=False),
        Binding("p", "fork", "replay.foot.fork", id="game.replay.fork"),
        Binding("question_mark", "game_help", "key.help", id="game.replay.help", key_display="?"),
        Binding("q,escape", "back", "key.back", id="game.replay.back"),
        Binding(
            "plus,equals_sign", "faster", "replay.key.faster", id="game.replay.faster",
            show=False,
        ),
        Binding("minus", "slower", "replay.key.slower", id="game.replay.slower", show=False),
        Binding("t", "real_time", "replay.key.realtime", id="game.replay.real_time", show=False),
        Binding("c", "comment", "replay.key.comment", id="game.replay.comment", show=False),
        Binding("s", "save", "replay.key.save", id="game.replay.save", show=False),
        Binding("g", "goto", "replay.key.goto", id="game.replay.goto", show=False),
        *ANALYSIS_BINDINGS,
    ]  # fmt: skip


_KEY_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, str, str], tuple[str, str, str]]] = {
    # action -> (keys, what the help calls them in en/ko/ja, what they do in en/ko/ja)
    "step": (
        ("left", "right"),
        ("← →", "← →", "← →"),
        ("a move back or on", "한 수 뒤로/앞으로", "一手戻る/進む"),
    ),
    "trick": (
        ("up", "down", "left_square_bracket", "right_square_bracket"),
        ("↑ ↓ or [ ]", "↑ ↓ 또는 [ ]", "↑ ↓ または [ ]"),
        ("a trick back or on", "한 트릭 뒤로/앞으로", "1トリック戻る/進む"),
    ),
    "turn": (
        ("up", "down", "left_square_bracket", "right_square_bracket"),
        ("↑ ↓ or [ ]", "↑ ↓ 또는 [ ]", "↑ ↓ または [ ]"),
        ("a turn back or on", "한 차례 뒤로/앞으로", "1手番戻る/進む"),
    ),
    "hand": (
        ("pageup", "pagedown"),
        ("PgUp PgDn", "PgUp PgDn", "PgUp PgDn"),
        ("a hand back or on", "한 판 뒤로/앞으로", "1回戻る/進む"),
    ),
    "end": (
        ("home", "end"),
        ("Home End", "Home End", "Home End"),
        ("the start or the end", "처음이나 끝", "最初/最後"),
    ),
    "autoplay": (
        ("space", "plus", "minus", "t"),
        ("Space + - t", "Space + - t", "Space + - t"),
        (
            "autoplay on or off; faster, slower; in real time (as long as each move took)",
            "자동 재생 켜기/끄기, 빠르게, 느리게, 실제 시간(각 수에 걸린 만큼)",
            "自動再生の開始/停止、速く、遅く、実時間(各手にかかった時間どおり)",
        ),
    ),
    "view": (
        ("v",),
        ("v", "v", "v"),
        (
            "the view: every hand open (a finished game), then each seat's",
            "시점: 모든 패 공개(끝난 게임), 그다음 각 자리",
            "視点: 全員の手札(終了したゲーム)、次に各席",
        ),
    ),
    "moves": (("m",), ("m", "m", "m"), ("the move list", "수 목록", "手順の一覧")),
    "goto": (
        ("g",), ("g", "g", "g"),
        (
            "go to a hand (3), a turn (3.2) or after a move (#57)",
            "이동: 판(3), 차례(3.2), 수 다음(#57)",
            "移動: 回(3)、手番(3.2)、その手の後(#57)",
        ),
    ),
    "fork": (
        ("p",), ("p", "p", "p"),
        (
            "play on from here: you take a seat, bots the others (a match in progress is kept)",
            "여기서 이어 두기: 한 자리를 맡고 나머지는 봇(진행 중인 게임은 그대로 보관)",
            "ここから対局: 1つの席に座り、他はボット(進行中の試合はそのまま保存)",
        ),
    ),
    "comment": (
        ("c",), ("c", "c", "c"),
        (
            "comment on the last move made (a seat's view: on its own moves only)",
            "마지막 수에 메모(자리 시점에서는 그 자리의 수에만)",
            "最後の手にコメント(席の視点ではその席の手だけ)",
        ),
    ),
    "save": (
        ("s",), ("s", "s", "s"),
        (
            "save the comments (a copy next to the record, or over it)",
            "메모 저장(기록 옆에 사본으로, 또는 덮어쓰기)",
            "コメントを保存(記録の隣にコピー、または上書き)",
        ),
    ),
    "back": (("q",), ("q", "q", "q"), ("back", "뒤로", "戻る")),
}  # fmt: skip


def replay_key_words(group: Literal["trick", "turn"], goto: Any = None) -> tuple[Any, ...]:
    """The help's rows (`tt22.tui.summary.data.KeyWords`) for the keys
    `replay_bindings(group)` gives every replayer, for a game's help page under its
    replay heading; `goto`, a game's own row for `g` (Rook's names its bidding), else
    the family's (hands, turns, moves)."""
    from tt22.tui.summary.data import KeyWords

    rows: list[Any] = []
    for action in (
        "step",
        group,
        "hand",
        "end",
        "autoplay",
        "view",
        "moves",
        "goto",
        "fork",
        "comment",
        "save",
        "back",
    ):
        if action == "back":  # (the analysis board's keys before it)
            rows.extend(analysis_key_words())
        keys, shown, what = _KEY_WORDS[action]
        rows.append(KeyWords(keys, *((shown[i], what[i]) for i in range(3))))
        if action == "goto" and goto is not None:
            rows[-1] = goto
    return tuple(rows)


class ProtocolReplayScreen(AnalysisBoard, Autoplay, DressedScreen[None]):
    """A replayer of a protocol game's record; a subclass draws the table
    (`refresh_view`, with `compose_moves` in its layout and `place_moves` when it
    draws) and says how a move reads (`move_label`). Its keys are
    `replay_bindings(...)`, the same in every game's replayer."""

    DEFAULT_CSS = """
    ProtocolReplayScreen #replay-moves-pane {
        width: 34; height: 1fr; border: round $primary; padding: 0 1;
        scrollbar-size-vertical: 1;
    }
    """
    FOOTER_SPARE: ClassVar[tuple[str, ...]] = ("game_help",)
    """Actions left out of the footer first when it is too narrow for every key (then
    from its end, but never `back`): a clipped key helps nobody."""
    MOVES_BESIDE = 110
    """From this width the move list stands beside the table unless hidden with `m`;
    narrower, `m` shows it in the table's place."""

    def __init__(
        self,
        record: Record,
        path: Path | str | None = None,
        *,
        seat: int | None = None,
        start: int | None = None,
        standalone: bool = False,
    ) -> None:
        super().__init__()
        self.record = record
        self.path = Path(path) if path is not None else None
        self.standalone = standalone
        self.game = get_game(record.game)
        try:
            self.model = ReplayModel.from_record(record)
        except ReplayError:  # (dealt by another generator: its first deal, and why)
            self.model = ReplayModel(
                self.game,
                [self.game.new_match(record.rules, len(record.players), record.seed)],
                [m.move for m in record.moves],
                players=record.players,
                seed=record.seed,
                record=record,
            )
        model = self.model
        self.states: list[Any] = model.states
        self.problem = model.problem.reason if model.problem is not None else None
        self.places = model.places
        self.finished = model.finished
        self.end = model.end
        # Every replayer opens at move 0, as 22's does (L11); a record that breaks opens
        # where it breaks.
        default = self.end if self.problem else 0
        self.index = default if start is None else max(0, min(start, self.end))
        # Every hand open for a finished game; else the first person's seat.
        first = next((s for s, p in enumerate(record.players) if p.kind == "human"), 0)
        self.seat: int | None = seat if seat is not None else (None if self.finished else first)
        self.comments: list[str | None] = model.comments
        self.show_moves: bool | None = None  # None: beside the table when it is wide
        translate_bindings(self)

    @property
    def dirty(self) -> bool:
        """Comments edited and not saved yet."""
        return self.model.dirty

    @dirty.setter
    def dirty(self, value: bool) -> None:
        self.model.dirty = value

    # ------------------------------------------------------------------ mounting
    def on_mount(self) -> None:
        self.mount_board()
        self.dress()

    # The analysis board's few words of where it is (tt22/tui/replay/analysis_pane.py):
    # its pane above the footer.
    def board_moves_made(self) -> int:
        return self.index

    def board_record(self) -> Record:
        return self.record

    def board_go(self, moves: int) -> None:
        self.go(moves)

    def board_place(self) -> tuple[Any, Any]:
        from tt22.tui.widgets.keybar import KeyBar

        bars = self.query(KeyBar)
        return self, bars.first() if bars else None

    def dress(self) -> None:
        """The mounted screen made ready (and again in another language): the panes
        scroll with the mouse but never take the keys, which step the record."""
        from textual.containers import VerticalScroll

        for pane in self.query(VerticalScroll):
            pane.can_focus = False
        self.set_focus(None)
        self.fit_footer()
        self.refresh_view()

    def on_resize(self) -> None:
        self.fit_footer()
        self.refresh_view()
        self.call_after_refresh(self.refresh_view)  # (what wraps, wrapped at the new width)

    # ------------------------------------------------------------------ subclass
    def refresh_view(self) -> None:
        """Draw the position `index` as `seat` sees it (None: every hand open)."""

    def move_label(self, i: int) -> str:
        """Move `i` (0-based) as the move list writes it, who made it included."""
        move = self.record.moves[i].move
        who = printable(self.record.players[move.seat].name, 40)
        return f"{who} {self.game.move_text(move)}"

    # ------------------------------------------------------------------ shared text
    @property
    def names(self) -> list[str]:
        """The seats' names as the record has them (a game's panels escape them as they
        draw; anything shown here goes through `printable`)."""
        return [p.name for p in self.record.players]

    def file_name(self) -> str:
        """The record's file name as it may be shown, "" for a record from no file."""
        return printable(self.path.name, 60) if self.path is not None else ""

    def comment_text(self) -> Text | None:
        """The comment on the last move made, if the shown view may see it, with the
        move it belongs to: "Comment on move 12 (Ann play A♠): ..."."""
        from tt22.tui.replay.words import rt

        i = self.index - 1
        if i < 0 or i >= len(self.comments):
            return None
        comment = self.comments[i]
        if not comment or not comment_visible(self.record.moves[i].move.seat, self.seat):
            return None
        head = plain(rt("comment.on", n=i + 1, move=self.move_label(i)) + " ", "bold")
        return head + plain(comment, limit=1000)

    # ------------------------------------------------------------------ the footer
    def fit_footer(self) -> None:
        """Keep the footer's keys whole at this width, in the current language."""
        from tt22.tui.replay.screen import footer_width

        translate_bindings(self)  # (the footer's group words too)
        show = self.app.get_key_display
        # The replayer's keys before the palette's (ctrl+p): the footer draws the palette
        # only where it leaves every key whole, and the help lists it.
        budget = self.app.size.width
        shown = [b for bs in bindings_of(self).key_to_bindings.values() for b in bs if b.show]
        hidden: set[str] = set()
        spare = list(self.FOOTER_SPARE)
        while shown and footer_width(shown, show) > budget:
            here = {b.action for b in shown}
            drop = next((a for a in spare if a in here), None)
            if drop is None:
                drop = next((b.action for b in reversed(shown) if b.action != "back"), None)
            if drop is None:
                break
            hidden.add(drop)
            shown = [b for b in shown if b.action != drop]
        if hidden:
            keys = {
                key: [dataclasses.replace(b, show=False) if b.action in hidden else b for b in bs]
                for key, bs in bindings_of(self).key_to_bindings.items()
            }
            replace_bindings(self, BindingsMap.from_keys(keys))
            self.refresh_bindings()

    # ------------------------------------------------------------------ stepping
    def go(self, index: int) -> None:
        self.index = max(0, min(index, self.end))
        self.refresh_view()
        self.refresh_bindings()

    def action_step(self, step: int) -> None:
        self.go(self.index + step)

    def action_hand(self, step: int) -> None:
        m = self.model
        self.go(m.next_hand(self.index) if step > 0 else m.prev_hand(self.index))

    def action_group(self, step: int) -> None:
        """The next (previous) place where a trick or turn (`Location.trick`), or a
        hand, begins (Rook's bidding is its hand's trick 0)."""
        m = self.model
        self.go(m.next_group(self.index) if step > 0 else m.prev_group(self.index))

    # ------------------------------------------------------------------ autoplay
    def auto_position(self) -> int:
        return self.index

    def auto_end(self) -> int:
        return self.end

    def auto_think(self, index: int) -> float | None:
        if 0 <= index < len(self.record.moves):
            return self.record.moves[index].think
        return None

    def auto_go(self, index: int) -> None:
        self.go(index)

    def result_words(self) -> str | None:
        """Who won, once the position shown is the match's end ("Ann, Bob won"; "no
        winner"), else None: every game's replayer says it where it says where it is."""
        from tt22.tui.replay.words import rt

        state = self.states[self.index]
        if not self.game.is_over(state):
            return None
        names = [printable(self.record.players[s].name, 40) for s in self.game.winners(state)]
        return rt("pick.won", names=t("sep.list").join(names)) if names else rt("pick.no_winner")

    def position_note(self) -> str:
        """What the status line adds while autoplaying ("" otherwise)."""
        notes = [note for note in (self.board_status(), self.auto_status()) if note]
        return "".join(f" · {note}" for note in notes)

    # ------------------------------------------------------------------ the move list
    def compose_moves(self) -> Any:
        """The move list's pane, for a subclass's `compose` (beside its table)."""
        from textual.containers import VerticalScroll
        from textual.widgets import Static

        with VerticalScroll(id="replay-moves-pane") as pane:
            pane.border_title = t("game_replay.moves.title")
            pane.can_focus = False
            yield Static(id="replay-moves")

    def moves_shown(self) -> bool:
        wide = self.size.width >= self.MOVES_BESIDE
        return self.show_moves if self.show_moves is not None else wide

    def place_moves(self, main: str) -> None:
        """Show or hide the move list beside the table `main` (a selector): beside it
        when the screen is wide enough, else in its place while `m` asks for it."""
        from textual.widgets import Static

        self.refresh_board()
        wide = self.size.width >= self.MOVES_BESIDE
        shown = self.moves_shown()
        pane = self.query_one("#replay-moves-pane")
        pane.border_title = t("game_replay.moves.title")
        pane.display = shown
        self.query_one(main).display = wide or not shown
        pane.styles.width = 34 if wide else "1fr"
        if shown:
            self.query_one("#replay-moves", Static).update(self.move_list())
            pane.scroll_to(y=max(0, self.index - 5), animate=False)

    def move_list(self) -> Text:
        """Every move in words (as `move_label` hides what the shown view may not
        know), the current one marked."""
        text = Text()
        text.append(t("game_replay.moves.start") + "\n", style="reverse" if self.index == 0 else "")
        for i in range(len(self.record.moves)):
            if i >= self.end and self.problem:
                break
            style = "reverse" if i + 1 == self.index else ""
            mark = self.board_mark(i)
            text.append(f"{i + 1}. {self.move_label(i)}{' ' + mark if mark else ''}\n", style=style)
        return text

    def action_moves(self) -> None:
        self.show_moves = not self.moves_shown()
        self.refresh_view()

    def action_game_help(self) -> None:
        """The game's rules and keys, with this record's options."""
        from tt22.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen.of_game(self.game.name, self.record.rules))

    def action_end(self, last: int) -> None:
        self.go(self.end if last else 0)

    def action_view(self) -> None:
        """Every hand open (finished games only), then each seat's view in turn."""
        order: list[int | None] = [*range(len(self.record.players))]
        if self.finished:
            order.insert(0, None)
        i = order.index(self.seat) if self.seat in order else -1
        self.seat = order[(i + 1) % len(order)]
        self.refresh_view()

    def action_goto(self) -> None:
        """Ask where to go (the model's `goto`); a place not in the record keeps the
        dialog open with why."""
        from tt22.tui.replay.dialogs import TextDialog
        from tt22.tui.replay.words import rt

        def check(text: str) -> str | None:
            try:
                self.model.goto(text)
            except GotoError as e:
                return rt("goto.bad", reason=str(e))
            return None

        def done(text: str | None) -> None:
            if text is not None:
                self.go(self.model.goto(text))

        self.app.push_screen(TextDialog(t("game_replay.goto.title"), check=check), done)

    # ------------------------------------------------------------------ comments
    def action_comment(self) -> None:
        from tt22.tui.replay.dialogs import TextDialog
        from tt22.tui.replay.words import rt

        i = self.index - 1
        if i < 0:
            say(self, rt("comment.no_move"))
            return
        if self.comments[i] and not comment_visible(self.record.moves[i].move.seat, self.seat):
            say(self, rt("comment.hidden"))  # editing would show another seat's comment
            return

        def done(text: str | None) -> None:
            if text is not None:
                self.set_comment(i, text)

        self.app.push_screen(
            TextDialog(
                rt("comment.title", n=i + 1, move=self.move_label(i)),
                self.comments[i] or "",
                hint=rt("comment.hint"),
                max_length=1000,
            ),
            done,
        )

    def set_comment(self, i: int, text: str) -> None:
        """Attach `text` to move `i`; empty text removes the comment."""
        self.model.set_comment(i, text)
        self.refresh_view()
        self.refresh_bindings()

    def action_save(self) -> None:
        self.ask_save(leaving=False)

    def ask_save(self, leaving: bool) -> None:
        from tt22.tui.replay.dialogs import ChoiceDialog
        from tt22.tui.replay.words import rt

        if self.path is None:
            say(self, rt("fork.no_source"), severity="warning")
            if leaving:
                self.leave()
            return
        if self.problem is not None:
            say(self, rt("save.broken"), severity="warning")
            if leaving:
                self.leave()
            return
        if not self.dirty:
            if leaving:
                self.leave()
            else:
                say(self, rt("save.nothing"))
            return
        choices = [
            ("copy", rt("save.copy")),
            ("in_place", rt("save.in_place", name=self.file_name())),
        ]
        if leaving:
            choices.append(("discard", rt("save.discard")))
        choices.append(("cancel", rt("save.cancel")))

        def done(answer: str | None) -> None:
            if answer in ("copy", "in_place"):
                if self.save(in_place=answer == "in_place") and leaving:
                    self.leave()
            elif answer == "discard":
                self.leave()

        self.app.push_screen(ChoiceDialog(rt("save.title"), choices), done)

    def save(self, *, in_place: bool) -> Path | None:
        """Write the record with its comments: by default a copy next to the original
        under a name not yet taken. Where it went (None, and a message, on failure)."""
        from tt22.record import save_record
        from tt22.tui.replay.screen import copy_path
        from tt22.tui.replay.words import rt

        assert self.path is not None
        try:
            target = self.path if in_place else copy_path(self.path)
            record = self.model.to_record()
            save_record(target, record)
        except (OSError, ValueError) as e:
            say(self, rt("save.failed", reason=printable(str(e), 200)), severity="error")
            return None
        self.record = self.model.record = record
        self.dirty = False
        self.refresh_bindings()
        say(self, rt("save.done", path=printable(str(target), 200)))
        return target

    # ------------------------------------------------------------------ play from here
    def action_fork(self) -> None:
        from tt22.play.session import peek_current
        from tt22.tui.replay.dialogs import ChoiceDialog
        from tt22.tui.replay.words import rt

        if self.path is None:
            say(self, rt("fork.no_source"), severity="warning")
            return
        if self.game.is_over(self.states[self.index]):
            say(self, rt("fork.over"), severity="warning")
            return
        choices = [(str(s), rt("fork.seat", name=name, n=s)) for s, name in enumerate(self.names)]
        choices.append(("cancel", rt("comment.cancel")))
        note = rt("fork.bots")
        current = peek_current(getattr(self.app, "home_dir", None))
        if current is not None:
            note += " " + rt("fork.replaces", seed=printable(current[0], 60))

        def done(answer: str | None) -> None:
            if answer is not None and answer.isdigit():
                self.play_from_here(int(answer))

        self.app.push_screen(ChoiceDialog(rt("fork.title"), choices, note), done)

    def forked(self, seat: int, name: str) -> Record:
        """The record of a new match: this one's first `index` moves, `seat` played by
        `name` here, the other seats by bots; its origin names this file and the move."""
        assert self.path is not None
        return self.model.fork(
            self.index,
            seat,
            name=name,
            started=dt.datetime.now(dt.UTC),
            source=str(self.path.resolve()),
        )

    def play_from_here(self, seat: int) -> None:
        """Seat a new live match at this position at the game's own table (on top of
        the replayer: leaving the table comes back here)."""
        from tt22.tui.tables import open_session

        self.stop_autoplay()
        app: Any = self.app
        settings = getattr(app, "settings", None)
        # (no name set: the record's name for that seat, L11)
        name = (getattr(settings, "name", "") or "").strip()
        try:
            session = session_from_record(self.forked(seat, name[:40]), app.home_dir)
        except SlotBusy as e:
            app.tell_busy(e)
            return
        except ValueError as e:
            say(self, str(e), severity="error")
            return
        open_session(app, session)

    # ------------------------------------------------------------------ leaving
    def action_back(self) -> None:
        self.stop_autoplay()
        if self.dirty:
            self.ask_save(leaving=True)
        else:
            self.leave()

    def leave(self) -> None:
        self.stop_autoplay()
        if self.standalone and len(self.app.screen_stack) <= 2:
            self.app.exit()
            return
        self.app.pop_screen()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "comment":
            return True if self.index > 0 else None
        if action == "save":
            return True if self.dirty else None
        if action == "fork":
            return True if self.path is not None else None
        return True


class TextReplayScreen(ProtocolReplayScreen):
    """A replayer whose table is text (the Rummy family's, Manipulation's): the status
    (`status()`), the comment on the last move, the table (`body()`) in a scrolling
    pane, and the move list beside it; a game's screen says only those two."""

    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = replay_bindings("turn")
    DEFAULT_CSS = """
    TextReplayScreen #replay-row { height: 1fr; }
    TextReplayScreen #replay-main { height: 1fr; width: 1fr; padding: 0 1; }
    TextReplayScreen TextLines { height: auto; }
    TextReplayScreen #replay-body { height: 1fr; }
    TextReplayScreen #replay-comment { max-height: 4; }
    """

    @property
    def names(self) -> list[str]:
        """The seats' names, escaped once here (these tables draw them as they are)."""
        return [printable(p.name, 40) for p in self.record.players]

    def status(self) -> Text:
        """Where the record is, whose view, the file, who won at the end."""
        return Text("")

    def body(self) -> Text:
        """The table at this position, from the shown view."""
        return Text("")

    def table_width(self) -> int:
        """The table pane's width now (what its lines wrap to)."""
        from tt22.tui.widgets.lines import TextLines

        return int(self.query_one("#replay-table", TextLines).content_region.width)

    def compose(self) -> Any:
        from textual.containers import Horizontal, Vertical, VerticalScroll

        from tt22.tui.widgets.keybar import KeyBar
        from tt22.tui.widgets.lines import TextLines

        with Horizontal(id="replay-row"):
            with Vertical(id="replay-main"):
                yield TextLines(id="replay-status")
                yield TextLines(id="replay-comment")
                with VerticalScroll(id="replay-body"):
                    yield TextLines(id="replay-table")
            yield from self.compose_moves()
        yield KeyBar()

    def refresh_view(self) -> None:
        from tt22.tui.widgets.lines import TextLines

        if not self.is_mounted:
            return
        self.query_one("#replay-status", TextLines).update(self.status())
        comment = self.comment_text()
        box = self.query_one("#replay-comment", TextLines)
        box.display = comment is not None
        box.update(comment or Text(""))
        self.query_one("#replay-table", TextLines).update(self.body())
        self.place_moves("#replay-main")
