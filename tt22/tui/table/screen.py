"""The one table screen: any game, drawn through its `GameUI` (tt22.tui.table.gameui).

The screen keeps the cursor and the selection, asks `ui.actions` what each of the
game's keys does now, sends the chosen move to the play session (a `LocalSession`, or
the server's `ServedSession` at a served seat: tt22.serve.tables), listens to the
session's events (tt22.play.events, posted by the bot runner) and draws what
`ui.draw` returns. It draws nothing of any game itself, and names none.

What every game gets here alike:

- the status line (and the seed, sealed while a person plays), the seats' rows in
  play order with the turn shown (`▶`), the centre, the prompt line, the hand with the
  cursor, the selection and the cards just received marked until the next move (the
  new-player review's M3), the footer from `actions` (Enter's words are the action it
  does now; a key that may not be used now is dimmed, and the prompt says why for
  Enter);
- the move log (`m`), beside the table: at 80 columns it takes a third of the width
  and the table keeps its prompt and every seat (the review's H3); from 120 columns it
  is open from the start and wider, and on a tall terminal the hand is drawn in boxes
  (L3);
- the score history (`s`), the hand's and the match's summaries (the one pair of
  summary screens, fed by the game's rows), the help (`?`, the game's page);
- a hint (`i`) and undo (`u`) where the session offers them, resign (`x`, after
  asking), home (`q`), bots through the session's runner (a failing bot is said and
  the person chooses: tt22.tui.screens.game_table.bot_failed, never a silent
  substitute move), and the hot seat (the hand hidden between people: Enter shows it).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import RichLog

from tt22.core.protocol import IllegalMove, Reason, reason_of
from tt22.core.safe import printable
from tt22.play.events import BotFailed, Event, Moved
from tt22.play.runner import BotRunner
from tt22.tui.bindings import translate_bindings
from tt22.tui.hooks import bindings_of, replace_bindings
from tt22.tui.i18n import add_section, seed_words, t
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
from tt22.tui.table.gameui import GameUI, Key, TableDraw, Words, ui_of
from tt22.tui.widgets.hand import HandView
from tt22.tui.widgets.keybar import KeyBar
from tt22.tui.widgets.lines import RenderedLines, TextLines

if TYPE_CHECKING:
    from tt22.tui.app import TT22App

__all__ = ["GAME_ACTION", "Received", "TableScreen"]

GAME_ACTION = "game"
"""The action every game key is bound to, its id the parameter: `game('tiny.play')`."""

LOG_OPEN_WIDTH = 120
"""From this many columns the move log is open from the start (the review's L3)."""

BIG_HAND_HEIGHT = 32
"""From this many lines the hand is drawn in boxes (five lines instead of three)."""

add_section(
    "table.",
    {
        "hand_hidden": (
            "{name}: press Enter to see your hand.",
            "{name} 님: Enter를 눌러 패를 보세요.",
            "{name}さん: Enterで手札を見てください。",
        ),
        "hint": ("Hint: {move}", "힌트: {move}", "ヒント: {move}"),
        "player": ("Player", "플레이어", "プレイヤー"),
        "over": ("The match is over.", "게임이 끝났습니다.", "対戦は終わりました。"),
    },
)


class Received:
    """The cards each seat just received (an exchange, a draw, the nest): those in its
    hand now that it did not hold when it last moved, marked until its next move
    (the new-player review's M3). A new hand (deal) starts afresh: a fresh deal is not
    "received". Plain bookkeeping, no Textual: the table feeds it what it drew."""

    def __init__(self) -> None:
        self._shown: dict[int, tuple[frozenset[int], int]] = {}  # the hand last drawn
        self._before: dict[int, tuple[frozenset[int], int]] = {}  # held at its last move

    def drawn(self, seat: int, cards: Sequence[int], hands_done: int) -> frozenset[int]:
        """Seat `seat`'s hand `cards` is drawn now (`hands_done` hands over): the cards
        to mark."""
        held = frozenset(cards)
        self._shown[seat] = (held, hands_done)
        before = self._before.get(seat)
        if before is None or before[1] != hands_done:
            return frozenset()
        return held - before[0]

    def moved(self, seat: int) -> None:
        """Seat `seat` moved: what it held then is what later cards are measured by."""
        if seat in self._shown:
            self._before[seat] = self._shown[seat]

    def clear(self) -> None:
        self._shown.clear()
        self._before.clear()


class TableScreen(GameTable[Any]):
    """One match of any game at this keyboard (or a served seat): see the module."""

    # By id alone, from a file beside this module: the served table (tt22.serve.tables)
    # puts the server's mixin first among its bases, and Textual takes DEFAULT_CSS only
    # along the first base's line, so a DEFAULT_CSS here would not reach it.
    CSS_PATH = str(Path(__file__).with_name("table.tcss"))
    AUTO_FOCUS = ""  # every key belongs to the table
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "cursor(-1)", "key.move", id="table.left", key_display="←→"),
        Binding("right,l", "cursor(1)", "key.right", id="table.right", show=False),
        Binding("home", "cursor_end(0)", "key.first", id="table.first", show=False),
        Binding("end", "cursor_end(1)", "key.last", id="table.last", show=False),
        Binding("space", "select", "key.select", id="table.select"),
        Binding("enter", "reveal", "key.reveal", id="table.reveal"),
        # In the help, not the footer (no room at 80 columns), as at every table.
        Binding("i", "hint", "key.hint", id="table.hint", show=False),
        Binding("u", "undo", "key.undo", id="table.undo", show=False),
        Binding("x", "resign", "key.resign", id="table.resign", show=False),
        Binding("s", "scores", "key.scores", id="table.scores", show=False),
        Binding("m", "toggle_log", "key.log", id="table.log"),
        Binding("question_mark", "table_help", "key.help", id="table.help", key_display="?"),
        Binding("q", "home", "key.home", id="table.home"),
    ]

    def __init__(self, session: Any, *, watch: bool = False) -> None:
        super().__init__()
        self.session = session
        self.ui: GameUI = ui_of(session.game.name)
        self._bind_game_keys(self.ui.keys)
        translate_bindings(self)
        self.watching = watch or not session.humans
        self.revealed: int | None = None  # hot seat: whose hand is open now
        self.note: str | None = None  # a one-off message: an illegal move's reason, a hint
        self.log_choice: bool | None = None  # the person's m, else by the width
        self.received = Received()
        self.acts: dict[str, Any] = {}  # what each game key does now (`ui.actions`)
        self.drawn: TableDraw | None = None
        self._view: Any = None  # the view of the person on turn, when their hand shows
        self._turn_started: float | None = None
        self.bot_runner: BotRunner | None = None

    def _bind_game_keys(self, keys: Sequence[Key]) -> None:
        """The game's keys first (the footer reads them first), then the table's."""
        shared = bindings_of(self)
        merged: dict[str, list[Binding]] = {}
        for key in keys:
            for name in key.keys.split(","):
                merged.setdefault(name.strip(), []).append(
                    Binding(
                        name.strip(),
                        f"{GAME_ACTION}('{key.id}')",
                        key.words,
                        show=key.show,
                        key_display=key.key_display,
                        id=key.id,
                    )
                )
        for name, found in shared.key_to_bindings.items():
            merged.setdefault(name, []).extend(found)
        replace_bindings(self, BindingsMap.from_keys(merged))

    @property
    def tapp(self) -> TT22App:
        return self.app  # type: ignore[return-value]

    @property
    def ascii_style(self) -> bool:
        return bool(getattr(self.app, "ascii_cards", False))

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Horizontal(id="one-body"):
            with Vertical(id="one-main"):
                yield TextLines(id="one-status")
                with VerticalScroll(id="one-seats-pane"):
                    yield RenderedLines(id="one-seats")
                yield TextLines(id="one-centre")
                yield TextLines(id="one-panes")
                yield TextLines(id="one-message")
                yield HandView(id="one-hand")
            yield RichLog(id="one-log", wrap=True, markup=False, max_lines=2000, min_width=1)
        yield KeyBar()

    def dress(self) -> None:
        log = self.query_one("#one-log", RichLog)
        log.border_title = t("log.title")
        log.can_focus = False
        self.query_one("#one-seats-pane").can_focus = False
        self.set_focus(None)
        self._fit()
        self.rebuild_log()
        self.refresh_table()

    def _fit(self) -> None:
        """The log open from 120 columns (unless the person chose), the hand in boxes
        on a tall terminal."""
        log = self.query_one("#one-log", RichLog)
        wide = self.size.width >= LOG_OPEN_WIDTH
        log.display = self.log_choice if self.log_choice is not None else wide
        tall = self.size.height >= BIG_HAND_HEIGHT
        self.query_one("#one-hand", HandView).styles.height = 5 if tall else 3

    def on_resize(self) -> None:
        self._fit()
        self.refresh_table()

    # ------------------------------------------------------------------ who sees what
    @property
    def hot_seat(self) -> bool:
        return len(self.session.humans) > 1

    def you(self) -> int | None:
        humans = self.session.humans
        return humans[0] if len(humans) == 1 and not self.watching else None

    def must_reveal(self) -> bool:
        s = self.session
        return self.hot_seat and not s.over and s.to_move in s.humans and self.revealed != s.to_move

    def viewer(self) -> int | None:
        """The seat whose view is drawn: the one person, the person on turn once they
        opened their hand (hot seat), seat 0 in a demo; None while the keyboard passes
        between people (a public view is drawn)."""
        humans: list[int] = self.session.humans
        if not humans:
            return 0
        if len(humans) == 1:
            return humans[0]
        if self.must_reveal():
            return None
        return self.revealed

    def seat_view(self, state: Any, seat: int | None) -> Any:
        """What the table may show of `state`: `seat`'s view, or the public one."""
        game = self.session.game
        return game.view(state, seat) if seat is not None else game.public_view(state)

    def human_view(self) -> Any:
        """The view of the person on turn, when their cards are on screen."""
        s = self.session
        if s.over or s.is_bot(s.to_move) or self.watching or self.must_reveal():
            return None
        if self.viewer() != s.to_move:
            return None
        return s.view(s.to_move)

    # ------------------------------------------------------------------ drawing
    def _draw(self) -> None:
        s = self.session
        a = self.ascii_style
        seat = self.viewer()
        view = self.seat_view(self.state, seat)
        names = [self.who(i) for i in range(len(s.names))]
        drawn = self.ui.draw(view, names, self.you() if seat is not None else None, a)
        self.drawn = drawn
        status = _text(drawn.status)
        status.append("\n" + seed_words(printable(s.shown_seed, 30)))
        self.query_one("#one-status", TextLines).update(status)
        self.query_one("#one-seats", RenderedLines).update(self._seats(drawn, a))
        self.query_one("#one-centre", TextLines).update(_lines(drawn.centre))
        panes = Text()
        for pane in drawn.panes:
            panes.append(pane.title + "\n", style="bold")
            panes.append_text(_lines(pane.lines))
        shelf = self.query_one("#one-panes", TextLines)
        shelf.display = bool(drawn.panes)  # (no blank line for a game without panes)
        shelf.update(panes)
        mine = self.human_view()
        if mine is not None and self._view is None:
            self._turn_started = time.monotonic()
        elif mine is None:
            self._turn_started = None
        self._view = mine
        hand = self.query_one("#one-hand", HandView)
        if drawn.hand.label is not None:
            hand.label_of = drawn.hand.label
        if seat is None:
            hand.show(None, hidden_text=t("table.hand_hidden", name=self.who(s.to_move)))
        else:
            marks = (
                self.received.drawn(seat, drawn.hand.cards, self.ui.finished_hands(view))
                | drawn.hand.received
            )
            hand.show(
                drawn.hand.cards,
                playable=drawn.hand.playable if mine is not None else None,
                ascii_style=a,
                active=mine is not None,
                received=marks,
            )
            if mine is not None:
                hand.cursor_to_playable()
        self._ask_actions()
        self.update_message()
        self.refresh_bindings()

    def _seats(self, drawn: TableDraw, a: bool) -> Table:
        """The seats' rows in play order: `▶` on the seat to move, the person's own seat
        in bold."""
        table = Table(box=None, padding=(0, 1), show_edge=False, expand=True)
        table.add_column(t("table.player"), overflow="fold", ratio=1)
        for heading in drawn.columns:
            table.add_column(heading, justify="right", no_wrap=True)
        for row in drawn.seats:
            name = Text((">" if a else "▶") if row.turn else " ", style="bold")
            name.append(" ")
            name.append(row.name, style="bold" if row.you else "")
            table.add_row(name, *(_text(c) for c in row.cells))
        return table

    def _ask_actions(self) -> None:
        """What each game key does now, for the card under the cursor and the cards
        chosen (nothing at all while the person's hand is not on screen)."""
        v = self._view
        if v is None or self.watching:
            self.acts = {}
            return
        hand = self.query_one("#one-hand", HandView)
        cursor = hand.cards[hand.cursor] if hand.cards else None
        self.acts = dict(self.ui.actions(v, cursor, tuple(hand.selection)))

    def enter_action(self) -> tuple[str, Any] | None:
        """The game key Enter presses now and what it does, if any."""
        for key in self.ui.keys:
            if "enter" in key.keys.split(",") and self.acts.get(key.id) is not None:
                return key.id, self.acts[key.id]
        return None

    def update_message(self) -> None:
        s = self.session
        msg = Text()
        if self.note:
            msg.append(self.note, style="bold")
        elif s.over:
            msg.append(t("table.over"))
        elif self.must_reveal():
            pass  # the hand's place says whose turn it is
        elif self._view is None:
            who = s.to_move
            key = "turn.waiting" if s.is_bot(who) else "turn.waiting_human"
            msg.append(t(key, name=self.who(who)))
            if self.watching and self.watch_note():
                msg.append("\n" + self.watch_note(), style="dim")
        else:
            prompt = self.drawn.prompt if self.drawn is not None else ""
            msg.append_text(_text(prompt))
            enter = self.enter_action()
            if enter is not None and isinstance(enter[1], Reason):
                why = self.ui.explain(enter[1], self.ascii_style)
                msg.append(("\n" if msg.plain else "") + why, style="italic")
        self.query_one("#one-message", TextLines).update(msg)

    def watch_note(self) -> str:
        """Under the turn in a demo: whose hand is shown."""
        return t("turn.watch", name=self.who(0))

    # ------------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """True offered, None dimmed (not now), False not in the footer here."""
        s = self.session
        if action == GAME_ACTION:
            if self.watching or self.must_reveal() or not parameters:
                return False
            does = self.acts.get(str(parameters[0]))
            if does is None:
                return False
            return None if isinstance(does, Reason) else True
        if action == "reveal":
            return self.must_reveal()
        if action == "resign":
            return not self.watching and not s.over
        if action == "hint":
            return not self.watching and not s.over and offers_hint(s)
        if action == "undo":
            return not self.watching and offers_undo(s)
        if action == "scores":
            return True
        if action in ("cursor", "cursor_end"):
            if self.watching or self.must_reveal():
                return False
            return True if self._view is not None else None
        if action == "select":
            return self._selects()
        return True

    def _selects(self) -> bool:
        """Whether the game wants cards chosen now: one of its actions depends on the
        selection (asked with every card chosen, then with none)."""
        v = self._view
        if v is None or not self.is_mounted:
            return False
        hand = self.query_one("#one-hand", HandView)
        if not hand.cards:
            return False
        cursor = hand.cards[hand.cursor]
        return dict(self.ui.actions(v, cursor, hand.cards)) != dict(self.ui.actions(v, cursor, ()))

    def _changed(self) -> None:
        self.note = None
        self._ask_actions()
        self.update_message()
        self.refresh_bindings()

    def action_cursor(self, step: int) -> None:
        if self._view is not None:
            self.query_one("#one-hand", HandView).move_cursor(step)
            self._changed()

    def action_cursor_end(self, last: int) -> None:
        hand = self.query_one("#one-hand", HandView)
        if self._view is not None and hand.cards:
            hand.cursor = len(hand.cards) - 1 if last else 0
            hand.refresh()
            self._changed()

    def action_select(self) -> None:
        if self._view is not None:
            self.query_one("#one-hand", HandView).toggle()
            self._changed()

    @on(HandView.CardClicked)
    def _clicked(self, event: HandView.CardClicked) -> None:
        if self._view is None:
            return
        hand = self.query_one("#one-hand", HandView)
        hand.cursor = event.index
        hand.refresh()
        self._changed()

    def action_game(self, key_id: str) -> None:
        """A game key: the move `actions` gave it now, sent to the session."""
        does = self.acts.get(key_id)
        if isinstance(does, Reason):
            self.note = t("msg.illegal", reason=self.ui.explain(does, self.ascii_style))
            self.update_message()
        elif does is not None:
            self.human_move(does)

    def action_reveal(self) -> None:
        if self.must_reveal():
            self.revealed = self.session.to_move
            self.refresh_table()

    def action_hint(self) -> None:
        """What the strongest bot would do from this seat's view, chosen in the hand."""
        v = self._view
        if v is None or not offers_hint(self.session):
            self.note = t("msg.hint_not_now")
            self.update_message()
            return
        self.note = t("msg.hint_thinking")
        self.update_message()
        self._hint(v)

    @work(exclusive=True, group="hint")
    async def _hint(self, v: Any) -> None:
        record = self.session.record
        move = await asyncio.to_thread(self.session.hint, v)
        if self.gone or self.session.record is not record or self._view is None:
            return  # the position moved on (or was taken back) while the bot thought
        hand = self.query_one("#one-hand", HandView)
        for i, card in enumerate(hand.cards):  # the card whose key plays the move
            if move in self.ui.actions(v, card, ()).values():
                hand.cursor = i
                hand.refresh()
                break
        self._ask_actions()
        self.note = t("table.hint", move=printable(self.session.game.move_text(move), 80))
        self.update_message()
        self.refresh_bindings()

    def action_undo(self) -> None:
        """Take back your last move and the bots' replies (one person against bots)."""
        s = self.session
        if self.watching or self.hot_seat or not getattr(s, "can_take_back", False):
            self.note = t("msg.no_undo")
            self.update_message()
            return
        self.workers.cancel_group(self, "hint")
        gone = s.take_back()  # (a bot thinking meanwhile: its move is dropped)
        self.waiting_summary = False
        self.revealed = None
        self._view = None
        self.received.clear()
        self.query_one("#one-hand", HandView).clear_selection()
        self.rebuild_log()
        self.note = t("msg.undone", n=gone)
        self.refresh_table()
        self.advance()

    def action_scores(self) -> None:
        from tt22.tui.summary.screens import score_history_screen

        view = self.seat_view(self.state, self.viewer())
        names = [self.who(i) for i in range(len(self.session.names))]
        screen = score_history_screen(
            self.session.game.name, view, names, self.you(), self.ascii_style
        )
        self.app.push_screen(screen)

    def action_table_help(self) -> None:
        from tt22.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen.of_game(self.session.game.name, self.session.rules))

    def action_toggle_log(self) -> None:
        log = self.query_one("#one-log", RichLog)
        log.display = self.log_choice = not log.display

    def action_resign(self) -> None:
        confirm_resign(self, self.leave_match)

    def action_home(self) -> None:
        self.workers.cancel_group(self, "bots")
        self.app.pop_screen()
        if not self.session.over:
            self.session.save_again()
            problem = self.session.save_problem
            if problem:
                say(self.app, t("msg.not_saved", reason=problem), severity="error")
            else:
                say(self.app, t("msg.saved"))

    # ------------------------------------------------------------------ moves
    def human_move(self, move: Any) -> None:
        think = None
        if self._turn_started is not None:
            think = round(time.monotonic() - self._turn_started, 3)
        before = self.state
        try:
            self.session.play(move, think=think)
        except IllegalMove as e:
            reason = self.ui.explain(reason_of(e), self.ascii_style)
            self.note = t("msg.illegal", reason=reason)
            self.update_message()
            return
        self.revealed = None
        self.query_one("#one-hand", HandView).clear_selection()
        self._played(before, move)

    def _played(self, before: Any, move: Any) -> None:
        self.note = None
        self._view = None
        self.received.moved(move.seat)
        problem = self.session.save_problem
        if problem:
            say(self.app, t("msg.not_saved", reason=printable(problem, 200)), severity="error")
        self.log_move(before, move, self.state)
        if self.session.over or self.hands_done(self.state) > self.hands_done(before):
            self.show_hand_summary()  # (first: the table is then drawn under it)
            self.refresh_table()
            return
        self.refresh_table()
        self.advance()

    def hands_done(self, state: Any) -> int:
        return self.ui.finished_hands(self.seat_view(state, self.log_seat()))

    def advance(self) -> None:
        s = self.session
        if s.over or self.waiting_summary:
            return
        if s.is_bot(s.to_move):
            self.bots().poke()

    def bots(self) -> BotRunner:
        """The session's bot driver (tt22.play.runner), started at the first bot turn."""
        if self.bot_runner is None:
            self.bot_runner = start_bots(self, self.session, self.bot_event, self.bots_may_play)
        return self.bot_runner

    def bot_event(self, event: Event) -> None:
        """A bot's move is drawn as a person's; a bot that failed is said, and the
        person chooses what happens (tt22.tui.screens.game_table.bot_failed)."""
        if isinstance(event, Moved):
            if event.stand_in is not None:
                self._log(plain(t("log.stand_in", name=self.who(event.seat)), "dim"))
            self._played(event.before, event.move)
        elif isinstance(event, BotFailed) and self.bot_runner is not None:
            bot_failed(
                self, event, self.bot_runner, self.session.names, self._log, self.action_home
            )

    # ------------------------------------------------------------------ summaries
    def summary_view(self) -> Any:
        return self.seat_view(self.state, self.log_seat())

    def names_shown(self) -> list[str]:
        return [self.who(i) for i in range(len(self.session.names))]

    def show_hand_summary(self) -> None:
        from tt22.tui.summary.screens import hand_summary_screen, match_summary_screen

        self.waiting_summary = True
        game = self.session.game.name
        view = self.summary_view()
        if self.session.over:
            screen = match_summary_screen(
                game,
                view,
                self.names_shown(),
                self.you(),
                self.session.saved_path,
                self.session.seed,
            )
            self.app.push_screen(screen, self._game_done)
            return
        auto: float | None = None
        if self.watching:
            auto = 0.01 if self.tapp.pace == 0 else max(1.5, self.tapp.pace * 4)
        summary = hand_summary_screen(game, view, self.names_shown(), self.you(), auto)
        self.app.push_screen(summary, self._hand_done)

    def _game_done(self, choice: str | None) -> None:
        self.app.call_later(again_at_this_table, self, choice or "home")

    # ------------------------------------------------------------------ the log
    def log_seat(self) -> int | None:
        """Whose view the log and the summaries are told from: the one person's, seat
        0's in a demo, else (a hot seat) the public view."""
        humans = self.session.humans
        if not humans:
            return 0
        return humans[0] if len(humans) == 1 else None

    def _log(self, text: Words) -> None:
        if not self.gone:
            with contextlib.suppress(NoMatches):
                self.query_one("#one-log", RichLog).write(text)

    def rebuild_log(self) -> None:
        """The whole log again from the session's moves (a take-back, the start)."""
        with contextlib.suppress(NoMatches):
            self.query_one("#one-log", RichLog).clear()
        s = self.session
        game = s.game
        state = game.new_match(s.rules, len(s.players), s.seed)
        for move in s.moves:
            after = game.apply(state, move)
            self.log_move(state, move, after)
            state = after

    def log_move(self, before: Any, move: Any, after: Any) -> None:
        seat = self.log_seat()
        lines = self.ui.narrate(
            self.seat_view(before, seat),
            move,
            self.seat_view(after, seat),
            self.names_shown(),
            self.you(),
            self.ascii_style,
        )
        for line in lines:
            self._log(line)


def _text(words: Words) -> Text:
    return words.copy() if isinstance(words, Text) else Text(words)


def _lines(lines: Sequence[Words]) -> Text:
    return Text("\n").join(_text(line) for line in lines)
