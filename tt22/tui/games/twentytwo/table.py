"""The table: where a match is played.

The screen holds no rules: it asks the engine what is legal (`legal_moves` through
`playable_cards`), why a choice is forced (`why_forced`), what is wrong with a
selection (`why_refused`), and `apply` has the last word (IllegalMove); every reason
is said in the player's language by `tt22.tui.reasons.reason_words`.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import Button, RichLog

from tt22.core.cards import card_text, parse_cards, show_ranks
from tt22.core.protocol import IllegalMove, reason_of
from tt22.core.safe import printable
from tt22.games.twentytwo import (
    EXCHANGE,
    PLAY,
    Exchange,
    ExchangeRecord,
    Move,
    Play,
    SeatView,
    State,
    apply,
    new_match,
    playable_cards,
    view,
    why_forced,
    why_refused,
)
from tt22.play.events import BotFailed, Event, Moved
from tt22.play.runner import BotRunner
from tt22.play.session import LocalSession
from tt22.tui.bindings import translate_bindings
from tt22.tui.games.twentytwo.scores import first_dealer_text
from tt22.tui.i18n import addressed, said, seed_words, t
from tt22.tui.reasons import reason_words
from tt22.tui.safe_text import plain, say
from tt22.tui.screens.game_table import (
    GameTable,
    bot_failed,
    confirm_resign,
    start_bots,
)
from tt22.tui.widgets.cards import plain_cards
from tt22.tui.widgets.hand import HandView
from tt22.tui.widgets.keybar import KeyBar
from tt22.tui.widgets.lines import TextLines
from tt22.tui.widgets.seats import SeatsHead, SeatsPane, SeatsTable, keep_in_view
from tt22.tui.widgets.snapshot import TableSnapshot, from_state, from_view
from tt22.tui.widgets.trick import TrickView

if TYPE_CHECKING:
    from tt22.games.twentytwo.bots.hint import Hint
    from tt22.tui.app import TT22App

__all__ = ["TableScreen", "hint_cards", "hint_note"]


def _move_words(move: Move, a: bool) -> str:
    if isinstance(move, Exchange):
        if not move.discard:
            return t("hint.keep")
        return t("hint.discard", cards=plain_cards(parse_cards(move.discard), a))
    return t("hint.play", cards=plain_cards(parse_cards(move.cards), a))


def hint_note(found: Hint, ascii_style: bool) -> str:
    """A hint in the player's words: the move, and how often it and the next best
    lose in the sampled deals (the table's and a served seat's message line)."""
    move = _move_words(found.move, ascii_style)
    if found.forced:
        return t("msg.hint_forced", move=move)
    alt = _move_words(found.alternative, ascii_style) if found.alternative else ""
    return t(
        "msg.hint",
        move=move,
        worlds=found.worlds,
        pct=found.lose_pct,
        alt=alt,
        alt_pct=found.alternative_lose_pct,
    )


def hint_cards(found: Hint) -> list[int]:
    """The cards the hint plays or discards, to select in the hand."""
    move = found.move
    return parse_cards(move.discard if isinstance(move, Exchange) else move.cards)


class TableScreen(GameTable[LocalSession]):
    # Nothing takes the focus: every key belongs to the hand (a focused button or log
    # would take Enter or ←/→ away from it).
    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "cursor(-1)", "key.move", id="hand.left", key_display="←→"),
        Binding("right,l", "cursor(1)", "key.right", id="hand.right", show=False),
        Binding("home", "cursor_end(0)", "key.first", id="hand.first", show=False),
        Binding("end", "cursor_end(1)", "key.last", id="hand.last", show=False),
        Binding("space", "select", "key.select", id="hand.select"),
        Binding("a", "select_rank", "key.rank", id="hand.rank"),
        # Not priority bindings: a priority key is handled before the keys queued ahead
        # of it, so Space then Enter in one burst would play before selecting. Three
        # bindings on Enter so the footer names what it does now (one is enabled).
        Binding("enter", "exchange", "key.exchange", id="table.exchange"),
        Binding("enter", "reveal", "key.reveal", id="table.reveal"),
        Binding("enter", "play", "key.play", id="table.play"),
        Binding("enter", "done_drawn", "key.done", id="table.done_drawn"),
        Binding("d", "lowest", "key.lowest", id="table.lowest"),
        # When the lowest cards may not be played (house rule must_beat) `d` is not
        # offered, but pressed it says why rather than nothing.
        Binding("d", "lowest_why", "key.lowest", id="table.lowest_why", show=False),
        # Not in the footer (no room at 80 columns): in the help and the palette.
        Binding("i", "hint", "key.hint", id="table.hint", show=False),
        Binding("s", "scores", "key.scores", id="table.scores", show=False),
        Binding("x", "resign", "key.resign", id="table.resign", show=False),
        Binding("u", "undo", "key.undo", id="table.undo", show=False),
        Binding("m", "toggle_log", "key.log", id="table.log"),
        Binding("pageup", "scroll_seats(-1)", "key.seats_up", id="table.seats_up", show=False),
        Binding("pagedown", "scroll_seats(1)", "key.seats_down", id="table.seats_down", show=False),
        Binding("question_mark", "app.help", "key.help", id="app.help", key_display="?"),
        Binding("q", "home", "key.home", id="table.home"),
    ]

    def __init__(self, session: LocalSession, *, watch: bool = False) -> None:
        super().__init__()
        translate_bindings(self)
        self.session = session
        self.watching = watch or not session.humans
        self.revealed: int | None = None
        self._footer_keys: tuple[bool | None, ...] = ()
        self.note: str | None = None  # a one-off message (an illegal move, a hint)
        # News above the usual message until the human's next move: "stock" (the stock
        # ran out before this seat's exchange) or "first" (why this seat deals first,
        # R7). Kept as what it is, not as words: a change of language words it anew.
        self.notice_kind: str | None = None
        self.finished = False
        self.waiting_summary = False
        self._last_hand_view: SeatView | None = None
        self._told_problem: str | None = None
        self._turn_started: float | None = None
        self.gone = False  # unmounted: a bot finishing its thought must not draw
        self.log_choice: bool | None = None  # None: shown when the terminal is wide
        # Hot seat: (seat, discarded, drawn) after that seat's exchange, until its player
        # has seen what they drew and pressed Enter to pass the keyboard on.
        self.just_drew: tuple[int, tuple[int, ...], tuple[int, ...]] | None = None
        self.asked_out = False  # the local player, out, was asked: watch on or leave
        self.bot_runner: BotRunner | None = None  # the session's bots, from the first bot turn

    @property
    def tapp(self) -> TT22App:
        return self.app  # type: ignore[return-value]

    def palette_commands(self) -> Iterable[SystemCommand]:
        """What the command palette offers at this table, beside tt22's own commands."""
        yield SystemCommand(t("cmd.log"), t("cmd.log"), self.action_toggle_log)
        yield SystemCommand(t("key.hint"), t("cmd.hint"), self.action_hint)
        yield SystemCommand(t("key.scores"), t("cmd.scores"), self.action_scores)
        yield SystemCommand(t("key.resign"), t("cmd.resign"), self.action_resign)
        yield SystemCommand(t("key.undo"), t("cmd.undo"), self.action_undo)

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Horizontal(id="table-body"):
            with Vertical(id="table-main"):
                yield TextLines(id="status")
                # The seats scroll (PgUp/PgDn, the mouse) when nine long rows do not fit;
                # the trick, the message and the hand below them are always whole.
                yield TextLines(id="seats-dealer")
                yield SeatsHead(id="seats-head")  # (stays in view as the rows scroll)
                with SeatsPane(id="seats-pane"):
                    yield SeatsTable(id="seats")
                yield TrickView(id="trick")
                yield TextLines(id="message")
                yield HandView(id="hand")
                with Horizontal(id="actions"):
                    yield Button("", id="play", variant="primary", compact=True)
                    yield Button("", id="lowest", compact=True)
            # min_width: RichLog renders 78 columns wide by default, cutting lines here.
            yield RichLog(id="log", wrap=True, markup=False, max_lines=2000, min_width=1)
        yield KeyBar()

    def dress(self) -> None:
        log = self.query_one("#log", RichLog)
        log.border_title = t("log.title")
        self.query_one("#seats-pane").can_focus = False
        self.query_one("#seats", SeatsTable).pin_header(self.query_one("#seats-head", SeatsHead))
        for button in self.query(Button):
            button.can_focus = False  # keys belong to the hand; buttons are for the mouse
        log.can_focus = False  # nor may the log take ←/→ (it scrolls with the mouse)
        self.set_focus(None)
        log.display = self.log_choice if self.log_choice is not None else self.size.width >= 120
        self.set_class(self.size.height >= 32, "-tall")
        if self.you() in self.rebuild_log():
            self.notice_kind = "stock"
        elif not self.session.moves:  # a new match: say why this seat deals first (R7)
            self.notice_kind = "first"
        self.refresh_table()

    def notices(self) -> tuple[str, ...]:
        """The notice in the language in force, whole and then shorter (for when the
        whole one and the message of the moment do not fit together: the nine cards
        of R7); none when there is no notice."""
        if self.notice_kind == "stock":
            return (t("msg.stock_empty"),)
        if self.notice_kind != "first":
            return ()
        names = [self.who(i) for i in range(self.state.players)]
        you = self.you()
        whole = first_dealer_text(self.state, names, self.tapp.ascii_cards, you)
        first = self.state.match.first_dealer
        short = t("first.short_you") if first == you else t("first.short", name=names[first])
        return (whole, short)

    def on_resize(self) -> None:
        self.set_class(self.size.height >= 32, "-tall")
        if self.log_choice is None:
            self.query_one("#log", RichLog).display = self.size.width >= 120
        self.refresh_table()

    # ------------------------------------------------------------------ who sees what
    @property
    def state(self) -> State:
        state: State = self.session.state
        return state

    @property
    def hot_seat(self) -> bool:
        return len(self.session.humans) > 1

    def viewer(self) -> int | None:
        humans = self.session.humans
        if not humans:
            return self.watched() if self.watching else None
        if self.just_drew is not None:
            return self.just_drew[0]
        if len(humans) == 1:
            return humans[0]
        return self.revealed

    def watched(self) -> int:
        """Whose hand a demo shows: the first seat still in (a seat that is out has none)."""
        out = self.state.out
        return next((seat for seat in range(self.state.players) if not out[seat]), 0)

    def you(self) -> int | None:
        """The one human at this keyboard, spoken to as "you" (None in hot seat or a demo)."""
        humans = self.session.humans
        return humans[0] if len(humans) == 1 and not self.watching else None

    def must_reveal(self) -> bool:
        s = self.state
        return (
            self.hot_seat
            and self.just_drew is None
            and not s.over
            and s.to_move in self.session.humans
            and self.revealed != s.to_move
        )

    def human_view(self) -> SeatView | None:
        """The view of the human whose turn it is, when their hand is on screen."""
        s = self.state
        if s.over or self.session.is_bot(s.to_move) or self.must_reveal() or self.just_drew:
            return None
        return view(s, s.to_move)

    def snapshot(self) -> TableSnapshot:
        s = self.state
        bots = [self.session.is_bot(i) for i in range(s.players)]
        seat = self.viewer()
        if seat is None:
            return from_state(s, self.session.names, visible=(), bots=bots, seed=self.session.seed)
        snap = from_view(view(s, seat), self.session.names, bots, self.session.seed)
        return snap._replace(viewer=-1) if self.watching else snap

    def spoken_to(self, seat: int) -> bool:
        """Whether the log speaks to this seat ("You won the trick."): see `addressed`."""
        return addressed(self.session.names[seat], seat == self.you())

    # ------------------------------------------------------------------ drawing
    def _draw(self) -> None:
        s = self.state
        a = self.tapp.ascii_cards
        snap = self.snapshot()
        self.query_one("#seats", SeatsTable).show(snap, a)
        self.call_after_refresh(self.keep_seats_in_view)
        if s.phase == EXCHANGE:
            phase = t("phase.exchange")
        elif s.phase == PLAY:
            phase = t("phase.play", n=len(s.tricks) + 1)
        else:
            phase = t("phase.over")
        self.query_one("#status", TextLines).update(
            Text(
                t(
                    "status.deal",
                    deal=s.deal.number,
                    phase=phase,
                    stock=len(s.stock),
                    seed=seed_words(printable(self.session.shown_seed, 60)),  # no seed mid-match
                ),
                style="bold",
            )
        )
        self.query_one("#trick", TrickView).show(snap, a, self.you())
        hand = self.query_one("#hand", HandView)
        v = self.human_view()
        seat = self.viewer()
        if self.must_reveal():
            hand.show(None, hidden_text=t("hotseat.hidden", name=self.who(s.to_move)))
        elif v is not None:
            playable = playable_cards(v)
            hand.show(v.hand, playable=playable, ascii_style=a, active=True)
            hand.cursor_to_playable()
        elif seat is not None:
            hand.show(view(s, seat).hand, ascii_style=a, playable=None, active=False)
        else:
            hand.show(None, hidden_text=t("hand.hidden"))
        if v is None:
            self._turn_started = None
        elif self._last_hand_view is None or self._turn_started is None:
            self._turn_started = time.monotonic()  # the human's turn (or hand) begins
        self._last_hand_view = v
        self.update_message()
        self.update_buttons()
        self._refresh_footer()

    def update_message(self) -> None:
        s = self.state
        msg = Text()
        v = self._last_hand_view
        hand = self.query_one("#hand", HandView)
        if self.note:
            msg.append(self.note, style="bold")
        elif s.over:
            msg.append(t("phase.over"))
        elif self.just_drew is not None:
            seat, out, drawn = self.just_drew
            a = self.tapp.ascii_cards
            msg.append(
                t(
                    "hotseat.drew",
                    name=self.who(seat),
                    out=plain_cards(out, a),
                    drawn=plain_cards(drawn, a),
                ),
                style="bold",
            )
        elif self.must_reveal():
            pass  # the hand's place says whose turn it is and what to do (once)
        elif v is None:
            who = s.to_move
            key = "turn.waiting" if self.session.is_bot(who) else "turn.waiting_human"
            msg.append(t(key, name=self.who(who)))
            if self.watching:
                watched = self.who(self.watched())
                msg.append("\n" + t("turn.watch", name=watched), style="dim")
        else:
            forced = why_forced(v)
            problem = why_refused(v, hand.selection) if hand.selection else None
            if v.exchanging:
                msg.append(t("turn.yours_exchange", stock=v.stock_size))
            elif forced:
                msg.append(reason_words(forced), style="bold")
            elif not v.plays:
                msg.append(t("turn.yours_lead"))
            else:
                k = len(v.best_desc)
                key = "turn.yours_follow1" if k == 1 else "turn.yours_follow"
                msg.append(t(key, k=k, best=show_ranks(v.best_desc)))
            if problem:
                msg.append("\n" + reason_words(problem), style="italic")
        area = self.query_one("#message", TextLines)
        if self.notice_kind and not self.note:
            # The news first, whole or in short, when the message is whole beside it
            # (else the news is left out: the log keeps it).
            for notice in self.notices():
                news = Text(notice + "\n", style="bold") + msg
                if area.fits(news):
                    msg = news
                    break
        area.update(msg)

    def update_buttons(self) -> None:
        play = self.query_one("#play", Button)
        lowest = self.query_one("#lowest", Button)
        v = self._last_hand_view
        hand = self.query_one("#hand", HandView)
        self.query_one("#actions").display = not self.watching
        if self.just_drew is not None:
            play.label = t("btn.done")
            play.disabled = False
            lowest.display = False
            return
        if self.must_reveal():
            play.label = t("btn.reveal")
            play.disabled = False
            lowest.display = False
            return
        if v is not None and v.exchanging:
            n = len(hand.selection)
            play.label = t("btn.discard", n=n) if n else t("btn.keep")
            play.disabled = False
            lowest.display = False
            return
        play.label = t("btn.play")
        play.disabled = v is None
        lowest.label = t("btn.lowest")
        lowest.display = True
        lowest.disabled = v is None or not self.lowest_allowed(v)

    # ------------------------------------------------------------------ actions
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Which keys the footer offers: True offered, None shown dimmed (not now: a bot
        is to move), False not shown at all (nothing of the kind here: a demo, the
        hot-seat pass screen, `Play` in an exchange)."""
        if action in ("hint", "resign"):
            return not self.watching and not self.state.over
        if action == "undo":  # one person against bots; when there is nothing, it says so
            return not self.watching
        if action not in self._ACTIONS:
            return True
        if self.watching:
            return False  # a demo: no hand to play, so no such keys in the footer
        passing = self.must_reveal() or self.just_drew is not None
        if action == "reveal":
            return bool(self.must_reveal())
        if action == "done_drawn":
            return self.just_drew is not None
        if passing:
            return False  # the pass screen: Enter is the only key that does something
        v = self._last_hand_view
        exchange = self.state.phase == EXCHANGE
        if action in ("cursor", "cursor_end", "select", "select_rank"):
            return True if v is not None else None
        if action == "exchange":
            return (True if v is not None else None) if exchange else False
        if action == "play":
            return False if exchange or self.state.over else (True if v is not None else None)
        if action in ("lowest", "lowest_why"):
            if exchange or self.state.over:
                return False  # (no lowest card to play; the footer has no room to spare)
            allowed = v is None or self.lowest_allowed(v)
            if action == "lowest_why":
                return not allowed
            return (True if v is not None else None) if allowed else False
        return True

    def lowest_allowed(self, v: SeatView) -> bool:
        """Whether `d` (your lowest card, or as many lowest cards as were led) is a legal
        play now: the engine's answer for those cards."""
        return v.playing and why_refused(v, self._lowest_cards(v)) is None

    @staticmethod
    def _lowest_cards(v: SeatView) -> list[int]:
        k = len(v.best_desc) if v.plays else 1
        return list(v.hand[:k])

    def _hand_changed(self) -> None:
        self.note = None
        self.update_message()
        self.update_buttons()
        self._refresh_footer()

    _ACTIONS = (
        "cursor",
        "cursor_end",
        "select",
        "select_rank",
        "exchange",
        "reveal",
        "play",
        "done_drawn",
        "lowest",
        "lowest_why",
    )

    def _refresh_footer(self) -> None:
        """Refresh the footer only when some key's state changed: a refresh rebuilds the
        footer and lays the screen out again, which costs a whole screen of output per
        move on the terminal (an SSH link carries every byte)."""
        keys = tuple(self.check_action(a, ()) for a in self._ACTIONS)
        if keys != self._footer_keys:
            self._footer_keys = keys
            self.refresh_bindings()

    def action_cursor(self, step: int) -> None:
        if self._last_hand_view is not None:
            self.query_one("#hand", HandView).move_cursor(step)

    def action_cursor_end(self, last: int) -> None:
        """Home and End: the first or the last card of the hand."""
        if self._last_hand_view is not None:
            hand = self.query_one("#hand", HandView)
            if hand.cards:
                hand.cursor = len(hand.cards) - 1 if last else 0
                hand.refresh()

    def action_select(self) -> None:
        if self._last_hand_view is not None:
            self.query_one("#hand", HandView).toggle()
            self._hand_changed()

    def action_select_rank(self) -> None:
        if self._last_hand_view is not None:
            self.query_one("#hand", HandView).select_rank()
            self._hand_changed()

    @on(HandView.CardClicked)
    def _clicked(self, event: HandView.CardClicked) -> None:
        if self._last_hand_view is not None:
            self.query_one("#hand", HandView).toggle(event.index)
            self._hand_changed()

    @on(Button.Pressed, "#play")
    def _play_pressed(self) -> None:
        self.action_play()

    @on(Button.Pressed, "#lowest")
    def _lowest_pressed(self) -> None:
        self.action_lowest()

    def action_exchange(self) -> None:
        self.action_play()

    def action_reveal(self) -> None:
        self.action_play()

    def action_done_drawn(self) -> None:
        self.action_play()

    def action_play(self) -> None:
        if self.just_drew is not None:
            seat = self.just_drew[0]
            self.just_drew = None
            # The same player moves again (the exchange ended with them, and they lead):
            # their hand stays open.
            self.revealed = seat if self.state.to_move == seat else None
            self.refresh_table()
            self.advance()
            return
        if self.must_reveal():
            self.revealed = self.state.to_move
            self.refresh_table()
            return
        v = self._last_hand_view
        if v is None:
            return
        chosen = self.query_one("#hand", HandView).selection
        texts = tuple(card_text(c) for c in chosen)
        if v.exchanging:
            self.human_move(Exchange(v.seat, texts))
            return
        if not chosen:
            # Nothing selected: the card under the cursor, when it alone is a legal play;
            # else what to do, and why that card alone is not.
            hand = self.query_one("#hand", HandView)
            if hand.cards:
                card = hand.cards[hand.cursor]
                why = why_refused(v, [card])
                if why is None:
                    self.human_move(Play(v.seat, (card_text(card),)))
                    return
                self.note = t("msg.choose", why=reason_words(why))
            else:
                self.note = t("msg.choose", why="")
            self.update_message()
            return
        problem = why_refused(v, chosen)
        if problem:
            self.note = t("msg.illegal", reason=reason_words(problem))
            self.update_message()
            return
        self.human_move(Play(v.seat, texts))

    def action_lowest(self) -> None:
        v = self._last_hand_view
        if v is None or not v.playing:
            return
        cards = self._lowest_cards(v)
        problem = why_refused(v, cards)
        if problem:
            self.query_one("#hand", HandView).select_cards(cards)
            self.note = t("msg.lowest_not_allowed", reason=reason_words(problem))
            self.update_message()
            return
        self.human_move(Play(v.seat, tuple(card_text(c) for c in cards)))

    def action_lowest_why(self) -> None:
        self.action_lowest()

    def keep_seats_in_view(self) -> None:
        """The dealer's row and the row of the seat on turn, scrolled into view; when
        the two cannot be on screen together (nine seats at 80x24), a line over the
        seats names the dealer."""
        if self.gone or not self.is_mounted:
            return
        pane = self.query_one("#seats-pane", VerticalScroll)
        shown = keep_in_view(pane, self.query_one("#seats", SeatsTable))
        pin = self.query_one("#seats-dealer", TextLines)
        if not shown:
            name = self.who(self.snapshot().dealer)
            pin.update(Text(t("seats.dealer_off", name=name), style="bold"))
        if pin.display == shown:
            pin.display = not shown
            self.set_class(not shown, "-dealer-pinned")
            self.call_after_refresh(self.keep_seats_in_view)  # (the pane's height changed)

    def action_scroll_seats(self, step: int) -> None:
        pane = self.query_one("#seats-pane", VerticalScroll)
        pane.scroll_to(y=pane.scroll_y + step * max(1, pane.size.height - 1), animate=False)

    def action_hint(self) -> None:
        """What a strong bot would play from this hand, and why (its numbers)."""
        v = self._last_hand_view
        if v is None:
            self.note = t("msg.hint_not_now")
            self.update_message()
            return
        self.note = t("msg.hint_thinking")
        self.update_message()
        self._hint(v)

    @work(exclusive=True, group="hint")
    async def _hint(self, v: SeatView) -> None:
        from tt22.games.twentytwo.bots.hint import hint

        found = await asyncio.to_thread(hint, v, self.session.seed)
        if self.gone or self._last_hand_view is not v:
            return  # the position moved on while the bot thought
        self.note = hint_note(found, self.tapp.ascii_cards)
        self.query_one("#hand", HandView).select_cards(hint_cards(found))
        self.update_message()
        self.update_buttons()
        self._refresh_footer()

    def action_undo(self) -> None:
        """Take back your last move and the bots' replies (not in hot seat): the record
        keeps the moves that stand and counts the take-back."""
        if self.watching or self.hot_seat or not self.session.can_take_back:
            self.note = t("msg.no_undo")
            self.update_message()
            return
        self.workers.cancel_group(self, "hint")
        gone = self.session.take_back()  # (a bot thinking meanwhile: its move is dropped)
        self.waiting_summary = False
        self.just_drew = None
        self.revealed = None
        self.notice_kind = None
        self.query_one("#hand", HandView).clear_selection()
        self._last_hand_view = None
        self.rebuild_log()
        self.note = t("msg.undone", n=gone)
        self.refresh_table()
        self.advance()

    def action_scores(self) -> None:
        from tt22.tui.games.twentytwo.scores import ScoresScreen

        self.app.push_screen(ScoresScreen(self.session, self.tapp.ascii_cards, self.you()))

    def action_resign(self) -> None:
        """Give the match up, once the player has said so: it is kept with the records
        (unfinished; Replay lists it) and can no longer be continued."""
        confirm_resign(self, self.leave_match)

    def ask_watch_or_leave(self) -> None:
        """The local player is out and the match goes on: watch the rest, or leave."""
        from tt22.tui.replay.dialogs import ChoiceDialog

        choices = [("watch", t("out.watch")), ("leave", t("out.leave"))]

        def answer(choice: str | None) -> None:
            self.waiting_summary = False
            if choice == "leave":
                self.leave_match()
            else:
                self.refresh_table()
                self.advance()

        self.waiting_summary = True
        self.app.push_screen(ChoiceDialog(t("out.title"), choices, t("out.note")), answer)

    def action_toggle_log(self) -> None:
        log = self.query_one("#log", RichLog)
        log.display = self.log_choice = not log.display

    def action_home(self) -> None:
        self.workers.cancel_group(self, "bots")
        self.app.pop_screen()
        if not self.session.state.over:
            self.session.save_again()
            problem = self.session.save_problem
            if problem:  # say what happened: the match is not on disk
                say(self.app, t("msg.not_saved", reason=problem), severity="error")
            else:
                say(self.app, t("msg.saved"))

    # ------------------------------------------------------------------ moves
    def human_move(self, move: Move) -> None:
        before = self.state
        think = None
        if self._turn_started is not None:
            think = round(time.monotonic() - self._turn_started, 3)
        try:
            self.session.play(move, think=think)
        except IllegalMove as e:
            self.note = t("msg.illegal", reason=reason_words(reason_of(e)))
            self.update_message()
            return
        self.note = self.notice_kind = None
        self.revealed = None
        self._turn_started = None
        self.query_one("#hand", HandView).clear_selection()
        if self.hot_seat and isinstance(move, Exchange) and move.discard:
            mine = [e for e in self.state.exchanges if e.seat == move.seat and e.discard]
            if mine:  # show what was drawn before the keyboard passes on
                self.just_drew = (move.seat, mine[0].discard, mine[0].draw)
        self.after_move(before, move)

    def after_move(self, before: State, move: Move) -> bool:
        """Log and redraw; True when play goes straight on (no summary to show)."""
        s = self.state
        problem = self.session.save_problem
        if problem and problem != self._told_problem:
            say(self.app, t("msg.not_saved", reason=printable(problem, 200)), severity="error")
        self._told_problem = problem
        skipped = self._log_move(before, move, s)
        if self.you() in skipped:
            self.notice_kind = "stock"
        self.refresh_table()
        if len(s.history) > len(before.history):
            self.show_deal_summary()
            return False
        self.advance()
        return True

    def advance(self) -> None:
        s = self.state
        if s.over or self.waiting_summary or self.just_drew is not None:
            return
        if self.session.is_bot(s.to_move):
            self.bots().poke()

    def bots(self) -> BotRunner:
        """The session's bot driver (tt22.play.runner), started at the first bot turn."""
        if self.bot_runner is None:
            self.bot_runner = start_bots(self, self.session, self.bot_event, self.bots_may_play)
        return self.bot_runner

    def bots_may_play(self) -> bool:
        return not (self.gone or self.waiting_summary or self.just_drew is not None)

    def bot_event(self, event: Event) -> None:
        """What the session's bots did: a move is logged and drawn as a person's is; a
        bot that failed is said, and the person chooses what happens."""
        if isinstance(event, Moved):
            if event.stand_in is not None:  # (said before the move's line and its news)
                self._log(plain(t("log.stand_in", name=self.who(event.seat)), "dim"))
            self.after_move(event.before, event.move)
        elif isinstance(event, BotFailed) and self.bot_runner is not None:
            bot_failed(
                self, event, self.bot_runner, self.session.names, self._log, self.action_home
            )

    def show_deal_summary(self) -> None:
        from tt22.tui.games.twentytwo.summary_screens import DealSummaryScreen, MatchSummaryScreen

        s = self.state
        deal = s.history[-1]
        self.waiting_summary = True
        if s.over:
            self.finished = True
            screen = MatchSummaryScreen(self.session, deal, you=self.you())
            self.app.push_screen(screen, self._match_done)
            return
        auto = max(1.5, self.tapp.pace * 4) if self.watching else None
        if self.watching and self.tapp.pace == 0:
            auto = 0.01
        summary = DealSummaryScreen(self.session, deal, auto, you=self.you())
        self.app.push_screen(summary, self._deal_done)

    def _deal_done(self, _result: object = None) -> None:
        self.waiting_summary = False
        me = self.you()
        if me is not None and self.state.out[me] and not self.state.over and not self.asked_out:
            self.asked_out = True
            self.ask_watch_or_leave()
            return
        self.refresh_table()
        self.advance()

    def _match_done(self, choice: str | None) -> None:
        # Called before the summary is popped: act once it is gone.
        self.app.call_later(self.tapp.after_match, self, choice or "home")

    # ------------------------------------------------------------------ the log
    def _log(self, text: Text | str) -> None:
        if not self.gone:
            with contextlib.suppress(NoMatches):
                self.query_one("#log", RichLog).write(text)

    def rebuild_log(self) -> list[int]:
        """The whole match so far, from the session's moves (a continued match too);
        the seats passed in the exchange (empty stock) after the last move."""
        with contextlib.suppress(NoMatches):
            self.query_one("#log", RichLog).clear()
        s = self.session
        state = new_match(s.rules, len(s.players), s.seed)
        self._log_deal_start(state)
        skipped = self._log_skipped(state.exchanges, None)
        for move in s.moves:
            try:
                after = apply(state, move)
            except IllegalMove:  # (a session only holds legal moves)
                break
            skipped = self._log_move(state, move, after)
            state = after
        return skipped

    def _log_deal_start(self, s: State) -> None:
        if s.over:
            return
        d = s.deal
        if d.number == 1:  # why this seat deals first (R7)
            names = [self.who(i) for i in range(s.players)]
            draw = first_dealer_text(s, names, self.tapp.ascii_cards, self.you())
            self._log(Text(draw, style="dim"))
        line = said(
            "log.deal", self.spoken_to(d.dealer), n=d.number, name=self.who(d.dealer), k=d.hand_size
        )
        self._log(Text(line, style="bold"))

    def _log_skipped(self, records: Sequence[ExchangeRecord], mover: int | None) -> list[int]:
        """Seats the engine passed in the exchange because the stock was empty (R22):
        they keep their hand without a move of their own. Logged; returned. `records`
        are the exchanges a move added (the mover's own first, if it exchanged)."""
        skipped: list[int] = []
        for i, e in enumerate(records):
            if i == 0 and e.seat == mover:
                continue  # the move itself
            if not e.discard:
                skipped.append(e.seat)
                you = self.spoken_to(e.seat)
                self._log(Text(said("log.stock_empty", you, name=self.who(e.seat)), style="dim"))
        return skipped

    def _log_move(self, before: State, move: Move, after: State) -> list[int]:
        """Log one move; the seats that the engine passed after it (empty stock)."""
        a = self.tapp.ascii_cards
        me = self.you()
        name = self.who(move.seat)
        you = self.spoken_to(move.seat)
        s = after
        deal_over = len(s.history) > len(before.history)
        mover = move.seat if isinstance(move, Exchange) else None
        if isinstance(move, Exchange):
            n = len(move.discard)
            self._log(
                said("log.exchange", you, name=name, n=n) if n else said("log.keep", you, name=name)
            )
            if n and move.seat == me:
                records = s.history[-1].exchanges if deal_over else s.exchanges
                for e in records:
                    if e.seat == move.seat and e.discard:
                        self._log(
                            Text(
                                said(
                                    "log.my_exchange",
                                    you,
                                    name=name,
                                    out=plain_cards(e.discard, a),
                                    drawn=plain_cards(e.draw, a),
                                ),
                                style="dim",
                            )
                        )
        else:
            cards = plain_cards(parse_cards(move.cards), a)
            self._log(said("log.play", you, name=name, cards=cards))
            tricks = s.history[-1].tricks if deal_over else s.tricks
            if len(tricks) > len(before.tricks):
                winner = tricks[-1].winner
                won = said("log.trick", self.spoken_to(winner), name=self.who(winner))
                self._log(Text(won, style="dim"))
        if not deal_over:
            return self._log_skipped(s.exchanges[len(before.exchanges) :], mover)
        d = s.history[-1]
        self._log_skipped(d.exchanges[len(before.exchanges) :], mover)
        shown = t("sep.list").join(
            f"{self.who(seat)} {plain_cards([c], a)}" for seat, c in d.showdown
        )
        losers = t("sep.list").join(self.who(x) for x in d.losers)
        self._log(
            Text(t("log.showdown", cards=shown, losers=losers, penalty=d.penalty), style="bold")
        )
        self._log_deal_start(s)
        return self._log_skipped(s.exchanges, None)
