"""500 Rum's and Persian Rummy's table: the Rummy family's table (tt22.tui.games.rummy.table)
with what these two games add, and nothing of their rules.

- **The spread pile** (F4): every card of the discard pile is shown, top last; in the
  draw, `p` points at the top card, and again at each deeper card the game lets the
  seat take (its `Take` moves), saying how many cards come with it and that the deepest
  must be put down this turn; Enter takes it, Esc lets go.
- **Whose meld is whose** (F6): each meld names who put it down, and each card laid off
  on it by someone else names them too; Persian adds the partnership.
- **The running score** (F8): each seat's points on the table this hand beside its
  total; Persian shows the two partnerships with their totals (P2).
- **The opening as it is built** (F5): "Opening: 31 of more than 30", with the picked
  cards counted when they make a meld.

Everything legal comes from `view_legal_moves`, every refusal from `explain_view`, the
forced choices from `forced_reason`; the ends of hands from the one summary screens
(tt22.tui.summary, through the game's registry entry).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import Button

from tt22.core.cards import show_card
from tt22.core.safe import printable
from tt22.games.rum500 import Discard, Draw, LayOff, Meld, Pass, Take
from tt22.games.rum500.cards import CODE, TEXT
from tt22.tui.games.rum500.model import RumChoices, arrange, held_value, opening_value, rum_choices
from tt22.tui.games.rum500.words import ut
from tt22.tui.games.rummy.model import Choices, choices, lay_off_targets, meld_of
from tt22.tui.games.rummy.table import RummyTable
from tt22.tui.games.rummy.widgets import MeldHand, PackedLines, card_run
from tt22.tui.games.rummy.words import rt
from tt22.tui.i18n import is_default_name, said, seed_words, sentence, t
from tt22.tui.widgets.lines import RenderedLines, TextLines

__all__ = ["Rum500Table", "meld_pieces", "team_letter", "team_of"]


def team_of(seat: int) -> int:
    """P2: the partnership of a seat, 1 (seats 0 and 2) or 2 (seats 1 and 3)."""
    return 1 + seat % 2


def team_letter(seat: int) -> str:
    """The partnership's name, as the summaries write it: A (seats 0 and 2), B."""
    return "AB"[seat % 2]


def meld_pieces(
    table: Sequence[tuple[int, Sequence[int], Sequence[int]]],
    names: Sequence[str],
    a: bool,
    you: int | None = None,
    teams: bool = False,
) -> list[tuple[str, Text]]:
    """The melds on the table (F6) as labelled pieces: its number (the lay-off keys'),
    its cards, who put it down, and the cards others laid off on it with their names
    ("1: 4♠ 4♥ 4♣ 4♦ (Ann; 4♦ Bot 2)"); in Persian the partnership (P2)."""
    pieces = []
    for i, (owner, cards, by) in enumerate(table):
        run = card_run(cards, a)
        who = _name(names, owner, you)
        if teams:
            who = f"{who}, {ut('team', x=team_letter(owner))}"
        others = [(c, b) for c, b in zip(cards, by, strict=True) if b != owner]
        for card, seat in others:
            who += f"; {show_card(card, a)} {_name(names, seat, you)}"
        run.append(f" ({who})", style="dim")
        pieces.append((rt("meld_no", n=i + 1), run))
    return pieces


def _name(names: Sequence[str], seat: int, you: int | None) -> str:
    if not 0 <= seat < len(names):
        return str(seat)
    spoken = seat == you or is_default_name(names[seat])
    return said("rummy.ui.meld_by", spoken, name=names[seat])[1:-1]  # (its brackets off)


class Rum500Table(RummyTable, inherit_bindings=False):
    """The family's table with the spread pile, owned melds, running scores and the
    opening; one class for both games (Persian is 500 Rum with partners and jokers)."""

    TEXT: ClassVar[Sequence[str]] = TEXT
    CODE: ClassVar[Mapping[str, int]] = CODE
    # The family's keys and one more Enter: it takes the card `p` points at. (A class's
    # bindings of a key replace its base's, so the family's are listed again here.)
    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding("p", "pile", "rum500.ui.key.pile", id="rum500.pile")
            if getattr(b, "id", None) == "rummy.pile"
            else b
            for b in RummyTable.BINDINGS
        ),  # (`p` in the family's place, its word this game's: it points, not takes)
        Binding("enter", "take_here", "rum500.ui.key.take", id="rum500.take"),
    ]

    def __init__(self, session: Any, *, watch: bool = False) -> None:
        super().__init__(session, watch=watch)
        self.pile_at: int | None = None  # the pile card `p` points at (an index)

    @property
    def persian(self) -> bool:
        return bool(getattr(self.shown_view().rules, "persian", False))

    def rum(self) -> RumChoices:
        v = self.my_view()
        if v is None:
            return RumChoices(choices(()), {})
        return rum_choices(v, self.game.view_legal_moves(v))

    def choices(self) -> Choices:
        return self.rum().family

    # ------------------------------------------------------------------ drawing
    def _draw(self) -> None:
        a = bool(getattr(self.app, "ascii_cards", False))
        v = self.shown_view()
        if self.pile_at is not None and self.pile_at not in self.rum().takes:
            self.pile_at = None  # (the turn moved on)
        self.query_one("#rummy-status", TextLines).update(self.status_text(v))
        self.query_one("#rummy-seats", RenderedLines).update(self.seats_table(v))
        names = [self.who(seat) for seat in range(len(self.session.names))]
        pieces = meld_pieces(v.table, names, a, self.you(), self.persian)
        melds = self.query_one("#rummy-melds", PackedLines)
        melds.show(pieces, title=rt("table_melds"), empty=rt("no_melds"))
        self.query_one("#rummy-pile", TextLines).update(self.pile_text(v, a))
        since = rt("recent_of", name=self.who(v.seat)) if self.watching else rt("recent")
        self.query_one("#rummy-recent", PackedLines).show(self.recent(v, a), title=since)
        hand = self.query_one("#rummy-hand", MeldHand)
        mine = self.my_view()
        if self.must_reveal():
            hand.show(None, hidden_text=rt("pass_to", name=self.who(self.game.to_move(self.state))))
        elif self.viewer() < 0:
            hand.show(None, hidden_text=rt("hidden"))
        else:
            taken = v.taken if mine is not None and v.taken >= 0 else -1
            dim = frozenset({taken}) if taken >= 0 else frozenset()
            hand.show(arrange(v.hand), ascii_style=a, active=mine is not None, dim=dim)
        self.update_message()
        self.update_buttons()
        self.refresh_bindings()

    def status_text(self, v: Any) -> Text:
        parts = [ut("title_persian" if self.persian else "title_rum500"), rt("hand_no", n=v.number)]
        if self.persian:
            parts.append(ut("deal_of", n=min(2, v.number)))
        else:
            parts.append(ut("target_high", n=v.rules.target))
        parts.append(rt("turn_no", n=v.turns + 1))
        seed = seed_words(printable(self.session.shown_seed, 30))
        return Text(" · ".join(parts) + "\n" + seed, style="bold")

    def seats_table(self, v: Any) -> Table:
        """Each seat: its name, its cards, whether it has opened (F5), its points on the
        table this hand (F8, with P4's bonus) and its total; Persian's partnerships."""
        table = Table(box=None, padding=(0, 1), show_header=False, expand=True)
        table.add_column("", no_wrap=True, width=1)
        table.add_column("", overflow="fold", ratio=1)
        table.add_column("", no_wrap=True, justify="right")
        table.add_column("", no_wrap=True, justify="right")
        table.add_column("", no_wrap=True, justify="right")
        to_move = self.game.to_move(self.state)
        a = bool(getattr(self.app, "ascii_cards", False))
        you = self.you()
        running = v.running()
        seats = range(len(self.session.names))
        order = sorted(seats, key=team_of) if self.persian else list(seats)
        for seat in order:
            mark = (">" if a else "▶") if seat == to_move else ""
            name = Text(self.who(seat), style="bold" if seat == to_move else "")
            if self.persian:
                name = Text(ut("team", x=team_letter(seat)) + " ", style="dim") + name
            if seat == you and not is_default_name(self.session.names[seat]):
                name.append(" " + rt("you"), style="dim")
            if seat == v.dealer:
                name.append(" " + rt("dealer"), style="dim")
            cards = rt("cards", n=v.counts[seat])
            if v.opened[seat]:
                cards = ut("open_mark") + " · " + cards
            n = running[seat]
            now = ut("this_hand" if n >= 0 else "this_hand_neg", n=n)
            table.add_row(mark, name, cards, now, ut("score_pts", n=v.scores[seat]))
        return table

    def pile_text(self, v: Any, a: bool) -> Text:
        """F4: the whole pile, top last; the card `p` points at in reverse, the cards
        the seat may take underlined while it draws."""
        text = Text()
        if not v.pile:
            text.append(rt("pile_empty"), style="bold")
        else:
            text.append(ut("pile_spread", n=len(v.pile)), style="bold")
            takes = self.rum().takes
            for i, card in enumerate(v.pile):
                text.append(" ")
                style = "reverse" if i == self.pile_at else ("underline" if i in takes else "")
                text.append_text(card_run([card], a, style))
        text.append("   " + rt("stock", n=v.stock_count))
        return text

    def turn_text(self, v: Any) -> Text:
        a = bool(getattr(self.app, "ascii_cards", False))
        rc = rum_choices(v, self.game.view_legal_moves(v))
        c = rc.family
        text = Text()
        forced = self.game.forced_reason(v)
        if forced is not None:
            text.append(self.why(forced), style="bold")
            text.append("\n")
        if self.pile_at is not None and self.pile_at in rc.takes:
            card = show_card(v.pile[self.pile_at], a)
            above = len(v.pile) - 1 - self.pile_at
            if above == 0:
                text.append(ut("say_take_top", card=card), style="bold")
            elif above == 1:
                text.append(ut("say_take_one_above", card=card), style="bold")
            else:
                text.append(ut("say_take_deep", card=card, n=above), style="bold")
            if len(rc.takes) > 1:
                text.append("\n" + ut("say_take_more", n=len(rc.takes)), style="dim")
            return text
        if c.drawing or rc.takes:
            text.append(ut("say_draw") if c.stock is not None else ut("say_draw_empty"))
            return text
        if self.target is not None:
            card_, meld = self.target
            others = lay_off_targets(c, card_, self.TEXT)
            text.append(
                rt(
                    "say_lay_here",
                    card=show_card(card_, a),
                    meld=meld + 1,
                    melds=", ".join(str(m + 1) for m in others),
                ),
                style="bold",
            )
            return text
        if not v.opened[v.seat]:
            text.append_text(self.opening_text(v))
            text.append("\n")
        text.append_text(self.rummy_act_text(v, c))
        return text

    def opening_text(self, v: Any) -> Text:
        """F5: the opening's value as it is built, the picked cards counted when they
        make a meld ("Opening: 31 of more than 30")."""
        opening = v.rules.opening
        with_picked = opening_value(v, self._hand().selection)
        if with_picked is not None:
            return Text(ut("opening_with", n=with_picked, opening=opening))
        return Text(ut("opening_so_far", n=v.so_far, opening=opening), style="dim")

    def rummy_act_text(self, v: Any, c: Choices) -> Text:
        a = bool(getattr(self.app, "ascii_cards", False))
        picked = self._hand().selection
        text = Text()
        if len(picked) >= 3:
            ok = meld_of(c, picked, self.TEXT) is not None
            cards = " ".join(show_card(x, a) for x in picked)
            text.append(rt("say_meld_ok" if ok else "say_meld_no", cards=cards))
            return text
        card = self.chosen_card()
        if card is None:
            return text
        fits = lay_off_targets(c, card, self.TEXT)
        name = show_card(card, a)
        if fits:
            text.append(rt("say_fits", card=name, melds=", ".join(str(m + 1) for m in fits)))
            text.append("\n")
        if card in c.discards:
            can = [rt("can_meld")] if c.melds else []
            can += [rt("can_lay_off")] if c.lay_offs else []
            say = rt("say_act_or", card=name, can=t("sep.list").join(can)) if can else ""
            text.append(sentence(say or rt("say_act", card=name)))
        elif self.game.forced_reason(v) is None:  # (else the forced reason says why)
            why = self.game.explain_view(v, Discard(v.seat, self.TEXT[card]))
            if why is not None:
                text.append(self.why(why))
        return text

    def info_text(self) -> Text:
        """The melds the hand could put down now and what the rest would count (F8)."""
        if self.viewer() < 0 or self.must_reveal():
            return Text("")
        v = self.shown_view()
        arranged = arrange(v.hand)
        text = Text(ut("melds_ready", n=len(arranged.groups)))
        text.append(" · ")
        text.append(ut("in_hand", n=held_value(v.hand)), style="bold")
        return text

    def update_buttons(self) -> None:
        super().update_buttons()
        a = bool(getattr(self.app, "ascii_cards", False))
        v = self.my_view()
        takes = self.rum().takes
        button = self.query_one("#do-pile", Button)
        button.display = bool(takes) and not self.must_reveal()
        if v is not None and v.pile and takes:
            at = self.pile_at if self.pile_at is not None else len(v.pile) - 1
            button.label = rt("btn.take", card=show_card(v.pile[at], a))

    # ------------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.watching or self.must_reveal():
            return super().check_action(action, parameters)
        if action == "take_here":
            return self.pile_at is not None and self.my_view() is not None
        if self.pile_at is not None and action in ("stock", "pass", "discard", "lay_here"):
            return False  # (Enter takes the card pointed at)
        if action == "pile":
            return bool(self.rum().takes)
        if action == "cancel":
            return self.target is not None or self.pile_at is not None
        return super().check_action(action, parameters)

    def action_pile(self) -> None:
        """Point at the top card of the pile, then at each deeper card that may be taken
        (F4), round again after the deepest."""
        takes = list(self.rum().takes)  # the top first
        if not takes:
            v = self.my_view()
            if v is not None and v.pile:
                self.refuse(Take(v.seat, self.TEXT[v.pile[-1]]))
            return
        if self.pile_at in takes:
            self.pile_at = takes[(takes.index(self.pile_at) + 1) % len(takes)]
        else:
            self.pile_at = takes[0]
        self.refresh_table()

    def action_take_here(self) -> None:
        take = self.rum().takes.get(self.pile_at) if self.pile_at is not None else None
        self.pile_at = None
        if take is not None:
            self.send(take)

    def action_cancel(self) -> None:
        self.pile_at = None
        super().action_cancel()
        self.refresh_table()

    def send(self, move: Any) -> None:
        self.pile_at = None
        super().send(move)

    def action_rummy_help(self) -> None:
        from tt22.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen.of_game(self.game.name, self.shown_view().rules))

    @classmethod
    def hint_words(cls, v: Any, move: Any, a: bool) -> str:
        """A hinted move in the table's words."""
        if isinstance(move, Take):
            card = CODE[move.card]
            above = len(v.pile) - 1 - v.pile.index(card) if card in v.pile else 0
            if above:
                return ut("hint.take_deep", card=show_card(card, a), n=above)
            return ut("hint.take", card=show_card(card, a))
        if isinstance(move, Draw):
            return rt("hint.stock")
        if isinstance(move, Pass):
            return ut("hint.stock_over")
        if isinstance(move, Meld):
            return rt("hint.meld", cards=" ".join(show_card(CODE[c], a) for c in move.cards))
        if isinstance(move, LayOff):
            return rt("hint.layoff", card=show_card(CODE[move.card], a), meld=move.meld + 1)
        return ut("hint.discard", card=show_card(CODE[move.card], a))

    def hinted(self, v: Any, move: Any) -> None:
        """A hinted take points at its card in the pile (Enter takes it)."""
        if isinstance(move, Take) and CODE[move.card] in v.pile:
            self.pile_at = v.pile.index(CODE[move.card])
            self.query_one("#rummy-pile", TextLines).update(
                self.pile_text(v, bool(getattr(self.app, "ascii_cards", False)))
            )

    # ------------------------------------------------------------------ the hand's end
    def show_hand_summary(self) -> None:
        from tt22.tui.summary.screens import match_summary_screen

        s = self.state
        self.waiting_summary = True
        names = [self.who(i) for i in range(len(self.session.names))]
        view = self.game.view(s, max(0, self.viewer()))
        if self.game.is_over(s):
            path = getattr(self.session, "saved_path", None)
            seed = str(getattr(self.session, "seed", "") or "")
            end = match_summary_screen(self.game.name, view, names, self.you(), path, seed)
            self.app.push_screen(end, self._game_done)
            return
        auto = None
        if self.watching:
            auto = 0.01 if self.pace == 0 else max(1.5, self.pace * 4)
        self.app.push_screen(self.hand_summary_of(view, names, auto), self._hand_done)

    def hand_summary_of(self, view: Any, names: Sequence[str], auto: float | None) -> Any:
        from tt22.tui.summary.screens import hand_summary_screen

        return hand_summary_screen(self.game.name, view, names, self.you(), auto)
