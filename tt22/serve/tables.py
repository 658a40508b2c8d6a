"""The served seat of a game other than 22: that game's own local table, fed by news.

Rook's and the Rummy family's tables (tt22.tui.games.rook.table, tt22.tui.games.rummy.table) draw
one seat's view and ask the game what may be done; they reach the match through a play
session. Here the session is `ServedSession`: its "state" is the seat's view decoded
from the last `SeatNews` (never the table's state), its game answers `view(state, seat)`
with that view, and `play` sends the move to the table (`Table.submit`), which alone
applies it. So a served seat shows exactly the local table's screens (bidding, nest,
trump, teams, dummy; melds, discard pile, deadwood, knock limit; the hand and game
summaries) without a second copy of them, and nothing on it can come from anywhere but
the view.

What the server adds under the table: the table's code, the move clock, who is away or
played for by a bot, the chat, and at the end the seed (to check against the
commitment), the record and the rematch.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.css.query import NoMatches
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, RichLog, Static

from tt22.core.protocol import IllegalMove, RuleBroken
from tt22.core.registry import entry, get_game
from tt22.core.safe import printable
from tt22.serve.hub import SeatNews, Table, TooManyTables, decode_news, view_of
from tt22.serve.render.display import CoveredWaits
from tt22.tui.bindings import translate_bindings
from tt22.tui.games.rook.seatlog import RookViewLog
from tt22.tui.i18n import add_section, t
from tt22.tui.safe_text import say
from tt22.tui.widgets.hand import HandView
from tt22.tui.widgets.keybar import KeyBar
from tt22.tui.widgets.lines import TextLines

__all__ = [
    "SPECTATOR_SUMMARY",
    "ServedSession",
    "SummaryAside",
    "ViewGame",
    "game_seat_screen",
    "rook_screen",
    "rummy_screen",
    "ui_screen",
]

SPECTATOR_SUMMARY = 4.0
"""Seconds a spectator's hand (or deal) summary stays: nobody there has a decision
that would close it (22's spectator had this; Rook's stayed until Enter)."""

add_section(
    "serve.",
    {
        "key.last_hand": ("Last hand", "지난 판", "前の回"),
        "seat.hand_over": ("Hand {n} is over", "{n}번째 판 종료", "第{n}回終了"),
        "seat.summary_closed": (
            "{title} (s: its summary)",
            "{title} (s: 결과)",
            "{title} (s: 結果)",
        ),
    },
)


class ViewGame:
    """A game whose states are one seat's views: what a served table's screen holds.
    Everything else (legal moves from the view, reasons, words) is the game's own."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.name: str = game.name

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def to_move(self, view: Any) -> int:
        to_move: int = view.to_move
        return to_move

    def is_over(self, view: Any) -> bool:
        return bool(view.to_move < 0)

    def view(self, view: Any, seat: int) -> Any:
        """The only view a served seat has is its own (a spectator's: the public one)."""
        return view

    def winners(self, view: Any) -> tuple[int, ...]:
        winners: tuple[int, ...] = view.winners
        return winners


class ServedSession:
    """The play session a local table screen drives, for one served seat."""

    can_take_back = False

    def __init__(self, table: Table, seat: int, fingerprint: str, news: SeatNews) -> None:
        self.table = table
        self.seat = seat
        self.fingerprint = fingerprint
        self.game = ViewGame(get_game(news.game))
        self.news = news
        self.state: Any = view_of(news)
        self.save_problem: str | None = None
        self.saved_path: Any = None
        self.latest = b""  # the last news sent to this seat (its message may still be queued)

    # -- what the table asks -----------------------------------------------------------
    @property
    def seed(self) -> str:
        return self.news.seed

    @property
    def names(self) -> list[str]:
        return [name or "?" for name in self.news.names]

    @property
    def humans(self) -> list[int]:
        return [self.seat] if self.seat >= 0 else []

    @property
    def rules(self) -> Any:
        return getattr(self.state, "rules", None)

    @property
    def shown_seed(self) -> str:
        """What the table's status line shows of the seed: its commitment from the
        first deal (`sha256:` and 17 digits, as 22's served header), the seed once the
        match is over; the whole commitment is on the server's line at the end."""
        return self.news.seed or self.news.commitment[:24]

    @property
    def to_move(self) -> int:
        return self.game.to_move(self.state)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def is_bot(self, seat: int) -> bool:
        return 0 <= seat < len(self.news.bots) and self.news.bots[seat]

    def view(self, seat: int) -> Any:
        return self.state

    def legal_moves(self, seat: int) -> Any:
        return self.game.game.view_legal_moves(self.state)

    def bot_move(self) -> Any:
        raise RuntimeError("a served table's bots play at the server")

    # -- moves -------------------------------------------------------------------------
    def play(self, move: Any, think: float | None = None) -> Any:
        """Send the move to the table; refused (IllegalMove, with its reason) when the
        view already says it is not legal or the table says no."""
        game = self.game.game
        why = game.explain_view(self.state, move)
        if why is not None:
            raise RuleBroken(why, game.describe(why))
        problem = self.table.submit(self.fingerprint, move)
        if problem is not None:
            raise IllegalMove("", problem)
        # The table told this seat at once (its message waits in the queue): the screen
        # goes on from the position after the move, as a local table does after `play`.
        self.catch_up()
        return self.state

    def catch_up(self) -> None:
        """Take the last news sent to this seat as the position now."""
        if self.latest:
            self.news = decode_news(self.latest)
            self.state = view_of(self.news)

    # -- what a local session does that a served one leaves to the server ----------------
    def release(self) -> None:
        """(The table's autosave is the server's.)"""

    def save_again(self) -> None:
        """(The table's autosave is the server's.)"""

    def resign(self) -> None:
        return None


def drawn_after(screen: Screen[Any]) -> Awaitable[object] | None:
    """What finishes once `screen` has handled the messages posted to it so far and
    the app has repainted (Textual's `call_after_refresh`): how a seat tells the
    server's pacer (tt22.serve.pacer) that it has drawn the news it was handed. None
    once the screen takes no more messages."""
    done = asyncio.Event()
    if not screen.call_after_refresh(done.set):
        return None
    return done.wait()


class NewsArrived(Message):
    def __init__(self, data: bytes) -> None:
        super().__init__()
        self.data = data


class SummaryAside(CoveredWaits):
    """A served seat's hand (or deal) summaries, which never cost its person time.

    The table does not wait for a person reading a summary: the bots play on and the
    move clock runs. So a summary shown over the table closes by itself when this
    seat's next decision arrives, and when the hand that just ended puts this seat on
    turn at once it is not shown at all: a note (while `summary_missed`) says the hand
    is over and which key shows its summary again, until the person moves. A summary
    the person asks for themselves stays until they close it.

    A summary shown by itself is also closed as soon as a later hand has ended (the
    covered table then draws and shows the newest hand's): a spectator's, or one a
    fast hand of bots overtook, never shows a stale result (the review's L7: a Gin
    spectator saw hand 7's result at hand 9, a 22 spectator deal 5's during deal 7).

    While a summary (or any opaque screen) covers the table, the table is not painted
    under it (`CoveredWaits`, tt22.serve.render.display).
    """

    _summary: ModalScreen[Any] | None = None
    _summary_hand = 0  # the hand the open summary shows
    _summary_asked = False  # (the person asked for it: it stays)
    _summary_missed = 0  # the hand whose summary stepped aside (0: none)
    _behind: tuple[Any] | None = None  # the view before the news not yet drawn

    def catch_up_screen(self) -> None:
        """Draw the news not yet drawn (`undrawn_since`), unless another screen (a
        summary, the help) covers the table: then once it is uncovered."""
        raise NotImplementedError

    def view_changed(self, before: Any, mine_before: bool) -> None:
        """News changed this seat's view from `before` (the first such view since the
        screen last drew, if it is covered): draw, and let a summary step aside."""
        if self._behind is None:
            self._behind = (before,)
        overtaken = self._summary is not None and self.hands_played() > self._summary_hand
        if overtaken and not self._summary_asked:  # (a later hand ended: the newest shows)
            self.close_summary(missed=False)
        self.catch_up_screen()
        self.summary_after_news(mine_before)

    def on_screen_resume(self) -> None:
        """Uncovered: the move log shows its end again, and the news drawn. A log
        scrolls to its end after the next repaint of whichever screen is on top when
        it asks, so lines written just as a summary opened asked that summary, and
        its end was lost with it (the served Rook game's last trick stayed below the
        log's fold once the game's summary closed)."""
        for log in self.query(RichLog):
            if log.auto_scroll:
                log.scroll_end(animate=False)
        self.catch_up_screen()

    def undrawn_since(self) -> tuple[Any] | None:
        """The view the screen last drew, in a 1-tuple, if news came since (then
        forgotten: the caller draws it)."""
        behind, self._behind = self._behind, None
        return behind

    def my_decision(self) -> bool:
        """This seat must decide now (its clock, if any, is running)."""
        raise NotImplementedError

    def hands_played(self) -> int:
        """The number of the last finished hand (or deal)."""
        raise NotImplementedError

    def summary_note_changed(self) -> None:
        """Redraw the line that shows `summary_missed`."""
        raise NotImplementedError

    @property
    def summary_missed(self) -> int:
        return self._summary_missed

    def open_summary(self, summary: ModalScreen[Any], done: Any, *, asked: bool = False) -> None:
        """Show a finished hand's summary over the table, unless this seat must decide
        at once; a summary the person asked for (`asked`) is shown anyway."""
        self.close_summary(missed=False)
        if not asked and self.my_decision():
            self._summary_missed = self.hands_played()
            self.summary_note_changed()
            if done is not None:
                done(None)
            return
        self._summary = summary
        self._summary_hand = self.hands_played()
        self._summary_asked = asked
        self.app.push_screen(summary, done)

    def close_summary(self, *, missed: bool = True) -> None:
        """Close the summary this seat opened, if it is still the screen on top (a
        screen the person opened over it, such as the help, stays)."""
        summary, self._summary = self._summary, None
        if summary is None or summary not in self.app.screen_stack or not summary.is_active:
            return
        summary.dismiss(None)
        if missed:
            self._summary_missed = self.hands_played()
            self.summary_note_changed()

    def summary_after_news(self, mine_before: bool) -> None:
        """The position changed: this seat's decision closes a summary; the seat's own
        move ends the note."""
        if self.my_decision():
            self.close_summary()
        elif mine_before and self._summary_missed:
            self.forget_missed()

    def forget_missed(self) -> None:
        if self._summary_missed:
            self._summary_missed = 0
            self.summary_note_changed()


class _Served(SummaryAside):
    """What a served seat adds to a game's local table (mixed in before it)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "chat", "serve.key.chat", id="serve.chat"),
        Binding("r", "rematch", "serve.key.rematch", id="serve.rematch"),
        # In the help, not the footer (no room at 80 columns): the last hand's summary.
        Binding("s", "last_hand", "serve.key.last_hand", id="serve.last_hand", show=False),
        # Replaces the local table's "q Home": here q goes back to the lobby (and the
        # seat waits for its owner), the word 22's served seat uses.
        Binding("q", "home", "serve.key.leave", id="serve.leave"),
    ]
    DEFAULT_CSS = """
    _Served #serve-line { height: auto; max-height: 3; padding: 0 1; color: $text-muted; }
    _Served #chat-input { height: 1; border: none; }
    """

    session: ServedSession

    def __init__(self, table: Table, seat: int, news: SeatNews, fingerprint: str) -> None:
        self.served_table = table
        self.served_seat = seat
        self._wid = 0
        session = ServedSession(table, seat, fingerprint, news)
        super().__init__(session, watch=seat < 0)  # type: ignore[call-arg, arg-type]

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield TextLines(id="serve-line")
        yield Input(id="chat-input", max_length=200, compact=True)

    def on_mount(self) -> None:
        chat = self.query_one("#chat-input", Input)
        chat.display = False
        chat.placeholder = t("serve.chat.prompt")
        s = self.session
        self._wid = self.served_table.subscribe(self.served_seat, s.fingerprint, self._receive)
        self.draw_serve_line()

    def on_unmount(self) -> None:
        self.served_table.unsubscribe(self._wid)

    def _receive(self, data: bytes) -> Awaitable[object] | None:
        self.session.latest = data
        self.post_message(NewsArrived(data))
        return drawn_after(self)

    @on(NewsArrived)
    def _news(self, message: NewsArrived) -> None:
        s = self.session
        news = decode_news(message.data)
        before = s.state
        s.news = news
        s.state = view_of(news)
        if s.state != before:
            mine_before = before is not None and s.game.to_move(before) == self.served_seat
            self.view_changed(before, mine_before)
        else:
            self.catch_up_screen()

    def catch_up_screen(self) -> None:
        """Draw the news, unless another screen (a summary, the help) covers the
        table: then once it is uncovered. Drawn under a dialog, every change costs the
        whole screen again (Textual composes the dialog over it anew), which was most
        of a served Rook or Gin seat's bytes around a hand's end."""
        if not self.is_active:
            return
        self.draw_serve_line()
        owed, self._redraw_owed = self._redraw_owed, False
        behind = self.undrawn_since()
        if behind is not None:
            self.news_arrived(behind[0])
        elif owed:
            self.refresh_table()

    _redraw_owed = False  # the table changed while covered: drawn when uncovered
    refresh_table: Callable[[], None]  # (the game's table's, deferred while covered)

    def my_decision(self) -> bool:
        s = self.session
        seat = self.served_seat
        return (
            seat >= 0
            and s.news.status == "playing"
            and s.state is not None
            and s.game.to_move(s.state) == seat
            and not s.news.standin[seat]
        )

    def hands_played(self) -> int:
        history = self.session.state.history
        return int(getattr(history[-1], "number", len(history))) if history else 0

    def summary_note_changed(self) -> None:
        self.draw_serve_line()

    def hand_title(self, number: int) -> str:
        """The title of hand `number`'s summary ("Hand 3 is over"), in the game's words."""
        raise NotImplementedError

    def show_last_hand(self) -> None:
        """The last finished hand's summary, again (`s`)."""
        raise NotImplementedError

    def action_last_hand(self) -> None:
        if self.session.state is not None and self.hands_played() > 0:
            self.forget_missed()
            self.show_last_hand()

    def news_arrived(self, before: Any) -> None:
        """The seat's view changed: redraw as the game's table does after a move."""
        raise NotImplementedError

    def advance(self) -> None:
        """The server moves the bots; the screen only listens."""

    # ------------------------------------------------------------------ the server's line
    def _who(self, seat: int) -> str:
        return printable(self.session.names[seat], 20)

    def draw_serve_line(self) -> None:
        if not self.is_mounted or not self.is_active:
            return  # (drawn when uncovered: catch_up_screen)
        news = self.session.news
        text = Text()
        text.append(news.code, style="bold")
        if self.served_seat < 0:
            text.append("  " + t("serve.seat.watching", code=news.code))
        if news.clock:
            text.append("  " + t("serve.seat.clock", s=news.clock))
        away = [self._who(i) for i, c in enumerate(news.connected) if not c and not news.bots[i]]
        if away:
            text.append("  " + t("serve.seat.away", names=", ".join(away)))
        standin = [self._who(i) for i, s in enumerate(news.standin) if s]
        if standin:
            text.append("  " + t("serve.seat.standin", names=", ".join(standin)))
        if self.summary_missed:
            title = self.hand_title(self.summary_missed)
            text.append("  " + t("serve.seat.summary_closed", title=title))
        if news.status == "over":
            text.append(
                "\n"
                + t("serve.seat.seed", seed=printable(news.seed, 60), commitment=news.commitment)
            )
            if self.served_seat >= 0:
                text.append("  " + t("serve.seat.rematch", code=news.rematch or "-"))
        elif news.chat:
            name, line = news.chat[-1]
            text.append("\n" + printable(name, 20) + ": ", style="bold")
            text.append(printable(line, 200))  # literally: never markup, no control
        self.query_one("#serve-line", TextLines).update(text)
        self.refresh_bindings()

    # ------------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        over = self.session.news.status == "over"
        if action == "rematch":
            return over and self.served_seat >= 0
        if action == "chat":
            return self.served_seat >= 0
        if action == "last_hand":
            return self.session.state is not None and self.hands_played() > 0
        if action == "resign":
            return False  # a served match is given up by leaving
        result: bool | None = super().check_action(action, parameters)
        return result

    def action_chat(self) -> None:
        if self.served_seat < 0:
            return
        box = self.query_one("#chat-input", Input)
        box.display = True
        box.value = ""
        self.set_focus(box)  # at once: the line typed straight after `c` is chat

    @on(Input.Submitted, "#chat-input")
    def _said(self, event: Input.Submitted) -> None:
        event.stop()
        box = self.query_one("#chat-input", Input)
        box.display = False
        self.set_focus(None)
        person = self.app.person  # type: ignore[attr-defined]
        problem = self.served_table.say(person.fingerprint, person.name, event.value)
        if problem:
            say(self.app, problem)

    def action_rematch(self) -> None:
        if self.session.news.status != "over" or self.served_seat < 0:
            return
        hub = self.served_table.hub
        person = self.app.person  # type: ignore[attr-defined]
        from tt22.serve.app import room_text, seat_screen

        try:
            new = hub.rematch(self.served_table, person.fingerprint)
        except TooManyTables as e:
            say(self.app, room_text(e))
            return
        seat = new.sit(person.fingerprint, person.name)

        self.app.pop_screen()
        if seat is not None:
            self.app.push_screen(seat_screen(new, seat, person.fingerprint))

    def action_home(self) -> None:
        """Back to the lobby; the seat waits for its owner (the grace period)."""
        self.app.pop_screen()

    def after_summary(self, choice: str | None) -> None:
        """The game summary's choice: again (with either seed) is the rematch."""
        if choice in ("again", "new"):
            self.action_rematch()


# ---------------------------------------------------------------------- Rook
class _Start(NamedTuple):
    number: int
    out_of_play: tuple[int, ...]


class _HandShown(NamedTuple):
    """A finished hand as the view has it (`PublicHand`), shaped as the summary's
    panels read a hand (`HandResult`: `put_back`, `start.number`, ...)."""

    start: _Start
    bidder: int
    bid: int
    made: bool
    taken: tuple[int, int]
    trump: int
    put_back: tuple[int, ...]
    deltas: tuple[int, ...]
    scores: tuple[int, ...]


def _shown(hand: Any) -> _HandShown:
    return _HandShown(
        _Start(hand.number, hand.out_of_play),
        hand.bidder,
        hand.bid,
        hand.made,
        hand.taken,
        hand.trump,
        hand.nest,
        hand.deltas,
        hand.scores,
    )


class RookHandNews(ModalScreen[str]):
    """The end of a Rook hand (or of the game) at a served seat: the local summary's
    panels, from the public hand of the view; at the end, rematch or the lobby."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "close", "key.next", id="serve.rook.next"),
    ]

    def __init__(
        self,
        names: list[str],
        hand: Any,
        players: int,
        winners: tuple[int, ...] | None,
        auto: float | None = None,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.names = names
        self.hand = _shown(hand)
        self.players = players
        self.winners = winners
        self.auto = auto  # (seconds until it closes by itself: a spectator's)

    def on_mount(self) -> None:
        if self.auto is not None:
            self.set_timer(self.auto, self.action_close)

    def compose(self) -> ComposeResult:
        from tt22.tui.games.rook.summary import hand_lines, hand_table

        a = bool(getattr(self.app, "ascii_cards", False))
        h = self.hand
        with VerticalScroll(classes="dialog"):
            if self.winners is None:
                title = Text(t("rook.hand.title", n=h.start.number), style="bold")
            else:
                title = Text(t("rook.game.title"), style="bold")
                shown = t("sep.list").join(printable(self.names[s], 40) for s in self.winners)
                title.append("\n" + (t("match.winner", names=shown) if shown else ""))
            yield Static(title, classes="title")
            yield Static(hand_lines(self.names, h, a))  # type: ignore[arg-type]
            yield Static(hand_table(self.names, h, self.players), classes="standings")  # type: ignore[arg-type]
            with Horizontal(classes="buttons"):
                label = t("rook.next_hand") if self.winners is None else t("serve.key.leave")
                yield Button(label, id="next", variant="primary", compact=True)
        yield KeyBar()

    @on(Button.Pressed, "#next")
    def action_close(self) -> None:
        if self.is_current:
            self.dismiss("home")


def rook_screen(game: str) -> type[_Served]:
    """Rook's table at a served seat (`game`: Rook, the one game it serves)."""
    from tt22.tui.games.rook import table as rook_table
    from tt22.tui.games.rook.table import RookTableScreen

    class ServedRookTable(_Served, RookTableScreen):  # type: ignore[misc]
        """Rook's table at a served seat."""

        # (Textual reads a relative CSS_PATH beside the class that uses it: here.)
        CSS_PATH = str(Path(rook_table.__file__).parent / str(RookTableScreen.CSS_PATH))

        view_log: RookViewLog | None = None

        def rebuild_log(self) -> None:
            """The log written from the views (a served seat has no moves or seed to
            replay): all of it from the view now, then what each view adds."""
            with contextlib.suppress(NoMatches):
                self.query_one("#rook-log", RichLog).clear()
            self.view_log = RookViewLog(self.session.names, self.tapp.ascii_cards)
            self.write_log()

        def write_log(self) -> None:
            if self.view_log is not None and self.session.state is not None:
                for line in self.view_log.lines(self.session.state):
                    self._log(line)

        def log_move(self, before: Any, move: Any, after: Any) -> None:
            """This seat's own move: the view it led to (`catch_up`) writes it."""
            self.write_log()

        def refresh_table(self) -> None:
            if not self.is_active:
                self._redraw_owed = True
                return
            super().refresh_table()

        def news_arrived(self, before: Any) -> None:
            self.write_log()
            if len(self.session.state.history) > len(before.history):
                self.show_hand_summary()  # (first: the table is then drawn when uncovered)
            self.refresh_table()

        def show_hand_summary(self) -> None:
            v = self.session.state
            if self.session.over:
                self.close_summary(missed=False)
                summary = RookHandNews(self.session.names, v.history[-1], v.players, v.winners)
                self.app.push_screen(summary, self.after_summary)
                return
            auto = SPECTATOR_SUMMARY if self.served_seat < 0 else None
            hand = RookHandNews(self.session.names, v.history[-1], v.players, None, auto)
            self.open_summary(hand, self.after_summary)

        def watch_note(self) -> str:
            """(A spectator has no hand shown: the server's line says it watches.)"""
            return "" if self.served_seat < 0 else str(super().watch_note())

        def _draw(self) -> None:
            super()._draw()
            if self.served_seat < 0:  # no hand of its own: not "(no cards)"
                self.query_one("#rook-hand", HandView).show(None, hidden_text="")

        def hand_title(self, number: int) -> str:
            return t("rook.hand.title", n=number)

        def show_last_hand(self) -> None:
            v = self.session.state
            hand = RookHandNews(self.session.names, v.history[-1], v.players, None)
            self.open_summary(hand, self.after_summary, asked=True)

    return ServedRookTable


# ---------------------------------------------------------------------- Rummy, Gin
def rummy_screen(game: str) -> type[_Served]:
    """The served table of a game of the Rummy family: its local table (the class its
    registry entry names: Rummy's and Gin's, 500 Rum's and Persian's, or Manipulation's
    with its work area) at a served seat. The server names no game's module for it."""
    from tt22.tui.tables import table_screen

    local: type[Any] = table_screen(game)

    class ServedRummyTable(_Served, local):  # type: ignore[misc]
        """A Rummy family table at a served seat."""

        def refresh_table(self) -> None:
            if not self.is_active:
                self._redraw_owed = True
                return
            super().refresh_table()

        def news_arrived(self, before: Any) -> None:
            self.after_move(before)

        def _game_done(self, choice: str | None) -> None:
            self.waiting_summary = False
            self.after_summary(choice)

        def show_hand_summary(self) -> None:
            if self.game.is_over(self.state):
                self.close_summary(missed=False)
                super().show_hand_summary()  # the game's end
                return
            self.waiting_summary = True
            auto = SPECTATOR_SUMMARY if self.served_seat < 0 else None
            self.open_summary(self._last_hand(auto), self._hand_done)

        def _draw(self) -> None:
            super()._draw()
            if self.served_seat < 0:  # (no hand: no melds or deadwood of its own)
                for info in self.query("#rummy-info").results(TextLines):
                    info.update(Text(""))  # (Manipulation's table has no such line)

        def show_last_hand(self) -> None:
            self.open_summary(self._last_hand(), self._hand_done, asked=True)

        def hand_title(self, number: int) -> str:
            return t("rummy.ui.hand_over", n=number)

        def _last_hand(self, auto: float | None = None) -> ModalScreen[Any]:
            names = [self.who(i) for i in range(len(self.session.names))]
            return self.hand_summary_of(self.state, names, auto)  # type: ignore[no-any-return]

    return ServedRummyTable


# ---------------------------------------------------------------------- any game with a GameUI
def ui_screen(game: str) -> type[_Served]:
    """The one table (tt22.tui.table.screen) at a served seat, for any game its
    registry entry describes by a `GameUI` (`GameEntry.ui`): the seat's view is the
    session's state, the log is told from what changed between the views the seat is
    handed (news carries views, not moves), and the summaries are the one pair."""
    from tt22.tui.summary.screens import hand_summary_screen, match_summary_screen
    from tt22.tui.table.screen import TableScreen

    class ServedTable(_Served, TableScreen):
        """The one table at a served seat."""

        def seat_view(self, state: Any, seat: int | None) -> Any:
            return state  # (a served seat holds its own view only)

        def log_seat(self) -> int | None:
            return self.served_seat if self.served_seat >= 0 else None

        def you(self) -> int | None:
            return self.served_seat if self.served_seat >= 0 else None

        def rebuild_log(self) -> None:
            with contextlib.suppress(NoMatches):
                self.query_one("#one-log", RichLog).clear()
            if self.session.state is not None:
                self.log_move(None, None, self.session.state)

        def refresh_table(self) -> None:
            if not self.is_active:
                self._redraw_owed = True
                return
            super().refresh_table()

        def news_arrived(self, before: Any) -> None:
            self.log_move(before, None, self.state)
            if self.session.over or self.hands_done(self.state) > self.hands_done(before):
                self.show_hand_summary()  # (first: the table is then drawn when uncovered)
            self.refresh_table()

        def hands_played(self) -> int:
            return self.ui.finished_hands(self.state) if self.state is not None else 0

        def show_hand_summary(self) -> None:
            game, names = self.session.game.name, self.names_shown()
            if self.session.over:
                self.close_summary(missed=False)
                screen = match_summary_screen(
                    game, self.state, names, self.you(), None, self.session.seed
                )
                self.app.push_screen(screen, self.after_summary)
                return
            auto = SPECTATOR_SUMMARY if self.served_seat < 0 else None
            summary = hand_summary_screen(game, self.state, names, self.you(), auto)
            self.open_summary(summary, None)

        def watch_note(self) -> str:
            return "" if self.served_seat < 0 else str(super().watch_note())

        def hand_title(self, number: int) -> str:
            return t("serve.seat.hand_over", n=number)

        def show_last_hand(self) -> None:
            game, names = self.session.game.name, self.names_shown()
            summary = hand_summary_screen(game, self.state, names, self.you())
            self.open_summary(summary, None, asked=True)

    return ServedTable


def game_seat_screen(table: Table, seat: int, news: SeatNews, fingerprint: str) -> Screen[None]:
    """The served table of `news.game` (one whose registry entry names its `served`
    screen type: `rook_screen`, `rummy_screen`) for `seat` (-1: a spectator), showing
    the view `news` carries until the next news."""
    module, _, function = entry(news.game).served.partition(":")
    screen_type: type[_Served] = getattr(importlib.import_module(module), function)(news.game)
    return screen_type(table, seat, news, fingerprint)
