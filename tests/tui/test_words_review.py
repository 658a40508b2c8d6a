"""The rest of issue 21's words (L5-L7, L9, L12, L15, L16), as the new-player review
(reviews/2026-12-01-new-player.md) found them: Oklahoma Gin never named and options
showing "default" for a number; Rummy's lay-offs and meld numbers; prompts in lower case;
"deadwood - = 0", "knocked with 3♣" then "Gin!", "The game is over." inside a header,
"Winner: Bot 0, Bot 2"; a bare seed hash; English word order in Japanese; and watch mode
talking to "you"."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from layoutkit import screen_lines
from pilotkit import wait_for
from rummykit import gin_at, rummy_at
from rummyuikit import seat, session_of, table_app

from tt22.core.players import Player
from tt22.core.registry import get_game
from tt22.games.rummy import Knock, gin
from tt22.games.rummy.cards import CODE
from tt22.games.rummy.rummy import ACT
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.rummy.table import RummyTable
from tt22.tui.i18n import set_language, t
from tt22.tui.widgets.choice import Choice, Pick
from tt22.tui.widgets.fieldform import FieldForm, FormRow
from tt22.tui.widgets.textfield import LineEdit

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("TT22_HOME", str(tmp_path / "home"))
    set_language("en")
    yield tmp_path / "home"
    set_language("en")


def text_of(app: Any) -> str:
    return "\n".join(screen_lines(app))


# --- L5: Oklahoma Gin by its name; numbers where "default" was ----------------------


async def open_setup(app: TT22App, pilot: Any, game: str) -> Any:
    from tt22.tui.screens.setup import SetupScreen

    await pilot.press("n")
    await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
    setup = app.screen
    setup.query_one("#game", Choice).value = game
    await wait_for(pilot, lambda: "target" in [row.name for row in rules_form(setup).rows])
    await pilot.pause()
    return setup


def rules_form(setup: Any) -> FieldForm:
    forms = list(setup.query("#rules").results(FieldForm))
    return forms[0] if forms else FieldForm([FormRow("", Pick([("", None)], None))])


def placeholder(setup: Any, name: str) -> str:
    field = rules_form(setup).field(name)
    assert isinstance(field, LineEdit)
    return field.placeholder


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_l5_the_new_game_screen_names_oklahoma_and_shows_the_numbers(lang: str) -> None:
    """ "Points to win (G8) default", "Undercut bonus (G6) default": the numbers the game
    will use, and they follow the knock limit; the upcard as the limit is Oklahoma Gin."""
    app = TT22App(StartOptions(language=lang))
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot, "gin")
        assert (placeholder(setup, "target"), placeholder(setup, "undercut_bonus")) == ("100", "25")
        assert t("setup.game.oklahoma") not in text_of(app)
        rules_form(setup).set("knock_limit", "upcard")
        await pilot.pause()
        assert (placeholder(setup, "target"), placeholder(setup, "undercut_bonus")) == ("150", "20")
        title = rules_form(setup).title
        assert title == t("setup.rules_of", game=t("setup.game.oklahoma"))
        limit, spades = (
            rules_form(setup).field("knock_limit"),
            rules_form(setup).field("spades_double"),
        )
        assert isinstance(limit, Pick) and isinstance(spades, Pick)
        assert limit.note == t("setup.note.oklahoma")
        assert spades.options[0][0] == t("setup.default_is", value=t("opt.yes"))
        lines = screen_lines(app)
        assert not any(line.rstrip().endswith(t("setup.default")) for line in lines)
        assert "…" not in "".join(lines)


async def test_l5_rooks_lowest_bid_and_target_follow_the_players() -> None:
    """ "Lowest opening bid (K8) default", "Game to (K18) default": 70 and 300 with four
    players, 50 and 200 with three (K8, K18)."""
    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot, "rook")
        rook = get_game("rook").rules([], 4)
        assert placeholder(setup, "min_bid") == str(rook.min_bid) == "70"
        assert placeholder(setup, "target") == str(rook.target)
        setup.query_one("#players", Choice).value = 3
        await pilot.pause()
        three = get_game("rook").rules([], 3)
        assert placeholder(setup, "min_bid") == str(three.min_bid) != "70"
        assert placeholder(setup, "target") == str(three.target)


async def test_l5_the_table_the_replayer_and_the_text_name_oklahoma_gin() -> None:
    from recordkit import SAMPLES

    from tt22.games.rummy.textlog import render_text
    from tt22.record import load_record
    from tt22.tui.games.rummy.replay import RummyReplayScreen
    from tt22.tui.screens.setup import game_title
    from tt22.tui.tables import replay_screen

    s = session_of("gin", ["Ann", "Bot 1"], seed="okla", rules=["knock_limit=upcard"])
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await seat(app, pilot, s)
        assert text_of(app).lstrip().startswith("Oklahoma Gin · Hand 1 · ")
    record = load_record(SAMPLES / "2p-oklahoma-gin.22rec")
    assert game_title("gin", record.rules) == "Oklahoma Gin" and game_title("gin") == "Gin Rummy"
    app = TT22App(StartOptions(language="en", screen=lambda: replay_screen("gin", record, None)))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RummyReplayScreen))
        await pilot.pause()
        assert text_of(app).lstrip().startswith("Oklahoma Gin · Hand ")
    gin_game = get_game("gin")
    state = gin_game.new_match(gin_game.rules(["knock_limit=upcard"], 2), 2, "okla")
    seats = [Player("Bot 0", "bot", "random"), Player("Bot 1", "bot", "random")]
    assert render_text(gin_game.transcript(state, "okla", seats)).startswith(
        "tt22 Oklahoma Gin game"
    )


# --- L6: Rummy's melds ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "laid A♠ off on meld 1"),
        ("ko", "A♠를 1번 멜드에 붙임"),
        ("ja", "A♠を1番のメルドに付けた"),
    ],
)
def test_l6_a_lay_off_says_which_card_went_on_which_meld(lang: str, said: str) -> None:
    """ "Bot 3: drew from the stock, laid off on 1 A♠"."""
    from tt22.tui.games.rummy.words import event_text

    set_language(lang)
    assert event_text("layoff", (CODE["AS"], 0), False).plain == said


async def test_l6_meld_numbers_stand_apart_from_the_cards_and_name_their_owner() -> None:
    """ "Melds: 1 A♠ A♥ A♦ A♣   2 4♠ 4♥ 4♣" read "24♠"; and whose meld was it?"""
    state = rummy_at(
        ["3S 4S 5S 7H KD 9C", "2H 3H", "KC"],
        "QC",
        phase=ACT,
        table=((1, "AS AH AD AC"), (0, "4H 4D 4C")),
    )
    for ascii_style, shown in (
        (False, "Melds: 1: A♠ A♥ A♦ A♣ (Bot 1)   2: 4♥ 4♦ 4♣ (you)"),
        (True, "Melds: 1: AS AH AD AC (Bot 1)   2: 4H 4D 4C (you)"),
    ):
        s = session_of("rummy", ["Ann", "Bot 1", "Bot 2"], seed="l6", state=state)
        app = table_app(ascii_cards=ascii_style)
        async with app.run_test(size=SIZE) as pilot:
            await seat(app, pilot, s)
            assert shown in text_of(app), text_of(app)


# --- L7: prompts begin with a capital -------------------------------------------------


async def test_l7_rummys_turn_prompt_begins_with_a_capital() -> None:
    """ "discard 7♠ (Enter) to end your turn.", "lay off (o), discard 4♦ (Enter) ..."."""
    alone = rummy_at(["9S KD 2C QH", "2H 3H", "KC"], "5C", phase=ACT)
    s = session_of("rummy", ["Ann", "Bot 1", "Bot 2"], seed="l7", state=alone)
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await seat(app, pilot, s)
        assert "Discard K♦ (Enter) to end your turn." in text_of(app)
    both = rummy_at(["3S 4S 5S 7H KD 9C", "2H 3H", "KC"], "QC", phase=ACT, table=((1, "7S 7D 7C"),))
    s = session_of("rummy", ["Ann", "Bot 1", "Bot 2"], seed="l7", state=both)
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await seat(app, pilot, s)
        assert "Meld (select, m), lay off (o), or discard K♦ (Enter) to end your turn." in (
            text_of(app)
        )


# --- L9: the summaries' and headers' words --------------------------------------------


def test_l9_a_gin_hand_has_no_deadwood_rather_than_deadwood_dash() -> None:
    from tt22.tui.games.rummy.summary import gin_hand_lines

    state = gin_at(
        ["3S 4S 5S 7H 7D 7C 9H 9D 9C 9S KD", "JD QD 2H 3H 5D 6C 8S 2S 4C AD"],
        "6H",
        phase=gin.DISCARD,
    )
    game = get_game("gin")
    knock = next(m for m in game.legal_moves(state) if isinstance(m, Knock) and m.card == "KD")
    result = game.apply(state, knock).history[-1]
    assert result.kind == "gin"
    lines = [x.plain for x in gin_hand_lines(result, ["Ann", "Bot 1"], False, 100)]
    assert lines[0].endswith("no deadwood"), lines
    assert not any("- = 0" in x for x in lines)


async def test_l9_the_gin_replay_says_it_went_gin_and_its_header_has_no_sentence() -> None:
    """ "244. Bot 1: knocked with 3♣" and then "Gin!"; "... · The game is over. · move"."""
    from recordkit import SAMPLES

    from tt22.record import load_record
    from tt22.tui.games.rummy.replay import RummyReplayScreen
    from tt22.tui.tables import replay_screen

    record = load_record(SAMPLES / "2p-gin.22rec")
    app = TT22App(StartOptions(language="en", screen=lambda: replay_screen("gin", record, None)))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RummyReplayScreen))
        await pilot.press("end")
        await pilot.pause()
        lines = screen_lines(app)
        head = lines[0].strip()
        assert " · game over · move " in head and "." not in head.split(" · move ")[0], head
        text = "\n".join(lines)
        assert ": went gin with " in text and "Gin! " in text
        assert "knocked with" not in text


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_l9_rooks_game_over_names_the_winning_partners(lang: str) -> None:
    """ "Winner: Bot 0, Bot 2": with four players the winners are a team."""
    from tt22.tui.games.rook.summary import winners_text

    set_language(lang)
    names = ["Ann", "Bot 1", "Bot 2", "Bot 3"]
    assert winners_text(names, (1, 3), 4) == t("rook.game.partners_won", a="Bot 1", b="Bot 3")
    assert "Bot 1" in winners_text(names, (1, 3), 4)
    assert f"Bot 1{t('sep.list')}Bot 3" not in winners_text(names, (1, 3), 4)  # (a team)
    mine = winners_text(names, (0, 2), 4, you=0)
    assert mine == t("rook.game.partners_won.you", b="Bot 2")
    assert winners_text(names[:3], (0,), 3, you=0) == t("match.you_win")


# --- L12: the seed in 22's header -----------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_l12_the_header_says_the_seed_is_sealed_until_the_end(lang: str) -> None:
    """ "seed sha256:75178571" after `--seed big-test`, unexplained: the commitment stays
    (docs/seeds.md, 10), said as what it is; the seed itself stays hidden."""
    from tt22.games.twentytwo import Rules
    from tt22.tui.games.twentytwo.table import TableScreen

    set_language(lang)
    seats = [Player(t("player.you")), Player(t("player.bot", n=1), "bot", "random")]
    app = TT22App(
        StartOptions(rules=Rules().for_players(2), players=seats, seed="big-test", language=lang)
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.pause()
        head = screen_lines(app)[0]
        sealed = t("seed.sealed", commitment="sha256:")
        assert sealed.split("sha256:")[0] in head and "sha256:" in head, head
        assert "big-test" not in text_of(app)


async def test_l12_with_bots_alone_the_seed_is_shown_as_it_is() -> None:
    from tt22.games.twentytwo import Rules
    from tt22.tui.games.twentytwo.table import TableScreen

    watch = [Player("Bot 0", "bot", "random"), Player("Bot 1", "bot", "random")]
    app = TT22App(
        StartOptions(
            rules=Rules().for_players(2), players=watch, seed="big-test", watch=True, pace=30
        )
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.pause()
        assert t("seed.open", seed="big-test") in screen_lines(app)[0]


# --- L15: Japanese word order ---------------------------------------------------------


def test_l15_japanese_news_reads_in_japanese_order() -> None:
    """ "前の番から: ボット1: 取った J♥, 捨てた 4♠" kept English word order."""
    from tt22.tui.games.rummy.words import events_text

    set_language("ja")
    moves = [("pile", CODE["JH"]), ("discard", CODE["4S"])]
    assert events_text(moves, False).plain == "J♥を取り、4♠を捨てた"
    set_language("en")
    assert events_text(moves, False).plain == "took J♥, discarded 4♠"


# --- L16: watch mode ------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_l16_watching_rummy_names_whose_news_and_hand_it_shows(lang: str) -> None:
    """Rummy --watch said "Since your turn: ..." and not whose hand was at the bottom."""
    set_language(lang)
    s = session_of("rummy", ["Bot 0", "Bot 1", "Bot 2"], humans=(), seed="l16")
    app = TT22App(StartOptions(language=lang, pace=0.2))  # (slow enough to read)
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        assert isinstance(table, RummyTable) and table.watching
        await wait_for(pilot, lambda: len(s.moves) > 6)
        await pilot.pause()
        text = text_of(app)
        assert t("rummy.ui.recent_of", name="Bot 0") in text
        assert t("rummy.ui.recent") not in text
        assert t("turn.watch", name="Bot 0") in "".join(text.split("\n"))


async def test_l5_22s_decks_and_largest_set_say_their_numbers_for_the_table() -> None:
    """22's form is built from its options like every game's: the decks and the largest
    set, left to the game, show what it makes of them (1 and 4 at four seats, 2 and 8 at
    seven), never a bare "default"."""
    from tt22.tui.screens.setup import SetupScreen

    app = TT22App(StartOptions(language="en"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        setup = app.screen
        form = rules_form(setup)
        assert [row.name for row in form.rows] == [o.name for o in get_game("twentytwo").options]
        decks = form.field("decks")
        assert isinstance(decks, Pick)
        assert (
            decks.words == t("setup.default_is", value="1") and placeholder(setup, "max_set") == "4"
        )
        setup.query_one("#players", Choice).value = 7
        await wait_for(pilot, lambda: placeholder(setup, "max_set") == "8")
        assert decks.words == t("setup.default_is", value="2")
