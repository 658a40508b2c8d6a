"""A readable hand-by-hand account of a 500 Rum or Persian Rummy game, from its
transcript (docs/transcript-rum500.md), for `tt22 sim --game rum500|persian` and
`tt22 show`. Names come from strangers and go through tt22.core.safe.printable."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.core.safe import printable
from tt22.games.rummy.cards import hand_order

from .cards import CODE, show

__all__ = ["render_text"]

NOT_SEEN = "(not seen)"


def _cards(cards: Sequence[str] | None, ascii_style: bool) -> str:
    if cards is None:
        return NOT_SEEN
    if not cards:
        return "-"
    return " ".join(show(CODE[c], ascii_style) for c in cards)


def _hand(cards: Sequence[str] | None, ascii_style: bool) -> str:
    if cards is None:
        return NOT_SEEN
    plain = [CODE[c] for c in cards if CODE[c] < 52]
    jokers = sorted(CODE[c] for c in cards if CODE[c] >= 52)
    ordered = [*hand_order(plain, True), *jokers]
    return " ".join(show(c, ascii_style) for c in ordered) or "-"


def _says(name: str, verb: str, base: str) -> str:
    return f"{name} {base if name.strip().casefold() == 'you' else verb}"


def _event(e: dict[str, Any], names: Sequence[str], a: bool) -> str:
    who = names[e["seat"]]
    action = e["action"]
    if action == "draw":
        if e["card"] is None:
            return f"  {_says(who, 'draws', 'draw')} from the stock"
        return f"  {_says(who, 'draws', 'draw')} {_cards([e['card']], a)} from the stock"
    if action == "take":
        cards = e["cards"]
        deep = f" (the {_cards(cards[:1], a)} must be put down, F4)" if len(cards) > 1 else ""
        return f"  {_says(who, 'takes', 'take')} {_cards(cards, a)} from the pile{deep}"
    if action == "pass":
        return f"  {_says(who, 'takes', 'take')} nothing: the stock is empty (F7)"
    if action == "meld":
        return f"  {_says(who, 'melds', 'meld')} {_cards(e['cards'], a)}"
    if action == "layoff":
        card = _cards([e["card"]], a)
        return f"  {_says(who, 'lays', 'lay')} {card} off on meld {e['meld']}"
    return f"  {_says(who, 'discards', 'discard')} {_cards([e['card']], a)}"


def _result(r: dict[str, Any], names: Sequence[str], a: bool, sides: bool) -> list[str]:
    if r["ended"] == "turns":
        return ["  void hand (the turn limit, F9): no score"]
    lines = []
    if r["out"] is not None:
        lines.append(f"  {_says(names[r['out']], 'goes', 'go')} out.")
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
        lines.append(
            "  totals: " + ", ".join(f"{n} {s}" for n, s in zip(names, r["scores"], strict=True))
        )
    return lines


def render_text(t: dict[str, Any], ascii_style: bool = False) -> str:
    """The transcript `t` as lines of text, ending in a newline."""
    persian = t["game"] == "persian"
    names = [printable(p["name"], 40) for p in t["players"]]
    title = "Persian Rummy" if persian else "500 Rum"
    lines = [f"tt22 {title} game, seed {printable(t['seed'])!r}"]
    seen_by = t.get("seen_by")
    if seen_by is not None:
        lines.append(
            f"As {names[seen_by]} (seat {seen_by}) saw it (M5): other hands and the stock hidden."
        )
    lines.append("Rules: " + ", ".join(f"{k}={v}" for k, v in t["rules"].items()))
    for p in t["players"]:
        kind = f"bot {printable(p['bot'] or '')}" if p["kind"] == "bot" else "human"
        lines.append(f"  seat {p['seat']}: {names[p['seat']]} ({kind})")
    if persian:
        lines.append(f"Sides (P2): {names[0]} and {names[2]}, {names[1]} and {names[3]}.")
    lines.append(f"First dealer: {names[t['first_dealer']]}.")
    for h in t["hands"]:
        lines.append("")
        lines.append(f"Hand {h['number']}: dealer {names[h['dealer']]}.")
        for seat, cards in enumerate(h["dealt"]):
            lines.append(f"  {names[seat]:<16} {_hand(cards, ascii_style)}")
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
            lines.append("Game over: a draw (P7). Scores: " + _scores(names, res["scores"]))
        else:
            won = " and ".join(names[w] for w in res["winners"])
            lines.append(f"Game over: {won} won. Scores: " + _scores(names, res["scores"]))
    else:
        lines.append("The game goes on.")
    return "\n".join(lines) + "\n"


def _scores(names: Sequence[str], scores: Sequence[int]) -> str:
    return ", ".join(f"{n} {s}" for n, s in zip(names, scores, strict=True))
