"""The Rummy family's table: Gin and Rummy played at 80x24.

The screen holds no rules: what the seat may do comes from the game's
`view_legal_moves`, why a choice is forced from `forced_reason`, why a move is refused
from `explain_view`, and `apply` (through the session) has the last word. What the
screen works out itself is only presentation: the hand in the order of its best melds
(the engine's `best_arrangement`), which button or key does what now.

Keys, as at 22's table: ←→ move through the hand, Space selects, Enter does the turn's
main thing (draw from the stock, pass the upcard, discard the card under the cursor), and
letters do the rest: `p` takes the discard pile's top, `m` melds the selected cards, `o`
lays a card off (again `o` for the next meld it fits, Enter to lay it there; or the
meld's number), `k` knocks; `i` hints (what the strongest bot would do from this seat's
view, chosen in the hand), `u` takes back your last move and the bots' replies (one
person against bots, as at 22's table), `x` resigns (after asking), `?` the Rummy
family's own help. The mouse clicks cards, buttons, the pile and the melds.

The session (the match, its autosave slot and lock, its bots) is the one play session
(tt22.play.session.LocalSession); this screen reads `session.state`, asks
`session.is_bot`, and calls `session.play`; the session's bots are played by its bot
driver (tt22.play.runner), whose events this screen draws.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Protocol

from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button

from tt22.core.cards import show_card
from tt22.core.protocol import IllegalMove, Reason, reason_of
from tt22.core.safe import printable
from tt22.games.rummy import Discard, Draw, Knock, LayOff, Meld, Pass
from tt22.games.rummy.cards import CODE, TEXT
from tt22.games.rummy.gin import OFFER, WALL
from tt22.play.events import BotFailed, Event, Moved
from tt22.play.runner import BotRunner
from tt22.play.session import LocalSession
from tt22.tui.bindings import translate_bindings
from tt22.tui.games.rummy.model import (
    Choices,
    ace_high,
    arrange,
    choices,
    deadwood_after,
    is_gin,
    lay_off_targets,
    meld_of,
)
from tt22.tui.games.rummy.widgets import MeldHand, PackedLines, card_run
from tt22.tui.games.rummy.words import events_text, rt, table_melds, title
from tt22.tui.i18n import is_default_name, seed_words, sentence, t
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

__all__ = ["PlaySession", "RummyTable"]


class PlaySession(Protocol):
    """What the table needs of a play session (the interface's shared one)."""

    game: Any
    seed: str
    save_problem: str | None

    @property
    def state(self) -> Any: ...

    @property
    def names(self) -> list[str]: ...

    @property
    def humans(self) -> list[int]: ...

    @property
    def shown_seed(self) -> str: ...

    def is_bot(self, seat: int) -> bool: ...

    def play(self, move: Any, think: float | None = None) -> Any: ...

    @property
    def record(self) -> Any: ...

    @property
    def can_take_back(self) -> bool: ...

    def take_back(self) -> int: ...

    def hint(self, view: Any) -> Any: ...

    def release(self) -> None: ...

    def save_again(self) -> None: ...

    def resign(self) -> Path | None: ...


class RummyTable(GameTable[PlaySession]):
    AUTO_FOCUS = ""
    # The cards' text (records, moves) and back: the family's 52, or a member's own
    # (500 Rum's and Persian's with the jokers, tt22.tui.games.rum500).
    TEXT: ClassVar[Sequence[str]] = TEXT
    CODE: ClassVar[Mapping[str, int]] = CODE
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "cursor(-1)", "rummy.ui.key.move", id="rummy.left", key_display="←→"),
        Binding("right,l", "cursor(1)", "rummy.ui.key.move", id="rummy.right", show=False),
        Binding("home", "cursor_end(0)", "rummy.ui.key.move", id="rummy.first", show=False),
        Binding("end", "cursor_end(1)", "rummy.ui.key.move", id="rummy.last", show=False),
        Binding("space", "select", "rummy.ui.key.select", id="rummy.select"),
        # One key, several bindings: the footer names what Enter does now (one is on).
        Binding("enter", "reveal", "rummy.ui.key.reveal", id="rummy.reveal"),
        Binding("enter", "stock", "rummy.ui.key.stock", id="rummy.stock"),
        Binding("enter", "pass", "rummy.ui.key.pass", id="rummy.pass"),
        Binding("enter", "lay_here", "rummy.ui.key.lay_here", id="rummy.lay_here"),
        Binding("enter", "discard", "rummy.ui.key.discard", id="rummy.discard"),
        Binding("p", "pile", "rummy.ui.key.pile", id="rummy.pile"),
        Binding("m", "meld", "rummy.ui.key.meld", id="rummy.meld"),
        Binding("o", "lay_off", "rummy.ui.key.lay_off", id="rummy.lay_off"),
        Binding("k", "knock", "rummy.ui.key.knock", id="rummy.knock"),
        *(
            Binding(str(n), f"lay_on({n})", "rummy.ui.key.lay_off", show=False)
            for n in range(1, 10)
        ),
        Binding("escape", "cancel", "rummy.ui.key.cancel", id="rummy.cancel", show=False),
        Binding("question_mark", "rummy_help", "key.help", id="rummy.help", key_display="?"),
        # Not in the footer (no room at 80 columns), as at 22's table: in the help.
        Binding("i", "hint", "key.hint", id="rummy.hint", show=False),
        Binding("u", "undo", "key.undo", id="rummy.undo", show=False),
        Binding("x", "resign", "key.resign", id="rummy.resign", show=False),
        Binding("q", "home", "key.home", id="rummy.home"),
    ]

    def __init__(self, session: PlaySession, *, watch: bool = False) -> None:
        super().__init__()
        translate_bindings(self)
        self.session = session
        self.game = session.game
        self.watching = watch or not session.humans
        self.note: Text | None = None  # a one-off message: a refusal, a forced move
        self.target: tuple[int, int] | None = None  # (card, meld) of a lay-off to confirm
        self.waiting_summary = False
        self.gone = False
        self.revealed: int | None = None  # hot seat: whose hand is showing
        self.bot_runner: BotRunner | None = None  # the session's bots, from the first bot turn

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Vertical(id="rummy-main"):
            yield TextLines(id="rummy-status")
            yield RenderedLines(id="rummy-seats")
            yield PackedLines(id="rummy-melds")
            yield TextLines(id="rummy-pile")
            yield PackedLines(id="rummy-recent")
            yield TextLines(id="rummy-message")
            yield MeldHand(id="rummy-hand")
            yield TextLines(id="rummy-info")
            with Horizontal(id="rummy-actions"):
                for name in ("stock", "pile", "pass", "meld", "lay_off", "discard", "knock"):
                    yield Button("", id=f"do-{name}", compact=True)
        yield KeyBar()

    DEFAULT_CSS = """
    RummyTable #rummy-main { height: 1fr; padding: 0 1; }
    RummyTable #rummy-status { height: auto; }
    RummyTable #rummy-seats { height: auto; }
    RummyTable #rummy-melds { height: auto; min-height: 1; }
    RummyTable #rummy-pile { height: auto; }
    RummyTable #rummy-recent { height: auto; }
    RummyTable #rummy-message { height: auto; min-height: 2; }
    RummyTable #rummy-info { height: auto; }
    RummyTable #rummy-actions { height: 1; }
    RummyTable #rummy-actions Button { margin-right: 1; min-width: 0; }
    """

    def dress(self) -> None:
        for button in self.query(Button):
            button.can_focus = False  # keys belong to the hand; buttons are for the mouse
        self.set_focus(None)
        self.refresh_table()

    def on_resize(self) -> None:
        self.refresh_table()

    @property
    def pace(self) -> float:
        """Seconds a bot's move takes at least, so a person can follow (the settings)."""
        return float(getattr(self.app, "pace", 0.6))

    # ------------------------------------------------------------------ who sees what
    def viewer(self) -> int:
        """Whose hand is on screen: the one person at the keyboard; in hot seat the
        person to move once they have taken the keyboard; in a demo seat 0."""
        humans = self.session.humans
        if self.watching or not humans:
            return 0
        if len(humans) == 1:
            return humans[0]
        return self.revealed if self.revealed is not None else -1

    def you(self) -> int | None:
        humans = self.session.humans
        return humans[0] if len(humans) == 1 and not self.watching else None

    def must_reveal(self) -> bool:
        """Hot seat: the next person's hand stays hidden until they press Enter."""
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
        seat = self.viewer()
        return self.game.view(self.state, max(0, seat))

    def choices(self) -> Choices:
        v = self.my_view()
        return choices(self.game.view_legal_moves(v), self.CODE) if v is not None else choices(())

    # ------------------------------------------------------------------ drawing
    def _draw(self) -> None:
        a = bool(getattr(self.app, "ascii_cards", False))
        v = self.shown_view()
        gin = is_gin(v)
        self.query_one("#rummy-status", TextLines).update(self.status_text(v))
        self.query_one("#rummy-seats", RenderedLines).update(self.seats_table(v))
        melds = self.query_one("#rummy-melds", PackedLines)
        if gin:
            melds.show(self.pickups(v, a), title=rt("pickups"), empty=rt("no_melds"))
        else:
            names = [self.who(seat) for seat in range(len(self.session.names))]
            pieces = table_melds(v.table, names, a, self.you())
            melds.show(pieces, title=rt("table_melds"), empty=rt("no_melds"))
        self.query_one("#rummy-pile", TextLines).update(self.pile_text(v, a))
        since = rt("recent_of", name=self.who(v.seat)) if self.watching else rt("recent")
        self.query_one("#rummy-recent", PackedLines).show(self.recent(v, a), title=since)
        hand = self.query_one("#rummy-hand", MeldHand)
        mine = self.my_view()
        if self.must_reveal():
            name = self.who(self.game.to_move(self.state))
            hand.show(None, hidden_text=rt("pass_to", name=name))
        elif self.viewer() < 0:
            hand.show(None, hidden_text=rt("hidden"))
        else:
            arranged = arrange(v.hand, ace_high(v))
            taken = v.taken if mine is not None and v.taken >= 0 else -1
            dim = frozenset({taken}) if taken >= 0 else frozenset()
            hand.show(arranged, ascii_style=a, active=mine is not None, dim=dim)
        self.update_message()
        self.update_buttons()
        self.refresh_bindings()

    def status_text(self, v: Any) -> Text:
        parts = [title(self.game.name, v.rules), rt("hand_no", n=v.number)]
        if is_gin(v):
            if v.limit == 0:
                parts.append(rt("gin_only"))
            else:
                parts.append(rt("knock_limit", n=v.limit))
            if v.double:
                parts.append(rt("doubled"))
            parts.append(rt("target", n=v.rules.target))
        else:
            parts.append(rt("turn_no", n=v.turns + 1))
            parts.append(rt("target_low", n=v.rules.target))
        seed = seed_words(printable(self.session.shown_seed, 30))  # (as 22's)
        return Text(" · ".join(parts) + "\n" + seed, style="bold")  # (a line: no wrap in it)

    def seats_table(self, v: Any) -> Table:
        table = Table(box=None, padding=(0, 1), show_header=False, expand=True)
        table.add_column("", no_wrap=True, width=1)
        table.add_column("", overflow="fold", ratio=1)
        table.add_column("", no_wrap=True, justify="right")
        table.add_column("", no_wrap=True, justify="right")
        s = self.state
        to_move = self.game.to_move(s)
        a = bool(getattr(self.app, "ascii_cards", False))
        you = self.you()
        for seat in range(len(self.session.names)):
            mark = (">" if a else "▶") if seat == to_move else ""
            name = Text(self.who(seat), style="bold" if seat == to_move else "")
            if seat == you and not is_default_name(self.session.names[seat]):
                name.append(" " + rt("you"), style="dim")
            if seat == v.dealer:
                name.append(" " + rt("dealer"), style="dim")
            cards = rt("cards", n=v.counts[seat])
            score = v.scores[seat]
            score_text = rt("points", n=score) if is_gin(v) else rt("penalty", n=score)
            table.add_row(mark, name, cards, score_text)
        return table

    def pickups(self, v: Any, a: bool) -> list[tuple[str, Text]]:
        """Gin (M5): the cards each seat took from the discard pile this hand, the
        tracking a player does in their head."""
        out = []
        for seat, seen in enumerate(v.seen):
            if seen:
                out.append((self.who(seat) + ":", card_run(seen, a)))
        return out

    def recent(self, v: Any, a: bool) -> list[tuple[str, Text]]:
        """What the others did since the viewer's last turn, from the hand's public
        events (a card drawn from the stock is not in them: M5)."""
        events = list(v.events)
        start = 0
        for i, (seat, kind, _) in enumerate(events):
            if seat == v.seat and kind in ("discard", "knock", "pass"):
                start = i + 1
        runs: list[tuple[int, list[tuple[str, Any]]]] = []  # a seat's moves in a row
        for seat, kind, data in events[start:]:
            if seat == v.seat or seat < 0:
                continue
            if runs and runs[-1][0] == seat:
                runs[-1][1].append((kind, data))
            else:
                runs.append((seat, [(kind, data)]))
        return [(self.who(seat) + ":", events_text(moves, a)) for seat, moves in runs][-8:]

    def pile_text(self, v: Any, a: bool) -> Text:
        text = Text()
        if v.pile:
            text.append(rt("pile_top", n=len(v.pile)), style="bold")
            text.append(" ")
            text.append_text(card_run([v.pile[-1]], a))
            if len(v.pile) > 1:
                text.append(" · " + rt("under_it") + " ")
                text.append_text(card_run(list(reversed(v.pile[-4:-1])), a))
        else:
            text.append(rt("pile_empty"), style="bold")
        text.append("   " + rt("stock", n=v.stock_count), style="")
        return text

    def update_message(self) -> None:
        msg = Text()
        v = self.my_view()
        s = self.state
        if self.note is not None:
            msg.append_text(self.note)
            msg.append("\n")
        if self.game.is_over(s):
            msg.append(rt("game_over"))
        elif self.must_reveal():
            msg.append(rt("pass_to", name=self.who(self.game.to_move(s))), style="bold")
        elif v is None:
            seat = self.game.to_move(s)
            msg.append(rt("waiting", name=self.who(seat)))
            if self.watching:  # (whose hand is at the bottom, as Rook's table says)
                msg.append("\n" + t("turn.watch", name=self.who(self.viewer())), style="dim")
        else:
            msg.append_text(self.turn_text(v))
        self.query_one("#rummy-message", TextLines).update(msg)
        self.query_one("#rummy-info", TextLines).update(self.info_text())

    def turn_text(self, v: Any) -> Text:
        a = bool(getattr(self.app, "ascii_cards", False))
        c = choices(self.game.view_legal_moves(v), self.CODE)
        forced = self.game.forced_reason(v)
        text = Text()
        if forced is not None:
            text.append(self.why(forced), style="bold")
            text.append("\n")
        top = show_card(v.pile[-1], a) if v.pile else ""
        if is_gin(v) and v.phase == OFFER:
            text.append(rt("say_offer", card=top))
        elif is_gin(v) and v.phase == WALL:
            text.append(rt("say_wall", card=top) if c.pile else rt("say_wall_pass"))
        elif c.drawing:
            text.append(rt("say_draw", card=top) if c.pile else rt("say_draw_stock"))
        elif self.target is not None:
            card, meld = self.target
            others = lay_off_targets(c, card, self.TEXT)
            text.append(
                rt(
                    "say_lay_here",
                    card=show_card(card, a),
                    meld=meld + 1,
                    melds=", ".join(str(m + 1) for m in others),
                ),
                style="bold",
            )
        elif is_gin(v):
            text.append_text(self.gin_discard_text(v, c))
        else:
            text.append_text(self.rummy_act_text(v, c))
        return text

    def gin_discard_text(self, v: Any, c: Choices) -> Text:
        a = bool(getattr(self.app, "ascii_cards", False))
        card = self.chosen_card()
        text = Text()
        if card is None:
            return text
        after = deadwood_after(v, card)
        name = show_card(card, a)
        if card in c.knocks:
            key = "say_gin" if after == 0 else "say_knock"
            text.append(rt(key, card=name, n=after, limit=v.limit), style="bold")
        elif card == v.taken:
            text.append(self.why(Reason("rummy.taken_back", "M4", (("card", self.TEXT[card]),))))
        else:
            text.append(rt("say_discard", card=name, n=after, limit=v.limit))
        return text

    def rummy_act_text(self, v: Any, c: Choices) -> Text:
        a = bool(getattr(self.app, "ascii_cards", False))
        hand = self.query_one("#rummy-hand", MeldHand)
        picked = hand.selection
        text = Text()
        if len(picked) >= 3:
            ok = meld_of(c, picked, self.TEXT) is not None
            cards = " ".join(show_card(x, a) for x in picked)
            text.append(rt("say_meld_ok" if ok else "say_meld_no", cards=cards))
            return text
        card = self.chosen_card()
        if card is not None:
            fits = lay_off_targets(c, card, self.TEXT)
            name = show_card(card, a)
            if fits:
                melds = ", ".join(str(m + 1) for m in fits)
                text.append(rt("say_fits", card=name, melds=melds))
                text.append("\n")
            if card in c.discards:
                can = [rt("can_meld")] if c.melds else []
                can += [rt("can_lay_off")] if c.lay_offs else []
                say = rt("say_act_or", card=name, can=t("sep.list").join(can)) if can else ""
                text.append(sentence(say or rt("say_act", card=name)))
            else:
                text.append(
                    self.why(Reason("rummy.taken_back", "M4", (("card", self.TEXT[card]),)))
                )
        return text

    def info_text(self) -> Text:
        """The hand's best melds and deadwood, live (G3), and in Gin the knock limit."""
        seat = self.viewer()
        if seat < 0 or self.must_reveal():
            return Text("")
        v = self.shown_view()
        arranged = arrange(v.hand, ace_high(v))
        text = Text(rt("melds_n", n=len(arranged.groups)))
        text.append(" · ")
        text.append(rt("deadwood", n=arranged.deadwood), style="bold")
        if is_gin(v):
            text.append(" · " + (rt("gin_only") if v.limit == 0 else rt("knock_limit", n=v.limit)))
        return text

    def chosen_card(self) -> int | None:
        """The card a discard, knock or lay-off would use: the one selected card, else
        the card under the cursor."""
        hand = self.query_one("#rummy-hand", MeldHand)
        picked = hand.selection
        if len(picked) == 1:
            return picked[0]
        return hand.card

    BUTTONS = ("stock", "pile", "pass", "meld", "lay_off", "discard", "knock")

    def update_buttons(self) -> None:
        a = bool(getattr(self.app, "ascii_cards", False))
        c = self.choices()
        v = self.my_view()
        self.query_one("#rummy-actions").display = not self.watching
        shown = {
            "stock": c.stock is not None,
            "pile": c.pile is not None,
            "pass": c.passes is not None,
            "meld": bool(c.melds),
            "lay_off": bool(c.lay_offs),
            "discard": bool(c.discards),
            "knock": bool(c.knocks),
        }
        if self.must_reveal():
            shown = dict.fromkeys(shown, False)
        for name in self.BUTTONS:
            button = self.query_one(f"#do-{name}", Button)
            button.display = shown[name]
            label = rt("btn." + name)
            if name == "pile" and v is not None and v.pile:
                label = rt("btn.take", card=show_card(v.pile[-1], a))
            button.label = label

    # ------------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("home", "help", "rummy_help"):
            return True
        if action == "resign":
            return not self.watching and not self.game.is_over(self.state)
        if action == "hint":
            over = self.game.is_over(self.state)
            return not self.watching and not over and offers_hint(self.session)
        if action == "undo":  # one person against bots; when there is nothing, it says so
            return not self.watching and offers_undo(self.session)
        if self.watching:
            return action == "home"
        if self.must_reveal():
            return action == "reveal"  # Enter takes the keyboard, nothing else
        c = self.choices()
        mine = self.my_view() is not None
        if action == "select":  # a selection is for melds put down: Gin puts none down
            return False if is_gin(self.shown_view()) else (True if mine else None)
        if action in ("cursor", "cursor_end"):
            return True if mine else None
        if action == "reveal":
            return False
        if action == "stock":
            return c.stock is not None
        if action == "pass":
            return c.passes is not None and c.stock is None
        if action == "pile":
            return c.pile is not None
        if action == "lay_here":
            return self.target is not None and mine
        if action == "discard":
            return bool(c.discards) and self.target is None
        if action == "meld":
            return bool(c.melds)
        if action in ("lay_off", "lay_on"):
            return bool(c.lay_offs)
        if action == "knock":
            return bool(c.knocks)
        if action == "cancel":
            return self.target is not None
        return True

    def _hand(self) -> MeldHand:
        return self.query_one("#rummy-hand", MeldHand)

    def action_cursor(self, step: int) -> None:
        self._hand().move_cursor(step)
        self.target = None
        self.update_message()

    def action_cursor_end(self, last: int) -> None:
        self._hand().cursor_end(bool(last))
        self.target = None
        self.update_message()

    def action_select(self) -> None:
        self._hand().toggle()
        self.target = None
        self.update_message()

    @on(MeldHand.CardClicked)
    def _clicked(self, event: MeldHand.CardClicked) -> None:
        v = self.my_view()
        if v is None:
            return
        hand = self._hand()
        if is_gin(v):  # nothing to select in Gin: a click points at the card
            order = hand.order
            if 0 <= event.index < len(order):
                hand.point_at(order[event.index])
                self.update_message()
            return
        hand.toggle(event.index)
        self.target = None
        self.update_message()

    @on(PackedLines.PieceClicked)
    def _meld_clicked(self, event: PackedLines.PieceClicked) -> None:
        """A click on a meld of the table lays the chosen card off on it."""
        v = self.my_view()
        if v is None or is_gin(v):
            return
        self.action_lay_on(event.index + 1)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        name = (event.button.id or "").removeprefix("do-")
        if name in self.BUTTONS:
            if name == "discard" and self.target is not None:
                self.target = None
            getattr(self, f"action_{name}")()

    def action_reveal(self) -> None:
        """Hot seat: the person to move has the keyboard; their hand shows."""
        if self.must_reveal():
            self.revealed = self.game.to_move(self.state)
            self.refresh_table()

    def action_stock(self) -> None:
        c = self.choices()
        if c.stock is not None:
            self.send(c.stock)
        elif c.passes is not None:
            self.send(c.passes)

    def action_pass(self) -> None:
        c = self.choices()
        if c.passes is not None:
            self.send(c.passes)

    def action_pile(self) -> None:
        c = self.choices()
        v = self.my_view()
        if c.pile is not None:
            self.send(c.pile)
        elif v is not None and c.drawing:
            self.refuse(Draw(v.seat, "discard"))

    def action_discard(self) -> None:
        v = self.my_view()
        card = self.chosen_card()
        if v is None or card is None:
            return
        self.send(Discard(v.seat, self.TEXT[card]))

    def action_knock(self) -> None:
        v = self.my_view()
        card = self.chosen_card()
        if v is None or card is None or not is_gin(v):
            return
        self.send(Knock(v.seat, self.TEXT[card]))

    def action_meld(self) -> None:
        v = self.my_view()
        if v is None or is_gin(v):
            return
        picked = self._hand().selection
        c = self.choices()
        meld = meld_of(c, picked, self.TEXT)
        if meld is not None:
            self.send(meld)
            return
        if len(picked) < 3:
            self.say_note(Text(rt("pick_meld")))
            return
        self.refuse(Meld(v.seat, tuple(self.TEXT[x] for x in picked)))

    def action_lay_off(self) -> None:
        """Lay the chosen card off: at once when it fits one meld; when it fits more,
        say which and let `o` step through them and Enter (or the meld's number) choose."""
        v = self.my_view()
        card = self.chosen_card()
        if v is None or card is None:
            return
        fits = lay_off_targets(self.choices(), card, self.TEXT)
        if not fits:
            self.refuse(LayOff(v.seat, self.TEXT[card], 0 if v.table else -1))
            return
        if len(fits) == 1:
            self.send(LayOff(v.seat, self.TEXT[card], fits[0]))
            return
        if self.target is not None and self.target[0] == card:
            i = fits.index(self.target[1]) if self.target[1] in fits else -1
            self.target = (card, fits[(i + 1) % len(fits)])
        else:
            self.target = (card, fits[0])
        self.update_message()
        self.refresh_bindings()

    def action_lay_here(self) -> None:
        v = self.my_view()
        if v is None or self.target is None:
            return
        card, meld = self.target
        self.target = None
        self.send(LayOff(v.seat, self.TEXT[card], meld))

    def action_lay_on(self, number: int) -> None:
        v = self.my_view()
        card = self.chosen_card()
        if v is None or card is None or is_gin(v):
            return
        self.send(LayOff(v.seat, self.TEXT[card], number - 1))

    def action_cancel(self) -> None:
        self.target = None
        self.update_message()
        self.refresh_bindings()

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
        """Stop this match for good, once the player has said so: filed, unfinished,
        with the records."""
        confirm_resign(self, self.leave_match)

    def action_rummy_help(self) -> None:
        """Rummy's or Gin's rules and this table's keys (22's help is about 22)."""
        from tt22.tui.games.rummy.help import RummyHelpScreen

        self.app.push_screen(RummyHelpScreen(self.game.name, self.shown_view().rules))

    def action_hint(self) -> None:
        """What the strongest bot would do from this seat's view, chosen in the hand."""
        v = self.my_view()
        if v is None or not offers_hint(self.session):
            self.say_note(Text(t("msg.hint_not_now")))
            return
        self.say_note(Text(t("msg.hint_thinking")))
        self._hint(v)

    @work(exclusive=True, group="hint")
    async def _hint(self, v: Any) -> None:
        record = self.session.record
        move = await asyncio.to_thread(self.session.hint, v)
        if self.gone or self.session.record is not record or self.my_view() is None:
            return  # the position moved on (or was taken back) while the bot thought
        a = bool(getattr(self.app, "ascii_cards", False))
        hand = self._hand()
        hand.clear_selection()
        self.target = None
        if isinstance(move, Meld):
            for card in move.cards:
                hand.toggle(hand.order.index(self.CODE[card]))
        elif isinstance(move, LayOff):
            hand.toggle(hand.order.index(self.CODE[move.card]))
            if len(lay_off_targets(self.choices(), self.CODE[move.card], self.TEXT)) > 1:
                self.target = (self.CODE[move.card], move.meld)  # Enter lays it there
        elif isinstance(move, (Discard, Knock)):
            hand.point_at(self.CODE[move.card])
        self.hinted(v, move)
        note = Text(rt("hint", move=self.hint_words(v, move, a)), style="bold")
        forced = self.game.forced_reason(v)
        if forced is not None:
            note.append(" " + self.why(forced))
        self.note = note
        self.update_message()
        self.update_buttons()
        self.refresh_bindings()

    def hinted(self, v: Any, move: Any) -> None:
        """What a member's table shows of a hinted move beyond the hand (500 Rum: the
        pile card to take)."""

    @classmethod
    def hint_words(cls, v: Any, move: Any, a: bool) -> str:
        """A hinted move in the table's words (a discard with the deadwood it leaves)."""
        if isinstance(move, Draw):
            if move.source == "stock":
                return rt("hint.stock")
            return rt("hint.pile", card=show_card(v.pile[-1], a) if v.pile else "")
        if isinstance(move, Pass):
            return rt("hint.pass")
        if isinstance(move, Meld):
            return rt("hint.meld", cards=" ".join(show_card(cls.CODE[c], a) for c in move.cards))
        if isinstance(move, LayOff):
            return rt("hint.layoff", card=show_card(cls.CODE[move.card], a), meld=move.meld + 1)
        card = cls.CODE[move.card]
        after = deadwood_after(v, card)
        if isinstance(move, Knock):
            if after == 0:
                return rt("hint.gin", card=show_card(card, a))
            return rt("hint.knock", card=show_card(card, a), n=after)
        return rt("hint.discard", card=show_card(card, a), n=after)

    def action_undo(self) -> None:
        """Take back your last move and the bots' replies (one person against bots, as
        at 22's table): the record keeps the moves that stand and counts the take-back."""
        s = self.session
        if self.watching or len(s.humans) > 1 or not s.can_take_back:
            self.say_note(Text(t("msg.no_undo"), style="bold"))
            return
        self.workers.cancel_group(self, "hint")
        gone = s.take_back()  # (a bot thinking meanwhile: its move is dropped)
        self.waiting_summary = False
        self.revealed = None
        self.target = None
        self._hand().clear_selection()
        self.note = Text(t("msg.undone", n=gone), style="bold")
        self.refresh_table()
        self.advance()

    # ------------------------------------------------------------------ moves
    def why(self, reason: Reason) -> str:
        """A reason in the player's words, cards in the table's style, melds from 1."""
        a = bool(getattr(self.app, "ascii_cards", False))
        return reason_words(reason, ascii_style=a)

    def say_note(self, text: Text) -> None:
        self.note = text
        self.update_message()

    def refuse(self, move: Any) -> None:
        v = self.my_view()
        if v is None:
            return
        why = self.game.explain_view(v, move)
        if why is not None:
            self.say_note(Text(self.why(why), style="bold italic"))

    def send(self, move: Any) -> None:
        """The person's move: the game's view says first whether it is legal (and why
        not, in the player's language); the session applies and files it."""
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
        self.target = None
        self._hand().clear_selection()
        self.after_move(before)

    def after_move(self, before: Any) -> None:
        s = self.state
        problem = self.session.save_problem
        if problem:
            say(self.app, rt("not_saved", reason=printable(str(problem), 200)), severity="error")
        if len(self.session.humans) > 1 and self.game.to_move(s) != self.revealed:
            self.revealed = None
        if len(s.history) > len(before.history):
            # The summary first, then the table under it (a served seat draws it once
            # the summary is gone: a change under a dialog repaints the whole screen).
            self.show_hand_summary()
            self.refresh_table()
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
        """The session's bot driver (tt22.play.runner), started at the first bot turn
        (a local session's: a served seat's bots play at the server)."""
        if self.bot_runner is None:
            assert isinstance(self.session, LocalSession)
            self.bot_runner = start_bots(self, self.session, self.bot_event, self.bots_may_play)
        return self.bot_runner

    def bot_event(self, event: Event) -> None:
        """A bot's move is drawn as a person's is; a bot that failed is said (this table
        has no move log: in its message), and the person chooses what happens."""
        if isinstance(event, Moved):
            self.after_move(event.before)
            if event.stand_in is not None:
                self.say_note(plain(t("log.stand_in", name=self.who(event.seat)), "bold"))
        elif isinstance(event, BotFailed) and self.bot_runner is not None:
            bot_failed(
                self, event, self.bot_runner, self.session.names, self.say_note, self.action_home
            )

    def show_hand_summary(self) -> None:
        from tt22.tui.games.rummy.summary import GameSummary, HandSummary

        s = self.state
        self.waiting_summary = True
        names = [self.who(i) for i in range(len(self.session.names))]
        a = bool(getattr(self.app, "ascii_cards", False))
        you = self.you()
        auto = None  # a demo goes on by itself; a person closes the summary
        if self.watching:
            auto = 0.01 if self.pace == 0 else max(1.5, self.pace * 4)
        if self.game.is_over(s):
            view = self.game.view(s, max(0, self.viewer()))
            self.app.push_screen(GameSummary(view, names, a, you), self._game_done)
            return
        view = self.game.view(s, max(0, self.viewer()))
        self.app.push_screen(HandSummary(view, names, a, you, auto), self._hand_done)

    def hand_summary_of(self, view: Any, names: Sequence[str], auto: float | None) -> Any:
        """The end of `view`'s last hand in this game's hand summary (a served seat
        shows it from the view it was sent)."""
        from tt22.tui.games.rummy.summary import HandSummary

        a = bool(getattr(self.app, "ascii_cards", False))
        return HandSummary(view, names, a, self.you(), auto)

    def _game_done(self, choice: str | None) -> None:
        self.waiting_summary = False
        self.app.call_later(self._leave, choice or "home")

    def _leave(self, choice: str) -> None:
        """After the game: home, or the same table again (same seed or a new one)."""
        again_at_this_table(self, choice)
