"""The Rook table: bidding, the nest, trump and the tricks, at 80x24 and larger.

The screen holds no rules. It draws one seat's view (`session.view(seat)`, K23) and
nothing else; what may be done comes from the view (`legal_moves`, `min_next_bid`,
`forced_reason`), and `apply` has the last word: an illegal move is explained from its
`Reason` in the player's language (tt22.tui.games.rook.words).

Seats: one person against bots, or a demo of bots (`--watch`, seat 0's view). With more
than one person at the keyboard (hot seat) the hand is hidden between turns, as at 22's
table: the player on turn presses Enter to see their own cards.

Keys: ←→ (h l) move along the hand, Home/End, Space selects (the nest's 5 cards), ↑↓
(k j, + -) raise or lower the bid, or choose the pile or the trump, Enter bids, puts
back, names, plays; p passes; i a hint (what the strongest bot would do from this
seat's view, chosen in the hand); u takes back your last move and the bots' replies (one
person against bots, as at 22's table); m the log; x resigns; q home; ? help. The mouse:
a card toggles, the buttons do what their words say.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import Button, RichLog

from tt22.core.protocol import IllegalMove, reason_of
from tt22.core.safe import printable
from tt22.games.rook.cards import SUIT_CHARS, TEXT, show_rook_card
from tt22.games.rook.moves import Bid, Nest, Pass, Pile, Play, Trump
from tt22.games.rook.state import BIDDING, DUMMY, NEST, OVER, PILES, PLAY, TRUMP
from tt22.games.rook.views import RookView
from tt22.play.events import BotFailed, Event, Moved
from tt22.play.runner import BotRunner
from tt22.play.session import LocalSession
from tt22.tui.bindings import translate_bindings
from tt22.tui.games.rook.panels import (
    bidding_text,
    cards_line,
    display_order,
    move_words,
    position_name,
    seats_table,
    status_text,
    trick_text,
)
from tt22.tui.games.rook.words import suit_name
from tt22.tui.i18n import addressed, said, seed_words, t
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
from tt22.tui.widgets.hand import HandView
from tt22.tui.widgets.keybar import KeyBar
from tt22.tui.widgets.lines import RenderedLines, TextLines

if TYPE_CHECKING:
    from tt22.tui.app import TT22App

__all__ = ["RookTableScreen"]

OPTIONS = ("opt0", "opt1", "opt2", "opt3")
ENTER_DOES = {BIDDING: "bid", PILES: "pile", NEST: "nest", TRUMP: "trump"}


class RookTableScreen(GameTable[LocalSession]):
    CSS_PATH = "rook.tcss"
    AUTO_FOCUS = ""  # every key belongs to the hand and the choices
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "cursor(-1)", "key.move", id="rook.left", key_display="←→"),
        Binding("right,l", "cursor(1)", "key.right", id="rook.right", show=False),
        Binding("home", "cursor_end(0)", "key.first", id="rook.first", show=False),
        Binding("end", "cursor_end(1)", "key.last", id="rook.last", show=False),
        Binding("space", "select", "key.select", id="rook.select"),
        Binding("up,k,plus", "step(1)", "rook.key.change", id="rook.up", key_display="↑↓"),
        Binding("down,j,minus", "step(-1)", "rook.key.change", id="rook.down", show=False),
        # One Enter per phase, so the footer names what it does now (one is enabled).
        Binding("enter", "act('reveal')", "key.reveal", id="rook.reveal"),
        Binding("enter", "act('bid')", "rook.key.bid", id="rook.bid"),
        Binding("enter", "act('pile')", "rook.key.take_pile", id="rook.take_pile"),
        Binding("enter", "act('nest')", "rook.key.put_back", id="rook.put_back"),
        Binding("enter", "act('trump')", "rook.key.name_trump", id="rook.name_trump"),
        Binding("enter", "act('play')", "key.play", id="rook.play"),
        Binding("p", "pass_bid", "rook.key.pass", id="rook.pass"),
        # Not in the footer (no room at 80 columns), as at 22's table: in the help.
        Binding("i", "hint", "key.hint", id="rook.hint", show=False),
        Binding("u", "undo", "key.undo", id="rook.undo", show=False),
        Binding("x", "resign", "key.resign", id="rook.resign", show=False),
        Binding("m", "toggle_log", "key.log", id="rook.log"),
        Binding("question_mark", "rook_help", "key.help", id="rook.help", key_display="?"),
        Binding("q", "home", "key.home", id="rook.home"),
    ]

    def __init__(self, session: LocalSession, *, watch: bool = False) -> None:
        super().__init__()
        translate_bindings(self)
        self.session = session
        self.watching = watch or not session.humans
        self.revealed: int | None = None  # hot seat: whose hand is open now
        self.note: str | None = None  # a one-off message: an illegal move's reason
        self.bid_choice = 0
        self.pick = 0  # the pile or the trump under choice
        self.waiting_summary = False
        self.gone = False
        self.log_choice: bool | None = None
        self._turn_started: float | None = None
        self._view: RookView | None = None  # the view of the human on turn, if any
        self.bot_runner: BotRunner | None = None  # the session's bots, from the first bot turn

    @property
    def tapp(self) -> TT22App:
        return self.app  # type: ignore[return-value]

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Horizontal(id="rook-body"):
            with Vertical(id="rook-main"):
                yield TextLines(id="rook-status")
                with VerticalScroll(id="rook-seats-pane"):
                    # (Lines repainted only where they changed: a move changes a few.)
                    yield RenderedLines(id="rook-seats")
                yield TextLines(id="rook-trick")
                yield TextLines(id="rook-dummy")
                yield TextLines(id="rook-message")
                yield HandView(id="rook-hand")
                with Horizontal(id="rook-actions"):
                    for i, name in enumerate(OPTIONS):
                        yield Button(
                            "", id=name, variant="primary" if i == 0 else "default", compact=True
                        )
            yield RichLog(id="rook-log", wrap=True, markup=False, max_lines=2000, min_width=1)
        yield KeyBar()

    def dress(self) -> None:
        hand = self.query_one("#rook-hand", HandView)
        hand.label_of = show_rook_card
        log = self.query_one("#rook-log", RichLog)
        log.border_title = t("log.title")
        log.can_focus = False
        self.query_one("#rook-seats-pane").can_focus = False
        for button in self.query(Button):
            button.can_focus = False
        self.set_focus(None)
        log.display = self.log_choice if self.log_choice is not None else self.size.width >= 120
        self.rebuild_log()
        self.refresh_table()

    def on_resize(self) -> None:
        if self.log_choice is None:
            self.query_one("#rook-log", RichLog).display = self.size.width >= 120
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
        """The seat whose view the screen shows: the one person at the table, the
        person on turn once they opened their hand (hot seat), seat 0 in a demo; None
        while the keyboard passes between people (only public things are drawn)."""
        humans = self.session.humans
        if not humans:
            return 0
        if len(humans) == 1:
            return humans[0]
        if self.must_reveal():
            return None
        return self.revealed

    def human_view(self) -> RookView | None:
        """The view of the person on turn, when their cards are on screen."""
        s = self.session
        if s.over or s.is_bot(s.to_move) or self.watching or self.must_reveal():
            return None
        seat = s.to_move
        if self.viewer() != seat:
            return None
        v: RookView = s.view(seat)
        return v

    # ------------------------------------------------------------------ drawing
    def _draw(self) -> None:
        a = self.tapp.ascii_cards
        s = self.session
        seat = self.viewer()
        # A public view while the keyboard passes: seat 0's view with its private parts
        # (hand, nest) left undrawn.
        v: RookView = s.view(seat if seat is not None else 0)
        names = s.names
        status = status_text(v, names, a)  # and on a line of its own (the status wraps
        status.append("\n" + seed_words(printable(s.shown_seed, 30)))  # at 80)
        self.query_one("#rook-status", TextLines).update(status)
        self.query_one("#rook-seats", RenderedLines).update(seats_table(v, names, self.you()))
        if v.phase in (BIDDING, PILES):
            trick = bidding_text(v, names) if v.phase == BIDDING else Text("")
        else:
            trick = trick_text(v, names, a)
        self.query_one("#rook-trick", TextLines).update(trick)
        mine = self.human_view()
        if mine is not None and self._view is None:
            self._turn_started = time.monotonic()
            self._reset_choices(mine)
        elif mine is None:
            self._turn_started = None
        self._view = mine
        self.query_one("#rook-dummy", TextLines).update(self._dummy_text(v, seat, a))
        hand = self.query_one("#rook-hand", HandView)
        if seat is None:
            name = self.who(s.to_move)
            hand.show(None, hidden_text=t("rook.hand_hidden", name=name))
        elif mine is not None and mine.phase == PLAY:
            cards = display_order(mine.acting_hand())
            playable = frozenset(_card(m.card) for m in mine.legal_moves() if isinstance(m, Play))
            hand.show(cards, playable=playable, ascii_style=a, active=True)
            hand.cursor_to_playable()
        elif mine is not None and mine.phase == NEST:
            hand.show(display_order(mine.hand), ascii_style=a, active=True)
        else:
            hand.show(display_order(v.hand), ascii_style=a, active=False)
        self.update_message()
        self.update_buttons()
        self.refresh_bindings()

    def _dummy_text(self, v: RookView, seat: int | None, a: bool) -> Text:
        """The 2-player game's dummy (K22): its face-up cards and how many lie face
        down; when its cards are on turn in your hand's place, your own cards here."""
        text = Text()
        if v.players != 2 or v.phase in (PILES, OVER):
            if seat is not None and v.nest and v.phase != OVER:
                text.append(t("rook.nest_yours", cards=""), style="dim")
                text.append_text(cards_line(v.nest, a))
            return text
        mine = self._view
        if mine is not None and mine.phase == PLAY and mine.turn == DUMMY:
            text.append(t("rook.your_cards") + " ", style="bold")
            text.append_text(cards_line(mine.hand, a))
        else:
            text.append(t("rook.dummy_cards") + " ", style="bold")
            text.append_text(cards_line(v.dummy, a))
            if v.dummy_hidden:
                text.append(" " + t("rook.face_down", n=v.dummy_hidden), style="dim")
        if seat is not None and v.nest and v.phase != OVER:
            text.append("\n" + t("rook.nest_yours", cards=""), style="dim")
            text.append_text(cards_line(v.nest, a))
        return text

    def _reset_choices(self, v: RookView) -> None:
        """A new turn: the bid starts at the lowest allowed, the pile at the first one
        left, the trump at the suit the hand holds most of."""
        self.bid_choice = v.min_next_bid()
        if v.phase == PILES:
            self.pick = next((p for p in range(3) if p not in v.pile_of), 0)
        elif v.phase == TRUMP:
            counts = [sum(1 for c in v.hand if c < 52 and c & 3 == s) for s in range(4)]
            self.pick = max(range(4), key=lambda s: counts[s])
        else:
            self.pick = 0

    def update_message(self) -> None:
        s = self.session
        a = self.tapp.ascii_cards
        msg = Text()
        v = self._view
        if self.note:
            msg.append(self.note, style="bold")
        elif s.over:
            msg.append(t("rook.phase.over"))
        elif self.must_reveal():
            pass  # the hand's place says whose turn it is
        elif v is None:
            who = s.to_move
            state = self.state
            if state.phase == NEST and s.is_bot(who):
                msg.append(t("rook.waiting_nest", name=self.who(who)))
            else:
                key = "turn.waiting" if s.is_bot(who) else "turn.waiting_human"
                msg.append(t(key, name=self.who(who)))
            if self.watching and self.watch_note():
                msg.append("\n" + self.watch_note(), style="dim")
        else:
            forced = s.game.forced_reason(v)
            if v.phase == BIDDING:
                moves = v.legal_moves()
                key = (
                    "rook.your_bid_forced"
                    if not any(isinstance(m, Pass) for m in moves)
                    else "rook.your_bid"
                )
                if self.bid_choice:
                    msg.append(t(key, bid=self.bid_choice), style="bold")
            elif v.phase == PILES:
                msg.append(t("rook.your_pile", n=self.pick + 1), style="bold")
            elif v.phase == NEST:
                n = len(self.query_one("#rook-hand", HandView).selected)
                msg.append(t("rook.your_nest", n=n), style="bold")
            elif v.phase == TRUMP:
                msg.append(t("rook.your_trump", suit=suit_name(self.pick, a)), style="bold")
            elif v.phase == PLAY:
                if v.turn == DUMMY and v.players == 2:
                    msg.append(t("rook.your_dummy"))
                elif not v.plays:
                    msg.append(t("rook.your_lead"))
                else:
                    msg.append(t("rook.your_follow", suit=suit_name(v.led, a)))
            if forced is not None:
                msg.append("\n" + reason_words(forced, ascii_style=a), style="italic")
        self.query_one("#rook-message", TextLines).update(msg)

    def watch_note(self) -> str:
        """Under the turn in a demo: whose hand is shown (a served spectator has none)."""
        return t("turn.watch", name=self.who(0))

    def update_buttons(self) -> None:
        buttons = [self.query_one(f"#{name}", Button) for name in OPTIONS]
        self.query_one("#rook-actions").display = not self.watching
        labels: list[str] = []
        v = self._view
        if self.must_reveal():
            labels = [t("btn.reveal")]
        elif v is not None and v.phase == BIDDING:
            can_pass = any(isinstance(m, Pass) for m in v.legal_moves())
            labels = ["-", t("rook.btn.bid", bid=self.bid_choice), "+"]
            if can_pass:
                labels.append(t("rook.btn.pass"))
            labels = [labels[1], labels[0], labels[2], *labels[3:]]
        elif v is not None and v.phase == PILES:
            labels = [t("rook.btn.pile", n=p + 1) for p in range(3) if p not in v.pile_of]
        elif v is not None and v.phase == NEST:
            n = len(self.query_one("#rook-hand", HandView).selected)
            labels = [t("rook.btn.put_back", n=n)]
        elif v is not None and v.phase == TRUMP:
            labels = [suit_name(s, self.tapp.ascii_cards) for s in range(4)]
        elif v is not None and v.phase == PLAY:
            labels = [t("btn.play")]
        for i, button in enumerate(buttons):
            button.display = i < len(labels)
            if i < len(labels) and str(button.label) != labels[i]:
                button.label = Text(labels[i])
                button.refresh(layout=True)  # (a longer word: a wider button)
            # The trump under choice is the marked button (↑↓ or a hint move it).
            selected = v is not None and v.phase == TRUMP and i == self.pick
            button.variant = (
                "primary" if (i == 0 and (v is None or v.phase != TRUMP)) or selected else "default"
            )

    # ------------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """True offered, None dimmed (not now), False not in the footer here."""
        if action == "resign":
            return not self.watching and not self.session.over
        if action == "hint":
            return not self.watching and not self.session.over and offers_hint(self.session)
        if action == "undo":  # one person against bots; when there is nothing, it says so
            return not self.watching and offers_undo(self.session)
        if action not in ("cursor", "cursor_end", "select", "step", "act", "pass_bid"):
            return True
        if self.watching:
            return False
        if self.must_reveal():
            return action == "act" and parameters == ("reveal",)
        v = self._view
        phase = v.phase if v is not None else self.state.phase
        if action == "act" and parameters != (ENTER_DOES.get(phase, "play"),):
            return False
        if action in ("cursor", "cursor_end"):
            return (True if v is not None else None) if phase in (NEST, PLAY) else False
        if action == "select":
            return phase == NEST and v is not None
        if action == "step":
            return phase in (BIDDING, PILES, TRUMP) and v is not None
        if action == "pass_bid":
            return (
                v is not None
                and phase == BIDDING
                and any(isinstance(m, Pass) for m in v.legal_moves())
            )
        return True if v is not None else None

    def action_cursor(self, step: int) -> None:
        if self._view is not None:
            self.query_one("#rook-hand", HandView).move_cursor(step)

    def action_cursor_end(self, last: int) -> None:
        hand = self.query_one("#rook-hand", HandView)
        if self._view is not None and hand.cards:
            hand.cursor = len(hand.cards) - 1 if last else 0
            hand.refresh()

    def action_select(self) -> None:
        v = self._view
        if v is not None and v.phase == NEST:
            self.query_one("#rook-hand", HandView).toggle()
            self._changed()

    @on(HandView.CardClicked)
    def _clicked(self, event: HandView.CardClicked) -> None:
        v = self._view
        if v is None:
            return
        hand = self.query_one("#rook-hand", HandView)
        if v.phase == NEST:
            hand.toggle(event.index)
            self._changed()
        elif v.phase == PLAY:
            hand.cursor = event.index
            hand.refresh()
            self.action_act()

    def _changed(self) -> None:
        self.note = None
        self.update_message()
        self.update_buttons()

    def action_step(self, step: int) -> None:
        v = self._view
        if v is None:
            return
        if v.phase == BIDDING:
            low = v.min_next_bid()
            if not low:
                return
            value = self.bid_choice + step * v.rules.bid_step
            self.bid_choice = min(max(value, low), v.cap)
        elif v.phase == PILES:
            left = [p for p in range(3) if p not in v.pile_of]
            i = left.index(self.pick) if self.pick in left else 0
            self.pick = left[(i + step) % len(left)]
        elif v.phase == TRUMP:
            self.pick = (self.pick - step) % 4  # ↓ goes on to the next suit
        self._changed()

    def action_pass_bid(self) -> None:
        v = self._view
        if v is not None and v.phase == BIDDING:
            self.human_move(Pass(v.seat))

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        v = self._view
        index = OPTIONS.index(event.button.id or OPTIONS[0])
        if v is not None and v.phase == BIDDING:
            if index == 0:
                self.action_act()
            elif index == 1:
                self.action_step(-1)
            elif index == 2:
                self.action_step(1)
            else:
                self.action_pass_bid()
            return
        if v is not None and v.phase == PILES:
            left = [p for p in range(3) if p not in v.pile_of]
            self.pick = left[index]
        elif v is not None and v.phase == TRUMP:
            self.pick = index
        self.action_act()

    def action_act(self, _what: str = "") -> None:
        """Enter: show the hand (hot seat), or bid, take the pile, put back, name trump,
        play the card under the cursor (what the phase asks; `_what` names it for the
        footer)."""
        if self.must_reveal():
            self.revealed = self.session.to_move
            self.refresh_table()
            return
        v = self._view
        if v is None:
            return
        hand = self.query_one("#rook-hand", HandView)
        if v.phase == BIDDING:
            if self.bid_choice:
                self.human_move(Bid(v.seat, self.bid_choice))
        elif v.phase == PILES:
            self.human_move(Pile(v.seat, self.pick))
        elif v.phase == TRUMP:
            self.human_move(Trump(v.seat, SUIT_CHARS[self.pick]))
        elif v.phase == NEST:
            self.human_move(Nest(v.seat, tuple(TEXT[c] for c in hand.selection)))
        elif v.phase == PLAY and hand.cards:
            self.human_move(Play(v.seat, TEXT[hand.cards[hand.cursor]]))

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
    async def _hint(self, v: RookView) -> None:
        record = self.session.record
        move = await asyncio.to_thread(self.session.hint, v)
        if self.gone or self.session.record is not record or self._view is None:
            return  # the position moved on (or was taken back) while the bot thought
        a = self.tapp.ascii_cards
        hand = self.query_one("#rook-hand", HandView)
        if isinstance(move, Bid):
            self.bid_choice = move.points
        elif isinstance(move, (Pile, Trump)):
            self.pick = move.pile if isinstance(move, Pile) else SUIT_CHARS.index(move.suit)
        elif isinstance(move, Nest):
            hand.select_cards(_card(c) for c in move.cards)
        elif isinstance(move, Play) and _card(move.card) in hand.cards:
            hand.cursor = hand.cards.index(_card(move.card))
            hand.refresh()
        note = t("rook.hint", move=hint_words(move, a))
        forced = self.session.game.forced_reason(v)
        if forced is not None:
            note += " " + reason_words(forced, ascii_style=a)
        self.note = note
        self.update_message()
        self.update_buttons()
        self.refresh_bindings()

    def action_undo(self) -> None:
        """Take back your last move and the bots' replies (one person against bots, as
        at 22's table): the record keeps the moves that stand and counts the take-back."""
        if self.watching or self.hot_seat or not self.session.can_take_back:
            self.note = t("msg.no_undo")
            self.update_message()
            return
        self.workers.cancel_group(self, "hint")
        gone = self.session.take_back()  # (a bot thinking meanwhile: its move is dropped)
        self.waiting_summary = False
        self.revealed = None
        self._view = None  # a new turn: the choices start afresh
        self.query_one("#rook-hand", HandView).clear_selection()
        self.rebuild_log()
        self.note = t("msg.undone", n=gone)
        self.refresh_table()
        self.advance()

    def action_rook_help(self) -> None:
        """Rook's rules and keys (22's help is about 22)."""
        from tt22.tui.games.rook.help import RookHelpScreen

        self.app.push_screen(RookHelpScreen())

    def action_toggle_log(self) -> None:
        log = self.query_one("#rook-log", RichLog)
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
        try:
            self._play(move, think)
        except IllegalMove as e:
            reason = reason_words(reason_of(e), ascii_style=self.tapp.ascii_cards)
            self.note = t("msg.illegal", reason=reason)
            self.update_message()
            return
        self.revealed = None
        self.query_one("#rook-hand", HandView).clear_selection()

    def _play(self, move: Any, think: float | None) -> None:
        before = self.state
        self.session.play(move, think=think)
        self._played(before, move)

    def _played(self, before: Any, move: Any) -> None:
        self.note = None
        self._view = None
        problem = self.session.save_problem
        if problem:
            say(self.app, t("msg.not_saved", reason=printable(problem, 200)), severity="error")
        self.log_move(before, move, self.state)
        if len(self.state.history) > len(before.history):
            # The summary first, then the table under it (a served seat draws it once
            # the summary is gone: a change under a dialog repaints the whole screen).
            self.show_hand_summary()
            self.refresh_table()
            return
        self.refresh_table()
        self.advance()

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
        """A bot's move is drawn as a person's is; a bot that failed is said, and the
        person chooses what happens (tt22.tui.screens.game_table.bot_failed)."""
        if isinstance(event, Moved):
            if event.stand_in is not None:
                self._log(plain(t("log.stand_in", name=self.who(event.seat)), "dim"))
            self._played(event.before, event.move)
        elif isinstance(event, BotFailed) and self.bot_runner is not None:
            bot_failed(
                self, event, self.bot_runner, self.session.names, self._log, self.action_home
            )

    def show_hand_summary(self) -> None:
        from tt22.tui.games.rook.summary import GameSummaryScreen, HandSummaryScreen

        self.waiting_summary = True
        hand = self.state.history[-1]
        if self.session.over:
            screen = GameSummaryScreen(self.session, you=self.you())
            self.app.push_screen(screen, self._game_done)
            return
        auto: float | None = None
        if self.watching:
            auto = 0.01 if self.tapp.pace == 0 else max(1.5, self.tapp.pace * 4)
        summary = HandSummaryScreen(self.session, hand, auto=auto, you=self.you())
        self.app.push_screen(summary, self._hand_done)

    def _game_done(self, choice: str | None) -> None:
        self.app.call_later(self._after_game, choice or "home")

    def _after_game(self, choice: str) -> None:
        again_at_this_table(self, choice)

    # ------------------------------------------------------------------ the log
    def _log(self, text: Text | str) -> None:
        if not self.gone:
            with contextlib.suppress(NoMatches):
                self.query_one("#rook-log", RichLog).write(text)

    def rebuild_log(self) -> None:
        with contextlib.suppress(NoMatches):
            self.query_one("#rook-log", RichLog).clear()
        s = self.session
        game = s.game
        state = game.new_match(s.rules, len(s.players), s.seed)
        self._log_hand(state)
        for move in s.moves:
            after = game.apply(state, move)
            self.log_move(state, move, after)
            state = after

    def _log_hand(self, state: Any) -> None:
        if state.phase != OVER:
            dealer = state.start.dealer
            you = addressed(self.session.names[dealer], dealer == self.you())
            line = said("rook.log.hand", you, n=state.start.number, name=self.who(dealer))
            self._log(Text(line, style="bold"))

    def log_move(self, before: Any, move: Any, after: Any) -> None:
        """One move in public words: a nest put back is not shown (K23)."""
        a = self.tapp.ascii_cards
        who = self.who(move.seat)
        if isinstance(move, Play):  # (the dummy's card, played by the non-bidder)
            v = self.session.game.view(before, move.seat)
            who = position_name(v, self.session.names, before.turn)
        own = move.seat == self.you() and (not isinstance(move, Play) or before.turn == move.seat)
        self._log(move_words(move, who, a, nest_shown=False, you=own))
        if isinstance(move, Play):
            ended = len(after.history) > len(before.history)
            tricks = after.history[-1].tricks if ended else after.tricks
            if len(tricks) > len(before.tricks) or ended:
                last = tricks[-1]
                winner = position_name(v, self.session.names, last.winner)
                you = addressed(winner, last.winner == self.you())
                won = said("rook.log.trick", you, name=winner, points=last.points)
                self._log(Text(won, style="dim"))
            if ended:
                self._log_hand(after)


def _card(text: str) -> int:
    return TEXT.index(text)


def hint_words(move: Any, ascii_style: bool) -> str:
    """A hinted move in the table's words: `bid 85`, `put back 5♠ 6♠ …`, `play 10♥`."""
    if isinstance(move, Bid):
        return t("rook.hint.bid", bid=move.points)
    if isinstance(move, Pass):
        return t("rook.hint.pass")
    if isinstance(move, Pile):
        return t("rook.hint.pile", n=move.pile + 1)
    if isinstance(move, Nest):
        cards = cards_line((_card(c) for c in move.cards if c in TEXT), ascii_style)
        return t("rook.hint.nest", cards=cards.plain)
    if isinstance(move, Trump):
        return t("rook.hint.trump", suit=suit_name(SUIT_CHARS.index(move.suit), ascii_style))
    return t("rook.hint.play", card=show_rook_card(_card(move.card), ascii_style))
