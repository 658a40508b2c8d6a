"""Manipulation Rummy's table, played at 80x24: a play is a whole new table (X4, X9),
built in a work area.

On the seat's turn the table's melds become the work area's groups (the proposed new
table, numbered from 1) and the hand is the bottom row. The cursor moves over a row
with ←→ and between the rows with ↑↓; Space picks the card under it (from the hand or
any group); `n` makes the picked cards a new group, `g` adds them to the group under
the cursor, `b` puts them back where they came from. Every group that is not a meld
yet is marked `!` and the first one's reason (the game's, X3) is said at once. Enter
plays the new table when the game accepts it (`explain_view` says why not), and draws
(or passes, X7) while nothing has moved; `d` draws or passes at any time; Esc puts
everything back. `f` asks the solver for the largest play using the picked hand cards
and `i` for the game's hint, shown in the work area to accept (Enter) or change.
`u` takes back, `x` resigns, `q` goes home, `?` opens the game's help (when it has one).

The screen holds no rules: legality is the game's (`explain_view`, `forced_reason`),
a group's validity is the game's `meld_problem`, the proposals are the solver's
(`best_play`) and the game's `hint`; the session (tt22.play.session) applies and files
the moves, and its bot driver (tt22.play.runner) plays the bots.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical

from tt22.core.cards import show_card
from tt22.core.protocol import IllegalMove, Reason, reason_of
from tt22.core.safe import printable
from tt22.games.manipulation import Draw, Pass, Play, best_play
from tt22.games.manipulation.cards import CODE
from tt22.play.events import BotFailed, Event, Moved
from tt22.play.runner import BotRunner
from tt22.play.session import LocalSession
from tt22.tui.bindings import translate_bindings
from tt22.tui.games.manipulation.panels import hand_text, recent_text, seats_table, work_text
from tt22.tui.games.manipulation.words import mt, reason_text
from tt22.tui.games.manipulation.work import HAND, Work, loose_order
from tt22.tui.i18n import is_default_name, seed_words, t
from tt22.tui.reasons import reason_words
from tt22.tui.safe_text import plain, say
from tt22.tui.screens.game_table import (
    GameTable,
    again_at_this_table,
    bot_failed,
    confirm_resign,
    offers_hint,
    offers_undo,
    start_bots,
)
from tt22.tui.widgets.keybar import KeyBar
from tt22.tui.widgets.lines import RenderedLines, TextLines

__all__ = ["ManipulationTable"]

K = "manipulation.ui.key."


class ManipulationTable(GameTable[Any]):
    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "cursor(-1)", K + "move", id="manipulation.left", key_display="←→↑↓"),
        Binding("right,l", "cursor(1)", K + "move", id="manipulation.right", show=False),
        Binding("up,k", "row(-1)", K + "row", id="manipulation.up", show=False),
        Binding("down,j", "row(1)", K + "row", id="manipulation.down", show=False),
        Binding("space", "pick", K + "pick", id="manipulation.pick"),
        Binding("n", "new_group", K + "new_group", id="manipulation.new_group"),
        Binding("g", "into_group", K + "into", id="manipulation.into"),
        Binding("b,backspace", "put_back", K + "back", id="manipulation.back"),
        # One key, several bindings: the key bar names what Enter does now (one is on).
        Binding("enter", "reveal", K + "reveal", id="manipulation.reveal"),
        Binding("enter", "play", K + "play", id="manipulation.play"),
        Binding("enter", "draw", K + "draw", id="manipulation.enter_draw"),
        Binding("enter", "pass", K + "pass", id="manipulation.enter_pass"),
        Binding("d", "draw_or_pass", K + "draw", id="manipulation.draw", show=False),
        Binding("escape", "reset", K + "reset", id="manipulation.reset", show=False),
        Binding("f", "find", K + "find", id="manipulation.find"),
        *(
            Binding(str(n), f"to_group({n})", K + "row", show=False, id=f"manipulation.to{n}")
            for n in range(1, 10)
        ),
        Binding("question_mark", "game_help", "key.help", id="manipulation.help", key_display="?"),
        Binding("i", "hint", "key.hint", id="manipulation.hint", show=False),
        Binding("u", "undo", "key.undo", id="manipulation.undo", show=False),
        Binding("x", "resign", "key.resign", id="manipulation.resign", show=False),
        Binding("q", "home", "key.home", id="manipulation.home"),
    ]

    DEFAULT_CSS = """
    ManipulationTable #m-main { height: 1fr; padding: 0 1; }
    ManipulationTable TextLines { height: auto; }
    ManipulationTable #m-seats { height: auto; }
    ManipulationTable #m-message { min-height: 2; }
    """

    def __init__(self, session: Any, *, watch: bool = False) -> None:
        super().__init__()
        translate_bindings(self)
        self.session = session
        self.game = session.game
        self.watching = watch or not session.humans
        self.note: Text | None = None  # a one-off message: a refusal, a proposal
        self.work: Work | None = None  # the proposed table, on the seat's turn
        self.work_of: Any = None  # the state the work area was built from
        self.row = HAND  # the cursor: HAND or a group's index
        self.col = 0
        self.picks: set[tuple[int, int]] = set()
        self.forced_of: tuple[Any, Reason | None] | None = None  # (state, its reason)
        self.forced_asked: Any = None  # the state whose forced reason is being asked
        self.waiting_summary = False
        self.gone = False
        self.revealed: int | None = None  # hot seat: whose hand is showing
        self.bot_runner: BotRunner | None = None

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Vertical(id="m-main"):
            yield TextLines(id="m-status")
            yield RenderedLines(id="m-seats")
            yield TextLines(id="m-work")
            yield TextLines(id="m-recent")
            yield TextLines(id="m-message")
            yield TextLines(id="m-hand")
        yield KeyBar()

    def dress(self) -> None:
        self.set_focus(None)
        self.refresh_table()

    def on_resize(self) -> None:
        self.refresh_table()

    @property
    def pace(self) -> float:
        return float(getattr(self.app, "pace", 0.6))

    @property
    def ascii(self) -> bool:
        return bool(getattr(self.app, "ascii_cards", False))

    # ------------------------------------------------------------------ who sees what
    def viewer(self) -> int:
        """Whose hand is on screen: the one person at the keyboard; in hot seat the
        person to move once they have taken the keyboard (-1 before); watching, seat 0."""
        humans = self.session.humans
        if self.watching or not humans:
            return 0
        if len(humans) == 1:
            return int(humans[0])
        return self.revealed if self.revealed is not None else -1

    def you(self) -> int | None:
        humans = self.session.humans
        return int(humans[0]) if len(humans) == 1 and not self.watching else None

    def must_reveal(self) -> bool:
        s = self.state
        return (
            len(self.session.humans) > 1
            and not self.game.is_over(s)
            and self.game.to_move(s) in self.session.humans
            and self.revealed != self.game.to_move(s)
        )

    def my_view(self) -> Any | None:
        """The view of the person to move, when it is their turn and their hand shows."""
        s = self.state
        if self.watching or self.game.is_over(s) or self.must_reveal():
            return None
        seat = self.game.to_move(s)
        if self.session.is_bot(seat) or seat != self.viewer():
            return None
        return self.game.view(s, seat)

    def shown_view(self) -> Any:
        return self.game.view(self.state, max(0, self.viewer()))

    def the_work(self) -> Work | None:
        """The work area of this turn, made from the view when the position changed."""
        v = self.my_view()
        if v is None:
            self.work = None
            return None
        if self.work is not None and self.same_position(self.work_of):
            self.work_of = self.state  # (news of the same position: the work stays)
        if self.work is None or self.work_of is not self.state:
            self.work = Work(v.table, v.hand)
            self.work_of = self.state
            self.row, self.col = HAND, 0
            self.picks.clear()
        return self.work

    def same_position(self, state: Any) -> bool:
        """Whether `state` is the position now: the very state, or (at a served seat,
        whose news brings a new view at every chat line or seat that goes away) one
        equal to it."""
        return state is self.state or (state is not None and state == self.state)

    # ------------------------------------------------------------------ drawing
    def width(self) -> int:
        return max(20, self.app.size.width - 2)

    def _draw(self) -> None:
        v = self.shown_view()
        w = self.the_work()
        self.clamp()
        self.query_one("#m-status", TextLines).update(self.status_text(v))
        self.query_one("#m-seats", RenderedLines).update(self.seats_table(v))
        self.query_one("#m-work", TextLines).update(self.work_text(v, w))
        self.query_one("#m-recent", TextLines).update(self.recent_text(v))
        self.query_one("#m-hand", TextLines).update(self.hand_text(v, w))
        self.update_message()
        self.refresh_bindings()

    def status_text(self, v: Any) -> Text:
        title = t("setup.game." + self.game.name)
        parts = [title, mt("hand_no", n=v.number), mt("turn_no", n=v.turns + 1)]
        parts.append(mt("target", n=v.rules.target))
        seed = seed_words(printable(self.session.shown_seed, 30))
        return Text(" · ".join(parts) + "\n" + seed, style="bold")

    def names(self) -> list[str]:
        return [self.who(seat) for seat in range(len(self.session.names))]

    def seats_table(self, v: Any) -> Table:
        spoken = [not is_default_name(n) for n in self.session.names]
        to_move = self.game.to_move(self.state)
        return seats_table(v, self.names(), to_move, self.you(), spoken, self.ascii)

    def work_text(self, v: Any, w: Work | None) -> Text:
        return work_text(v.table, w, (self.row, self.col), self.picks, self.ascii, self.width())

    def hand_text(self, v: Any, w: Work | None) -> Text:
        if self.must_reveal():
            return Text(mt("pass_to", name=self.who(self.game.to_move(self.state))), style="bold")
        if self.viewer() < 0:
            return Text(mt("hidden"), style="dim")
        cursor = (self.row, self.col)
        return hand_text(v.hand, w, cursor, self.picks, self.ascii, self.width())

    def recent_text(self, v: Any) -> Text:
        since = mt("recent_of", name=self.who(v.seat)) if self.watching else mt("recent")
        return recent_text(v, self.names(), since, self.ascii, self.width())

    def update_message(self) -> None:
        msg = Text()
        s = self.state
        if self.note is not None:
            msg.append_text(self.note)
            msg.append("\n")
        v = self.my_view()
        if self.game.is_over(s):
            msg.append(mt("game_over"))
        elif self.must_reveal():
            msg.append(mt("pass_to", name=self.who(self.game.to_move(s))), style="bold")
        elif v is None:
            msg.append(mt("waiting", name=self.who(self.game.to_move(s))))
            if self.watching:
                msg.append("\n" + t("turn.watch", name=self.who(self.viewer())), style="dim")
        else:
            msg.append_text(self.turn_text(v))
        self.query_one("#m-message", TextLines).update(msg)

    def turn_text(self, v: Any) -> Text:
        w = self.the_work()
        text = Text()
        if w is None:
            return text
        if w.changed:
            problems = w.problems()
            if problems:
                why = self.why(problems[0][1])
                line = mt("say_bad", why=why)
                if len(problems) > 1:
                    line += " " + mt("say_more", n=len(problems) - 1)
                text.append(line, style="bold")
            elif not w.placed:
                text.append(mt("say_no_hand"), style="bold")
            else:
                cards = " ".join(show_card(c, self.ascii) for c in loose_order(w.placed))
                text.append(mt("say_ready", cards=cards), style="bold")
            return text
        forced = self.forced(v)
        if forced is not None:
            text.append(self.why(forced), style="bold")
            return text
        text.append(mt("say_turn" if v.stock_count else "say_turn_pass"))
        return text

    def forced(self, v: Any) -> Reason | None:
        """The game's forced_reason for this position, or None while it is not known
        yet. It asks the solver, which on a big table takes a while: a worker thread
        asks it once a position (the message is drawn again at every key), and the
        message is drawn again when it answers, so neither this screen nor, at a served
        seat, the server's other screens wait for it."""
        known = self.forced_of
        if known is not None and self.same_position(known[0]):
            return known[1]
        if not self.same_position(self.forced_asked):
            self.forced_asked = self.state
            self._ask_forced(v, self.state)
        return None

    @work(exclusive=True, group="forced")
    async def _ask_forced(self, v: Any, asked: Any) -> None:
        reason = await asyncio.to_thread(self.game.forced_reason, v)
        if self.gone or not self.same_position(asked):
            return  # (the position moved on while the solver looked)
        self.forced_of = (asked, reason)
        if reason is not None and self.is_mounted:
            self.update_message()

    # ------------------------------------------------------------------ the cursor
    def rows(self) -> list[int]:
        w = self.work
        return [*range(len(w.groups)), HAND] if w is not None else [HAND]

    def clamp(self) -> None:
        w = self.work
        if w is None:
            return
        if self.row not in self.rows():
            self.row = HAND
        n = len(w.row(self.row))
        self.col = max(0, min(self.col, n - 1))

    def redraw_work(self) -> None:
        v = self.shown_view()
        w = self.work
        self.clamp()
        self.query_one("#m-work", TextLines).update(self.work_text(v, w))
        self.query_one("#m-hand", TextLines).update(self.hand_text(v, w))
        self.update_message()
        self.refresh_bindings()

    def action_cursor(self, step: int) -> None:
        w = self.the_work()
        if w is None:
            return
        n = len(w.row(self.row))
        if n:
            self.col = (self.col + step) % n
        self.redraw_work()

    def action_row(self, step: int) -> None:
        w = self.the_work()
        if w is None:
            return
        rows = self.rows()
        self.row = rows[(rows.index(self.row) + step) % len(rows)]
        self.redraw_work()

    def action_to_group(self, number: int) -> None:
        w = self.the_work()
        if w is None or not 0 < number <= len(w.groups):
            return
        self.row, self.col = number - 1, 0
        self.redraw_work()

    def action_pick(self) -> None:
        w = self.the_work()
        if w is None or not w.row(self.row):
            return
        self.picks.symmetric_difference_update({(self.row, self.col)})
        self.note = None
        self.redraw_work()

    def chosen(self) -> list[tuple[int, int]]:
        """The picked places, else the place under the cursor."""
        w = self.work
        if self.picks:
            return sorted(self.picks)
        if w is not None and w.row(self.row):
            return [(self.row, self.col)]
        return []

    def action_new_group(self) -> None:
        w = self.the_work()
        places = self.chosen()
        if w is None:
            return
        if not places:
            self.say_note(Text(mt("pick_first")))
            return
        row = w.to_new_group(places)
        self.moved(row)

    def action_into_group(self) -> None:
        w = self.the_work()
        if w is None:
            return
        if self.row == HAND:
            self.say_note(Text(mt("into_which")))
            return
        if not self.picks:
            self.say_note(Text(mt("pick_first")))
            return
        row = w.to_group(sorted(self.picks), self.row)
        self.moved(row)

    def action_put_back(self) -> None:
        w = self.the_work()
        if w is None:
            return
        places = [p for p in self.chosen() if p[0] != HAND]
        if not places:
            self.say_note(Text(mt("hand_stays")))
            return
        w.send_back(places)
        self.moved(None)

    def moved(self, row: int | None) -> None:
        self.picks.clear()
        self.note = None
        if row is not None:
            self.row, self.col = row, 0
        self.redraw_work()

    def action_reset(self) -> None:
        w = self.the_work()
        if w is None:
            return
        w.reset()
        self.picks.clear()
        self.row, self.col = HAND, 0
        self.note = Text(mt("reset_done"))
        self.redraw_work()

    # ------------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "home":
            return True
        if action == "game_help":
            return self.has_help()
        if action == "resign":
            return not self.watching and not self.game.is_over(self.state)
        if action == "hint":
            over = self.game.is_over(self.state)
            return not self.watching and not over and offers_hint(self.session)
        if action == "undo":
            return not self.watching and offers_undo(self.session)
        if self.watching:
            return False
        if self.must_reveal():
            return action == "reveal"
        if action == "reveal":
            return False
        v = self.my_view()
        w = self.the_work()
        if v is None or w is None:
            return None if action not in ("play", "draw", "pass") else False
        changed = w.changed
        if action == "play":
            return changed
        if action == "draw":
            return not changed and v.stock_count > 0
        if action == "pass":
            return not changed and v.stock_count == 0
        if action == "reset":
            return True if changed else None
        # Shown only when they do something, so the bar keeps every key whole at 80.
        if action == "into_group":
            return bool(self.picks)
        if action == "put_back":
            return changed
        return True

    def action_reveal(self) -> None:
        if self.must_reveal():
            self.revealed = self.game.to_move(self.state)
            self.refresh_table()

    def action_play(self) -> None:
        v = self.my_view()
        w = self.the_work()
        if v is None or w is None:
            return
        if not w.changed:
            self.action_draw_or_pass()
            return
        problems = w.problems()
        if problems:
            self.say_note(Text(mt("say_bad", why=self.why(problems[0][1])), style="bold italic"))
            return
        self.send(w.play(v.seat))

    def action_draw(self) -> None:
        self.action_draw_or_pass()

    def action_pass(self) -> None:
        self.action_draw_or_pass()

    def action_draw_or_pass(self) -> None:
        v = self.my_view()
        if v is None:
            return
        self.send(Draw(v.seat) if v.stock_count else Pass(v.seat))

    def action_find(self) -> None:
        """The solver's largest play using the picked hand cards (X4: the most hand
        cards, then points), in a worker thread, shown in the work area."""
        v = self.my_view()
        w = self.the_work()
        if v is None or w is None:
            return
        must = [w.hand[i] for r, i in sorted(self.picks) if r == HAND and i < len(w.hand)]
        must += [p.card for g in w.groups for p in g.pieces if p.source == HAND]
        self.say_note(Text(mt("finding")))
        self._find(v, tuple(must))

    @work(exclusive=True, group="hint")
    async def _find(self, v: Any, must: tuple[int, ...]) -> None:
        asked = self.state
        play = await asyncio.to_thread(best_play, v, must)
        if self.gone or not self.same_position(asked) or self.my_view() is None:
            return  # (the position moved on while the solver looked)
        if play is None:
            self.say_note(Text(mt("found_none"), style="bold"))
            return
        self.propose(play)

    def propose(self, play: Play) -> None:
        w = self.the_work()
        if w is None:
            return
        w.propose(play)
        self.picks.clear()
        self.row, self.col = HAND, 0
        cards = " ".join(show_card(CODE[c], self.ascii) for c in play.cards)
        self.note = Text(mt("found", cards=cards), style="bold")
        self.redraw_work()

    def action_hint(self) -> None:
        v = self.my_view()
        if v is None or not offers_hint(self.session):
            self.say_note(Text(t("msg.hint_not_now")))
            return
        self.say_note(Text(t("msg.hint_thinking")))
        self._hint(v)

    @work(exclusive=True, group="hint")
    async def _hint(self, v: Any) -> None:
        asked = self.state
        move = await asyncio.to_thread(self.game.hint, v, str(self.session.seed))
        if self.gone or not self.same_position(asked) or self.my_view() is None:
            return
        if isinstance(move, Play):
            self.propose(move)
            return
        self.say_note(Text(mt("hint_draw" if isinstance(move, Draw) else "hint_pass"), "bold"))

    def has_help(self) -> bool:
        """Whether the game has help pages yet (its entry's screens; another part)."""
        from tt22.tui.summary import screens_of

        try:
            return bool(screens_of(self.game.name).help_pages())
        except (LookupError, ImportError, AttributeError):
            return False

    def action_game_help(self) -> None:
        if not self.has_help():
            return
        from tt22.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen.of_game(self.game.name, self.shown_view().rules))

    def action_home(self) -> None:
        """Leave the table; the match stays in the data folder's slot (Continue)."""
        self.workers.cancel_group(self, "bots")
        self.app.pop_screen()
        if not self.game.is_over(self.state):
            self.session.save_again()
            problem = self.session.save_problem
            if problem:
                say(self.app, t("msg.not_saved", reason=problem), severity="error")
            else:
                say(self.app, t("msg.saved"))

    def action_resign(self) -> None:
        confirm_resign(self, self.leave_match)

    def action_undo(self) -> None:
        """Take back your last move and the bots' replies (one person against bots)."""
        s = self.session
        if self.watching or len(s.humans) > 1 or not s.can_take_back:
            self.say_note(Text(t("msg.no_undo"), style="bold"))
            return
        self.workers.cancel_group(self, "hint")
        gone = s.take_back()
        self.waiting_summary = False
        self.revealed = None
        self.work = None
        self.note = Text(t("msg.undone", n=gone), style="bold")
        self.refresh_table()
        self.advance()

    # ------------------------------------------------------------------ moves
    def why(self, reason: Reason) -> str:
        """A reason in the player's words, cards in the table's style."""
        if reason.code.startswith("manipulation."):
            return reason_text(reason, self.ascii)
        return reason_words(reason, ascii_style=self.ascii)

    def say_note(self, text: Text) -> None:
        self.note = text
        if self.is_mounted and not self.gone:
            self.update_message()

    def send(self, move: Any) -> None:
        """The person's move: the game's view says first whether it is legal (and why
        not); the session applies and files it."""
        v = self.my_view()
        if v is None:
            return
        why = self.game.explain_view(v, move)
        if why is not None:
            self.say_note(Text(self.why(why), style="bold italic"))
            return
        before = self.state
        try:
            self.session.play(move)
        except IllegalMove as e:
            self.say_note(Text(self.why(reason_of(e)), style="bold italic"))
            return
        self.note = None
        self.after_move(before)

    def after_move(self, before: Any) -> None:
        s = self.state
        problem = self.session.save_problem
        if problem:
            say(self.app, mt("not_saved", reason=printable(str(problem), 200)), severity="error")
        if len(self.session.humans) > 1 and self.game.to_move(s) != self.revealed:
            self.revealed = None
        if len(s.history) > len(before.history):
            self.show_hand_summary()
            self.refresh_table()
            if not self.waiting_summary:
                self.advance()
            return
        self.refresh_table()
        self.advance()

    def advance(self) -> None:
        s = self.state
        if self.game.is_over(s) or self.waiting_summary or self.gone:
            return
        if self.session.is_bot(self.game.to_move(s)):
            self.bots().poke()

    def bots(self) -> BotRunner:
        if self.bot_runner is None:
            assert isinstance(self.session, LocalSession)
            self.bot_runner = start_bots(self, self.session, self.bot_event, self.bots_may_play)
        return self.bot_runner

    def bot_event(self, event: Event) -> None:
        if isinstance(event, Moved):
            self.after_move(event.before)
            if event.stand_in is not None:
                self.say_note(plain(t("log.stand_in", name=self.who(event.seat)), "bold"))
        elif isinstance(event, BotFailed) and self.bot_runner is not None:
            bot_failed(
                self, event, self.bot_runner, self.session.names, self.say_note, self.action_home
            )

    def show_hand_summary(self) -> None:
        """The shared summary screens with this game's data (its entry's `screens`,
        written elsewhere); until the game has them, a plain line says the hand ended."""
        from tt22.tui.summary import screens_of

        s = self.state
        names = [self.who(i) for i in range(len(self.session.names))]
        view = self.game.view(s, max(0, self.viewer()))
        try:
            screens_of(self.game.name)
        except (LookupError, ImportError):
            done = len(view.history)
            say(self.app, mt("game_over") if self.game.is_over(s) else mt("hand_over", n=done))
            return
        from tt22.tui.summary.screens import match_summary_screen

        self.waiting_summary = True
        you = self.you()
        if self.game.is_over(s):
            saved = getattr(self.session, "saved_path", None)
            end = match_summary_screen(
                self.game.name, view, names, you, saved, str(self.session.seed)
            )
            self.app.push_screen(end, self._game_done)
            return
        auto = None
        if self.watching:
            auto = 0.01 if self.pace == 0 else max(1.5, self.pace * 4)
        self.app.push_screen(self.hand_summary_of(view, names, auto), self._hand_done)

    def hand_summary_of(self, view: Any, names: Sequence[str], auto: float | None) -> Any:
        """The end of `view`'s last hand in this game's hand summary (a served seat
        shows it from the view it was sent, tt22.serve.tables)."""
        from tt22.tui.summary.screens import hand_summary_screen

        return hand_summary_screen(self.game.name, view, names, self.you(), auto)

    def _game_done(self, choice: str | None) -> None:
        self.waiting_summary = False
        self.app.call_later(self._leave, choice or "home")

    def _leave(self, choice: str) -> None:
        again_at_this_table(self, choice)
