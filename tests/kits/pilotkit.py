"""Test kit for the interface under Textual's Pilot.

A key's effect reaches the screen some frames after the key is handled, and later
still on a loaded machine: a test waits for the state it expects (with a deadline that
bounds a failure, not a pace), never for a fixed time.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot


async def wait_for(pilot: Pilot[Any], cond: Callable[[], bool], timeout: float = 30.0) -> None:
    """Let the app run until `cond()` holds; AssertionError after `timeout` seconds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not cond():
        if loop.time() > end:
            raise AssertionError("timed out waiting for the app")
        await pilot.pause(0.02)


async def tap(
    pilot: Pilot[Any], *keys: str, done: Callable[[], bool], timeout: float = 30.0
) -> None:
    """Press `keys` (in order, as typed) and come back once `done()` holds (what they
    were to do) and the app has handled what that queued (a widget's update).
    `pilot.press` instead idles at least 40 ms after every key, however soon the app
    has handled it: a test that steps a record move by move spent most of its time
    there."""
    from textual import events

    for key in keys:
        pilot.app.post_message(events.Key(key, None if len(key) > 1 else key))
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        await pilot.pause(0.001)  # (the app's queues emptied, then a frame's refresh)
        if done():
            await pilot.pause(0.001)
            return
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for the app to take {keys}")
