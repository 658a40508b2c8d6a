"""Each game's own answer to what its totals count (`Game.score_unit`,
`Game.lower_is_better`), held to its engine: in every finished sample record the winners'
totals are the best ones that way round, so the history's "best" and its places are the
game's."""

from __future__ import annotations

from paths import ROOT

from tt22.core.registry import game_names, get_game
from tt22.record import load_record


def test_every_game_says_what_its_totals_count() -> None:
    for name in game_names():
        game = get_game(name)
        assert game.score_unit in ("points", "penalty"), name
        assert isinstance(game.lower_is_better, bool), name
        # (a penalty is what a seat is charged: lower is better, and only then)
        assert game.lower_is_better == (game.score_unit == "penalty"), name


def test_the_winners_of_every_sample_have_the_best_totals_the_games_way_round() -> None:
    seen = set()
    for path in sorted((ROOT / "records").glob("*.22rec")):
        record = load_record(path)
        result = record.result
        if not result.finished or not result.winners:
            continue
        game = get_game(record.game)
        seen.add(record.game)
        won = [result.totals[s] for s in result.winners]
        lost = [t for s, t in enumerate(result.totals) if s not in result.winners]
        if game.lower_is_better:
            assert max(won) <= min(lost, default=max(won)), path.name
        else:
            assert min(won) >= max(lost, default=min(won)), path.name
    assert seen == set(game_names())  # (a sample of every game)
