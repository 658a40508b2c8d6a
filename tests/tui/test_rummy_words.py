"""The Rummy family's words: every reason code of the engine reads in English, Korean and
Japanese with the engine's own arguments (tt22/tui/games/rummy/words.py)."""

from __future__ import annotations

import string

import pytest

from tt22.core.protocol import Reason
from tt22.games.rummy.reasons import ENGLISH
from tt22.tui.games.rummy.words import REASONS, WORDS, reason_text
from tt22.tui.i18n import CATALOGUE, set_language


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_reason_code_has_korean_and_japanese_with_the_same_arguments() -> None:
    assert set(REASONS) == set(ENGLISH)
    for code, english in ENGLISH.items():
        en, ko, ja = CATALOGUE[code]
        assert en == english
        assert ko and ja and ko != en and ja != en, code
        assert fields(ko) == fields(en) == fields(ja), code


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Your deadwood would be 12; the knock limit is 7 (G9)"),
        ("ko", "데드우드가 12점이 됩니다. 노크 한도는 7점입니다 (G9)"),
        ("ja", "デッドウッドが 12 点になります。ノックの上限は 7 点です (G9)"),
    ],
)
def test_a_reason_reads_in_the_players_language(language: str, expected: str) -> None:
    set_language(language)
    try:
        why = Reason("gin.knock_high", "G9", (("deadwood", 12), ("limit", 7)))
        assert reason_text(why) == expected
        assert reason_text(Reason("rummy.unheard_of", "M4")) == "rummy.unheard_of (M4)"
    finally:
        set_language("en")


def test_the_interfaces_words_are_in_three_languages() -> None:
    for key, texts in WORDS.items():
        assert len(texts) == 3 and all(texts), key
        assert CATALOGUE["rummy.ui." + key] == texts
        assert fields(texts[0]) == fields(texts[1]) == fields(texts[2]), key
