"""`tt22 replay FILE`: the play app, opened straight onto the replay screen.

The play app (`TT22App`) brings the settings, the language, the theme and the table
that "play from here" hands over to; this only adds the replay on top of its home
screen, and leaving the replay leaves the program.
"""

from __future__ import annotations

from pathlib import Path

import tt22.tui.app
from tt22.replay_model import ReplayModel
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.replay.screen import ReplayScreen

__all__ = ["ReplayApp", "run_replay"]


class ReplayApp(TT22App):
    # The play app's stylesheet, found from its own module (CSS_PATH is relative to
    # the file of the class that sets it).
    CSS_PATH = str(Path(tt22.tui.app.__file__).with_name("tt22.tcss"))

    def __init__(
        self,
        model: ReplayModel,
        path: Path | None,
        *,
        seat: int | None = None,
        start: int | None = None,
        ascii_cards: bool = False,
        language: str | None = None,
        home: Path | None = None,
    ) -> None:
        super().__init__(
            StartOptions(ascii_cards=ascii_cards or None, language=language, home=home)
        )
        self.replay = ReplayScreen(model, path, seat=seat, start=start, standalone=True)

    def on_mount(self) -> None:
        # Textual runs TT22App.on_mount too (handlers run along the MRO), after this
        # one: it pushes the home screen, so the replay goes on top once that is done.
        self.call_after_refresh(self._open_replay)

    def _open_replay(self) -> None:
        self.push_screen(self.replay)
        self.check_size()


def run_replay(
    model: ReplayModel,
    path: Path | None,
    *,
    seat: int | None = None,
    ascii_cards: bool = False,
    start: int | None = None,
    language: str | None = None,
) -> int:
    app = ReplayApp(model, path, seat=seat, start=start, ascii_cards=ascii_cards, language=language)
    app.run()
    return 0
