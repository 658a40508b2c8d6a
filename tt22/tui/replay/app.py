"""`tt22 replay FILE`: the play app, opened straight onto the replay screen.

The play app (`TT22App`) brings the settings, the language, the theme and the table
that "play from here" hands over to; the replay is its start screen (on top of the
home screen), and leaving that replay leaves the program, as `less` would.
"""

from __future__ import annotations

from pathlib import Path

from tt22.play.replay import ReplayModel
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.replay.screen import ReplayScreen
from tt22.tui.tables import replay_screen

__all__ = ["replay_app", "run_replay"]


def replay_app(
    model: ReplayModel,
    path: Path | None,
    *,
    seat: int | None = None,
    start: int | None = None,
    ascii_cards: bool = False,
    language: str | None = None,
    home: Path | None = None,
) -> TT22App:
    """The play app that opens on the replay of `model` (read from `path`)."""

    def screen() -> ReplayScreen:
        found: ReplayScreen = replay_screen(
            model.game.name, model, path, seat=seat, start=start, standalone=True
        )
        return found

    return TT22App(
        StartOptions(ascii_cards=ascii_cards or None, language=language, home=home, screen=screen)
    )


def run_replay(
    model: ReplayModel,
    path: Path | None,
    *,
    seat: int | None = None,
    ascii_cards: bool = False,
    start: int | None = None,
    language: str | None = None,
) -> int:
    """Run the replay; the exit status is the app's (non-zero when it ended by an
    exception, which Textual reports on the screen but does not raise)."""
    app = replay_app(
        model, path, seat=seat, start=start, ascii_cards=ascii_cards, language=language
    )
    app.run()
    return app.return_code or 0
