"""22's replay interface: its model and its screen over the one replayer.

`TwentyTwoReplay` is the one replay model (`tt22.play.replay`) plus what 22's replayer
shows of a position beyond it (the move rows with their exchange and trick, "deal d of
D, trick t of T", the penalty totals after each deal, the seats still in the match); it
only reads 22's own states (no Textual in it).

`TwentyTwoReplayScreen` is the one replayer (`tt22.tui.replay.screen.ReplayScreen`:
stepping, goto, views, autoplay, comments, saving, play from here, leaving, the
palette, the analysis board) drawn with the live table's widgets fed a snapshot of the
full state (every hand open) or of `tt22.games.twentytwo.view` (one seat's view, so a
hidden card is not even in the data the widgets get), with 22's move list, open hands
and penalty chart (tt22/tui/games/twentytwo/replay_panes.py) and 22's footer words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from tt22.core.safe import printable
from tt22.play.replay import GotoError, ReplayError
from tt22.tui.bindings import translated_bindings
from tt22.tui.games.twentytwo.replay_model import DealTotals, MoveRow, TwentyTwoReplay, Where
from tt22.tui.games.twentytwo.replay_panes import (
    MoveList,
    OpenHands,
    PenaltyChart,
    move_text,
    position_text,
)
from tt22.tui.hooks import bindings_of, replace_bindings
from tt22.tui.i18n import CATALOGUE, addressed, said, t
from tt22.tui.replay.analysis_pane import ANALYSIS_BINDINGS
from tt22.tui.replay.screen import ReplayScreen, footer_width
from tt22.tui.replay.words import SECTION, rt
from tt22.tui.safe_text import plain
from tt22.tui.widgets.hand import HandView
from tt22.tui.widgets.keybar import KeyBar
from tt22.tui.widgets.seats import SeatsBox, SeatsHead, SeatsPane, SeatsTable, keep_in_view
from tt22.tui.widgets.snapshot import TableSnapshot, from_state, from_view
from tt22.tui.widgets.trick import TrickView

if TYPE_CHECKING:
    from tt22.record import Record

__all__ = [
    "DealTotals",
    "GotoError",
    "MoveRow",
    "ReplayError",
    "TwentyTwoReplay",
    "TwentyTwoReplayScreen",
    "Where",
]


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


def _words(key: str) -> str:
    """A replayer word (`rt`), or a whole catalogue key (the analysis board's)."""
    return rt(key) if SECTION + key in CATALOGUE else t(key)


class TwentyTwoReplayScreen(ReplayScreen):
    """22's replayer: the one replayer (`ReplayScreen`) drawn with the live table's
    widgets (the seats, the trick, the viewer's hand), every hand open, 22's move list
    and its penalty chart; stepped trick by trick and deal by deal."""

    CSS_PATH = "replay.tcss"
    AUTO_FOCUS = ""  # the keys are the replay's until `m` hands them to the move list
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

    model: TwentyTwoReplay

    @classmethod
    def open_model(cls, record: Record) -> TwentyTwoReplay:
        return TwentyTwoReplay.from_record(record)

    def first_view(self) -> int | None:
        return None  # every hand open, a record still being played too

    def bind_keys(self) -> None:
        """22's footer: each pair of keys under one short word; in the focused move list
        the arrow and page keys walk the list."""
        self._source_bindings = bindings_of(self)
        self._footer_hidden: frozenset[str] = frozenset()
        self._screen_bindings = translated_bindings(self._source_bindings, section=SECTION)
        self._list_bindings = translated_bindings(
            self._source_bindings, section=SECTION, groups=LIST_GROUPS
        )
        replace_bindings(self, self._screen_bindings)

    def palette(self) -> list[tuple[str, str, str]]:
        return [(_words(name), _words(help_key), action) for action, name, help_key in PALETTE]

    def goto_title(self) -> str:
        return rt("goto.title")

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

    def auto_go(self, index: int) -> None:
        """Autoplay's step, and its redraw in place (the position line says its pace)."""
        self.p = self.model.clamp(index)
        self.refresh_view()
        self.refresh_bindings()  # (back/forward keys dim at the ends)

    def fit_footer(self, width: int | None = None) -> None:
        """Leave out of the footer, from its end, the keys that would not fit in `width`
        columns (a clipped key, or half a double-width letter, helps nobody)."""
        show = self.app.get_key_display
        budget = self.app.size.width if width is None else width
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

    def action_end(self, last: int = 1) -> None:
        self.go(self.model.end if last else 0)

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

    # ------------------------------------------------------------------ views
    def action_view(self) -> None:
        """Open -> seat 1 -> seat 2 ... -> open."""
        n = len(self.model.players)
        self.seat = 0 if self.seat is None else (None if self.seat + 1 >= n else self.seat + 1)
        self.refresh_view()

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
