"""The interface's parts without a running app: the catalogue, settings, the table
snapshot the replayer shares, and `tt22 play`'s argument checking."""

from __future__ import annotations

import json
import string
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tt22.cli import main
from tt22.core.protocol import Reason
from tt22.games.twentytwo import Exchange, Rules, apply, legal_moves, new_match, view
from tt22.games.twentytwo.explain import why_forced, why_refused
from tt22.games.twentytwo.reasons import line
from tt22.tui import i18n
from tt22.tui.reasons import reason_words
from tt22.tui.settings import Settings, load_settings, save_settings
from tt22.tui.widgets.snapshot import from_state, from_view


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_catalogue_entry_has_three_languages_with_the_same_placeholders() -> None:
    # The replayer's and Rook's words join the catalogue on import.

    assert any(key.startswith("replay.") for key in i18n.CATALOGUE)
    for key, texts in i18n.CATALOGUE.items():
        assert len(texts) == 3 and all(texts), key
        assert fields(texts[1]) == fields(texts[0]) == fields(texts[2]), key


def test_language_from_locale_and_fallback() -> None:
    assert i18n.detect_language({"LANG": "ko_KR.UTF-8"}) == "ko"
    assert i18n.detect_language({"LC_ALL": "ja_JP.UTF-8", "LANG": "ko_KR"}) == "ja"
    assert i18n.detect_language({"LANG": "fr_FR.UTF-8"}) == "en"
    assert i18n.detect_language({}) == "en"


def test_engine_reasons_are_translated_and_unknown_ones_kept() -> None:
    try:
        i18n.set_language("ko")
        # "You cannot beat K-Q-10, so you play your three lowest cards (R13)."
        duck = Reason("twentytwo.cannot_beat", "R13", (("best", "K-Q-10"), ("count", 3)))
        text = reason_words(duck)
        assert "K-Q-10" in text and "3장" in text and "R13" in text
        i18n.set_language("ja")
        # "The leader must keep at least one card (R12)."
        assert "R12" in reason_words(Reason("twentytwo.lead_keep_one", "R12"))
        new = Reason("twentytwo.something_new", "R2")
        assert reason_words(new) == "twentytwo.something_new (R2)"
        i18n.set_language("en")
        same = "Play exactly 2 cards, as many as were led (R13)."
        assert reason_words(Reason("twentytwo.select_count", "R13", (("count", 2),))) == same
    finally:
        i18n.set_language("en")


@settings(deadline=None, max_examples=40)
@given(st.integers(2, 9), st.text(min_size=1, max_size=12))
def test_every_forced_reason_and_selection_problem_has_a_translation(
    players: int, seed: str
) -> None:
    """Walk a match with the first legal move; every reason the engine gives at a
    seat's turn must have words in the catalogue (else Japanese players read English)."""
    s = new_match(Rules(), players, seed)
    try:
        i18n.set_language("ja")
        for _ in range(60):
            if s.over:
                break
            v = view(s, s.to_move)
            reasons = [
                why_forced(v),
                why_refused(v, list(v.hand)),
                why_refused(v, []),
            ]
            for r in reasons:
                if r:
                    assert reason_words(r) != line(r), r
            s = apply(s, legal_moves(s)[0])
    finally:
        i18n.set_language("en")


def test_settings_round_trip_and_damaged_file(tmp_path: Path) -> None:
    assert load_settings(tmp_path) == Settings()
    wanted = Settings(language="ja", ascii_cards=True, theme="nord", pace=0.2, name="Ann")
    save_settings(wanted, tmp_path)
    assert load_settings(tmp_path) == wanted
    assert json.loads((tmp_path / "settings.json").read_text())["language"] == "ja"
    assert not list(tmp_path.glob(".settings-*"))  # no temp file left behind
    (tmp_path / "settings.json").write_text("{not json")
    assert load_settings(tmp_path) == Settings()


def test_snapshot_from_a_view_holds_only_that_seats_hand() -> None:
    s = new_match(Rules(), 4, "snap")
    snap = from_view(view(s, 2), ["a", "b", "c", "d"])
    assert snap.hands[2] == s.hands[2]
    assert [h for i, h in enumerate(snap.hands) if i != 2] == [None, None, None]
    assert snap.viewer == 2 and snap.stock_size == len(s.stock)


def test_snapshot_from_a_state_shows_the_chosen_hands() -> None:
    s = new_match(Rules(), 3, "snap")
    s = apply(s, Exchange(s.to_move, ()))
    everyone = from_state(s, ["a", "b", "c"])
    assert everyone.hands == s.hands
    some = from_state(s, ["a", "b", "c"], visible=[1])
    assert some.hands[1] == s.hands[1] and some.hands[0] is None and some.hands[2] is None
    assert some.exchanges == everyone.exchanges


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--players", "12"], "2 to 9 players"),
        (["--players", "3", "--rule", "must_beat=maybe"], "must_beat"),
        (["--players", "3", "--pace", "-1"], "--pace"),
        (["--players", "3", "--bot", "grandmaster"], "unknown bot level"),
        (["--name", "   "], "--name is empty"),
        (["--lang", "fr"], "invalid choice"),
    ],
)
def test_play_rejects_bad_arguments_in_one_line(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        raise SystemExit(main(["play", *args]))
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_play_help_does_not_import_textual() -> None:
    code = (
        "import sys\n"
        "from tt22.cli import main\n"
        "try:\n    main(['play', '--help'])\nexcept SystemExit:\n    pass\n"
        "assert 'textual' not in sys.modules, 'textual imported'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "--watch" in done.stdout and "--pace" in done.stdout


def test_a_new_match_keeps_the_unfinished_one_with_the_records(tmp_path: Path) -> None:
    from tt22.core.players import Player
    from tt22.play.session import LocalSession

    seats = [Player("Ann"), Player("Bot", "bot", "random")]
    first = LocalSession.start("twentytwo", Rules(), "first", seats, tmp_path)
    first.play(legal_moves(first.state)[0])
    LocalSession.start("twentytwo", Rules(), "second", seats, tmp_path)
    kept = list((tmp_path / "records").glob("*.22rec"))
    assert len(kept) == 1 and "first" in kept[0].name
    resumed = LocalSession.resume(tmp_path)
    assert resumed is not None and resumed.seed == "second" and resumed.moves == []
