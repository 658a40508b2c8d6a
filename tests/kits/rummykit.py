"""Helpers for the Rummy family's tests: cards from text, and positions set up by hand
(a dealt match with chosen hands, pile and stock) so each rule can be met directly."""

from __future__ import annotations

from typing import Any

from tt22.core import conformance
from tt22.core.registry import get_game
from tt22.games.rummy import gin, rummy
from tt22.games.rummy.cards import CODE, TEXT

RUMMY = get_game("rummy")
GIN = get_game("gin")


def cs(text: str) -> tuple[int, ...]:
    """`"AS 2S 3S"` -> the cards, in that order."""
    return tuple(CODE[t] for t in text.split())


def ts(cards: Any) -> str:
    return " ".join(TEXT[c] for c in cards)


def rummy_at(
    hands: list[str],
    pile: str = "",
    stock: str | None = None,
    *,
    to_move: int = 0,
    phase: int = rummy.DRAW,
    table: tuple[tuple[int, str], ...] = (),
    taken: str = "",
    rules: list[str] | None = None,
) -> rummy.State:
    """A Rummy position with these hands (seat order), pile (bottom first), stock (top
    first; by default every other card) and table melds ((owner, cards), ...)."""
    n = len(hands)
    s = RUMMY.new_match(RUMMY.rules(rules or [], n), n, "kit").copy()
    s.hands = tuple(tuple(sorted(cs(h))) for h in hands)
    s.pile = cs(pile)
    s.table = tuple((o, cs(c)) for o, c in table)
    used = {c for h in s.hands for c in h} | set(s.pile) | {c for _, m in s.table for c in m}
    top_first = cs(stock) if stock is not None else tuple(c for c in range(52) if c not in used)
    s.stock = top_first[::-1]
    s.to_move = to_move
    s.phase = phase
    s.taken = CODE[taken] if taken else -1
    return s


def gin_at(
    hands: list[str],
    pile: str = "",
    stock: str | None = None,
    *,
    to_move: int = 0,
    phase: int = gin.DRAW,
    taken: str = "",
    rules: list[str] | None = None,
    upcard: str = "",
    dealer: int = 1,
) -> gin.State:
    """A Gin position (normal play unless `phase` says otherwise)."""
    s = GIN.new_match(GIN.rules(rules or [], 2), 2, "kit").copy()
    s.hands = (tuple(sorted(cs(hands[0]))), tuple(sorted(cs(hands[1]))))
    s.pile = cs(pile)
    used = set(s.hands[0]) | set(s.hands[1]) | set(s.pile)
    top_first = cs(stock) if stock is not None else tuple(c for c in range(52) if c not in used)
    s.stock = top_first[::-1]
    s.to_move = to_move
    s.phase = phase
    s.offer = gin.PLAYING
    s.taken = CODE[taken] if taken else -1
    up = CODE[upcard] if upcard else s.start.upcard
    limit = gin.knock_limit(s.rules, up) if up >= 0 else 10
    double = bool(s.rules.spades_double) and up >= 0 and up & 3 == 0
    s.start = s.start._replace(upcard=up, limit=limit, double=double, dealer=dealer)
    return s


def random_playout(
    game: Any, players: int, seed: str, rules: list[str] | None = None, limit: int = 100_000
) -> list[tuple[Any, Any]]:
    """A seeded random match (tt22.core.conformance.random_playout, stream "kit")."""
    return conformance.random_playout(
        game, players, seed, rules=rules or [], name="kit", limit=limit
    )
