"""`tt22 serve` seats High Card, the game that lives only under tests/
(tests/kits/tinygame.py), at the one table (tt22.tui.table.screen) through its entry
alone (`ui`, and `served` naming the generic served table, tt22.serve.tables.ui_screen):
two people over SSH on loopback each play their card with Enter, a third watches with
no card shown before it is played, and all three see the match's end. No shared module
names the game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tinygame
from servekit import Client, serve, until

from tt22.core import registry
from tt22.core.cards import show_card


@pytest.fixture
def tiny() -> Iterator[None]:
    registry.register(tinygame.ENTRY)
    try:
        yield
    finally:
        registry.unregister("tiny")


async def seat_by_code(server: Any, options: Any, clients: list[Client]) -> Any:
    """A table of `options` opened for the first client; every client joins it by its
    code from the lobby. The table, once it plays."""
    from tt22.serve.keys import fingerprint

    first = clients[0]
    await first.see("lobby")
    table = server.hub.create(options, fingerprint(first.key), first.name)
    for client in clients:
        await client.see("lobby", table.code)
        client.press("j")
        await client.see("Table code")
        client.press(table.code + "\r")
        fp = fingerprint(client.key)
        await until(
            lambda fp=fp: any(w.fingerprint == fp for w in table.watchers.values()),
            f"{client.name} at the table",
        )
    await until(lambda: table.status == "playing", "the match to start")
    return table


async def test_two_people_play_high_card_over_ssh_at_the_one_table(
    tmp_path: Path, tiny: None
) -> None:
    from tt22.serve.hub import TableOptions

    server = await serve(tmp_path)
    ann, bob, eve = Client("ann"), Client("bob"), Client("eve")
    try:
        await ann.connect(server.port)
        await bob.connect(server.port)
        await eve.connect(server.port)
        options = TableOptions(game="tiny", seats=("human", "human"), pace=0.0)
        table = await seat_by_code(server, options, [ann, bob])
        seats = {table.seats[s].fingerprint: s for s in range(2)}  # (who sat where)
        from tt22.serve.keys import fingerprint

        by_seat = {seats[fingerprint(c.key)]: c for c in (ann, bob)}
        first, second = by_seat[0], by_seat[1]
        hands = table.state.hands
        await first.see("High Card: one trick", "Your turn: play your card.")
        # Each seat sees its own card and never the other's.
        assert show_card(hands[1]) not in first.text, first.text
        await second.see("High Card: one trick")
        assert show_card(hands[0]) not in second.text, second.text
        await eve.see(table.code)
        eve.press("w")  # the one table under the cursor: watch it
        await eve.see("You are watching table", "High Card: one trick", first.name)
        assert not {show_card(c) for c in hands} & set(eve.text.split()), eve.text
        first.press("\r")
        await until(lambda: len(table.state.played) == 1, "the first card")
        await second.see("Your turn: play your card.", show_card(hands[0]))
        second.press("\r")
        await until(lambda: table.status == "over", "the match to end")
        for client in (first, second, eve):
            await client.see("Game over", show_card(hands[0]), show_card(hands[1]))
    finally:
        await ann.close()
        await bob.close()
        await eve.close()
        await server.close()
