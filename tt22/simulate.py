"""Playing whole matches with bots: the loop `tt22 sim`, `tt22 bench` and the arena share."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tt22.games.twentytwo import Move, Rules, State, apply, new_match, view
from tt22.games.twentytwo.bots import Bot

__all__ = ["play_match"]


def play_match(
    rules: Rules,
    seed: str,
    bots: Sequence[Bot],
    on_move: Callable[[State, Move], None] | None = None,
) -> tuple[State, list[Move]]:
    """Fold bot moves through the engine until the match ends; each bot sees only its view."""
    state = new_match(rules, len(bots), seed)
    moves: list[Move] = []
    while not state.over:
        seat = state.to_move
        move = bots[seat].choose(view(state, seat))
        if on_move is not None:
            on_move(state, move)
        state = apply(state, move)
        moves.append(move)
    return state, moves
