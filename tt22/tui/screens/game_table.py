"""What every table does the same way around its own screen: seat a new match of a
protocol game in the data folder's slot, give a match up (after asking), and after a
game's summary, leave or sit down again. 22's table, Rook's and the Rummy family's call
these instead of each keeping a copy."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from textual.screen import Screen

from tt22.core.players import Player
from tt22.core.safe import printable
from tt22.tui.i18n import t
from tt22.tui.safe_text import say
from tt22.tui.session import fresh_seed_text

__all__ = [
    "Resigning",
    "confirm_resign",
    "offers_hint",
    "offers_undo",
    "play_again",
    "resign_and_leave",
    "seat_new_match",
]


class Resigning(Protocol):
    """What giving a match up needs of a session (every SlotSession has it)."""

    save_problem: str | None

    def resign(self) -> Path | None: ...


def offers_hint(session: object) -> bool:
    """Whether a table's session gives hints (`hint(view)`): a local match does; a seat
    served over SSH (tt22.serve) does not, as 22's served seat does not."""
    return callable(getattr(session, "hint", None))


def offers_undo(session: object) -> bool:
    """Whether a table's session can take moves back at all (`take_back`; when it may
    now, `can_take_back` says): a local match can, a served seat cannot."""
    return callable(getattr(session, "take_back", None))


def seat_new_match(
    app: Any,
    game: str,
    rules: Any,
    seed: str,
    players: Sequence[Player],
    table: Callable[..., Screen[Any]],
    *,
    watch: bool = False,
) -> None:
    """Start a match of `game` in the data folder's slot (the shared GameSession) and
    push `table(session, watch=watch)`; another window playing there, or bad rules, are
    said in one line and nothing starts."""
    from tt22.core.protocol import RulesError
    from tt22.record import RecordError, SlotBusy
    from tt22.tui.game_session import GameSession

    try:
        session = GameSession.start(game, rules, seed, players, getattr(app, "home_dir", None))
    except SlotBusy as e:
        app.tell_busy(e)
        return
    except (RulesError, RecordError, ValueError) as e:
        say(app, str(e), severity="error")
        return
    app.push_screen(table(session, watch=watch))


def confirm_resign(screen: Screen[Any], leave: Callable[[], None]) -> None:
    """Ask before giving the match up; `leave` runs only on "resign"."""
    from tt22.tui.replay.dialogs import ChoiceDialog

    choices = [("resign", t("resign.yes")), ("cancel", t("confirm.cancel"))]

    def answer(choice: str | None) -> None:
        if choice == "resign":
            leave()

    screen.app.push_screen(ChoiceDialog(t("resign.title"), choices, t("resign.note")), answer)


def resign_and_leave(screen: Screen[Any], session: Resigning) -> None:
    """Stop playing for good: the bots stop, the record goes (unfinished) to the records
    folder, the table closes and says where the record went or why it was not saved."""
    screen.workers.cancel_group(screen, "bots")
    path = session.resign()
    screen.app.pop_screen()
    if path is not None:
        say(screen.app, t("msg.resigned", path=printable(str(path), 200)))
    elif session.save_problem:
        say(screen.app, t("msg.not_saved", reason=session.save_problem), severity="error")


def play_again(screen: Screen[Any], choice: str, seed: str, reopen: Callable[[str], None]) -> None:
    """The game summary's answer: close the table (and what is over it), then for
    "again" `reopen(seed)` with the same seed, for "new" with a fresh one; "home" ends
    there."""
    app = screen.app
    while screen in app.screen_stack:
        app.pop_screen()
    if choice in ("again", "new"):
        reopen(seed if choice == "again" else fresh_seed_text())
