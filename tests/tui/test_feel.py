"""How the table feels to play (issue 10, items 7-14 and what players expect): no key
does nothing in silence, nothing is retired without asking, the words are right.
Driven through Pilot, as a player would."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import ROOT
from pilotkit import wait_for
from ptykit import run_in_a_pty
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tt22.core.players import Player
from tt22.core.seeds import seed_commitment
from tt22.games.twentytwo import (
    PLAY,
    Exchange,
    Move,
    Rules,
    apply,
    legal_moves,
    new_match,
    selection_problem,
    view,
)
from tt22.play.session import LocalSession
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.twentytwo.replay import TwentyTwoReplayScreen
from tt22.tui.games.twentytwo.summary_screens import MatchSummaryScreen
from tt22.tui.games.twentytwo.table import TableScreen
from tt22.tui.i18n import set_language, t
from tt22.tui.replay.dialogs import ChoiceDialog
from tt22.tui.screens.home import HomeScreen
from tt22.tui.screens.setup import SetupScreen
from tt22.tui.widgets.hand import HandView


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TT22_HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "C")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    set_language("en")
    return tmp_path


def seats(players: int, humans: int = 1) -> list[Player]:
    out = [Player("Ann")]
    out += [Player(f"Human {i}") for i in range(1, humans)]
    out += [Player(f"Bot {i}", "bot", "random") for i in range(humans, players)]
    return out


def table_app(players: int = 3, seed: str = "feel", humans: int = 1, **rules: object) -> TT22App:
    app = TT22App(
        StartOptions(
            rules=Rules(**rules).for_players(players),  # type: ignore[arg-type]
            players=seats(players, humans),
            seed=seed,
            pace=0.0,
            language="en",
        )
    )
    # The tests read the toasts (`notes`): one must not expire (5 s) before a loaded
    # machine gets to read it (the resign test failed so under a full parallel run).
    app.NOTIFICATION_TIMEOUT = 600
    return app


def table(app: TT22App) -> TableScreen:
    for screen in app.screen_stack:
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError("no table screen")


def my_turn(app: TT22App) -> bool:
    return isinstance(app.screen, TableScreen) and app.screen.human_view() is not None


def message(app: TT22App) -> str:
    """The message under the table, its wrapped lines joined again."""
    return " ".join(str(app.screen.query_one("#message", Static).render()).split())


def footer_keys(app: TT22App) -> dict[str, bool]:
    """The actions the footer offers now: action -> enabled (hidden ones left out)."""
    return {
        b.action: enabled
        for _key, (_node, b, enabled, _tooltip) in app.screen.active_bindings.items()
        if b.show
    }


def notes(app: TT22App) -> list[str]:
    return [n.message for n in app._notifications]


def a_match_in_progress(home: Path) -> LocalSession:
    """An autosaved match with a move made (what `n` would retire)."""
    session = LocalSession.start("twentytwo", Rules().for_players(3), "in progress", seats(3), home)
    session.play(legal_moves(session.state)[0])
    return session


# ---------------------------------------------------------------- 7: a new game asks first


async def test_home_n_asks_before_retiring_the_match_in_progress(_home: Path) -> None:
    old = a_match_in_progress(_home)
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        words = " ".join(str(w.render()) for w in app.screen.query("Label, Button"))
        # a human is at that table: its seed's commitment, not the seed (issue 9, item 4)
        assert "in progress" in words and f"seed sha256:{seed_commitment('in progress')}" in words
        await pilot.press("escape")  # cancel: nothing retired, still home
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert (_home / "current.22rec").exists()
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.click("#choice-new")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
    assert LocalSession.resume(_home) is not None  # retired only once a game starts
    assert len(old.moves) == 1


async def test_tt22_play_asks_and_can_continue_the_match_in_progress(_home: Path) -> None:
    old = a_match_in_progress(_home)
    app = table_app(players=4, seed="a new one")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.click("#choice-continue")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        assert table(app).session.seed == "in progress"
        assert table(app).session.moves[:1] == old.moves


async def test_tt22_play_with_no_match_in_progress_starts_at_once(_home: Path) -> None:
    app = table_app(players=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))


# ---------------------------------------------------------------- 8: no silent keys


async def test_c_with_no_match_to_continue_says_so() -> None:
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        assert "continue" not in footer_keys(app)
        await pilot.press("c")
        await pilot.pause()
        assert t("msg.no_match") in notes(app)
        assert isinstance(app.screen, HomeScreen)


async def test_enter_with_nothing_selected_plays_the_card_under_the_cursor() -> None:
    app = table_app(players=3, seed="enter-plays")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        screen = table(app)
        while True:
            await wait_for(pilot, lambda: my_turn(app))
            v = screen.human_view()
            assert v is not None
            if not v.exchanging:
                break
            await pilot.press("enter")  # keep
        hand = screen.query_one(HandView)
        assert footer_keys(app).get("play") is True  # offered with nothing selected
        await pilot.press("home")
        assert hand.cursor == 0
        await pilot.press("end")
        assert hand.cursor == len(hand.cards) - 1
        # Find a card that alone is no legal play, if the hand has one: Enter says why.
        bad = [i for i, c in enumerate(hand.cards) if selection_problem(v, [c])]
        if bad:
            hand.cursor = bad[0]
            before = len(screen.session.moves)
            await pilot.press("enter")
            assert len(screen.session.moves) == before
            assert "Select cards with Space" in message(app)
        good = [i for i, c in enumerate(hand.cards) if not selection_problem(v, [c])]
        assert good
        hand.cursor = good[-1]
        card = hand.cards[good[-1]]
        before = len(screen.session.moves)
        await pilot.press("enter")
        assert len(screen.session.moves) > before
        played = screen.session.moves[before]
        assert played.seat == 0 and list(getattr(played, "cards", ())) == [
            __import__("tt22.core.cards", fromlist=["card_text"]).card_text(card)
        ]


def _must_beat_position() -> tuple[str, list[Move]]:
    """A seed and the moves to a position where seat 0 follows under must_beat, can beat,
    and so may not play its lowest card (the bots play their first legal move)."""
    rules = Rules(must_beat=True).for_players(3)
    for n in range(200):
        seed = f"must-beat-{n}"
        s = new_match(rules, 3, seed)
        moves: list[Move] = []
        while not s.over and len(s.history) == 0:
            if s.to_move == 0 and s.phase == PLAY and s.plays:
                v = view(s, 0)
                if selection_problem(v, list(v.hand[: len(v.best_desc)])):
                    return seed, moves
            move = legal_moves(s)[0] if s.to_move else legal_moves(s)[-1]
            if s.to_move == 0 and isinstance(move, Exchange):
                move = Exchange(0, ())
            s = apply(s, move)
            moves.append(move)
    raise AssertionError("no must_beat position found")


async def test_lowest_is_not_offered_when_must_beat_forbids_it(_home: Path) -> None:
    seed, moves = _must_beat_position()
    rules = Rules(must_beat=True).for_players(3)
    session = LocalSession("twentytwo", rules, seed, seats(3))
    for move in moves:
        session.play(move)
    app = TT22App(StartOptions(language="en", pace=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        app.play_session(session)
        await wait_for(pilot, lambda: my_turn(app))
        await wait_for(pilot, lambda: table(app)._last_hand_view is not None)
        keys = footer_keys(app)
        assert "lowest" not in keys
        assert app.screen.query_one("#lowest", Button).disabled
        before = len(session.moves)
        await pilot.press("d")
        await pilot.pause()
        assert len(session.moves) == before
        assert "lowest cards are not allowed" in message(app)
        assert "must" in message(app)


async def test_the_footer_names_what_enter_does_in_each_phase() -> None:
    app = table_app(players=3, seed="footer phases")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        keys = footer_keys(app)
        assert "exchange" in keys and "play" not in keys and "lowest" not in keys
        await pilot.press("enter")
        await wait_for(pilot, lambda: table(app).state.phase == PLAY)
        await wait_for(pilot, lambda: my_turn(app))
        keys = footer_keys(app)
        assert keys.get("play") is True and "exchange" not in keys
        v = table(app).human_view()
        assert v is not None
        assert ("lowest" in keys) == table(app).lowest_allowed(v)


async def test_enter_on_the_match_over_dialog_plays_again() -> None:
    app = TT22App(
        StartOptions(
            rules=Rules(elimination_at=3).for_players(2),
            players=[Player("Bot 0", "bot", "random"), Player("Bot 1", "bot", "random")],
            seed="short match",
            watch=True,
            pace=0.0,
            language="en",
        )
    )
    async with app.run_test(size=(80, 24)) as pilot:
        first = table(app)
        await wait_for(pilot, lambda: isinstance(app.screen, MatchSummaryScreen), 60)
        await pilot.press("enter")  # no Tab first: the primary button has the focus
        await wait_for(pilot, lambda: table(app) is not first)
        assert table(app).session.seed == "short match"


# ---------------------------------------------------------------- 9: hot seat


async def test_hot_seat_pass_screen_offers_only_enter_and_says_it_once() -> None:
    app = table_app(players=2, humans=2, seed="hot seat footer")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(app)
        assert screen.must_reveal()
        keys = footer_keys(app)
        hand_keys = {"cursor", "select", "select_rank", "play", "exchange", "lowest"}
        assert not hand_keys & set(keys)
        assert keys.get("reveal") is True
        hidden = t("hotseat.hidden", name="Ann")
        assert hidden not in message(app)  # said in the hand's place, not twice
        assert hidden in str(screen.query_one(HandView).render())


async def test_hot_seat_shows_the_cards_drawn_before_passing_on() -> None:
    app = table_app(players=2, humans=2, seed="hot seat draw")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(app)
        seat = screen.state.to_move
        await pilot.press("enter")  # show the hand
        await pilot.press("space", "right", "space")
        await pilot.press("enter")  # discard two and draw two
        assert screen.just_drew is not None
        drew = screen.just_drew[2]
        assert len(drew) == 2
        hand = screen.query_one(HandView)
        assert hand.cards == screen.state.hands[seat]
        assert all(c in hand.cards for c in drew)
        assert "drew" in message(app)
        assert set(footer_keys(app)) >= {"done_drawn"}
        assert "select" not in footer_keys(app)
        await pilot.press("enter")  # pass on
        assert screen.just_drew is None
        assert screen.must_reveal() or screen.state.to_move == seat
        if screen.must_reveal():
            assert screen.query_one(HandView).cards == ()


# ---------------------------------------------------------------- the replayer

SAMPLES = ROOT / "records"


def replay_of(path: Path, **kw: object) -> TT22App:
    from tt22.record import load_record
    from tt22.tui.games.twentytwo.replay import TwentyTwoReplay
    from tt22.tui.replay.app import replay_app

    model = TwentyTwoReplay.from_record(load_record(path))
    return replay_app(model, path, **kw)  # type: ignore[arg-type]


def replay_screen(app: TT22App) -> TwentyTwoReplayScreen:
    screen = app.screen
    assert isinstance(screen, TwentyTwoReplayScreen), type(screen)
    return screen


def sample(tmp_path: Path, name: str = "4p-random.22rec") -> Path:
    copy = tmp_path / name
    copy.write_bytes((SAMPLES / name).read_bytes())
    return copy


async def test_p_at_the_end_of_a_replay_says_why_it_cannot(tmp_path: Path) -> None:
    app = replay_of(sample(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(
            pilot, lambda: isinstance(app.screen, TwentyTwoReplayScreen) and app.screen.ready
        )
        await pilot.press("end")
        await pilot.press("p")
        await pilot.pause()
        assert any("match is over here" in m for m in notes(app))
        assert isinstance(app.screen, TwentyTwoReplayScreen)


async def test_t_alone_in_the_replayer_says_what_it_changed(tmp_path: Path) -> None:
    app = replay_of(sample(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(
            pilot, lambda: isinstance(app.screen, TwentyTwoReplayScreen) and app.screen.ready
        )
        await pilot.press("t")
        await pilot.pause()
        assert replay_screen(app).real_time
        assert any("recorded thinking times" in m for m in notes(app))
        await pilot.press("t")
        await pilot.pause()
        assert any("fixed speed" in m for m in notes(app))


# ---------------------------------------------------------------- 10, 12, 14: the replayer


def screen_text(app: TT22App) -> str:
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


async def test_the_replayer_says_who_won_the_match(tmp_path: Path) -> None:
    from tt22.record import load_record, replay_record

    path = sample(tmp_path)
    winners = replay_record(load_record(path)).final.winners
    assert winners
    app = replay_of(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(
            pilot, lambda: isinstance(app.screen, TwentyTwoReplayScreen) and app.screen.ready
        )
        assert "won by" not in replay_screen(app).status_text()
        await pilot.press("end")
        await pilot.pause()
        names = ", ".join(f"Bot {s}" for s in winners)
        assert f"won by {names}" in replay_screen(app).status_text()
        assert f"won by {names}" in screen_text(app)


async def test_a_comment_says_which_move_it_belongs_to(tmp_path: Path) -> None:
    from tt22.tui.replay.dialogs import TextDialog

    app = replay_of(sample(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(
            pilot, lambda: isinstance(app.screen, TwentyTwoReplayScreen) and app.screen.ready
        )
        screen = replay_screen(app)
        await pilot.press("pagedown")  # the start of deal 2: the last move made is deal 1's
        await pilot.pause()
        index = screen.model.current_row(screen.p)
        assert index is not None
        row = screen.model.rows[index]
        assert row.deal == 1 and screen.model.where(screen.p).deal == 2
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, TextDialog))
        title = str(app.screen.query("Label").first().render())
        where = f"{row.deal}.{row.trick}"
        assert f"move {index + 1}" in title and "last move made" in title
        assert f"{where} Bot {row.seat}" in title
        await pilot.press(*"why", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoReplayScreen))
        box = str(screen.query_one("#replay-comment", Static).render())
        assert f"move {index + 1} ({where} Bot {row.seat}" in box and "why" in box


async def test_one_hand_order_in_the_replayer(tmp_path: Path) -> None:
    app = replay_of(sample(tmp_path), seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(
            pilot, lambda: isinstance(app.screen, TwentyTwoReplayScreen) and app.screen.ready
        )
        cards = replay_screen(app).query_one("#replay-hand", HandView).cards
        assert len(cards) > 1 and list(cards) == sorted(cards, reverse=True)


async def test_slash_in_an_empty_record_browser_is_the_key_not_a_letter(tmp_path: Path) -> None:
    from textual.widgets import Input

    from tt22.tui.replay.picker import RecordPicker

    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RecordPicker(tmp_path / "none here", with_samples=False))
        await wait_for(pilot, lambda: isinstance(app.screen, RecordPicker))
        await pilot.pause()
        box = app.screen.query_one("#pick-path", Input)
        await pilot.press("slash")
        assert box.has_focus and box.value == ""
        await pilot.press(*"/tmp")
        assert box.value == "/tmp"


# ---------------------------------------------------------------- 11: the words


def test_show_speaks_of_a_player_called_you_without_bad_grammar(tmp_path: Path) -> None:
    import subprocess
    import sys

    from tt22.play.session import LocalSession
    from tt22.record import build_record, save_record

    session = LocalSession(
        "twentytwo", Rules().for_players(3), "grammar", [Player("You"), *seats(3)[1:]]
    )
    from tt22.games.twentytwo.bots import make_bot

    bots = {s: make_bot("random", "grammar", s) for s in range(3)}
    while not session.state.over:
        s = session.state
        session.play(bots[s.to_move].choose(view(s, s.to_move)))
    path = tmp_path / "you.22rec"
    record = session.record
    save_record(
        path,
        build_record(
            record.rules,
            record.seed,
            record.players,
            record.moves,
            __import__("datetime").datetime(2026, 1, 1, tzinfo=__import__("datetime").UTC),
        ),
    )
    out = subprocess.run(
        [sys.executable, "-m", "tt22", "show", str(path)], capture_output=True, text=True
    ).stdout
    assert "You (seat 0)" in out
    for bad in (
        "You deals",
        "You wins",
        "You keeps",
        "You discards",
        "You takes",
        "You is",
        "card(s)",
    ):
        assert bad not in out, bad


@pytest.mark.parametrize("language", ["en", "ko", "ja"])
async def test_the_move_log_names_each_player_one_way(language: str) -> None:
    app = TT22App(
        StartOptions(
            rules=Rules().for_players(3),
            players=seats(3),
            seed="one name",
            pace=0.0,
            language=language,
        )
    )
    async with app.run_test(size=(160, 40)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        screen = table(app)
        for _ in range(6):
            await wait_for(pilot, lambda: my_turn(app))
            v = screen.human_view()
            assert v is not None
            await pilot.press("space", "enter" if v.exchanging else "d")
        from textual.widgets import RichLog

        text = "\n".join(line.text for line in screen.query_one("#log", RichLog).lines)
        # Ann, at the keyboard, is spoken to ("You put away ...", i18n.said); the others
        # by their names. Never "Ann put away" beside "You put away", nor "당신".
        spoken = {"en": "You ", "ko": "내가 ", "ja": "あなたが"}[language]
        assert spoken in text or t("player.you") in text, text
        assert "Bot 1" in text and "Bot 2" in text
        for subject in ("Ann put", "Ann kept", "Ann discard", "Ann play", "Ann lead"):
            assert subject not in text, subject
        for subject in ("Ann이", "Ann가", "Ann은", "Ann는", "Annが", "Annは", "당신"):
            assert subject not in text, subject


def test_no_internal_names_or_english_in_the_korean_setup_words() -> None:
    from tt22.core.protocol import Reason
    from tt22.tui.reasons import reason_words

    set_language("ko")
    try:
        assert "must_beat" not in t("setup.opt.twentytwo.must_beat")
        assert "seat" not in t("setup.name") and "0" not in t("setup.name")
        # "first_hand must be 3 to 13, not 40 (R9)"
        args = (("low", 3), ("high", 13), ("value", 40))
        said = reason_words(Reason("twentytwo.rules.first_hand", "R9", args))
        assert "first_hand" not in said and "must" not in said and "40" in said
    finally:
        set_language("en")
    assert "seat 0" not in t("setup.name")


def test_japanese_lists_use_the_japanese_separator() -> None:
    set_language("ja")
    try:
        assert t("sep.list") == "、"
    finally:
        set_language("en")


async def test_a_japanese_summary_lists_names_with_the_japanese_separator() -> None:
    from tt22.tui.games.twentytwo.summary_screens import losers_text

    class Deal:
        losers = (1, 2)
        penalty = 10

    session = LocalSession("twentytwo", Rules().for_players(3), "ja list", seats(3))
    set_language("ja")
    try:
        said = losers_text(session, Deal(), 0)  # type: ignore[arg-type]
    finally:
        set_language("en")
    assert "Bot 1、Bot 2" in said and ", " not in said


async def test_the_record_browser_lists_the_samples_after_the_players_own(
    tmp_path: Path,
) -> None:
    from textual.widgets import DataTable

    from tt22.tui.replay.picker import RecordPicker, sample_records_dir

    shipped = sample_records_dir()
    assert shipped is not None and (shipped / "4p-random.22rec").exists()
    mine = tmp_path / "mine"
    mine.mkdir()
    sample(mine, "2p-random.22rec").rename(mine / "my-game.22rec")
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RecordPicker(mine))
        await wait_for(pilot, lambda: isinstance(app.screen, RecordPicker))
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, RecordPicker)
        paths = [e.path for e in picker.entries]
        assert paths[0] == mine / "my-game.22rec" and not picker.entries[0].sample
        assert {p.name for p in paths[1:]} == {p.name for p in shipped.glob("*.22rec")}
        # The samples follow the player's own records, marked as samples.
        assert screen_text(app).index("my-game") < screen_text(app).index("sample 2p-gin")
        table = picker.query_one(DataTable)
        assert table.has_focus
        table.move_cursor(row=[p.name for p in paths].index("4p-random.22rec"))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoReplayScreen))


def test_the_samples_are_package_data() -> None:
    import tomllib

    import tt22

    shipped = Path(tt22.__file__).parent / "samples"
    assert {p.name for p in shipped.glob("*.22rec")} == {p.name for p in SAMPLES.glob("*.22rec")}
    config = tomllib.loads((SAMPLES.parent / "pyproject.toml").read_text())
    assert "samples/*.22rec" in config["tool"]["setuptools"]["package-data"]["tt22"]


# ---------------------------------------------------------------- 13: ASCII and NO_COLOR


async def test_the_ascii_style_draws_the_chrome_in_ascii_too(tmp_path: Path) -> None:
    app = TT22App(
        StartOptions(
            rules=Rules().for_players(4),
            players=seats(4),
            seed="ascii chrome",
            pace=0.0,
            language="en",
            ascii_cards=True,
        )
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        await pilot.press("m")  # the log, with its border
        await pilot.pause()
        seen = screen_text(app)
        assert "Enter" in seen  # the key's name, not ⏎
        await pilot.press("question_mark")
        await pilot.pause()
        seen += screen_text(app)
    assert seen.isascii(), sorted({c for c in seen if not c.isascii()})
    app = replay_of(sample(tmp_path), ascii_cards=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(
            pilot, lambda: isinstance(app.screen, TwentyTwoReplayScreen) and app.screen.ready
        )
        for _ in range(6):
            await pilot.press("right")
        await pilot.press("v")
        await pilot.pause()
        seen = screen_text(app)
    assert seen.isascii(), sorted({c for c in seen if not c.isascii()})


def colour_codes(data: bytes) -> list[str]:
    """The SGR sequences in `data` that set a colour (foreground or background)."""
    import re

    found = []
    for m in re.finditer(rb"\x1b\[([0-9;:]*)m", data):
        params = [p for p in re.split(rb"[;:]", m.group(1)) if p]
        i = 0
        while i < len(params):
            n = int(params[i])
            if n in (38, 48, 58):  # extended colour: its arguments are not codes
                found.append(m.group(0).decode())
                break
            if 30 <= n <= 37 or 40 <= n <= 47 or 90 <= n <= 97 or 100 <= n <= 107:
                found.append(m.group(0).decode())
                break
            i += 1
    return found


@pytest.mark.parametrize("ascii_style", [False, True])
def test_a_real_terminal_gets_no_colour_under_no_color(tmp_path: Path, ascii_style: bool) -> None:
    import os

    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "TT22_HOME": str(tmp_path / "home"),
        "TERM": "xterm-256color",
        "COLORTERM": "truecolor",
        "LANG": "C.UTF-8",
        "NO_COLOR": "1",
    }
    args = ["play", "--watch", "--players", "4", "--seed", "pty", "--pace", "0.05"]

    def played(out: bytes) -> bool:  # the table drawn, and tricks being played on it
        return b"Bot 1" in out and b"trick 2" in out

    out = run_in_a_pty([*args, "--ascii"] if ascii_style else args, env, played)
    assert played(out)
    assert colour_codes(out) == []
    if ascii_style:
        import re

        visible = re.sub(
            rb"\x1b\[[0-9;:?<=>]*[A-Za-z~]|\x1b[()][0-9A-Za-z]|\x1b\][^\x07]*\x07", b"", out
        )
        assert visible.isascii(), sorted(
            {c for c in visible.decode("utf-8", "replace") if not c.isascii()}
        )


# ---------------------------------------------------------------- what players expect


async def test_a_hint_names_a_legal_move_with_its_numbers_and_selects_it() -> None:
    app = table_app(players=4, seed="hint me")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        screen = table(app)
        await pilot.press("enter")  # keep
        await wait_for(pilot, lambda: my_turn(app) and table(app).state.phase == PLAY)
        v = screen.human_view()
        assert v is not None
        await pilot.press("i")
        await wait_for(pilot, lambda: "Hint:" in message(app) and "thinking" not in message(app))
        said = message(app)
        hand = screen.query_one(HandView)
        chosen = hand.selection
        assert chosen and selection_problem(v, chosen) is None  # a legal play, selected
        assert "sampled deals" in said or "only legal move" in said
        before = len(screen.session.moves)
        await pilot.press("enter")  # play what the hint selected
        assert len(screen.session.moves) > before


async def test_a_hint_knows_only_the_view() -> None:
    from tt22.games.twentytwo.bots.hint import hint

    s = new_match(Rules().for_players(4), 4, "hint view")
    v = view(s, s.to_move)
    h = hint(v, "hint view", playouts=400)
    assert h.move in legal_moves(s)
    assert h == hint(v, "hint view", playouts=400)  # the same position, the same hint


async def test_the_first_dealer_draw_is_shown_at_the_start_and_in_the_scores() -> None:
    app = table_app(players=4, seed="first dealer")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        screen = table(app)
        dealer = screen.session.names[screen.state.match.first_dealer]
        assert "First-dealer draw (R7)" in message(app)
        assert f"{dealer} drew highest and deals first" in message(app)
        await pilot.press("s")
        await pilot.pause()
        shown = " ".join(str(w.render()) for w in app.screen.query(Static))
        assert "No deal finished yet" in shown and "First-dealer draw" in shown
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_the_score_history_lists_every_finished_deal(_home: Path) -> None:
    from tt22.tui.games.twentytwo.scores import ScoresScreen

    session = LocalSession("twentytwo", Rules().for_players(3), "scores", seats(3))
    while len(session.state.history) < 2:
        session.play(legal_moves(session.state)[0])
    app = TT22App(StartOptions(language="en", pace=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ScoresScreen(session, False))
        await pilot.pause()
        text = screen_text(app)
    for d in session.state.history[:2]:
        for seat in range(3):
            assert str(d.totals[seat]) in text
    assert "Ann" in text and "lost that deal" in text


async def test_the_score_history_shows_a_long_name_whole(_home: Path) -> None:
    """A 24-character name wraps in the score history's seat column, never cut to '…'."""
    from tt22.tui.games.twentytwo.scores import ScoresScreen

    long_name = "Wilhelmina Q Longfellow!"  # 24 characters, the longest name tt22 takes
    players = [Player(long_name), *seats(3)[1:]]
    session = LocalSession("twentytwo", Rules().for_players(3), "scores", players)
    while len(session.state.history) < 1:
        session.play(legal_moves(session.state)[0])
    app = TT22App(StartOptions(language="en", pace=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ScoresScreen(session, False))
        await pilot.pause()
        text = screen_text(app)
    assert "…" not in text
    assert "".join(text.split()).count("".join(long_name.split())) >= 1


async def test_resign_asks_then_keeps_the_record_and_ends_the_match(_home: Path) -> None:
    app = table_app(players=3, seed="resign")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("escape")  # no: play on
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        assert (_home / "current.22rec").exists()
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.click("#choice-resign")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert any("resigned" in m for m in notes(app)), notes(app)
    assert not (_home / "current.22rec").exists()
    assert LocalSession.resume(_home) is None
    assert list((_home / "records").glob("*.22rec"))


def _one_move_from_going_out() -> tuple[str, list[Move]]:
    """Moves (bots' and Ann's first legal moves) to just before a bot's move that ends
    a deal with Ann out and the match going on."""
    rules = Rules(elimination_at=5).for_players(3)
    for n in range(300):
        seed = f"out-{n}"
        s = new_match(rules, 3, seed)
        moves: list[Move] = []
        while not s.over:
            move = legal_moves(s)[0]
            after = apply(s, move)
            if len(after.history) > len(s.history):
                if after.out[0] and not after.over and s.to_move != 0:
                    return seed, moves
                if after.out[0]:
                    break
            s = after
            moves.append(move)
    raise AssertionError("no such position")


@pytest.mark.parametrize("choice", ["watch", "leave"])
async def test_out_of_the_match_a_player_chooses_to_watch_on_or_leave(
    _home: Path, choice: str
) -> None:
    seed, moves = _one_move_from_going_out()
    rules = Rules(elimination_at=5).for_players(3)
    session = LocalSession.start("twentytwo", rules, seed, seats(3), _home)
    for move in moves:
        session.play(move)
    app = TT22App(StartOptions(language="en", pace=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.play_session(session)
        await wait_for(pilot, lambda: not isinstance(app.screen, (TableScreen, HomeScreen)))
        await pilot.press("enter")  # the deal summary
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        assert "You are out" in str(app.screen.query("Label").first().render())
        await pilot.click(f"#choice-{choice}")
        if choice == "watch":
            await wait_for(pilot, lambda: screen.state.over or len(session.moves) > len(moves) + 1)
        else:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert LocalSession.resume(_home) is None


# ---------------------------------------------------------------- undo against bots


def test_take_back_keeps_the_moves_that_stand_and_counts_it(tmp_path: Path) -> None:
    from tt22.record import (
        RecordError,
        append_move,
        decode_record,
        encode_record,
        load_record,
        save_record,
        take_back,
        verify_record,
    )

    session = LocalSession("twentytwo", Rules().for_players(3), "take back", seats(3))
    for _ in range(12):
        session.play(legal_moves(session.state)[0])
    plain_bytes = encode_record(session.record)
    assert b"takebacks" not in plain_bytes  # no undo: the format as before
    once = take_back(session.record, 7)
    replayed = append_move(once, session.moves[7])  # played again, and taken back again
    twice = take_back(replayed, 7)
    assert [rm.move for rm in twice.moves] == session.moves[:7]
    assert twice.moves[-1].takebacks == 2 and once.moves[-1].takebacks == 1
    assert all(rm.takebacks == 0 for rm in twice.moves[:-1])
    assert verify_record(twice).ok
    path = tmp_path / "undo.22rec"
    save_record(path, twice)
    # Format 1 has no take-backs: such a record says format 2 (game twentytwo), so an
    # older tt22 calls it newer rather than failing on an unknown member.
    assert b'"format_version": 2' in path.read_bytes()
    assert b'"game": "twentytwo"' in path.read_bytes()
    as_v1 = path.read_bytes().replace(b'"format_version": 2', b'"format_version": 1')
    as_v1 = as_v1.replace(b'  "game": "twentytwo",\n', b"")
    with pytest.raises(RecordError, match="format 2 only"):
        decode_record(as_v1)
    again = load_record(path)
    assert again.moves[-1].takebacks == 2 and verify_record(again).ok
    with pytest.raises(ValueError):
        take_back(session.record, 0)  # the first move stands: nothing before it
    with pytest.raises(ValueError):
        take_back(session.record, 12)


async def test_undo_takes_back_your_move_and_the_bots_replies(_home: Path) -> None:
    from tt22.record import load_record, verify_record

    app = table_app(players=3, seed="undo me")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        screen = table(app)
        session = screen.session
        assert not session.can_take_back or session.moves  # nothing of Ann's yet
        await pilot.press("enter")  # keep
        await wait_for(pilot, lambda: my_turn(app) and table(app).state.phase == PLAY)
        await pilot.press("d")
        await wait_for(pilot, lambda: my_turn(app) or isinstance(app.screen, ModalScreen))
        assert isinstance(app.screen, TableScreen)
        mine = max(i for i, m in enumerate(session.moves) if m.seat == 0)
        before = list(session.moves)
        fingerprint = None
        await pilot.press("u")
        await wait_for(pilot, lambda: my_turn(app))
        assert session.moves == before[:mine]
        assert session.state.to_move == 0
        assert session.record.moves[-1].takebacks == 1
        assert "Taken back" in message(app)
        fingerprint = session.state.fingerprint()
    saved = load_record(_home / "current.22rec")
    assert [rm.move for rm in saved.moves] == before[:mine]
    assert saved.moves[-1].takebacks == 1
    result = verify_record(saved)
    assert result.ok and result.final.fingerprint() == fingerprint


async def test_no_undo_in_hot_seat() -> None:
    app = table_app(players=2, humans=2, seed="hot undo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(app)
        await pilot.press("enter", "enter")  # show, keep
        await pilot.press("enter", "enter")  # the other: show, keep
        await pilot.pause()
        n = len(screen.session.moves)
        assert n >= 2
        await pilot.press("u")
        await pilot.pause()
        assert len(screen.session.moves) == n
        assert not screen.session.can_take_back
        assert "Nothing to take back" in message(app)  # said, not silent
