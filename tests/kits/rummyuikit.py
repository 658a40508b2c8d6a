"""Helpers for the Rummy family's interface tests: a play session without a data folder
(the shared LocalSession), an app to seat it in, and a person who plays through the keys
the way the rules of thumb would."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual import events
from textual.pilot import Pilot

from tt22.core.players import Player
from tt22.core.registry import get_game
from tt22.games.rummy import Discard, Draw, Knock, LayOff, Meld, Pass
from tt22.games.rummy.bots import make_bot
from tt22.games.rummy.cards import CODE
from tt22.play.session import LocalSession
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.rummy.table import RummyTable
from tt22.tui.games.rummy.widgets import MeldHand


def session_of(
    game: str,
    names: Sequence[str],
    humans: Sequence[int] = (0,),
    seed: str = "ui",
    rules: Sequence[str] = (),
    level: str = "normal",
    state: Any = None,
) -> LocalSession:
    """The shared play session (tt22.play.session) without a data folder: `humans`
    seats are played through the screen, the others by `level`'s bot; `state` starts it
    at a position set up by hand."""
    g = get_game(game)
    players = [
        Player(n, "human") if s in humans else Player(n, "bot", level) for s, n in enumerate(names)
    ]
    kind = LocalSession if state is None else PositionSession
    return kind(g, g.rules(list(rules), len(names)), seed, players, state=state)


class PositionSession(LocalSession):
    """A session at a position set up by hand: no seed's deal leads there, so its moves
    cannot be recorded (a record is the seed's match); the rest is the shared session."""

    def play(self, move: Any, think: float | None = None) -> Any:
        self.state = self.game.apply(self.state, move)
        self.moves.append(move)
        return self.state


def table_app(language: str = "en", ascii_cards: bool = False) -> TT22App:
    return TT22App(StartOptions(language=language, ascii_cards=ascii_cards or None, pace=0.0))


async def seat(app: TT22App, pilot: Pilot[None], session: LocalSession) -> RummyTable:
    table = RummyTable(session)
    app.push_screen(table)
    while app.screen is not table or not table.is_mounted:
        await pilot.pause()
    await pilot.pause()
    return table


async def point(pilot: Pilot[None], hand: MeldHand, card: int) -> None:
    """Move the cursor onto `card` with the arrow keys, as a person would: as many →
    as it is away, typed in one go (the app takes them in order), then back once the
    app has taken the last (the cursor is on `card` then, and not before: no fewer →
    reach it). Pilot's `press` idles at least 40 ms after each key, which over a whole
    game's discards was most of its time."""
    assert card in hand.order, card
    steps = (hand.order.index(card) - hand.cursor) % len(hand.order)
    for _ in range(steps):
        pilot.app.post_message(events.Key("right", None))
    for _ in range(1000):
        if hand.card == card:
            return
        await pilot.pause()
    raise AssertionError(f"{steps} x → did not reach {card}: on {hand.card}")


async def press_move(pilot: Pilot[None], table: RummyTable, move: Any) -> None:
    """Make `move` through the keys a person would press."""
    hand = table.query_one("#rummy-hand", MeldHand)
    if isinstance(move, Draw):
        await pilot.press("enter" if move.source == "stock" else "p")
    elif isinstance(move, Pass):
        await pilot.press("enter")
    elif isinstance(move, (Discard, Knock)):
        hand.clear_selection()
        await point(pilot, hand, CODE[move.card])
        await pilot.press("enter" if isinstance(move, Discard) else "k")
    elif isinstance(move, Meld):
        hand.clear_selection()
        for text in move.cards:
            await point(pilot, hand, CODE[text])
            await pilot.press("space")
        await pilot.press("m")
    elif isinstance(move, LayOff):
        hand.clear_selection()
        await point(pilot, hand, CODE[move.card])
        await pilot.press(str(move.meld + 1))
    else:  # pragma: no cover - every move kind is above
        raise AssertionError(move)


def person(seed: str) -> Any:
    """How the test's person decides: the rules of thumb, from their own view."""
    return make_bot("rules", seed)
