"""What the Rook table and replayer draw, from a seat's view (K23) and the names.

Every function here takes a `RookView` (or parts of a finished hand, which the table has
seen end) and returns Rich `Text`/`Table`: nothing is drawn that the view does not
hold, so the screen cannot show a card its seat may not know. Names go through
`tt22.core.safe.printable` (never markup, never a control character).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.table import Table
from rich.text import Text

from tt22.core.safe import printable
from tt22.games.rook.cards import POINTS, ROOK, SUIT_CHARS, TEXT, show_rook_card
from tt22.games.rook.moves import Bid, Nest, Pass, Pile, Play, RookMove, Trump
from tt22.games.rook.state import BIDDING, DUMMY, NEST, OVER, PILES, PLAY, TRUMP, TrickRecord
from tt22.games.rook.views import RookView
from tt22.tui.games.rook.words import suit_name
from tt22.tui.i18n import addressed, said, t
from tt22.tui.widgets.cards import no_colour

__all__ = [
    "bidding_text",
    "card_style",
    "cards_line",
    "display_order",
    "move_words",
    "position_name",
    "seats_table",
    "status_text",
    "trick_text",
]

RED = (1, 2)


def card_style(card: int) -> str:
    """Red hearts and diamonds (not under NO_COLOR), the Rook bold: the symbol or letter
    says the suit in any case."""
    if card == ROOK:
        return "bold"
    return "red" if (card & 3) in RED and not no_colour() else ""


def display_order(cards: Iterable[int]) -> tuple[int, ...]:
    """Cards by suit (♠ ♥ ♦ ♣), high to low within a suit, the Rook last: a hand reads
    as suits, which is what following suit asks of it."""
    return tuple(sorted(cards, key=lambda c: (5, 0) if c == ROOK else (c & 3, -(c >> 2))))


def cards_line(cards: Iterable[int], ascii_style: bool) -> Text:
    text = Text()
    for i, c in enumerate(display_order(cards)):
        if i:
            text.append(" ")
        text.append(show_rook_card(c, ascii_style), style=card_style(c))
    return text


def name_of(names: Sequence[str], seat: int) -> str:
    return printable(names[seat], 40)


def _by(key: str, names: Sequence[str], seat: int, own: bool = False, **values: object) -> str:
    """`key` about seat `seat` ("Bid 70 by Bot 1"), in its `.you` form ("by you") for the
    player spoken to (`tt22.tui.i18n.addressed`)."""
    name = name_of(names, seat)
    return said(key, addressed(names[seat], own), name=name, **values)


def position_name(v: RookView, names: Sequence[str], position: int) -> str:
    """A position's name: a seat's player, or the dummy (2 players, position 2)."""
    if v.players == 2 and position == DUMMY:
        return t("rook.dummy")
    return name_of(names, position)


def status_text(v: RookView, names: Sequence[str], ascii_style: bool) -> Text:
    """The one line always in view: hand, phase, the bid and its bidder, the trump."""
    if v.phase == PLAY:
        phase = t("rook.phase.play", n=len(v.tricks) + 1)
    else:
        keys = {PILES: "piles", BIDDING: "bidding", NEST: "nest", TRUMP: "trump", OVER: "over"}
        phase = t("rook.phase." + keys[v.phase])
    text = Text(t("rook.status", n=v.hand_number, phase=phase), style="bold")
    if v.phase != OVER:  # (a finished game has no bid or trump to show)
        text.append(" · ")
    if v.phase == OVER:
        pass
    elif v.high and v.bidder >= 0 and v.phase != BIDDING:
        text.append(_by("rook.bid_by", names, v.bidder, bid=v.high), style="bold")
    elif v.high:
        leader = max(v.bids, key=lambda b: b[1])[0]
        text.append(_by("rook.bid_by", names, leader, bid=v.high))
    else:
        text.append(t("rook.no_bid"))
    if v.phase != OVER:
        text.append(" · ")
        if v.trump >= 0:
            text.append(t("rook.trump", suit=suit_name(v.trump, ascii_style)), style="bold")
        else:
            text.append(t("rook.no_trump"))
    text.append(" · " + t("rook.target", n=v.rules.target))
    return text


def _bid_word(v: RookView, seat: int) -> str:
    """A seat's part in the bidding: `passed`, its highest bid, or nothing yet."""
    if seat < len(v.passed) and v.passed[seat]:
        return t("rook.passed")
    best = max((p for s, p in v.bids if s == seat), default=0)
    return str(best) if best else ""


def seats_table(v: RookView, names: Sequence[str], you: int | None) -> Table:
    """Every seat by team (K1, K21, K22): cards left, the bidding, counters taken this
    hand and the score; `▶` marks the seat on turn, `*` the bidder."""
    table = Table(box=None, padding=(0, 1), show_edge=False, expand=True)
    table.add_column(t("rook.col.team"), no_wrap=True)
    table.add_column(t("rook.col.player"), overflow="fold", ratio=1)
    table.add_column(t("rook.col.cards"), justify="right", no_wrap=True)
    table.add_column(t("rook.col.bid"), no_wrap=True)
    table.add_column(t("rook.col.taken"), justify="right", no_wrap=True)
    table.add_column(t("rook.col.score"), justify="right", no_wrap=True)
    over = v.phase == OVER
    # The dummy plays with the non-bidder (K22), known once the bidding is over; before
    # that it is a row of its own.
    decided = v.phase not in (PILES, BIDDING)
    groups: list[tuple[str, list[int]]] = []
    for number, team in enumerate(v.teams()):
        rows: list[int] = list(team)
        if v.players == 2 and decided and team != (v.bidder,):
            rows.append(DUMMY)
        groups.append((chr(ord("A") + number), rows))
    if v.players == 2 and not decided and not over:
        groups.append(("", [DUMMY]))
    for label, rows in groups:
        for position in rows:
            dummy = v.players == 2 and position == DUMMY
            turn = not over and (position == v.turn if v.phase == PLAY else position == v.to_move)
            name = Text("▶ " if turn else "  ", style="bold")
            if dummy:
                partner = next((s for s in range(2) if s != v.bidder), -1)
                who = (
                    _by("rook.dummy_of", names, partner, own=partner == you)
                    if partner >= 0 and decided
                    else t("rook.dummy")
                )
                name.append(who)
            else:
                name.append(name_of(names, position))
                if position == you and names[position] != t("player.you"):
                    name.append(f" ({t('rook.you')})", style="dim")
                if position == v.dealer and not over:
                    name.append(f" [{t('rook.dealer')}]", style="dim")
                if position == v.bidder:
                    name.append(" *", style="bold")
            cards = "" if over else str(v.hand_counts[position])
            bid = "" if dummy else _bid_word(v, position)
            taken = "" if over else str(v.taken[position])
            score = "" if dummy else str(v.scores[position])
            style = "bold" if turn else ""
            table.add_row(label, name, cards, bid, taken, score, style=style)
    return table


def bidding_text(v: RookView, names: Sequence[str]) -> Text:
    """The bidding so far: the high bid and who holds it, the lowest next bid, who passed."""
    text = Text()
    nxt = v.min_next_bid()
    if v.high:
        leader = max(v.bids, key=lambda b: b[1])[0]
        key = "rook.high" if nxt else "rook.high_top"
        text.append(_by(key, names, leader, bid=v.high, next=nxt), style="bold")
    else:
        text.append(t("rook.open", next=nxt), style="bold")
    out = [name_of(names, s) for s in range(v.players) if v.passed[s]]
    if out:
        text.append("\n" + t("rook.passed_list", names=t("sep.list").join(out)))
    return text


def _plays(
    plays: Sequence[tuple[int, int]], v: RookView, names: Sequence[str], ascii_style: bool
) -> Text:
    text = Text()
    for i, (position, card) in enumerate(plays):
        if i:
            text.append("  ")
        text.append(position_name(v, names, position) + " ")
        text.append(show_rook_card(card, ascii_style), style=card_style(card) or "bold")
    return text


def trick_text(v: RookView, names: Sequence[str], ascii_style: bool) -> Text:
    """The trick in progress, every play whole with its player's name, then the last
    trick with its winner and its counters."""
    text = Text()
    if v.phase == PLAY:
        text.append(t("rook.trick_now", n=len(v.tricks) + 1) + " ", style="bold")
        if v.plays:
            text.append_text(_plays(v.plays, v, names, ascii_style))
        else:
            text.append(t("rook.trick_empty"), style="dim")
    if v.tricks:
        last: TrickRecord = v.tricks[-1]
        text.append("\n" if text else "")
        winner = position_name(v, names, last.winner)
        head = said("rook.last_trick", addressed(winner), name=winner, points=last.points)
        text.append(head + " ", style="dim")
        text.append_text(_plays(last.plays, v, names, ascii_style))
    return text


def counters(cards: Iterable[int]) -> int:
    return sum(POINTS[c] for c in cards)


def move_words(
    move: RookMove, who: str, ascii_style: bool, nest_shown: bool, you: bool = False
) -> str:
    """A move in the log's words; the cards of a nest put back only when `nest_shown`
    (to its bidder, or with every hand open), else just that 5 went back (K23). Said to
    the player (`you`: the seat at the keyboard; a seat called "You" always) in the
    second person: "You bid 70.", never "You bids 70."."""
    you = addressed(who, you)
    if isinstance(move, Pile):
        return said("rook.log.pile", you, name=who, n=move.pile + 1)
    if isinstance(move, Bid):
        return said("rook.log.bid", you, name=who, bid=move.points)
    if isinstance(move, Pass):
        return said("rook.log.pass", you, name=who)
    if isinstance(move, Nest):
        if not nest_shown:
            return said("rook.log.nest", you, name=who)
        cards = cards_line((TEXT.index(c) for c in move.cards if c in TEXT), ascii_style)
        return said("rook.log.nest_cards", you, name=who, cards=cards.plain)
    if isinstance(move, Trump):
        suit = suit_name(SUIT_CHARS.index(move.suit), ascii_style)
        return said("rook.log.trump", you, name=who, suit=suit)
    assert isinstance(move, Play)
    card = show_rook_card(TEXT.index(move.card), ascii_style)
    return said("rook.log.play", you, name=who, card=card)
