"""`GameUI`: how one game is drawn at the one table, as plain data (ARCHITECTURE.md,
"Two interfaces"; the review's section 7).

The table screen (tt22.tui.table.screen) keeps the cursor and the selection, sends
moves to the play session and listens to its events; everything it shows of a game,
and what every key of the game means now, it asks the game's `GameUI`, which answers
with the values below and never touches a widget. So a game's interface is data and a
few pure functions of its views, testable without Textual, and the table names no game.

What a `GameUI` gives:

- `keys`: the game's own keys (`Key`, ids `<game>.<action>`); the table adds the shared
  ones (cursor, select, log, scores, help, hint, undo, resign, home).
- `draw(view, names, you, ascii_style)` -> `TableDraw`: the status line, the seats'
  rows in play order with the turn shown, the centre (the trick, the bidding, the
  piles), the hand (its cards, which are playable, which were just received), the
  prompt, and any extra panes.
- `actions(view, cursor, selection)` -> for each of its keys now: a move (the key is
  offered, and pressing it plays that move), a `Reason` (shown dimmed; the prompt says
  why when it is Enter's), or None (hidden). The footer, `check_action` and Enter's
  label come from this alone.
- `narrate(before, move, after, names, you, ascii_style)`: the lines the move log gets
  for a move (`move` None: a served seat's news, which carries views, not moves; the
  lines then come from what changed between the views).
- `explain(reason, ascii_style)`: a `Reason` in the player's words, with its rule.
- `finished_hands(view)`: how many hands (deals) of the match are over, so the table
  knows when to show a hand's summary without knowing the game.
- the hand and match summaries, the score history and the help: the `GameScreens`
  protocol (tt22.tui.summary.data) the one pair of summary screens, the one score
  history and the one help screen already draw; a `GameUI` is one too.

A game's registry entry names its `GameUI` (`GameEntry.ui`, "module:OBJECT"); `ui_of`
loads it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from rich.text import Text

from tt22.core.protocol import Reason
from tt22.core.registry import entry
from tt22.tui.summary.data import GameScreens

__all__ = [
    "Action",
    "GameUI",
    "HandDraw",
    "Key",
    "Pane",
    "SeatRow",
    "TableDraw",
    "Words",
    "ui_of",
]

Words = str | Text
"""A line as a game draws it: plain words, or a Rich `Text` already styled (and
already made safe: outside text goes through tt22.tui.safe_text / tt22.core.safe)."""

Action = Any | Reason | None
"""What one key does now: a move of the game (offered), a `Reason` (not now, and why)
or None (not at all: hidden)."""


@dataclass(frozen=True, slots=True)
class Key:
    """One of a game's keys: `id` is `<game>.<action>` (the binding's id, so a user's
    keymap can name it), `keys` Textual's key names ("enter", "p", "up,k"), `words`
    what the footer says (a catalogue key, or words), `show` whether the footer lists
    it at all (a key only the help names: False)."""

    id: str
    keys: str
    words: str
    show: bool = True
    key_display: str | None = None


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat's row: its name (as it may be shown) and its cells under the table's
    `columns`; `turn` marks the seat on turn (`▶`), `you` the person's own seat."""

    seat: int
    name: str
    cells: tuple[Words, ...] = ()
    turn: bool = False
    you: bool = False


@dataclass(frozen=True, slots=True)
class HandDraw:
    """The hand under the table: its cards in the order drawn, those that may be
    played now (None: no such judgement, every card alike), those just received
    (marked until the next move: the new-player review's M3), and how a card is
    written (None: the core's cards; Rook writes its own)."""

    cards: tuple[int, ...] = ()
    playable: frozenset[int] | None = None
    received: frozenset[int] = frozenset()
    label: Callable[[int, bool], str] | None = None


@dataclass(frozen=True, slots=True)
class Pane:
    """An extra pane of a game (Rook's bid box, 22's chart): a title and lines."""

    title: str
    lines: tuple[Words, ...]


@dataclass(frozen=True, slots=True)
class TableDraw:
    """Everything the table shows of a view, as the game words it."""

    status: Words
    columns: tuple[str, ...]
    seats: tuple[SeatRow, ...]
    centre: tuple[Words, ...] = ()
    hand: HandDraw = field(default_factory=HandDraw)
    prompt: Words = ""
    panes: tuple[Pane, ...] = ()


@runtime_checkable
class GameUI(GameScreens, Protocol):
    """How one game is drawn and what each of its keys means now (see the module)."""

    keys: Sequence[Key]

    def draw(
        self, view: Any, names: Sequence[str], you: int | None, ascii_style: bool
    ) -> TableDraw: ...

    def actions(
        self, view: Any, cursor: int | None, selection: tuple[int, ...]
    ) -> Mapping[str, Action]: ...

    def narrate(
        self,
        before: Any | None,
        move: Any | None,
        after: Any,
        names: Sequence[str],
        you: int | None,
        ascii_style: bool,
    ) -> Sequence[Words]: ...

    def explain(self, reason: Reason, ascii_style: bool) -> str: ...

    def finished_hands(self, view: Any) -> int: ...


def ui_of(game: str) -> GameUI:
    """The `GameUI` of game `game` (its entry's `ui`, loaded now), or LookupError for a
    game whose entry names none."""
    where = entry(game).ui
    if not where:
        raise LookupError(f"the game {game!r} has no GameUI")
    module, _, attribute = where.partition(":")
    found: GameUI = getattr(importlib.import_module(module), attribute)
    return found
