"""Helpers for 500 Rum's and Persian Rummy's tests: cards from text, and positions set up
by hand (a dealt match with chosen hands, pile, stock and table) so each rule can be met
directly."""

from __future__ import annotations

from typing import Any

from tt22.core import conformance
from tt22.core.registry import get_game
from tt22.games.rum500 import engine
from tt22.games.rum500.cards import CODE, PERSIAN_DECK, TEXT
from tt22.games.rum500.melds import order_meld

RUM500 = get_game("rum500")
PERSIAN = get_game("persian")


def cs(text: str) -> tuple[int, ...]:
    """`"AS 2S X1"` -> the cards, in that order."""
    return tuple(CODE[t] for t in text.split())


def ts(cards: Any) -> str:
    return " ".join(TEXT[c] for c in cards)


def at(
    hands: list[str],
    pile: str = "",
    stock: str | None = None,
    *,
    game: Any = RUM500,
    to_move: int = 0,
    phase: int = engine.DRAW,
    table: tuple[tuple[int, str], ...] = (),
    opened: tuple[int, ...] = (),
    taken: str = "",
    must: str = "",
    rules: list[str] | None = None,
) -> engine.State:
    """A position with these hands (seat order), pile (bottom first), stock (top first;
    by default every other card), table melds ((owner, cards), each card the owner's)
    and the seats that have opened."""
    n = len(hands)
    s = game.new_match(game.rules(rules or [], n), n, "kit").copy()
    s.hands = tuple(tuple(sorted(cs(h))) for h in hands)
    s.pile = cs(pile)
    s.table = tuple((o, order_meld(cs(c)), (o,) * len(cs(c))) for o, c in table)
    used = {c for h in s.hands for c in h} | set(s.pile)
    used |= {c for _, m, _ in s.table for c in m}
    deck = PERSIAN_DECK if s.rules.persian else range(52)
    top_first = cs(stock) if stock is not None else tuple(c for c in deck if c not in used)
    s.stock = top_first[::-1]
    s.to_move = to_move
    s.phase = phase
    s.opened = tuple(i in opened for i in range(n))
    s.taken = CODE[taken] if taken else -1
    s.must = CODE[must] if must else -1
    return s


def random_playout(
    game: Any, players: int, seed: str, rules: list[str] | None = None, limit: int = 100_000
) -> list[tuple[Any, Any]]:
    """A seeded random match (tt22.core.conformance.random_playout, stream "kit")."""
    return conformance.random_playout(
        game, players, seed, rules=rules or [], name="kit", limit=limit
    )
