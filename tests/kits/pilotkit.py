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
