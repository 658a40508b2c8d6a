"""22's transcript cut down to what one seat could see (R23), for `tt22 show --seat N`.

Works on the transcript object, so text and JSON output share it. The shape is the
transcript's with three changes (docs/record-format.md, "Seat-limited transcript"):
`"seen_by": N` after `version`; in each deal the other seats' `hands` are null and the
`stock` is null with its size in `stock_size`; another seat's exchange is
`{"seat": s, "count": k}` (how many cards it swapped) instead of its discard and draw.
Everything played face up (first-dealer draws, tricks, showdowns) and all scores stay.
"""

from __future__ import annotations

from typing import Any

__all__ = ["seat_transcript"]


def _deal(d: dict[str, Any], seat: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in d.items():
        if key == "hands":
            out[key] = [h if s == seat else None for s, h in enumerate(value)]
        elif key == "stock":
            out[key] = None
            out["stock_size"] = len(value)
        elif key == "exchanges":
            out[key] = [
                e if e["seat"] == seat else {"seat": e["seat"], "count": len(e["discard"])}
                for e in value
            ]
        else:
            out[key] = value
    return out


def seat_transcript(t: dict[str, Any], seat: int) -> dict[str, Any]:
    """`t` (a full transcript) as seat `seat` saw the match."""
    out: dict[str, Any] = {}
    for key, value in t.items():
        out[key] = [_deal(d, seat) for d in value] if key == "deals" else value
        if key == "version":
            out["seen_by"] = seat
    return out
