"""The replay screen: the live table's widgets, driven by a folded record.

Nothing here knows a rule. The position is a move number into the replay model, whose
states are the engine's own; the seats are the play app's `SeatsTable`, fed a snapshot
built from the full state (all hands open) or from `tt22.games.twentytwo.view` (one seat's
view, so a hidden card is not even in the data the widgets get).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.cells import cell_len
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from tt22.core.safe import printable
from tt22.play.replay import GotoError, ReplayModel
from tt22.play.session import peek_current
from tt22.tui.app import TT22App
from tt22.tui.bindings import translated_bindings
from tt22.tui.hooks import bindings_of, replace_bindings
from tt22.tui.i18n import CATALOGUE, addressed, said, t
from tt22.tui.redraw import DressedScreen
from tt22.tui.replay.analysis_pane import ANALYSIS_BINDINGS, AnalysisBoard
from tt22.tui.replay.autoplay import SPEEDS, Autoplay
from tt22.tui.replay.dialogs import ChoiceDialog, TextDialog
from tt22.tui.replay.panes import (
    MoveList,
    OpenHands,
    PenaltyChart,
    TwentyTwoReplay,
    move_text,
    position_text,
)
from tt22.tui.replay.words import SECTION, rt
from tt22.tui.safe_text import plain, say
from tt22.tui.widgets.hand import HandView
from tt22.tui.widgets.keybar import KeyBar, group_display
from tt22.tui.widgets.seats import SeatsBox, SeatsHead, SeatsPane, SeatsTable, keep_in_view
from tt22.tui.widgets.snapshot import TableSnapshot, from_state, from_view
from tt22.tui.widgets.trick import TrickView

if TYPE_CHECKING:
    from tt22.record import Record

__all__ = ["SPEEDS", "ReplayScreen"]

MOVE_GROUP = Binding.Group("foot.move", compact=True)
TRICK_GROUP = Binding.Group("foot.trick", compact=True)
DEAL_GROUP = Binding.Group("foot.deal", compact=True)
# In the focused move list the arrow and page keys walk the list (the replay).
LIST_GROUPS = {"foot.trick": "foot.move", "foot.deal": "foot.page"}


# (action, words key of its help) for the command palette.
PALETTE = (
    ("prev", "key.prev", "help.prev"),
    ("next", "key.next", "help.next"),
    ("prev_trick", "key.prev_trick", "help.prev_trick"),
    ("next_trick", "key.next_trick", "help.next_trick"),
    ("prev_deal", "key.prev_deal", "help.prev_deal"),
    ("next_deal", "key.next_deal", "help.next_deal"),
    ("start", "key.start", "help.start"),
    ("end", "key.end", "help.end"),
    ("goto", "key.goto", "help.goto"),
    ("autoplay", "key.auto", "help.auto"),
    ("faster", "key.faster", "help.faster"),
    ("slower", "key.slower", "help.slower"),
    ("real_time", "key.realtime", "help.realtime"),
    ("view", "key.view", "help.view"),
    ("comment", "key.comment", "help.comment"),
    ("save", "key.save", "help.save"),
    ("fork", "key.fork", "help.fork"),
    ("focus_moves", "key.moves", "help.moves"),
    ("scroll_table(1)", "key.scroll_down", "help.scroll"),
    ("scroll_table(-1)", "key.scroll_up", "help.scroll"),
    ("next_mistake(1)", "analysis.key.next", "analysis.help.next"),
    ("next_mistake(-1)", "analysis.key.prev", "analysis.help.next"),
    ("analyse", "analysis.key.analyse", "analysis.help.analyse"),
    ("back", "key.back", "help.back"),
)


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


def _words(key: str) -> str:
    """A replayer word (`rt`), or a whole catalogue key (the analysis board's)."""
    return rt(key) if SECTION + key in CATALOGUE else t(key)


class ReplayCommands(Provider):
    """Every replay action in the command palette, in the current language."""

    def _commands(self) -> Iterable[tuple[str, str, Any]]:
        screen = self.screen
        assert isinstance(screen, ReplayScreen)
        for action, name, help_key in PALETTE:
            yield _words(name), _words(help_key), partial(screen.run_action, action)

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
    """Step through `record` (read from `path`) trick by trick."""

    CSS_PATH = "replay.tcss"
    AUTO_FOCUS = ""  # the keys are the replay's until `m` hands them to the move list
    COMMANDS: ClassVar[set[Any]] = {ReplayCommands}
    # Descriptions are keys of the replayer's words (translated per instance). The footer
    # groups each pair of keys under one short word so that the keys a replay needs fit
    # at 80 columns in every language; the palette lists every action in full.
    # Descriptions are keys of the replayer's words (translated per instance). The order
    # is the footer's: each pair of keys under one short word, the keys a replay needs
    # first; what does not fit the width is left out of the footer (`fit_footer`), and
    # the palette (ctrl+p) and the help (?) list every key.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "left", "prev", "key.prev", id="replay.prev", priority=True, key_display="←",
            group=MOVE_GROUP,
        ),
        Binding(
            "right", "next", "key.next", id="replay.next", priority=True, key_display="→",
            group=MOVE_GROUP,
        ),
        Binding(
            "up,left_square_bracket", "prev_trick", "key.prev_trick", id="replay.prev_trick",
            priority=True, key_display="↑", group=TRICK_GROUP,
        ),
        Binding(
            "down,right_square_bracket", "next_trick", "key.next_trick", id="replay.next_trick",
            priority=True, key_display="↓", group=TRICK_GROUP,
        ),
        Binding(
            "pageup", "prev_deal", "key.prev_deal", id="replay.prev_deal", priority=True,
            key_display="PgUp", group=DEAL_GROUP,
        ),
        Binding(
            "pagedown", "next_deal", "key.next_deal", id="replay.next_deal", priority=True,
            key_display="/PgDn", group=DEAL_GROUP,
        ),
        Binding(
            "space", "autoplay", "foot.auto", id="replay.autoplay", priority=True,
            tooltip="help.auto",
        ),
        Binding("v", "view", "foot.view", id="replay.view", tooltip="help.view"),
        Binding("q,escape", "back", "key.back", id="replay.back"),
        Binding("question_mark", "app.help", "key.help", id="replay.help", key_display="?"),
        Binding("g", "goto", "foot.goto", id="replay.goto", tooltip="help.goto"),
        Binding("p", "fork", "foot.fork", id="replay.fork", tooltip="help.fork"),
        Binding("home", "start", "key.start", id="replay.start", priority=True, show=False),
        Binding("end", "end", "key.end", id="replay.end", priority=True, show=False),
        Binding("plus,equals_sign", "faster", "key.faster", id="replay.faster", show=False),
        Binding("minus", "slower", "key.slower", id="replay.slower", show=False),
        Binding("t", "real_time", "key.realtime", id="replay.real_time", show=False),
        Binding("c", "comment", "key.comment", id="replay.comment", show=False),
        Binding("s", "save", "key.save", id="replay.save", show=False),
        Binding("m", "focus_moves", "key.moves", id="replay.moves", show=False),
        Binding("j", "scroll_table(1)", "key.scroll_down", id="replay.scroll_down", show=False),
        Binding("k", "scroll_table(-1)", "key.scroll_up", id="replay.scroll_up", show=False),
        *ANALYSIS_BINDINGS,
    ]  # fmt: skip

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
        self._source_bindings = bindings_of(self)
        self._footer_hidden: frozenset[str] = frozenset()
        self._screen_bindings = translated_bindings(self._source_bindings, section=SECTION)
        self._list_bindings = translated_bindings(
            self._source_bindings, section=SECTION, groups=LIST_GROUPS
        )
        replace_bindings(self, self._screen_bindings)
        self.model = (
            record if isinstance(record, TwentyTwoReplay) else TwentyTwoReplay.from_record(record)  # type: ignore[arg-type]
        )
        self.path = Path(path) if path is not None else None
        self.seat = seat
        self.p = self.model.clamp(
            start if start is not None else (self.model.end if self.model.problem else 0)
        )
        self._ascii = ascii_cards
        self.standalone = standalone
        self.ready = False  # set once mounted and drawn (tests wait for it)

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static(id="replay-banner")
        yield Static(id="replay-position")
        with Horizontal(id="replay-body"):
            with Vertical(id="replay-main"):
                # The seats and the hands scroll (j/k, the mouse) when nine seats do not
                # fit; the trick and a seat view's own hand under them are always whole.
                with SeatsBox(id="replay-seats-box"):
                    yield SeatsHead(id="replay-seats-head")  # (in view as the rows scroll)
                    pane = SeatsPane(id="replay-table")
                    pane.can_focus = False  # the replay keys are its own
                    with pane:
                        yield SeatsTable(id="replay-seats")
                        yield OpenHands(id="replay-hands")
                        yield Static(id="replay-comment")
                yield TrickView(id="replay-trick")
                yield HandView(id="replay-hand")
            with Vertical(id="replay-side"):
                yield MoveList(id="replay-moves")
                yield PenaltyChart(id="replay-chart")
        yield KeyBar(id="replay-footer")

    def on_mount(self) -> None:
        self.mount_board()
        self.dress()

    # The analysis board's few words of where it is (tt22/tui/replay/analysis_pane.py).
    def board_moves_made(self) -> int:
        return self.p

    def board_record(self) -> Record | None:
        return self.model.record

    def board_go(self, moves: int) -> None:
        self.go(moves)

    def board_place(self) -> tuple[Widget, Widget | None]:
        return self.query_one("#replay-side"), self.query_one("#replay-chart")

    def board_ascii(self) -> bool:
        return self.ascii_style

    def dress(self) -> None:
        banner = self.query_one("#replay-banner", Static)
        problem = self.model.problem
        if problem is not None:
            banner.update(plain(problem.describe(len(self.model.all_moves)), limit=400))
        banner.display = problem is not None
        self.query_one("#replay-moves", MoveList).border_title = rt("moves.title")
        head = self.query_one("#replay-seats-head", SeatsHead)
        self.query_one("#replay-seats", SeatsTable).pin_header(head)
        self.set_width_classes(self.app.size.width)
        self.fit_footer(self.app.size.width)
        self.refresh_view()
        self.ready = True

    # ------------------------------------------------------------------ drawing
    @property
    def ascii_style(self) -> bool:
        if self._ascii is not None:
            return self._ascii
        return bool(getattr(self.app, "ascii_cards", False))

    def snapshot(self) -> TableSnapshot:
        m = self.model
        names = [printable(pl.name, 40) for pl in m.players]
        bots = [pl.kind == "bot" for pl in m.players]
        if all(bots):
            bots = [False] * len(bots)  # "(bot)" on every row tells nothing, and costs width
        if self.seat is None:
            return from_state(m.state(self.p), names, None, bots, m.seed)
        # Not "(you)": whoever watches a replay is not that seat; the position line says
        # whose view it is.
        return from_view(m.seat_view(self.p, self.seat), names, bots, m.seed)._replace(viewer=-1)

    def status_text(self) -> str:
        parts = [position_text(self.model, self.p)]
        state = self.model.state(self.p)
        if not state.over:  # the table may have no room for "(dealer)" at 80 columns
            dealer = self.model.players[state.deal.dealer].name
            parts.append(rt("pos.dealer", name=printable(dealer, 40)))
        else:  # who won, as `tt22 verify` says it
            names = [printable(self.model.players[s].name, 40) for s in state.winners]
            won = rt("pos.winner", names=t("sep.list").join(names)) if names else None
            parts.append(won or rt("pick.no_winner"))
        if self.seat is None:
            parts.append(rt("view.open"))
        else:
            name = self.model.players[self.seat].name  # ("Your view", not "You's view")
            parts.append(said("replay.view.seat", addressed(name), name=printable(name, 40)))
        board = self.board_status()
        if board is not None:
            parts.append(board)
        auto = self.auto_status()
        if auto is not None:
            parts.append(auto)
        return self._pack(parts)

    def _pack(self, parts: list[str]) -> str:
        """`parts` joined by " · ", a new line before a part that would not fit the
        width (autoplay at 80 columns), never a break inside one."""
        width = max(20, self.app.size.width - 2)
        lines = [parts[0]]
        for part in parts[1:]:
            if cell_len(lines[-1] + " · " + part) <= width:
                lines[-1] += " · " + part
            else:
                lines.append(part)
        return "\n".join(lines)

    def refresh_view(self) -> None:
        m, a = self.model, self.ascii_style
        self.query_one("#replay-position", Static).update(plain(self.status_text()))
        snap = self.snapshot()
        self.query_one("#replay-seats", SeatsTable).show(snap, a)
        self.call_after_refresh(self.keep_seats_in_view)
        self.query_one("#replay-trick", TrickView).show(snap, a)
        self.query_one("#replay-hands", OpenHands).show(m, self.p, self.seat, a)
        hand = self.query_one("#replay-hand", HandView)
        if self.seat is None:
            hand.display = False
        else:
            hand.display = True
            # High to low, as the open hands above and every list of cards show them.
            own = m.seat_view(self.p, self.seat).hand
            hand.show(sorted(own, reverse=True), ascii_style=a)
        moves = self.query_one("#replay-moves", MoveList)
        moves.marks = (self.board_mark, self.board_version)
        moves.show(m, self.p, self.seat, a)
        self.query_one("#replay-chart", PenaltyChart).show(m, self.p, a)
        self.refresh_board()
        current = m.current_row(self.p)
        comment = m.comment(current, self.seat) if current is not None else None
        box = self.query_one("#replay-comment", Static)
        box.display = bool(comment)
        if comment and current is not None:
            box.update(
                plain(rt("comment.on", n=current + 1, move=self.move_label(current)) + " ")
                + plain(comment, limit=1000)
            )

    def move_label(self, index: int) -> str:
        """Move `index` as the move list writes it ("3.8 Bot 3 J♥"): which move a comment
        belongs to, said in the words the player sees beside it."""
        m = self.model
        row = m.rows[index]
        where = f"{row.deal}." + ("x" if row.trick == 0 else str(row.trick))
        name = printable(m.players[row.seat].name, 40)
        return f"{where} {name} {move_text(m, row, self.seat, self.ascii_style)}"

    def go(self, p: int) -> None:
        p = self.model.clamp(p)
        if p != self.p:
            edge = 0 in (p, self.p) or self.model.end in (p, self.p)
            self.p = p
            self.refresh_view()
            if edge:
                self.refresh_bindings()  # back/forward keys dim at the ends

    def fit_footer(self, width: int) -> None:
        """Leave out of the footer, from its end, the keys that would not fit in `width`
        columns (a clipped key, or half a double-width letter, helps nobody)."""
        show = self.app.get_key_display
        budget = width
        palette = bindings_of(self.app).key_to_bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if palette:  # on the right: a bar, the key, a space, the word
            budget -= 2 + cell_len(show(palette[0])) + cell_len(palette[0].description)
        hidden: set[str] = set()
        for groups in (None, LIST_GROUPS):
            bindings = translated_bindings(
                self._source_bindings, section=SECTION, groups=groups, hide=hidden
            )
            shown = [b for bs in bindings.key_to_bindings.values() for b in bs if b.show]
            while shown and footer_width(shown, show) > budget:
                last = shown[-1].action
                hidden.add(last)
                shown = [b for b in shown if b.action != last]
        if frozenset(hidden) != self._footer_hidden:
            self._footer_hidden = frozenset(hidden)
            list_mode = bindings_of(self) is self._list_bindings
            self._screen_bindings = translated_bindings(
                self._source_bindings, section=SECTION, hide=hidden
            )
            self._list_bindings = translated_bindings(
                self._source_bindings, section=SECTION, groups=LIST_GROUPS, hide=hidden
            )
            replace_bindings(self, self._list_bindings if list_mode else self._screen_bindings)
            self.refresh_bindings()

    # ------------------------------------------------------------------ navigation
    def action_prev(self) -> None:
        self.go(self.model.step(self.p, -1))

    def action_next(self) -> None:
        self.go(self.model.step(self.p, 1))

    def action_prev_trick(self) -> None:
        if self.list_focused:
            self.go(self.model.step(self.p, -1))
        else:
            self.go(self.model.prev_trick(self.p))

    def action_next_trick(self) -> None:
        if self.list_focused:
            self.go(self.model.step(self.p, 1))
        else:
            self.go(self.model.next_trick(self.p))

    def action_prev_deal(self) -> None:
        if self.list_focused:
            self.go(self.model.step(self.p, -self.moves_pane.page_items()))
        else:
            self.go(self.model.prev_deal(self.p))

    def action_next_deal(self) -> None:
        if self.list_focused:
            self.go(self.model.step(self.p, self.moves_pane.page_items()))
        else:
            self.go(self.model.next_deal(self.p))

    def action_start(self) -> None:
        self.go(0)

    def action_end(self) -> None:
        self.go(self.model.end)

    def action_goto(self) -> None:
        def check(text: str) -> str | None:
            try:
                self.model.goto(text)
            except GotoError as e:
                return rt("goto.bad", reason=str(e))
            return None

        def done(text: str | None) -> None:
            if text is not None:
                self.go(self.model.goto(text))

        self.app.push_screen(TextDialog(rt("goto.title"), check=check), done)

    @on(MoveList.Chosen)
    def _chosen(self, event: MoveList.Chosen) -> None:
        self.go(self.model.position_after(event.move_index))

    @property
    def moves_pane(self) -> MoveList:
        return self.query_one("#replay-moves", MoveList)

    @property
    def list_focused(self) -> bool:
        return self.focused is not None and self.focused is self.query_one("#replay-moves")

    def keep_seats_in_view(self) -> None:
        """The dealer's row and the row of the seat on turn, scrolled into view."""
        if self.is_mounted:
            pane = self.query_one("#replay-table", VerticalScroll)
            keep_in_view(pane, self.query_one("#replay-seats", SeatsTable))

    def action_scroll_table(self, lines: int) -> None:
        """j/k: the seats and the hands, when they are taller than their pane."""
        pane = self.query_one("#replay-table", VerticalScroll)
        pane.scroll_to(y=pane.scroll_y + lines * 3, animate=False)

    def action_focus_moves(self) -> None:
        """`m` puts the keys on the move list, and takes them back (so does Escape)."""
        if self.list_focused:
            self.set_focus(None)
        else:
            self.moves_pane.focus()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._list_mode(self.list_focused)

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self.call_after_refresh(lambda: self._list_mode(self.list_focused))

    def _list_mode(self, on: bool) -> None:
        """While the move list has the keys, ↑/↓ step one move and PgUp/PgDn a page, and
        the footer and the list's own border say so."""
        wanted = self._list_bindings if on else self._screen_bindings
        moves = self.moves_pane
        moves.border_subtitle = rt("moves.keys") if on else ""
        if bindings_of(self) is not wanted:
            replace_bindings(self, wanted)
            self.refresh_bindings()

    def on_resize(self, event: events.Resize) -> None:
        self.set_width_classes(event.size.width)
        self.fit_footer(event.size.width)
        if self.ready:
            self.query_one("#replay-position", Static).update(plain(self.status_text()))
            self.call_after_refresh(self.keep_seats_in_view)

    def set_width_classes(self, width: int) -> None:
        """`-narrow` below 100 columns, `-wide` from 160: replay.tcss gives the panes their
        widths from these (Textual CSS has no media queries)."""
        self.set_class(width < 100, "-narrow")
        self.set_class(width >= 160, "-wide")

    # ------------------------------------------------------------------ autoplay
    def auto_position(self) -> int:
        return self.p

    def auto_end(self) -> int:
        return self.model.end

    def auto_think(self, index: int) -> float | None:
        return self.model.think(index)

    def auto_go(self, index: int) -> None:
        self.p = self.model.clamp(index)
        self.refresh_view()
        self.refresh_bindings()  # (back/forward keys dim at the ends)

    # ------------------------------------------------------------------ views
    def action_view(self) -> None:
        """Open -> seat 1 -> seat 2 ... -> open."""
        n = len(self.model.players)
        self.seat = 0 if self.seat is None else (None if self.seat + 1 >= n else self.seat + 1)
        self.refresh_view()

    # ------------------------------------------------------------------ comments
    def action_comment(self) -> None:
        index = self.model.current_row(self.p)
        if index is None:
            say(self, rt("comment.no_move"))
            return
        if self.model.comment(index) != self.model.comment(index, self.seat):
            say(self, rt("comment.hidden"))  # editing would show another seat's comment
            return

        def done(text: str | None) -> None:
            if text is not None:
                self.model.set_comment(index, text)
                self.refresh_view()
                self.refresh_bindings()

        self.app.push_screen(
            TextDialog(
                rt("comment.title", n=index + 1, move=self.move_label(index)),
                self.model.comment(index) or "",
                hint=rt("comment.hint"),
                max_length=1000,
            ),
            done,
        )

    def action_save(self) -> None:
        self.ask_save(leaving=False)

    def ask_save(self, leaving: bool) -> None:
        if self.model.record is None or self.path is None:
            say(self, rt("fork.no_source"), severity="warning")
            return
        if self.model.problem is not None:
            say(self, rt("save.broken"), severity="warning")
            if leaving:
                self.leave()
            return
        if not self.model.dirty:
            if leaving:
                self.leave()
            else:
                say(self, rt("save.nothing"))
            return
        choices = [
            ("copy", rt("save.copy")),
            ("in_place", rt("save.in_place", name=printable(self.path.name, 60))),
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
        """Write the record with its comments; a copy goes next to the original under a
        name not yet taken. Returns where it went (None and a message on failure)."""
        from tt22.record import save_record

        assert self.path is not None
        target = self.path if in_place else copy_path(self.path)
        try:
            record = self.model.to_record()
            save_record(target, record)
        except (OSError, ValueError) as e:
            say(self, rt("save.failed", reason=printable(str(e), 200)), severity="error")
            return None
        self.model.record = record
        self.model.dirty = False
        self.refresh_bindings()
        say(self, rt("save.done", path=printable(str(target), 200)))
        return target

    # ------------------------------------------------------------------ play from here
    def action_fork(self) -> None:
        m = self.model
        if m.record is None or self.path is None:
            say(self, rt("fork.no_source"), severity="warning")
            return
        state = m.state(self.p)
        if state.over:
            say(self, rt("fork.over"), severity="warning")
            return
        choices = [
            (str(s), rt("fork.seat", name=printable(pl.name, 40), n=s))
            for s, pl in enumerate(m.players)
            if not state.out[s]
        ]
        choices.append(("cancel", rt("comment.cancel")))
        note = rt("fork.bots")
        replaces = _match_in_progress(self.app)
        if replaces:
            note += " " + rt("fork.replaces", seed=printable(replaces, 60))

        def done(answer: str | None) -> None:
            if answer is not None and answer.isdigit():
                self.play_from_here(int(answer))

        self.app.push_screen(ChoiceDialog(rt("fork.title"), choices, note), done)

    def play_from_here(self, seat: int) -> None:
        """Hand the position to the play app's table: `seat` is the person at this
        keyboard, every other seat a bot; the new match is its own record, and the play
        app makes it the match in progress (`TT22App.start_from_record`)."""
        app = self.app
        assert isinstance(app, TT22App)
        self.stop_autoplay()
        name = app.settings.name.strip() or t("player.you")
        assert self.path is not None
        record = self.model.fork(
            self.p,
            seat,
            name=name[:40],
            started=dt.datetime.now(dt.UTC),
            source=str(self.path.resolve()),
        )
        app.start_from_record(record)

    # ------------------------------------------------------------------ leaving
    def action_back(self) -> None:
        self.stop_autoplay()
        if self.model.dirty:
            self.ask_save(leaving=True)
        else:
            self.leave()

    def leave(self) -> None:
        self.stop_autoplay()
        if self.standalone:
            self.app.exit()
        else:
            self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        m = self.model
        if action in ("prev", "prev_trick", "prev_deal", "start"):
            return True if self.p > 0 else None
        if action in ("next", "next_trick", "next_deal", "end"):
            return True if self.p < m.end else None
        if action == "comment":
            return True if self.p > 0 else None
        if action == "save":
            return True if m.dirty else None
        if action == "fork":  # at the end of a match `p` says why it cannot
            return True if m.record is not None else None
        return True


def copy_path(path: Path) -> Path:
    """`game.22rec` -> `game-notes.22rec`, `game-notes-2.22rec`, ...: never an existing file."""
    stem = path.name.removesuffix(".22rec")
    for n in range(1, 10_000):
        suffix = "-notes" if n == 1 else f"-notes-{n}"
        candidate = path.with_name(f"{stem}{suffix}.22rec")
        if not candidate.exists():
            return candidate
    raise OSError("no free name for a copy")


def _match_in_progress(app: object) -> str | None:
    """The seed of an autosaved match that "play from here" would replace, if any."""
    assert isinstance(app, TT22App)
    current = peek_current(app.home_dir)
    return current[0] if current else None
