"""`tt22 serve` for Manipulation Rummy: two people at one table over loopback (asyncssh
clients, their screens read through pyte) play a short match to its end through the
work area's keys, and no client's screen ever shows a card of the other hand or of the
stock (M5, X2).

Manipulation plays with two decks (X1), so a card's face may be both in one's own hand
or on the table and, as its second copy, in the other hand: a face counts as hidden only
when the seat can see no copy of it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from servekit import Client, record_apps, same, serve, told, until

from tt22.core.cards import show_card
from tt22.serve.app import ServeApp

RIGHT = "\x1b[C"
CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")
TURN = ("Your turn:", "can go on the table")  # (a turn with no play says why)
PROPOSED, NO_PLAY = "Proposed:", "No play uses those cards."
READY = "Every group is a meld"


def hidden_from(table: Any, seat: int) -> set[str]:
    """The faces (as drawn) of the cards seat `seat` may not know now, from the table's
    real state: the other hands and the stock, less every face the seat sees a copy of
    (its hand, the table's melds)."""
    state = table.state
    view = table.game.view(state, seat)
    hidden = {c for s, hand in enumerate(state.hands) if s != seat for c in hand}
    hidden |= set(state.stock)
    seen = {*view.hand, *(c for meld in view.table for c in meld)}
    return {show_card(c) for c in hidden - seen}


def check_screens(table: Any, clients: dict[int, Client]) -> None:
    """No client's screen shows a face its seat may not know."""
    for seat, client in clients.items():
        leak = set(CARD.findall(client.text)) & hidden_from(table, seat)
        assert not leak, f"{client.name} sees {leak}:\n{client.text}"


def meld_keys(view: Any) -> list[str] | None:
    """The keys that put down the first meld of the hand alone (Space on each of its
    cards in the hand row as the work area orders it, then `n`), or None."""
    from tt22.games.manipulation.engine import hand_melds
    from tt22.tui.games.manipulation.work import Work

    melds = hand_melds(list(view.hand))
    if not melds:
        return None
    row = list(Work(view.table, view.hand).hand)
    places: list[int] = []
    for c in melds[0]:
        places.append(next(i for i, d in enumerate(row) if d == c and i not in places))
    keys, at = [], 0
    for i in sorted(places):
        keys.append(RIGHT * (i - at) + " ")
        at = i
    return [*keys, "n"]


async def play_turn(client: Client, view: Any, app: ServeApp) -> str:
    """This seat's turn through the work area: a meld of the hand picked and made a new
    group; else the solver's proposal (`f`) when it has one; Enter plays it (or, with
    nothing moved, draws or passes). What was done."""
    keys = meld_keys(view)
    if keys is not None:
        for key in keys:
            client.press(key)
        await client.see(READY)
        await same(client, app, "with the new group")
        client.press("\r")
        return "meld"
    client.press("f")
    await until(lambda: PROPOSED in client.text or NO_PLAY in client.text, "the proposal")
    await same(client, app, "with the proposal")
    done = "proposal" if PROPOSED in client.text else "draw"
    client.press("\r")
    return done


async def seat_two(server: Any, options: Any, clients: list[Client]) -> Any:
    """A table of `options` opened for the first client; both join it by its code from
    the lobby (`j`). The table, once it plays."""
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


async def test_a_served_manipulation_match_between_two_people_shows_no_hidden_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two people play Manipulation Rummy over SSH to the end (4 cards each, target 1:
    one hand) at its own table: picking a hand's meld with Space and `n`, or taking the
    solver's proposal (`f`), then Enter. At each turn, with the work area built, neither
    screen shows a face of the other hand or the stock that its seat sees no copy of."""
    from tt22.serve.hub import TableOptions

    apps = record_apps(monkeypatch)
    server = await serve(tmp_path)
    ann, bob = Client("ann"), Client("bob")
    try:
        await ann.connect(server.port)
        await bob.connect(server.port)
        options = TableOptions(
            game="manipulation", rules=("hand_size=4", "target=1"), seats=("human", "human")
        )
        table = await seat_two(server, options, [ann, bob])
        seats = {0: ann, 1: bob}
        done: dict[str, int] = {}
        while table.status == "playing":
            seat = table.game.to_move(table.state)
            before = table.moves
            client = seats[seat]
            view = table.game.view(table.state, seat)
            hand = {show_card(c) for c in view.hand}
            await until(
                lambda c=client, h=hand: (
                    any(w in c.text for w in TURN)
                    and h <= set(CARD.findall(c.text))
                    and told(table)
                ),
                f"{client.name}'s turn",
            )
            await same(client, apps[client.name], "at its turn")
            check_screens(table, seats)
            what = await play_turn(client, view, apps[client.name])
            check_screens(table, seats)
            done[what] = done.get(what, 0) + 1
            await until(lambda b=before: table.moves > b, f"{client.name}'s move to count")
        assert table.status == "over"
        assert done.get("meld", 0) + done.get("proposal", 0) >= 1, done
        plays = [m.move for m in table.record.moves if type(m.move).__name__ == "Play"]
        assert plays
        for client in (ann, bob):  # (the hands left are public now, X8)
            await client.see("Manipulation Rummy")
    finally:
        await ann.close()
        await bob.close()
        await server.close()
