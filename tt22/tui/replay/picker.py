"""Choosing a record to replay: the records folder, newest first, then the sample records
that come with tt22, or any path."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from rich.cells import cell_len
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from tt22.core.safe import printable
from tt22.tui.bindings import translate_bindings
from tt22.tui.i18n import add_section, get_language, t
from tt22.tui.replay.words import SECTION, rt
from tt22.tui.safe_text import plain, say
from tt22.tui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from tt22.record import Record

__all__ = ["RecordEntry", "RecordPicker", "list_records", "sample_records_dir"]

MAX_LISTED = 500

add_section(
    "replay.",
    {
        "pick.count1": ("1 record", "기록 1개", "記録 1件"),
        "pick.resigned": (
            "{name} resigned, deal {n}",
            "{name} 기권, {n}번째 딜",
            "{name}が投了、第{n}ディール",
        ),
    },
)


class RecordEntry(NamedTuple):
    """One record of the picker: a file and what its head says (or why it cannot be
    read). Every field is whole (the list wraps it), names and seed made printable."""

    path: Path
    started: str
    players: str
    result: str
    seed: str
    readable: bool
    sample: bool = False
    names: tuple[str, ...] = ()
    game: str = ""  # the game's name in the language of the list


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
    from tt22.tui.screens.setup import game_title

    names = tuple(printable(p.name, 40) for p in record.players)
    return RecordEntry(
        path,
        record.started.replace("T", " ").removesuffix("Z")[:16],
        t("sep.list").join(names),
        describe_result(record),
        printable(record.seed, MAX_SEED),
        True,
        names=names,
        game=game_title(record.game, record.rules),
    )


MAX_SEED = 120
"""A seed longer than this (the new-game form takes 100) is cut with a `…` as anywhere."""


def _names(names: Sequence[str], width: int) -> str:
    """As many whole names as fit in `width` cells, then "+N" for the others: a name is
    never cut to "…" (only one longer than the whole column is, and the line under the
    list names every player of the highlighted record whole)."""
    sep = t("sep.list")
    for shown in range(len(names), 0, -1):
        rest = len(names) - shown
        text = sep.join(names[:shown]) + (f" +{rest}" if rest else "")
        if cell_len(text) <= width:
            return text
    if not names:
        return ""
    rest = len(names) - 1
    more = f" +{rest}" if rest else ""
    return "\n".join(wrap(names[0], max(4, width - cell_len(more)))) + more


def _name_pieces(name: str) -> list[str]:
    """A file name in the pieces it may be broken between: after each `-`, `_` or `.`
    (`2026-12-01T18-44-01Z-` `MEKU-` `FVMM.` `22rec`), never inside a word."""
    pieces: list[str] = []
    piece = ""
    for ch in name:
        piece += ch
        if ch in "-_.":
            pieces.append(piece)
            piece = ""
    return [*pieces, piece] if piece else pieces


def wrap_name(name: str, width: int) -> list[str]:
    """A file name in lines of at most `width` cells, broken after its separators (as
    much of it on a line as fits); a piece wider than a line alone is broken inside."""
    width = max(1, width)
    lines: list[str] = []
    line = ""
    for piece in _name_pieces(name):
        for part in _chunks(piece, width):
            if cell_len(line) + cell_len(part) <= width:
                line += part
            else:
                lines.append(line)
                line = part
    return [*lines, line] if line or not lines else lines


def _chunks(word: str, width: int) -> list[str]:
    """`word` in pieces of at most `width` cells (Japanese and Korean have no spaces to
    break at: a break between two characters is how they wrap)."""
    out: list[str] = []
    piece = ""
    for ch in word:
        if piece and cell_len(piece + ch) > width:
            out.append(piece)
            piece = ""
        piece += ch
    return [*out, piece]


def wrap(text: str, width: int, split: Callable[[str, int], list[str]] = _chunks) -> list[str]:
    """`text` in lines of at most `width` cells, broken at its spaces (a word wider than
    the line, where `split` breaks it: by default between its characters): every
    character of it is shown, none is cut."""
    width = max(1, width)
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if not word:
            continue
        for piece in split(word, width) if cell_len(word) > width else [word]:
            if not line:
                line = piece
            elif cell_len(line) + 1 + cell_len(piece) <= width:
                line += " " + piece
            else:
                lines.append(line)
                line = piece
    return [*lines, line]


def wrap_label(label: str, width: int) -> list[str]:
    """The first column's lines: its words (`sample` and the name) wrapped at spaces,
    and a file name too long for a line broken after its separators."""
    return wrap(label, width, split=wrap_name)


def column_widths(natural: Sequence[int], least: Sequence[int], room: int) -> list[int]:
    """Each column's width: its natural width (its widest cell) when all fit in `room`
    cells, else the widest columns narrowed, one cell at a time, down to their least
    width (their cells then wrap onto more lines)."""
    widths = list(natural)
    while sum(widths) > room:
        i = max(range(len(widths)), key=lambda k: widths[k] - least[k])
        if widths[i] <= least[i]:
            break
        widths[i] -= 1
    return widths


def describe_result(record: Record) -> str:
    r = record.result
    if r.resigned is not None and r.resigned < len(record.players):
        return rt("pick.resigned", name=printable(record.players[r.resigned].name, 40), n=r.deals)
    if not r.finished:
        return rt("pick.unfinished", n=r.deals)
    if not r.winners:
        return rt("pick.no_winner")
    names = t("sep.list").join(
        printable(record.players[s].name, 40) for s in r.winners if s < len(record.players)
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


class RecordTable(DataTable[str]):
    """The records list: Home and End go to the first and the last record (a DataTable
    scrolls sideways with them, which a list of rows as wide as the screen never needs)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("home", "first_row", show=False),
        Binding("end", "last_row", show=False),
    ]

    def action_first_row(self) -> None:
        if self.row_count:
            self.move_cursor(row=0)

    def action_last_row(self) -> None:
        if self.row_count:
            self.move_cursor(row=self.row_count - 1)


class RecordPicker(Screen[None]):
    """The records folder as a table (Enter opens) and a box for any other path.

    Nothing in the list is cut: the columns share the width by what they hold and a cell
    too wide for its column wraps onto more lines of its row (a file name, a result, a
    seed); the players column shows as many whole names as fit and "+N", and the line
    under the list names every player of the highlighted record."""

    DEFAULT_CSS = """
    RecordPicker #pick-title { height: auto; padding: 0 1; text-style: bold; }
    RecordPicker #pick-table { height: 1fr; scrollbar-size-vertical: 1; }
    RecordPicker #pick-detail { height: auto; padding: 0 1; color: $text-muted; }
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
        translate_bindings(self, SECTION)
        self.folder = folder
        self.samples = samples
        self.with_samples = with_samples
        self.entries: list[RecordEntry] = []
        self._laid_out_at = 0  # the width the rows were wrapped for

    def compose(self) -> ComposeResult:
        yield Static(id="pick-title")
        yield RecordTable(id="pick-table", cursor_type="row", zebra_stripes=True)
        yield Static(id="pick-detail")
        yield Input(placeholder=rt("pick.path"), id="pick-path")
        yield KeyBar(compact=False)

    def on_mount(self) -> None:
        from tt22.record import records_dir

        folder = self.folder or records_dir()
        self.folder = folder
        own = list_records(folder)
        samples = self.samples or (sample_records_dir() if self.with_samples else None)
        shipped = list_records(samples, sample=True) if samples is not None else []
        self.entries = own + shipped
        self.fill_table(self.app.size.width)
        title = self.query_one("#pick-title", Static)
        if own:
            said = rt("pick.count1") if len(own) == 1 else rt("pick.count", n=len(own))
        else:
            said = rt("pick.empty", dir=printable(str(folder), 120))
        if shipped:
            said += " · " + rt("pick.samples", n=len(shipped))
        title.update(plain(f"{rt('pick.title')} · {said}"))
        self.query_one("#pick-detail", Static).display = bool(self.entries)
        if self.entries:
            self.query_one("#pick-table", DataTable).focus()
        # With nothing to list, nothing has the focus: `/` (the footer's key) goes to the
        # path box rather than being typed into it.

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._laid_out_at and self.entries:
            self.fill_table(event.size.width)

    @staticmethod
    def label(e: RecordEntry) -> str:
        """The first column: the file's name (a sample's name says so), whole."""
        if e.sample:
            return rt("pick.sample", name=printable(e.path.stem, 200))
        return printable(e.path.name, 200)

    @staticmethod
    def when(e: RecordEntry) -> str:
        """The first column's second line: the game and when it started ("Rook ·
        2026-12-01 18:49"), so a record of any game says which it is; a sample's, the
        game alone."""
        if e.sample and e.game:
            return e.game  # (a sample's start time is the day it was made: no news)
        return f"{e.game} · {e.started}" if e.game else e.started

    @classmethod
    def when_lines(cls, e: RecordEntry, width: int) -> list[str]:
        """The game and when, on one line if it fits, else the game and the day (the
        time is in the file's name and under the list), else the game on a line of its
        own and then when."""
        full = cls.when(e)
        if cell_len(full) <= width or not e.game:
            return wrap(full, width)
        day = f"{e.game} · {e.started[:10]}"
        if cell_len(day) <= width:
            return [day]
        return wrap(e.game, width) + wrap(e.started, width)

    def cells(self, screen_width: int) -> tuple[list[int], list[list[str]]]:
        """The columns' widths for a screen `screen_width` cells wide, and each record's
        four cells as lines of at most its column's width."""
        headers = [rt("pick.record"), rt("pick.players"), rt("pick.result"), rt("pick.seed")]
        # Each column has a cell of padding on either side, and the scroll bar its cell.
        room = max(40, screen_width - 2 * len(headers) - 1)
        natural = [cell_len(h) for h in headers]
        for e in self.entries:
            firsts = [self.label(e), self.when(e), e.players, e.result, e.seed]
            natural[0] = max(natural[0], *(cell_len(x) for x in firsts[:2]))
            for i, x in enumerate(firsts[2:], 1):
                natural[i] = max(natural[i], cell_len(x))
        # The name and the result keep a line each while they can; the players (all of
        # them under the list) and the seed give way first.
        low = (min(natural[0], 22), 14, min(natural[2], 18), 10)
        least = [max(cell_len(h), x) for h, x in zip(headers, low, strict=True)]
        widths = column_widths(natural, least, room)
        rows = []
        for e in self.entries:
            record = wrap_label(self.label(e), widths[0])
            if e.readable:
                record += self.when_lines(e, widths[0])
            players = _names(e.names, widths[1]) if e.names else e.players
            rows.append(
                [
                    "\n".join(record),
                    players,
                    "\n".join(wrap(e.result, widths[2])),
                    "\n".join(wrap(e.seed, widths[3])) if e.seed else "",
                ]
            )
        return widths, rows

    def fill_table(self, screen_width: int) -> None:
        """The rows, wrapped for a screen `screen_width` cells wide (again at a resize:
        the cursor stays on its record)."""
        self._laid_out_at = screen_width
        table = self.query_one("#pick-table", DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        widths, rows = self.cells(screen_width)
        headers = [rt("pick.record"), rt("pick.players"), rt("pick.result"), rt("pick.seed")]
        for header, width in zip(headers, widths, strict=True):
            table.add_column(header, width=width)
        for i, cells in enumerate(rows):
            table.add_row(*(plain(c) for c in cells), key=str(i), height=None)
        if self.entries:
            table.move_cursor(row=min(row, len(self.entries) - 1))
            self.show_detail(min(row, len(self.entries) - 1))

    def show_detail(self, index: int) -> None:
        """Under the list: every player of the highlighted record, whole."""
        e = self.entries[index]
        text = rt("pick.detail", n=len(e.names), names=e.players) if e.names else e.result
        if e.game:
            text = f"{e.game} · {e.started} · {text}"
        self.query_one("#pick-detail", Static).update(plain(text))

    @on(DataTable.RowHighlighted)
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        key = event.row_key.value
        if key is not None:
            self.show_detail(int(key))

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
        from tt22.play.replay import ReplayError
        from tt22.record import RecordError, load_record
        from tt22.tui.tables import REPLAYERS, open_replay

        try:
            record = load_record(path)
            if record.game not in REPLAYERS:
                say(self, rt("pick.no_replayer", game=printable(record.game)), severity="error")
                return False
            open_replay(self.app, record.game, record, path)  # that game's replayer
        except (RecordError, ReplayError, OSError) as e:
            reason = printable(str(e) if not isinstance(e, OSError) else (e.strerror or str(e)))
            say(self, rt("pick.bad", reason=reason), severity="error")
            return False
        return True

    def action_focus_path(self) -> None:
        self.query_one("#pick-path", Input).focus()

    def action_back(self) -> None:
        self.dismiss(None)
