"""The Rook replayer (tt22/tui/games/rook/replay.py): stepping by move, trick and hand, the
views (every hand open only for a finished game), the move list keeping a nest secret,
whole at 80x24, and `tt22 replay` / the record picker opening it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from layoutkit import crop, screen_lines
from recordkit import SAMPLES, STARTED
from textual.pilot import Pilot

from tt22.core.registry import get_game
from tt22.games.rook.cards import show_rook_card
from tt22.games.rook.moves import Nest
from tt22.games.rook.views import view
from tt22.play.replay import GotoError
from tt22.record import build_record, load_record
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.rook.replay import RookReplayScreen
from tt22.tui.i18n import set_language
from tt22.tui.replay.picker import RecordPicker
from tt22.tui.tables import replay_screen

ROOK = get_game("rook")
SIZE = (80, 24)
CARD = r"(10|[2-9JQKA])[♠♥♦♣]|R★"


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TT22_HOME", str(tmp_path / "home"))
    set_language("en")
    return tmp_path


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.pause()


async def test_the_replayer_steps_by_move_trick_and_hand() -> None:
    record = load_record(SAMPLES / "4p-rook.22rec")
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=SIZE) as pilot:
        screen = RookReplayScreen(record, start=0)
        await app.push_screen(screen)
        await settle(pilot)
        places = screen.places
        assert screen.index == 0 and screen.end == len(record.moves)
        await pilot.press("right", "right")
        assert screen.index == 2
        await pilot.press("left")
        assert screen.index == 1
        # ↓: the next place where the trick (or the hand) changes.
        await pilot.press("down")
        i = screen.index
        assert places[i][:2] != places[i - 1][:2]
        assert all(places[j][:2] == places[1][:2] for j in range(1, i))
        await pilot.press("down")
        assert places[screen.index].trick == 2  # the first trick's first card... then the 2nd
        await pilot.press("up")
        assert places[screen.index].trick == 1 and places[screen.index - 1].trick == 0
        # PgDn: hand 2's first position; PgUp back to hand 1's start.
        await pilot.press("pagedown")
        assert places[screen.index].hand == 2 and places[screen.index - 1].hand == 1
        await pilot.press("pageup", "pageup")
        assert screen.index == 0
        await pilot.press("end")
        assert screen.index == screen.end and ROOK.is_over(screen.states[-1])
        await pilot.press("home")
        assert screen.index == 0
        # `--goto`'s places.
        goto = screen.model.goto
        assert goto("#5") == 5
        assert places[goto("2")].hand == 2
        at = goto("2.3")
        assert places[at][:2] == (2, 3) and places[at - 1][:2] != (2, 3)
        with pytest.raises(GotoError):
            goto("99")


async def test_every_hand_open_is_for_a_finished_game_and_seat_views_hide_the_rest() -> None:
    record = load_record(SAMPLES / "3p-rook.22rec")
    assert record.result.finished
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=SIZE) as pilot:
        # At the first trick's first card: the bidder has put the nest back.
        screen = RookReplayScreen(record)
        await app.push_screen(screen)
        screen.index = next(i for i, p in enumerate(screen.places) if p.trick == 1)
        screen.refresh_view()
        await settle(pilot)
        assert screen.seat is None  # a finished game opens with every hand open
        s = screen.states[screen.index]
        lines = screen_lines(app)
        assert not any("…" in line for line in lines)
        shown = " ".join(crop(lines, screen.query_one("#replay-seats-pane").region)).split()
        for cards in (*s.hands, s.put_back, s.start.out_of_play):
            for c in cards:
                assert show_rook_card(c, False) in shown
        bidder = s.bidder
        nest = {show_rook_card(c, False) for c in s.put_back}
        for seat in range(3):
            await pilot.press("v")
            assert screen.seat == seat
            screen.show_moves = False
            screen.refresh_view()
            await settle(pilot)
            v = view(s, seat)
            seen = set(v.hand) | set(v.nest) | {c for t in v.tricks for _, c in t.plays}
            seen |= {c for _, c in v.plays}
            allowed = {show_rook_card(c, False) for c in seen}
            main = crop(screen_lines(app), screen.query_one("#rook-main").region)
            on_screen = {m.group(0) for line in main for m in re.finditer(CARD, line)}
            assert on_screen <= allowed, f"seat {seat} sees {on_screen - allowed}"
            # The move list names the nest's cards to its bidder only.
            nest_move = next(i for i, rm in enumerate(record.moves) if isinstance(rm.move, Nest))
            words = screen.move_words(nest_move, False)
            assert (seat == bidder) == any(c in words for c in nest), (seat, words)
            # L11: whoever watches is not that seat: the bidder's nest is said by name.
            text = "\n".join(main)
            name = record.players[bidder].name
            assert (f"The nest {name} put back:" in text) == (seat == bidder)
            assert "The nest you put back" not in text
        await pilot.press("v")
        assert screen.seat is None  # round again to every hand open


async def test_an_unfinished_rook_record_has_no_all_hands_view(tmp_path: Path) -> None:
    full = load_record(SAMPLES / "4p-rook.22rec")
    cut = build_record(full.rules, full.seed, full.players, full.moves[:40], STARTED)
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=SIZE) as pilot:
        screen = RookReplayScreen(cut)
        await app.push_screen(screen)
        await settle(pilot)
        assert screen.seat == 0
        for _ in range(6):
            await pilot.press("v")
            assert screen.seat is not None


async def test_tt22_replay_and_the_picker_open_the_rook_replayer() -> None:
    path = SAMPLES / "2p-rook-dummy.22rec"
    record = load_record(path)

    def first() -> RookReplayScreen:
        made = replay_screen("rook", record, path, seat=1, start=7, standalone=True)
        assert isinstance(made, RookReplayScreen)
        return made

    app = TT22App(StartOptions(language="en", screen=first))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, RookReplayScreen) and screen.seat == 1 and screen.index == 7
        await pilot.press("escape")  # leaving the replay of `tt22 replay` leaves tt22
        await settle(pilot)
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=SIZE) as pilot:
        picker = RecordPicker()
        await app.push_screen(picker)
        await settle(pilot)
        assert picker.open(path)
        await settle(pilot)
        assert isinstance(app.screen, RookReplayScreen)


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
@pytest.mark.parametrize("sample", ["2p-rook-dummy", "3p-rook", "4p-rook"])
async def test_the_replayer_is_whole_at_80x24(sample: str, lang: str) -> None:
    """At the nest (the bidder holds the most cards) and in the play: every hand open and
    each seat's view show every card they hold, and no line is cut."""
    record = load_record(SAMPLES / f"{sample}.22rec")
    app = TT22App(StartOptions(language=lang))
    async with app.run_test(size=SIZE) as pilot:
        screen = RookReplayScreen(record)
        await app.push_screen(screen)
        at_nest = next(i for i, s in enumerate(screen.states) if s.phase == 2)
        in_play = next(i for i, p in enumerate(screen.places) if p.trick == 2 and p.turn == 2)
        for index in (at_nest, in_play):
            s = screen.states[index]
            for seat in (None, *range(len(record.players))):
                screen.index, screen.seat = index, seat
                screen.refresh_view()
                await settle(pilot)
                where = f"{sample} {lang} at {index} seat {seat}"
                lines = screen_lines(app)
                assert not any("…" in line for line in lines), where
                main = " ".join(crop(lines, screen.query_one("#rook-main").region)).split()
                held = [c for h in s.hands for c in h] if seat is None else view(s, seat).hand
                for c in held:
                    assert show_rook_card(c, False) in main, f"{where}: {c} missing"


EVIL = "[b]B[/b][@click=app.quit]Q[/]\x1b[2J\u202e"


async def test_hostile_names_and_seed_show_literally_in_the_rook_replayer() -> None:
    """A Rook record whose names and seed carry markup, an @click action and escape
    sequences: every view and the move list show them as typed, controls spelled out."""
    from tt22.core.players import Player
    from tt22.core.safe import printable

    sample = load_record(SAMPLES / "3p-rook.22rec")
    people = [Player(f"{s}{EVIL}", "bot", "normal") for s in range(3)]
    record = build_record(sample.rules, sample.seed, people, sample.moves[:60], STARTED)
    shown = printable(EVIL, 40)
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=(140, 40)) as pilot:
        screen = RookReplayScreen(record, Path(f"x{EVIL}.22rec"))
        await app.push_screen(screen)
        await settle(pilot)
        for _ in range(3):
            text = "".join("".join(screen_lines(app)).split())
            assert "\x1b" not in text and "\u202e" not in text
            assert "".join(f"0{shown}".split()) in text
            await pilot.press("v")
            await settle(pilot)
        await pilot.click("#replay-moves-pane", offset=(3, 2))  # (a live link would quit)
        await settle(pilot)
        assert app.is_running and isinstance(app.screen, RookReplayScreen)
