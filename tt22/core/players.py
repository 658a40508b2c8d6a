"""Who sits at each seat: shared by records, transcripts and the interface."""

from __future__ import annotations

from typing import Literal

import msgspec

__all__ = ["Player"]


class Player(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A seat's occupant. `bot` names the bot (level) when `kind` is "bot"."""

    name: str
    kind: Literal["human", "bot"] = "human"
    bot: str | None = None
