"""Choosing a record to replay: the records folder, newest first, then the sample records
that come with tt22, or any path."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from rich.cells import cell_len
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from tt22.safe import printable
from tt22.tui.i18n import get_language, t
from tt22.tui.replay.words import rt, translate_bindings
from tt22.tui.safe_text import plain, say
from tt22.tui.widgets.footer import QuietFooter

if TYPE_CHECKING:
    from tt22.record import Record

__all__ = ["RecordEntry", "RecordPicker", "list_records", "sample_records_dir"]

MAX_LISTED = 500


class RecordEntry(NamedTuple):
    """One line of the picker: a file and what its head says (or why it cannot be read)."""

    path: Path
    started: str
    players: str
    result: str
    seed: str
    readable: bool
    sample: bool = False


def sample_records_dir() -> Path | None:
    """Where the sample records are: `tt22/samples` in an installed package (pyproject
    maps the source tree's `records/` there), or `records/` beside the package in a
    source checkout. None when neither holds a record."""
    package = Path(__file__).resolve().parents[2]
    for candidate in (package / "samples", package.parent / "records"):
        try:
            if candidate.is_dir() and any(candidate.glob("*.22rec")):
                return candidate
        except OSError:
            continue
    return None


# What each file's line said, by (path, size, modification time, language): a record
# is read and checked whole to list it (about 5 ms each, a dozen samples), and the
# browser opens again and again in a session; a file written since is read again.
_ENTRIES: dict[tuple[Path, int, int, str], RecordEntry] = {}


def _entry(path: Path) -> RecordEntry:
    try:
        st = path.stat()
    except OSError:
        return _read_entry(path)
    key = (path, st.st_size, st.st_mtime_ns, get_language())
    if key not in _ENTRIES:
        if len(_ENTRIES) >= 4 * MAX_LISTED:
            _ENTRIES.clear()
        _ENTRIES[key] = _read_entry(path)
    return _ENTRIES[key]


def _read_entry(path: Path) -> RecordEntry:
    from tt22.record import RecordError, load_record

    try:
        record = load_record(path)
    except (RecordError, OSError):
        return RecordEntry(path, "", "", rt("pick.unreadable"), "", False)
    return RecordEntry(
        path,
        record.started.replace("T", " ").removesuffix("Z")[:16],
        _names([printable(p.name, 24) for p in record.players], 22),
        _short(describe_result(record), 18),
        _short(printable(record.seed, 40), 14),
        True,
    )


def _names(names: list[str], width: int) -> str:
    """As many whole names as fit in `width` cells, then "+N" for the others: a name is
    never cut to "…" (only one longer than the whole column is)."""
    sep = t("sep.list")
    for shown in range(len(names), 0, -1):
        rest = len(names) - shown
        text = sep.join(names[:shown]) + (f" +{rest}" if rest else "")
        if cell_len(text) <= width:
            return text
    rest = len(names) - 1
    return _short(names[0], width - (len(f" +{rest}") if rest else 0)) + (
        f" +{rest}" if rest else ""
    )


def _short(text: str, width: int) -> str:
    """`text` cut to `width` cells with an ellipsis, so the four columns fit 80 cells."""
    if cell_len(text) <= width:
        return text
    out = ""
    for ch in text:
        if cell_len(out + ch) >= width:
            break
        out += ch
    return out + "…"


def describe_result(record: Record) -> str:
    r = record.result
    if not r.finished:
        return rt("pick.unfinished", n=r.deals)
    if not r.winners:
        return rt("pick.no_winner")
    names = t("sep.list").join(
        printable(record.players[s].name, 20) for s in r.winners if s < len(record.players)
    )
    return rt("pick.won", names=names)


def list_records(folder: Path, *, sample: bool = False) -> list[RecordEntry]:
    """The `.22rec` files in `folder`, newest first (by start time, then file time);
    samples in the order of their names."""
    try:
        files = [p for p in folder.glob("*.22rec") if p.is_file()]
    except OSError:
        return []
    files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    entries = [_entry(p) for p in files[:MAX_LISTED]]
    if sample:
        return sorted((e._replace(sample=True) for e in entries), key=lambda e: e.path.name)
    entries.sort(key=lambda e: (e.readable, e.started), reverse=True)
    return entries


class RecordPicker(Screen[None]):
    """The records folder as a table (Enter opens) and a box for any other path."""

    DEFAULT_CSS = """
    RecordPicker #pick-title { height: 1; padding: 0 1; text-style: bold; }
    RecordPicker #pick-table { height: 1fr; }
    RecordPicker #pick-path { dock: bottom; margin-bottom: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "key.back", id="picker.back"),
        Binding("slash", "focus_path", "pick.open", id="picker.path", key_display="/"),
    ]

    def __init__(
        self,
        folder: Path | None = None,
        *,
        samples: Path | None = None,
        with_samples: bool = True,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.folder = folder
        self.samples = samples
        self.with_samples = with_samples
        self.entries: list[RecordEntry] = []

    def compose(self) -> ComposeResult:
        yield Static(id="pick-title")
        yield DataTable(id="pick-table", cursor_type="row", zebra_stripes=True)
        yield Input(placeholder=rt("pick.path"), id="pick-path")
        yield QuietFooter()  # (built once, not at each signal of the opening)

    def on_mount(self) -> None:
        from tt22.record import records_dir

        folder = self.folder or records_dir()
        self.folder = folder
        own = list_records(folder)
        samples = self.samples or (sample_records_dir() if self.with_samples else None)
        shipped = list_records(samples, sample=True) if samples is not None else []
        self.entries = own + shipped
        table = self.query_one("#pick-table", DataTable)
        table.add_columns(rt("pick.date"), rt("pick.players"), rt("pick.result"), rt("pick.seed"))
        for i, e in enumerate(self.entries):
            label = e.started if e.readable else printable(e.path.name, 30)
            if e.sample:
                label = _short(rt("pick.sample", name=printable(e.path.stem, 40)), 20)
            table.add_row(
                plain(label), plain(e.players), plain(e.result), plain(e.seed), key=str(i)
            )
        title = self.query_one("#pick-title", Static)
        if own:
            said = rt("pick.count", n=len(own))
        else:
            said = rt("pick.empty", dir=printable(str(folder), 120))
        if shipped:
            said += " · " + rt("pick.samples", n=len(shipped))
        title.update(plain(f"{rt('pick.title')} · {said}"))
        if self.entries:
            table.focus()
        # With nothing to list, nothing has the focus: `/` (the footer's key) goes to the
        # path box rather than being typed into it.

    @on(DataTable.RowSelected)
    def _row(self, event: DataTable.RowSelected) -> None:
        key = event.row_key.value
        if key is not None:
            self.open(self.entries[int(key)].path)

    @on(Input.Submitted, "#pick-path")
    def _path(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if text:
            self.open(Path(text).expanduser())

    def open(self, path: Path) -> bool:
        """Open `path` in the replayer, or say in one line why it cannot be."""
        from tt22.games import DEFAULT_GAME
        from tt22.record import RecordError, load_record
        from tt22.replay_model import ReplayError, ReplayModel
        from tt22.tui.replay.screen import ReplayScreen
        from tt22.tui.tables import REPLAYERS, open_replay

        try:
            record = load_record(path)
            if record.game != DEFAULT_GAME and record.game in REPLAYERS:
                open_replay(self.app, record.game, record, path)  # that game's replayer
                return True
            model = ReplayModel.from_record(record)
        except (RecordError, ReplayError, OSError) as e:
            reason = printable(str(e) if not isinstance(e, OSError) else (e.strerror or str(e)))
            say(self, rt("pick.bad", reason=reason), severity="error")
            return False
        self.app.push_screen(ReplayScreen(model, path))
        return True

    def action_focus_path(self) -> None:
        self.query_one("#pick-path", Input).focus()

    def action_back(self) -> None:
        self.dismiss(None)
