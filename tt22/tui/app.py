"""The tt22 Textual app: home, setup, table, summaries, help and settings."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from rich.segment import Segment
from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.driver import Driver
from textual.filter import LineFilter, Monochrome
from textual.screen import Screen

from tt22.core.players import Player
from tt22.core.registry import default_game
from tt22.play.session import LocalSession, fresh_seed_text
from tt22.record import SlotBusy
from tt22.tui.i18n import detect_language, set_language, t
from tt22.tui.safe_text import say
from tt22.tui.settings import Settings, read_settings, save_settings
from tt22.tui.wire import lean_driver

if TYPE_CHECKING:
    from tt22.tui.tables import NewTable


class _EndedTable(Protocol):
    """A table whose match just ended: its session (game, rules, seed, players) and
    whether the person was watching."""

    session: Any
    watching: bool


__all__ = ["MIN_HEIGHT", "MIN_WIDTH", "Colourless", "StartOptions", "TT22App", "ascii_key"]

# Keys as plain ASCII words for the ASCII style (a terminal that cannot draw ⏎ or ←).
ASCII_KEYS = {
    "⏎": "Enter", "←": "Left", "→": "Right", "↑": "Up", "↓": "Down", "←→": "<->",
    "↑↓": "Up/Dn", "⇥": "Tab", "␣": "Space", "⌫": "Bksp", "⌦": "Del", "^": "Ctrl+",
}  # fmt: skip


def ascii_key(display: str) -> str:
    """A key's label with its arrows and symbols spelt in ASCII letters."""
    if display in ASCII_KEYS:
        return ASCII_KEYS[display]
    out = display
    for symbol, word in sorted(ASCII_KEYS.items(), key=lambda kv: -len(kv[0])):
        if symbol != "^":
            out = out.replace(symbol, word)
    return out if out.isascii() else out.encode("ascii", "replace").decode()


class Colourless(LineFilter):
    """NO_COLOR: every colour taken off (bold, dim, reverse, underline stay). Textual's
    own filter for it turns colours into greys, which still sends 256-colour codes."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            Segment(text, None if style is None else style.without_color, control)
            for text, style, control in segments
        ]


MIN_WIDTH = 80
MIN_HEIGHT = 24


@dataclass
class StartOptions:
    """What `tt22 play` (or `tt22 replay`) was asked for; no table means: open at the
    home screen. `screen` makes the screen to open on top of the home screen instead
    (the replay of `tt22 replay FILE`); it is called once the app is running, because
    a Textual screen wants its app to exist."""

    rules: Any = None
    """The rules of a table of the game tt22 opens on (`TT22App.start_match`)."""
    players: list[Player] = field(default_factory=list)
    seed: str = ""
    watch: bool = False
    pace: float | None = None
    ascii_cards: bool | None = None
    language: str | None = None
    home: Path | None = None
    screen: Callable[[], Screen[Any]] | None = None
    table: NewTable | None = None
    """A table of any game (`tt22 play --game rook`), opened through tt22.tui.tables."""


class TT22App(App[None]):
    CSS_PATH = "tt22.tcss"
    TITLE = "tt22"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "key.help", id="app.help", key_display="?"),
    ]

    def get_driver_class(self) -> type[Driver]:
        """The platform's driver, with output that sends only style changes (wire.py):
        the same screen in far fewer bytes over an SSH link."""
        return lean_driver(super().get_driver_class())

    def __init__(self, options: StartOptions | None = None) -> None:
        super().__init__()
        self.options = options or StartOptions()
        self.home_dir = self.options.home
        self.settings: Settings
        self.settings, self.settings_problem = read_settings(self.home_dir)
        lang = self.options.language or self.settings.language or detect_language()
        set_language(lang)
        self._too_small = False
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        from tt22.tui.bindings import translate_bindings

        translate_bindings(self)
        from tt22.tui.widgets.cards import AsciiChrome

        self.no_colour_filter = Colourless()
        self.ascii_chrome = AsciiChrome(enabled=self.ascii_cards)

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's line filters (every line drawn passes through them), but under
        NO_COLOR (`no_color`, which a served client's own NO_COLOR sets too) colours
        taken off (`Colourless`) instead of Textual's greys (`Monochrome`), and the
        ASCII chrome last, when it is on. (Textual's public way: an override of this,
        not an edit of the app's private list of filters.)"""
        filters = list(super().get_line_filters())
        if self.no_color:
            filters = [f for f in filters if not isinstance(f, Monochrome)]
            filters.append(self.no_colour_filter)
        if self.ascii_chrome.enabled:
            filters.append(self.ascii_chrome)
        return filters

    # ------------------------------------------------------------------ settings
    @property
    def ascii_cards(self) -> bool:
        if self.options.ascii_cards:
            return True
        return self.settings.ascii_cards

    @property
    def pace(self) -> float:
        if self.options.pace is not None:
            return self.options.pace
        return self.settings.pace

    def get_key_display(self, binding: Binding) -> str:
        """The key as the footer and help show it: in ASCII letters in the ASCII style."""
        shown = super().get_key_display(binding)
        return ascii_key(shown) if self.ascii_cards else shown

    def save_settings(self) -> None:
        try:
            save_settings(self.settings, self.home_dir)
        except OSError as e:
            say(self, str(e), severity="error")

    def watch_theme(self, theme: str) -> None:
        if hasattr(self, "settings") and self.settings.theme != theme:
            self.settings.theme = theme
            self.save_settings()
            self.redraw_screens()  # (colours worked out when a screen was drawn)

    # ------------------------------------------------------------------ screens
    def first_screen(self) -> Screen[Any]:
        """The screen the app opens on (`tt22 serve` opens on its lobby)."""
        from tt22.tui.screens.home import HomeScreen

        return HomeScreen()

    def on_mount(self) -> None:
        self.push_screen(self.first_screen())
        if self.settings_problem:
            say(self, self.settings_problem, severity="warning")
        o = self.options
        if o.screen is not None:
            self.push_screen(o.screen())
        elif o.table is not None:
            from tt22.tui.tables import open_table

            table = o.table
            self.confirm_new_match(lambda: open_table(self, table))
        elif o.rules is not None and o.players:
            rules, players = o.rules, o.players

            def start() -> None:
                self.start_match(rules, o.seed or fresh_seed_text(), players, watch=o.watch)

            self.confirm_new_match(start)
        self.check_size()

    def confirm_new_match(self, start: Callable[[], None]) -> None:
        """Run `start` (which retires the match in progress to the records) at once when
        there is no match in progress, else only once the player has said so; they may
        continue that match instead, or stay where they are."""
        from tt22.core.safe import printable
        from tt22.play.session import peek_current
        from tt22.tui.replay.dialogs import ChoiceDialog

        current = peek_current(self.home_dir)
        if current is None:
            start()
            return
        from tt22.tui.screens.setup import game_title

        seed, moves = current.seed, current.moves
        choices = [
            ("new", t("confirm.new_game")),
            ("continue", t("confirm.continue")),
            ("cancel", t("confirm.cancel")),
        ]
        note = t(
            "confirm.new_note",
            game=game_title(current.game, current.rules),
            moves=moves,
            seed=printable(seed, 60),
        )

        def answer(choice: str | None) -> None:
            if choice == "new":
                start()
            elif choice == "continue":
                self.continue_match()

        self.push_screen(ChoiceDialog(t("confirm.new_title"), choices, note), answer)

    def start_match(
        self,
        rules: Any,
        seed: str,
        players: Sequence[Player],
        *,
        watch: bool = False,
        game: str | None = None,
    ) -> None:
        """A new match of `game` (by default the registry's first, `default_game`), its
        `rules` already resolved, at that game's table."""
        game = game or default_game()
        from tt22.tui.screens.game_table import seat_new_match
        from tt22.tui.tables import table_screen

        seat_new_match(self, game, rules, seed, players, table_screen(game), watch=watch)

    def continue_match(self) -> bool:
        """Continue the match in progress of the data folder's slot, of whichever game,
        at its game's table; False when there is none to continue."""
        from tt22.tui.tables import open_session

        try:
            session = LocalSession.resume(self.home_dir)
        except SlotBusy as e:
            self.tell_busy(e)
            return True  # (the match is there: the home screen keeps offering it)
        if session is None:
            return False
        open_session(self, session)
        return True

    def tell_busy(self, e: SlotBusy) -> None:
        """Another window plays this data folder's match in progress: say so, start
        nothing (it would set that match aside or overwrite it)."""
        say(self, t("msg.busy", pid=e.pid or "?"), severity="warning", timeout=10)

    def play_session(self, session: LocalSession, *, watch: bool = False) -> Screen[Any]:
        """Open the table of `session`'s game on it, on top of whatever screen is
        showing (leaving the table comes back to it)."""
        from tt22.tui.tables import open_session

        table: Screen[Any] = open_session(self, session, watch=watch)
        return table

    def start_from_record(self, record: Any) -> Screen[Any] | None:
        """Play on from the last move of `record` (a record forked by the replayer's
        "play from here"): it becomes the match in progress, a match left unfinished is
        kept with the records. None, with one line said, if the record cannot go on."""
        try:
            session = LocalSession.from_record(record, self.home_dir)
        except SlotBusy as e:
            self.tell_busy(e)
            return None
        except ValueError as e:
            say(self, str(e), severity="error")
            return None
        return self.play_session(session)

    def after_match(self, table: _EndedTable, choice: str) -> None:
        """The match summary's answer: again with this seed, a new seed, or home."""
        s = table.session
        ended: object = table  # (a Screen, of whichever game)
        while ended in self.screen_stack:
            self.pop_screen()
        game, watch = s.game.name, table.watching
        if choice == "again":
            self.start_match(s.rules, s.seed, s.players, watch=watch, game=game)
        elif choice == "new":
            self.start_match(s.rules, fresh_seed_text(), s.players, watch=watch, game=game)

    def action_help(self) -> None:
        from tt22.tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """tt22's commands, in the player's language, each with a line saying what it
        does: not Textual's own (its key panel, maximize, screenshot), which speak of
        widgets and files rather than the game."""
        yield SystemCommand(t("cmd.new"), t("cmd.new_help"), self.action_new_game)
        yield SystemCommand(t("cmd.help"), t("cmd.help_help"), self.action_help)
        yield SystemCommand(t("cmd.settings"), t("cmd.settings_help"), self.action_settings)
        yield SystemCommand(t("cmd.ascii"), t("cmd.ascii_help"), self.action_toggle_ascii)
        # (the theme in Settings, by names a person reads: Textual's own picker lists
        # `textual-dark`, L4)
        yield SystemCommand(t("cmd.theme"), t("cmd.theme_help"), self.action_settings)
        yield SystemCommand(t("cmd.quit"), t("cmd.quit_help"), self.action_quit)
        # The screen's own commands (a table's log, hint, scores, resign, undo).
        own = getattr(screen, "palette_commands", None)
        if callable(own):
            yield from own()

    def action_new_game(self) -> None:
        """The new-game setup, once the player has agreed to retire a match in progress."""
        from tt22.tui.screens.setup import SetupScreen

        def setup() -> None:
            self.push_screen(SetupScreen())

        self.confirm_new_match(setup)

    def action_settings(self) -> None:
        from tt22.tui.screens.settings import SettingsScreen

        self.push_screen(SettingsScreen())

    def action_toggle_ascii(self) -> None:
        self.settings.ascii_cards = not self.settings.ascii_cards
        self.options.ascii_cards = None
        self.save_settings()
        self.redraw_table()

    def relabel(self) -> None:
        """After a language change: every screen's words and key descriptions anew."""
        from tt22.tui.bindings import translate_bindings

        translate_bindings(self)
        for screen in self.screen_stack:
            translate_bindings(screen)
        self.redraw_screens()

    def redraw_table(self) -> None:
        """After a change of card style: the cards, the chrome and the keys' names."""
        self.ascii_chrome.enabled = self.ascii_cards
        self.redraw_screens()

    def redraw_screens(self) -> None:
        """Every screen drawn anew (tt22.tui.redraw), but Settings when it is on top: it
        redraws itself, keeping its focused choice."""
        from tt22.tui.redraw import redraw_screens
        from tt22.tui.screens.settings import SettingsScreen

        top = self.screen if self.screen_stack else None
        redraw_screens(self, keep=top if isinstance(top, SettingsScreen) else None)
        if top is not None:
            top.refresh_bindings()

    # ------------------------------------------------------------------ too small
    def on_resize(self, event: events.Resize) -> None:
        # (Textual's own `App._on_resize` runs after this one, at once: check a moment later.)
        self.set_timer(0.02, self.check_size)

    def check_size(self) -> None:
        from tt22.tui.screens.small import TooSmallScreen

        if not self.screen_stack:
            return  # (the app is closing: the resize's timer outlived its screens)
        w, h = self.size
        small = w < MIN_WIDTH or h < MIN_HEIGHT
        if small and not isinstance(self.screen, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif not small and isinstance(self.screen, TooSmallScreen):
            self.pop_screen()
        elif small:
            self.screen.refresh()


def running_no_color() -> bool:
    return bool(os.environ.get("NO_COLOR"))
