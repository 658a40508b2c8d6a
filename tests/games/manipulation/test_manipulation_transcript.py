"""Manipulation Rummy's transcript (docs/transcript-manipulation.md) against golden files:
a short game of the solver's bots written out in full, and the sample record
records/3p-manipulation.22rec as seat 1 saw it (`tt22 show --seat 1`, JSON and text).
The seat's transcript holds no card its views never showed it.

Regenerate the golden files after a deliberate change with
`PYTHONPATH=tests/kits .venv/bin/python tests/games/manipulation/test_manipulation_transcript.py`
and review the diff.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tt22.core.bots import make_bot, play_match
from tt22.core.players import Player
from tt22.games.manipulation import MANIPULATION_GAME as GAME
from tt22.games.manipulation.textlog import render_text
from tt22.record import load_record, replay_game

TESTS = Path(__file__).resolve().parents[2]
GOLDEN = TESTS / "golden" / "manipulation"
SAMPLE = TESTS.parent / "records" / "3p-manipulation.22rec"
SEED = "golden manipulation"


def full_game() -> str:
    """One hand of two solver bots, the transcript as `tt22 sim --format json` writes it."""
    bots = [make_bot("manipulation", "hard", SEED, seat) for seat in (0, 1)]
    played = play_match(GAME, GAME.rules([], 2), SEED, bots, hands=1)
    seats = [Player(f"Bot {s}", "bot", "hard") for s in (0, 1)]
    return GAME.transcript_json(played.state, SEED, seats)


def seat_view() -> tuple[str, str]:
    record = load_record(SAMPLE)
    states = replay_game(record).states
    t = GAME.seat_transcript(states, record.seed, record.players, 1)
    return json.dumps(t, indent=2, ensure_ascii=False) + "\n", render_text(t, ascii_style=True)


def test_a_full_transcript_matches_its_golden_file() -> None:
    text = full_game()
    assert text == (GOLDEN / "2p-hand.json").read_text(encoding="utf-8")
    t = json.loads(text)
    assert t["format"] == "tt22-manipulation-transcript" and t["version"] == 1
    plays = [e for h in t["hands"] for e in h["events"] if e["action"] == "play"]
    assert plays and all(e["table"] for e in plays)


def test_the_sample_as_seat_1_saw_it_matches_its_golden_files() -> None:
    data, text = seat_view()
    assert data == (GOLDEN / "3p-manipulation.seat1.json").read_text(encoding="utf-8")
    assert text == (GOLDEN / "3p-manipulation.seat1.txt").read_text(encoding="utf-8")
    t = json.loads(data)
    assert t["seen_by"] == 1
    for h in t["hands"]:
        assert h["stock"] is None and [d is None for d in h["dealt"]] == [True, False, True]
        for e in h["events"]:
            if e["action"] == "draw" and e["seat"] != 1:
                assert e["card"] is None


def test_a_seat_transcript_names_only_cards_the_seat_saw() -> None:
    record = load_record(SAMPLE)
    states = replay_game(record).states
    full = GAME.transcript(states[-1], record.seed, record.players)
    seen = GAME.seat_transcript(states, record.seed, record.players, 0)
    for fh, sh in zip(full["hands"], seen["hands"], strict=True):
        own = [e for e in fh["events"] if e["action"] == "draw" and e["seat"] == 0]
        shown = [e for e in sh["events"] if e["action"] == "draw" and e["seat"] == 0]
        assert own == shown  # its own draws, card by card
        assert sh["dealt"][0] == fh["dealt"][0] and sh["dealt"][1] is None


if __name__ == "__main__":
    GOLDEN.mkdir(parents=True, exist_ok=True)
    (GOLDEN / "2p-hand.json").write_text(full_game(), encoding="utf-8")
    data, text = seat_view()
    (GOLDEN / "3p-manipulation.seat1.json").write_text(data, encoding="utf-8")
    (GOLDEN / "3p-manipulation.seat1.txt").write_text(text, encoding="utf-8")
    print("wrote", GOLDEN, file=sys.stderr)
