"""Every screen whole at 80x24: the table, the replayer (all hands open and each seat's
view) and the summaries, for 2 to 9 players with long names, in en, ko and ja.

Asserted on the terminal's text as drawn (not on widget attributes): every card of the
trick in progress, of the viewer's hand and of the last trick is on screen, next to its
player's name; no line holds a `…`; nothing of the table shows beside a dialog.
"""

from __future__ import annotations

import functools
import io
import random
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from layoutkit import (
    TerminalMirror,
    crop,
    crowded_position,
    deal_end_position,
    flat,
    names_for,
    painted,
    played_match,
    record_of,
    repaint_pending,
    screen_lines,
    states_of,
)
from paths import ROOT
from textual.geometry import Region
from textual.pilot import Pilot

from tt22.core.cards import show_card
from tt22.core.players import Player
from tt22.core.safe import printable
from tt22.games.twentytwo import Rules, State, legal_moves
from tt22.play.session import LocalSession
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.twentytwo.replay import TwentyTwoReplay, TwentyTwoReplayScreen
from tt22.tui.games.twentytwo.summary_screens import DealSummaryScreen, MatchSummaryScreen
from tt22.tui.games.twentytwo.table import TableScreen
from tt22.tui.i18n import set_language, t
from tt22.tui.replay.dialogs import ChoiceDialog
from tt22.tui.replay.words import rt
from tt22.tui.widgets.hand import HandView
from tt22.tui.widgets.lines import TextLines
from tt22.tui.widgets.seats import SeatsTable

SIZE = (80, 24)


def cards(cs: Sequence[int]) -> str:
    return " ".join(show_card(c, False) for c in sorted(cs, reverse=True))


def assert_whole(lines: list[str], where: str) -> None:
    for i, line in enumerate(lines):
        assert "…" not in line, f"{where}: line {i} is cut: {line!r}"


def solid(text: str) -> str:
    """`text` without white space: a name or a sentence wrapped at the area's edge (CJK
    text has no spaces to break at) reads the same."""
    return "".join(text.split())


def assert_trick_shown(text: str, s: State, names: list[str], where: str) -> None:
    """Each play of the trick and of the last trick, as "name cards", and the winner."""
    text = solid(text)
    for seat, cs in s.plays:
        assert solid(f"{names[seat]} {cards(cs)}") in text, f"{where}: play of {seat} missing"
    last = s.tricks[-1]
    for seat, cs in last.plays:
        assert solid(f"{names[seat]} {cards(cs)}") in text, f"{where}: last trick of {seat}"
    head = solid(t("trick.last_head", name=names[last.winner]))
    you = solid(t("trick.last_head_you"))
    assert head in text or you in text, f"{where}: the last trick's winner is missing"


def assert_hand_shown(lines: list[str], hand: Sequence[int], where: str) -> None:
    shown = " ".join(lines).split()
    for c in set(hand):
        label = show_card(c, False)
        assert shown.count(label) == list(hand).count(c), f"{where}: {label} not in the hand"


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.pause()


async def drawn(pilot: Pilot[None]) -> None:
    """Until the terminal shows all the app was asked to draw: at the human's decision
    nothing else moves, so it comes (a bot's last move may still be on its way to the
    screen when two pauses are over, on a loaded machine)."""
    await settle(pilot)
    assert await painted(pilot), repaint_pending(pilot.app)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
@pytest.mark.parametrize("players", range(2, 10))
async def test_every_screen_is_whole_at_80x24(players: int, lang: str) -> None:
    names = names_for(players)
    shown_names = [printable(n, 40) for n in names]
    states = states_of(players)
    rules, moves = played_match(players)
    app = TT22App(StartOptions(language=lang))
    async with app.run_test(size=SIZE) as pilot:
        # --- the live table: seat 0 is the human, to play in a crowded trick
        p = crowded_position(players)
        seats = [Player(names[0])] + [Player(n, "bot", "random") for n in names[1:]]
        session = LocalSession(
            "twentytwo", rules, "layout", seats, state=states[p], moves=moves[:p]
        )
        table = TableScreen(session)
        await app.push_screen(table)
        await settle(pilot)
        where = f"table {players}p {lang}"
        lines = screen_lines(app)
        assert_whole(lines, where)
        s = states[p]
        main = crop(lines, table.query_one("#table-main").region)
        trick = flat(crop(lines, table.query_one("#trick").region))
        you = t("trick.last_head_you")
        text = trick.replace(you, t("trick.last_head", name=shown_names[0]))
        assert_trick_shown(text, s, shown_names, where)
        assert_hand_shown(crop(lines, table.query_one("#hand").region), s.hands[0], where)
        assert flat(main)  # (the main pane is on screen)

        # --- the summaries, over the table
        d = deal_end_position(players)
        session_d = LocalSession(
            "twentytwo", rules, "layout", seats, state=states[d], moves=moves[:d]
        )
        deal = states[d].history[-1]
        await app.push_screen(DealSummaryScreen(session_d, deal, you=0))
        await settle(pilot)
        check_dialog(app, screen_lines(app), shown_names, f"deal summary {players}p {lang}")
        app.pop_screen()
        end = states[-1]
        session_m = LocalSession("twentytwo", rules, "layout", seats, state=end, moves=moves)
        await app.push_screen(MatchSummaryScreen(session_m, end.history[-1], you=0))
        await settle(pilot)
        check_dialog(app, screen_lines(app), shown_names, f"match summary {players}p {lang}")
        app.pop_screen()
        app.pop_screen()

        # --- the replayer at the same position: all hands open, then each seat's view
        model = TwentyTwoReplay.from_record(record_of(players))
        replay = TwentyTwoReplayScreen(model, None, start=p)
        await app.push_screen(replay)
        await settle(pilot)
        for seat in (None, *range(players)):
            if seat is not None and s.out[seat]:
                continue
            replay.seat = seat
            replay.refresh_view()
            await pilot.pause()
            where = f"replay {players}p {lang} view {seat}"
            lines = screen_lines(app)
            assert_whole(crop(lines, replay.query_one("#replay-main").region), where)
            assert_position_whole(lines, replay, where)
            trick = flat(crop(lines, replay.query_one("#replay-trick").region))
            assert_trick_shown(trick, s, shown_names, where)
            if seat is not None:
                hand = crop(lines, replay.query_one("#replay-hand").region)
                assert_hand_shown(hand, s.hands[seat], where)
        # Autoplay adds its speed to the position line (paused here, so that the line
        # drawn is the line asked for).
        replay.action_autoplay()
        assert replay._timer is not None
        replay._timer.pause()
        replay.refresh_view()
        await pilot.pause()
        assert_position_whole(screen_lines(app), replay, f"replay {players}p {lang} autoplay")
        replay.stop_autoplay()


def assert_position_whole(lines: list[str], replay: TwentyTwoReplayScreen, where: str) -> None:
    """The replayer's position line (where in the match, the dealer or the winner, whose
    view, autoplay): no `…`, and every word of it on screen."""
    drawn = crop(lines, replay.query_one("#replay-position").region)
    assert_whole(drawn, f"{where}: position line")
    assert solid(replay.status_text()) in solid(" ".join(drawn)), (where, drawn)


def check_dialog(app: TT22App, lines: list[str], names: list[str], where: str) -> None:
    """A summary: whole, every name in full, and nothing of the table beside it."""
    assert_whole(lines, where)
    dialog = app.screen.query_one(".dialog").region
    text = solid(" ".join(crop(lines, dialog)))
    for name in names:
        assert solid(name) in text, f"{where}: {name} missing"
    left = crop(lines, Region(0, dialog.y, dialog.x, dialog.height))
    right = crop(lines, Region(dialog.right, dialog.y, SIZE[0] - dialog.right, dialog.height))
    for a, b in zip(left, right, strict=True):
        assert not (a + b).strip(), f"{where}: the table shows beside the dialog: {a!r} {b!r}"


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_the_help_keeps_every_key_on_one_line_at_80x24(lang: str) -> None:
    from rich.console import Console

    from tt22.tui.help_view import help_renderable
    from tt22.tui.screens.help import HelpScreen, HelpText

    app = TT22App(StartOptions(language=lang))
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(HelpScreen())
        await settle(pilot)
        text = app.screen.query_one("#help", HelpText)
        assert_whole(screen_lines(app), f"help {lang}")
        # Every line of the help as drawn at the widget's width (it scrolls).
        console = Console(width=text.content_region.width, file=io.StringIO())
        lines = [
            "".join(seg.text for seg in line).rstrip()
            for line in console.render_lines(help_renderable(text.source), pad=False)
        ]
        rows = [line for line in lines if line[:1] not in ("", " ")]
        for key in ("↑ ↓ [ ]", "PgUp PgDn", "Home End", "← →"):
            assert any(line.startswith(key + " ") for line in rows), (lang, key)
        assert not any(line.rstrip() in ("]", "End", "[") for line in lines)


async def test_nine_hands_are_reached_with_keys_in_the_replayer() -> None:
    """Issue 10, item 3: j scrolls the seats and the hands until the last hand is on
    screen (whole); the trick stays in view meanwhile."""
    players = 9
    names = [printable(n, 40) for n in names_for(players)]
    p = crowded_position(players)
    s = states_of(players)[p]
    model = TwentyTwoReplay.from_record(record_of(players))
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=SIZE) as pilot:
        replay = TwentyTwoReplayScreen(model, None, start=p)
        await app.push_screen(replay)
        await settle(pilot)
        last = max(seat for seat in range(players) if not s.out[seat])
        hand = solid(f"{names[last]} {cards(s.hands[last])}")

        def hands_text() -> str:
            return solid(" ".join(crop(screen_lines(app), replay.query_one("#replay-main").region)))

        assert hand not in hands_text()  # (below the edge at first)
        for _ in range(20):
            await pilot.press("j")
            await pilot.pause()
            if hand in hands_text():
                break
        assert hand in hands_text()
        assert_trick_shown(
            flat(crop(screen_lines(app), replay.query_one("#replay-trick").region)),
            s,
            names,
            "after j",
        )


def assert_dealer_and_turn_shown(
    pane_text: str, seats: SeatsTable, height: int, elsewhere: str, where: str
) -> bool:
    """The row of the seat on turn is on screen, and so is the dealer's whenever the two
    rows fit in the pane together; when they do not, `elsewhere` (a line of the screen
    outside the pane) names the dealer. Returns whether they fitted."""
    snap = seats.snapshot
    assert snap is not None
    text = solid(pane_text)
    assert "▶" in text, f"{where}: the seat on turn is off screen"
    turn, dealer = seats.row_lines(snap.to_move), seats.row_lines(snap.dealer)
    assert turn is not None and dealer is not None
    if max(turn[1], dealer[1]) - min(turn[0], dealer[0]) > height:
        assert solid(elsewhere) in text, f"{where}: the dealer is not named"
        return False
    assert solid(t("seat.dealer")) in text, f"{where}: the dealer is off screen"
    return True


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_nine_seats_show_the_dealer_and_the_seat_on_turn(lang: str) -> None:
    """Issue 10: with nine seats the list scrolls, and it scrolls itself so that the
    dealer's row and the row of the seat on turn are on screen, without a key (in the
    replayer as the position moves, and on the live table). When the two rows cannot
    be on screen together the seat on turn's is, and a line outside the list names the
    dealer (the replayer's position line; on the table, a line over the seats)."""
    players = 9
    names = [printable(n, 40) for n in names_for(players)]
    states = states_of(players)
    rules, moves = played_match(players)
    model = TwentyTwoReplay.from_record(record_of(players))
    app = TT22App(StartOptions(language=lang))
    async with app.run_test(size=SIZE) as pilot:
        replay = TwentyTwoReplayScreen(model, None, start=0)
        await app.push_screen(replay)
        await settle(pilot)
        position = replay.query_one("#replay-position")
        both = 0
        for p in range(1, 120, 2):  # the first deals, move by move
            replay.go(p)
            await settle(pilot)
            if states[p].over:
                continue
            pane = replay.query_one("#replay-table")
            lines = screen_lines(app)
            text = " ".join(crop(lines, pane.region) + crop(lines, position.region))
            seats = replay.query_one("#replay-seats", SeatsTable)
            dealer = names[states[p].deal.dealer]
            both += assert_dealer_and_turn_shown(
                text, seats, pane.region.height, rt("pos.dealer", name=dealer), f"replay {p}"
            )
        assert both >= 20  # (most positions have room for both rows)
        app.pop_screen()
        seats_of = [Player(names_for(players)[0])]
        seats_of += [Player(n, "bot", "random") for n in names_for(players)[1:]]
        turns = [p for p, s in enumerate(states) if not s.over and s.to_move == 0]
        tried = turns[: len(turns) // 2 : 5]
        both = 0
        for p in tried:
            session = LocalSession(
                "twentytwo", rules, "layout", seats_of, state=states[p], moves=moves[:p]
            )
            table = TableScreen(session)
            await app.push_screen(table)
            await settle(pilot)
            pane = table.query_one("#seats-pane")
            pin = table.query_one("#seats-dealer")
            lines = screen_lines(app)
            text = " ".join(crop(lines, pane.region) + crop(lines, pin.region))
            seats = table.query_one("#seats", SeatsTable)
            dealer = names[states[p].deal.dealer]
            fits = assert_dealer_and_turn_shown(
                text,
                seats,
                pane.region.height,
                t("seats.dealer_off", name=dealer),
                f"table {lang} at {p}",
            )
            both += fits
            assert pin.display is not fits  # (the line is there only when it is needed)
            app.pop_screen()
            await pilot.pause()
        assert 3 <= both < len(tried)  # (both cases were seen)


def assert_decision_whole(app: TT22App, table: TableScreen, where: str) -> None:
    """At a decision of the human (seat 0), on the terminal as it was updated: the same
    screen as the app's own render (nothing left unrepainted); the message whole; the
    seats' header and the row of the seat on turn in view; the hand and the trick whole."""
    lines = screen_lines(app)
    drawn = mirror_of[app].lines()
    for y, (a, b) in enumerate(zip(lines, drawn, strict=True)):
        assert a.rstrip() == b.rstrip(), f"{where}: line {y} on the terminal is stale: {b!r}"
    assert_whole(lines, where)
    message = table.query_one("#message", TextLines)
    shown_message = solid(" ".join(crop(lines, message.content_region)))
    assert solid(message.text.plain) in shown_message, f"{where}: the message is cut"
    seats = table.query_one("#seats", SeatsTable)
    snap = seats.snapshot
    assert snap is not None
    around = table.query_one("#table-main").region
    main = crop(lines, around)
    pane = table.query_one("#seats-pane").region
    pane_text = solid(" ".join(crop(lines, pane)))
    head_text = solid(" ".join(crop(lines, around)[: pane.bottom - around.y]))
    assert solid(t("col.penalty")) in head_text, f"{where}: the seats' header is off screen"
    assert "▶" in pane_text, f"{where}: the seat on turn is off screen"
    turn_name = solid(printable(snap.names[snap.to_move], 40))
    at = [solid(x) for x in crop(lines, pane) if "▶" in x]
    assert at and turn_name[:4] in at[0], f"{where}: the row on turn is not {turn_name}"
    s = table.state
    assert_hand_shown(crop(lines, table.query_one("#hand").region), s.hands[0], where)
    trick = solid(flat(crop(lines, table.query_one("#trick").region)))
    names = [printable(n, 40) for n in snap.names]
    for seat, cs in s.plays:
        assert solid(f"{names[seat]} {cards(cs)}") in trick, f"{where}: play of {seat} missing"
    if s.tricks:
        for seat, cs in s.tricks[-1].plays:
            assert solid(f"{names[seat]} {cards(cs)}") in trick, f"{where}: last trick {seat}"
    assert flat(main)


mirror_of: dict[TT22App, TerminalMirror] = {}


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
@pytest.mark.parametrize(("players", "deals"), [(9, 3), (5, 2), (2, 2)])
async def test_every_decision_of_a_match_is_whole_on_the_terminal(
    players: int, deals: int, lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 10: a match played from its first decision (just after the first-dealer
    draw, R7, which the message shows) over its first deals, with a random legal move at each of
    the human's decisions (and a card selected first, so that the message also says
    what is wrong with it): at each, the terminal shows the message whole, the seats'
    header and the seat on turn, the hand and the trick."""
    monkeypatch.setenv("TT22_HOME", str(tmp_path))
    seen = await walk_match(players, lang, deals=deals, rules=Rules().for_players(players))
    assert seen.decisions >= 3


@pytest.mark.parametrize(("players", "lang", "limit"), [(2, "en", 22), (5, "ko", 8), (9, "ja", 10)])
async def test_a_whole_match_is_whole_on_the_terminal(
    players: int, lang: str, limit: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 10: the walk above over a whole match, every deal through the match-over
    summary (one language per player count: the first deals are walked in all three),
    checked at fewer moments to keep it quick: the human's first decision of each
    trick (the trick just ended shows as the last trick) and each exchange, every deal
    summary and the match summary; when the human is out, the question (watch on), then
    the rest of the match watched, to its summary. The five- and nine-player matches
    are played to a lower elimination mark (R5: 8 and 10), so that they last four to
    seven deals rather than twelve to twenty, seats going out one or several at a deal
    (in the five-player match, the human too, who watches the rest)."""
    monkeypatch.setenv("TT22_HOME", str(tmp_path))
    # A deal summary closes itself while watching: here it waits to be looked at.
    monkeypatch.setattr(DealSummaryScreen, "on_mount", lambda self: None)
    rules = Rules(elimination_at=limit).for_players(players)
    seen = await walk_match(players, lang, deals=None, rules=rules, pace=0.0)
    assert seen.match_summary
    assert seen.deal_summaries == seen.deals - 1  # (the last deal's is the match's)
    assert seen.decisions and seen.tricks  # (the human played, and tricks were looked at)


class Seen:
    """What a walk looked at."""

    def __init__(self) -> None:
        self.decisions = 0
        self.tricks = 0
        self.deal_summaries = 0
        self.match_summary = False
        self.out = False  # the human went out (and watched the rest)
        self.deals = 0  # the deals of the match, once it is over


async def walk_match(
    players: int, lang: str, deals: int | None, rules: Rules, pace: float = 0.5
) -> Seen:
    """Play a match at 80x24 as the human in seat 0 (random legal moves) against random
    bots, checking the terminal: with `deals`, at every decision of the first `deals`
    deals (then stop); with None, the whole match at the moments named above. The bots'
    first moves are played at `pace` (each its own screen update, as in a terminal),
    then as fast as the screen can follow."""
    set_language(lang)
    names = names_for(players)
    seats = [Player(names[0])] + [Player(n, "bot", "random") for n in names[1:]]
    app = TT22App(StartOptions(rules=rules, players=seats, seed="walk", pace=pace, language=lang))
    mirror_of[app] = TerminalMirror(app, SIZE)
    rng = random.Random(f"walk/{players}/{lang}")
    seen = Seen()
    every = deals is not None
    checked: set[tuple[int, int, int]] = set()  # (deal, phase, trick) looked at
    try:
        async with app.run_test(size=SIZE) as pilot:
            while True:
                for _ in range(6000):
                    screen = app.screen
                    if (
                        isinstance(screen, TableScreen)
                        and screen.is_mounted
                        and (screen.human_view() is not None or (every and screen.state.over))
                    ):
                        break
                    if isinstance(screen, DealSummaryScreen | MatchSummaryScreen | ChoiceDialog):
                        break
                    await pilot.pause(0.01)
                screen = app.screen
                if isinstance(screen, MatchSummaryScreen):
                    if every:
                        break
                    await settle(pilot)
                    check_dialog(app, screen_lines(app), names, f"{players}p {lang} match over")
                    seen.deals = len(screen.session.state.history)
                    seen.match_summary = True
                    break
                if isinstance(screen, ChoiceDialog):  # the human is out
                    if every:
                        break
                    await settle(pilot)
                    # (under the question, a bot may be "thinking…": not a cut)
                    waiting = [t("turn.waiting", name=n) for n in names]
                    lines = [
                        functools.reduce(lambda x, w: x.replace(w, ""), waiting, line)
                        for line in screen_lines(app)
                    ]
                    assert_whole(lines, f"{players}p {lang} out")
                    seen.out = True
                    screen.dismiss("watch")
                    await settle(pilot)
                    continue
                if isinstance(screen, DealSummaryScreen):
                    n = len(screen.session.state.history)
                    if every and n >= deals:  # type: ignore[operator]
                        break
                    if not every:
                        await settle(pilot)
                        where = f"{players}p {lang} deal {n} summary"
                        check_dialog(app, screen_lines(app), names, where)
                        seen.deal_summaries += 1
                    screen.dismiss()
                    continue
                assert isinstance(screen, TableScreen), screen
                if screen.state.over:
                    break
                s = screen.state
                moment = (s.deal.number, s.phase, len(s.tricks))
                if every or moment not in checked:
                    checked.add(moment)
                    await drawn(pilot)
                    where = f"{players}p {lang} decision {seen.decisions} {moment}"
                    assert_decision_whole(app, screen, where)
                    seen.tricks += bool(s.tricks)
                v = screen.human_view()
                assert v is not None
                if every and v.playing and len(v.hand) > 1:
                    await pilot.press("right", "space")  # a selection the message judges
                    await drawn(pilot)
                    assert_decision_whole(app, screen, where + " (a card selected)")
                screen.query_one("#hand", HandView).clear_selection()
                screen.human_move(rng.choice(legal_moves(screen.state)))
                seen.decisions += 1
                app.options.pace = 0.0
    finally:
        del mirror_of[app]
    return seen


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_the_replayers_penalty_chart_and_its_legend_are_whole_at_80x24(lang: str) -> None:
    """The side pane's legend was cut to `…` in Japanese (`! 脱落(…`, the nine seats of
    the sample record): it wraps now."""
    from tt22.record import load_record
    from tt22.tui.games.twentytwo.replay_panes import PenaltyChart
    from tt22.tui.replay.words import rt

    sample = ROOT / "records" / "9p-two-decks.22rec"
    model = TwentyTwoReplay.from_record(load_record(sample))
    app = TT22App(StartOptions(language=lang))
    async with app.run_test(size=SIZE) as pilot:
        replay = TwentyTwoReplayScreen(model, None, start=20)
        await app.push_screen(replay)
        await settle(pilot)
        chart = replay.query_one(PenaltyChart)
        drawn = crop(screen_lines(app), chart.region)
        assert_whole(drawn, f"chart {lang}")
        limit = model.states[0].rules.elimination_at
        assert solid(rt("chart.legend", limit=limit)) in solid(" ".join(drawn))


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_nine_long_names_leave_the_chart_its_legend_and_the_move_list_room(
    lang: str,
) -> None:
    """Issue 10: with nine names as long as the set-up allows, the chart was taller than
    the side pane: its legend fell below the edge and the move list was squeezed to its
    borders. Now the chart names every player whole above its legend, all inside the
    pane, and the move list keeps lines of its own, none cut (a name without a space
    wraps between its characters there)."""
    from tt22.tui.games.twentytwo.replay_panes import MoveList, PenaltyChart

    players = 9
    names = [printable(n, 40) for n in names_for(players)]
    model = TwentyTwoReplay.from_record(record_of(players))
    app = TT22App(StartOptions(language=lang))
    async with app.run_test(size=SIZE) as pilot:
        replay = TwentyTwoReplayScreen(model, None, start=model.goto(str(5)))
        await app.push_screen(replay)
        for p in (model.goto(str(5)), model.goto(str(5)) + 40, model.end):
            replay.go(p)
            await settle(pilot)
            where = f"{lang} at {p}"
            lines = screen_lines(app)
            side = replay.query_one("#replay-side").region
            chart = replay.query_one(PenaltyChart)
            assert chart.region.bottom <= side.bottom, f"{where}: the chart overflows"
            drawn = crop(lines, chart.region)
            assert_whole(drawn, f"chart {where}")
            text = solid(" ".join(drawn))
            # (a wrapped name reads whole without the figures after its first line)
            spelled = solid(" ".join(re.sub(r"(\s+\d+[+!]?)+\s*$", "", x) for x in drawn))
            for name in names:
                assert solid(name) in spelled, f"{where}: {name} not whole in the chart"
            limit = model.states[0].rules.elimination_at
            assert solid(rt("chart.legend", limit=limit)) in text, f"{where}: no legend"
            moves = replay.query_one(MoveList)
            assert moves.region.height >= 5, f"{where}: the move list is squeezed"
            assert_whole(crop(lines, moves.region), f"moves {where}")
