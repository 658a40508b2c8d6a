"""The replayer as an analysis board (issue 24, docs/analysis.md "In the replayer"): one
place for the one replayer (tt22.tui.replay.screen.ReplayScreen, every game's), so
nothing of it is written twice.

- `AnalysisPane`, the evaluation pane: whose analysis it is and that seat's accuracy,
  the seat's expected outcome decision by decision as a one-line chart (a taller bar is
  better for the seat, whichever way the game counts; the decision shown reversed), the
  move played at the current position with its mark, and the best move beside it with
  the loss.
- `AnalysisBoard`, the mixin both screens take: the section found with the record (the
  file itself when it is an analysed copy, else its `-analysis.22rec` copy beside it
  when that copy holds this very match), the marks for the move lists, `n` / `N` to
  the next and previous marked decision, the accuracy for the status line, and `a`,
  which analyses the record with `tt22.analysis` in a thread worker, the progress in
  the pane, and keeps the result in an analysed copy (never over the file opened).

Hidden information: in a seat's view only that seat's decisions are shown (marks,
chart, best move, accuracy); the all-hands view shows every analysed seat's own-view
ratings, each made from that seat's view only, and no perfect-information figure.
Nothing here knows a game's rules: the figures and the moves' names are the analysis
section's (the game's own notation, `Game.move_text`), the unit is the game's, and
every text from a file goes through `printable` into a `Text`, never markup.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from tt22.core.safe import printable
from tt22.tui.i18n import CATALOGUE, add_section, t
from tt22.tui.safe_text import say

__all__ = [
    "ANALYSIS_BINDINGS",
    "AnalysisBoard",
    "AnalysisPane",
    "analysed_target",
    "analysis_key_words",
    "find_analysis",
    "sparkline",
]

add_section(
    "analysis.",
    {
        "key.next": ("Next mistake", "다음 실수", "次の悪手"),
        "key.prev": ("Previous mistake", "이전 실수", "前の悪手"),
        "key.analyse": ("Analyse", "분석", "解析"),
        "title": ("Eval: {name}", "평가: {name}", "評価: {name}"),
        "status": ("{name} accuracy {acc}%", "{name} 정확도 {acc}%", "{name} 精度 {acc}%"),
        "no_accuracy": ("no decision rated", "평가된 수 없음", "評価した手なし"),
        "played": ("Played {move}", "둔 수 {move}", "指し手 {move}"),
        "best": (
            "Best {move} (loss {loss})",
            "최선 {move} (손실 {loss})",
            "最善 {move} (損失 {loss})",
        ),
        "was_best": ("the best move", "최선의 수", "最善手"),
        "unrated": ("move {n}: not rated", "{n}수: 평가 없음", "{n}手目: 評価なし"),
        "start": ("(start)", "(시작)", "(開始)"),
        "seat_none": (
            "no analysis of this seat (a: analyse)",
            "이 자리의 분석 없음 (a: 분석)",
            "この席の解析なし (a: 解析)",
        ),
        "working": (
            "Analysing: {done}/{total}",
            "분석 중: {done}/{total}",
            "解析中: {done}/{total}",
        ),
        "busy": ("An analysis is already running", "이미 분석 중입니다", "すでに解析中です"),
        "done": (
            "Analysed; kept in {path}",
            "분석 완료, {path}에 저장",
            "解析しました。{path} に保存",
        ),
        "done_unsaved": (
            "Analysed (not kept: the record has no file)",
            "분석 완료 (파일이 없어 저장 안 함)",
            "解析しました (ファイルがないため保存なし)",
        ),
        "failed": (
            "Could not analyse: {reason}",
            "분석할 수 없음: {reason}",
            "解析できません: {reason}",
        ),
        "not_saved": (
            "Analysed, but not kept: {reason}",
            "분석했지만 저장 못 함: {reason}",
            "解析しましたが保存できません: {reason}",
        ),
        "no_mark": ("No further marked move", "더 이상 표시된 수 없음", "これ以上の印の手なし"),
        "help.next": (
            "the next or the previous marked move (?!, ?, ??)",
            "다음/이전 표시된 수 (?!, ?, ??)",
            "次/前の印の手 (?!、?、??)",
        ),
        "help.analyse": (
            "analyse the record: the view's seat, or every seat, each from its own view"
            " (kept in NAME-analysis.22rec)",
            "기록 분석: 보이는 자리 또는 모든 자리를 각자의 시점으로 (NAME-analysis.22rec에 저장)",
            "記録を解析: 表示中の席か全席を各自の視点で (NAME-analysis.22rec に保存)",
        ),
    },
)

ANALYSIS_BINDINGS: list[BindingType] = [
    # (not in the footer, as `m` is not: at 80 columns there is no room; the help and
    # the palette list them)
    Binding("n", "next_mistake(1)", "analysis.key.next", id="replay.analysis.next", show=False),
    Binding(
        "N", "next_mistake(-1)", "analysis.key.prev", id="replay.analysis.prev",
        show=False,
    ),
    Binding("a", "analyse", "analysis.key.analyse", id="replay.analysis.run", show=False),
]  # fmt: skip
"""The board's keys, added to each replayer's own."""


def analysis_key_words() -> tuple[Any, ...]:
    """The help's rows (`tt22.tui.summary.data.KeyWords`) of the board's keys, for every
    replayer's help page."""
    from tt22.tui.summary.data import KeyWords

    def row(keys: tuple[str, ...], shown: str, key: str) -> Any:
        words = CATALOGUE["analysis." + key]
        return KeyWords(keys, *((shown, words[i] or words[0]) for i in range(3)))

    return (
        row(("n", "N"), "n N", "help.next"),
        row(("a",), "a", "help.analyse"),
    )


BARS = "▁▂▃▄▅▆▇█"
ASCII_BARS = "_.-=+*#@"


def sparkline(values: list[float], width: int, current: int | None, ascii_style: bool) -> Text:
    """`values` (taller better) as one line of bars, at most `width` of them: the window
    of the latest values that holds `current` (an index into `values`), drawn reversed."""
    bars = ASCII_BARS if ascii_style else BARS
    if not values:
        return Text("")
    width = max(1, width)
    end = len(values)
    if current is not None and len(values) > width:
        end = min(len(values), max(width, current + 1 + width // 2))
    start = max(0, end - width)
    shown = values[start:end]
    low, high = min(values), max(values)
    span = high - low
    line = Text()
    for i, v in enumerate(shown, start):
        level = 0 if span <= 0 else round((v - low) / span * (len(bars) - 1))
        line.append(bars[level], style="reverse bold" if i == current else "")
    return line


def find_analysis(path: Path | None, record: Any) -> Any:
    """The analysis section of `record` (a `Record`) kept with its file: the file's own
    (an analysed copy), else the `-analysis.22rec` copy beside it, when either holds
    this very match (the body's digest); None otherwise, and for any file that does not
    read (the replayer opens as before)."""
    from tt22.record import RecordError, analysed_path, load_analysed

    if path is None or record is None:
        return None
    for candidate in (path, analysed_path(str(path))):
        try:
            if not candidate.is_file():
                continue
            body, section = load_analysed(candidate)
        except (OSError, RecordError):
            continue
        if section is not None and body.digest == record.digest:
            return section
    return None


def analysed_target(path: Path) -> Path:
    """Where `a` keeps its analysed copy: `tt22 analyse`'s default name beside the
    record, or, when that is the file opened itself (a copy opened), a free name beside
    it, so the file opened is never replaced."""
    from tt22.record import analysed_path

    target = analysed_path(str(path))
    if target.resolve() != path.resolve():
        return target
    stem = path.name.removesuffix(".22rec")
    for n in range(2, 10_000):
        candidate = path.with_name(f"{stem}-{n}.22rec")
        if not candidate.exists():
            return candidate
    raise OSError("no free name for the analysed copy")


def screen_mounted(node: object) -> bool:
    return bool(getattr(node, "is_mounted", False))


def _figure(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".") if abs(x) < 1000 else f"{x:.0f}"


class AnalysisPane(Static):
    """The evaluation pane (drawn by `AnalysisBoard.refresh_board`): hidden until the
    record has an analysis or one is being made."""

    DEFAULT_CSS = """
    AnalysisPane {
        height: auto; border-top: solid $accent; padding: 0 0;
    }
    """

    def __init__(self, *, id: str | None = "replay-analysis") -> None:
        super().__init__("", id=id)
        self.display = False
        self.lines: list[Text] = []

    def show_lines(self, lines: list[Text]) -> None:
        self.lines = lines
        self.display = bool(lines)
        self.update(Text("\n").join(lines) if lines else Text(""))


class AnalysisBoard:
    """The analysis board of a replayer. A screen takes it before its other bases and
    says, in a few lines, where it is: `board_moves_made()` (the moves made at the
    position shown), `board_record()` (the `Record`, or None), `board_go(moves)` (show
    the position after that many moves); it has `path`, `seat`, `app` and
    `ascii_style`-like drawing. It calls `mount_board()` once mounted (the pane goes
    where `board_place()` says) and `refresh_board()` whenever it draws."""

    ANALYSIS_WORLDS: ClassVar[int | None] = None
    """Worlds a decision for `a` (None: the game's default, as `tt22 analyse`)."""
    ANALYSIS_JOBS: ClassVar[int] = 1
    """Processes for `a` (one: the worker is a thread of the app, not a fork of it)."""

    path: Path | None
    seat: int | None

    # -- what a screen says -----------------------------------------------------------
    def board_moves_made(self) -> int:
        raise NotImplementedError

    def board_record(self) -> Any:
        raise NotImplementedError

    def board_go(self, moves: int) -> None:
        raise NotImplementedError

    def board_place(self) -> tuple[Widget, Widget | None]:
        """The pane's parent and the widget it goes before (None: at the end)."""
        raise NotImplementedError

    def board_ascii(self) -> bool:
        return bool(getattr(getattr(self, "app", None), "ascii_cards", False))

    # -- the section ------------------------------------------------------------------
    @property
    def analysis(self) -> Any:
        if not hasattr(self, "_analysis"):
            self._analysis: Any = find_analysis(self.path, self.board_record())
            self._by_index: dict[int, Any] = {}
            self._index_section()
        return self._analysis

    def _index_section(self) -> None:
        section = self._analysis
        self._by_index = {d.index: d for d in section.decisions} if section else {}
        self._board_version = getattr(self, "_board_version", 0) + 1

    @property
    def board_version(self) -> int:
        """Changes whenever the section does (the move lists' marks are redrawn)."""
        _ = self.analysis
        return self._board_version

    def set_analysis(self, section: Any) -> None:
        self._analysis = section
        self._index_section()

    def board_decision(self, index: int) -> Any:
        """The rated decision of move `index` the shown view may see, else None."""
        if self.analysis is None:
            return None
        d = self._by_index.get(index)
        if d is None or (self.seat is not None and d.seat != self.seat):
            return None
        return d

    def board_mark(self, index: int) -> str:
        """The mark of move `index` for the move lists ("" when none, or hidden)."""
        d = self.board_decision(index)
        return str(d.mark) if d is not None else ""

    def board_seat(self) -> int | None:
        """Whose analysis the pane shows: the view's seat; in the all-hands view the seat
        of the latest rated decision up to here, else the first seat analysed."""
        section = self.analysis
        if section is None:
            return None
        if self.seat is not None:
            return self.seat if self.seat in section.seats else None
        made = self.board_moves_made()
        latest = [d for d in section.decisions if d.index < made]
        return int(latest[-1].seat if latest else section.seats[0])

    def board_accuracy(self, seat: int) -> float | None:
        section = self.analysis
        for a in section.accuracy if section is not None else ():
            if a.seat == seat:
                return float(a.accuracy) if a.accuracy is not None else None
        return None

    def board_status(self) -> str | None:
        """The status line's words: the shown seat's accuracy over the match."""
        seat = self.board_seat()
        record = self.board_record()
        if seat is None or record is None:
            return None
        acc = self.board_accuracy(seat)
        if acc is None:
            return None
        name = printable(record.players[seat].name, 40)
        return t("analysis.status", name=name, acc=f"{acc:.1f}")

    # -- drawing ----------------------------------------------------------------------
    def mount_board(self) -> None:
        parent, before = self.board_place()
        if before is not None:
            parent.mount(AnalysisPane(), before=before)
        else:
            parent.mount(AnalysisPane())

    def board_pane(self) -> AnalysisPane | None:
        screen: Any = self
        found = screen.query("#replay-analysis")
        return found.first() if found else None

    def refresh_board(self) -> None:
        pane = self.board_pane()
        if pane is not None:
            pane.show_lines(self.board_lines(max(12, pane.content_region.width or 28)))

    def board_lines(self, width: int) -> list[Text]:
        """What the pane shows, each line at most `width` cells (longer words wrap)."""
        progress = getattr(self, "_board_progress", None)
        if progress is not None:
            return [Text(t("analysis.working", done=progress[0], total=progress[1]), "bold")]
        section = self.analysis
        record = self.board_record()
        if section is None or record is None:
            return []
        seat = self.board_seat()
        if seat is None:
            return [Text(t("analysis.seat_none"), style="dim")]
        name = printable(record.players[seat].name, 40)
        acc = self.board_accuracy(seat)
        head = Text(t("analysis.title", name=name), style="bold")
        if acc is not None:
            head.append(f" {acc:.1f}%")
        mine = [d for d in section.decisions if d.seat == seat]
        made = self.board_moves_made()
        sign = -1.0 if section.lower_is_better else 1.0
        values = [sign * next(c.mean for c in d.candidates if c.move == d.played) for d in mine]
        current = next((k for k, d in enumerate(mine) if d.index == made - 1), None)
        lines = [head, sparkline(values, width, current, self.board_ascii())]
        d = self.board_decision(made - 1) if made > 0 else None
        if d is None:
            where = t("analysis.start") if made == 0 else t("analysis.unrated", n=made)
            lines.append(Text(where, style="dim"))
            return lines
        by = {c.move: c for c in d.candidates}
        played = Text(t("analysis.played", move=printable(d.played, 60)))
        played.append(f" {_figure(by[d.played].mean)}")
        if d.mark:
            played.append(" " + d.mark, style="bold reverse")
        lines.append(played)
        if d.best != d.played:
            best = t("analysis.best", move=printable(d.best, 60), loss=_figure(d.loss))
            lines.append(Text(best))
        else:
            lines.append(Text(t("analysis.was_best"), style="dim"))
        return lines

    # -- keys -------------------------------------------------------------------------
    def action_next_mistake(self, step: int) -> None:
        """The position just after the next (previous) marked decision the view shows."""
        section = self.analysis
        made = self.board_moves_made()
        marked = [
            d.index
            for d in (section.decisions if section is not None else ())
            if d.mark and self.board_decision(d.index) is not None
        ]
        if step > 0:
            target = next((i for i in marked if i + 1 > made), None)
        else:
            target = next((i for i in reversed(marked) if i + 1 < made), None)
        if target is None:
            say(self.app_of(), t("analysis.no_mark"))
            return
        self.board_go(target + 1)

    def app_of(self) -> Any:
        return getattr(self, "app")  # noqa: B009  (the screen's app; a mixin has none)

    def action_analyse(self) -> None:
        """`a`: the record analysed in a thread worker (the seat of the view, or every
        seat in the all-hands view), the progress in the pane; kept when done."""
        screen: Any = self
        if getattr(self, "_board_progress", None) is not None:
            say(screen, t("analysis.busy"))
            return
        record = self.board_record()
        if record is None:
            say(screen, t("analysis.failed", reason="no record"), severity="error")
            return
        seats = list(range(len(record.players))) if self.seat is None else [self.seat]
        self._board_progress: tuple[int, int] | None = (0, 0)
        self.refresh_board()
        app = self.app_of()

        def progress(done: int, total: int) -> None:
            # (the app closed: the analysis still ends and is kept)
            with contextlib.suppress(RuntimeError):
                app.call_from_thread(self._board_step, done, total)

        def work() -> tuple[Any, Path | None, str | None]:
            return self._board_analyse(record, seats, progress)

        self.board_worker = screen.run_worker(
            work, name="analyse", group="analysis", thread=True, exit_on_error=False
        )

    def _board_step(self, done: int, total: int) -> None:
        if getattr(self, "_board_progress", None) is not None and screen_mounted(self):
            self._board_progress = (done, total)
            self.refresh_board()

    def _board_analyse(
        self, record: Any, seats: list[int], progress: Callable[[int, int], None]
    ) -> tuple[Any, Path | None, str | None]:
        """In the worker: the section, where it was kept, and why not (None: kept)."""
        from tt22.analysis import Settings, analyse_record, objective_of
        from tt22.record import encode_record, save_record, verify_record

        result = verify_record(record)
        if not result.ok:
            raise ValueError(str(result.problem))
        objective = objective_of(record.game)
        settings = Settings(
            worlds=self.ANALYSIS_WORLDS or objective.worlds, seed="analyse", bot=objective.playout
        )
        section = analyse_record(
            encode_record(record), seats, settings, jobs=self.ANALYSIS_JOBS, progress=progress
        )
        if self.path is None:
            return section, None, None
        try:
            target = analysed_target(self.path)
            save_record(target, record, section)
        except (OSError, ValueError) as e:
            return section, None, str(getattr(e, "strerror", None) or e)
        return section, target, None

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "analysis" or worker.state not in (
            WorkerState.SUCCESS,
            WorkerState.ERROR,
            WorkerState.CANCELLED,
        ):
            return
        screen: Any = self
        self._board_progress = None
        if not screen.is_mounted:  # left before it ended (the copy is kept all the same)
            return
        if worker.state == WorkerState.SUCCESS and worker.result is not None:
            section, target, problem = worker.result
            self.set_analysis(section)
            if problem is not None:
                say(
                    screen,
                    t("analysis.not_saved", reason=printable(problem, 200)),
                    severity="warning",
                )
            elif target is not None:
                say(screen, t("analysis.done", path=printable(str(target), 200)))
            else:
                say(screen, t("analysis.done_unsaved"))
        elif worker.state == WorkerState.ERROR:
            error = worker.error
            reason = str(error).splitlines()[0] if str(error) else type(error).__name__
            say(screen, t("analysis.failed", reason=printable(reason, 200)), severity="error")
        screen.refresh_view()
