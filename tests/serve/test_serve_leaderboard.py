"""The lobby's boards (tt22/serve/boards.py), driven by real ssh clients at 80x24: the
leaderboard (`l`), a player's own card (`p`) and the daily deal (`d`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from servekit import Client, open_and_join, play_to_end, serve, until

from tt22.serve.boards import today
from tt22.serve.store import FinishedMatch, FinishedSeat

PRINTABLE = re.compile(r"^[\x20-\x7e]*$")


def _lines(text: str) -> list[str]:
    return text.splitlines()


async def test_two_peoples_finished_match_is_on_the_leaderboard(tmp_path: Path) -> None:
    """Ann and Bob play a whole match of 22 with two bots through the server: their
    ratings change (one up, one down, by their places) and both appear on the
    leaderboard with one match; Ann's card shows her rating, its chart and the match,
    which opens in the replayer. All of it whole on an 80x24 screen."""
    server = await serve(tmp_path)
    ann, bob = Client("ann"), Client("bob")
    try:
        await ann.connect(server.port)
        await bob.connect(server.port)
        table = await open_and_join(ann, bob, server)
        await play_to_end(table, {0: ann, 1: bob})
        await until(lambda: table.status == "over", "the match to end")
        store = server.store
        ratings = await until(
            lambda: len(store.leaderboard("twentytwo")) == 2 and store.leaderboard("twentytwo"),
            "both people rated",
        )
        by_name = {r.name: r for r in ratings}
        seats = store.db.execute("SELECT name, place FROM seats WHERE bot IS NULL").fetchall()
        place = dict(seats)
        better, worse = sorted(("ann", "bob"), key=lambda n: place[n])
        if place["ann"] != place["bob"]:  # the better place gains more (or loses less)
            assert by_name[better].change > by_name[worse].change
            assert by_name[better].ordinal > by_name[worse].ordinal
        else:  # level: the same change, whoever they are
            assert by_name["ann"].change == pytest.approx(by_name["bob"].change)
        assert {by_name[n].change for n in ("ann", "bob")} != {0.0}  # (they moved)
        assert by_name["ann"].matches == by_name["bob"].matches == 1
        for client in (ann, bob):
            # (the end on the screen first: the last deal's summary, open until the end
            # arrives, would take the key, and a loaded machine once let it)
            await client.see("Match over")
            client.press("q")  # back to the lobby
            await client.see("tt22 lobby")
        ann.press("l")
        text = await ann.see("Leaderboard: Twenty-Two", "mu - 3 sigma", "ann *", "bob")
        rows = [line for line in _lines(text) if " ann " in line or " bob " in line]
        assert len(rows) == 2
        first = rows[0].split()
        assert first[1] == ratings[0].name  # the best first
        assert f"{ratings[0].ordinal:.1f}" in rows[0] and f"{ratings[0].change:+.1f}" in rows[0]
        assert len(_lines(ann.text)) == 24
        ann.press("q")
        await ann.see("tt22 lobby")
        ann.press("p")
        text = await ann.see("ann's card", "Twenty-Two: rating", "matches 1, last change")
        assert "W: first place" in text
        ann.press("\r")  # the match, in the replayer
        await ann.see("all hands open", "Moves")
        ann.press("q")
        await ann.see("ann's card")
    finally:
        await ann.close()
        await bob.close()
        await server.close()


async def test_hostile_names_are_shown_as_text(tmp_path: Path) -> None:
    """A name in the store with an escape sequence and a bidi override (a store
    written by an older server, or by hand) is drawn escaped, never obeyed."""
    server = await serve(tmp_path)
    evil = "x\x1b[2J\x1b]0;pwn\x07\u202eevil"
    seats = (
        FinishedSeat(0, evil, None, 0, 1, 0),
        FinishedSeat(1, "cy", None, 1, 2, 30),
    )
    server.store.record_match(FinishedMatch("EVIL", "twentytwo", "/nowhere", "s", None, seats))
    cy = Client("cy", env={"NO_COLOR": "1"})
    try:
        await cy.connect(server.port)
        await cy.see("tt22 lobby")
        cy.press("l")
        text = await cy.see("Leaderboard", "cy *", "\\x1b")
        assert "\\u202e" in text
        assert b"\x1b]0;pwn" not in b"".join(cy.received)
        assert "\u202e" not in text
        # NO_COLOR: nothing on the screen has a foreground colour of its own.
        colours = {c.fg for row in cy.screen.buffer.values() for c in row.values()}
        assert colours <= {"default"}, colours
    finally:
        await cy.close()
        await server.close()


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ko_KR.UTF-8", ("순위표", "레이팅", "경기")),
        ("ja_JP.UTF-8", ("ランキング", "レート", "対局")),
    ],
)
async def test_the_boards_speak_the_connections_language(
    tmp_path: Path, lang: str, words: tuple[str, ...]
) -> None:
    server = await serve(tmp_path)
    seats = (FinishedSeat(0, "dee", None, 0, 1, 0), FinishedSeat(1, "bot 2", "easy", 1, 2, 9))
    server.store.record_match(FinishedMatch("K1", "twentytwo", "/r", "s", None, seats))
    dee = Client("dee", env={"LANG": lang})
    try:
        await dee.connect(server.port)
        dee.press("l")
        await dee.see(*words)
        dee.press("q")
        dee.press("p")
        await dee.see("dee")
    finally:
        await dee.close()
        await server.close()


async def test_the_daily_deal_is_the_same_and_hidden_until_finished(tmp_path: Path) -> None:
    """Eve and Fay each sit at today's daily table of 22 (`d`, Enter): both tables
    have the seed `daily` of today's UTC date, so the same deal, and bots of the daily
    level at the server's pace. Fay may not watch Eve's daily table while she has not
    finished the deal herself; once Eve's result is in, the daily board ranks it."""
    server = await serve(tmp_path)
    eve, fay = Client("eve"), Client("fay")
    try:
        await eve.connect(server.port)
        await fay.connect(server.port)
        await eve.see("tt22 lobby")
        eve.press("d")
        await eve.see("daily deals of " + today(), "Twenty-Two", "not yet")
        eve.press("\r")
        table = await until(
            lambda: next((x for x in server.hub.tables.values() if x.options.daily), None),
            "the daily table",
        )
        await until(lambda: table.status == "playing", "the daily match to start")
        assert table.seed == f"daily-{today()}"
        assert [s.bot for s in table.seats][1:] == ["normal"] * (len(table.seats) - 1)
        # The server's own pace and grace, as at any table it opens (here no pause).
        assert (table.options.pace, table.options.grace) == (server.hub.pace, server.hub.grace)
        await fay.see(table.code)  # (listed in the lobby)
        fay.press("j")
        await fay.see("Table code")
        fay.press(table.code + "\r")
        await fay.see("Finish today's Twenty-Two deal first")
        assert not any(w.seat < 0 for w in table.watchers.values())
        fay.press("d")
        await fay.see("daily deals of")
        fay.press("\r")
        second = await until(
            lambda: next(
                (x for x in server.hub.tables.values() if x.options.daily and x is not table),
                None,
            ),
            "Fay's daily table",
        )
        await until(lambda: second.status == "playing", "Fay's daily match to start")
        assert second.seed == table.seed
        assert second.game.view(second.state, 0).hand == table.game.view(table.state, 0).hand
        await play_to_end(table, {0: eve})
        await until(lambda: server.store.daily_done("eve", today(), "twentytwo"), "eve's result")
        await eve.see("Match over")
        eve.press("q")  # back where she sat down: the daily deals, her result in
        text = await eve.see("daily deals of", "who finished where", " eve ")
        assert "not yet" not in text.split("Twenty-Two", 1)[1].splitlines()[0]
        # Her rematch is a fresh deal, not today's again.
        rematch = server.hub.rematch(table, table.seats[0].fingerprint)
        assert rematch.options.daily == "" and rematch.options.seats == table.options.seats
    finally:
        await eve.close()
        await fay.close()
        await server.close()


async def test_the_card_in_ascii_is_ascii(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the connection's ASCII setting on, the card's rating chart is drawn with
    `#` and `.`, every line of the card plain ASCII, whole at 80x24."""
    from servekit import record_apps

    apps = record_apps(monkeypatch)
    server = await serve(tmp_path)
    for i in range(5):
        seats = (
            FinishedSeat(0, "gus", None, 0, 1 + i % 2, 5),
            FinishedSeat(1, "bot 2", "hard", 1, 2 - i % 2, 9),
        )
        server.store.record_match(FinishedMatch(f"A{i}", "twentytwo", "/r", "s", None, seats))
    gus = Client("gus")
    try:
        await gus.connect(server.port)
        await gus.see("tt22 lobby")
        apps["gus"].action_toggle_ascii()
        gus.press("p")
        text = await gus.see("gus's card", "matches 5", "W: first place")
        chart = text.split("W: first place", 1)[1].split("When (UTC)", 1)[0]
        assert "#" in chart and "W" in chart
        for line in text.splitlines()[:-1]:  # (the key bar is the app's own)
            assert PRINTABLE.match(line), line
        assert len(text.splitlines()) == 24
    finally:
        await gus.close()
        await server.close()
