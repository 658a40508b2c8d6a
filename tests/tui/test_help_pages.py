"""The rules screens, as a player reads them (Textual's Pilot at 80x24): every game's
rules from the home screen and Settings (review M6), Rook's rules enough for a first
game (M7), each game's `?` listing only its own keys (L13), and every page whole in
English, Korean and Japanese, in the ASCII style and with NO_COLOR.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from layoutkit import screen_lines
from pilotkit import wait_for
from textual.pilot import Pilot

from tt22.core.players import Player
from tt22.core.registry import get_game
from tt22.play.session import LocalSession
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.rook.help import RookHelpScreen
from tt22.tui.games.rook.table import RookTableScreen
from tt22.tui.games.rummy.help import RummyHelpScreen
from tt22.tui.games.rummy.table import RummyTable
from tt22.tui.help_text import PAGES, page_markdown
from tt22.tui.i18n import set_language
from tt22.tui.screens.help import GamePages, HelpScreen, HelpText
from tt22.tui.screens.home import HomeScreen
from tt22.tui.screens.settings import SettingsScreen

SIZE = (80, 24)
LANGUAGES = ("en", "ko", "ja")


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TT22_HOME", str(tmp_path))
    yield tmp_path
    set_language("en")


def seats(players: int) -> list[Player]:
    return [Player("Ann")] + [Player(f"Bot {s}", "bot", "normal") for s in range(1, players)]


def app_for(language: str, ascii_cards: bool = False) -> TT22App:
    return TT22App(StartOptions(language=language, pace=0.0, ascii_cards=ascii_cards or None))


async def read_all(pilot: Pilot[Any], app: TT22App) -> list[str]:
    """Every line of the help as the screen shows it, page by page to its end; each
    screen whole: nothing cut to a `…`, nothing past the 80 columns."""
    seen: list[str] = []
    scroll = app.screen.query_one("#help-scroll")
    for _ in range(60):
        await pilot.pause()
        lines = screen_lines(app)
        assert len(lines) == SIZE[1]
        assert not any("…" in line for line in lines), lines
        seen += lines
        if scroll.scroll_y >= scroll.max_scroll_y:
            return seen
        await pilot.press("pagedown")
    raise AssertionError("the help never reached its end")


_BAR = str.maketrans("", "", "▁▂▃▄▅▆▇█")


def flat(lines: list[str], lang: str = "en") -> str:
    """The lines as one text, the scroll bar's blocks left out; in Japanese, which a line
    may break anywhere, with no spaces at all."""
    text = " ".join(" ".join(lines).translate(_BAR).split())
    return text.replace(" ", "") if lang == "ja" else text


def keys_of(source: str) -> set[str]:
    """The keys of a help's key tables (its `## Keys` section, not the replayer's)."""
    keys = re.split(r"^## ", source, flags=re.MULTILINE)
    section = next(s for s in keys if s.startswith(("Keys", "키\n", "キー\n")))
    rows = [line for line in section.splitlines() if line.startswith("| ")][2:]
    return {row.split("|")[1].strip() for row in rows}


# ---------------------------------------------------------------- M7: Rook's rules


ROOK_FACTS = {
    "en": [
        "41 cards", "44 cards", "the Rook (R★)", "A K Q J 10 9 8 7 6 5", "The ace is high",
        "9 cards", "120 points", "100 with 2 or 3 players", "must open",
        "a hand is never passed out", "piles of 12", "a pile is just one of those three",
        "the dummy", "[dealer]", "the high bid so far", "▶ whose turn it is",
        "Team A or B", "Bidding each player's highest bid, or passed", "scores the bid",
    ],
    "ko": [
        "41장", "44장", "루크(R★)", "A K Q J 10 9 8 7 6 5", "A가 가장 높습니다", "9장씩",
        "120점", "반드시 먼저 불러야", "넘어가는 판은 없습니다", "12장씩 세 묶음", "더미",
        "[딜러]", "지금까지의 최고 입찰", "부른 점수를 얻고",
    ],
    "ja": [
        "41枚", "44枚", "ルック(R★)", "A K Q J 10 9 8 7 6 5", "Aが一番強い札", "9枚ずつ",
        "120点", "必ず最初に入札", "流れるハンドはありません", "12枚ずつ3つの山", "ダミー",
        "[親]", "今までの最高入札", "入札した点を得ます",
    ],
}  # fmt: skip


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_m7_rooks_rules_screen_tells_the_deck_order_points_opening_piles_and_marks(
    lang: str,
) -> None:
    rook = get_game("rook")
    session = LocalSession(rook, rook.rules([], 2), "help", seats(2))
    session.bots = {}
    app = app_for(lang)
    async with app.run_test(size=SIZE) as pilot:
        table = RookTableScreen(session)
        await app.push_screen(table)
        await pilot.pause()
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RookHelpScreen))
        assert not app.screen.query(GamePages)  # at a Rook table: Rook's page alone
        text = flat(await read_all(pilot, app), lang)
        for fact in ROOK_FACTS[lang]:
            assert flat([fact], lang) in text, fact
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is table)


def test_m7_rooks_rules_name_the_scoring_of_k16_not_what_was_taken() -> None:
    """The old screen said the bidder's side "scores what it took if it made its bid";
    K16 scores the bid."""
    text = page_markdown("rook")
    assert "scores **the bid**, not what it took" in text
    assert "scores what it took if it made its bid" not in text


def test_m7_rooks_marks_are_the_tables_own_words_and_the_ascii_cards() -> None:
    set_language("ko")
    assert "| [딜러] |" in page_markdown("rook") and "| 입찰 |" in page_markdown("rook")
    ascii_text = page_markdown("rook", ascii_style=True)
    assert "(RK)" in ascii_text and "R★" not in ascii_text and "♠" not in ascii_text


# ---------------------------------------------------------------- L13: own keys only


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("knock", ["10", "upcard"])
async def test_l13_gins_help_has_no_meld_lay_off_or_select_key(lang: str, knock: str) -> None:
    gin = get_game("gin")
    rules = gin.rules([f"knock_limit={knock}"], 2)
    session = LocalSession(gin, rules, "help", seats(2))
    session.bots = {}
    app = app_for(lang)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(RummyTable(session))
        await pilot.pause()
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RummyHelpScreen))
        source = app.screen.query_one("#help", HelpText).source
        lines = await read_all(pilot, app)
    keys = keys_of(source)
    assert "k" in keys and "p" in keys and "Enter" in keys
    assert not keys & {"m", "o", "space", "1 to 9", "1 ~ 9", "1 から 9"}, keys
    text = flat(lines)
    assert "m meld" not in text and "(Rummy)" not in text and "(러미)" not in text
    oklahoma = {"en": "Oklahoma Gin", "ko": "오클라호마 진", "ja": "オクラホマ・ジン"}[lang]
    assert (oklahoma in source) == (knock == "upcard")


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_l13_rummys_help_has_no_knock_key(lang: str) -> None:
    rummy = get_game("rummy")
    session = LocalSession(rummy, rummy.rules([], 3), "help", seats(3))
    session.bots = {}
    app = app_for(lang)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(RummyTable(session))
        await pilot.pause()
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RummyHelpScreen))
        source = app.screen.query_one("#help", HelpText).source
        await read_all(pilot, app)
    keys = keys_of(source)
    assert {"m", "o", "space", "p", "Enter"} <= keys and "k" not in keys, keys
    assert "knock" not in source.lower().split("## keys")[-1].split("## replay")[0]


def test_l13_each_games_keys_are_the_keys_its_table_binds() -> None:
    """Every key a page lists does something at that game's table (Gin's table binds
    m and o for Rummy's sake; the help does not offer them in Gin)."""
    from tt22.tui.games.rook.table import RookTableScreen as Rook

    bound = {k for b in Rook.BINDINGS for k in b.key.split(",")}  # type: ignore[union-attr]
    names = {"↑ ↓ + - (k j)": "up", "← → or h l": "left", "Home End": "home", "?": "question_mark"}
    for key in keys_of(page_markdown("rook")):
        assert names.get(key, key.lower()) in bound, key
    rummy_bound = {k for b in RummyTable.BINDINGS for k in b.key.split(",")}  # type: ignore[union-attr]
    for page in ("rummy", "gin"):
        for key in keys_of(page_markdown(page)):
            first = {"← → or h l": "left", "1 to 9": "1", "?": "question_mark"}.get(key, key)
            assert first.lower() in rummy_bound, (page, key)


# ---------------------------------------------------------------- M6: every game's rules


TITLES = {
    "en": ["How to play 22", "How to play Rook", "How to play Rummy", "How to play Gin Rummy",
           "How to play Oklahoma Gin", "How to play 500 Rum", "How to play Persian Rummy",
           "How to play Manipulation Rummy"],
    "ko": ["22 하는 법", "루크 하는 법", "러미 하는 법", "진 러미 하는 법",
           "오클라호마 진 하는 법", "500 럼 하는 법", "페르시안 러미 하는 법",
           "매니퓰레이션 러미 하는 법"],
    "ja": ["22の遊び方", "ルックの遊び方", "ラミーの遊び方", "ジン・ラミーの遊び方",
           "オクラホマ・ジンの遊び方", "500ラミーの遊び方", "ペルシャン・ラミーの遊び方",
           "マニピュレーション・ラミーの遊び方"],
}  # fmt: skip

CHOOSER = {
    "en": ["22", "Rook", "Rummy", "Gin Rummy", "Oklahoma Gin", "500 Rum", "Persian",
           "Manipulation"],
    "ko": ["22", "루크", "러미", "진 러미", "오클라호마 진", "500 럼", "페르시안", "매니퓰레이션"],
    "ja": ["22", "ルック", "ラミー", "ジン・ラミー", "オクラホマ・ジン", "500ラミー", "ペルシャン",
           "マニピュレーション"],
}  # fmt: skip
"""The names the game chooser gives the pages (short: they share two lines at 80)."""


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_m6_rules_and_keys_on_home_offers_every_games_rules(lang: str) -> None:
    app = app_for(lang)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.click("#rules")  # the home screen's "Rules and keys"
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        screen = app.screen
        assert isinstance(screen, HelpScreen) and screen.choosing
        for number, title in enumerate(TITLES[lang]):
            if number:
                await pilot.press("right")
            await pilot.pause()
            lines = screen_lines(app)
            k = chooser_height(app)
            assert title in lines[k], (title, lines[: k + 2])
            chooser = "\n".join(lines[:k])
            for name in CHOOSER[lang]:  # every game named on the chooser, whole
                assert name in chooser, (name, chooser)
        await pilot.press("right")  # round again to 22's
        await pilot.pause()
        assert TITLES[lang][0] in screen_lines(app)[chooser_height(app)]
        await pilot.press("2")  # straight to Rook's
        await pilot.pause()
        assert TITLES[lang][1] in screen_lines(app)[chooser_height(app)]
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))


async def test_m6_question_mark_in_settings_offers_every_game_too() -> None:
    app = app_for("en")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("4")
        await pilot.pause()
        assert "How to play Gin Rummy" in screen_lines(app)[chooser_height(app)]
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))


async def test_the_help_over_22s_table_is_22s_alone() -> None:
    from tt22.tui.games.twentytwo.table import TableScreen

    rules = get_game("twentytwo").rules([], 3)
    app = TT22App(StartOptions(rules=rules, players=seats(3), seed="h", pace=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert not app.screen.query(GamePages)
        assert "How to play 22" in screen_lines(app)[0]
        await pilot.press("right")  # not a page change here
        await pilot.pause()
        assert "How to play 22" in screen_lines(app)[0]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("style", ["ascii", "no_color"])
async def test_every_page_is_whole_at_80x24(
    lang: str, style: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if style == "no_color":
        monkeypatch.setenv("NO_COLOR", "1")
    app = app_for(lang, ascii_cards=style == "ascii")
    # Each page-down glides for 0.3 s (Textual's scroll animation), and Pilot waits for
    # the glide to end before the screen is read: the screens read are where each one
    # ends, with or without it. Without it, ~45 page-downs a run take no time.
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        for number in range(1, len(PAGES) + 1):
            await pilot.press(str(number))
            lines = await read_all(pilot, app)
            k = chooser_height(app)
            assert TITLES[lang][number - 1] in lines[k]
            text = flat(lines)
            if style == "ascii":
                assert not {"♠", "★"} & set(text), (number, lang)
            for line in lines:  # the reverse-video mark of the page shown
                assert len(line) <= SIZE[0]
            assert f"[{get_name(number, lang)}]" in "\n".join(lines[:k])


def chooser_height(app: Any) -> int:
    """The lines of the game chooser at the top (it goes on to a second line between
    two names when the games do not fit one)."""
    return int(app.screen.query_one(GamePages).size.height)


def get_name(number: int, lang: str) -> str:
    from tt22.tui.help_text import page_name

    set_language(lang)
    return page_name(PAGES[number - 1])
