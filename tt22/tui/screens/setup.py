"""New game: players, your name, each other seat (a bot and its level, or a human at this
keyboard), every rule option of RULES.md, and the seed (blank = a fresh one)."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from tt22.engine import Rules, RulesError, resolve_seed, seed_problem
from tt22.engine.players import Player
from tt22.tui.bindings import translate_bindings
from tt22.tui.i18n import is_default_name, level_name, rules_text, t
from tt22.tui.safe_text import plain
from tt22.tui.session import bot_levels, fresh_seed_text

if TYPE_CHECKING:
    from tt22.tui.app import TT22App

__all__ = ["SetupScreen"]

MAX_NAME = 24


class SetupScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "key.back", id="setup.back"),
        Binding("ctrl+s", "start", "key.start", id="setup.start"),
    ]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)

    @property
    def tapp(self) -> TT22App:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        default = Text(t("setup.default"))
        with VerticalScroll(id="setup"):
            yield Static(Text(t("setup.title"), style="bold"), classes="title")
            with Horizontal(classes="field"):
                yield Label(t("setup.players"))
                yield Select(
                    [(str(n), n) for n in range(2, 10)],
                    value=4,
                    allow_blank=False,
                    compact=True,
                    id="players",
                )
            with Horizontal(classes="field"):
                yield Label(t("setup.name"))
                yield Input(
                    self.tapp.settings.name or t("player.you"),
                    id="name",
                    compact=True,
                    max_length=MAX_NAME,
                )
            # The seats of the default table are built with the screen (one mount and
            # one layout, not a second round of them after it opens).
            yield Vertical(*self.seat_rows(4), id="seats-setup")
            yield Static(Text(t("setup.rules"), style="bold"), classes="title")
            with Horizontal(classes="field"):
                yield Label(t("setup.decks"))
                yield Select(
                    [(default, 0), ("1", 1), ("2", 2)],
                    value=0,
                    allow_blank=False,
                    compact=True,
                    id="decks",
                )
            yield Static(Text(t("setup.max_set"), style="dim"), classes="note")
            with Horizontal(classes="field"):
                yield Label(t("setup.first_hand"))
                yield Input("7", type="integer", id="first_hand", compact=True, max_length=2)
            with Horizontal(classes="field"):
                yield Label(t("setup.elimination_at"))
                yield Input("22", type="integer", id="elimination_at", compact=True, max_length=2)
            with Horizontal(classes="field"):
                yield Label(t("setup.exchange"))
                yield Select(
                    [
                        (t("opt.up_to_stock"), "up_to_stock"),
                        (t("opt.stop_when_short"), "stop_when_short"),
                    ],
                    value="up_to_stock",
                    allow_blank=False,
                    compact=True,
                    id="exchange",
                )
            with Horizontal(classes="field"):
                yield Label(t("setup.must_beat"))
                yield Select(
                    [(t("opt.no"), False), (t("opt.yes"), True)],
                    value=False,
                    allow_blank=False,
                    compact=True,
                    id="must_beat",
                )
            with Horizontal(classes="field"):
                yield Label(t("setup.all_out"))
                yield Select(
                    [(t("opt.lowest_total"), "lowest_total"), (t("opt.no_winner"), "no_winner")],
                    value="lowest_total",
                    allow_blank=False,
                    compact=True,
                    id="all_out",
                )
            with Horizontal(classes="field"):
                yield Label(t("setup.first_dealer"))
                yield Select(
                    [(t("opt.high_card"), "high_card")],
                    value="high_card",
                    allow_blank=False,
                    compact=True,
                    id="first_dealer",
                )
            with Horizontal(classes="field"):
                yield Label(t("setup.seed"))
                yield Input(
                    "", placeholder=t("setup.seed_hint"), id="seed", compact=True, max_length=100
                )
            yield Static(id="error")
            with Horizontal(classes="buttons"):
                yield Button(t("setup.start"), id="start", variant="primary", compact=True)
                yield Button(t("setup.back"), id="back", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#players", Select).focus()

    @on(Select.Changed, "#players")
    async def _players_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            await self.build_seats(event.value)

    def seat_options(self) -> list[tuple[str, str]]:
        options = [
            (t("setup.bot", level=level_name(level)), f"bot:{level}") for level in bot_levels()
        ]
        options.append((t("setup.human"), "human"))
        return options

    def seat_rows(
        self, players: int, old: dict[int, tuple[object, str]] | None = None
    ) -> list[Horizontal]:
        """A row (kind, name) for each seat after the first; `old` keeps what was typed."""
        old = old or {}
        levels = bot_levels()
        preferred = self.tapp.settings.bot if self.tapp.settings.bot in levels else levels[0]
        rows = []
        for seat in range(1, players):
            kind, name = old.get(seat, (f"bot:{preferred}", t("player.bot", n=seat)))
            rows.append(
                Horizontal(
                    Label(t("setup.seat", n=seat)),  # seats count from 0, as everywhere
                    Select(
                        self.seat_options(),
                        value=kind,
                        allow_blank=False,
                        compact=True,
                        id=f"kind-{seat}",
                    ),
                    Input(str(name), id=f"name-{seat}", compact=True, max_length=MAX_NAME),
                    classes="field seat-row",
                    id=f"seat-{seat}",
                )
            )
        return rows

    async def build_seats(self, players: int) -> None:
        box = self.query_one("#seats-setup", Vertical)
        if len(box.children) == players - 1:
            return
        old = {}
        for row in box.query(".seat-row"):
            seat = int(row.id.split("-")[1]) if row.id else 0
            old[seat] = (row.query_one(Select).value, row.query_one(Input).value)
        await box.remove_children()
        rows = self.seat_rows(players, old)
        await box.mount_all(rows)

    @on(Select.Changed, ".seat-row Select")
    def _kind_changed(self, event: Select.Changed) -> None:
        seat = int((event.select.id or "kind-1").split("-")[1])
        name = self.query_one(f"#name-{seat}", Input)
        if event.value == "human" and name.value == t("player.bot", n=seat):
            name.value = t("player.human", n=seat)
        elif event.value != "human" and name.value == t("player.human", n=seat):
            name.value = t("player.bot", n=seat)

    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.app.pop_screen()

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    def read_table(self) -> tuple[Rules, list[Player], str]:
        """The chosen table, or RulesError with the reason in words."""
        players_value = self.query_one("#players", Select).value
        players = players_value if isinstance(players_value, int) else 4
        seats = [Player(self.query_one("#name", Input).value.strip() or t("player.you"))]
        hot_seat = any(
            self.query_one(f"#kind-{seat}", Select).value == "human" for seat in range(1, players)
        )
        if hot_seat and is_default_name(seats[0].name):
            # "You" means nobody in particular when the keyboard passes from hand to hand.
            seats[0] = Player(t("player.human", n=0))
        for seat in range(1, players):
            kind = self.query_one(f"#kind-{seat}", Select).value
            name = self.query_one(f"#name-{seat}", Input).value.strip()
            if kind == "human":
                seats.append(Player(name or t("player.human", n=seat)))
            else:
                level = str(kind).removeprefix("bot:")
                seats.append(Player(name or t("player.bot", n=seat), "bot", level))

        def number(widget_id: str) -> int:
            text = self.query_one(widget_id, Input).value.strip()
            try:
                return int(text)
            except ValueError:
                field = t("setup." + widget_id[1:])
                raise RulesError(t("setup.not_number", field=field, text=repr(text))) from None

        decks = self.query_one("#decks", Select).value
        rules = Rules(
            decks=decks if isinstance(decks, int) else 0,
            first_hand=number("#first_hand"),
            elimination_at=number("#elimination_at"),
            exchange=self.query_one("#exchange", Select).value,  # type: ignore[arg-type]
            must_beat=self.query_one("#must_beat", Select).value is True,
            all_out=self.query_one("#all_out", Select).value,  # type: ignore[arg-type]
        ).for_players(players)
        seed = self.query_one("#seed", Input).value.strip() or fresh_seed_text()
        problem = seed_problem(seed)
        if problem:
            raise RulesError(problem)
        # `daily` is stored resolved, as the command line does (docs/seeds.md).
        return rules, seats, resolve_seed(seed, dt.datetime.now(dt.UTC).date())

    def action_start(self) -> None:
        try:
            rules, seats, seed = self.read_table()
        except RulesError as e:
            self.query_one("#error", Static).update(
                plain(t("setup.bad", reason=rules_text(str(e))), "bold")
            )
            return
        name = "" if is_default_name(seats[0].name) else seats[0].name
        if name != self.tapp.settings.name:
            self.tapp.settings.name = name
            self.tapp.save_settings()
        self.app.pop_screen()
        self.tapp.start_match(rules, seed, seats)
