"""`tt22 serve` for the games other than 22: whole served matches of Rook and Gin on
loopback (asyncssh clients, their screens read through pyte), the screens' leak test
(K23, M5), and the move clock and the bot take-over at a Gin table.

At every moment a person is to move, their screen is parsed: no card that seat may not
know may be on it (Rook: another hand, the nest unless they put it down, the cards out
of play; Gin: the other hand, except the cards it took from the pile, and the stock).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from servekit import DEADLINE, Client, record_apps, same, serve, told, until

from tt22.core.cards import show_card
from tt22.games.rook.cards import ROOK
from tt22.serve.app import ServeApp

RIGHT, LEFT, HOME, END, TAB, CTRL_S = "\x1b[C", "\x1b[D", "\x1b[H", "\x1b[F", "\t", "\x13"
CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]|R★")


def shown_cards(text: str) -> set[str]:
    return set(CARD.findall(text))


def card_word(card: int) -> str:
    return "R★" if card == ROOK else show_card(card)


def unknown_to(table: Any, seat: int) -> set[str]:
    """The cards (as drawn) the seat may not know now, from the table's real state."""
    state = table.state
    view = table.game.view(state, seat)
    game = table.options.game
    hidden: set[int] = set()
    for hand in state.hands:
        hidden.update(hand)
    if game == "rook":
        hidden.update(state.start.nest)  # (once taken up, the bidder's cards)
        hidden.update(state.start.out_of_play)
        for trick in state.tricks:
            hidden -= {c for _, c in trick.plays}
        hidden -= {c for _, c in state.plays}
        hidden -= {*view.hand, *view.nest, *view.dummy}
    else:
        hidden.update(state.stock)
        hidden -= set(view.hand)
        for seen in view.seen:
            hidden -= set(seen)
    return {card_word(c) for c in hidden}


def _ints(value: Any) -> set[int]:
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, (tuple, list)):
        return set().union(*(_ints(v) for v in value)) if value else set()
    return set()


def check_summary(client: Client, table: Any, seat: int) -> None:
    """A hand's summary shows the finished hand (public once it is over: K14, K23, M5)
    and nothing of the hand now dealt that the seat may not know."""
    view = table.game.view(table.state, seat)
    shown = shown_cards(client.text)
    finished = {card_word(c) for c in _ints(tuple(view.history[-1])) if 0 <= c <= ROOK}
    leak = (shown - finished) & unknown_to(table, seat)
    assert not leak, f"{client.name} sees {leak}:\n{client.text}"


LOG_WIDTH = 36  # the move log's columns, at the right of a terminal 120 or wider


def played_so_far(view: Any) -> set[str]:
    """Every card played in a trick of the match so far, as the seat's view has it."""
    hands = [*view.history, view]
    cards = {c for h in hands for trick in h.tricks for _, c in trick.plays}
    cards |= {c for _, c in view.plays}
    return {card_word(c) for c in cards}


def check_screen(client: Client, table: Any, seat: int) -> None:
    """No card the seat may not know on its screen; from 120 columns the move log at
    the right is checked on its own: it may hold only cards played in tricks."""
    lines = client.screen.display
    cut = len(lines[0]) - LOG_WIDTH if len(lines[0]) >= 120 else len(lines[0])
    table_part = "\n".join(line[:cut] for line in lines)
    leak = shown_cards(table_part) & unknown_to(table, seat)
    assert not leak, f"{client.name} sees {leak}:\n{client.text}"
    if cut < len(lines[0]):
        log_part = "\n".join(line[cut:] for line in lines)
        extra = shown_cards(log_part) - played_so_far(table.game.view(table.state, seat))
        assert not extra, f"{client.name}'s log shows {extra}:\n{client.text}"


async def open_table(
    client: Client, server: Any, game_steps: int, game_title: str, keys: list[tuple[str, str]]
) -> Any:
    """Open a table from the lobby's form: the game (`game_steps` to the right), then
    each of `keys` and what the form shows after it; ctrl+s. The new table."""
    await client.see("lobby", client.name)
    client.press("n")
    await client.see("A new table")
    client.press(RIGHT * game_steps)
    await client.see(f"‹ {game_title} ›")
    for key, expect in keys:
        client.press(key)
        await client.see(expect)
    before = set(server.hub.tables)
    client.press(CTRL_S)
    await until(lambda: set(server.hub.tables) - before, "the table to open")
    (code,) = set(server.hub.tables) - before
    return server.hub.tables[code]


SUMMARY = ("Hand ", " is over")


def in_summary(text: str) -> bool:
    return all(w in text for w in SUMMARY) and "Next hand" in text


STEPPED_ASIDE = "(s: its summary)"


async def take_turns(
    table: Any,
    seats: dict[int, Client],
    turn: Any,
    apps: dict[str, ServeApp],
    reopen: int = 0,
) -> dict[str, int]:
    """Play `table` to its end: each person's client moves (`turn(client, view)` gives
    the keys) once its own screen says it is their move, after a look at the screen
    (the leak test). A hand's summary is never closed here: it must step aside by
    itself when the person's decision arrives (their clock runs), leaving a note that
    `s` shows it again; the first `reopen` times, `s` is pressed then and the summary
    looked at and closed with Enter. What was seen, counted.

    A screen is checked once the client's terminal shows all its app means to show
    (`same`): a frame still arriving, the new hand's prompt drawn over the last hand's
    discard pile, is not a screen the person is left with (it held the last hand's
    public cards, now back in the stock, and failed the leak check about one run in
    three under load)."""
    seen: dict[str, int] = {}
    while table.status == "playing":
        seat = table.game.to_move(table.state)
        before = table.moves
        if seat not in seats:
            await until(
                lambda b=before: table.moves > b or table.status != "playing", "a bot to move"
            )
            continue
        client = seats[seat]
        view = table.game.view(table.state, seat)
        keys, prompts = turn(client, view)
        hand = {card_word(c) for c in view.hand}

        def now(c: Client = client, p: tuple[str, ...] = prompts, h: set[str] = hand) -> bool:
            """The screen shows this turn (its prompt and the hand as it is now, not a
            screen of the last turn that is still being redrawn), or a summary."""
            text = c.text
            return (any(w in text for w in p) and h <= shown_cards(text)) or in_summary(text)

        try:
            await until(lambda b=before: (now() and told(table)) or table.moves > b, f"{prompts!r}")
        except AssertionError:
            raise AssertionError(f"{client.name} never saw {prompts!r}:\n{client.text}") from None
        if table.moves > before:
            continue
        await same(client, apps[client.name], f"at {prompts!r}")
        if in_summary(client.text):  # (caught before the news of the turn was drawn)
            check_summary(client, table, seat)
            await until(lambda c=client: not in_summary(c.text), "the summary to step aside")
            seen["summary"] = seen.get("summary", 0) + 1
            continue
        check_screen(client, table, seat)
        if STEPPED_ASIDE in client.text:
            seen[STEPPED_ASIDE] = seen.get(STEPPED_ASIDE, 0) + 1
            if reopen > 0:
                reopen -= 1
                client.press("s")
                await until(lambda c=client: in_summary(c.text), "the summary again")
                check_summary(client, table, seat)
                client.press("\r")
                await until(lambda c=client: not in_summary(c.text), "the summary to close")
                assert STEPPED_ASIDE not in client.text  # (the note has done its work)
                continue
        prompt = next((w for w in prompts if w in client.text), "")
        seen[prompt] = seen.get(prompt, 0) + 1
        for key in keys:
            client.press(key)
        await until(lambda b=before: table.moves > b, f"{client.name}'s move to count")
    return seen


def rook_turn(client: Client, view: Any) -> tuple[list[str], tuple[str, ...]]:
    """Bid once if allowed, then pass; put back the first five cards; the trump the
    table proposes; the card under the cursor (always a playable one)."""
    from tt22.games.rook.state import BIDDING, NEST, TRUMP

    if view.phase == BIDDING:
        if not view.min_next_bid():  # the bidding is at its top: a pass is all there is
            return ["p"], ("Pass",)
        if not any(b[0] == view.seat for b in view.bids) and "p pass" in client.text:
            return ["\r"], ("Your bid:",)
        return (["p"] if view.high else ["\r"]), ("Your bid:",)
    if view.phase == NEST:
        return [HOME, *(" " + RIGHT) * 5, "\r"], ("Your nest",)
    if view.phase == TRUMP:
        return ["\r"], ("Name trump",)
    return ["\r"], ("Your ",)


async def seat_by_code(server: Any, options: Any, clients: list[Client]) -> Any:
    """A table of `options` opened for the first client (as the form does); every
    client joins it by its code from the lobby. The table, once it plays."""
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


async def test_the_form_opens_a_table_of_the_game_chosen(tmp_path: Path) -> None:
    """The new-table form chooses the game first, then that game's players, people and
    bot levels; the lobby names the table's game; the match starts at Rook's table."""
    server = await serve(tmp_path)
    ann, bob = Client("ann"), Client("bob")
    try:
        await ann.connect(server.port)
        await bob.connect(server.port)
        table = await open_table(
            ann, server, 1, "Rook", [(TAB * 2 + LEFT, "bots)  ‹ 1 ›"), (TAB, "‹ normal ›")]
        )
        assert table.options.game == "rook"
        assert table.options.seats == ("human", "normal", "normal", "normal")
        await bob.see(table.code, "Rook")  # the lobby's list names the game
        await until(lambda: table.status == "playing", "the match to start")
        await ann.see("Rook · hand 1", "Bidding")
        check_screen(ann, table, 0)
    finally:
        await ann.close()
        await bob.close()
        await server.close()


async def test_a_served_rook_match_to_its_end_shows_no_hidden_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One person and three bots play Rook over SSH to the end; every screen of the
    person's turns shows only what K23 lets that seat know, the move log beside the
    table (120 columns) only cards played in tricks. The hand summaries step aside by
    themselves; `q` reads `Lobby`."""
    from tt22.serve.hub import TableOptions

    apps = record_apps(monkeypatch)
    server = await serve(tmp_path)
    ann = Client("ann")
    try:
        await ann.connect(server.port, width=120, height=30)  # (the move log shows)
        options = TableOptions(
            game="rook",
            rules=("target=150",),
            seats=("human", "normal", "normal", "normal"),
            pace=0.0,
        )
        table = await seat_by_code(server, options, [ann])
        await ann.see("Rook · hand 1", "Moves", "Hand 1:")  # the log, from the start
        footer = ann.screen.display[-1]  # q goes back to the lobby, and says so
        assert "q Lobby" in footer and "Home" not in footer, footer
        seen = await take_turns(table, {0: ann}, rook_turn, apps, reopen=1)
        assert table.status == "over"
        assert sum(seen.values()) > 10
        # Every later hand's summary stepped aside for ann's first decision in it.
        assert seen.get(STEPPED_ASIDE, 0) >= 1, seen
        await ann.see("The game is over")
        ann.press("\r")  # the game's summary closed: the log has the last trick
        last = table.state.history[-1].tricks[-1]
        await ann.see(f"{card_word(last.plays[-1][1])}", "takes the trick")
    finally:
        await ann.close()
        await server.close()


def gin_turn(client: Client, view: Any) -> tuple[list[str], tuple[str, ...]]:
    """Pass the upcard, draw from the stock, pass at the wall; with a card to throw,
    knock with the first card the rules allow (the cursor taken to it in the hand as the
    table arranges it), else discard the card at the hand's end (its deadwood)."""
    from tt22.games.rummy import Knock
    from tt22.games.rummy.cards import TEXT
    from tt22.games.rummy.gin import OFFER, WALL
    from tt22.tui.games.rummy.model import ace_high, arrange

    if view.phase == OFFER:
        return ["\r"], ("Take the upcard",)
    if view.phase == WALL:
        return ["\r"], ("The stock is spent",)
    if len(view.hand) == 10:
        return ["\r"], ("Draw from the stock",)
    knocks = [m for m in view.legal_moves() if isinstance(m, Knock)]
    if knocks:
        order = arrange(view.hand, ace_high(view)).order
        index = order.index(TEXT.index(knocks[0].card))
        return [HOME + RIGHT * index, "k"], ("(k)", "(Enter)")
    return [END + "\r"], ("(k)", "(Enter)")


async def test_a_served_gin_match_between_two_people_shows_no_hidden_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two people play Gin over SSH to the end (a short game: target 10); at each of
    their turns neither screen shows the other hand (but the cards it took from the
    pile) nor the stock (M5)."""
    from tt22.serve.hub import TableOptions

    apps = record_apps(monkeypatch)
    server = await serve(tmp_path)
    ann, bob = Client("ann"), Client("bob")
    try:
        await ann.connect(server.port)
        await bob.connect(server.port)
        options = TableOptions(game="gin", rules=("target=10",), seats=("human", "human"))
        table = await seat_by_code(server, options, [ann, bob])
        seen = await take_turns(table, {0: ann, 1: bob}, gin_turn, apps)
        assert table.status == "over"
        assert seen.get("(k)", 0) + seen.get("(Enter)", 0) > 3
        for client in (ann, bob):
            await client.see("Game over")
    finally:
        await ann.close()
        await bob.close()
        await server.close()


def rum500_turn(client: Client, view: Any) -> tuple[list[str], tuple[str, ...]]:
    """Draw from the stock (or end the hand when it is empty, F7); put down the first
    meld the rules allow, its cards picked with the cursor in the hand as the table
    arranges it (F5, F6); else discard the card at the hand's end."""
    from tt22.games.rum500 import Meld
    from tt22.games.rum500.cards import CODE
    from tt22.games.rum500.engine import DRAW
    from tt22.tui.games.rum500.model import arrange

    if view.phase == DRAW:
        return ["\r"], ("Draw from the stock", "The stock is empty")
    melds = [m for m in view.legal_moves() if isinstance(m, Meld)]
    if melds:
        order = arrange(view.hand).order
        keys = [HOME + RIGHT * order.index(CODE[c]) + " " for c in melds[0].cards]
        return [*keys, "m"], ("(Enter)", "(F4)", "(F5)")
    return [END + "\r"], ("(Enter)",)


async def test_a_served_500_rum_match_between_two_people_shows_no_hidden_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two people play 500 Rum over SSH to the end (a short game: target 1, F9) at the
    family's table with the spread pile; at each of their turns neither screen shows a
    card of the other hand (but those it took from the pile) nor of the stock (M5)."""
    from tt22.serve.hub import TableOptions

    apps = record_apps(monkeypatch)
    server = await serve(tmp_path)
    ann, bob = Client("ann"), Client("bob")
    try:
        await ann.connect(server.port)
        await bob.connect(server.port)
        options = TableOptions(game="rum500", rules=("target=1",), seats=("human", "human"))
        table = await seat_by_code(server, options, [ann, bob])
        seen = await take_turns(table, {0: ann, 1: bob}, rum500_turn, apps)
        assert table.status == "over"
        assert seen.get("Draw from the stock", 0) > 3
        assert any(type(m.move).__name__ == "Meld" for m in table.record.moves)
        for client in (ann, bob):
            await client.see("500 Rum")
    finally:
        await ann.close()
        await bob.close()
        await server.close()


def _moves_of(table: Any, seat: int) -> int:
    return sum(1 for m in table.record.moves if m.move.seat == seat)


async def test_a_gin_seat_s_clock_plays_safe_moves_for_it(tmp_path: Path) -> None:
    """A Gin table with a move clock: the person who does not move has safe moves
    played for them (a pass of the upcard, the rules-of-thumb bot's draw and discard),
    and their screen counts the seconds down."""
    from tt22.serve.hub import TableOptions

    server = await serve(tmp_path)
    ann = Client("ann")
    try:
        await ann.connect(server.port)
        options = TableOptions(game="gin", seats=("human", "normal"), clock=1.0, pace=0.0)
        table = await seat_by_code(server, options, [ann])
        await ann.see("s left")
        await until(lambda: _moves_of(table, 0) >= 6 or table.status == "over", "clock moves")
        if in_summary(ann.text):  # (a hand just ended: its summary, until her decision)
            check_summary(ann, table, 0)
        else:
            check_screen(ann, table, 0)
    finally:
        await ann.close()
        await server.close()


async def test_a_bot_plays_a_dropped_gin_seat_until_its_owner_returns(tmp_path: Path) -> None:
    """After the grace period a bot plays the Gin seat of a dropped connection; the
    same key back gets the seat (and the Gin table) again, the bot stops."""
    from tt22.serve.hub import TableOptions

    server = await serve(tmp_path, grace=0.3)
    ann = Client("ann")
    back = Client("ann", key=ann.key)
    try:
        await ann.connect(server.port)
        options = TableOptions(game="gin", seats=("human", "normal"), grace=0.3, pace=0.05)
        table = await seat_by_code(server, options, [ann])
        await ann.close()
        await until(lambda: 0 in table.standin, "a bot to stand in")
        mine = _moves_of(table, 0)
        await until(lambda: _moves_of(table, 0) >= mine + 3, "the stand-in to move")
        await back.connect(server.port)
        await back.see(table.code, "your seat")
        back.press("\r")  # the table under the cursor: their own
        await until(lambda: 0 not in table.standin, "the seat back")
        await back.see("Gin Rummy", "deadwood")
        await until(  # her screen shows her hand as it is now (no bot plays it any more)
            lambda: (
                {card_word(c) for c in table.game.view(table.state, 0).hand}
                <= shown_cards(back.text)
            ),
            "ann's hand as it is now",
        )
        check_screen(back, table, 0)
    finally:
        await back.close()
        await ann.close()
        await server.close()


async def test_a_player_replays_their_finished_matches_from_the_lobby(tmp_path: Path) -> None:
    """The lobby's `h` lists the finished matches this name sat at (only theirs); Enter
    opens one in its game's replayer, read-only, every hand open (the match is over)."""
    from tt22.serve.hub import TableOptions, safe_move
    from tt22.serve.keys import fingerprint

    server = await serve(tmp_path)
    ann, eve = Client("ann"), Client("eve")
    try:
        await ann.connect(server.port)
        await eve.connect(server.port)
        await ann.see("lobby")
        hub = server.hub
        options = TableOptions(
            game="gin", rules=("target=10",), seats=("human", "normal"), pace=hub.pace
        )
        table = hub.create(options, fingerprint(ann.key), "ann")
        first_hand = table.state.hands[1]  # the bot's first cards: its secret until the end
        while table.status == "playing":  # played out by the clock's safe moves
            if table.game.to_move(table.state) == 0:
                table._play(safe_move("gin", table.state, table.seed))
            else:
                await until(lambda m=table.moves: table.moves > m, "the bot to move")
        assert table.record_path
        ann.press("h")
        await ann.see("Your finished matches", table.code, "Gin Rummy")
        eve.press("h")
        await eve.see("No finished match yet.")
        ann.press("\r")
        await until(lambda: "Your finished matches" not in ann.text, "the replayer")
        ann.press("\x1b[6~")  # PageDown: to the first hand's end, every hand shown
        await until(
            lambda: {card_word(c) for c in first_hand} & shown_cards(ann.text),
            "the bot's cards, open after the end",
        )
        assert "Traceback" not in ann.text
    finally:
        await ann.close()
        await eve.close()
        await server.close()


async def test_a_resumed_rook_table_keeps_its_move_clock(tmp_path: Path) -> None:
    """A server restart resumes a Rook table from its autosave at its position, with
    the move clock its creator chose (kept beside the autosave: the record has no place
    for it)."""
    from tt22.serve.hub import Hub, TableOptions, safe_move

    hub = Hub(tmp_path, pace=0.0)
    options = TableOptions(game="rook", seats=("human", "easy", "easy", "easy"), clock=45.0)
    table = hub.create(options, "fp-ann", "ann")
    await until(lambda: table.game.to_move(table.state) == 0, "ann's turn")
    table.submit("fp-ann", safe_move("rook", table.state, table.seed))
    saved = tmp_path / "tables" / f"{table.code}.22rec"
    await until(lambda: saved.exists() and not table.unsaved and table.saver.done(), "the save")
    digest = table.game.digest(table.state)
    moves = table.moves
    hub.close()

    again = Hub(tmp_path, pace=0.0)
    assert again.resume_tables() == [table.code]
    resumed = again.tables[table.code]
    assert resumed.options.game == "rook" and resumed.options.clock == 45.0
    assert resumed.moves >= moves
    if resumed.moves == moves:
        assert resumed.game.digest(resumed.state) == digest
    again.close()


async def test_a_spectator_at_a_rook_table_sees_no_hand_and_no_nest(tmp_path: Path) -> None:
    """Watching a Rook match (its one person's moves played by the move clock): the
    spectator's screen is the Rook table with public things only, move after move: no
    card of any hand, of the nest or out of play (K23), and no hand of its own."""
    from tt22.serve.hub import TableOptions

    server = await serve(tmp_path)
    ann, eve = Client("ann"), Client("eve")
    try:
        await ann.connect(server.port)
        await eve.connect(server.port)
        options = TableOptions(
            game="rook", seats=("human", "normal", "normal", "normal"), clock=0.3, pace=0.05
        )
        table = await seat_by_code(server, options, [ann])
        await eve.see(table.code, "Rook")
        eve.press("w")  # the one table under the cursor: watch it
        await eve.see("You are watching table", "Rook · hand 1")
        for _ in range(12):  # within the first hand: every card not played is hidden
            moves = table.moves
            await until(lambda m=moves: table.moves > m, "a move")
            state = table.state
            hidden: set[int] = {c for hand in state.hands for c in hand}
            hidden |= {*state.start.nest, *state.start.out_of_play}
            hidden -= {c for _, c in state.plays}
            for trick in state.tricks:
                hidden -= {c for _, c in trick.plays}
            leak = shown_cards(eve.text) & {card_word(c) for c in hidden}
            assert not leak, f"eve sees {leak}:\n{eve.text}"
            assert state.start.number == 1
        await until(lambda: shown_cards(eve.text), "the cards played, shown to eve")
    finally:
        await ann.close()
        await eve.close()
        await server.close()


async def test_a_rook_table_waiting_for_people_offers_no_keys_of_22(tmp_path: Path) -> None:
    """Before a Rook match starts, its seat waits on the server's waiting screen: the
    code to give friends, chat, the way back; none of 22's card keys."""
    server = await serve(tmp_path)
    ann = Client("ann")
    try:
        await ann.connect(server.port)
        await open_table(ann, server, 1, "Rook", [])  # 2 people, 2 bots: waits for one
        text = await ann.see("waiting for 1 more", "Chat")
        assert "Lowest" not in text and "Rank" not in text and "Play" not in text
    finally:
        await ann.close()
        await server.close()


async def settled(client: Client, table: Any) -> int:
    """The bytes `client` has been sent once its screen is drawn: the count stays the
    same over two of the table's moves. (The summary's own drawing may take more than
    two moves on a loaded machine; a screen that repaints on every move never settles,
    and the deadline fails the test.)"""
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        sent, moves = sum(map(len, client.received)), table.moves
        await until(lambda m=moves: table.moves >= m + 2, "two moves more")
        if sum(map(len, client.received)) == sent:
            return sent
    raise AssertionError("the screen never settled: it was sent bytes on every move")


async def test_a_table_under_a_hand_summary_sends_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a hand's summary covers a served Rook table (a spectator's, kept here
    until they close it), the moves played meanwhile send that screen no byte: the
    table is drawn once, when uncovered (drawn under the dialog, each change repainted
    the whole screen: most of a served Rook seat's bytes around a hand's end)."""
    import tt22.serve.tables as tables
    from tt22.serve.hub import TableOptions

    monkeypatch.setattr(tables, "SPECTATOR_SUMMARY", None)  # (else it goes in 4 s)
    server = await serve(tmp_path)
    ann, eve = Client("ann"), Client("eve")
    try:
        await ann.connect(server.port)
        await eve.connect(server.port)
        options = TableOptions(
            game="rook", seats=("human", "normal", "normal", "normal"), clock=0.1, pace=0.0
        )
        table = await seat_by_code(server, options, [ann])  # ann's moves: the clock's
        await eve.see(table.code, "Rook")
        eve.press("w")
        await eve.see("You are watching table", "Rook · hand 1")
        await until(lambda: table.state.history, "the first hand to end", 120)
        await eve.see("Hand 1 is over")
        sent = await settled(eve, table)
        moves = table.moves
        await until(lambda: table.moves >= moves + 4, "four moves more")
        extra = b"".join(eve.received)[sent:]
        words = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07", b"", extra)
        assert in_summary(eve.text) and not extra, words.decode("utf-8", "replace")[:600]
        eve.press("\r")  # uncovered: the table as it is now
        await until(lambda: not in_summary(eve.text), "the summary to close")
        await eve.see("Rook · hand 2")
        assert sum(map(len, eve.received)) > sent
    finally:
        await ann.close()
        await eve.close()
        await server.close()


def test_the_server_offers_every_game_it_can_seat_and_no_other() -> None:
    """500 Rum, Persian and Manipulation (its work area) sit at the Rummy family's
    served table; the server offers every game whose entry says it serves it, each
    with the served screen its entry names (never 22's screen for another game)."""
    from tt22.core.registry import discover, entry
    from tt22.serve.games import served_games

    offered = served_games()
    games = {"twentytwo", "rook", "rummy", "gin", "rum500", "persian", "manipulation"}
    assert games <= set(offered)
    assert set(offered) == {g for g in discover() if entry(g).serves}
    assert all(entry(g).served for g in offered if g != "twentytwo")
