"""A readable hand-by-hand, turn-by-turn account of a Manipulation Rummy game, from its
transcript (docs/transcript-manipulation.md), for `tt22 sim --game manipulation` and
`tt22 show` in text form. Names come from strangers and go through
tt22.core.safe.printable, the one helper for outside text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.core.safe import printable
from tt22.games.rummy.textlog import NOT_SEEN, cards_text, hand_opening, opening

from .cards import CODE, TEXT, hand_order

__all__ = ["render_text"]


def _cards(cards: Sequence[str] | None, ascii_style: bool) -> str:
    return cards_text(cards, ascii_style, CODE)


def _hand(cards: Sequence[str] | None, ascii_style: bool) -> str:
    if cards is None:
        return NOT_SEEN
    return _cards([TEXT[c] for c in hand_order((CODE[c] for c in cards), True)], ascii_style)


def _table(melds: Sequence[Sequence[str]], ascii_style: bool) -> str:
    return " | ".join(_cards(m, ascii_style) for m in melds) or "-"


def render_text(t: dict[str, Any], ascii_style: bool = False) -> str:
    """The transcript `t` as lines of text, ending in a newline."""
    names = [printable(p["name"], 40) for p in t["players"]]
    lines = opening(t, "Manipulation Rummy", names)
    for h in t["hands"]:
        lines += hand_opening(h, names, lambda cards: _hand(cards, ascii_style))
        size = h.get("stock_size", len(h["stock"] or ()))
        lines.append(f"  stock: {size} cards face down")
        for e in h["events"]:
            who = names[e["seat"]]
            if e["action"] == "draw":
                card = "a card" if e["card"] is None else _cards([e["card"]], ascii_style)
                lines.append(f"  {who} draws {card}.")
            elif e["action"] == "pass":
                lines.append(f"  {who} passes.")
            else:
                lines.append(f"  {who} plays {_cards(e['cards'], ascii_style)}:")
                lines.append(f"    table: {_table(e['table'], ascii_style)}")
        r = h["result"]
        if r is None:
            lines.append("  (the hand goes on)")
            continue
        if r["winner"] is None:
            lines.append(
                "  Every seat passed with the stock empty: no winner, every hand counts (X7)."
            )
        else:
            lines.append(f"  {names[r['winner']]} goes out (X6).")
        if r["left"] is not None:
            for seat, cards in enumerate(r["left"]):
                if cards:
                    lines.append(f"  {names[seat]:<16} keeps {_hand(cards, ascii_style)}")
        deltas = ", ".join(f"{names[i]} +{d}" for i, d in enumerate(r["deltas"]))
        totals = ", ".join(f"{names[i]} {s}" for i, s in enumerate(r["scores"]))
        lines.append(f"  Penalties (X8): {deltas}; totals: {totals}.")
    res = t["result"]
    lines.append("")
    if res["finished"]:
        won = " and ".join(names[w] for w in res["winners"])
        lines.append(f"Game over: {won} wins with the lowest total (X8).")
    else:
        lines.append("The game is not finished.")
    return "\n".join(lines) + "\n"
