"""500 Rum's and Persian Rummy's transcript (docs/transcript-rum500.md) against golden
files: one hand of two rules-of-thumb bots written out in full, and the sample record
records/4p-persian.22rec as seat 1 saw it (`tt22 show --seat 1`, JSON and text). The
seat's transcript holds no card its views never showed it, and the accounts add up as
the document says (F8, P2, P5, P7).

Regenerate the golden files after a deliberate change with
`PYTHONPATH=tests/kits .venv/bin/python tests/games/rum500/test_rum500_transcript.py`
and review the diff.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tt22.core.bots import make_bot, play_match
from tt22.core.players import Player
from tt22.games.rum500 import PERSIAN_GAME, RUM500_GAME
from tt22.games.rum500.textlog import render_text
from tt22.record import load_record, replay_game

TESTS = Path(__file__).resolve().parents[2]
GOLDEN = TESTS / "golden" / "rum500"
SAMPLE = TESTS.parent / "records" / "4p-persian.22rec"
SEED = "golden rum500"


def full_game() -> str:
    """One hand of two rules bots, the transcript as `tt22 sim --format json` writes it."""
    bots = [make_bot("rum500", "rules", SEED, seat) for seat in (0, 1)]
    played = play_match(RUM500_GAME, RUM500_GAME.rules([], 2), SEED, bots, hands=1)
    seats = [Player(f"Bot {s}", "bot", "rules") for s in (0, 1)]
    return RUM500_GAME.transcript_json(played.state, SEED, seats)


def seat_view() -> tuple[str, str]:
    record = load_record(SAMPLE)
    states = replay_game(record).states
    t = PERSIAN_GAME.seat_transcript(states, record.seed, record.players, 1)
    return json.dumps(t, indent=2, ensure_ascii=False) + "\n", render_text(t, ascii_style=True)


def test_a_full_transcript_matches_its_golden_file() -> None:
    text = full_game()
    assert text == (GOLDEN / "2p-hand.json").read_text(encoding="utf-8")
    t = json.loads(text)
    assert t["format"] == "tt22-rum500-transcript" and t["version"] == 1
    assert list(t) == [
        "format",
        "version",
        "game",
        "seed",
        "rules",
        "players",
        "first_dealer",
        "hands",
        "result",
    ]
    hand = t["hands"][0]  # the match goes on: the next hand is dealt, unplayed
    assert t["hands"][1]["result"] is None and t["hands"][1]["events"] == []
    assert list(hand) == ["number", "dealer", "dealt", "upcard", "stock", "events", "result"]
    # F1: 13 cards each with two players, the upcard, the rest the stock.
    assert [len(d) for d in hand["dealt"]] == [13, 13]
    assert len(hand["stock"]) == 52 - 26 - 1
    # The stock is written top first: the first draw from it takes its first card.
    draws = [e for e in hand["events"] if e["action"] == "draw"]
    assert draws and draws[0]["card"] == hand["stock"][0]


def test_a_hands_account_adds_up_as_the_document_says() -> None:
    """F8: points = melded + bonus - held; the table's `by` credits each card to the seat
    that laid it, and `melded` is what each seat laid."""
    t = json.loads(full_game())
    result = t["hands"][0]["result"]
    for seat in (0, 1):
        assert result["points"][seat] == (
            result["melded"][seat] + result["bonus"][seat] - result["held"][seat]
        )
    assert result["bonus"] == [0, 0]  # 500 Rum has no bonuses
    laid = [sum(1 for m in result["table"] for b in m["by"] if b == seat) for seat in (0, 1)]
    assert all(len(m["cards"]) == len(m["by"]) for m in result["table"])
    assert (laid[0] > 0) == (result["melded"][0] > 0) and (laid[1] > 0) == (result["melded"][1] > 0)


def test_the_sample_as_seat_1_saw_it_matches_its_golden_files() -> None:
    data, text = seat_view()
    assert data == (GOLDEN / "4p-persian.seat1.json").read_text(encoding="utf-8")
    assert text == (GOLDEN / "4p-persian.seat1.txt").read_text(encoding="utf-8")
    t = json.loads(data)
    assert t["seen_by"] == 1 and t["sides"] == [[0, 2], [1, 3]]
    for h in t["hands"]:
        assert h["stock"] is None and [d is None for d in h["dealt"]] == [True, False, True, True]
        assert h["stock_size"] == 56 - 4 * 7 - 1
        for e in h["events"]:
            if e["action"] == "draw" and e["seat"] != 1:
                assert e["card"] is None
    # P2: partners carry their side's total; P7: two deals, the game bonus in the result.
    assert len(t["hands"]) == 2
    last = t["hands"][-1]["result"]["scores"]
    assert last[0] == last[2] and last[1] == last[3]
    final = t["result"]
    winners = final["winners"]
    side = winners[0] % 2
    assert sorted(winners) == [side, side + 2]
    game_bonus = t["rules"]["game_bonus"]
    assert final["scores"] == [v + (game_bonus if i % 2 == side else 0) for i, v in enumerate(last)]


def test_persian_bonuses_are_p5s_for_going_out() -> None:
    """P5: the seat that went out has its out_bonus in `bonus` (P4's four jokers aside)."""
    record = load_record(SAMPLE)
    t = PERSIAN_GAME.transcript(replay_game(record).states[-1], record.seed, record.players)
    for h in t["hands"]:
        r = h["result"]
        if r["ended"] == "out":
            assert r["bonus"][r["out"]] >= t["rules"]["out_bonus"]


def test_a_seat_transcript_names_only_cards_the_seat_saw() -> None:
    record = load_record(SAMPLE)
    states = replay_game(record).states
    full = PERSIAN_GAME.transcript(states[-1], record.seed, record.players)
    seen = PERSIAN_GAME.seat_transcript(states, record.seed, record.players, 0)
    for fh, sh in zip(full["hands"], seen["hands"], strict=True):
        own = [e for e in fh["events"] if e["action"] == "draw" and e["seat"] == 0]
        shown = [e for e in sh["events"] if e["action"] == "draw" and e["seat"] == 0]
        assert own == shown  # its own draws, card by card
        others = [e for e in sh["events"] if e["action"] == "draw" and e["seat"] != 0]
        assert all(e["card"] is None for e in others)
        assert sh["dealt"][0] == fh["dealt"][0] and sh["dealt"][2] is None  # P8: not the partner's
        public = [e for e in fh["events"] if e["action"] != "draw"]
        assert public == [e for e in sh["events"] if e["action"] != "draw"]
        assert sh["result"] == fh["result"]


if __name__ == "__main__":
    GOLDEN.mkdir(parents=True, exist_ok=True)
    (GOLDEN / "2p-hand.json").write_text(full_game(), encoding="utf-8")
    data, text = seat_view()
    (GOLDEN / "4p-persian.seat1.json").write_text(data, encoding="utf-8")
    (GOLDEN / "4p-persian.seat1.txt").write_text(text, encoding="utf-8")
    print("wrote", GOLDEN, file=sys.stderr)
