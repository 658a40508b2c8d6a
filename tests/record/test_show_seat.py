"""`tt22 show --seat N` for every game other than 22 (K23 for Rook, M5 for the Rummy
family): the seat's transcript holds no card its views never showed it, hides what it
must, shows what it saw (its own stock draws, the bidder's nest), refuses bad seats in
one line, and matches golden files for the samples in records/.

Regenerate the golden files after a deliberate change with
`PYTHONPATH=tests/kits python tests/record/test_show_seat.py` and review the diff.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from paths import TESTS
from recordkit import SAMPLES

from tt22.cli import main
from tt22.core.players import Player
from tt22.core.registry import get_game
from tt22.games.rook.cards import TEXT as ROOK_TEXT
from tt22.games.rook.views import RookView
from tt22.games.rummy import gin, rummy
from tt22.games.rummy.cards import TEXT as RUMMY_TEXT
from tt22.games.rummy.views import GinView, RummyView, public_hands
from tt22.record import load_record, replay_game

GOLDEN = TESTS / "golden" / "seat"
PROTOCOL_SAMPLES = {
    "4p-rook": 4,
    "3p-rook": 3,
    "2p-rook-dummy": 2,
    "4p-rummy": 4,
    "2p-gin": 2,
    "2p-oklahoma-gin": 2,
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- what a view shows, as card text, per hand -----------------------------------------------


def _flat(value: Any) -> Iterator[int]:
    """Every int inside nested tuples (cards, in the views' card fields)."""
    if isinstance(value, int):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _flat(item)


def _rook_during(v: RookView) -> set[str]:
    cards = [*v.hand, *v.dummy, *v.nest, *(c for _, c in v.plays)]
    cards += [c for t in v.tricks for _, c in t.plays]
    return {ROOK_TEXT[c] for c in cards}


def _rook_ended(v: RookView, number: int) -> set[str]:
    h = next(h for h in v.history if h.number == number)
    cards = [*h.nest, *h.out_of_play, *(c for t in h.tricks for _, c in t.plays)]
    return {ROOK_TEXT[c] for c in cards}


def _event_cards(events: Any) -> list[int]:
    return [c for _, kind, data in events if data is not None for c in _flat(data)]


def _rummy_during(v: RummyView | GinView) -> set[str]:
    cards = [*v.hand, *v.pile, *_flat(v.seen), *_event_cards(v.events)]
    if isinstance(v, RummyView):
        cards += [c for _, meld in v.table for c in meld]
    elif v.upcard >= 0:
        cards.append(v.upcard)
    return {RUMMY_TEXT[c] for c in cards}


def _rummy_ended(v: RummyView | GinView, number: int, state: Any) -> set[str]:
    if isinstance(v, RummyView):
        h = next(h for h in public_hands(state) if h.number == number)
        cards = [h.upcard, *_event_cards(h.events), *_flat(h.table), *_flat(h.left)]
    else:
        r = next(r for r in v.history if r.start.number == number)
        cards = [*_event_cards(r.events), *_flat(r.melds), *_flat(r.left)]
        cards += [c for c, _ in r.lay_offs]
    return {RUMMY_TEXT[c] for c in cards if c >= 0}


def known_by_hand(views: list[Any], last_state: Any) -> dict[int, set[str]]:
    """Hand number -> every card the seat's views showed of that hand: while it was
    played, and in the last view's record of it once it ended (for Rummy, in the
    finished hands as every seat saw them, `public_hands`)."""
    rook = isinstance(views[0], RookView)
    known: dict[int, set[str]] = {}
    for v in views:
        if rook:
            if not v.over:
                known.setdefault(v.hand_number, set()).update(_rook_during(v))
        elif v.phase != (rummy.OVER if isinstance(v, RummyView) else gin.OVER):
            known.setdefault(v.number, set()).update(_rummy_during(v))
    last = views[-1]
    for number in known:
        ended = (
            [h.number for h in last.history]
            if rook
            else [h.number for h in public_hands(last_state)]
            if isinstance(last, RummyView)
            else [r.start.number for r in last.history]
        )
        if number in ended:
            more = _rook_ended(last, number) if rook else _rummy_ended(last, number, last_state)
            known[number] |= more
    return known


def transcript_cards(value: Any, deck: set[str]) -> set[str]:
    """Every card named anywhere in a transcript fragment."""
    if isinstance(value, str):
        return {value} if value in deck else set()
    if isinstance(value, dict):
        return set().union(*(transcript_cards(v, deck) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(transcript_cards(v, deck) for v in value))
    return set()


# -- random matches --------------------------------------------------------------------------


def random_states(game_name: str, players: int, seed: str, chooser: int, limit: int) -> list[Any]:
    """The states of a match played by uniformly random legal moves, up to `limit` moves."""
    game = get_game(game_name)
    rules = game.rules([], players)
    if game_name == "rook":
        rules = game.rules(["target=120"], players)
    state = game.new_match(rules, players, seed)
    states = [state]
    rng = random.Random(chooser)
    while not game.is_over(state) and len(states) <= limit:
        moves = list(game.legal_moves(state))
        state = game.apply(state, rng.choice(moves))
        states.append(state)
    return states


def check_seat(game_name: str, states: list[Any], seat: int) -> None:
    game = get_game(game_name)
    n = states[0].players if game_name == "rook" else len(game.view(states[0], 0).counts)
    players = [Player(f"P{s}") for s in range(n)]
    views = [game.view(s, seat) for s in states]
    t = game.seat_transcript(states, "s", players, seat)
    full = game.transcript(states[-1], "s", players)
    deck = set(ROOK_TEXT if game_name == "rook" else RUMMY_TEXT)
    known = known_by_hand(views, states[-1])
    assert t["seen_by"] == seat
    assert [h["number"] for h in t["hands"]] == [h["number"] for h in full["hands"]]
    for mine, whole in zip(t["hands"], full["hands"], strict=True):
        leaked = transcript_cards(mine, deck) - known[mine["number"]]
        assert not leaked, f"hand {mine['number']}: seat {seat} never saw {sorted(leaked)}"
        assert transcript_cards(mine, deck) <= transcript_cards(whole, deck)
        if game_name == "rook":
            check_rook_hand(mine, whole, seat, n)
        else:
            check_rummy_hand(mine, whole, seat)
    assert t["result"] == full["result"]
    first = t["first_dealer"]
    assert first == full["first_dealer"]


def check_rook_hand(mine: dict[str, Any], whole: dict[str, Any], seat: int, n: int) -> None:
    ended = whole["result"] is not None
    if n == 4:
        assert sorted(mine["dealt"][seat]) == sorted(whole["dealt"][seat])
        assert [d for s, d in enumerate(mine["dealt"]) if s != seat] == [None] * 3
    elif whole["piles"] is not None:
        own = whole["piles"][seat]
        assert sorted(mine["dealt"][own]) == sorted(whole["dealt"][own])
        hidden = [p for p in range(3) if p not in (own, whole["piles"][2] if n == 2 else -1)]
        assert all(mine["dealt"][p] is None for p in hidden)
    if whole["bidder"] == seat:  # the bidding is over: the bidder has taken the nest
        assert sorted(mine["nest"]) == sorted(whole["nest"])
    else:
        assert mine["nest"] is None
    assert mine["out_of_play"] == (whole["out_of_play"] if ended else None)
    if ended or whole["bidder"] == seat:
        assert mine["put_back"] == whole["put_back"]
    else:
        assert mine["put_back"] is None
    for key in ("bids", "bidder", "bid", "trump", "tricks", "result", "piles", "pile_choices"):
        assert mine[key] == whole[key], key
    if whole["dummy"] is not None:  # face up for all; the view holds them sorted
        assert mine["dummy"]["pile"] == whole["dummy"]["pile"]
        assert sorted(mine["dummy"]["face_up"]) == sorted(whole["dummy"]["face_up"])
    else:
        assert mine["dummy"] is None


def check_rummy_hand(mine: dict[str, Any], whole: dict[str, Any], seat: int) -> None:
    assert sorted(mine["dealt"][seat]) == sorted(whole["dealt"][seat])
    assert all(d is None for s, d in enumerate(mine["dealt"]) if s != seat)
    assert mine["stock"] is None and mine["stock_size"] == len(whole["stock"])
    assert mine["upcard"] == whole["upcard"]
    assert len(mine["events"]) == len(whole["events"])
    for e, w in zip(mine["events"], whole["events"], strict=True):
        if w["action"] == "draw" and w["from"] == "stock":
            assert e["card"] == (w["card"] if w["seat"] == seat else None)
        elif w["action"] == "reshuffle":
            assert e == {"seat": None, "action": "reshuffle", "stock": None}
        else:
            assert e == w
    r, wr = mine["result"], whole["result"]
    if wr is None:
        assert r is None
        return
    shown = wr.get("kind", "out") != "void" and wr.get("winner") is not None
    assert r["left"] == (wr["left"] if shown else None)
    assert {k: v for k, v in r.items() if k != "left"} == {
        k: v for k, v in wr.items() if k != "left"
    }


SUITABLE = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SUITABLE
@given(players=st.integers(2, 4), seed=st.text(max_size=8), chooser=st.integers(0, 2**32))
def test_a_rook_seat_transcript_holds_only_what_the_seats_views_showed(
    players: int, seed: str, chooser: int
) -> None:
    states = random_states("rook", players, seed, chooser, 400)
    for seat in range(players):
        check_seat("rook", states, seat)


@SUITABLE
@given(players=st.integers(2, 4), seed=st.text(max_size=8), chooser=st.integers(0, 2**32))
def test_a_rummy_seat_transcript_holds_only_what_the_seats_views_showed(
    players: int, seed: str, chooser: int
) -> None:
    states = random_states("rummy", players, seed, chooser, 300)
    for seat in range(players):
        check_seat("rummy", states, seat)


@SUITABLE
@given(
    seed=st.text(max_size=8),
    chooser=st.integers(0, 2**32),
    deal=st.sampled_from(["upcard", "eleven"]),
)
def test_a_gin_seat_transcript_holds_only_what_the_seats_views_showed(
    seed: str, chooser: int, deal: str
) -> None:
    game = get_game("gin")
    state = game.new_match(game.rules([f"deal={deal}"], 2), 2, seed)
    states = [state]
    rng = random.Random(chooser)
    while not game.is_over(state) and len(states) <= 300:
        state = game.apply(state, rng.choice(list(game.legal_moves(state))))
        states.append(state)
    for seat in (0, 1):
        check_seat("gin", states, seat)


@pytest.mark.parametrize("sample", sorted(PROTOCOL_SAMPLES))
def test_every_seat_of_every_sample_holds_only_what_it_saw(sample: str) -> None:
    record = load_record(SAMPLES / f"{sample}.22rec")
    states = replay_game(record).states
    for seat in range(len(record.players)):
        check_seat(record.game, states, seat)


def test_the_bidder_alone_sees_the_nest_while_the_hand_is_played() -> None:
    record = load_record(SAMPLES / "4p-rook.22rec")
    states = replay_game(record).states
    game = get_game("rook")
    # the first state of trick 1 of hand 1: the nest has been put back
    playing = next(s for s in states if s.tricks == () and s.phase == 4)
    upto = states[: states.index(playing) + 1]
    for seat in range(4):
        hand = game.seat_transcript(upto, "", record.players, seat)["hands"][0]
        if seat == playing.bidder:
            assert hand["nest"] is not None and hand["put_back"] is not None
        else:
            assert hand["nest"] is None and hand["put_back"] is None
        assert hand["out_of_play"] is None


# -- the command -----------------------------------------------------------------------------


@pytest.mark.parametrize("sample", sorted(PROTOCOL_SAMPLES))
@pytest.mark.parametrize("seat", ["-1", "9", "99999999999999999999"])
def test_a_seat_outside_the_table_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], sample: str, seat: str
) -> None:
    n = PROTOCOL_SAMPLES[sample]
    code, out, err = run(capsys, "show", "--seat", seat, str(SAMPLES / f"{sample}.22rec"))
    assert code == 2 and out == ""
    assert err == f"tt22 show: --seat must be 0 to {n - 1} for this {n}-player record\n"


def test_a_seat_that_is_no_number_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["show", "--seat", "two", str(SAMPLES / "2p-gin.22rec")])
    assert exit_info.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert err.strip().splitlines()[-1].endswith("argument --seat: invalid int value: 'two'")


def golden_name(sample: str, fmt: str) -> str:
    return f"{sample}.seat1.{'json' if fmt == 'json' else 'txt'}"


def rendered(sample: str, fmt: str, capsys: pytest.CaptureFixture[str] | None = None) -> str:
    argv = ["show", "--seat", "1", "--format", fmt, "--ascii", str(SAMPLES / f"{sample}.22rec")]
    if capsys is None:
        from contextlib import redirect_stdout
        from io import StringIO

        buffer = StringIO()
        with redirect_stdout(buffer):
            assert main(argv) == 0
        return buffer.getvalue()
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == ""
    return out


@pytest.mark.parametrize("fmt", ["text", "json"])
@pytest.mark.parametrize("sample", sorted(PROTOCOL_SAMPLES))
def test_the_samples_seat_views_match_their_golden_files(
    capsys: pytest.CaptureFixture[str], sample: str, fmt: str
) -> None:
    expected = (GOLDEN / golden_name(sample, fmt)).read_text(encoding="utf-8")
    assert rendered(sample, fmt, capsys) == expected


def test_the_text_says_whose_view_it_is_and_what_is_hidden(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, text, _ = run(capsys, "show", "--seat", "0", str(SAMPLES / "2p-gin.22rec"))
    assert "As Bot 0 (seat 0) saw it (M5): other hands and the stock hidden." in text
    assert "Bot 1            (not seen)" in text
    assert "Bot 1 draws from the stock" in text
    _, text, _ = run(capsys, "show", "--seat", "2", str(SAMPLES / "4p-rook.22rec"))
    assert "(seat 2) saw it (K23)" in text
    _, data, _ = run(
        capsys, "show", "--seat", "2", "--format", "json", str(SAMPLES / "4p-rook.22rec")
    )
    assert json.loads(data)["seen_by"] == 2


if __name__ == "__main__":
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name in sorted(PROTOCOL_SAMPLES):
        for fmt in ("text", "json"):
            path = GOLDEN / golden_name(name, fmt)
            path.write_text(rendered(name, fmt), encoding="utf-8")
            print("wrote", path, file=sys.stderr)
