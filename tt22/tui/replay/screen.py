"""The one replayer: every game's record stepped through the one replay model.

`ReplayScreen` is the whole replayer but the table: a record folded through its game
(`tt22.play.replay.ReplayModel`), walked by move, by the game's trick or turn and by
hand, Home/End and goto; the views (every hand open for a finished game, then each
seat's view), autoplay with space (+ - its pace, t real time), the move list, comments
(`c`, a seat's view on its own moves only, `tt22.record.comment_visible`), saving them
(`s`, a copy next to the record or over it; leaving with unsaved comments asks), play
from here (`p`: a new live match at this position, one seat at this keyboard and bots
elsewhere, the record's names kept), the command palette (ctrl+p, from the screen's
own keys) and the analysis board's keys.

The per-game part, a game's *replay interface*, is a small subclass in
tt22/tui/games/<name>/replay.py (see `ReplayScreen`): what to draw for a position from
a view or every hand open, the move list's row text, how a hand ended and who won, and
any pane of its own (22's penalty chart). The registry's `GameEntry.replayer` names it.

Every piece of text from the record (names, comments, paths) reaches the screen
through tt22.tui.safe_text (`plain`, `say`) or `tt22.core.safe.printable` inside a
`Text`, never as markup.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingsMap, BindingType
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from tt22.core.registry import get_game
from tt22.core.safe import printable
from tt22.play.replay import GotoError, ReplayError, ReplayModel
from tt22.record import Record, save_record
from tt22.tui.bindings import translate_bindings
from tt22.tui.hooks import bindings_of, replace_bindings
from tt22.tui.i18n import t
from tt22.tui.redraw import DressedScreen
from tt22.tui.replay.analysis_pane import AnalysisBoard
from tt22.tui.replay.autoplay import SPEEDS, Autoplay
from tt22.tui.replay.dialogs import ChoiceDialog, TextDialog
from tt22.tui.replay.keys import replay_bindings
from tt22.tui.replay.words import rt
from tt22.tui.safe_text import plain, say
from tt22.tui.widgets.keybar import KeyBar, group_display
from tt22.tui.widgets.lines import TextLines

__all__ = [
    "SPEEDS",
    "GotoError",
    "ReplayCommands",
    "ReplayScreen",
    "TextReplayScreen",
    "copy_path",
    "footer_width",
]


def footer_width(bindings: list[Binding], key_display: Callable[[Binding], str]) -> int:
    """The cells `KeyBar` (compact) takes for `bindings` (one per action, in order): a
    group is its keys side by side, a space and its word; a lone key is the key, a
    space and its words; one space between them."""
    parts: list[int] = []
    seen: set[str] = set()
    i = 0
    while i < len(bindings):
        b = bindings[i]
        if b.action in seen:
            i += 1
            continue
        if b.group is not None:
            members: list[Binding] = []
            while i < len(bindings) and bindings[i].group == b.group:
                if bindings[i].action not in seen:
                    seen.add(bindings[i].action)
                    members.append(bindings[i])
                i += 1
            if len(members) > 1:
                shown = group_display(members, key_display)
                parts.append(cell_len(shown) + 1 + cell_len(b.group.description))
            else:  # a group of one is drawn as a lone key
                parts.append(cell_len(key_display(b)) + 1 + cell_len(b.description))
        else:
            seen.add(b.action)
            parts.append(cell_len(key_display(b)) + 1 + cell_len(b.description))
            i += 1
    return sum(parts) + max(len(parts) - 1, 0)


def copy_path(path: Path) -> Path:
    """`game.22rec` -> `game-notes.22rec`, `game-notes-2.22rec`, ...: never an existing file."""
    stem = path.name.removesuffix(".22rec")
    for n in range(1, 10_000):
        suffix = "-notes" if n == 1 else f"-notes-{n}"
        candidate = path.with_name(f"{stem}{suffix}.22rec")
        if not candidate.exists():
            return candidate
    raise OSError("no free name for a copy")


class ReplayCommands(Provider):
    """Every replay action in the command palette, in the current language: the one
    palette of every game's replayer (the screen's `palette()` lists them)."""

    def _commands(self) -> Iterable[tuple[str, str, Any]]:
        screen = self.screen
        assert isinstance(screen, ReplayScreen)
        for name, help_text, action in screen.palette():
            yield name, help_text, partial(screen.run_action, action)

    async def discover(self) -> Hits:
        for name, help_text, callback in self._commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, callback in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)


class ReplayScreen(AnalysisBoard, Autoplay, DressedScreen[None]):
    """The replayer of any game's record, over the one replay model.

    Everything but the drawing is here: the position (`p`, also `index`), the view
    (`seat`), stepping, goto, the views, autoplay, comments, saving them, play from
    here, leaving, the palette and the analysis board. A game's replayer is a small
    subclass in tt22/tui/games/<name>/replay.py (the game's replay interface):

    - `compose` its table, with `compose_moves()` beside it (the move list), and
      `refresh_view` it at the position as the view `seat` sees it (None: every hand
      open), calling `place_moves(main)`; the game's words for where it is, and
      `result_words()` (who won) at the end;
    - `move_label(i)`: move i as the move list writes it (hiding what the view may
      not know);
    - how a hand ended, where the model says one did (`model.hand_ended(p)`);
    - its keys: `BINDINGS = replay_bindings("trick")` (or "turn").

    22's replayer (tt22/tui/games/twentytwo/replay.py) keeps its own table widgets,
    footer words and penalty chart over the same actions.
    """

    COMMANDS: ClassVar[set[Any]] = {ReplayCommands}
    DEFAULT_CSS = """
    ReplayScreen #replay-moves-pane {
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
        record: Record | ReplayModel,
        path: Path | str | None = None,
        *,
        seat: int | None = None,
        start: int | None = None,
        ascii_cards: bool | None = None,
        standalone: bool = False,
    ) -> None:
        super().__init__()
        self._ascii = ascii_cards  # (None: as the app draws cards)
        self.ready = False  # set once mounted and drawn (tests wait for it)
        self.model = record if isinstance(record, ReplayModel) else self.open_model(record)
        self.path = Path(path) if path is not None else None
        self.standalone = standalone
        self.game = self.model.game
        model = self.model
        self.states: list[Any] = model.states
        self.problem = model.problem.reason if model.problem is not None else None
        self.places = model.places
        self.finished = model.finished
        self.end = model.end
        # Every replayer opens at move 0 (L11); a record that breaks, where it breaks.
        default = self.end if self.problem else 0
        self.p = default if start is None else model.clamp(start)
        self.seat: int | None = seat if seat is not None else self.first_view()
        self.comments: list[str | None] = model.comments
        self.show_moves: bool | None = None  # None: beside the table when it is wide
        self.bind_keys()

    @classmethod
    def open_model(cls, record: Record) -> ReplayModel:
        """The record folded (a record dealt by another generator: its first deal, and
        the banner says why)."""
        try:
            return ReplayModel.from_record(record)
        except ReplayError:
            game = get_game(record.game)
            return ReplayModel(
                game,
                [game.new_match(record.rules, len(record.players), record.seed)],
                [m.move for m in record.moves],
                players=record.players,
                seed=record.seed,
                record=record,
            )

    def first_view(self) -> int | None:
        """Every hand open for a finished game; else the first person's seat."""
        if self.finished:
            return None
        players = self.model.players
        return next((s for s, p in enumerate(players) if p.kind == "human"), 0)

    def bind_keys(self) -> None:
        """The keys' words in the current language (22's screen has its own)."""
        translate_bindings(self)

    @property
    def ascii_style(self) -> bool:
        """Cards drawn in ASCII: as asked, else as the app draws them."""
        if self._ascii is not None:
            return self._ascii
        return bool(getattr(self.app, "ascii_cards", False))

    @property
    def index(self) -> int:
        """The position shown (moves made): `p`."""
        return self.p

    @index.setter
    def index(self, value: int) -> None:
        self.p = value

    @property
    def record(self) -> Record:
        """The record as read, with the comments saved so far."""
        assert self.model.record is not None
        return self.model.record

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

    def board_record(self) -> Record | None:
        return self.model.record

    def board_go(self, moves: int) -> None:
        self.go(moves)

    def board_place(self) -> tuple[Any, Any]:

        bars = self.query(KeyBar)
        return self, bars.first() if bars else None

    def dress(self) -> None:
        """The mounted screen made ready (and again in another language): the panes
        scroll with the mouse but never take the keys, which step the record."""
        for pane in self.query(VerticalScroll):
            pane.can_focus = False
        self.set_focus(None)
        self.fit_footer()
        self.refresh_view()

    def on_resize(self, event: events.Resize) -> None:
        self.fit_footer()
        self.refresh_view()
        self.call_after_refresh(self.refresh_view)  # (what wraps, wrapped at the new width)

    # ------------------------------------------------------------------ subclass
    def refresh_view(self) -> None:
        """Draw the position `index` as `seat` sees it (None: every hand open)."""

    def move_label(self, i: int) -> str:
        """Move `i` (0-based) as the move list writes it, who made it included."""
        move = self.model.all_moves[i]
        who = printable(self.model.players[move.seat].name, 40)
        return f"{who} {self.game.move_text(move)}"

    # ------------------------------------------------------------------ shared text
    @property
    def names(self) -> list[str]:
        """The seats' names as the record has them (a game's panels escape them as they
        draw; anything shown here goes through `printable`)."""
        return [p.name for p in self.model.players]

    def file_name(self) -> str:
        """The record's file name as it may be shown, "" for a record from no file."""
        return printable(self.path.name, 60) if self.path is not None else ""

    def comment_text(self) -> Text | None:
        """The comment on the last move made, if the shown view may see it, with the
        move it belongs to: "Comment on move 12 (Ann play A♠): ..."."""

        i = self.index - 1
        if i < 0 or i >= len(self.comments):
            return None
        comment = self.model.comment(i, self.seat)
        if not comment:
            return None
        head = plain(rt("comment.on", n=i + 1, move=self.move_label(i)) + " ", "bold")
        return head + plain(comment, limit=1000)

    # ------------------------------------------------------------------ the footer
    def fit_footer(self) -> None:
        """Keep the footer's keys whole at this width, in the current language."""

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
        self.p = self.model.clamp(index)
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
        return self.model.think(index)

    def auto_go(self, index: int) -> None:
        self.go(index)

    def result_words(self) -> str | None:
        """Who won, once the position shown is the match's end ("Ann, Bob won"; "no
        winner"), else None: every game's replayer says it where it says where it is."""

        state = self.states[self.index]
        if not self.game.is_over(state):
            return None
        names = [printable(self.model.players[s].name, 40) for s in self.game.winners(state)]
        return rt("pick.won", names=t("sep.list").join(names)) if names else rt("pick.no_winner")

    def position_note(self) -> str:
        """What the status line adds while autoplaying ("" otherwise)."""
        notes = [note for note in (self.board_status(), self.auto_status()) if note]
        return "".join(f" · {note}" for note in notes)

    # ------------------------------------------------------------------ the move list
    def compose_moves(self) -> Any:
        """The move list's pane, for a subclass's `compose` (beside its table)."""

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
        for i in range(len(self.model.all_moves)):
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

        assert self.model.record is not None
        self.app.push_screen(HelpScreen.of_game(self.game.name, self.model.record.rules))

    def action_end(self, last: int) -> None:
        self.go(self.end if last else 0)

    def action_view(self) -> None:
        """Every hand open (finished games only), then each seat's view in turn."""
        order: list[int | None] = [*range(len(self.model.players))]
        if self.finished:
            order.insert(0, None)
        i = order.index(self.seat) if self.seat in order else -1
        self.seat = order[(i + 1) % len(order)]
        self.refresh_view()

    def goto_title(self) -> str:
        """The goto dialog's title: the places it takes."""
        return t("game_replay.goto.title")

    def action_goto(self) -> None:
        """Ask where to go (the model's `goto`); a place not in the record keeps the
        dialog open with why."""

        def check(text: str) -> str | None:
            try:
                self.model.goto(text)
            except GotoError as e:
                return rt("goto.bad", reason=str(e))
            return None

        def done(text: str | None) -> None:
            if text is not None:
                self.go(self.model.goto(text))

        self.app.push_screen(TextDialog(self.goto_title(), check=check), done)

    # ------------------------------------------------------------------ comments
    def action_comment(self) -> None:

        i = self.index - 1
        if i < 0:
            say(self, rt("comment.no_move"))
            return
        if self.model.comment(i) != self.model.comment(i, self.seat):
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

        if self.path is None or self.model.record is None:
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

        assert self.path is not None
        try:
            target = self.path if in_place else copy_path(self.path)
            record = self.model.to_record()
            save_record(target, record)
        except (OSError, ValueError) as e:
            say(self, rt("save.failed", reason=printable(str(e), 200)), severity="error")
            return None
        self.model.record = record
        self.dirty = False
        self.refresh_bindings()
        say(self, rt("save.done", path=printable(str(target), 200)))
        return target

    # ------------------------------------------------------------------ play from here
    def action_fork(self) -> None:
        from tt22.play.session import peek_current

        if self.path is None or self.model.record is None:
            say(self, rt("fork.no_source"), severity="warning")
            return
        if self.game.is_over(self.model.state(self.p)):
            say(self, rt("fork.over"), severity="warning")
            return
        choices = [
            (str(s), rt("fork.seat", name=printable(pl.name, 40), n=s))
            for s, pl in enumerate(self.model.players)
            if self.model.can_play_on(self.p, s)
        ]
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
        """The record of a new match: this one's first `p` moves, `seat` played by
        `name` here (the record's name for it when empty), the other seats by bots under
        their names; its origin names this file and the move."""
        assert self.path is not None
        return self.model.fork(
            self.p,
            seat,
            name=name,
            started=dt.datetime.now(dt.UTC),
            source=str(self.path.resolve()),
        )

    def play_from_here(self, seat: int) -> None:
        """Seat a new live match at this position at the game's own table, as the match
        in progress (`TT22App.start_from_record`; leaving the table comes back here)."""
        self.stop_autoplay()
        app: Any = self.app
        settings = getattr(app, "settings", None)
        # (no name set: the record's name for that seat, L11)
        name = (getattr(settings, "name", "") or "").strip()
        app.start_from_record(self.forked(seat, name[:40]))

    # ------------------------------------------------------------------ leaving
    def action_back(self) -> None:
        self.stop_autoplay()
        if self.dirty:
            self.ask_save(leaving=True)
        else:
            self.leave()

    def leave(self) -> None:
        """Back to the screen below; from `tt22 replay FILE`, out of the program (L11)."""
        self.stop_autoplay()
        if self.standalone:
            self.app.exit()
            return
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "comment":
            return True if self.index > 0 else None
        if action == "save":
            return True if self.dirty else None
        if action == "fork":
            return True if self.path is not None and self.model.record is not None else None
        return True

    def palette(self) -> list[tuple[str, str, str]]:
        """The command palette's entries (name, help, action): every key of the screen
        with words, in the current language (22's screen lists its own)."""
        seen: set[str] = set()
        out: list[tuple[str, str, str]] = []
        for bindings in bindings_of(self).key_to_bindings.values():
            for b in bindings:
                if b.description and b.action not in seen:
                    seen.add(b.action)
                    out.append((b.description, b.tooltip or "", b.action))
        return out


class TextReplayScreen(ReplayScreen):
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

        return int(self.query_one("#replay-table", TextLines).content_region.width)

    def compose(self) -> Any:

        with Horizontal(id="replay-row"):
            with Vertical(id="replay-main"):
                yield TextLines(id="replay-status")
                yield TextLines(id="replay-comment")
                with VerticalScroll(id="replay-body"):
                    yield TextLines(id="replay-table")
            yield from self.compose_moves()
        yield KeyBar()

    def refresh_view(self) -> None:

        if not self.is_mounted:
            return
        self.query_one("#replay-status", TextLines).update(self.status())
        comment = self.comment_text()
        box = self.query_one("#replay-comment", TextLines)
        box.display = comment is not None
        box.update(comment or Text(""))
        self.query_one("#replay-table", TextLines).update(self.body())
        self.place_moves("#replay-main")
