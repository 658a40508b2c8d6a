"""What every table does the same way around its own screen: seat a new match of a
protocol game in the data folder's slot, start the session's bots (tt22.play.runner)
and say when one fails, give a match up (after asking), and after a game's summary,
leave or sit down again. 22's table, Rook's and the Rummy family's call these instead of
each keeping a copy."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from textual.css.query import NoMatches
from textual.screen import Screen

from tt22.core.players import Player
from tt22.core.safe import printable
from tt22.play.events import BotFailed, Event
from tt22.play.log import log_file
from tt22.play.runner import BotRunner
from tt22.play.session import LocalSession, fresh_seed_text
from tt22.tui.i18n import t
from tt22.tui.redraw import DressedScreen
from tt22.tui.safe_text import plain, say

__all__ = [
    "GameTable",
    "Resigning",
    "bot_failed",
    "confirm_resign",
    "offers_hint",
    "offers_undo",
    "play_again",
    "resign_and_leave",
    "seat_new_match",
    "start_bots",
]


class Resigning(Protocol):
    """What giving a match up needs of a session (every LocalSession has it)."""

    save_problem: str | None

    def resign(self) -> Path | None: ...


def offers_hint(session: object) -> bool:
    """Whether a table's session gives hints (`hint(view)`): a local match does; a seat
    served over SSH (tt22.serve) does not, as 22's served seat does not."""
    return callable(getattr(session, "hint", None))


def offers_undo(session: object) -> bool:
    """Whether a table's session can take moves back at all (`take_back`; when it may
    now, `can_take_back` says): a local match can, a served seat cannot."""
    return callable(getattr(session, "take_back", None))


def seat_new_match(
    app: Any,
    game: str,
    rules: Any,
    seed: str,
    players: Sequence[Player],
    table: Callable[..., Screen[Any]],
    *,
    watch: bool = False,
) -> None:
    """Start a match of `game` in the data folder's slot (the shared LocalSession) and
    push `table(session, watch=watch)`; another window playing there, or bad rules, are
    said in one line and nothing starts."""
    from tt22.core.protocol import RulesError
    from tt22.record import RecordError, SlotBusy

    try:
        session = LocalSession.start(game, rules, seed, players, getattr(app, "home_dir", None))
    except SlotBusy as e:
        app.tell_busy(e)
        return
    except (RulesError, RecordError, ValueError) as e:
        say(app, str(e), severity="error")
        return
    app.push_screen(table(session, watch=watch))


def start_bots(
    screen: Screen[Any],
    session: LocalSession,
    post: Callable[[Event], None],
    ready: Callable[[], bool],
) -> BotRunner:
    """The session's bot driver for `screen`, started as its worker (group "bots": it
    stops when the table closes). It paces moves by the app's `pace`, holds them while
    `ready()` is false, and while the table is not on screen: the screen calls the
    runner's `shown()`/`hidden()` from its `on_screen_resume`/`on_screen_suspend`."""
    app = screen.app
    runner = BotRunner(
        session,
        post,
        pace=lambda: float(getattr(app, "pace", 0.6)),
        ready=ready,
        home=getattr(app, "home_dir", None),
    )
    if screen.is_active:
        runner.shown()
    screen.run_worker(runner.run(), group="bots", name="bots")
    return runner


def bot_failed(
    screen: Screen[Any],
    event: BotFailed,
    runner: BotRunner,
    names: Sequence[str],
    write_log: Callable[[Any], None],
    leave: Callable[[], None],
) -> None:
    """A bot failed (`event`): say so on the table and in its log, with the bot's name
    and the error (plain text: the error's words are not the program's), and ask the
    person what happens. The seat plays nothing meanwhile: asking the same bot again,
    letting the random bot play this one move, or `leave` (the match stays saved at
    the move before). Escape asks the same bot again."""
    from tt22.tui.replay.dialogs import ChoiceDialog

    line = t(
        "log.bot_failed",
        name=printable(names[event.seat], 40),
        bot=printable(event.bot, 40),
        error=printable(event.error, 300),
    )
    write_log(plain(line, "bold"))
    say(screen.app, line, severity="error", timeout=10)
    choices = [
        ("retry", t("botfail.retry")),
        ("random", t("botfail.random")),
        ("leave", t("botfail.leave")),
    ]
    where = log_file(getattr(screen.app, "home_dir", None))
    note = t("botfail.note", log=printable(str(where), 200))

    def answer(choice: str | None) -> None:
        if choice == "random":
            runner.stand_in()
        elif choice == "leave":
            screen.app.call_later(leave)  # (once the dialog is gone)
        else:
            runner.retry()

    screen.app.push_screen(ChoiceDialog(t("botfail.title"), choices, note), answer)


def confirm_resign(screen: Screen[Any], leave: Callable[[], None]) -> None:
    """Ask before giving the match up; `leave` runs only on "resign"."""
    from tt22.tui.replay.dialogs import ChoiceDialog

    choices = [("resign", t("resign.yes")), ("cancel", t("confirm.cancel"))]

    def answer(choice: str | None) -> None:
        if choice == "resign":
            leave()

    screen.app.push_screen(ChoiceDialog(t("resign.title"), choices, t("resign.note")), answer)


def resign_and_leave(screen: Screen[Any], session: Resigning) -> None:
    """Stop playing for good: the bots stop, the record goes (unfinished) to the records
    folder, the table closes and says where the record went or why it was not saved."""
    screen.workers.cancel_group(screen, "bots")
    path = session.resign()
    screen.app.pop_screen()
    if path is not None:
        say(screen.app, t("msg.resigned", path=printable(str(path), 200)))
    elif session.save_problem:
        say(screen.app, t("msg.not_saved", reason=session.save_problem), severity="error")


def play_again(screen: Screen[Any], choice: str, seed: str, reopen: Callable[[str], None]) -> None:
    """The game summary's answer: close the table (and what is over it), then for
    "again" `reopen(seed)` with the same seed, for "new" with a fresh one; "home" ends
    there."""
    app = screen.app
    while screen in app.screen_stack:
        app.pop_screen()
    if choice in ("again", "new"):
        reopen(seed if choice == "again" else fresh_seed_text())


def again_at_this_table(screen: Any, choice: str) -> None:
    """The game summary's answer at a local table: `play_again`, a new match seated at
    the same kind of table as `screen` (its class: 500 Rum's table, not the Rummy one
    it is built on), with the same game, rules and players."""
    session, app = screen.session, screen.app
    players = getattr(session, "players", None)
    rules = getattr(session, "rules", None)
    table = type(screen)

    def reopen(seed: str) -> None:
        if players is not None and rules is not None:
            seat_new_match(
                app, session.game.name, rules, seed, players, table, watch=screen.watching
            )

    play_again(screen, choice, session.seed, reopen)


class TableSession(Resigning, Protocol):
    """What `GameTable` itself asks of its session (a game's table asks more)."""

    @property
    def state(self) -> Any: ...

    @property
    def names(self) -> list[str]: ...

    def release(self) -> None: ...


S = TypeVar("S", bound=TableSession)


class GameTable(DressedScreen[None], Generic[S]):
    """What every game's local table screen does alike around its own drawing: 22's,
    Rook's and the Rummy family's tables subclass it (the server's served seat wraps
    them, tt22.serve.tables), so its life cycle is written once.

    A table keeps its play session (`session`: a `LocalSession`, or the server's
    served one), the session's bot runner once started (`bot_runner`), whether it has
    been torn down (`gone`: a bot finishing its thought must not draw) and whether a
    summary is up (`waiting_summary`: the bots wait for it). It supplies `dress` (its
    widgets once mounted), `advance` (whose turn now: a bot's starts it thinking) and
    `_draw` (the table from the seat's view)."""

    session: S
    bot_runner: BotRunner | None = None
    gone: bool = False
    waiting_summary: bool = False

    # -- what a game's table supplies -------------------------------------------------
    def dress(self) -> None:
        """Set the mounted widgets up (focus, borders, the log) and draw."""
        self.refresh_table()

    def advance(self) -> None:
        """Go on from the position now: a bot to move starts thinking."""

    def _draw(self) -> None:
        """Draw the table from the view of the seat shown."""

    # -- the life cycle ---------------------------------------------------------------
    def on_mount(self) -> None:
        self.dress()
        self.advance()

    def on_screen_suspend(self) -> None:
        self.add_class("-covered")  # a summary on top: no bar to show through its edges
        if self.bot_runner is not None:
            self.bot_runner.hidden()  # help or a dialog over the table: a bot's move waits

    def on_screen_resume(self) -> None:
        self.remove_class("-covered")
        if self.bot_runner is not None:
            self.bot_runner.shown()

    def on_unmount(self) -> None:
        self.gone = True
        self.workers.cancel_group(self, "bots")
        self.session.release()  # another window may now go on with the match

    @property
    def state(self) -> Any:
        return self.session.state

    def who(self, seat: int) -> str:
        """Seat `seat`'s name as it may be shown."""
        return printable(self.session.names[seat], 40)

    def refresh_table(self) -> None:
        if not self.is_mounted or self.gone:
            return
        try:
            self._draw()
        except NoMatches:  # torn down while a bot was thinking (the app is closing)
            self.gone = True

    def leave_match(self) -> None:
        """Stop playing this match for good: the record goes to the records folder."""
        resign_and_leave(self, self.session)

    def bots_may_play(self) -> bool:
        return not (self.gone or self.waiting_summary)

    def _hand_done(self, _result: object = None) -> None:
        """A hand's summary closed: the table again, and play goes on."""
        self.waiting_summary = False
        self.refresh_table()
        self.advance()
