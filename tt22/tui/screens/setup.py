"""New game: the game first, then players, your name, each other seat (a bot and its
level, or a human at this keyboard), the game's rule options, and the seed (blank = a
fresh one).

Every game of `tables.playable_games()` (the registry's first chosen to begin with) gets
its rules form built from what the game says of its options (`Game.options`: a choice
for a choice, a yes/no or a number of a few values, a number box for a number), its
player range and its bots' levels, and starts through `TT22App.start_match` with the
rules its own parser made (`Game.rules`). The words of each option are the catalogue's
(`setup.opt.<game>.<option>`, tt22.tui.screens.setup_words), never a game's name here.

Every choice is a `Choice` (one line, `‹ value ›`), not Textual's `Select`: the screen
has to open in under 150 ms (issue 10) and each Select built an overlay of its own.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Hashable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Static

from tt22.core.bots import levels
from tt22.core.players import Player
from tt22.core.protocol import RulesError
from tt22.core.registry import default_level, get_game
from tt22.core.seeds import resolve_seed, seed_problem
from tt22.play.session import fresh_seed_text
from tt22.tui import tables
from tt22.tui.bindings import translate_bindings
from tt22.tui.hooks import FirstLayoutIsLast
from tt22.tui.i18n import CATALOGUE, is_default_name, level_name, t
from tt22.tui.reasons import rules_words
from tt22.tui.safe_text import plain
from tt22.tui.screens import setup_words  # noqa: F401  (adds the words below)
from tt22.tui.screens.settled import SettledScreen
from tt22.tui.widgets.choice import Choice, Pick
from tt22.tui.widgets.fieldform import FieldForm, FormRow
from tt22.tui.widgets.keybar import KeyBar
from tt22.tui.widgets.textfield import LineEdit, TextField

if TYPE_CHECKING:
    from tt22.core.protocol import Option
    from tt22.tui.app import TT22App

__all__ = ["SetupScreen", "game_levels", "game_title"]

MAX_NAME = 24

FEW_VALUES = 2
"""A number option of at most this many steps and no default of its own (22's decks,
one or two) is a choice of its values, "default" first."""


def game_title(name: str, rules: object = None) -> str:
    """A game's name in the current language: the game's own words (`<game>.title`, when
    its interface has added them), else this screen's, else the registry's title. With
    `rules` (a record's, a table's) a variant with a name of its own is called by it
    (`Game.variant`: Gin with the upcard as its knock limit is Oklahoma Gin, G9)."""
    variant = None if rules is None else get_game(name).variant(rules)
    if variant is not None:
        return t(f"setup.game.{variant.name}")
    for key in (f"{name}.title", f"setup.game.{name}"):
        if key in CATALOGUE:
            return t(key)
    return get_game(name).title


def levels_note() -> str:
    """What the levels mean, and that new seats get a real opponent (DEFAULT_LEVEL)."""
    return t("setup.levels", **{lv: level_name(lv) for lv in ("easy", "normal", "hard", "expert")})


def game_levels(name: str) -> tuple[str, ...]:
    """The bot levels of game `name`, from its registry entry (none for a game without
    bots yet; UnknownGame for a name it does not have)."""
    return levels(name)


def option_label(game: str, option: Option) -> str:
    key = f"setup.opt.{game}.{option.name}"
    word = t(key) if key in CATALOGUE else option.name.replace("_", " ").capitalize()
    return f"{word} ({option.rule})"


def choice_word(game: str, option: Option, value: str) -> str:
    key = f"setup.val.{game}.{option.name}.{value}"
    return t(key) if key in CATALOGUE else value.replace("_", " ")


class SetupScreen(FirstLayoutIsLast[None], SettledScreen[None]):
    # The form is longer than 24 rows: the scroll bar's room is kept from the start, so
    # the fields are laid out once at their width, not again when the bar appears.
    DEFAULT_CSS = """
    SetupScreen #setup { scrollbar-gutter: stable; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "key.back", id="setup.back"),
        Binding("ctrl+s", "start", "key.start", id="setup.start"),
    ]
    # The first field has the focus from the start (each change of focus costs the
    # screen a restyle); with one game there is no choice of game and it is skipped.
    AUTO_FOCUS = "#game, #players"

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)
        self.game = tables.playable_games()[0]  # (the registry's first: the default game)
        self._bar_before = False  # (the form's scroll bar, just before the first layout)

    # ------------------------------------------------------------------ opening once
    # Textual lays a new screen out three times as it opens, and draws it four times;
    # here the first layout is the last (`FirstLayoutIsLast`, tt22.tui.hooks: together
    # they were half of the time this screen took to open, issue 10: under 150 ms). The
    # scroll bar is there from the start (this form is longer than 24 rows); at a size
    # where the form fits, the bar goes with one more layout, as Textual does.

    def on_mount(self) -> None:
        box = self.query_one("#setup", VerticalScroll)
        box.show_vertical_scrollbar = True
        box.vertical_scrollbar.display = True
        self.refresh_defaults()  # (what the options left to the game come to at 4 seats)

    def before_first_layout(self) -> None:
        self._bar_before = self.query_one("#setup", VerticalScroll).show_vertical_scrollbar

    def still_to_lay_out(self) -> Collection[Widget]:
        box = self.query_one("#setup", VerticalScroll)
        if box.show_vertical_scrollbar != self._bar_before:
            return (box,)  # (the form fits: the bar goes, and the fields widen)
        return ()

    @property
    def tapp(self) -> TT22App:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        # Every field is one widget that draws its own label (a `Choice`, a `TextField`):
        # each widget mounted is styled, laid out and drawn as the screen opens, and
        # the screen has to open in under 150 ms (issue 10).
        with VerticalScroll(id="setup"):
            yield Static(Text(t("setup.title"), style="bold"), classes="title")
            games = tables.playable_games()
            game = Choice(
                [(game_title(name), name) for name in games],
                self.game,
                label=t("setup.game"),
                id="game",
                classes="field",
            )
            game.can_focus = len(games) > 1
            yield game
            yield Choice(
                [(str(n), n) for n in range(2, 10)],
                4,
                label=t("setup.players"),
                id="players",
                classes="field",
            )
            yield TextField(
                self.tapp.settings.name or t("player.you"),
                label=t("setup.name"),
                id="name",
                max_length=MAX_NAME,
                classes="field",
            )
            # The seats of the default table are built with the screen (one mount and
            # one layout, not a second round of them after it opens).
            yield Grid(*self.seat_rows(4), id="seats-setup")
            yield Static(Text(levels_note()), id="levels-note")
            # The game's rules: every field in one widget (a quarter less to mount).
            yield self.rules_form(self.game)
            yield TextField(
                "",
                placeholder=t("setup.seed_hint"),
                label=t("setup.seed"),
                id="seed",
                max_length=100,
                classes="field",
            )
            yield Static(id="error")
            with Horizontal(classes="buttons"):
                yield Button(t("setup.start"), id="start", variant="primary", compact=True)
                yield Button(t("setup.back"), id="back", compact=True)
        yield KeyBar(compact=False)

    def rules_form(self, name: str) -> FieldForm:
        """Game `name`'s rule options as the fields of one form (`option_rows`)."""
        return FieldForm(self.option_rows(name), title=t("setup.rules"), id="rules")

    def set_focus(
        self, widget: Widget | None, scroll_visible: bool = True, from_app_focus: bool = False
    ) -> None:
        """The rules form, entered from below (Shift+Tab from the seed), starts at its
        last field; from above or by a click (which then picks its field), its first."""
        if isinstance(widget, FieldForm) and widget is not self.focused:
            chain = self.focus_chain
            below = (
                self.focused in chain
                and widget in chain
                and chain.index(self.focused) > chain.index(widget)
            )
            widget.enter(last=below)
        super().set_focus(widget, scroll_visible, from_app_focus)

    # ------------------------------------------------------------------ the game
    @on(Choice.Changed, "#game")
    async def _game_changed(self, event: Choice.Changed) -> None:
        await self.choose_game(str(event.value))

    async def choose_game(self, name: str) -> None:
        """Show game `name`'s table: its player counts, its bots' levels for the seats,
        and its rule options (22's own fields, or fields built from the options)."""
        if name == self.game:
            return
        self.game = name
        game = get_game(name)
        players = self.query_one("#players", Choice)
        counts = range(game.min_players, game.max_players + 1)
        players.set_options([(str(n), n) for n in counts])
        if players.value != game.default_players:
            players.value = game.default_players
        await self.build_seats(self.player_count(), force=True)
        await self.query_one("#rules", FieldForm).remove()
        await self.query_one("#setup", VerticalScroll).mount(self.rules_form(name), before="#seed")
        self.refresh_defaults()
        self.query_one("#error", Static).update("")

    @on(FieldForm.Changed, "#rules")
    def _option_changed(self) -> None:
        self.refresh_defaults()

    def refresh_defaults(self) -> None:
        """What an option left to the game comes to at this table, shown where it would
        say "default" (L5: "Points to win (G8) 150", not "default"): Gin's target and
        undercut bonus follow the knock limit (G9), Rook's lowest bid and target the
        number of players (K8, K18). A table the game refuses keeps what was shown. The
        rules' title names Oklahoma Gin when the upcard is the knock limit (G9)."""
        forms = self.query("#rules").results(FieldForm)
        form = next(iter(forms), None)
        if form is None:
            return
        game = get_game(self.game)
        try:
            rules = game.rules(self.read_assignments(), self.player_count())
        except RulesError:
            return
        variant = game.variant(rules)
        heading = t("setup.rules")
        if variant is not None:
            heading = t("setup.rules_of", game=t(f"setup.game.{variant.name}"))
        form.title = heading
        for option in game.options:
            field = form.field(option.name)
            if isinstance(field, Pick):  # the variant said on the option that makes it
                made = variant is not None and variant.option == option.name
                field.note = t(f"setup.note.{variant.name}") if made and variant else ""
            if option.default is not None:
                continue
            value = self.value_words(option, getattr(rules, option.name, None))
            if isinstance(field, LineEdit):
                field.placeholder = value or t("setup.default")
            else:
                label = t("setup.default_is", value=value) if value else t("setup.default")
                field.set_options([(label, None), *field.options[1:]])
        form.refresh(layout=True)

    def value_words(self, option: Option, value: object) -> str:
        """An option's value in the screen's words (yes/no, a choice's words)."""
        if isinstance(value, bool):
            return t("opt.yes") if value else t("opt.no")
        if isinstance(value, str):
            return choice_word(self.game, option, value)
        return "" if value is None else str(value)

    def option_rows(self, name: str) -> list[FormRow]:
        """A field for each rule option of game `name`: a choice for a choice, a yes/no
        or a number of a few values, a number box for a number. An option whose default
        depends on the table starts at "default" (left to the game), and says what the
        game makes of it there once the screen knows the table (`refresh_defaults`)."""
        rows: list[FormRow] = []
        default = t("setup.default")
        for option in get_game(name).options:
            label = option_label(name, option)
            few = option.kind == "int" and 0 < option.high - option.low <= FEW_VALUES
            if option.kind == "int" and not (few and option.default is None):
                value = "" if option.default is None else str(option.default)
                edit = LineEdit(value, placeholder=default, type="integer", max_length=6)
                rows.append(FormRow(option.name, edit, label=label))
                continue
            choices: list[tuple[str, Hashable]] = []
            if option.default is None:
                choices.append((default, None))
            if option.kind == "int":
                choices += [(str(n), n) for n in range(option.low, option.high + 1)]
            elif option.kind == "bool":
                choices += [(t("opt.no"), False), (t("opt.yes"), True)]
            else:
                choices += [(choice_word(name, option, c), c) for c in option.choices]
            rows.append(FormRow(option.name, Pick(choices, option.default, label=label)))
        return rows

    # ------------------------------------------------------------------ the seats
    def player_count(self) -> int:
        value = self.query_one("#players", Choice).value
        return value if isinstance(value, int) else 4

    @on(Choice.Changed, "#players")
    async def _players_changed(self, event: Choice.Changed) -> None:
        if isinstance(event.value, int):
            await self.build_seats(event.value)
            self.refresh_defaults()

    def seat_options(self) -> list[tuple[str, Hashable]]:
        options: list[tuple[str, Hashable]] = [
            (t("setup.bot", level=level_name(level)), f"bot:{level}")
            for level in game_levels(self.game)
        ]
        options.append((t("setup.human"), "human"))
        return options

    def seat_rows(
        self, players: int, old: dict[int, tuple[Hashable, str]] | None = None
    ) -> list[Widget]:
        """A row for each seat after the first: its kind (a `Choice` labelled with the
        seat, class `seat-row`) and its name, two cells of the seats' grid; `old` keeps
        what was typed (and the kind, when the game has it)."""
        old = old or {}
        options = self.seat_options()
        kinds = [value for _label, value in options]
        levels = game_levels(self.game)
        preferred = (
            f"bot:{default_level(levels, self.tapp.settings.bot)}" if levels else str(kinds[0])
        )
        rows: list[Widget] = []
        for seat in range(1, players):
            kind, name = old.get(seat, (preferred, t("player.bot", n=seat)))
            if kind not in kinds:
                kind = preferred
            if kind == "human" and name == t("player.bot", n=seat):
                name = t("player.human", n=seat)  # a game without bots: humans only
            rows.append(
                Choice(
                    options,
                    kind,
                    label=t("setup.seat", n=seat),  # seats count from 0, as everywhere
                    label_width=10,
                    id=f"kind-{seat}",
                    classes="seat-row",
                )
            )
            rows.append(TextField(str(name), id=f"name-{seat}", max_length=MAX_NAME))
        return rows

    async def build_seats(self, players: int, *, force: bool = False) -> None:
        box = self.query_one("#seats-setup", Grid)
        kinds = list(box.query(".seat-row").results(Choice))
        if len(kinds) == players - 1 and not force:
            return
        old = {}
        for kind in kinds:
            seat = int(kind.id.split("-")[1]) if kind.id else 0
            old[seat] = (kind.value, self.query_one(f"#name-{seat}", TextField).value)
        await box.remove_children()
        rows = self.seat_rows(players, old)
        await box.mount_all(rows)

    @on(Choice.Changed, ".seat-row")
    def _kind_changed(self, event: Choice.Changed) -> None:
        seat = int((event.choice.id or "kind-1").split("-")[1])
        name = self.query_one(f"#name-{seat}", TextField)
        if event.value == "human" and name.value == t("player.bot", n=seat):
            name.value = t("player.human", n=seat)
        elif event.value != "human" and name.value == t("player.human", n=seat):
            name.value = t("player.bot", n=seat)

    # ------------------------------------------------------------------ starting
    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.app.pop_screen()

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    def read_seats(self) -> list[Player]:
        players = self.player_count()
        seats = [Player(self.query_one("#name", TextField).value.strip() or t("player.you"))]
        hot_seat = any(
            self.query_one(f"#kind-{seat}", Choice).value == "human" for seat in range(1, players)
        )
        if hot_seat and is_default_name(seats[0].name):
            # "You" means nobody in particular when the keyboard passes from hand to hand.
            seats[0] = Player(t("player.human", n=0))
        for seat in range(1, players):
            kind = self.query_one(f"#kind-{seat}", Choice).value
            name = self.query_one(f"#name-{seat}", TextField).value.strip()
            if kind == "human":
                seats.append(Player(name or t("player.human", n=seat)))
            else:
                level = str(kind).removeprefix("bot:")
                seats.append(Player(name or t("player.bot", n=seat), "bot", level))
        return seats

    def read_seed(self) -> str:
        seed = self.query_one("#seed", TextField).value.strip() or fresh_seed_text()
        problem = seed_problem(seed)
        if problem:
            raise RulesError(problem)
        # `daily` is stored resolved, as the command line does (docs/seeds.md).
        return resolve_seed(seed, dt.datetime.now(dt.UTC).date())

    def read_table(self) -> tuple[Any, list[Player], str]:
        """The chosen table: the rules as the game's own parser resolves them for the
        seats (RulesError in its words otherwise), the seats and the seed."""
        seats = self.read_seats()
        rules = get_game(self.game).rules(self.read_assignments(), len(seats))
        return rules, seats, self.read_seed()

    def read_assignments(self) -> tuple[str, ...]:
        """The rule options as `name=value`, as `--rule` takes them (an option left at
        "default" is not given: the game resolves it for the table)."""
        form = self.query_one("#rules", FieldForm)
        out = []
        for option in get_game(self.game).options:
            value = form.value(option.name)
            if isinstance(value, str):
                value = value.strip()
            if value is None or value == "":
                continue
            if isinstance(value, bool):
                value = "true" if value else "false"
            out.append(f"{option.name}={value}")
        return tuple(out)

    def _refuse(self, e: RulesError) -> None:
        error = self.query_one("#error", Static)
        error.update(plain(t("setup.bad", reason=rules_words(e, self.game)), "bold"))
        # The last field of a scrolling form: the whole reason into view once laid out.
        self.call_after_refresh(error.scroll_visible, animate=False)

    def _remember_name(self, seats: list[Player]) -> None:
        name = "" if is_default_name(seats[0].name) else seats[0].name
        if name != self.tapp.settings.name:
            self.tapp.settings.name = name
            self.tapp.save_settings()

    def action_start(self) -> None:
        """Seat the chosen table at its game's own table screen (`tables.open_table`),
        once the game's own parser has taken its rules (else its reason, in words, and
        nothing starts). Retiring the match in progress was agreed to before this screen
        opened."""
        try:
            _rules, seats, seed = self.read_table()
        except RulesError as e:
            self._refuse(e)
            return
        table = tables.NewTable(self.game, self.read_assignments(), seed, tuple(seats))
        self._remember_name(seats)
        self.app.pop_screen()
        tables.open_table(self.app, table)
