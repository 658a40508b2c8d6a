"""What a game's end-of-hand and end-of-match screens, its score history and its help
say, as plain data: the game's interface description returns these, and the one
summary screen, the one score history and the one help screen draw them (harlequin's
rule: plug-ins return plain data, the interface draws it). Nothing here knows a game.

A cell or a line is a `str` (shown literally, control characters escaped) or a Rich
`Text` the game has built (its cards in colour, a name made safe); no Textual here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from rich.text import Text

__all__ = [
    "Column",
    "GameScreens",
    "Grid",
    "HelpPage",
    "HelpSection",
    "KeyRow",
    "KeyWords",
    "Row",
    "ScoreHistory",
    "Summary",
]


@dataclass(frozen=True)
class Column:
    """A column's heading and how its cells sit: `grow` takes the width left over (the
    players' names, which fold rather than lose their end to a `…`)."""

    heading: str
    align: Literal["left", "right"] = "left"
    grow: bool = False


@dataclass(frozen=True)
class Row:
    """One line of a grid; `dim` for a seat that is out of it (not shown, out)."""

    cells: tuple[str | Text, ...]
    dim: bool = False


@dataclass(frozen=True)
class Grid:
    """A table of columns and rows (the standings, each side's points, the bonuses)."""

    columns: tuple[Column, ...]
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Summary:
    """The end of a hand, or of the match: a title, the winner line (the match's end
    only), what happened in lines, and a grid of the seats' points.

    `next_label` is the hand summary's button ("Next deal", "Next hand"): the one word
    a game's own rules give its unit."""

    title: str
    lines: tuple[str | Text, ...] = ()
    grid: Grid | None = None
    winner: str = ""
    next_label: str = ""


@dataclass(frozen=True)
class ScoreHistory:
    """Every seat's score after each finished hand: `grid` (a name column, then a column
    per hand), a `legend` of its marks (entries two spaces apart, kept whole when it
    wraps) and a `note` under it (22's first-dealer draw) whose `keep` phrases are never
    broken across lines (a name and the card it drew). `empty` when no hand is over."""

    title: str
    grid: Grid | None = None
    legend: str = ""
    note: str = ""
    keep: tuple[str, ...] = ()
    empty: str = ""


@dataclass(frozen=True)
class KeyRow:
    """A key of the help's key table: `keys` are the Textual key names the screen binds
    (so a test holds the help to the table's bindings), `label` how the help writes
    them, `what` what the key does."""

    keys: tuple[str, ...]
    label: str
    what: str


LANGUAGES = ("en", "ko", "ja")


@dataclass(frozen=True)
class KeyWords:
    """A key of a help's key table in every language of the catalogue: the key names
    once, and per language (English, Korean, Japanese) how the help writes them and
    what the key does."""

    keys: tuple[str, ...]
    en: tuple[str, str]
    ko: tuple[str, str]
    ja: tuple[str, str]

    def row(self, language: str) -> KeyRow:
        label, what = getattr(self, language) if language in LANGUAGES else self.en
        return KeyRow(self.keys, label, what)


@dataclass(frozen=True)
class HelpSection:
    """A heading, its text (the help's small Markdown: paragraphs, lists, **bold**,
    tables) and, for a key section, its keys and a note under them."""

    heading: str
    body: str = ""
    keys: tuple[KeyRow, ...] = ()
    after: str = ""
    of_table: bool = False  # (its keys are the table's: each must be bound there)


@dataclass(frozen=True)
class HelpPage:
    """One game's rules and keys: its title and its sections, in order."""

    title: str
    sections: tuple[HelpSection, ...] = field(default_factory=tuple)


class GameScreens(Protocol):
    """What a game's interface description gives the shared end screens and help (the
    object its registry entry's `screens` names). `view` is what the table or replayer
    holds: the match's state or a seat's view, with its finished hands in `history`;
    `names` are the seats' names as shown (made safe), `you` the seat of the one person
    at this keyboard (spoken to as "you"), or None."""

    def hand_summary(
        self, view: Any, names: Sequence[str], you: int | None, ascii_style: bool
    ) -> Summary: ...

    def match_summary(
        self, view: Any, names: Sequence[str], you: int | None, ascii_style: bool
    ) -> Summary: ...

    def score_history(
        self, view: Any, names: Sequence[str], you: int | None, ascii_style: bool
    ) -> ScoreHistory: ...

    def help_pages(self) -> Sequence[tuple[str, str]]:
        """The game's help pages, each as (its id, the name the help's chooser shows);
        the game's own page has the id "" (the help calls it by the game's name), a
        variant's page an id of its own (Gin's second page, Oklahoma Gin's)."""
        ...

    def help_page(self, page: str, rules: Any, ascii_style: bool) -> HelpPage:
        """Page `page` (an id of `help_pages`, "" for the game's own) in the current
        language; `rules` the match's, or None."""
        ...

    def page_of(self, rules: Any) -> str:
        """The page of a match under `rules`, as `help_pages` names it ("", or Gin's
        "oklahoma" under the upcard's knock limit)."""
        ...
