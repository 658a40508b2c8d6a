"""The parts of Manipulation Rummy's table as Rich text: the seats, the table or work
area, the news since the viewer's turn, the hand.

Each part draws what the screen hands it (cards as ints, names already made safe with
`tt22.core.safe.printable`) and knows no rule: whether a group is a meld is the work
area's answer, which is the game's. Everything wraps between pieces (a meld, a card)
and never inside one, so nothing ends in `…`; picks and the cursor are marks (`*`,
`>`), not only styles, so they read under NO_COLOR too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from tt22.core.cards import show_card
from tt22.tui.games.manipulation.words import mt
from tt22.tui.games.manipulation.work import HAND, Work, loose_order
from tt22.tui.games.rummy.widgets import card_run, pack
from tt22.tui.widgets.cards import suit_style

__all__ = [
    "Cursor",
    "hand_text",
    "played_words",
    "recent_text",
    "seats_table",
    "token",
    "work_text",
]

Cursor = tuple[int, int]
"""(row, index): row HAND or a group's index."""


def token(card: int, a: bool, *, here: bool = False, picked: bool = False) -> Text:
    """One card with its mark before it: `>` under the cursor, `*` picked (and
    reversed), else a space."""
    text = Text(">" if here else ("*" if picked else " "), style="bold")
    style = suit_style(card)
    if picked:
        style = (style + " reverse bold").strip()
    if here:
        style = (style + " underline").strip()
    text.append(show_card(card, a), style=style)
    return text


def work_text(
    table: Sequence[Sequence[int]],
    work: Work | None,
    cursor: Cursor,
    picks: set[Cursor],
    a: bool,
    width: int,
) -> Text:
    """The table's melds numbered from 1; on the seat's turn the work area's groups
    instead, a group that is not a meld yet numbered with `!` ("3!")."""
    pieces: list[Text] = []
    if work is None:
        title = Text(mt("table"), style="dim")
        for i, meld in enumerate(table):
            piece = Text(f"{i + 1}:", style="bold")
            piece.append(" ")
            piece.append_text(card_run(meld, a))
            pieces.append(piece)
    else:
        title = Text(mt("work" if work.changed else "table"), style="dim")
        bad = {i for i, _ in work.problems()}
        for i, group in enumerate(work.groups):
            label = f"{i + 1}!" if i in bad else f"{i + 1}:"
            piece = Text(label, style="bold reverse" if i in bad else "bold")
            for j, card in enumerate(group.cards):
                piece.append_text(token(card, a, here=cursor == (i, j), picked=(i, j) in picks))
            pieces.append(piece)
    if not (work.groups if work is not None else table):
        title.append(" " + mt("no_melds"))
    return pack([title, *pieces], width, sep=2)


def hand_text(
    hand: Sequence[int], work: Work | None, cursor: Cursor, picks: set[Cursor], a: bool, width: int
) -> Text:
    """The hand in a person's order; on the seat's turn the cards not in the work
    area, with the cursor and the picks."""
    label = Text(mt("hand") + " ", style="bold")
    if work is None:
        cards = [token(c, a) for c in loose_order(hand)]
    else:
        cards = [
            token(c, a, here=cursor == (HAND, j), picked=(HAND, j) in picks)
            for j, c in enumerate(work.hand)
        ]
    return pack([label, *cards], width, sep=0)


def played_words(cards: Sequence[int], a: bool) -> Text:
    """ "played 7♠ 8♠" in the player's language, the cards in their colours."""
    run = card_run(cards, a)
    words = mt("ev_play", cards=run.plain)
    text = Text(words)
    at = words.find(run.plain)
    if at >= 0:
        for span in run.spans:
            text.stylize(span.style, at + span.start, at + span.end)
    return text


def recent_text(
    v: Any, names: Sequence[str], since: str, a: bool, width: int, most: int = 6
) -> Text:
    """The stock, and what the others did since `v`'s seat last moved (the view's
    public events: a draw shows no card, M5), a seat's moves in a row together."""
    events = list(v.events)
    start = 0
    for i, (seat, _kind, _data) in enumerate(events):
        if seat == v.seat:
            start = i + 1
    runs: list[tuple[int, list[Text]]] = []
    for seat, kind, data in events[start:]:
        if seat == v.seat or seat < 0:
            continue
        if kind == "play":
            said = played_words([int(c) for c in data[0]], a)
        else:
            said = Text(mt("ev_pass" if kind == "pass" else "ev_draw"))
        if runs and runs[-1][0] == seat:
            runs[-1][1].append(said)
        else:
            runs.append((seat, [said]))
    pieces = [Text(mt("stock", n=v.stock_count) + " ·", style="bold"), Text(since, style="dim")]
    for seat, moves in runs[-most:]:
        piece = Text(names[seat] + ": ", style="bold")
        piece.append_text(Text(mt("ev_sep")).join(moves))
        pieces.append(piece)
    if not runs:
        pieces.append(Text(mt("nothing_yet"), style="dim"))
    return pack(pieces, width, sep=2)


def seats_table(
    v: Any, names: Sequence[str], to_move: int, you: int | None, spoken: Sequence[bool], a: bool
) -> Table:
    """A line a seat: who is to move, the name (you, the dealer, not opened yet under
    X5's `opening`), the cards held and the penalty total. `spoken`: the seats whose
    name is not the default "You" (they get "(you)" after it)."""
    table = Table(box=None, padding=(0, 1), show_header=False, expand=True)
    table.add_column("", no_wrap=True, width=1)
    table.add_column("", overflow="fold", ratio=1)
    table.add_column("", no_wrap=True, justify="right")
    table.add_column("", no_wrap=True, justify="right")
    for seat, shown in enumerate(names):
        mark = (">" if a else "▶") if seat == to_move else ""
        name = Text(shown, style="bold" if seat == to_move else "")
        if seat == you and spoken[seat]:
            name.append(" " + mt("you"), style="dim")
        if seat == v.dealer:
            name.append(" " + mt("dealer"), style="dim")
        if v.rules.opening > 0 and not v.opened[seat]:
            name.append(" " + mt("not_opened"), style="dim")
        table.add_row(mark, name, mt("cards", n=v.counts[seat]), mt("penalty", n=v.scores[seat]))
    return table
