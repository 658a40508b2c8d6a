"""What the terminal shows, for the layout tests: matches for 2 to 9 players with long
names, the positions that crowd the table most, and every screen's text as the
compositor draws it (the same render as `App.export_screenshot`, as plain text).
"""

from __future__ import annotations

import datetime as dt
import io
import random
from collections.abc import Sequence
from functools import cache

from rich.console import Console
from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot

from tt22.core.players import Player
from tt22.games.twentytwo import PLAY, Move, Rules, State, apply, legal_moves, new_match
from tt22.record import Record
from tt22.record.verify import build_record

# Names as long as the set-up allows (24 characters), in wide characters too (a CJK
# character takes two cells), and a short one.
LONG_NAMES = (
    "Maximilian-Alexandros X.",
    "김수한무거북이와두루미삼천갑자동",
    "Bo",
    "ジョン・スミス・ジュニア三世",
    "Konstantina Papadopoulou",
    "Anne-Sophie de la Tour",
    "李明华张伟王芳刘洋陈静",
    "Bartholomew Fitzgerald",
    "Ana",
)


def names_for(players: int) -> list[str]:
    return list(LONG_NAMES[:players])


@cache
def played_match(players: int, seed: str = "layout") -> tuple[Rules, tuple[Move, ...]]:
    """A whole match of random legal moves (a pure function of the arguments)."""
    rules = Rules().for_players(players)
    state = new_match(rules, players, seed)
    rng = random.Random(f"{players}/{seed}")
    moves: list[Move] = []
    while not state.over:
        move = rng.choice(legal_moves(state))
        moves.append(move)
        state = apply(state, move)
    return rules, tuple(moves)


@cache
def states_of(players: int) -> tuple[State, ...]:
    rules, moves = played_match(players)
    state = new_match(rules, players, "layout")
    out = [state]
    for m in moves:
        state = apply(state, m)
        out.append(state)
    return tuple(out)


def crowded_position(players: int, seat: int = 0) -> int:
    """The position (moves made) with `seat` to play that crowds the table most: the
    most plays in the trick, then the most cards in it and in the last trick, then the
    most penalty cards on the table."""
    best, best_score = -1, (-1, -1, -1)
    for p, s in enumerate(states_of(players)):
        if s.over or s.phase != PLAY or s.to_move != seat or not s.tricks:
            continue
        cards = sum(len(c) for _, c in s.plays) + sum(len(c) for _, c in s.tricks[-1].plays)
        score = (len(s.plays), cards, sum(len(x) for x in s.penalties))
        if score > best_score:
            best, best_score = p, score
    assert best >= 0, "no such position in the match"
    return best


def deal_end_position(players: int) -> int:
    """The position just after the last deal before the match's end."""
    states = states_of(players)
    ends = [p for p in range(1, len(states)) if len(states[p].history) > len(states[p - 1].history)]
    return ends[-2] if len(ends) > 1 else ends[-1]


@cache
def record_of(players: int) -> Record:
    rules, moves = played_match(players)
    seats = [Player(n, "bot", "random") for n in names_for(players)]
    return build_record(rules, "layout", seats, moves, dt.datetime(2026, 1, 1, tzinfo=dt.UTC))


def screen_lines(app: App[object]) -> list[str]:
    """The terminal's lines as the app draws them now (modal screens over the screens
    under them, as in `export_screenshot`)."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    # A full render clears the compositor's dirty regions: a repaint the app had yet to
    # send would then never reach the terminal (and a `TerminalMirror` would go stale
    # where the test, not the app, took it). Put them back.
    compositor = app.screen._compositor
    pending = set(compositor._dirty_regions)
    update = compositor.render_update(full=True, screen_stack=app._background_screens)
    compositor._dirty_regions.update(pending)
    console.print(update)
    lines = console.export_text().split("\n")[:height]
    return [line.ljust(width) for line in lines]


def repaint_pending(app: App[object]) -> str | None:
    """What the app has still to paint on the terminal (a widget's refresh not yet
    composited, a layout, dirty regions not yet sent), or None when the terminal shows
    all it has been asked to: what a test must wait for before it compares the terminal
    with the app's own render (a bot's thread may post a change at any moment, and on a
    loaded machine two `pause()`s are not always enough for it to reach the screen)."""
    if app._batch_count:
        return "a batch update"
    # (the screens under the current one paint when they are current again, or through
    # it when it lets them show: its own pending state covers both)
    for screen in [app.screen]:
        if screen._dirty_widgets or screen._compositor._dirty_regions:
            return f"{type(screen).__name__}: dirty widgets or regions"
        if screen._layout_required or screen._repaint_required or screen._scroll_required:
            return f"{type(screen).__name__}: a layout or repaint"
        if not screen._message_queue.empty():
            return f"{type(screen).__name__}: messages (a widget's update among them)"
        for widget in screen._compositor.visible_widgets:  # (a hidden one paints nothing)
            if widget._repaint_required or widget._layout_required:
                return f"{widget!r}: a refresh"
    return None


async def painted(pilot: Pilot[object], tries: int = 2000) -> bool:
    """Wait until the app has painted everything it was asked to (`repaint_pending`):
    True then, False if it still had something to paint after `tries` pauses (a screen
    that keeps changing: bots playing on)."""
    for _ in range(tries):
        await pilot.pause()
        if repaint_pending(pilot.app) is None:
            return True
    return False


def crop(lines: Sequence[str], region: Region) -> list[str]:
    """The part of the screen inside `region` (in cells: a wide character takes two)."""
    out = []
    for line in lines[region.y : region.bottom]:
        if line.isascii() and line.isprintable():  # (a cell each: most lines, quickly)
            out.append(line[region.x : region.right])
            continue
        cells = "".join(ch + ("\0" if _wide(ch) else "") for ch in line)
        out.append(cells[region.x : region.right].replace("\0", ""))
    return out


@cache
def _wide(ch: str) -> bool:
    from rich.cells import cell_len

    return cell_len(ch) == 2


def flat(lines: Sequence[str]) -> str:
    """Lines joined and every run of spaces made one: a play wrapped under itself reads
    as on one line."""
    return " ".join(" ".join(lines).split())


class TerminalMirror:
    """What a real terminal shows: every screen update the app would write to the
    terminal (it writes none in a headless test), fed to a terminal emulator (pyte).

    `screen_lines` renders the compositor's idea of the screen afresh; this is what
    arrived on the terminal through the partial updates, so a region Textual forgot to
    repaint (a scroll it did not send) shows here as it was."""

    def __init__(self, app: App[object], size: tuple[int, int]) -> None:
        import pyte
        from textual._compositor import CompositorUpdate

        self.screen = pyte.Screen(*size)
        self._stream = pyte.Stream(self.screen)
        display = app._display

        def mirrored(screen: object, renderable: object) -> None:
            if isinstance(renderable, CompositorUpdate) and not app._batch_count:
                self._stream.feed(renderable.render_segments(app.console))
            display(screen, renderable)  # type: ignore[arg-type]

        app._display = mirrored  # type: ignore[method-assign]

    def lines(self) -> list[str]:
        """The terminal's lines (a wide character's second cell dropped, as in
        `screen_lines`)."""
        out = []
        for y in range(self.screen.lines):
            row = self.screen.buffer[y]
            out.append("".join(row[x].data for x in range(self.screen.columns)))
        return out
