"""The Rummy family's transcript (docs/transcript-rummy.md): the doc's examples are what
tt22 writes, byte for byte, and every key the doc lists is in them in that order.

The four-player Rummy and the Oklahoma Gin examples are what `tt22 sim` prints for the
command the doc gives beside them (`SIM_CASES`).

After a deliberate change, regenerate the doc's examples with
`PYTHONPATH=tests/kits python tests/games/rummy/test_rummy_transcript.py` and review the diff.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from typing import Any

from paths import ROOT
from rummykit import GIN, RUMMY

from tt22.cli import main
from tt22.core.bots import play_match
from tt22.core.players import Player
from tt22.games.rummy.bots import make_bot
from tt22.games.rummy.textlog import render_text

DOC = ROOT / "docs" / "transcript-rummy.md"

CASES: dict[str, tuple[Any, int, list[str], str]] = {
    "gin": (GIN, 2, ["target=1"], "doc-gin"),
    "rummy": (RUMMY, 2, ["target=1"], "doc-rummy"),
}


SIM_CASES: dict[str, list[str]] = {
    "rummy-four": ["--game", "rummy", "--players", "4", "--seed", "doc-rummy-four"],
    "oklahoma": ["--game", "gin", "--seed", "doc-oklahoma-8", "--rule", "knock_limit=upcard"],
}
"""Each with `--bots rules --rule target=1 --format json` (one hand each)."""


def sim_command(name: str) -> list[str]:
    return ["sim", *SIM_CASES[name], "--bots", "rules", "--rule", "target=1", "--format", "json"]


def render(name: str) -> str:
    if name in SIM_CASES:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(sim_command(name)) == 0
        return out.getvalue()
    game, n, rules, seed = CASES[name]
    state = play_match(game, game.rules(rules, n), seed, [make_bot("rules", seed)] * n).state
    seats = [Player(f"Bot {i}", "bot", "rules") for i in range(n)]
    return game.transcript_json(state, seed, seats)


def block(text: str, name: str) -> str:
    """The fenced JSON after the line `<!-- example: NAME -->`."""
    m = re.search(rf"<!-- example: {name} -->\n```json\n(.*?)```\n", text, re.S)
    assert m is not None, name
    return m.group(1)


def test_the_docs_examples_are_byte_for_byte_what_tt22_writes() -> None:
    doc = DOC.read_text(encoding="utf-8")
    for name in (*CASES, *SIM_CASES):
        assert block(doc, name) == render(name), name


def test_the_doc_gives_the_tt22_sim_command_of_each_sim_example() -> None:
    doc = DOC.read_text(encoding="utf-8")
    for name in SIM_CASES:
        command = "tt22 " + " ".join(sim_command(name))
        assert f"`{command}`:\n\n<!-- example: {name} -->" in doc, command


def test_the_four_player_and_oklahoma_examples_are_what_they_claim() -> None:
    doc = DOC.read_text(encoding="utf-8")
    r = json.loads(block(doc, "rummy-four"))
    hand = r["hands"][0]
    assert len(r["players"]) == 4 and len(hand["dealt"]) == 4
    assert {e["seat"] for e in hand["events"]} >= {0, 1, 2, 3}
    assert sum(1 for d in hand["result"]["deltas"] if d > 0) == 3  # three pay, one went out
    g = json.loads(block(doc, "oklahoma"))
    gh = g["hands"][0]
    assert g["rules"]["knock_limit"] == "upcard" and g["rules"]["undercut_bonus"] == 20
    assert gh["upcard"] == "2S" and gh["knock_limit"] == 2 and gh["doubled"]  # G9
    left = gh["result"]["deadwood"][1 - gh["result"]["knocker"]]
    assert gh["result"]["kind"] == "gin" and max(gh["result"]["deltas"]) == 2 * (left + 25)


def test_the_examples_are_what_they_claim() -> None:
    doc = DOC.read_text(encoding="utf-8")
    g = json.loads(block(doc, "gin"))
    hand = g["hands"][0]
    assert g["game"] == "gin" and g["result"]["finished"] and len(g["hands"]) == 1
    cards = [c for h in hand["dealt"] for c in h] + [hand["upcard"], *hand["stock"]]
    assert sorted(cards) == sorted({*cards}) and len(cards) == 52
    assert hand["result"]["kind"] in ("knock", "gin", "undercut")
    assert hand["events"][-1]["action"] == "knock"
    r = json.loads(block(doc, "rummy"))
    rh = r["hands"][0]
    assert r["game"] == "rummy" and rh["result"]["winner"] == r["result"]["winners"][0]
    assert sum(len(x) for x in rh["result"]["left"]) > 0


def test_every_key_the_doc_names_is_written() -> None:
    doc = DOC.read_text(encoding="utf-8")
    actions = {"draw", "meld", "layoff", "discard", "knock", "pass", "reshuffle"}
    named = set(re.findall(r"^\| `([a-z_]+)` ", doc, re.M)) - actions
    written: set[str] = set()

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            written.update(v)
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    for name in (*CASES, *SIM_CASES):
        walk(json.loads(render(name)))
    assert named and named <= written, named - written
    options = {o.name for o in (*GIN.options, *RUMMY.options)}
    plain = {"format", "version", "seed", "name", "kind", "bot", "seat", "action", "from", "card"}
    plain |= {"cards", "meld", "owner"}
    assert written - options - plain <= named, written - options - plain - named


def test_the_text_account_tells_the_hand_and_escapes_names() -> None:
    gin_t = json.loads(render("gin"))
    gin_t["players"][0]["name"] = "Eve\x1b[31m"
    text = render_text(gin_t, ascii_style=True)
    assert "\x1b" not in text and "Eve\\x1b[31m" in text
    assert "upcard: 7D" in text and "knock limit: 10" in text
    assert "Bot 1 knocks, discarding 5H" in text and "knock: Bot 1 scores 4" in text
    assert text.endswith("Game over: Bot 1 won. Scores: Eve\\x1b[31m 0, Bot 1 224\n")
    rummy_text = render_text(json.loads(render("rummy")))
    assert "Bot 1 melds 3♥ 4♥ 5♥" in rummy_text and "Bot 0 goes out." in rummy_text
    assert "Bot 0 lays A♥ off on meld 1" in rummy_text  # (M6: under 2♥ 3♥ 4♥ 5♥)
    # (M2: a hand by suit, an ace that could run low before the 3 of its suit)
    assert "Bot 1 holds A♣ 3♣: +4" in rummy_text


if __name__ == "__main__":
    text = DOC.read_text(encoding="utf-8")
    for case in (*CASES, *SIM_CASES):
        head = f"<!-- example: {case} -->\n```json\n"
        start = text.index(head) + len(head)
        end = text.index("```\n", start)
        text = text[:start] + render(case) + text[end:]
    DOC.write_text(text, encoding="utf-8")
