"""A readable hand-by-hand account of a 500 Rum or Persian Rummy game, from its
transcript (docs/transcript-rum500.md), for `tt22 sim --game rum500|persian` and
`tt22 show`. Names come from strangers and go through tt22.core.safe.printable."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.core.safe import printable
from tt22.games.rummy.cards import hand_order
from tt22.games.rummy.textlog import (
    NOT_SEEN,
    cards_text,
    game_over,
    hand_opening,
    opening,
    says,
    scores_text,
)

from .cards import CODE, show

__all__ = ["render_text"]


def _cards(cards: Sequence[str] | None, ascii_style: bool) -> str:
    return cards_text(cards, ascii_style, CODE, show)


def _hand(cards: Sequence[str] | None, ascii_style: bool) -> str:
    if cards is None:
        return NOT_SEEN
    plain = [CODE[c] for c in cards if CODE[c] < 52]
    jokers = sorted(CODE[c] for c in cards if CODE[c] >= 52)
    ordered = [*hand_order(plain, True), *jokers]
    return " ".join(show(c, ascii_style) for c in ordered) or "-"


def _event(e: dict[str, Any], names: Sequence[str], a: bool) -> str:
    who = names[e["seat"]]
    action = e["action"]
    if action == "draw":
        if e["card"] is None:
            return f"  {says(who, 'draws', 'draw')} from the stock"
        return f"  {says(who, 'draws', 'draw')} {_cards([e['card']], a)} from the stock"
    if action == "take":
        cards = e["cards"]
        deep = f" (the {_cards(cards[:1], a)} must be put down, F4)" if len(cards) > 1 else ""
        return f"  {says(who, 'takes', 'take')} {_cards(cards, a)} from the pile{deep}"
    if action == "pass":
        return f"  {says(who, 'takes', 'take')} nothing: the stock is empty (F7)"
    if action == "meld":
        return f"  {says(who, 'melds', 'meld')} {_cards(e['cards'], a)}"
    if action == "layoff":
        card = _cards([e["card"]], a)
        return f"  {says(who, 'lays', 'lay')} {card} off on meld {e['meld']}"
    return f"  {says(who, 'discards', 'discard')} {_cards([e['card']], a)}"


def _result(r: dict[str, Any], names: Sequence[str], a: bool, sides: bool) -> list[str]:
    if r["ended"] == "turns":
        return ["  void hand (the turn limit, F9): no score"]
    lines = []
    if r["out"] is not None:
        lines.append(f"  {says(names[r['out']], 'goes', 'go')} out.")
    else:
        lines.append("  the stock is empty and nobody took from the pile: the hand ends (F7).")
    left = r["left"]
    for seat, name in enumerate(names):
        held = _hand(left[seat], a) if left is not None else NOT_SEEN
        bonus = f" + bonus {r['bonus'][seat]}" if r["bonus"][seat] else ""
        lines.append(
            f"  {name}: put down {r['melded'][seat]}{bonus}, holds {held} ({r['held'][seat]}):"
            f" {r['points'][seat]:+d}"
        )
    if sides:
        lines.append(
            f"  sides: {names[0]} and {names[2]} {r['scores'][0]},"
            f" {names[1]} and {names[3]} {r['scores'][1]}"
        )
    else:
        lines.append("  totals: " + scores_text(names, r["scores"]))
    return lines


def _sides(names: Sequence[str]) -> list[str]:
    return [f"Sides (P2): {names[0]} and {names[2]}, {names[1]} and {names[3]}."]


def render_text(t: dict[str, Any], ascii_style: bool = False) -> str:
    """The transcript `t` as lines of text, ending in a newline."""
    persian = t["game"] == "persian"
    names = [printable(p["name"], 40) for p in t["players"]]
    title = "Persian Rummy" if persian else "500 Rum"
    lines = opening(t, title, names, *_sides(names) if persian else ())
    for h in t["hands"]:
        lines += hand_opening(h, names, lambda cards: _hand(cards, ascii_style))
        if "stock_size" in h:
            lines.append(f"  stock: {h['stock_size']} cards face down")
        lines.append(f"  upcard: {_cards([h['upcard']], ascii_style)}")
        lines += [_event(e, names, ascii_style) for e in h["events"]]
        if h["result"] is not None:
            lines += _result(h["result"], names, ascii_style, persian)
    res = t["result"]
    lines.append("")
    ended = [h["result"] for h in t["hands"] if h["result"] is not None]
    if persian and res["finished"] and ended:
        bonus = [a - b for a, b in zip(res["scores"], ended[-1]["scores"], strict=True)]
        if any(bonus):
            side = 0 if bonus[0] else 1
            lines.append(
                f"{names[side]} and {names[side + 2]} are ahead after the deals (P7):"
                f" +{bonus[side]}"
            )
        if persian and len(res["winners"]) == len(names):
            lines.append("Game over: a draw (P7). Scores: " + scores_text(names, res["scores"]))
        else:
            lines.append(game_over(names, res))
    else:
        lines.append("The game goes on.")
    return "\n".join(lines) + "\n"
