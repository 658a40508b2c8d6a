"""Which comments a seat's view may show: one rule for every game."""

from __future__ import annotations

__all__ = ["comment_visible"]


def comment_visible(mover: int, seat: int | None) -> bool:
    """Whether the view of `seat` (None: the open view, every hand shown) may show a
    comment on a move made by `mover`. A comment may speak of the hand it was made
    with, so a seat sees only the comments on its own moves: one rule for `tt22 show
    --seat` and the replayer's seat views."""
    return seat is None or mover == seat
