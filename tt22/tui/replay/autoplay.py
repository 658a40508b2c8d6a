"""Autoplay for every replayer: space plays the record on by itself, `+` / `-` change the
pace, `t` plays each move after the time its player took over it (when the record knows).

One copy for every game's replayer (tt22.tui.replay.screen.ReplayScreen): the
replayer says where it is, where the record ends, how long move `i` was thought over and
how to go to a position; this module keeps the timer. A timer rather than a worker: each
step is a redraw on the screen's own loop, and stopping is cancelling the next one.
"""

from __future__ import annotations

from textual.timer import Timer

from tt22.tui.i18n import t

__all__ = ["REAL_TIME_RANGE", "SPEEDS", "Autoplay"]

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)
"""Seconds per move in autoplay, fastest first (`+` moves left, `-` right)."""

REAL_TIME_RANGE = (0.15, 8.0)
"""A recorded think time is clamped into this for autoplay: a blink is still seen, and a
player who left for tea does not stop the show."""


class Autoplay:
    """The autoplay half of a replay screen (a mixin over a Textual `Screen`).

    The screen supplies `auto_position()`, `auto_end()`, `auto_think(i)` and
    `auto_go(i)`; it draws `auto_status()` (None when not playing) where it says where
    the record is, and calls `stop_autoplay()` before anything that leaves the position
    (going elsewhere by hand leaves autoplay running from there, as a video does)."""

    speed: int = SPEEDS.index(1.0)
    real_time: bool = False
    _timer: Timer | None = None

    # -- what the screen supplies ---------------------------------------------------
    def auto_position(self) -> int:
        raise NotImplementedError

    def auto_end(self) -> int:
        raise NotImplementedError

    def auto_think(self, index: int) -> float | None:
        """Seconds the player took over move `index`, None when the record does not say."""
        return None

    def auto_go(self, index: int) -> None:
        """Show position `index` (and redraw)."""
        raise NotImplementedError

    # -- the timer ------------------------------------------------------------------
    @property
    def autoplaying(self) -> bool:
        return self._timer is not None

    def auto_status(self) -> str | None:
        """ "autoplay 1s" (or "autoplay real time") while playing, else None."""
        if self._timer is None:
            return None
        if self.real_time:
            return t("replay.auto.real")
        return t("replay.auto.on", speed=f"{SPEEDS[self.speed]:g}")

    def action_autoplay(self) -> None:
        """Start (from the start again when at the end) or stop."""
        if self._timer is not None:
            self.stop_autoplay()
            self.auto_go(self.auto_position())
            return
        start = 0 if self.auto_position() >= self.auto_end() else self.auto_position()
        self._schedule()
        self.auto_go(start)

    def stop_autoplay(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def autoplay_delay(self) -> float:
        """Seconds before the next move: the fixed speed, or in real time what the
        player took over it (when the record knows)."""
        if self.real_time:
            think = self.auto_think(self.auto_position())
            if think is not None:
                lo, hi = REAL_TIME_RANGE
                return max(lo, min(hi, think))
        return SPEEDS[self.speed]

    def _schedule(self) -> None:
        self._timer = self.set_timer(self.autoplay_delay(), self._auto_step)  # type: ignore[attr-defined]

    def _auto_step(self) -> None:
        if self._timer is None:
            return
        self._timer = None
        here = self.auto_position()
        if here < self.auto_end():
            if here + 1 < self.auto_end():
                self._schedule()
            self.auto_go(here + 1)
        else:
            self.auto_go(here)

    def action_faster(self) -> None:
        self.speed = max(0, self.speed - 1)
        self.auto_go(self.auto_position())

    def action_slower(self) -> None:
        self.speed = min(len(SPEEDS) - 1, self.speed + 1)
        self.auto_go(self.auto_position())

    def action_real_time(self) -> None:
        from tt22.tui.safe_text import say

        self.real_time = not self.real_time
        if self._timer is None:  # (while autoplaying, the position line says it)
            say(self, t("replay.realtime.on" if self.real_time else "replay.realtime.off"))  # type: ignore[arg-type]
        self.auto_go(self.auto_position())
