"""M2, L8, L14 (issue 21): one order for a hand of the Rummy family, everywhere.

Gin sorted its hand, the deadwood of its summaries and the replayer's hands aces high
("3♦ 4♦ A♦", "... Q♠ K♥ A♠ = 50"), away from the 2 and 3 they run with (G2: aces are
low). Now every place a hand is shown (the table, the summaries, the replayer, the text
of `tt22 show`/`sim`) uses `hand_order`: by suit, up the suit with the ace low; Rummy's
ace as its `ace` rule has it. A card drawn goes into its place (L8), and Gin's cursor
starts on the highest deadwood card, not on a card of a meld (L14).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from layoutkit import screen_lines
from rummykit import cs, gin_at, random_playout, rummy_at
from rummyuikit import seat, session_of, table_app

from tt22.core.players import Player
from tt22.core.registry import get_game
from tt22.games.rummy import Knock, gin
from tt22.games.rummy.cards import CODE, TEXT
from tt22.games.rummy.rummy import DRAW
from tt22.tui.games.rummy.widgets import MeldHand
from tt22.tui.i18n import set_language

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TT22_HOME", str(tmp_path / "home"))
    set_language("en")
    yield
    set_language("en")


def texts(cards: tuple[int, ...] | list[int]) -> str:
    return " ".join(TEXT[c] for c in cards)


def test_m2_a_hand_goes_by_suit_with_the_ace_where_its_runs_take_it() -> None:
    from tt22.games.rummy.cards import hand_order

    assert texts(hand_order(cs("KS AS 3D 2S 4D AD 9H"))) == "AS 2S KS 9H AD 3D 4D"
    # Rummy's ace may also run high (Q-K-A): it sits by the cards it could run with,
    # and by the 2 and 3 whenever it could run either way
    assert texts(hand_order(cs("AS QS KS"), True)) == "QS KS AS"
    assert texts(hand_order(cs("AS 2S KS"), True)) == "AS 2S KS"
    assert texts(hand_order(cs("AH 5H"), True)) == "AH 5H"
    assert texts(hand_order(cs("AH QS KS AS"), True)) == "QS KS AS AH"


async def test_m2_l14_gins_hand_reads_aces_low_and_the_cursor_starts_on_the_deadwood() -> None:
    """The hand after its melds: "A♥ 4♥ K♥" (not "4♥ K♥ A♥"), and the cursor on K♥, the
    highest deadwood card, not on 3♠ at the head of a meld ("Discard 3♠: deadwood 58")."""
    state = gin_at(
        ["3S 4S 5S 7H 7D 7C AH 4H KH 2C JC", "JD QD 2H 3H 5D 6C 8S 9S 4C AD"],
        "6H",
        phase=gin.DISCARD,
    )
    s = session_of("gin", ["Ann", "Bot 1"], seed="m2", state=state)
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        hand = table.query_one("#rummy-hand", MeldHand)
        assert texts(hand.arranged.rest) == "AH 4H KH 2C JC"
        assert hand.card == CODE["KH"], TEXT[hand.card or 0]  # (K♥ and J♣ are 10: K higher)
        shown = "\n".join(screen_lines(app))
        assert "A♥   4♥   K♥   2♣   J♣" in shown
        assert "Discard K♥ (Enter)" in shown


async def test_l14_a_drawn_card_moves_the_cursor_to_the_highest_deadwood_card() -> None:
    state = gin_at(
        ["3S 4S 5S 7H 7D 7C AH 4H 2C 9D", "JD QD 2H 3H 5D 6C 8S 9S 4C AD"],
        "6H",
        stock="QC 8H 8D",
        phase=gin.DRAW,
    )
    s = session_of("gin", ["Ann", "Bot 1"], seed="l14", state=state)
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        hand = table.query_one("#rummy-hand", MeldHand)
        assert hand.card == CODE["9D"]
        await pilot.press("enter")  # draw from the stock: Q♣
        await pilot.pause()
        assert CODE["QC"] in hand.order and hand.card == CODE["QC"]
        assert texts(hand.arranged.rest) == "AH 4H 9D 2C QC"


async def test_l8_a_card_drawn_in_rummy_is_sorted_into_place_by_the_ace_rule() -> None:
    """With `ace = "low"` the drawn A♠ goes before 3♠; Rummy had put it after the 9."""
    state = rummy_at(
        ["3S 9S KH 5D 8C 2C", "2H 3H 9C 4D 5C 6S", "KC QC 8D 7D 6D 4S"],
        "QH",
        stock="AS TH JH",
        phase=DRAW,
        rules=["ace=low"],
    )
    s = session_of("rummy", ["Ann", "Bot 1", "Bot 2"], seed="l8", rules=["ace=low"], state=state)
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        table = await seat(app, pilot, s)
        hand = table.query_one("#rummy-hand", MeldHand)
        await pilot.press("enter")  # draw from the stock: A♠
        await pilot.pause()
        assert texts(hand.order) == "AS 3S 9S KH 5D 2C 8C"
        assert "A♠   3♠   9♠   K♥   5♦   2♣   8♣" in "\n".join(screen_lines(app))


def test_m2_the_gin_summary_lists_deadwood_aces_low_by_suit() -> None:
    """ "█ Ann: … deadwood 3♠ 3♦ A♦ A♣ = 8": the summary's deadwood was in 22's order."""
    from tt22.tui.games.rummy.summary import gin_hand_lines

    state = gin_at(
        ["3S 4S 5S 7H 7D 7C 9H 9D 9C AC KD", "JD QD 2H 3H 5D 6C 8S 9S 4C AD"],
        "6H",
        phase=gin.DISCARD,
    )
    game = get_game("gin")
    knock = next(m for m in game.legal_moves(state) if isinstance(m, Knock) and m.card == "KD")
    result = game.apply(state, knock).history[-1]
    lines = [x.plain for x in gin_hand_lines(result, ["Ann", "Bot 1"], True, 100)]
    bot = next(x for x in lines if x.startswith("Bot 1:"))
    assert bot.endswith(f"deadwood 8S 2H 3H AD 5D JD QD 4C 6C = {result.deadwood[1]}"), bot


def test_m2_rummys_cards_left_follow_its_ace_rule() -> None:
    from tt22.tui.games.rummy.summary import rummy_hand_lines

    result = (0, "out", ((), cs("AS 3S KS"), cs("QH KH AH 2D")), (0, 14, 21))
    low = [x.plain for x in rummy_hand_lines(result, ["A", "B", "C"], True, (0, 14, 21), 100)]
    high = rummy_hand_lines(result, ["A", "B", "C"], True, (0, 14, 21), 100, high=True)
    assert "B: AS 3S KS +14" in low and "C: AH QH KH 2D +21" in low
    assert "C: QH KH AH 2D +21" in [x.plain for x in high]


@pytest.mark.parametrize(("name", "players"), [("gin", 2), ("rummy", 3)])
def test_m2_the_text_of_show_and_sim_deals_hands_in_the_tables_order(
    name: str, players: int
) -> None:
    from tt22.games.rummy.cards import hand_order
    from tt22.games.rummy.textlog import render_text

    game = get_game(name)
    final = random_playout(game, players, f"m2 text {name}")[-1][0]
    seats = [Player(f"Bot {s}", "bot", "random") for s in range(players)]
    t = game.transcript(final, "m2", seats)
    text = render_text(t, ascii_style=True)
    high = name == "rummy" and t["rules"]["ace"] == "low_or_high"
    for h in t["hands"]:
        for s, dealt in enumerate(h["dealt"]):
            cards = texts(hand_order([CODE[c] for c in dealt], high))
            line = f"  {'Bot ' + str(s):<16} {cards}"
            assert line in text, line
