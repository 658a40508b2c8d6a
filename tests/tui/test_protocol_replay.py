"""What the Rook and the Rummy family's replayers share (tt22/tui/replay/screen.py):
comments on a move (said which move, saved into a copy of the record, hidden from
another seat's view), play from here (a live match at this position at the game's own
table, the match in progress kept with the records and said so first), and the file's
name in view; each whole at 80x24 in English, Korean and Japanese."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from layoutkit import screen_lines
from pilotkit import wait_for
from recordkit import SAMPLES

from tt22.core.players import Player
from tt22.core.registry import get_game
from tt22.play.replay import fork_players
from tt22.record import load_record, verify_record
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.i18n import set_language, t
from tt22.tui.replay.dialogs import ChoiceDialog, TextDialog
from tt22.tui.replay.screen import ReplayScreen
from tt22.tui.replay.words import rt
from tt22.tui.tables import replay_screen

SIZE = (80, 24)
SAMPLE_OF = {"rook": "4p-rook", "rummy": "4p-rummy", "gin": "2p-gin"}
GAMES = sorted(SAMPLE_OF)


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TT22_HOME", str(tmp_path / "home"))
    set_language("en")
    return tmp_path


def copy_sample(game: str, tmp_path: Path, name: str = "") -> Path:
    path = tmp_path / (name or f"{SAMPLE_OF[game]}.22rec")
    shutil.copyfile(SAMPLES / f"{SAMPLE_OF[game]}.22rec", path)
    return path


def open_app(
    game: str, path: Path, *, start: int | None = 0, seat: int | None = None, lang: str = "en"
) -> TT22App:
    record = load_record(path)
    return TT22App(
        StartOptions(
            language=lang,
            screen=lambda: replay_screen(game, record, path, start=start, seat=seat),
        )
    )


def replayer(app: TT22App) -> ReplayScreen:
    screen = app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


def text_of(app: TT22App) -> str:
    return "\n".join(screen_lines(app))


def flat(app: TT22App) -> str:
    """The screen's text without spaces and line breaks (a long line may wrap)."""
    return "".join(text_of(app).split())


# -- comments ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
@pytest.mark.parametrize("game", GAMES)
async def test_a_comment_names_its_move_and_is_saved_into_a_copy(
    game: str, lang: str, tmp_path: Path
) -> None:
    path = copy_sample(game, tmp_path)
    original = path.read_bytes()
    app = open_app(game, path, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = replayer(app)
        await pilot.press("c")  # at the start there is no move to comment on
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("right", "right", "right", "c")
        await wait_for(pilot, lambda: isinstance(app.screen, TextDialog))
        dialog = app.screen
        assert isinstance(dialog, TextDialog)
        label = screen.move_label(2)
        assert dialog.title_text == rt("comment.title", n=3, move=label)
        await pilot.press(*"why [b]this", "enter")
        await wait_for(pilot, lambda: app.screen is screen)
        assert screen.comments[2] == "why [b]this" and screen.dirty
        # shown literally, with the move it belongs to
        await wait_for(pilot, lambda: "why[b]this" in flat(app))
        assert "".join(rt("comment.on", n=3, move=label).split()) in flat(app)
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.click("#choice-copy")
        await wait_for(pilot, lambda: not screen.dirty)
        copy = tmp_path / f"{SAMPLE_OF[game]}-notes.22rec"
        assert path.read_bytes() == original
        saved = load_record(copy)
        assert saved.moves[2].comment == "why [b]this"
        assert [m.move for m in saved.moves] == [m.move for m in load_record(path).moves]
        assert verify_record(saved).ok
        # the comment stays with its move when stepping away and back
        await pilot.press("right")
        await wait_for(pilot, lambda: "why[b]this" not in flat(app))
        await pilot.press("left")
        await wait_for(pilot, lambda: "why[b]this" in flat(app))


@pytest.mark.parametrize("game", GAMES)
async def test_leaving_with_an_unsaved_comment_asks_first(game: str, tmp_path: Path) -> None:
    path = copy_sample(game, tmp_path)
    app = open_app(game, path, start=5)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = replayer(app)
        screen.set_comment(4, "note")
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.click("#choice-cancel")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.click("#choice-discard")
        await wait_for(pilot, lambda: screen not in app.screen_stack)
    assert load_record(path).moves[4].comment is None


async def test_a_seat_view_hides_and_will_not_edit_another_seats_comment(tmp_path: Path) -> None:
    path = copy_sample("gin", tmp_path)
    record = load_record(path)
    mover = record.moves[0].move.seat
    app = open_app("gin", path, start=1, seat=1 - mover)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = replayer(app)
        screen.comments[0] = "my secret plan"
        screen.refresh_view()
        await pilot.pause()
        assert "secret" not in text_of(app)
        await pilot.press("c")
        await pilot.pause()
        assert app.screen is screen  # no dialog: it would show the hidden comment
        assert any(n.message == rt("comment.hidden") for n in app._notifications)
        screen.seat = mover
        screen.refresh_view()
        await wait_for(pilot, lambda: "mysecretplan" in flat(app))


# -- play from here ------------------------------------------------------------------------


def table_class(game: str) -> type:
    if game == "rook":
        from tt22.tui.games.rook.table import RookTableScreen

        return RookTableScreen
    from tt22.tui.games.rummy.table import RummyTable

    return RummyTable


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES)
async def test_play_from_here_seats_a_live_match_at_this_position(
    game: str, lang: str, tmp_path: Path
) -> None:
    from tt22.play.session import make_autosave
    from tt22.record import Autosave

    path = copy_sample(game, tmp_path)
    app = open_app(game, path, start=7, lang=lang)
    table = table_class(game)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = replayer(app)
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert dialog.note == rt("fork.bots")  # no match in progress: nothing to keep
        await pilot.click("#choice-1")
        await wait_for(pilot, lambda: isinstance(app.screen, table))
        session = app.screen.session  # type: ignore[attr-defined]
        source = [m.move for m in load_record(path).moves]
        # the match goes on from this position (the bots may have moved on since)
        assert session.moves[:7] == source[:7] == [m.move for m in screen.record.moves[:7]]
        # (no name set: the record's name for that seat, L11)
        named = app.settings.name.strip() or screen.record.players[1].name
        assert session.players[1] == Player(named, "human")
        assert all(p.kind == "bot" for s, p in enumerate(session.players) if s != 1)
        current = make_autosave(app.home_dir).load_current()
        assert isinstance(make_autosave(app.home_dir), Autosave)
        assert current is not None and current.game == game
        assert [m.move for m in current.moves[:7]] == source[:7]
        assert current.origin is not None and current.origin.moves == 7
        assert current.origin.source == str(path.resolve())


async def test_play_from_here_says_first_that_the_match_in_progress_is_kept(
    tmp_path: Path,
) -> None:
    from tt22.play.session import LocalSession, make_autosave, seed_label

    rook = get_game("rook")
    home = tmp_path / "home"
    old = LocalSession.start(
        rook, rook.rules([], 4), "old match", [Player(f"P{s}") for s in range(4)], home
    )
    old.play(rook.legal_moves(old.state)[0])
    old.release()
    path = copy_sample("rook", tmp_path)
    app = open_app("rook", path, start=3)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        shown = seed_label("old match", old.players)  # a person plays it: its commitment
        assert shown in dialog.note and rt("fork.bots") in dialog.note
        await pilot.click("#choice-cancel")  # nothing happens: the old match stays
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        current = make_autosave(home).load_current()
        assert current is not None and current.seed == "old match"
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.click("#choice-0")
        await wait_for(pilot, lambda: isinstance(app.screen, table_class("rook")))
        current = make_autosave(home).load_current()
        assert current is not None and current.seed == load_record(path).seed
        kept = [load_record(p) for p in (home / "records").rglob("*.22rec")]
        assert any(r.seed == "old match" and len(r.moves) == 1 for r in kept)


async def test_play_from_here_at_the_end_of_a_match_says_why_not(tmp_path: Path) -> None:
    path = copy_sample("gin", tmp_path)
    app = open_app("gin", path, start=None)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end")  # (it opens at move 0, L11)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert any(n.message == rt("fork.over") for n in app._notifications)


def test_the_seats_of_a_forked_match() -> None:
    players = [Player("Ann"), Player("Bot 1", "bot", "hard"), Player("Cy"), Player("Bot 3")]
    out = fork_players(players, 2, "Zoe", ("easy", "normal", "hard", "expert"))
    # L11: the record's players keep their names (a person's seat goes to a bot).
    assert out == [
        Player("Ann", "bot", "normal"),
        Player("Bot 1", "bot", "hard"),
        Player("Zoe", "human"),
        Player("Bot 3", "bot", "normal"),
    ]
    # With no name set here, the seat taken keeps the record's name, not "You".
    assert fork_players(players, 0, "", ("easy", "normal"))[0] == Player("Ann", "human")


# -- the file's name and the layout ---------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
@pytest.mark.parametrize("game", GAMES)
async def test_the_file_name_shows_and_the_screen_is_whole(
    game: str, lang: str, tmp_path: Path
) -> None:
    path = copy_sample(game, tmp_path, name="Ann's [b]game.22rec")
    app = open_app(game, path, start=9, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = replayer(app)
        screen.set_comment(8, "a note [i]here")
        await wait_for(pilot, lambda: "anote[i]here" in flat(app))
        text = text_of(app)
        assert "Ann's[b]game.22rec" in flat(app)  # literally (a long line may wrap)
        names = [p.name for p in load_record(path).players]
        assert any(name in text for name in names)
        assert "…" not in text
        for _ in names:
            await pilot.press("v")
            assert "…" not in text_of(app), f"view {screen.seat}"
        footer = text_of(app).splitlines()[-1]
        assert rt("foot.fork") in footer and t("key.back") in footer  # whole keys
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        text = text_of(app)
        assert all(name in text for name in names) and "…" not in text


@pytest.mark.parametrize("game", GAMES)
def test_goto_a_hand_is_its_first_position_in_every_game(game: str) -> None:
    from tt22.play.replay import GotoError, ReplayModel

    model = ReplayModel.from_record(load_record(SAMPLES / f"{SAMPLE_OF[game]}.22rec"))
    places = model.places
    at = model.goto("2")
    assert places[at].hand == 2 and places[at - 1].hand == 1
    turn = model.goto("2.3")
    assert places[turn][:2] == (2, 3) and places[turn - 1][:2] != (2, 3)
    with pytest.raises(GotoError, match="there is no hand 99"):
        model.goto("99")


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
@pytest.mark.parametrize("game", GAMES)
async def test_g_asks_where_to_go_and_keeps_asking_for_a_place_not_there(
    game: str, lang: str, tmp_path: Path
) -> None:
    path = copy_sample(game, tmp_path)
    app = open_app(game, path, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = replayer(app)
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, TextDialog))
        assert t("game_replay.goto.title").split(":")[0] in text_of(app)
        await pilot.press("9", "9", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TextDialog)  # not in the record: it stays, says why
        await wait_for(pilot, lambda: "99" in flat(app) and "…" not in text_of(app))
        await pilot.press("backspace", "backspace", "2", ".", "3", "enter")
        await wait_for(pilot, lambda: app.screen is screen)
        assert screen.index == screen.model.goto("2.3")
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, TextDialog))
        await pilot.press("#", "5", "enter")
        await wait_for(pilot, lambda: app.screen is screen and screen.index == 5)


@pytest.mark.parametrize("game", ["rummy", "gin"])
async def test_question_mark_opens_the_rummy_familys_help_not_22s(
    game: str, tmp_path: Path
) -> None:
    from tt22.tui.help_text import page_of
    from tt22.tui.screens.help import HelpScreen

    path = copy_sample(game, tmp_path)
    app = open_app(game, path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        rules = load_record(path).rules
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert help_screen.page == page_of(game, rules) and not help_screen.choosing


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_every_key_the_replayers_offer_is_on_the_footer_at_80_columns(
    lang: str, tmp_path: Path
) -> None:
    """Rook's and Rummy's replayers offer their keys on the footer, each whole, with
    the key symbols and in the ASCII style (longer key names). ← and → drawn apart took
    two keys' room and `p Play here`, `? Help` and `m Moves` were left out in English."""
    from textual.binding import Binding

    from tt22.tui.widgets.keybar import KeyBar

    for ascii_cards in (False, True):
        app = TT22App(StartOptions(language=lang, ascii_cards=ascii_cards))
        async with app.run_test(size=SIZE) as pilot:
            for game in ("rook", "rummy"):
                path = copy_sample(game, tmp_path)
                screen = replay_screen(game, load_record(path), path, start=3)
                await app.push_screen(screen)
                await pilot.pause()
                await pilot.pause()
                bar = screen.query_one(KeyBar)
                offered = [b for b in type(screen).BINDINGS if isinstance(b, Binding) and b.show]
                where = f"{game} {lang} ascii={ascii_cards}: {bar.words_shown}"
                for b in offered:
                    assert b.key.split(",")[0] in bar.keys_shown, f"{b.action} off, {where}"
                line = screen_lines(app)[-1]
                at = 0
                for word in bar.words_shown:  # each whole, in order, on the terminal
                    found = line.find(word, at)
                    assert found >= 0, (word, line)
                    at = found + len(word)
                app.pop_screen()
                await pilot.pause()
    set_language("en")


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_a_gin_hand_keeps_its_deadwood_whole_under_long_names(
    lang: str, tmp_path: Path
) -> None:
    """A hand too long for the line wrapped anywhere: "デッドウッド" at its end and "19
    点" at the start of the next, a number without its word. The deadwood now goes on
    the hand's last line or, whole, on a line of its own under the name."""
    import re

    import msgspec
    from layoutkit import names_for

    from tt22.record import save_record
    from tt22.tui.games.rummy.words import rt as rummy_rt

    record = load_record(copy_sample("gin", tmp_path))
    long = [names_for(4)[0], names_for(4)[1]]  # (a long Latin name, a long Korean one)
    players = [
        msgspec.structs.replace(p, name=n) for p, n in zip(record.players, long, strict=True)
    ]
    path = tmp_path / "long.22rec"
    save_record(path, msgspec.structs.replace(record, players=players))
    set_language(lang)
    app = open_app("gin", path, start=60, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.pause()
        await pilot.pause()
        text = text_of(app)
    word = rummy_rt("deadwood", n=999).split("999")[0].strip()
    phrase = re.escape(rummy_rt("deadwood", n=999)).replace("999", r"\d+")
    lines = [line for line in text.splitlines() if word in line]
    assert len(lines) == 2, text
    assert all(re.search(phrase, line) for line in lines), text
    set_language("en")


@pytest.mark.parametrize("group", ["trick", "turn"])
def test_the_help_lists_every_key_the_replayers_bind_and_no_other(group: str) -> None:
    """The help's replay keys and the replayer's bindings come from one module: every
    key the help names is bound, and every binding has a key of it in the help."""
    from textual.binding import Binding

    from tt22.tui.replay.keys import replay_bindings, replay_key_words

    bindings = [b for b in replay_bindings(group) if isinstance(b, Binding)]  # type: ignore[arg-type]
    bound = {k for b in bindings for k in b.key.split(",")}
    listed = {k for row in replay_key_words(group) for k in row.keys}  # type: ignore[arg-type]
    assert listed <= bound, listed - bound
    missing = [b.action for b in bindings if not set(b.key.split(",")) & listed]
    assert missing == ["game_help"], missing  # (? is the help itself)


@pytest.mark.parametrize(
    "sample", ["4p-rook", "4p-rummy", "2p-gin", "4p-rum500", "4p-persian", "3p-manipulation"]
)
async def test_every_replayer_names_who_won_at_the_end_and_not_before(
    sample: str, tmp_path: Path
) -> None:
    """New-player review: a finished record's last position says who won, in every
    game's replayer (the game's own `winners`), and no position before the end does."""
    path = tmp_path / f"{sample}.22rec"
    shutil.copyfile(SAMPLES / f"{sample}.22rec", path)
    record = load_record(path)
    game = get_game(record.game)
    app = open_app(record.game, path, start=None)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        # L11: every replayer opens at move 0, as 22's does; End goes to the end.
        assert isinstance(screen, ReplayScreen) and screen.index == 0
        await pilot.press("end")
        await wait_for(pilot, lambda: screen.index == screen.end)
        winners = game.winners(screen.states[-1])
        assert winners
        names = ", ".join(record.players[s].name for s in winners)
        await wait_for(pilot, lambda: f"{names} won" in "\n".join(screen_lines(app)))
        await pilot.press("left")
        await wait_for(pilot, lambda: screen.index == screen.end - 1)
        await pilot.pause()
        assert f"{names} won" not in "\n".join(screen_lines(app))


# -- what every game's replayer has (the one model's keys) -----------------------------------

EVERY_SAMPLE = ["4p-rook", "2p-rook-dummy", "4p-rummy", "2p-gin", "4p-rum500", "3p-manipulation"]


def open_sample(sample: str, tmp_path: Path, start: int | None = None) -> TT22App:
    path = tmp_path / f"{sample}.22rec"
    shutil.copyfile(SAMPLES / f"{sample}.22rec", path)
    return open_app(load_record(path).game, path, start=start)


@pytest.mark.parametrize("sample", EVERY_SAMPLE)
async def test_every_replayer_opens_at_move_0_and_autoplays_with_space(
    sample: str, tmp_path: Path
) -> None:
    """L11: every replayer opens at move 0, as 22's; space plays the record on."""
    app = open_sample(sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = replayer(app)
        assert screen.index == 0
        await pilot.press("plus", "plus", "plus", "space")
        await wait_for(pilot, lambda: screen.index >= 2, timeout=10)
        await pilot.press("space")  # stops
        await pilot.pause(0.3)
        stopped = screen.index
        await pilot.pause(0.5)
        assert screen.index == stopped


@pytest.mark.parametrize("sample", EVERY_SAMPLE)
async def test_every_replayer_shows_the_move_list_at_80x24(sample: str, tmp_path: Path) -> None:
    """M1: `m` shows the move list (Gin's too), the move made last marked, whole."""
    app = open_sample(sample, tmp_path, start=3)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = replayer(app)
        await pilot.press("m")
        await wait_for(pilot, lambda: t("game_replay.moves.title") in text_of(app))
        text = text_of(app)
        assert t("game_replay.moves.start") in text
        for i in range(3):
            assert "".join(f"{i + 1}. {screen.move_label(i)}".split()) in flat(app)


async def test_the_rook_replayer_says_how_each_hand_ended() -> None:
    """H4: just after a hand's last card the replayer shows the hand over, the bid made
    or lost, the hand's points and its last trick whole; at the end, who won."""
    from tt22.tui.games.rook.replay import RookReplayScreen

    record = load_record(SAMPLES / "4p-rook.22rec")
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=SIZE) as pilot:
        screen = RookReplayScreen(record, start=0)
        await app.push_screen(screen)
        await pilot.pause()
        for hand in range(2, screen.places[-1].hand + 1):
            screen.go(screen.model.goto(str(hand)))
            await pilot.pause()
            result = screen.states[screen.index].history[-1]
            text = text_of(app)
            assert f"Hand {hand - 1} is over" in text
            assert ("and made it" if result.made else "and lost it") in text
            assert "Points this hand:" in text and "Last trick, won by" in text
            assert "…" not in text
        screen.go(screen.end - 1)
        await pilot.pause()
        assert "is over" not in text_of(app)
        screen.go(screen.end)
        await pilot.pause()
        text = text_of(app)
        assert f"Hand {screen.places[-1].hand} is over" in text and " won" in text


async def test_q_after_play_from_here_comes_back_and_leaves_tt22_replay(tmp_path: Path) -> None:
    """L11: `tt22 replay FILE`, p (a table on top), q (back to the replayer), q: the
    program ends, as the help says, rather than landing on the home screen."""
    path = copy_sample("rook", tmp_path)
    record = load_record(path)
    app = TT22App(
        StartOptions(
            language="en",
            screen=lambda: replay_screen("rook", record, path, start=7, standalone=True),
        )
    )
    left: list[bool] = []
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = replayer(app)
        app.exit = lambda *a, **k: left.append(True)  # type: ignore[method-assign]
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.click("#choice-0")
        await wait_for(pilot, lambda: isinstance(app.screen, table_class("rook")))
        named = app.settings.name.strip() or "Ann"  # (the record's name for seat 0)
        assert app.screen.session.players[0].name == named  # type: ignore[attr-defined]
        await pilot.press("q")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("q")
        await wait_for(pilot, lambda: left == [True])


@pytest.mark.parametrize("sample", EVERY_SAMPLE)
async def test_every_replayers_palette_has_its_keys(sample: str, tmp_path: Path) -> None:
    """The one palette (ctrl+p): every key of the game's replayer, in words, runs."""
    from tt22.tui.replay.screen import ReplayCommands

    app = open_sample(sample, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = replayer(app)
        commands = {name: run for name, _help, run in ReplayCommands(screen)._commands()}
        for key in ("replay.key.goto", "replay.foot.fork", "replay.foot.auto", "key.back"):
            assert t(key) in commands, (key, sorted(commands))
        await commands[t("game_replay.key.next")]()
        await wait_for(pilot, lambda: screen.index == 1)
