"""One conformance suite for every registered game (OpenSpiel's random_sim_test): the
protocol's promises checked on seeded random playouts of twentytwo and rook alike."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec
import pytest

from tt22.core.conformance import check_playout, check_resample, random_playout
from tt22.core.players import Player
from tt22.core.protocol import (
    Game,
    IllegalMove,
    Reason,
    RuleBroken,
    RulesError,
    reason_of,
)
from tt22.core.registry import DEFAULT_GAME, UnknownGame, default_game, game_names, get_game
from tt22.core.rng import seed_key, stream

GAMES = game_names()
AnyGame = Game[Any, Any, Any, Any]
MAX_STEPS = 600
"""A playout's length: enough for several hands. Rook's random bidding can lose hand
after hand for ever (the rules allow it), so termination is tested per game
(tests/games/rook/test_rook_properties.py), not here."""


def test_the_registry_lists_every_game_with_22_first() -> None:
    assert GAMES[:4] == ("twentytwo", "rook", "rummy", "gin") and DEFAULT_GAME == "twentytwo"
    assert default_game() == DEFAULT_GAME == GAMES[0]  # what shared modules ask
    for name in GAMES:
        assert get_game(name).name == name
    with pytest.raises(UnknownGame, match="the games are twentytwo, rook, rummy, gin, "):
        get_game("chess")


def playout(game: AnyGame, players: int, seed: str) -> list[tuple[Any, Any]]:
    """(state, move) pairs of a seeded random playout, and the last state with None."""
    return random_playout(game, players, seed, limit=MAX_STEPS)


def player_counts(game: AnyGame) -> Sequence[int]:
    counts = list(range(game.min_players, game.max_players + 1))
    return counts if len(counts) <= 3 else [counts[0], 4, counts[-1]]


@pytest.mark.parametrize("name", GAMES)
def test_rules_default_resolve_and_refuse_what_the_game_does_not_have(name: str) -> None:
    game = get_game(name)
    for players in player_counts(game):
        resolved = game.rules([], players)
        as_dict = game.rules_dict(resolved)
        assert list(as_dict) == [o.name for o in game.options]
        for o in game.options:
            assert o.rule.startswith(game.rule_prefix)
            if o.default is not None:
                assert as_dict[o.name] == o.default
    with pytest.raises(RulesError, match="unknown rule 'nope'"):
        game.rules(["nope=1"])
    with pytest.raises(RulesError, match="NAME=VALUE"):
        game.rules(["target"])
    first = game.options[0]
    with pytest.raises(RulesError, match=first.name):
        game.rules([f"{first.name}=many"])
    with pytest.raises(RulesError):
        game.rules([], game.max_players + 1)


@pytest.mark.parametrize("name", GAMES)
def test_a_random_playout_keeps_every_promise(name: str) -> None:
    game = get_game(name)
    for players in player_counts(game):
        steps = playout(game, players, f"conformance/{name}/{players}")
        last_location = check_playout(game, players, steps)
        assert last_location.hand >= 2  # several hands were played


@pytest.mark.parametrize("name", GAMES)
def test_matches_are_functions_of_rules_seed_and_moves(name: str) -> None:
    game = get_game(name)
    players = game.default_players
    a = playout(game, players, "same")
    b = playout(game, players, "same")
    c = playout(game, players, "other")
    assert [m for _, m in a] == [m for _, m in b]
    da, db, dc = (game.digest(x[-1][0]) for x in (a, b, c))
    assert da == db != dc and da.startswith("sha256:") and len(da) == 71
    # names and the seed's spelling are not state; every move is
    seats = [Player(f"p{i}") for i in range(players)]
    final = a[-1][0]
    assert game.transcript(final, "same", seats)["seed"] == "same"
    assert game.digest(final) == game.digest(b[-1][0])
    assert game.digest(a[-2][0]) != da
    text = game.transcript_json(final, "same", seats)
    assert text.endswith("}\n") and msgspec.json.decode(text)["players"][0]["name"] == "p0"


@pytest.mark.parametrize("name", GAMES)
def test_illegal_moves_name_a_rule_of_the_game(name: str) -> None:
    game = get_game(name)
    state = game.new_match(game.rules([], game.default_players), game.default_players, "x")
    m = game.legal_moves(state)[0]
    with pytest.raises(IllegalMove) as e:
        game.apply(state, msgspec.structs.replace(m, seat=game.to_move(state) + 1))
    reason = reason_of(e.value)
    assert reason.rule.startswith(game.rule_prefix)
    assert str(e.value).endswith(f"({reason.rule})")
    with pytest.raises(ValueError):
        game.parse_move(0, "juggle three balls")
    with pytest.raises(msgspec.ValidationError):
        game.decode_move(b'{"type":"juggle","seat":0}')


def test_rook_reasons_are_structured_and_22s_keep_their_words() -> None:
    rook = get_game("rook")
    state = rook.new_match(rook.rules([], 4), 4, "r")
    with pytest.raises(RuleBroken) as e:
        rook.apply(state, rook.parse_move(state.to_move, "bid 65"))
    assert e.value.detail == Reason("rook.bid_open_low", "K8", (("min_bid", 70), ("points", 65)))
    assert str(e.value) == "the opening bid is at least 70, not 65 (K8)"
    assert rook.describe(e.value.detail) == str(e.value)
    twentytwo = get_game("twentytwo")
    s22 = twentytwo.new_match(twentytwo.rules([], 3), 3, "r")
    bad = msgspec.structs.replace(twentytwo.legal_moves(s22)[0], seat=twentytwo.to_move(s22) + 1)
    why = twentytwo.explain(s22, bad)
    seats = (("expected", twentytwo.to_move(s22)), ("seat", bad.seat))
    assert why == Reason("twentytwo.turn", "R11", seats)
    with pytest.raises(IllegalMove) as e22:
        twentytwo.apply(s22, bad)
    assert twentytwo.describe(why) == str(e22.value)


def test_22s_adapter_is_the_engine_itself() -> None:
    import hashlib
    import json

    from tt22.games.twentytwo import state, views
    from tt22.games.twentytwo.transcript import transcript

    game = get_game("twentytwo")
    assert game.apply is state.apply and game.legal_moves is state.legal_moves
    assert game.new_match is state.new_match and game.view is views.view
    final = playout(game, 4, "digest")[-1][0]
    t = transcript(final, "", [])
    del t["seed"], t["players"]  # the records' digest, as TRANSCRIPT.md specifies it
    canonical = json.dumps(t, sort_keys=True, separators=(",", ":")).encode("ascii")
    assert game.digest_input(final) == canonical
    assert game.digest(final) == "sha256:" + hashlib.sha256(canonical).hexdigest()


@pytest.mark.parametrize("name", GAMES)
def test_explain_view_judges_from_the_view_as_apply_does(name: str) -> None:
    """The interface's question ("may I play this?") answered from the view alone agrees
    with the state: legal moves pass, and moves that were legal a step ago (often not
    now) are refused under the same rule as `apply` refuses them."""
    game = get_game(name)
    judged = refused = 0
    for players in player_counts(game):
        steps = playout(game, players, f"explain-view/{name}/{players}")
        previous: Sequence[Any] = []
        for state, m in steps[:250]:
            if m is None:
                break
            seat = game.to_move(state)
            v = game.view(state, seat)
            legal = game.legal_moves(state)
            for i in range(0, len(legal), max(1, len(legal) // 4)):
                assert game.explain_view(v, legal[i]) is None, legal[i]
            for old in list(previous)[:12]:
                candidate = msgspec.structs.replace(old, seat=seat)
                truth = game.explain(state, candidate)
                from_view = game.explain_view(v, candidate)
                assert (truth is None) == (from_view is None), (candidate, truth, from_view)
                if truth is not None and from_view is not None:
                    assert truth.rule == from_view.rule, (candidate, truth, from_view)
                    refused += 1
                judged += 1
            other = (seat + 1) % players
            assert game.explain_view(game.view(state, other), m) is not None
            previous = legal
    assert judged > 200 and refused > 50


@pytest.mark.parametrize("name", GAMES)
def test_the_served_facts_are_the_games_own(name: str) -> None:
    """What the server asks of a game: a view travels as msgpack of `view_type` and
    `decode_view` gives it back equal; a spectator's `public_view` holds no hand; the
    clock's `safe_move` is legal from the seat's view."""
    game = get_game(name)
    for players in player_counts(game):
        for i, (state, m) in enumerate(playout(game, players, f"served/{name}/{players}")):
            if m is None or i > 120:
                break
            seat = game.to_move(state)
            v = game.view(state, seat)
            assert isinstance(v, game.view_type)
            assert game.decode_view(msgspec.msgpack.encode(v)) == v
            public = game.public_view(state)
            assert isinstance(public, game.view_type) and public.hand == ()
            if i % 10 == 0:
                assert game.explain_view(v, game.safe_move(v, "clock")) is None


def test_resample_through_the_protocol() -> None:
    rook = get_game("rook")
    state = rook.new_match(rook.rules([], 3), 3, "resample")
    v = rook.view(state, 1)
    world = rook.resample(v, stream(seed_key("resample"), "r"))
    assert rook.view(world, 1) == v and world.hands[1] == state.hands[1]
    assert any(world.hands[p] != state.hands[p] for p in (0, 2))
    twentytwo = get_game("twentytwo")
    s22 = twentytwo.new_match(twentytwo.rules([], 3), 3, "resample")
    v22 = twentytwo.view(s22, 0)
    w22 = twentytwo.resample(v22, stream(seed_key("resample"), "r"))
    assert twentytwo.view(w22, 0) == v22 and w22.hands[0] == s22.hands[0]
    assert any(w22.hands[p] != s22.hands[p] for p in (1, 2))


UNKEPT = {"rook": ("history",), "rummy": ("history",), "manipulation": ("history",)}
"""The view's fields a game's worlds leave out: Rook's, Rummy's and Manipulation's
finished hands (play from a world never reaches back to them)."""


def test_every_game_offers_resample() -> None:
    """`Game.resample` is optional in the protocol, and every built-in game has one."""
    assert all(type(get_game(n)).resample is not Game.resample for n in GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_every_games_resample_shows_the_seat_its_own_view(name: str) -> None:
    """Every seat, every ninth state of random playouts: the world dealt from the seat's
    view shows it that view, the seat to move the same moves, each of which applies;
    and the worlds are deals of their own, not the real one."""
    game = get_game(name)
    rng = stream(seed_key("resample"), name)
    for players in player_counts(game):
        steps = playout(game, players, f"resample/{name}/{players}")
        differs = checked = 0
        for state, _ in steps[:-1:9]:
            for seat in range(players):
                world = check_resample(game, state, seat, rng, unkept=UNKEPT.get(name, ()))
                differs += world.fingerprint() != state.fingerprint()
                checked += 1
        assert checked >= 10 and differs >= checked // 2, (checked, differs)


def test_a_game_is_one_registry_entry_and_its_modules_are_asked_of_it() -> None:
    """The registry's entries say where each game's bots and readable account are (no
    side tables keyed by game names in the commands); a game from outside registers
    an entry and is then listed and loaded like the others."""
    from tt22.commands.common import UsageError
    from tt22.commands.games import check_text, game_text
    from tt22.core import registry
    from tt22.core.registry import GameEntry, bots_module, entry, textlog_module

    assert [e.name for e in registry.BUILT_IN] == list(registry.game_names())
    assert entry("rook").bots == "tt22.games.rook.bots"
    assert bots_module("twentytwo") is importlib.import_module("tt22.games.twentytwo.bots")
    assert textlog_module("gin") is textlog_module("rummy")
    extra = GameEntry("tiny", "tt22.games.rook:ROOK_GAME")  # (any Game object will do)
    registry.register(extra)
    try:
        assert registry.game_names()[-1] == "tiny"
        assert registry.get_game("tiny") is registry.get_game("rook")
        with pytest.raises(UsageError, match="the text form of tiny is not written yet"):
            check_text("tiny")
        with pytest.raises(UsageError):
            game_text("tiny", {}, True)
        registry.register(GameEntry("rook", "elsewhere:X"))  # a built-in is never replaced
        assert entry("rook").game == "tt22.games.rook:ROOK_GAME"
        with pytest.raises(TypeError):
            registry.register(("tiny2", "x:y"))  # type: ignore[arg-type]
    finally:
        registry.unregister("tiny")
    assert "tiny" not in registry.game_names()
    with pytest.raises(registry.UnknownGame, match="the games are twentytwo, rook, rummy, gin, "):
        entry("tiny")


def test_a_game_from_outside_registers_by_its_entry_point(tmp_path: Path) -> None:
    """An installed package's `tt22.games` entry point (here a dist-info folder on the
    path, as pip writes one) is found by name when asked for, and listed by `discover`;
    the built-ins never read the packages' metadata."""
    dist = tmp_path / "tinygame-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: tinygame\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[tt22.games]\ntiny = tinygame_entry:ENTRY\n")
    (tmp_path / "tinygame_entry.py").write_text(
        "from tt22.core.registry import GameEntry\n"
        'ENTRY = GameEntry("tiny", "tt22.games.rook:ROOK_GAME", "tt22.games.rook.bots")\n'
    )
    code = (
        "import sys\n"
        "from tt22.core import registry\n"
        "registry.get_game('rook')\n"
        "assert 'importlib.metadata' not in sys.modules, 'a built-in read the metadata'\n"
        "assert 'tiny' not in registry.game_names()\n"
        "assert registry.get_game('tiny').name == 'rook'\n"
        "assert registry.entry('tiny').bots == 'tt22.games.rook.bots'\n"
        "assert registry.discover()[-1] == 'tiny'\n"
        "print('ok')\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path])}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
