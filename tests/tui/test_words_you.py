"""M5 (issue 21): sentences about the player read right in every game and language.

The default name is "You" ("나", "あなた"), and "You deals", "You bids 70", "Undercut! You
scores 28.", "You wins the hand", "1.x You discards" (and "나 님이", "あなたさん") were
what every new player read. A sentence about the seat at the keyboard, or about a seat
called by the default name, is now said in the second person (`tt22.tui.i18n.said`, a
key's `.you` form); everyone else is named. Korean particles after a filled-in word are
chosen from how the word is read (`korean_particles`), so no "을(를)" is left on screen.
"""

from __future__ import annotations

import importlib
import re
import string
from pathlib import Path
from typing import Any

import pytest
from pilotkit import wait_for
from rummykit import gin_at, random_playout, rummy_at
from rummyuikit import person, press_move, seat, session_of, table_app
from textual.widgets import RichLog

from tt22.core.players import Player
from tt22.core.protocol import Reason
from tt22.core.registry import get_game
from tt22.games.rummy import Knock, gin
from tt22.games.rummy.rummy import ACT
from tt22.games.twentytwo import EXCHANGE, Rules
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.games.rummy.summary import GameSummary, HandSummary
from tt22.tui.i18n import CATALOGUE, set_language, t
from tt22.tui.reasons import reason_words

SIZE = (80, 24)
WIDE = (120, 40)  # (where the move log is on screen without a key)

# English verbs in the third person that a sentence with "You" as its subject must not
# carry; and the Korean and Japanese ways of misnaming the default name.
THIRD_PERSON = re.compile(
    r"\bYou (?:deals|bids|passes|takes|puts|names|scores|wins|discards|draws|melds|lays"
    r"|knocks|goes|holds|shows|leads|keeps|plays|is|has|was)\b"
)
MISNAMED = {"ko": ("나 님", "나이(가)", "나가 ", "나은"), "ja": ("あなたさん",)}
DOUBLE_PARTICLE = re.compile(r"을\(를\)|이\(가\)|은\(는\)|\(으\)로|과\(와\)")


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TT22_HOME", str(tmp_path / "home"))
    set_language("en")
    yield tmp_path / "home"
    set_language("en")


def assert_reads_right(text: str, lang: str) -> None:
    """No third-person verb after "You", no "나 님"/"あなたさん", no double particle."""
    if lang == "en":
        assert not THIRD_PERSON.search(text), THIRD_PERSON.search(text)
    for wrong in MISNAMED.get(lang, ()):
        assert wrong not in text, (wrong, text)
    if lang == "ko":
        assert not DOUBLE_PARTICLE.search(text), DOUBLE_PARTICLE.search(text)


def screen_text(app: Any) -> str:
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


def log_text(log: RichLog) -> str:
    return "\n".join(strip.text for strip in log.lines)


# --- the mechanism ---------------------------------------------------------------------


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_second_person_form_has_its_sentence_and_names_nobody() -> None:
    """Each `.you` form stands beside its third-person sentence with the same values less
    the name, in all three languages: a `.you` form says "You" itself."""

    # ("seat.you", "rook.you": the word "you" in a seat's row, not a sentence's form)
    forms = [k for k in CATALOGUE if k.endswith(".you") and k.removesuffix(".you") in CATALOGUE]
    needed = {  # the review's sentences (M5) and their kin
        "log.deal.you", "log.trick.you", "rook.log.hand.you", "rook.log.bid.you",
        "rook.log.pass.you", "rook.log.trick.you", "rummy.ui.won_knock.you",
        "rummy.ui.won_gin.you", "rummy.ui.won_undercut.you", "rummy.ui.went_out.you",
        "replay.moves.discards.you", "replay.moves.keeps.you",
    }  # fmt: skip
    assert needed <= set(forms), needed - set(forms)
    for key in forms:
        base = key.removesuffix(".you")
        assert all(CATALOGUE[key]), key
        for you, named in zip(CATALOGUE[key], CATALOGUE[base], strict=True):
            assert "name" not in fields(you), key
            assert fields(you) <= fields(named), key


def test_said_speaks_to_the_player_at_the_keyboard_and_to_a_seat_called_you() -> None:
    from tt22.tui.i18n import addressed, said

    assert addressed("You") and addressed(" 나 ") and addressed("あなた")
    assert not addressed("Ann") and addressed("Ann", own=True)
    assert said("rook.log.bid", False, name="Bot 1", bid=70) == "Bot 1 bids 70."
    assert said("rook.log.bid", True, name="You", bid=70) == "You bid 70."
    assert said("rook.log.bid", True, name="Ann", bid=70) == "You bid 70."
    # a key without a second-person form keeps its name
    assert said("rook.passed_list", True, names="You") == "Passed: You"
    set_language("ko")
    assert said("log.trick", True, name="나") == "내가 트릭을 가져갑니다."
    set_language("ja")
    assert (
        said("log.deal", True, n=1, name="あなた", k=7) == "第1ディール: あなたが7枚ずつ配ります。"
    )


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("10♠을(를)", "10♠을"),  # 스페이드 십
        ("A♠을(를)", "A♠를"),  # 에이스
        ("K♦을(를)", "K♦을"),  # 킹
        ("Q♥이(가)", "Q♥이"),  # 퀸
        ("J♣은(는)", "J♣은"),  # 잭
        ("R★을(를)", "R★를"),  # 루크
        ("TS을(를)", "TS을"),  # (ASCII) 십
        ("AH을(를)", "AH를"),
        ("RK을(를)", "RK를"),
        ("K-Q-10을(를)", "K-Q-10을"),
        ("A을(를)", "A를"),
        ("K을(를)", "K을"),
        ("3♣ 4♣ 5♣(으)로", "3♣ 4♣ 5♣로"),  # 오
        ("6♦(으)로", "6♦으로"),  # 육
        ("7♠(으)로", "7♠로"),  # 칠: ㄹ takes 로
        ("150은(는)", "150은"),
        ("Ann이(가)", "Ann이"),
        ("Bot이(가)", "Bot이"),
        ("Zoë이(가)", "Zoë가"),
        ("Kate와(과)", "Kate와"),
        ("봇 1이(가)", "봇 1이"),
        ("봇 2이(가)", "봇 2가"),
        ("스페이드(으)로", "스페이드로"),
        ("나이(가)", "내가"),
        ("목표 점수 (K18)은(는)", "목표 점수 (K18)은"),
        ("ボット을(를)", "ボット을(를)"),  # (kana: not decided, both kept)
    ],
)
def test_korean_particles_follow_the_word_as_it_is_read(written: str, read: str) -> None:
    from tt22.tui.i18n import korean_particles

    assert korean_particles(written) == read


def test_l15_the_korean_reason_chooses_its_particle() -> None:
    """L15: "A을(를) 이길 수 없으니..." showed the particle's placeholder."""
    set_language("ko")
    # "You cannot beat A, so you play your lowest card (R13)."
    text = reason_words(Reason("twentytwo.cannot_beat", "R13", (("best", "A"), ("count", 1))))
    assert text.startswith("A를 이길 수 없으니") and "(를)" not in text
    # "You cannot beat K-Q-10, so you play your three lowest cards (R13)."
    duck = Reason("twentytwo.cannot_beat", "R13", (("best", "K-Q-10"), ("count", 3)))
    text = reason_words(duck)
    assert text.startswith("K-Q-10을 이길 수 없으니")


# --- 22 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_m5_22s_log_speaks_to_you(lang: str) -> None:
    """A whole deal of 22 played at the keyboard under the default name: the log says
    "You kept the hand.", "You won the trick.", "Deal 2: you dealt" (내가, あなたが)."""
    from tt22.tui.games.twentytwo.table import TableScreen

    set_language(lang)
    seats = [Player(t("player.you"))] + [
        Player(t("player.bot", n=s), "bot", "random") for s in (1, 2)
    ]
    app = TT22App(
        StartOptions(
            rules=Rules().for_players(3), players=seats, seed="m5 22", language=lang, pace=0
        )
    )
    async with app.run_test(size=WIDE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert isinstance(table, TableScreen)
        for _ in range(400):
            if table.state.deal.number > 1 or table.state.over:
                break
            await pilot.pause(0.02)
            if app.screen is not table:  # the deal's summary
                await pilot.press("enter")
                continue
            if table.state.to_move == 0:
                await pilot.press("enter" if table.state.phase == EXCHANGE else "d")
        assert table.state.deal.number > 1
        await pilot.pause()
        text = log_text(table.query_one("#log", RichLog))
        assert_reads_right(text, lang)
        mine = {"en": "You ", "ko": "나: ", "ja": "あなた: "}[lang]
        assert mine in text
        if lang == "en":
            assert "You kept the hand." in text or "You discarded" in text
        assert_reads_right(screen_text(app), lang)


def test_m5_22s_replayer_move_list_agrees_with_you() -> None:
    """The replayer's list said "1.x You   discards A♠ J♦ J♥"."""
    from tt22.core.bots import play_match
    from tt22.games.twentytwo import TWENTYTWO
    from tt22.games.twentytwo.bots import make_bot
    from tt22.tui.games.twentytwo.replay import TwentyTwoReplay
    from tt22.tui.games.twentytwo.replay_panes import move_text

    seed = "m5 replay"
    bots = [make_bot("random", seed, s) for s in range(3)]
    rules = Rules().for_players(3)
    _, moves, _ = play_match(TWENTYTWO, rules, seed, bots)
    players = [Player("You"), Player("Bot 1", "bot", "random"), Player("Bot 2", "bot", "random")]
    model = TwentyTwoReplay.from_moves(TWENTYTWO, rules, players, seed, moves)
    said_of = {0: [], 1: []}
    for row in model.rows:
        if row.exchange and row.seat in said_of:
            said_of[row.seat].append(move_text(model, row, None, False))
    assert said_of[0] and said_of[1]
    assert all(w.split()[0] in ("discard", "keep") for w in said_of[0]), said_of[0]
    assert all(w.split()[0] in ("discards", "keeps") for w in said_of[1]), said_of[1]


# --- Rook -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_m5_rooks_log_and_summaries_speak_to_you(lang: str, _home: Path) -> None:
    """A hand of Rook under the default name, then its table: the log says "Hand 1: Bot
    3 deals.", "You bid 75." / "You pass." (나:, あなた:), "You take the trick", never
    "You bids" or "나 님"."""
    from tt22.games.rook.bots import make_bot
    from tt22.play.session import LocalSession
    from tt22.tui.games.rook.summary import hand_lines
    from tt22.tui.games.rook.table import RookTableScreen

    set_language(lang)
    rook = get_game("rook")
    players = [Player(t("player.you"))] + [
        Player(t("player.bot", n=s), "bot", "normal") for s in (1, 2, 3)
    ]
    session = LocalSession.start(rook, rook.rules([], 4), "m5 rook", players, _home)
    me = make_bot("random", "m5 rook")
    while len(session.state.history) < 1:
        seat_on_turn = session.to_move
        if session.is_bot(seat_on_turn):
            session.play(session.bot_move())
        else:
            session.play(me.choose(session.view(seat_on_turn)))
    session.release()
    hand = session.state.history[-1]
    names = session.names
    app = TT22App(StartOptions(language=lang, pace=0, home=_home))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await pilot.press("c")  # Continue: the table rebuilds its log from the moves
        await wait_for(pilot, lambda: isinstance(app.screen, RookTableScreen))
        await pilot.pause()
        table = app.screen
        assert isinstance(table, RookTableScreen)
        text = log_text(table.query_one("#rook-log", RichLog))
        assert_reads_right(text, lang)
        you = {"en": ("You bid ", "You pass."), "ko": ("나: ",), "ja": ("あなた: ",)}[lang]
        assert any(word in text for word in you), text
        assert t("player.bot", n=1) in text  # the others by name
        if lang == "en":
            assert re.search(r"Bot \d (?:bids|passes)", text)
        assert_reads_right(screen_text(app), lang)
    summary = hand_lines(names, hand, False, 0).plain
    assert_reads_right(summary, lang)
    if hand.bidder == 0:
        assert summary.startswith({"en": "You bid", "ko": "나:", "ja": "あなた:"}[lang])
    from tt22.tui.games.rook.summary import winners_text

    partners = winners_text(names, (0, 2), 4, you=0)
    assert_reads_right(partners, lang)
    assert t("player.bot", n=2) in partners


# --- Gin, Oklahoma, Rummy ---------------------------------------------------------------


def summary_text(app: Any) -> str:
    return screen_text(app)


async def knock_and_read(pilot: Any, app: Any, key: str) -> str:
    await pilot.press(key)
    await wait_for(pilot, lambda: isinstance(app.screen, HandSummary))
    await pilot.pause()
    return summary_text(app)


GIN_WIN = {
    "en": "You win the hand:",
    "ko": "내가 이겼습니다:",
    "ja": "あなたの勝ち:",
}


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_m5_a_gin_knock_by_you_is_said_to_you(lang: str) -> None:
    """ "You wins the hand: 54 points." (Oklahoma) and "Undercut! You scores 28." (Gin)."""
    set_language(lang)
    me = t("player.you")
    state = gin_at(
        ["3S 4S 5S 7H 7D 7C 9H 9D 9C 2C KD", "JD QD 2H 3H 5D 6C 8S 9S 4C AD"],
        "6H",
        phase=gin.DISCARD,
        upcard="7S",
        rules=["knock_limit=upcard"],
    )
    s = session_of("gin", [me, "Bot 1"], seed="m5 gin", rules=["knock_limit=upcard"], state=state)
    app = table_app(lang)
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        from tt22.games.rummy.cards import CODE
        from tt22.tui.games.rummy.widgets import MeldHand

        hand = table.query_one("#rummy-hand", MeldHand)
        hand.point_at(CODE["KD"])
        text = await knock_and_read(pilot, app, "k")
        assert GIN_WIN[lang] in text, text
        assert_reads_right(text, lang)


async def test_m5_an_undercut_of_the_bot_is_said_to_you() -> None:
    """The bot knocks with more deadwood than yours: "Undercut! You score N."."""
    state = gin_at(
        ["3S 4S 5S 7H 7D 7C 9H 9D 9C AC", "JD QD KD 2H 3H 4H 6S 7S 8S 8C 9C"],
        "6H",
        phase=gin.DISCARD,
        to_move=1,
    )
    game = get_game("gin")
    knock = next(m for m in game.legal_moves(state) if isinstance(m, Knock) and m.card == "9C")
    after = game.apply(state, knock)
    result = after.history[-1]
    assert result.kind == "undercut" and result.winner == 0
    from tt22.tui.games.rummy.summary import gin_hand_lines

    lines = "\n".join(x.plain for x in gin_hand_lines(result, ["You", "Bot 1"], False, 100))
    assert "Undercut! You score " in lines, lines
    assert_reads_right(lines, "en")
    named = "\n".join(x.plain for x in gin_hand_lines(result, ["Ann", "Bot 1"], False, 100))
    assert "Undercut! Ann scores " in named  # a name keeps its verb
    mine = "\n".join(x.plain for x in gin_hand_lines(result, ["Ann", "Bot 1"], False, 100, 0))
    assert "Undercut! You score " in mine  # Ann at the keyboard is spoken to


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
async def test_m5_going_out_in_rummy_is_said_to_you(lang: str) -> None:
    set_language(lang)
    me = t("player.you")
    state = rummy_at(["3S 4S 5S KD", "2H 3H 9C", "KC QC 8D"], "QH", phase=ACT)
    s = session_of("rummy", [me, "Bot 1", "Bot 2"], seed="m5 rummy", state=state)
    app = table_app(lang)
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        from tt22.games.rummy import Discard, Meld

        await press_move(pilot, table, Meld(0, ("3S", "4S", "5S")))
        await pilot.pause()
        await press_move(pilot, table, Discard(0, "KD"))
        await wait_for(pilot, lambda: isinstance(app.screen, HandSummary))
        await pilot.pause()
        text = summary_text(app)
        went = {"en": "You went out.", "ko": "내가 나갔습니다.", "ja": "あなたが上がりました。"}
        assert went[lang] in text, text
        assert_reads_right(text, lang)


@pytest.mark.parametrize(
    ("game", "names", "rules"),
    [
        ("gin", ["You", "Bot 1"], ()),
        ("gin", ["You", "Bot 1"], ("knock_limit=upcard",)),
        ("rummy", ["You", "Bot 1", "Bot 2"], ()),
    ],
)
async def test_m5_whole_hands_under_the_default_name_never_misspeak(
    game: str, names: list[str], rules: tuple[str, ...]
) -> None:
    """Gin, Oklahoma and Rummy played by keys under "You" until a hand you win (or the
    game's end): no screen on the way says "You <verb>s", and the hand you won says
    "You win the hand" / "Gin! You score" / "Undercut! You score" / "You went out"."""
    s = session_of(game, names, seed=f"m5 whole {game} {rules}", rules=rules, level="hard")
    app = table_app()
    won = ""
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        me = person(s.seed)
        seen: list[str] = []
        for _ in range(20000):
            screen = app.screen
            if isinstance(screen, GameSummary):
                seen.append(screen_text(app))
                break
            if isinstance(screen, HandSummary):
                seen.append(screen_text(app))
                last = s.state.history[-1]
                if last.winner == 0 and getattr(last, "kind", "") != "void":
                    won = seen[-1]
                    break
                await pilot.press("enter")
                await pilot.pause()
                continue
            state = s.state
            if s.game.to_move(state) == 0 and table.my_view() is not None:
                seen.append(screen_text(app))
                await press_move(pilot, table, me.choose(s.game.view(state, 0)))
                await pilot.pause()
            else:
                await pilot.pause(0.01)
        assert seen and (won or isinstance(app.screen, GameSummary)), "no hand was won"
        for text in seen:
            assert_reads_right(text, "en")
        if won:
            assert re.search(
                r"You win the hand|Gin! You score|Undercut! You score|You went out", won
            )


# --- the text of `tt22 show` / `tt22 sim` -----------------------------------------------


@pytest.mark.parametrize(("name", "players"), [("gin", 2), ("rummy", 3), ("rook", 2)])
def test_m5_the_text_log_agrees_with_you(name: str, players: int) -> None:
    game = get_game(name)
    steps = random_playout(game, players, f"m5 text {name}")
    final = steps[-1][0]
    seats = [Player("You")] + [Player(f"Bot {s}", "bot", "random") for s in range(1, players)]
    family = "rook" if name == "rook" else "rummy"
    textlog = importlib.import_module(f"tt22.games.{family}.textlog")
    text = textlog.render_text(game.transcript(final, "m5", seats))
    assert_reads_right(text, "en")
    if name == "rook":
        assert "  You take pile " in text and re.search(r"  Bot 1 takes pile ", text)
    else:
        assert "  You draw " in text or "  You draw" in text
        assert re.search(r"  Bot 1 (?:draws|discards)", text)
