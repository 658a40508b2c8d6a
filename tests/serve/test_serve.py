"""`tt22 serve` end to end on loopback: asyncssh clients read their screens through pyte.

A server on 127.0.0.1 port 0 with throwaway keys in tmp; two people and two bots play a
whole match of 22; refusals (exec, sftp, forwarding, no terminal, keys and names); a
client that stops reading; bytes that are not keys.
"""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import asyncssh
import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from servekit import (
    Client,
    PtyClient,
    cards_on,
    may_see,
    open_and_join,
    own_table,
    play_to_end,
    serve,
    until,
)

from tt22.serve.ssh import Server


def test_textual_private_parser_is_there() -> None:
    """The driver leans on Textual's private xterm parser: pyproject pins Textual 8.2.x,
    and this fails if a Textual release moves it (tests/core/test_textual_hooks.py checks
    its shape, with every other private name tt22 uses)."""
    import textual
    from textual._xterm_parser import XTermParser

    assert textual.__version__.startswith("8.")
    keys = list(XTermParser().feed("a\x1b[D"))
    assert [getattr(k, "key", None) for k in keys] == ["a", "left"]


def _tt22(*args: str, env_extra: str = "") -> subprocess.CompletedProcess[str]:
    code = f"{env_extra}\nimport sys; from tt22.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=60
    )


def test_serve_without_the_extra_says_how_to_add_it() -> None:
    r = _tt22("serve", "--open", env_extra="import sys; sys.modules['asyncssh'] = None")
    assert r.returncode == 2
    assert r.stderr.strip() == "tt22 serve needs the serve extra: pip install 'tt22[serve]'"


@pytest.mark.parametrize(
    "args",
    [
        ["serve"],  # neither --open nor --allow
        ["serve", "--open", "--allow", "keys"],
        ["serve", "--open", "--port", "70000"],
        ["serve", "--allow", "/nonexistent/authorized_keys"],
        ["serve", "--open", "--port", "x"],
    ],
)
def test_bad_flags_are_one_line(args: list[str], tmp_path: Path) -> None:
    r = _tt22(*args, "--data", str(tmp_path))
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "Traceback" not in r.stderr


def test_host_key_is_made_once_private(tmp_path: Path) -> None:
    from tt22.serve.keys import HOST_KEY_NAME, fingerprint, host_key

    key, new = host_key(tmp_path)
    path = tmp_path / HOST_KEY_NAME
    assert new and path.stat().st_mode & 0o777 == 0o600
    again, new_again = host_key(tmp_path)
    assert not new_again and fingerprint(again) == fingerprint(key)


async def _turn_of(client: Client) -> bool:
    text = client.text
    return any(w in text for w in ("Your lead", "Your turn", "Your move", "Exchange:"))


async def _whole_match(server: Server, ann: Any, bob: Any) -> Any:
    table = await open_and_join(ann, bob, server)
    moves = await play_to_end(table, {0: ann, 1: bob})
    assert table.status == "over"
    assert moves > 10
    for client in (ann, bob):
        text = await client.see("Match over")
        assert table.seed in text.replace("\n", "")  # the seed, revealed at the end
    assert Path(table.record_path).is_file()
    from tt22.record import load_record, verify_record

    record = load_record(table.record_path)
    assert record.result.finished
    assert verify_record(record).ok
    # The seed never reached a player before the end: it would deal out every hand.
    for client in (ann, bob):
        joined = b"".join(client.received)
        first = joined.index(table.seed.encode())
        assert b"match over" in joined[:first].lower()  # drawn (just) before the seed
    return table


async def test_two_people_and_two_bots_play_a_whole_match(tmp_path: Path) -> None:
    """Ann's terminal is 120 columns wide, so her screen (parsed at each of her
    moves) also shows the move log; at the end her score history (`s`) has a
    column for every deal, and the log ends with the last showdown."""
    server = await serve(tmp_path)
    ann, bob = Client("ann"), Client("bob")
    try:
        await ann.connect(server.port, width=120, height=30)
        await bob.connect(server.port)
        table = await _whole_match(server, ann, bob)
        text = await ann.see("Moves", "Showdown:")  # the log, beside the table
        last = table.state.history[-1]
        assert ann.text.count("Showdown:") >= 1 and "won the trick." in text
        ann.press("s")
        text = await ann.see("Penalty totals after each deal")
        header = next(line for line in text.splitlines() if "Player" in line)
        numbers = [int(w) for w in header.split() if w.isdigit()]
        assert numbers[-1] == last.start.number and numbers == sorted(numbers), header
        assert cards_on(text) <= may_see(table.game.view(table.state, 0)), text
    finally:
        await ann.close()
        await bob.close()
        await server.close()


async def test_openssh_clients_play_a_whole_match(tmp_path: Path) -> None:
    """The same with the real OpenSSH client in a pseudo-terminal (.ci/run installs
    openssh-client; never skipped)."""
    server = await serve(tmp_path)
    ann, bob = PtyClient("ann", tmp_path), PtyClient("bob", tmp_path)
    try:
        await ann.connect(server.port)
        await bob.connect(server.port)
        await _whole_match(server, ann, bob)
    finally:
        await ann.close()
        await bob.close()
        await server.close()


def test_the_command_serves(tmp_path: Path) -> None:
    """`tt22 serve` itself: prints the new host key's fingerprint and its port, and an
    OpenSSH client reaches the lobby; SIGTERM stops it cleanly."""

    async def go() -> None:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tt22",
            "serve",
            "--open",
            "--port",
            "0",
            "--data",
            str(tmp_path / "data"),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        assert proc.stdout is not None
        first = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode()
        second = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode()
        assert first.startswith("host key (made in") and "SHA256:" in first
        port = int(second.split(" port ")[1].split(",")[0])
        ann = PtyClient("ann", tmp_path)
        try:
            await ann.connect(port)
            await ann.see("lobby", "signed in as ann")
        finally:
            await ann.close()
            proc.terminate()
            assert await asyncio.wait_for(proc.wait(), 60) == 0

    asyncio.run(go())


async def _refused(port: int, name: str, **kwargs: object) -> tuple[int | None, bytes]:
    key = asyncssh.generate_private_key("ssh-ed25519")
    async with asyncssh.connect(
        "127.0.0.1", port, username=name, client_keys=[key], known_hosts=None, agent_path=None
    ) as conn:
        result = await conn.run(**kwargs, encoding=None)  # type: ignore[arg-type]
        return result.exit_status, bytes(result.stderr or b"")


async def test_exec_and_no_terminal_are_refused(tmp_path: Path) -> None:
    server = await serve(tmp_path)
    try:
        status, err = await _refused(server.port, "eve", command="cat /etc/passwd")
        assert status == 1 and b"no commands" in err
        status, err = await _refused(server.port, "mallory")  # no PTY
        assert status == 1 and b"needs a terminal" in err
    finally:
        await server.close()


async def test_sftp_and_forwarding_are_refused(tmp_path: Path) -> None:
    server = await serve(tmp_path)
    key = asyncssh.generate_private_key("ssh-ed25519")
    try:
        async with asyncssh.connect(
            "127.0.0.1",
            server.port,
            username="eve",
            client_keys=[key],
            known_hosts=None,
            agent_path=None,
        ) as conn:
            with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError, OSError)):
                async with conn.start_sftp_client() as sftp:
                    await sftp.listdir(".")
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.open_connection("127.0.0.1", server.port)
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
    finally:
        await server.close()


async def test_allow_mode_refuses_unknown_keys(tmp_path: Path) -> None:
    friend = asyncssh.generate_private_key("ssh-ed25519")
    allowed = asyncssh.import_authorized_keys(friend.export_public_key().decode())
    server = await serve(tmp_path, allowed=allowed)
    try:
        stranger = Client("ann")
        with pytest.raises(asyncssh.PermissionDenied):
            await stranger.connect(server.port)
        ok = await Client("ann", friend).connect(server.port)
        await ok.see("lobby")
        await ok.close()
    finally:
        await server.close()


async def test_a_name_belongs_to_its_first_key(tmp_path: Path) -> None:
    server = await serve(tmp_path)
    try:
        first = await Client("ann").connect(server.port)
        await first.see("signed in as ann")
        with pytest.raises(asyncssh.PermissionDenied):
            await Client("ann").connect(server.port)  # another key, the same name
        again = await Client("ann", first.key).connect(server.port)
        await again.see("signed in as ann")
        with pytest.raises(asyncssh.PermissionDenied):
            await Client("x" * 30).connect(server.port)
        await first.close()
        await again.close()
    finally:
        await server.close()


async def test_bytes_that_are_not_keys_do_no_harm(tmp_path: Path) -> None:
    server = await serve(tmp_path)
    try:
        c = await Client("ann").connect(server.port)
        await c.see("lobby")
        # Not UTF-8, escape sequences cut short or absurd, a mouse off the screen, a
        # huge paste: nothing that is a key with a meaning (q would quit, as it should).
        garbage = bytes(range(0x80, 0x100)) * 40 + b"\x1b[999999;999999R\x1b[<0;-5;-5M"
        cut = b"\x1b[\x1bO\x1b[12;"
        c.press(garbage + cut + b"\x1b[200~" + b"x" * 100_000 + b"\x1b[201~" + cut + b"\x1b[D")
        c.press("n")  # still alive and listening: the new-table form opens
        await c.see("A new table")
        await c.close()
    finally:
        await server.close()


async def test_a_client_that_stops_reading_is_let_go(tmp_path: Path) -> None:
    """The server never buffers without bound: a client whose window is full and who
    keeps asking for screens is disconnected once MAX_BUFFER bytes wait for it."""
    from tt22.serve.render import driver

    server = await serve(tmp_path)
    old = driver.MAX_BUFFER
    driver.MAX_BUFFER = 64 * 1024  # a smaller bound, so the test fills it quickly
    try:
        key = asyncssh.generate_private_key("ssh-ed25519")
        conn = await asyncssh.connect(
            "127.0.0.1",
            server.port,
            username="zed",
            client_keys=[key],
            known_hosts=None,
            agent_path=None,
        )
        # A window of 8 KiB that is never read: the server's sends pile up on its side.
        chan, _session = await conn.create_session(
            asyncssh.SSHClientSession,
            term_type="xterm",
            term_size=(200, 60),
            encoding=None,
            window=8192,
        )
        chan.pause_reading()

        def buffered() -> int:
            return sum(p.channel.get_write_buffer_size() for p in _server_processes(server))

        async def resize_storm() -> None:
            for i in range(2000):
                if chan.is_closing():
                    return
                chan.change_terminal_size(120 + i % 80, 40 + i % 20)
                await asyncio.sleep(0.01)

        storm = asyncio.get_running_loop().create_task(resize_storm())
        await until(
            lambda: chan.is_closing() or not _server_processes(server),
            "the server to let the client go",
            deadline=90,
        )
        storm.cancel()
        assert server.let_go == 1  # closed for not reading, not for another reason
        assert buffered() <= driver.MAX_BUFFER + 256 * 1024
        conn.close()
    finally:
        driver.MAX_BUFFER = old
        await server.close()


def _server_processes(server: object) -> list[asyncssh.SSHServerProcess[bytes]]:
    return list(getattr(server, "processes", {}).values())


@settings(max_examples=40, deadline=None)
@given(
    game_name=st.sampled_from(["twentytwo", "rook", "rummy", "gin"]),
    seed=st.text(alphabet="ABCDEFGHJKMNPQRSTUVWXYZ", min_size=10, max_size=16),
    players=st.integers(2, 9),
    steps=st.integers(0, 200),
)
def test_news_carries_only_the_seats_own_view(
    game_name: str, seed: str, players: int, steps: int, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The message layer, for every game: what a seat is sent decodes to exactly
    `view(state, seat)` and public facts; a spectator gets no hand (nor Rook's nest);
    nobody gets the seed before the end."""
    from tt22.core.registry import get_game
    from tt22.serve.hub import Hub, SeatSpec, Table, TableOptions, decode_news, view_of

    game = get_game(game_name)
    players = min(max(players, game.min_players), game.max_players)
    hub = Hub(tmp_path_factory.mktemp("hub"))
    options = TableOptions(game=game_name, seats=("human",) * players)
    table = Table(hub, "ABCD", options, [SeatSpec(f"p{i}", f"fp{i}") for i in range(players)])
    table.rules = game.rules((), players)
    table.seed = seed
    table.state = game.new_match(table.rules, players, seed)
    table.status = "playing"
    rng = random.Random(steps)
    for _ in range(steps):
        if game.is_over(table.state):
            break
        moves = game.legal_moves(table.state)
        table.state = game.apply(table.state, moves[rng.randrange(len(moves))])
        over = game.is_over(table.state)
        table.status = "over" if over else "playing"
        for seat in range(-1, players):
            data = msgspec.msgpack.encode(table.news_for(seat))
            news = decode_news(data)
            view = view_of(news)
            if seat >= 0:
                assert view == game.view(table.state, seat)
            else:
                assert view.hand == ()
                assert getattr(view, "nest", ()) == ()  # Rook's (K23)
                assert view == game.public_view(table.state)
            if not over:
                assert news.seed == "" and seed.encode() not in data


def _seat_moves(table: Any, seat: int) -> int:
    return sum(1 for m in table.record.moves if m.move.seat == seat)


async def test_a_dropped_seat_waits_then_a_bot_plays_until_its_owner_returns(
    tmp_path: Path,
) -> None:
    server = await serve(tmp_path, grace=0.2)
    ann, bob = Client("ann"), Client("bob")
    try:
        await ann.connect(server.port)
        await bob.connect(server.port)
        table = await open_and_join(ann, bob, server)
        await bob.see("Deal 1")
        await bob.close()  # the connection drops
        await until(lambda: 1 in table.standin, "a bot to stand in for bob")
        await ann.see("A bot plays for: bob")
        bob_before = _seat_moves(table, 1)
        await play_to_end(table, {0: ann}, stop=lambda: _seat_moves(table, 1) > bob_before)
        assert _seat_moves(table, 1) > bob_before  # the stand-in played bob's seat
        back = await Client("bob", bob.key).connect(server.port)
        await back.see("your seat", table.code)  # the lobby lists it first
        back.press("\r")
        await until(lambda: 1 not in table.standin, "bob's seat to be his again")
        await back.see("Deal")
        view = table.game.view(table.state, 1)
        if view.hand:  # his own hand, where it was
            from tt22.core.cards import show_card

            await back.see(*[show_card(c) for c in view.hand[:3]])
        moves = await play_to_end(table, {0: ann, 1: back})
        assert table.status == "over" and moves > 0
        await back.close()
    finally:
        await ann.close()
        await server.close()


async def test_the_move_clock_plays_the_lowest_cards(tmp_path: Path) -> None:
    """Ann sits down at her table and presses nothing: her clock runs out move after
    move. The match starts only once she is at her seat (its other person sits down
    then): with a 0.2 s clock and bots that do not pause, it plays itself to its end in
    about five seconds, so a match already running could end before a loaded machine
    had drawn her lobby's "your seat" (the wait for it once timed out so)."""
    from tt22.serve.hub import TableOptions

    server = await serve(tmp_path)
    ann = Client("ann")
    try:
        await ann.connect(server.port)
        options = TableOptions(seats=("human", "human", "easy"), clock=0.2, pace=0.0)
        table = await own_table(server, ann, options)  # (it waits for one more person)
        fp = server.store.owner("ann")
        ann.press("\r")
        await until(
            lambda: any(w.fingerprint == fp for w in table.watchers.values()), "ann at her seat"
        )
        assert table.status == "waiting"
        table.sit("bob's key", "bob")  # the match starts; bob's clock runs too
        assert table.status == "playing"
        await until(lambda: _seat_moves(table, 0) >= 3, "the clock to move for ann")
        from tt22.core.cards import parse_cards
        from tt22.games.twentytwo import Exchange, Play

        for recorded in table.record.moves:
            move = recorded.move
            if move.seat == 0 and isinstance(move, Exchange):
                assert move.discard == ()  # keep the hand
            if move.seat == 0 and isinstance(move, Play):
                assert parse_cards(move.cards)  # a real play (lowest: checked in hub tests)
    finally:
        await ann.close()
        await server.close()


async def test_a_spectator_sees_no_hand_and_chat_is_literal(tmp_path: Path) -> None:
    server = await serve(tmp_path)
    ann, bob, eve = Client("ann"), Client("bob"), Client("eve")
    try:
        for c in (ann, bob, eve):
            await c.connect(server.port)
        table = await open_and_join(ann, bob, server)
        await eve.see(table.code)
        eve.press("w")
        await eve.see("You are watching", "bot 4")
        view = table.game.view(table.state, 0)
        public = may_see(view._replace(hand=(), my_discard=(), my_draw=()))
        assert cards_on(eve.text) <= public
        await ann.see("Deal 1")
        ann.press("c")
        await ann.see("Say something")
        ann.press("[bold]hi[/] <b>x</b>\r")
        for c in (ann, bob, eve):
            await c.see("ann: [bold]hi[/] <b>x</b>")
        for n in range(2, 7):  # five lines in 30 seconds, not six: the sixth is refused
            ann.press("c")
            await ann.see("Say something")
            ann.press(f"line {n}\r")
            # (Not "the box has gone": its placeholder goes with the first key typed.)
            await ann.see(f"ann: line {n}" if n < 6 else "at most 5 lines in 30 seconds")
        assert [line for _, line in table.chat][-2:] == ["line 4", "line 5"]
    finally:
        for c in (ann, bob, eve):
            await c.close()
        await server.close()


def test_safe_move_is_the_lowest_legal_play() -> None:
    from tt22.core.cards import parse_cards
    from tt22.games.twentytwo import Exchange, Play, legal_moves, new_match
    from tt22.games.twentytwo.rules import Rules
    from tt22.serve.hub import safe_move

    state = new_match(Rules().for_players(4), 4, "clock")
    move = safe_move("twentytwo", state)
    assert isinstance(move, Exchange) and move.discard == ()
    for _ in range(200):
        if state.over:
            break
        move = safe_move("twentytwo", state)
        if isinstance(move, Play):
            plays = [m for m in legal_moves(state) if isinstance(m, Play)]
            low = min(sorted(c >> 2 for c in parse_cards(m.cards)) for m in plays)
            assert sorted(c >> 2 for c in parse_cards(move.cards)) == low
        state = apply_move(state, move)


@pytest.mark.parametrize(
    ("game_name", "players"), [("rook", 4), ("rook", 2), ("gin", 2), ("rummy", 3)]
)
def test_safe_move_of_every_game_is_legal_and_passes_when_it_may(
    game_name: str, players: int
) -> None:
    """A run-out clock's move for Rook, Rummy and Gin: legal from the seat's view, a
    pass wherever a pass is legal (Rook's bidding, Gin's upcard), else the game's
    rules-of-thumb bot's choice; a whole match of clock moves ends."""
    from tt22.core.registry import get_game
    from tt22.serve.games import make_seat_bot
    from tt22.serve.hub import safe_move

    game = get_game(game_name)
    state = game.new_match(game.rules((), players), players, "clock")
    kinds: set[str] = set()
    for _ in range(5000):
        if game.is_over(state):
            break
        seat = game.to_move(state)
        view = game.view(state, seat)
        move = safe_move(game_name, state, "clock")
        assert game.explain_view(view, move) is None
        moves = game.view_legal_moves(view)
        tags = {type(m).__struct_config__.tag for m in moves} if len(moves) < 64 else set()
        tag = type(move).__struct_config__.tag
        if "pass" in tags:
            assert tag == "pass"
        else:
            assert move == make_seat_bot(game_name, "normal", "clock", seat).choose(view)
        kinds.add(str(tag))
        state = game.apply(state, move)
    assert game.is_over(state)
    assert "pass" in kinds or game_name == "rummy"


def apply_move(state: Any, move: Any) -> Any:
    from tt22.games.twentytwo import apply

    return apply(state, move)


async def test_a_server_restart_resumes_unfinished_tables(tmp_path: Path) -> None:
    from tt22.serve.hub import TableOptions

    server = await serve(tmp_path)
    ann = Client("ann")
    try:
        await ann.connect(server.port)
        await ann.see("lobby")
        fp = server.store.owner("ann")
        assert fp is not None
        options = TableOptions(seats=("human", "easy", "easy"), pace=0.0)
        table = server.hub.create(options, fp, "ann")
        await ann.see(table.code)
        ann.press("\r")
        await play_to_end(table, {0: ann}, stop=lambda: table.moves >= 6)
        await until(  # ann's turn (nothing moves now: no clock) and its autosave written
            lambda: (
                table.game.to_move(table.state) == 0
                and not table.unsaved
                and table.saver is not None
                and table.saver.done()
            ),
            "ann's turn and the autosave to be written",
        )
        code, moves, state = table.code, table.moves, table.state
        await ann.close()
    finally:
        await server.close()
    again = await serve(tmp_path)  # the same data folder, a new process's worth of state
    back = Client("ann", ann.key)
    try:
        resumed = again.hub.tables[code]
        assert resumed.status == "playing" and resumed.moves == moves
        assert resumed.game.digest(resumed.state) == table.game.digest(state)
        await back.connect(again.port)
        await back.see(code, "your seat")
        back.press("\r")
        await until(lambda: resumed.connected(0), "ann to be back at her seat")
        assert await play_to_end(resumed, {0: back}) > 0
        assert resumed.status == "over"
    finally:
        await back.close()
        await again.close()


def test_the_palette_offers_nothing_that_acts_on_the_server(tmp_path: Path) -> None:
    from textual.screen import Screen

    from tt22.serve.app import Person, ServeApp
    from tt22.serve.hub import Hub

    app = ServeApp(Hub(tmp_path), Person("ann", "SHA256:x"), None, tmp_path)
    titles = [c.title for c in app.get_system_commands(Screen())]
    assert "Quit" in titles and "Theme" in titles
    assert "Screenshot" not in titles and "New game" not in titles


async def test_each_connection_has_its_own_language(tmp_path: Path) -> None:
    from tt22.tui.i18n import get_language

    server = await serve(tmp_path)
    ko, ja, en = (
        Client("minji", env={"LANG": "ko_KR.UTF-8"}),
        Client("yuki", env={"LANG": "ja_JP.UTF-8"}),
        Client("ann"),
    )
    try:
        for c in (ko, ja, en):
            await c.connect(server.port)
        await ko.see("tt22 로비")
        await ja.see("tt22 ロビー")
        await en.see("tt22 lobby")
        for c in (ko, ja, en):
            c.press("n")
        await ko.see("새 테이블")
        await ja.see("新しいテーブル")
        await en.see("A new table")
        assert get_language() == "en"  # the server's own (local play's) is untouched
    finally:
        for c in (ko, ja, en):
            await c.close()
        await server.close()


def test_languages_live_in_contexts() -> None:
    import contextvars

    from tt22.tui.i18n import get_language, own_language, set_language, t

    def app(code: str) -> str:
        own_language(code)
        set_language(code)  # what the settings screen does, inside that app
        return t("phase.exchange")

    assert contextvars.copy_context().run(app, "ko") == "교환"
    assert contextvars.copy_context().run(app, "ja") == "交換"
    assert get_language() == "en" and t("phase.exchange") == "exchange"


def test_a_clients_terminal_sets_its_colours(tmp_path: Path) -> None:
    from tt22.serve.app import Person, ServeApp, _console
    from tt22.serve.hub import Hub
    from tt22.tui.app import Colourless

    assert _console(Person("a", "f", "xterm")).color_system == "standard"
    assert _console(Person("a", "f", "xterm-256color")).color_system == "256"
    truecolor = Person("a", "f", "xterm-256color", {"COLORTERM": "truecolor"})
    assert _console(truecolor).color_system == "truecolor"
    plain_app = ServeApp(Hub(tmp_path), Person("a", "f"), None, tmp_path)
    grey_app = ServeApp(Hub(tmp_path), Person("b", "g", env={"NO_COLOR": "1"}), None, tmp_path)
    assert any(isinstance(f, Colourless) for f in grey_app.get_line_filters())
    assert not any(isinstance(f, Colourless) for f in plain_app.get_line_filters()) or (
        plain_app.no_color
    )


def test_a_clients_no_color_takes_the_red_off_its_own_cards_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cards' red comes from the connection's NO_COLOR (as the colour depth does), not
    from the server's environment: set there or not, each client gets its own."""
    import contextvars

    from tt22.serve.app import Person, make_app
    from tt22.serve.hub import Hub
    from tt22.tui.games.rook.panels import card_style
    from tt22.tui.widgets.cards import suit_style

    heart = 1  # 2 of hearts

    def styles(env: dict[str, str]) -> tuple[str, str]:
        make_app(Hub(tmp_path), Person("a", "f", env=env), None, tmp_path)
        return suit_style(heart), card_style(heart)

    for server_env in ("", "1"):
        if server_env:
            monkeypatch.setenv("NO_COLOR", server_env)
        else:
            monkeypatch.delenv("NO_COLOR", raising=False)
        grey = contextvars.copy_context().run(styles, {"NO_COLOR": "1"})
        red = contextvars.copy_context().run(styles, {})
        assert grey == ("", "") and red == ("red", "red")
    assert suit_style(heart) == ""  # the server's own (NO_COLOR=1 here) is untouched


def test_a_rematch_is_the_same_table_with_a_new_seed(tmp_path: Path) -> None:
    from tt22.serve.hub import Hub, TableOptions

    async def go() -> None:
        hub = Hub(tmp_path, pace=0.0)
        options = TableOptions(seats=("human", "human", "easy"), pace=0.0)
        table = hub.create(options, "fp-ann", "ann")
        table.sit("fp-bob", "bob")
        assert table.status == "playing"
        table.status = "over"
        again = hub.rematch(table)
        assert hub.rematch(table) is again  # one rematch, whoever asks first
        assert again.code != table.code and again.options == table.options
        assert again.sit("fp-ann", "ann") == 0 and again.status == "waiting"
        assert again.sit("fp-bob", "bob") == 1 and again.status == "playing"
        assert again.seed != table.seed
        hub.close()

    asyncio.run(go())


@pytest.mark.parametrize(
    ("lang", "waiting", "leave"),
    [
        ("en_US.UTF-8", "waiting for", "q Lobby"),
        ("ko_KR.UTF-8", "기다리는", "q 로비"),
        ("ja_JP.UTF-8", "待ち", "q 戻る"),
    ],
)
async def test_the_seat_footer_is_whole_at_80_columns(
    tmp_path: Path, lang: str, waiting: str, leave: str
) -> None:
    server = await serve(tmp_path)
    c = Client("ann", env={"LANG": lang})
    try:
        await c.connect(server.port)
        c.press("n")
        await until(lambda: "‹ 4 ›" in c.text, "the new-table form")
        c.press("\x13")
        await c.see(waiting)
        # Every key of the footer, the last one whole, and the palette's key after it.
        await until(lambda: "^p" in c.screen.display[-1], "the footer")
        footer = c.screen.display[-1]
        assert leave in footer and "? " in footer and "c " in footer, footer
    finally:
        await c.close()
        await server.close()


async def test_a_served_seat_gets_a_hint_from_its_own_view(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`i` at ann's turn: local play's hint, worked out at the server from her seat's
    view and a salt of the table's own (never the seed), its cards selected."""
    import tt22.games.twentytwo.bots.hint as hints
    from tt22.serve.hub import TableOptions

    asked: list[tuple[Any, str]] = []
    real = hints.hint

    def hint(view: Any, seed: str, playouts: int = 600) -> Any:
        asked.append((view, seed))
        return real(view, seed, playouts)  # (fewer playouts: the same kind of answer)

    monkeypatch.setattr(hints, "hint", hint)
    server = await serve(tmp_path)
    ann = Client("ann")
    try:
        await ann.connect(server.port)
        options = TableOptions(seats=("human", "easy", "easy"), pace=0.0)
        table = await own_table(server, ann, options)
        ann.press("\r")
        await until(lambda: table.status == "playing", "the match to start")
        await until(
            lambda: table.game.to_move(table.state) == 0 and "Exchange: select" in ann.text,
            "ann's exchange",
        )
        view = table.game.view(table.state, 0)
        ann.press("i")
        text = await ann.see("Hint: ")
        await until(lambda: "thinking" not in ann.text, "the hint")
        assert asked == [(view, table.hint_salt)] and table.hint_salt != table.seed
        assert "loses" in ann.text or "only legal move" in ann.text, text
        assert table.game.to_move(table.state) == 0  # (a hint plays nothing)
    finally:
        await ann.close()
        await server.close()
