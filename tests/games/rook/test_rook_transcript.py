"""Rook's transcript (docs/transcript-rook.md): golden files byte for byte, and the doc's
example has exactly the keys, in order, that tt22 writes.

Regenerate the golden files after a deliberate change with
`PYTHONPATH=tests/kits python tests/games/rook/test_rook_transcript.py` and review the diff.
"""

from __future__ import annotations

import json
import re
from typing import Any

from paths import ROOT, TESTS
from rookkit import GAME, modest, play_game

from tt22.core.players import Player
from tt22.core.rng import seed_key, stream
from tt22.games.rook import RookRules, State, new_match
from tt22.games.rook.cards import CODE, POINTS

GOLDEN = TESTS / "golden"
SEATS_2 = [Player("Ann"), Player("Bot 1", "bot", "modest")]
SEATS_4 = [Player(f"Bot {i}", "bot", "modest") for i in range(4)]


def whole_two_player_game() -> State:
    return play_game(2, "golden-2b", RookRules(target=50))


def four_players_mid_trick() -> State:
    """Hand 1 of a 4-player game, stopped with two cards on the second trick."""
    s = new_match(RookRules(), 4, "golden-4")
    rng = stream(seed_key("golden-4"), "test-chooser")
    while not (len(s.tricks) == 1 and len(s.plays) == 2):
        s = GAME.apply(s, modest(s, GAME.legal_moves(s), rng))
    return s


CASES = {
    "rook-2p-game.json": (whole_two_player_game, "golden-2b", SEATS_2),
    "rook-4p-mid-trick.json": (four_players_mid_trick, "golden-4", SEATS_4),
}


def render(name: str) -> str:
    make, seed, seats = CASES[name]
    return GAME.transcript_json(make(), seed, seats)


def test_golden_transcripts_byte_for_byte() -> None:
    for name in CASES:
        assert render(name) == (GOLDEN / name).read_text(encoding="utf-8"), name


def test_the_golden_game_is_what_it_claims() -> None:
    game = json.loads((GOLDEN / "rook-2p-game.json").read_text(encoding="utf-8"))
    assert game["result"]["finished"] and game["rules"]["target"] == 50
    hand = game["hands"][-1]
    assert hand["dummy"]["face_up"] == hand["dealt"][hand["dummy"]["pile"]][:6]
    assert len(hand["tricks"]) == 12 and hand["result"]["nest_to"] == hand["tricks"][-1]["winner"]
    counted = hand["result"]["bidder_side"] + hand["result"]["other_side"]
    out = sum(POINTS[CODE[c]] for c in hand["out_of_play"])
    assert counted + out == 100
    mid = json.loads((GOLDEN / "rook-4p-mid-trick.json").read_text(encoding="utf-8"))
    current = mid["hands"][-1]
    assert current["result"] is None and current["tricks"][-1]["winner"] is None
    assert len(current["tricks"][-1]["plays"]) == 2 and mid["result"]["finished"] is False


def shape(value: Any) -> Any:
    """Keys in order, lists reduced to their first element's shape."""
    if isinstance(value, dict):
        return [(k, shape(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [shape(value[0])] if value and isinstance(value[0], (dict, list)) else "list"
    return "value"


def test_the_documented_example_has_the_keys_tt22_writes_in_order() -> None:
    doc = (ROOT / "docs" / "transcript-rook.md").read_text(encoding="utf-8")
    block = re.search(r"```json\n(.*?)```", doc, re.S)
    assert block is not None
    example = json.loads(block.group(1))
    written = json.loads((GOLDEN / "rook-2p-game.json").read_text(encoding="utf-8"))
    assert shape(example) == shape(written)


def test_the_text_account_reads_the_transcript() -> None:
    from tt22.games.rook.textlog import render_text

    game = json.loads((GOLDEN / "rook-2p-game.json").read_text(encoding="utf-8"))
    game["players"][0]["name"] = "Ann\x1b[31m"
    text = render_text(game)
    assert "\x1b" not in text and "Ann\\x1b[31m" in text
    hand = game["hands"][0]
    bidder = ["Ann\\x1b[31m", "Bot 1"][hand["bidder"]]
    assert f"  bid: {bidder} (seat {hand['bidder']}) for {hand['bid']}\n" in text
    assert text.count("  trick ") == 12 * len(game["hands"])
    assert "dummy" in text and "Game over: won by" in text
    four = GAME.transcript(
        play_game(4, "text", RookRules(target=50)), "text", [Player(f"P{i}") for i in range(4)]
    )
    ascii_text = render_text(four, ascii_style=True)
    assert ascii_text.isascii() and "partner P2 (seat 2)" in ascii_text
    assert "RK" in ascii_text and "R★" not in ascii_text  # the Rook is always dealt
    assert "R★" in render_text(four)


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for golden_name in CASES:
        (GOLDEN / golden_name).write_text(render(golden_name), encoding="utf-8")
        print("wrote", GOLDEN / golden_name)
