"""A readable deal-by-deal, trick-by-trick account of a match, from its transcript.

Built from the transcript object (not from engine internals) so `tt22 sim`, `tt22 show`
and a seat-limited `show --seat N` all print the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt22.engine.cards import parse_card, show_card
from tt22.safe import printable

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
    lines.append(f"{who(fd['dealer'])} deals first.")
    for d in t["deals"]:
        lines.append("")
        lines.append(f"Deal {d['number']}: {who(d['dealer'])} deals {d['hand_size']} cards each.")
        for seat in d["players_in"]:
            lines.append(f"  {names[seat]:<16} {_cards(d['hands'][seat], ascii_style)}")
        stock = d.get("stock")
        if stock is not None:
            lines.append(f"  stock ({len(stock)}): {_cards(stock, ascii_style)}")
        for e in d["exchanges"]:
            if "count" in e:
                lines.append(f"  exchange: {names[e['seat']]} swaps {e['count']} card(s)")
            elif not e["discard"]:
                lines.append(f"  exchange: {names[e['seat']]} keeps the hand")
            else:
                lines.append(
                    f"  exchange: {names[e['seat']]} discards {_cards(e['discard'], ascii_style)},"
                    f" draws {_cards(e['draw'], ascii_style)}"
                )
        for n, trick in enumerate(d["tricks"], 1):
            plays = "; ".join(
                f"{names[p['seat']]} {_cards(p['cards'], ascii_style)}" for p in trick["plays"]
            )
            won = (
                f" -> {names[trick['winner']]} wins"
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
            lines.append(f"  {losers} take{'s' if len(d['losers']) == 1 else ''} {d['penalty']}.")
            totals = "  ".join(f"{names[s]} {v}" for s, v in enumerate(d["totals"]))
            lines.append(f"  totals: {totals}")
            for seat in d["eliminated"]:
                lines.append(f"  {names[seat]} is out.")
    lines.append("")
    result = t["result"]
    if not result["finished"]:
        lines.append("Unfinished match.")
    elif result["winners"]:
        lines.append("Winner: " + ", ".join(who(s) for s in result["winners"]))
    else:
        lines.append("No winner: everyone went out in the same deal.")
    return "\n".join(lines) + "\n"
