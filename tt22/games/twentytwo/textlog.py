"""A readable deal-by-deal, trick-by-trick account of a match, from its transcript.

Built from the transcript object (not from engine internals) so `tt22 sim`, `tt22 show`
and a seat-limited `show --seat N` all print the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.core.cards import parse_card, show_card
from tt22.core.safe import printable

__all__ = ["render_text"]


def _card(text: str | None, ascii_style: bool) -> str:
    if text is None:
        return "??"
    return show_card(parse_card(text), ascii_style)


def _cards(cards: Sequence[str | None] | None, ascii_style: bool) -> str:
    if cards is None:
        return "(hidden)"
    if not cards:
        return "-"
    return " ".join(_card(c, ascii_style) for c in cards)


def _count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def render_text(t: dict[str, Any], ascii_style: bool = False) -> str:
    names = [printable(p["name"], 40) for p in t["players"]]

    def who(seat: int) -> str:
        return f"{names[seat]} (seat {seat})"

    lines: list[str] = []
    lines.append(f"tt22 match, seed {printable(t['seed'])!s}")
    rules = ", ".join(f"{k}={v}" for k, v in t["rules"].items())
    lines.append(f"Rules: {rules}")
    for p in t["players"]:
        kind = f"bot {printable(p['bot'] or '')}" if p["kind"] == "bot" else "human"
        lines.append(f"  seat {p['seat']}: {names[p['seat']]} ({kind})")
    fd = t["first_dealer"]
    for i, rnd in enumerate(fd["draws"], 1):
        drawn = ", ".join(f"{names[d['seat']]} {_card(d['card'], ascii_style)}" for d in rnd)
        lines.append(f"First-dealer draw{'' if i == 1 else f' (round {i})'}: {drawn}")
    # Every sentence names the player without a verb that agrees with it: a player may
    # be called "You" or "1" (no "You deals", "1 deals").
    lines.append(f"First dealer: {who(fd['dealer'])}.")
    for d in t["deals"]:
        lines.append("")
        k = d["hand_size"]
        lines.append(f"Deal {d['number']}: dealer {who(d['dealer'])}, {_count(k)} each.")
        for seat in d["players_in"]:
            lines.append(f"  {names[seat]:<16} {_cards(d['hands'][seat], ascii_style)}")
        stock = d.get("stock")
        if stock is not None:
            lines.append(f"  stock ({len(stock)}): {_cards(stock, ascii_style)}")
        for e in d["exchanges"]:
            if "count" in e:
                lines.append(f"  exchange: {names[e['seat']]}: {_count(e['count'])} swapped")
            elif not e["discard"]:
                lines.append(f"  exchange: {names[e['seat']]}: hand kept")
            else:
                lines.append(
                    f"  exchange: {names[e['seat']]}: put away {_cards(e['discard'], ascii_style)},"
                    f" drew {_cards(e['draw'], ascii_style)}"
                )
        for n, trick in enumerate(d["tricks"], 1):
            plays = "; ".join(
                f"{names[p['seat']]} {_cards(p['cards'], ascii_style)}" for p in trick["plays"]
            )
            won = (
                f" -> won by {names[trick['winner']]}"
                if trick["winner"] is not None
                else " (in progress)"
            )
            lines.append(f"  trick {n}: {plays}{won}")
        if "showdown" in d:
            shown = ", ".join(
                f"{names[s['seat']]} {_card(s['card'], ascii_style)}" for s in d["showdown"]
            )
            lines.append(f"  showdown: {shown}")
            losers = ", ".join(names[s] for s in d["losers"])
            lines.append(f"  penalty {d['penalty']}: {losers}")
            totals = "  ".join(f"{names[s]} {v}" for s, v in enumerate(d["totals"]))
            lines.append(f"  totals: {totals}")
            for seat in d["eliminated"]:
                lines.append(f"  out: {names[seat]}")
    lines.append("")
    result = t["result"]
    if not result["finished"]:
        lines.append("Unfinished match.")
    elif result["winners"]:
        lines.append("Winner: " + ", ".join(who(s) for s in result["winners"]))
    else:
        lines.append("No winner: everyone went out in the same deal.")
    return "\n".join(lines) + "\n"
