"""500 Rum's, Persian Rummy's and Manipulation Rummy's summaries, score history and help
(tt22/tui/games/rum500, tt22/tui/games/manipulation), held to their engines: matches played by the
games' own bots, every number on a summary equal to the engine's finished hand (F8's
sums, P2's side totals, P4's four jokers, P5's going out, P7's game bonus, X7 and X8's
penalties), the help's pages in English, Korean and Japanese citing every rule, and the
screens whole at 80x24 in the three languages.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from layoutkit import screen_lines
from paths import ROOT
from pilotkit import wait_for
from rich.text import Text

from tt22.core.bots import play_match
from tt22.core.registry import get_game
from tt22.games.manipulation.bots import make_bot as manipulation_bot
from tt22.games.rum500 import engine as rum
from tt22.games.rum500.bots import make_bot as rum_bot
from tt22.games.rum500.moves import STOCK, Draw, Meld
from tt22.record import load_record, replay_game
from tt22.tui.app import StartOptions, TT22App
from tt22.tui.help_text import page_help, page_markdown
from tt22.tui.i18n import set_language
from tt22.tui.summary import screens_of
from tt22.tui.summary.screens import (
    hand_summary_screen,
    match_summary_screen,
    score_history_screen,
)

SIZE = (80, 24)
LANGUAGES = ("en", "ko", "ja")
RULES = {
    "rum500": [f"F{i}" for i in range(1, 10)],
    "persian": [f"P{i}" for i in range(1, 9)],
    "manipulation": [f"X{i}" for i in range(1, 10)],
}


@pytest.fixture(autouse=True)
def _english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("TT22_HOME", str(tmp_path))
    set_language("en")  # (another file's test in this worker may have left its language)
    yield
    set_language("en")


def played(name: str, players: int, seed: str, bot: str = "rules") -> Any:
    """A whole match of `name` between its own bots: its last state."""
    game = get_game(name)
    make = manipulation_bot if name == "manipulation" else rum_bot
    bots = [make(bot, f"{seed} {i}") for i in range(players)]
    return play_match(game, game.rules([], players), seed, bots).state


def upto(view: Any, hands: int) -> Any:
    """The view as it was when hand `hands` had just ended (its first finished hands)."""
    return view._replace(history=view.history[:hands])


def text(cell: Any) -> str:
    return cell.plain if isinstance(cell, Text) else str(cell)


def grid_rows(grid: Any) -> list[list[str]]:
    return [[text(c) for c in row.cells] for row in grid.rows]


def lines_text(summary: Any) -> str:
    return "\n".join(text(line) for line in summary.lines)


# ---------------------------------------------------------------- 500 Rum: F8, F9


def test_rum500_hand_summary_is_the_engines_f8_sum_for_every_hand() -> None:
    state = played("rum500", 3, "screens rum")
    view = get_game("rum500").view(state, 0)
    names = ["Ann", "Bob", "Cy"]
    screens = screens_of("rum500")
    assert len(state.history) >= 2
    for k, h in enumerate(state.history, start=1):
        summary = screens.hand_summary(upto(view, k), names, 0, False)
        rows = grid_rows(summary.grid)
        assert [c.heading for c in summary.grid.columns][1:] == [
            "Melded",
            "In hand",
            "Hand",
            "Total",
        ]
        for seat, row in enumerate(rows):
            held = f"-{h.held[seat]}" if h.held[seat] else "0"
            assert row == [names[seat], str(h.melded[seat]), held, str(h.points[seat]),
                           str(h.scores[seat])]  # fmt: skip
            assert h.points[seat] == h.melded[seat] - h.held[seat]  # (F8, the engine's)
        said = lines_text(summary)
        if h.ended == rum.ENDED_OUT:
            who = "You" if h.out == 0 else names[h.out]
            assert f"{who} went out (F7)." in said
        for seat in range(3):
            assert f"{names[seat]}: " in said  # each seat's cards left
        assert summary.next_label == "Next hand"
    end = screens.match_summary(view, names, None, False)
    assert [r[1] for r in grid_rows(end.grid)] == [str(s) for s in sorted(state.scores)[::-1]]
    winners = ", ".join(names[s] for s in state.winners)
    assert end.winner == f"Winner: {winners}" and max(state.scores) >= 500


def test_rum500_score_history_is_the_scores_after_each_hand() -> None:
    state = played("rum500", 3, "screens rum")
    view = get_game("rum500").view(state, 1)
    history = screens_of("rum500").score_history(view, ["A", "B", "C"], 1, False)
    assert history.grid is not None
    hands = state.history[-10:]
    for seat, row in enumerate(grid_rows(history.grid)):
        assert [c.strip("+ ") for c in row[1:]] == [str(h.scores[seat]) for h in hands]
        assert [c.endswith("+") for c in row[1:]] == [h.out == seat for h in hands]


# ---------------------------------------------------------------- Persian: P2, P4, P5, P7


def test_persian_shows_the_sides_together_with_the_engines_totals_and_the_p7_bonus() -> None:
    state = played("persian", 4, "screens persian")
    view = get_game("persian").view(state, 2)
    names = ["Ann", "Bob", "Cy", "Di"]
    screens = screens_of("persian")
    for k, h in enumerate(state.history, start=1):
        summary = screens.hand_summary(upto(view, k), names, 2, False)
        rows = grid_rows(summary.grid)
        assert summary.title == f"Deal {k} of 2 is over" and summary.next_label == "Next deal"
        # seats 0 and 2, side A's sums and total; then seats 1 and 3, side B's
        assert [r[0] for r in rows] == ["Ann", "Cy", "Team A (Ann, Cy)", "Bob", "Di",
                                        "Team B (Bob, Di)"]  # fmt: skip
        for side, at in ((0, 0), (1, 3)):
            a, b = side, side + 2
            for seat, row in ((a, rows[at]), (b, rows[at + 1])):
                assert row[1:5] == [str(h.melded[seat]), str(h.bonus[seat]),
                                    f"-{h.held[seat]}" if h.held[seat] else "0",
                                    str(h.points[seat])]  # fmt: skip
            team = rows[at + 2]
            assert team[1] == str(h.melded[a] + h.melded[b])
            assert team[2] == str(h.bonus[a] + h.bonus[b])
            assert team[4] == str(h.points[a] + h.points[b])
            assert team[5] == str(h.scores[a]) == str(h.scores[b])  # (P2: one total)
        if h.ended == rum.ENDED_OUT:  # P5: the engine's 25 is in the bonus column
            assert h.bonus[h.out] >= 25
            assert "Going out scores the side 25 (P5)." in lines_text(summary)
    assert len(state.history) == 2  # P7: two deals make the game
    end = screens.match_summary(view, names, 2, False)
    last = state.history[-1].scores
    bonus = [state.scores[s] - last[s] for s in (0, 1)]
    assert sorted(bonus) in ([0, 50], [0, 0])
    rows = {r[0]: r[1:] for r in grid_rows(end.grid)}
    for side, team in enumerate(("Team A (Ann, Cy)", "Team B (Bob, Di)")):
        assert rows[team] == [str(last[side]), str(bonus[side]), str(state.scores[side])]
    if 50 in bonus:
        side = bonus.index(50)
        team = ("Team A (Ann, Cy)", "Team B (Bob, Di)")[side]
        assert f"{team} is ahead after the deals and scores 50 more (P7)." in lines_text(end)
        you_won = state.winners == (side, side + 2) and 2 in state.winners
        assert end.winner == ("You win!" if you_won else f"Winner: {team}")
    history = screens.score_history(view, names, 2, False)
    assert history.grid is not None
    assert [c.heading for c in history.grid.columns][-1] == ("P7" if any(bonus) else "2")
    for side, row in enumerate(grid_rows(history.grid)):
        assert row[1].strip("+ ") == str(state.history[0].scores[side])


def four_jokers_state(seed: str) -> tuple[Any, int]:
    """A Persian deal in which the seat to move holds the four jokers (swapped in from
    wherever the deal put them for cards of its own), ready to draw."""
    game = get_game("persian")
    s = game.new_match(game.rules([], 4), 4, seed)
    seat = s.to_move
    s = s.copy()
    hands = [list(h) for h in s.hands]
    stock, pile = list(s.stock), list(s.pile)
    mine = [c for c in hands[seat] if c < 52]
    for joker in (52, 53, 54, 55):
        if joker in hands[seat]:
            continue
        give = mine.pop()
        hands[seat][hands[seat].index(give)] = joker
        for where in (*(hands[k] for k in range(4) if k != seat), stock, pile):
            if joker in where:
                where[where.index(joker)] = give
                break
    s.hands = tuple(tuple(sorted(h)) for h in hands)
    s.stock, s.pile = tuple(stock), tuple(pile)
    s.pos = None
    return s, seat


def test_persian_p4_four_jokers_at_once_is_the_engines_bonus_on_the_summary() -> None:
    game = get_game("persian")
    s, seat = four_jokers_state("screens jokers")
    s = game.apply(s, Draw(seat, STOCK))
    s = game.apply(s, Meld(seat, ("X1", "X2", "X3", "X4")))
    four = rum.four_bonus(s.rules, (52, 53, 54, 55))
    assert four == 240 and s.bonus[seat] == four  # 320 in all: four times 80
    bots = [rum_bot("rules", f"jokers {i}") for i in range(4)]
    while not s.history:
        s = game.apply(s, bots[s.to_move].choose(game.view(s, s.to_move)))
    h = s.history[0]
    names = ["Ann", "Bob", "Cy", "Di"]
    you = (seat + 1) % 4
    summary = screens_of("persian").hand_summary(game.view(s, you), names, you, False)
    said = lines_text(summary)
    assert f"{names[seat]} put the four jokers down at once: +{four} (P4)." in said
    row = next(r for r in grid_rows(summary.grid) if r[0] == names[seat])
    assert row[2] == str(h.bonus[seat]) and h.bonus[seat] - four in (0, 25)
    assert h.melded[seat] >= 80  # the jokers' own 4 x 20 (P1) counted as melded


# ---------------------------------------------------------------- Manipulation: X6-X8


def test_manipulation_summaries_are_the_engines_penalties_and_totals() -> None:
    state = played("manipulation", 3, "screens 2")
    kinds = {h.ended for h in state.history}
    assert kinds == {"out", "passed"}  # both ends of a hand: X6 and X7
    view = get_game("manipulation").view(state, 0)
    names = ["Ann", "Bob", "Cy"]
    screens = screens_of("manipulation")
    for k, h in enumerate(state.history, start=1):
        summary = screens.hand_summary(upto(view, k), names, 0, False)
        rows = {r[0]: r[1:] for r in grid_rows(summary.grid)}
        for seat in range(3):
            assert rows[names[seat]] == [str(len(h.left[seat])), f"+{h.deltas[seat]}",
                                         str(h.scores[seat])]  # fmt: skip
        totals = [int(r[3]) for r in grid_rows(summary.grid)]
        assert totals == sorted(totals)  # the lowest first (X8)
        said = lines_text(summary)
        if h.winner >= 0:
            who = "You" if h.winner == 0 else names[h.winner]
            assert f"{who} went out (X6)." in said and h.deltas[h.winner] == 0
        else:
            assert "no winner" in said and "(X7)" in said
            assert all(f"{names[s]}: " in said for s in range(3))  # every seat pays
        assert "reaches 100" in said
    end = screens.match_summary(view, names, None, False)
    assert [r[1] for r in grid_rows(end.grid)] == [str(s) for s in sorted(state.scores)]
    assert end.winner == "Winner: " + ", ".join(names[s] for s in state.winners)
    assert max(state.scores) >= 100 and min(state.scores) == state.scores[state.winners[0]]
    history = screens.score_history(view, names, 0, False)
    assert history.grid is not None
    for seat, row in enumerate(grid_rows(history.grid)):
        assert [c.strip("+ ") for c in row[1:]] == [str(h.scores[seat]) for h in state.history]


# ---------------------------------------------------------------- the help


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", sorted(RULES))
def test_each_help_page_exists_in_the_language_and_cites_every_rule(
    game: str, language: str
) -> None:
    set_language(language)
    page = page_help(game)
    source = page_markdown(game)
    title = {"en": "How to play", "ko": "하는 법", "ja": "の遊び方"}[language]
    assert title in page.title
    for rule in RULES[game]:
        assert f"**{rule} " in source or f"({rule})" in source, (game, language, rule)
    keys = [s for s in page.sections if s.keys]
    # The table's own keys (the L13 test holds them), then the replayer's, as every
    # protocol game's replayer binds them.
    assert len(keys) == 2 and keys[0].of_table and not keys[1].of_table
    replay = {k for row in keys[1].keys for k in row.keys}
    assert {"left", "up", "pageup", "space", "v", "m", "g", "p", "c", "s", "q"} <= replay
    shown = {k for row in keys[0].keys for k in row.keys}
    if game == "manipulation":
        assert set("ngbfdiuxq") | {"enter", "escape", "space", "question_mark"} <= shown
    else:
        assert {"p", "m", "o", "space", "enter", "question_mark"} <= shown and "k" not in shown
    if language != "en":  # a translation, not the English left in
        set_language("en")
        assert page_markdown(game) != source


def test_the_help_lists_the_options_in_play() -> None:
    rules = get_game("persian").rules(["four_jokers=2"], 4)
    assert "| four_jokers (P4) | 2 |" in page_markdown("persian", rules)
    rules = get_game("manipulation").rules(["target=150"], 3)
    assert "| target (X8) | 150 |" in page_markdown("manipulation", rules)


# ---------------------------------------------------------------- whole at 80x24


def whole(lines: list[str]) -> None:
    assert len(lines) == SIZE[1]
    assert not any("…" in line for line in lines), lines
    assert all(len(line) <= SIZE[0] for line in lines)


LONG = ["Annabelle Longname", "Bot 1", "Cyrano de Bergerac", "[red]Di[/red]"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", sorted(RULES))
async def test_the_summaries_and_history_are_whole_at_80x24(game: str, language: str) -> None:
    players = 3 if game != "persian" else 4
    seed = {"rum500": "screens rum", "persian": "screens persian"}.get(game, "screens 2")
    state = played(game, players, seed)
    view = get_game(game).view(state, 0)
    names = LONG[:players]
    app = TT22App(StartOptions(pace=0.0, language=language))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.screen.is_mounted)
        for screen in (
            hand_summary_screen(game, upto(view, 1), names, 0),
            hand_summary_screen(game, view, names, 0),
            match_summary_screen(game, view, names, 0, None, "a seed"),
            score_history_screen(game, view, names, 0),
        ):
            await app.push_screen(screen)
            await wait_for(pilot, lambda s=screen: app.screen is s and s.is_mounted)  # type: ignore[misc]
            await pilot.pause()
            lines = screen_lines(app)
            whole(lines)
            flat = " ".join(lines)
            for name in names[1:]:  # (the first is said to as "you")
                assert name in flat or game == "persian", (name, lines)
            assert "[red]Di[/red]" in flat or players == 3  # a name is text, never markup
            app.pop_screen()
            await pilot.pause()


def test_a_hand_the_stock_ended_says_so_and_the_ascii_style_has_no_suit_symbols() -> None:
    """F7's empty stock (the 500 Rum sample's eighth hand): nobody went out, and every
    seat's F8 sum is still shown; in the ASCII style the cards left are `TS`, not `10♠`."""
    record = load_record(ROOT / "records" / "4p-rum500.22rec")
    game = get_game(record.game)
    view = game.view(replay_game(record).states[-1], 0)
    k = next(i for i, h in enumerate(view.history, start=1) if h.ended == rum.ENDED_STOCK)
    summary = screens_of("rum500").hand_summary(upto(view, k), list("ABCD"), None, True)
    said = lines_text(summary)
    assert "The stock ran out: the hand is over, nobody went out (F7)." in said
    assert "went out (F7)." not in said.replace("nobody went out (F7).", "")
    assert not set("♠♥♦♣") & set(said)
    h = view.history[k - 1]
    assert [r[3] for r in grid_rows(summary.grid)] == [str(p) for p in h.points]
    manipulation = played("manipulation", 3, "screens 2")
    mview = get_game("manipulation").view(manipulation, 0)
    said = lines_text(screens_of("manipulation").hand_summary(mview, list("ABC"), None, True))
    assert not set("♠♥♦♣") & set(said) and "no winner" in said
