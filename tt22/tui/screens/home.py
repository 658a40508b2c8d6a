"""Home: new game, continue the autosaved match, replay a record, rules, settings, quit."""

from __future__ import annotations

import contextlib
import importlib
import threading
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from tt22.core.registry import entries
from tt22.core.safe import printable
from tt22.play.session import peek_current
from tt22.tui.bindings import translate_bindings
from tt22.tui.i18n import t
from tt22.tui.safe_text import say
from tt22.tui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from tt22.tui.app import TT22App

__all__ = ["HomeScreen"]

LOGO = """\
 ___  ___
|_  ||_  |
 / /  / /
/___|/___|"""


# The modules of the screens the home screen opens, imported while the player reads it:
# the first opening of the new-game screen imported some twenty modules (its fields,
# the replay package its dialogs live in) and of the record browser thirty (every
# game's rules, to read records), adding 100-250 ms to that one opening (issue 10).
WARM_UP = (
    "tt22.tui.screens.setup",
    "tt22.tui.screens.help",
    "tt22.tui.screens.settings",
    "tt22.tui.replay.picker",
    "tt22.tui.replay.screen",
    "tt22.tui.stats.screen",
    "tt22.history",
    "tt22.record.games",
    *dict.fromkeys(e.module for e in entries()),  # every game's package, by its entry
    "textual.scrollbar",
    "_strptime",  # (the record browser's dates)
)
_warmed = threading.Event()


def warm_up() -> None:
    """Import WARM_UP in a thread of its own, once per process (an import holds only
    its module's lock: a screen opened meanwhile waits for that module alone)."""
    if _warmed.is_set():
        return
    _warmed.set()

    def run() -> None:
        for name in WARM_UP:
            with contextlib.suppress(Exception):  # (an import error shows when opened)
                importlib.import_module(name)

    threading.Thread(target=run, name="tt22-warm-up", daemon=True).start()


def scores_line(names: Sequence[str], totals: Sequence[int]) -> str:
    """Each seat's total with its name ("Ann 12 · Bot 1 30"), seat 0 first: bare
    numbers did not say whose score was whose. Names come from the record, so they are
    made printable here (the line is plain text, never markup)."""
    named = len(names) == len(totals)
    return " · ".join(
        f"{printable(names[seat], 24)} {total}" if named else str(total)
        for seat, total in enumerate(totals)
    )


class HomeScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        # Short words in the footer (the buttons say more), so it fits 80 columns.
        Binding("n", "new", "key.new", id="home.new"),
        Binding("c", "continue", "key.continue", id="home.continue"),
        # With no match to continue, `c` says so rather than doing nothing in silence.
        Binding("c", "no_continue", "key.continue", id="home.no_continue", show=False),
        Binding("r", "replay", "key.replay", id="home.replay"),
        # (A key, not a button: a seventh button pushed the match in progress's line
        # off a 24-line screen. The key bar shows it, and a click on it works.)
        Binding("t", "stats", "key.stats", id="home.stats"),
        Binding("s", "app.settings", "key.settings", id="home.settings"),
        Binding("q", "app.quit", "key.quit", id="home.quit"),
        Binding("up,k", "app.focus_previous", show=False),
        Binding("down,j", "app.focus_next", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)

    @property
    def tapp(self) -> TT22App:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        # The words span the screen (a 40-column box broke the tagline mid-word in
        # Japanese and Korean); only the buttons are in the narrow column.
        yield Static(Text(LOGO, style="bold", justify="center"), id="logo")
        yield Static(Text(t("app.title"), style="bold", justify="center"), id="home-title")
        yield Static(Text(t("home.tagline"), justify="center"), id="tagline")
        with Center(), Vertical(id="home-menu"):
            yield Button(t("home.continue"), id="continue", variant="primary", compact=True)
            yield Button(t("home.new"), id="new", compact=True)
            yield Button(t("home.replay"), id="replay", compact=True)
            yield Button(t("home.rules"), id="rules", compact=True)
            yield Button(t("home.settings"), id="settings", compact=True)
            yield Button(t("home.quit"), id="quit", compact=True)
        yield Static(id="continue-info")
        yield KeyBar(compact=False)

    def on_mount(self) -> None:
        self.update_continue()
        self.call_after_refresh(warm_up)  # (once the home screen is drawn)

    def on_screen_resume(self) -> None:
        self.update_continue()

    def update_continue(self) -> None:
        current = peek_current(self.tapp.home_dir)
        button = self.query_one("#continue", Button)
        button.display = current is not None
        info = self.query_one("#continue-info", Static)
        if current is None:
            info.update("")
            self.query_one("#new", Button).focus()
        else:
            from tt22.tui.screens.setup import game_title

            info.update(
                Text(
                    t(
                        "home.continue_info",
                        game=game_title(current.game, current.rules),
                        moves=current.moves,
                        hand=current.hand,
                        scores=scores_line(current.names, current.totals),
                        seed=printable(current.seed, 60),
                    ),
                    style="dim",
                    justify="center",
                )
            )
            button.focus()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("continue", "no_continue"):
            shown = bool(self.query("#continue") and self.query_one("#continue", Button).display)
            return shown if action == "continue" else not shown
        return True

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        actions = {
            "continue": self.action_continue,
            "new": self.action_new,
            "replay": self.action_replay,
            "rules": self.tapp.action_help,
            "settings": self.tapp.action_settings,
            "quit": self.app.exit,
        }
        actions[event.button.id or "quit"]()

    def palette_commands(self) -> Iterable[SystemCommand]:
        """What the command palette offers at home beside tt22's own commands: the key
        bar's Continue (only with a match to continue), Replay and Stats."""
        if self.check_action("continue", ()):
            yield SystemCommand(t("key.continue"), t("cmd.continue"), self.action_continue)
        yield SystemCommand(t("key.replay"), t("cmd.replay"), self.action_replay)
        yield SystemCommand(t("key.stats"), t("cmd.stats"), self.action_stats)

    def action_new(self) -> None:
        self.tapp.action_new_game()

    def action_continue(self) -> None:
        if not self.tapp.continue_match():
            self.update_continue()
            self.action_no_continue()

    def action_no_continue(self) -> None:
        say(self, t("msg.no_match"))

    def action_replay(self) -> None:
        """The record picker, then the replay (tt22.tui.replay)."""
        from tt22.tui.replay import replay_screen

        self.app.push_screen(replay_screen())

    def action_stats(self) -> None:
        """The player's history: the games, the chart, the daily deal (tt22.tui.stats)."""
        from tt22.tui.stats import StatsScreen

        self.app.push_screen(StatsScreen(self.tapp.home_dir))
