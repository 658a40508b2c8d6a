"""Reasons as data, said in words: every reason code of 22 and every complaint about rules
(a `RulesError`'s code, for every game) in English byte for byte against a golden file,
each with Korean and Japanese words of its own (no English left over, no `{placeholder}`
unfilled), and the engine raising exactly the codes and arguments the templates name.

Regenerate the golden file after a deliberate change of wording with
`PYTHONPATH=tests/kits python tests/games/twentytwo/test_reasons.py` and review the diff.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator, Mapping
from typing import NamedTuple

import pytest
from paths import TESTS

from tt22.core.cards import TEXT
from tt22.core.protocol import RULES_ENGLISH as SHARED_RULES
from tt22.core.protocol import IllegalMove, Reason, RuleBroken, RulesError, render
from tt22.core.registry import get_game
from tt22.core.rng import Pcg32
from tt22.games.rook.reasons import RULES_ENGLISH as ROOK_RULES
from tt22.games.rummy.reasons import RULES_ENGLISH as RUMMY_RULES
from tt22.games.twentytwo import Exchange, Play, Rules, apply, legal_moves, new_match, view
from tt22.games.twentytwo.explain import why_forced, why_refused
from tt22.games.twentytwo.reasons import ENGLISH, ONE, line, words
from tt22.games.twentytwo.reasons import RULES_ENGLISH as TWENTYTWO_RULES
from tt22.tui.i18n import set_language
from tt22.tui.reasons import RULES, TWENTYTWO, reason_words

GOLDEN = TESTS / "golden" / "reasons-en.txt"

ALL_RULES: Mapping[str, str] = {**SHARED_RULES, **TWENTYTWO_RULES, **ROOK_RULES, **RUMMY_RULES}


def r(code: str, rule: str = "", **args: str | int) -> Reason:
    return Reason(code, rule, tuple(args.items()))


# Every 22 reason code with sample arguments (both forms of a code whose English changes
# when its count is 1).
MOVES = [
    r("twentytwo.over", "R5"),
    r("twentytwo.turn", "R13", expected=2, seat=0),
    r("twentytwo.not_a_move", "R11", kind="Bid"),
    r("twentytwo.exchange_first", "R11"),
    r("twentytwo.exchange_over", "R11"),
    r("twentytwo.not_cards", "R11"),
    r("twentytwo.discard_not_held", "R11"),
    r("twentytwo.stock_short", "R11", count=3, stock=2),
    r("twentytwo.play_not_held", "R12"),
    r("twentytwo.no_cards", "R13"),
    r("twentytwo.lead_one_rank", "R12"),
    r("twentytwo.lead_too_many", "R12", max_set=4),
    r("twentytwo.lead_keep_one", "R12"),
    r("twentytwo.follow_count", "R13", count=1),
    r("twentytwo.follow_count", "R13", count=3),
    r("twentytwo.neither", "R13", ranks="7", best="9", count=1),
    r("twentytwo.neither", "R13", ranks="5-4-3", best="K-Q-10", count=3),
    r("twentytwo.must_beat", "R13", best="5"),
    r("twentytwo.not_your_turn"),
    r("twentytwo.choose"),
    r("twentytwo.select_count", "R13", count=1),
    r("twentytwo.select_count", "R13", count=3),
    r("twentytwo.cannot_beat", "R13", best="A", count=1),
    r("twentytwo.cannot_beat", "R13", best="K-Q-10", count=3),
    r("twentytwo.must_beat_one", "R13", best="5"),
    r("twentytwo.only_one", "R13"),
]

# Every complaint about rules, with the game whose new-game screen would show it.
COMPLAINTS = [
    (r("rules.assignment", text="target"), "rook"),
    (r("rules.unknown", name="x", known="min_bid, bid_step, target"), "rook"),
    (r("rules.one_of", name="final_discard", choices="optional, required", value="x"), "rummy"),
    (r("rules.boolean", name="spades_double", value="maybe"), "gin"),
    (r("rules.whole_number", name="min_bid", value="abc"), "rook"),
    (r("rules.range", "K8", name="bid_step", low=5, high=120, value=3), "rook"),
    (r("twentytwo.rules.players", "R1", low=2, high=9, players=10), "twentytwo"),
    (r("twentytwo.rules.decks", "R1", decks=3), "twentytwo"),
    (r("twentytwo.rules.two_decks", "R1", players=7), "twentytwo"),
    (r("twentytwo.rules.max_set", "R12", size=4, decks=1), "twentytwo"),
    (r("twentytwo.rules.first_hand", "R9", low=1, high=13, value=40), "twentytwo"),
    (r("twentytwo.rules.elimination_at", "R5", low=1, high=40, value=0), "twentytwo"),
    (r("rook.rules.players", "K1", low=2, high=4, players=5), "rook"),
    (r("rook.rules.bid_step", "K8", high=120, value=7), "rook"),
    (r("rook.rules.min_bid", "K8", step=15, high=120, value=70), "rook"),
    (r("rummy.rules.players", "M7", low=2, high=4, players=9), "rummy"),
    (r("rummy.rules.hand_size", "M7", value=13), "rummy"),
    (r("gin.rules.players", "G1", count=2, players=3), "gin"),
    (r("gin.rules.oklahoma_deal", "G9"), "gin"),
    (r("gin.rules.spades_double_deal", "G9"), "gin"),
]


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _head(reason: Reason, game: str = "") -> str:
    """`code rule args [game]`, the rule "-" when it has none."""
    parts = [reason.code, reason.rule or "-", *(f"{k}={v!r}" for k, v in reason.args)]
    return " ".join(parts + ([f"[{game}]"] if game else [])) + "\n"


def golden_text() -> str:
    """Each reason's English: what the command line says (`str` of its error), then what
    the interface shows in English (22's table; the new-game screen for a complaint)."""
    set_language("en")
    out = ["# 22's reasons: the command line's words, then the table's sentence\n"]
    for why in MOVES:
        out.append(_head(why))
        out.append(f"    {words(why)}\n    {reason_words(why)}\n")
    out.append("# complaints about rules: the command line's words, then the new-game screen's\n")
    for why, game in COMPLAINTS:
        out.append(_head(why, game))
        out.append(f"    {render(why, ALL_RULES)}\n    {reason_words(why, game=game)}\n")
    return "".join(out)


def test_every_reason_in_english_byte_for_byte() -> None:
    assert golden_text() == GOLDEN.read_text(encoding="utf-8")


def test_the_samples_cover_every_code_with_the_templates_arguments() -> None:
    assert {why.code for why in MOVES} == set(ENGLISH) == set(TWENTYTWO)
    for code in ONE:  # both forms of a count's words
        assert {why.arg("count") == 1 for why in MOVES if why.code == code} == {True, False}
    for why in MOVES:
        assert {k for k, _ in why.args} == fields(ENGLISH[why.code]), why.code
        if why.code in ONE:
            assert fields(ONE[why.code]) <= fields(ENGLISH[why.code]), why.code
    assert {why.code for why, _ in COMPLAINTS} == set(ALL_RULES) == set(RULES)
    for why, _ in COMPLAINTS:
        assert {k for k, _ in why.args} == fields(ALL_RULES[why.code]), why.code


def test_22s_table_shows_the_engines_english_as_a_sentence() -> None:
    set_language("en")
    for why in MOVES:
        assert reason_words(why) == line(why)
        assert line(why) == f"{words(why)[:1].upper()}{words(why)[1:]}."


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_every_code_has_korean_and_japanese_words_filled_in(lang: str) -> None:
    set_language("en")
    english = [reason_words(why) for why in MOVES]
    english += [reason_words(why, game=game) for why, game in COMPLAINTS]
    set_language(lang)
    try:
        said = [reason_words(why) for why in MOVES]
        said += [reason_words(why, game=game) for why, game in COMPLAINTS]
    finally:
        set_language("en")
    samples = [why for why in MOVES] + [why for why, _ in COMPLAINTS]
    for why, theirs, ours in zip(samples, english, said, strict=True):
        assert ours != theirs, why
        assert "{" not in ours and "}" not in ours, ours
        assert ours.endswith(f" ({why.rule}){'。' if lang == 'ja' else '.'}" if why.rule else "")
        for _, value in why.args:  # every argument shows (a choice or an option in its words)
            if isinstance(value, int) or why.code.startswith("twentytwo."):
                assert str(value) in ours, (why, ours)
        # no English word but what the player typed (quoted), the cards' ranks and the
        # option names a complaint lists
        plain = re.sub(r"'[^']*'|\([A-Z]\d+\)|min_bid, bid_step, target", "", ours)
        if why.code != "twentytwo.not_a_move":  # (the move type's name)
            assert not re.search(r"[a-z]{2}", plain), ours
        if lang == "ko":
            assert not re.search(r"을\(를\)|이\(가\)|은\(는\)", ours), ours  # all decided here
    for code, (ko, ja) in TWENTYTWO.items():
        assert fields(ko) == fields(ja) == fields(ENGLISH[code]), code
    for code, texts in RULES.items():
        assert len({frozenset(fields(t)) for t in texts}) == 1, code


# -- the engine raises what the templates say -------------------------------------------


def _reasons_of_random_play() -> Iterator[tuple[Reason, str]]:
    """Reasons from random play, with the English they came with: every illegal move
    tried (wrong seats, wrong phases, cards not held, wrong counts, unknown cards) and
    every forced choice and refused selection along the way."""
    rng = Pcg32(2212, 5)
    for players, must_beat in ((2, False), (3, True), (5, False), (9, True)):
        s = new_match(Rules(must_beat=must_beat, first_hand=9), players, f"reasons/{players}")
        for _ in range(300):
            if s.over:
                break
            v = view(s, s.to_move)
            other = view(s, (s.to_move + 1) % players)
            for why in (why_forced(v), why_refused(v, []), why_refused(other, [])):
                if why is not None:
                    yield why, line(why)
            for _ in range(5):
                pool = list(v.hand)
                k = min(len(pool), rng.bounded(4) + 1)
                chosen = [pool.pop(rng.bounded(len(pool))) for _ in range(k)]
                texts = tuple(TEXT[c] for c in chosen)
                why = why_refused(v, chosen)
                if why is not None:
                    yield why, line(why)
                for move in (
                    Play(s.to_move, texts),
                    Exchange(s.to_move, texts),
                    Play((s.to_move + 1) % players, texts),
                    Play(s.to_move, ("ZZ", "AS")),
                    Exchange(s.to_move, ("ZZ",)),
                    Play(s.to_move, ("AS",) * 6),
                    Exchange(s.to_move, ("AS",) * 6),
                ):
                    try:
                        apply(s, move)
                    except IllegalMove as e:
                        assert isinstance(e, RuleBroken), e
                        yield e.detail, str(e)
            moves = legal_moves(s)
            s = apply(s, moves[rng.bounded(len(moves))])
        for wrong in (NotAMove(s.to_move), Play(0, ("2S",))):  # (the second once it is over)
            try:
                apply(s, wrong)  # type: ignore[arg-type]
            except RuleBroken as e:
                yield e.detail, str(e)


class NotAMove(NamedTuple):
    seat: int


def test_the_engine_raises_the_codes_and_arguments_of_its_templates() -> None:
    seen: set[str] = set()
    for why, english in _reasons_of_random_play():
        assert why.code in ENGLISH, why
        assert {k for k, _ in why.args} == fields(ENGLISH[why.code]), why
        assert english in (words(why), line(why)), (why, english)
        seen.add(why.code)
    # A lead of more than max_set cards cannot be held: max_set is every card of a rank.
    assert seen == set(ENGLISH) - {"twentytwo.lead_too_many"}


BAD_TABLES = [
    ("twentytwo", ("first_hand=40",), 3),
    ("twentytwo", ("elimination_at=0",), 3),
    ("twentytwo", ("decks=3",), 3),
    ("twentytwo", ("decks=1",), 7),
    ("twentytwo", ("max_set=8",), 3),
    ("twentytwo", (), 10),
    ("twentytwo", ("first_hand=" + "9" * 50,), 3),
    ("twentytwo", ("must_beat=maybe",), 3),
    ("twentytwo", ("exchange=never",), 3),
    ("twentytwo", ("decks",), 3),
    ("twentytwo", ("nope=1",), 3),
    ("rook", ("bid_step=3",), 4),
    ("rook", ("bid_step=15",), 4),
    ("rook", ("bid_step=7",), 3),
    ("rook", ("min_bid=abc",), 4),
    ("rook", ("target=99999",), 4),
    ("rook", (), 5),
    ("rook", ("x=1",), 4),
    ("rummy", ("hand_size=13",), 3),
    ("rummy", ("final_discard=sometimes",), 2),
    ("rummy", (), 9),
    ("gin", ("knock_limit=upcard", "deal=eleven"), 2),
    ("gin", ("spades_double=true", "deal=eleven"), 2),
    ("gin", ("spades_double=maybe",), 2),
    ("gin", (), 3),
]


@pytest.mark.parametrize(("game", "assignments", "players"), BAD_TABLES)
def test_each_complaint_about_rules_carries_its_reason(
    game: str, assignments: tuple[str, ...], players: int
) -> None:
    with pytest.raises(RulesError) as caught:
        get_game(game).rules(assignments, players)
    why = caught.value.detail
    assert why is not None and why.code in ALL_RULES
    assert {k for k, _ in why.args} == fields(ALL_RULES[why.code]), why
    assert str(caught.value) == render(why, ALL_RULES)


if __name__ == "__main__":
    GOLDEN.write_text(golden_text(), encoding="utf-8")
    print(f"wrote {GOLDEN}")
