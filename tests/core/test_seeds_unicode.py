"""Issue 9, item 9: seeds deal the same under every Python, because normalisation is
pinned to Unicode 14.0.0 and seeds holding anything else are refused at every entry."""

from __future__ import annotations

import datetime as dt
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st
from paths import ROOT

from tt22.core.rng import normalise_seed
from tt22.core.seeds import MAX_SEED, resolve_seed, seed_problem
from tt22.core.unicode14 import UNICODE_VERSION, assigned_in_unicode_14

# Assigned in Unicode 15.0/15.1 (Python 3.12/3.13) but not in 14.0: U+1E030 (NFKC maps
# it in 15.1: the seed "x\U0001E030" dealt differently), U+0CF3, U+11F00, U+31350.
NEW_AFTER_14 = (0x1E030, 0x0CF3, 0x11F00, 0x31350, 0x2FFE)


def test_the_table_is_unicode_14_and_agrees_with_this_python() -> None:
    assert UNICODE_VERSION == "14.0.0"
    version = tuple(int(p) for p in unicodedata.unidata_version.split("."))
    assert version >= (14, 0, 0)
    for code in range(0x110000):
        assigned_here = unicodedata.category(chr(code)) != "Cn"
        if version == (14, 0, 0):
            assert assigned_in_unicode_14(code) == assigned_here, hex(code)
        elif assigned_in_unicode_14(code):
            assert assigned_here, hex(code)  # Unicode never unassigns a code point


def test_code_points_new_after_14_are_refused() -> None:
    for code in NEW_AFTER_14:
        assert not assigned_in_unicode_14(code)
        problem = seed_problem("x" + chr(code))
        assert problem is not None and f"U+{code:04X}" in problem and "14.0.0" in problem
    assert seed_problem("x\U0001e030") is not None


@pytest.mark.parametrize(
    ("seed", "why"),
    [
        ("", "blank"),
        (" \t\u3000", "blank"),
        ("ab\udcff", "not valid text"),
        ("s" * (MAX_SEED + 1), "at most 200"),
        ("x\ufdd0", "U+FDD0"),  # a noncharacter: unassigned
        ("x\U0010ffff", "U+10FFFF"),
    ],
)
def test_invalid_seeds(seed: str, why: str) -> None:
    problem = seed_problem(seed)
    assert problem is not None and why in problem


@pytest.mark.parametrize(
    "seed", ["hello", "s" * MAX_SEED, "  Brave\u3000OTTER\t ", "é\u0301ß", "\ue000 private", "😀"]
)
def test_valid_seeds(seed: str) -> None:
    assert seed_problem(seed) is None


@given(st.text(max_size=20))
def test_a_valid_seed_normalises_and_encodes(seed: str) -> None:
    if seed_problem(seed) is None:
        normalise_seed(seed).encode("utf-8")  # a lone surrogate would raise here


def test_daily_is_recognised_after_normalisation() -> None:
    day = dt.date(2026, 11, 30)
    for typed in ("daily", " DAILY ", "ＤＡＩＬＹ", "Daily\u3000"):
        assert resolve_seed(typed, day) == "daily-2026-11-30"
    assert resolve_seed("daily please", day) == "daily please"


def test_a_record_with_an_unassigned_seed_is_refused() -> None:
    from recordkit import STARTED

    from tt22.core.players import Player
    from tt22.games.twentytwo import Rules
    from tt22.record import RecordError, decode_record, encode_record, new_record

    record = new_record(Rules(), "x", [Player("A"), Player("B")], STARTED)
    data = encode_record(record).replace(b'"seed": "x"', b'"seed": "x\\ud838\\udc30"')
    assert b"ud838" in data
    with pytest.raises(RecordError, match="U\\+1E030"):
        decode_record(data)


async def test_the_setup_screen_refuses_such_a_seed_and_resolves_daily(tmp_path: object) -> None:
    from textual.widgets import Static

    from tt22.tui.app import StartOptions, TT22App
    from tt22.tui.games.twentytwo.table import TableScreen
    from tt22.tui.screens.setup import SetupScreen
    from tt22.tui.widgets.textfield import TextField

    app = TT22App(StartOptions(language="en", home=tmp_path, pace=30.0))  # type: ignore[arg-type]
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        app.action_new_game()
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#seed", TextField).value = "x\U0001e030"
        setup.action_start()
        await pilot.pause()
        assert app.screen is setup
        assert "U+1E030" in str(setup.query_one("#error", Static).render())
        setup.query_one("#seed", TextField).value = "ＤＡＩＬＹ"
        setup.action_start()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        today = dt.datetime.now(dt.UTC).date()
        assert app.screen.session.seed in {
            f"daily-{today.isoformat()}",
            f"daily-{(today + dt.timedelta(days=1)).isoformat()}",
        }


def test_seeds_md_lists_exactly_the_whitespace_normalisation_uses() -> None:
    """The language-neutral list of docs/seeds.md section 1 is what `str.split` splits on."""
    import re

    text = (ROOT / "docs" / "seeds.md").read_text("utf-8")
    para = text[text.index("Whitespace is exactly") :]
    para = para[: para.index("(After step 1")]
    listed: set[int] = set()
    for first, last in re.findall(r"U\+([0-9A-F]{4})(?:\.\.U\+([0-9A-F]{4}))?", para):
        listed.update(range(int(first, 16), int(last or first, 16) + 1))
    assert "29 code points" in para and len(listed) == 29
    assert listed == {c for c in range(0x110000) if chr(c).isspace()}
    for code in listed:  # as inner whitespace, each one separates words
        assert normalise_seed(f"a{chr(code)}b") == "a b"


def test_seeds_md_documents_the_commitment() -> None:

    from tt22.core.seeds import seed_commitment

    text = (ROOT / "docs" / "seeds.md").read_text("utf-8")
    assert seed_commitment("hello") == "2cf24dba"
    assert '"hello" -> 2cf24dba' in text
