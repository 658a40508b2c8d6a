"""A readable hand-by-hand, trick-by-trick account of a Rook game, from its transcript
(docs/transcript-rook.md), for `tt22 sim --game rook` and `tt22 show` in text form.

Built from the transcript object, not from the state, as 22's textlog.py is. Names
come from strangers and go through tt22.core.safe.printable, the one helper for outside text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.core.safe import printable

from .cards import CODE, show_rook_card

__all__ = ["render_text"]

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


NOT_SEEN = "(not seen)"
"""In a seat's transcript (`seen_by`), cards that seat did not see (K23)."""


def _cards(cards: Sequence[str] | None, ascii_style: bool, missing: str = "(not yet)") -> str:
    if cards is None:
        return missing
    if not cards:
        return "-"
    return " ".join(show_rook_card(CODE[c], ascii_style) for c in cards)


def render_text(t: dict[str, Any], ascii_style: bool = False) -> str:
    """The transcript `t` as lines of text, ending in a newline."""
    players = len(t["players"])
    names = [printable(p["name"], 40) for p in t["players"]]

    def hand_name(position: int) -> str:
        return names[position] if position < players else "dummy"

    def who(seat: int) -> str:
        return f"{names[seat]} (seat {seat})"

    lines = [f"tt22 Rook game, seed {printable(t['seed'])!r}"]
    seen_by = t.get("seen_by")
    if seen_by is not None:
        lines.append(
            f"As {who(seen_by)} saw it (K23): other hands hidden, the nest only to its bidder."
        )
    lines.append("Rules: " + ", ".join(f"{k}={v}" for k, v in t["rules"].items()))
    for p in t["players"]:
        kind = f"bot {printable(p['bot'] or '')}" if p["kind"] == "bot" else "human"
        team = f", partner {who((p['seat'] + 2) % 4)}" if players == 4 else ""
        lines.append(f"  seat {p['seat']}: {names[p['seat']]} ({kind}{team})")
    fd = t["first_dealer"]
    for i, rnd in enumerate(fd["draws"], 1):
        drawn = ", ".join(f"{names[d['seat']]} {_cards([d['card']], ascii_style)}" for d in rnd)
        lines.append(f"First-dealer draw{'' if i == 1 else f' (round {i})'}: {drawn}")
    lines.append(f"First dealer: {who(fd['dealer'])}.")
    for h in t["hands"]:
        lines.append("")
        lines.append(
            f"Hand {h['number']}: dealer {who(h['dealer'])}, first player {hand_name(h['first'])}."
        )
        if players == 4:
            for seat, cards in enumerate(h["dealt"]):
                lines.append(f"  {names[seat]:<16} {_cards(cards, ascii_style, NOT_SEEN)}")
        else:
            for pile, cards in enumerate(h["dealt"]):
                lines.append(f"  pile {pile}: {_cards(cards, ascii_style, NOT_SEEN)}")
            lines.append(f"  out of play: {_cards(h['out_of_play'], ascii_style, NOT_SEEN)}")
        lines.append(f"  nest: {_cards(h['nest'], ascii_style, NOT_SEEN)}")
        for choice in h["pile_choices"]:
            name = names[choice["seat"]]
            # (a player called "You", the default name at the keyboard: "You take pile 1")
            verb = "take" if name.strip().casefold() == "you" else "takes"
            lines.append(f"  {name} {verb} pile {choice['pile']}")
        if h["dummy"] is not None:
            d = h["dummy"]
            lines.append(f"  dummy: pile {d['pile']}, face up {_cards(d['face_up'], ascii_style)}")
        if h["bids"]:
            said = ", ".join(
                f"{names[b['seat']]} {'pass' if b['bid'] is None else b['bid']}" for b in h["bids"]
            )
            lines.append(f"  bidding: {said}")
        if h["bidder"] is not None:
            lines.append(f"  bid: {who(h['bidder'])} for {h['bid']}")
        if h["put_back"] is not None:
            lines.append(f"  put back: {_cards(h['put_back'], ascii_style)}")
        if h["trump"] is not None:
            lines.append(f"  trump: {SUIT_NAMES[h['trump']]}")
        for n, trick in enumerate(h["tricks"], 1):
            plays = "; ".join(
                f"{hand_name(p['hand'])} {_cards([p['card']], ascii_style)}" for p in trick["plays"]
            )
            won = (
                f" -> {hand_name(trick['winner'])} ({trick['points']})"
                if trick["winner"] is not None
                else ""
            )
            lines.append(f"  trick {n}: {plays}{won}")
        r = h["result"]
        if r is not None and seen_by is not None:  # what the hand's end showed this seat
            out = ", the cards out of play are shown (K23)" if h["out_of_play"] else ""
            lines.append(
                f"  at the hand's end: the nest as put back is counted openly (K14, K15){out}"
            )
        if r is not None:
            made = "made" if r["made"] else "lost"
            lines.append(
                f"  the nest goes with the last trick to {hand_name(r['nest_to'])};"
                f" the bidder's side took {r['bidder_side']}, the others {r['other_side']}:"
                f" bid {made}"
            )
            lines.append(
                "  scores: "
                + ", ".join(
                    f"{names[s]} {score} ({delta:+d})"
                    for s, (score, delta) in enumerate(zip(r["scores"], r["deltas"], strict=True))
                )
            )
    result = t["result"]
    lines.append("")
    if result["finished"]:
        won = " and ".join(who(s) for s in result["winners"])
        lines.append(f"Game over: won by {won}.")
    else:
        lines.append("Unfinished.")
    return "\n".join(lines) + "\n"
