"""The work area: the new table a player is building, as plain data (no Textual).

A play of Manipulation Rummy is a whole new table (X4, X9), so the screen lets the
player build one: the table's melds are copied into groups, and cards move between the
hand and the groups until every group is a meld. Each card remembers where it came from
(the hand, or meld `i` of the table as it was), so that taking it out puts it back
there, and `reset` gives the table back exactly as it was. Whether a group is a meld,
and why not, is the game's answer (`meld_problem`, X3), never worked out here.

Cards are counted as a multiset (X1: two decks), so the model names a card by its
place (a row and an index), never by its value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tt22.core.protocol import Reason
from tt22.games.manipulation.cards import LOW, TEXT
from tt22.games.manipulation.melds import meld_problem, order_meld
from tt22.games.manipulation.moves import Play

__all__ = ["HAND", "Group", "Piece", "Work", "loose_order"]

HAND = -1
"""The source of a card that came from the hand."""


def loose_order(cards: Sequence[int]) -> list[int]:
    """Cards as a person sorts a hand: by suit, then up the suit, the ace low."""
    return sorted(cards, key=lambda c: (c & 3, LOW[c]))


@dataclass(frozen=True)
class Piece:
    card: int
    source: int  # HAND, or the index of the old table's meld it was part of


@dataclass
class Group:
    """One group of the proposed table; `origin` is the old meld it started as (its
    cards were that meld's), None for a group the player made."""

    pieces: list[Piece]
    origin: int | None = None

    @property
    def cards(self) -> list[int]:
        return [p.card for p in self.pieces]


@dataclass
class Work:
    """The proposed new table of the seat to move: `groups`, and the hand cards not put
    into it (`hand`, in a person's order). A place is (row, index): row -1 the hand,
    row i group i."""

    table: tuple[tuple[int, ...], ...]
    held: tuple[int, ...]
    groups: list[Group] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.groups and not self.hand:
            self.reset()

    # ------------------------------------------------------------------ reading
    def reset(self) -> None:
        """Everything back: the groups are the table's melds, the hand is whole."""
        self.groups = [Group([Piece(c, i) for c in meld], i) for i, meld in enumerate(self.table)]
        self.hand = loose_order(self.held)

    @property
    def placed(self) -> list[int]:
        """The hand cards put into the groups (what the play puts down)."""
        return [p.card for g in self.groups for p in g.pieces if p.source == HAND]

    @property
    def changed(self) -> bool:
        """Whether anything moved: the groups are not the table's melds as they were."""
        if self.placed:
            return True
        now = sorted(tuple(sorted(g.cards)) for g in self.groups)
        return now != sorted(tuple(sorted(m)) for m in self.table)

    def problems(self) -> list[tuple[int, Reason]]:
        """Each group that is not a meld yet, with the game's reason (X3), numbered as
        the screen numbers the groups."""
        out = []
        for i, g in enumerate(self.groups):
            problem = meld_problem(g.cards, i)
            if problem is not None:
                out.append((i, problem))
        return out

    def play(self, seat: int) -> Play:
        """The move this work area proposes (the engine checks it)."""
        table = tuple(tuple(TEXT[c] for c in g.cards) for g in self.groups)
        return Play(seat, tuple(TEXT[c] for c in loose_order(self.placed)), table)

    def row(self, row: int) -> list[int]:
        return self.hand if row == HAND else self.groups[row].cards

    # ------------------------------------------------------------------ moving
    def take(self, places: Sequence[tuple[int, int]]) -> list[Piece]:
        """Lift the cards at `places` out of the hand and the groups (emptied groups go)."""
        lifted: list[Piece] = []
        by_row: dict[int, list[int]] = {}
        for row, index in places:
            by_row.setdefault(row, []).append(index)
        for row, indexes in by_row.items():
            for index in sorted(set(indexes), reverse=True):
                if row == HAND:
                    if 0 <= index < len(self.hand):
                        lifted.append(Piece(self.hand.pop(index), HAND))
                elif 0 <= row < len(self.groups) and 0 <= index < len(self.groups[row].pieces):
                    lifted.append(self.groups[row].pieces.pop(index))
        return lifted

    def _tidy(self) -> None:
        """Emptied groups go; each group in the order a person lays it (a meld as the
        game lays it, other cards by suit and place)."""
        self.groups = [g for g in self.groups if g.pieces]
        for g in self.groups:
            laid = order_meld(g.cards)
            order = list(laid) if laid is not None else loose_order(g.cards)
            rest = list(g.pieces)
            pieces = []
            for c in order:
                piece = next(p for p in rest if p.card == c)
                rest.remove(piece)
                pieces.append(piece)
            g.pieces = pieces
        self.hand = loose_order(self.hand)

    def to_new_group(self, places: Sequence[tuple[int, int]]) -> int | None:
        """The cards at `places` as a new group at the end; its row, or None."""
        lifted = self.take(places)
        if not lifted:
            return None
        self.groups.append(Group(lifted))
        new = self.groups[-1]
        self._tidy()
        return self.groups.index(new)

    def to_group(self, places: Sequence[tuple[int, int]], row: int) -> int | None:
        """The cards at `places` into group `row` (not from it); its row after, or None."""
        if not 0 <= row < len(self.groups):
            return None
        target = self.groups[row]
        lifted = self.take([(r, i) for r, i in places if r != row])
        if not lifted:
            return None
        target.pieces.extend(lifted)
        self._tidy()
        return self.groups.index(target)

    def send_back(self, places: Sequence[tuple[int, int]]) -> None:
        """The cards at `places` back where they came from: a hand card to the hand, a
        table card to the group that its old meld became (made again if it is gone)."""
        lifted = self.take([(r, i) for r, i in places if r != HAND])
        for piece in lifted:
            if piece.source == HAND:
                self.hand.append(piece.card)
                continue
            home = next((g for g in self.groups if g.origin == piece.source), None)
            if home is None:
                self.groups.append(Group([piece], piece.source))
            else:
                home.pieces.append(piece)
        self._tidy()

    def propose(self, play: Play) -> None:
        """Show `play` (the solver's or the hint's) here: its groups, each card's
        source the hand (the play's cards) or an old meld that held it."""
        from tt22.games.manipulation.cards import CODE

        from_hand = [CODE[c] for c in play.cards]
        left = [list(m) for m in self.table]
        groups: list[Group] = []
        for meld in play.table:
            cards = [CODE[c] for c in meld]
            origin = next((i for i, m in enumerate(self.table) if sorted(m) == sorted(cards)), None)
            pieces = []
            for c in cards:
                if c in from_hand:
                    from_hand.remove(c)
                    pieces.append(Piece(c, HAND))
                    continue
                source = next((i for i, m in enumerate(left) if c in m), HAND)
                if source != HAND:
                    left[source].remove(c)
                pieces.append(Piece(c, source))
            groups.append(Group(pieces, origin))
        self.groups = groups
        rest = list(self.held)
        for c in (CODE[x] for x in play.cards):
            if c in rest:
                rest.remove(c)
        self.hand = loose_order(rest)
        self._tidy()
