"""A readable hand-by-hand, turn-by-turn account of a Rummy or Gin game, from its
transcript (docs/transcript-rummy.md), for `tt22 sim --game rummy|gin` and `tt22 show` in
text form. Built from the transcript object, as Rook's and 22's are; names come from
strangers and go through tt22.core.safe.printable, the one helper for outside text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tt22.core.cards import show_card
from tt22.core.safe import printable

from .cards import CODE, TEXT, hand_order

__all__ = [
    "NOT_SEEN",
    "cards_text",
    "game_over",
    "hand_opening",
    "opening",
    "render_text",
    "says",
    "scores_text",
]


NOT_SEEN = "(not seen)"
"""In a seat's transcript (`seen_by`), cards that seat did not see (M5)."""


def cards_text(
    cards: Sequence[str] | None,
    ascii_style: bool,
    code: Mapping[str, int] = CODE,
    show: Callable[[int, bool], str] = show_card,
) -> str:
    """Cards by their transcript names as the table shows them (`show`, with the game's
    `code` of names: 500 Rum's has jokers), `-` for none, NOT_SEEN for hidden ones: what
    every text account of the family writes."""
    if cards is None:
        return NOT_SEEN
    if not cards:
        return "-"
    return " ".join(show(code[c], ascii_style) for c in cards)


def _cards(cards: Sequence[str] | None, ascii_style: bool) -> str:
    return cards_text(cards, ascii_style)


def _hand(cards: Sequence[str] | None, ascii_style: bool, high: bool) -> str:
    """A hand in the order the table shows one (by suit, the ace low, or high where
    Rummy's runs may take it so: `hand_order`)."""
    if cards is None:
        return NOT_SEEN
    return _cards([TEXT[c] for c in hand_order((CODE[c] for c in cards), high)], ascii_style)


def says(name: str, verb: str, base: str) -> str:
    """`name` and the verb agreeing with it: a player called "You" (the default name of a
    record played at the keyboard) takes the plain form, "You draw", not "You draws"."""
    return f"{name} {base if name.strip().casefold() == 'you' else verb}"


_says = says


def scores_text(names: Sequence[str], scores: Sequence[int]) -> str:
    """`Ann 12, Bob 30`: each seat's name and score."""
    return ", ".join(f"{n} {s}" for n, s in zip(names, scores, strict=True))


def opening(t: dict[str, Any], title: str, names: Sequence[str], *extra: str) -> list[str]:
    """A text account's first lines: the game and seed, whose seat's view it is (M5),
    the rules, each seat, any `extra` lines (Persian's sides) and the first dealer."""
    lines = [f"tt22 {title} game, seed {printable(t['seed'])!r}"]
    seen_by = t.get("seen_by")
    if seen_by is not None:
        lines.append(
            f"As {names[seen_by]} (seat {seen_by}) saw it (M5): other hands and the stock hidden."
        )
    lines.append("Rules: " + ", ".join(f"{k}={v}" for k, v in t["rules"].items()))
    for p in t["players"]:
        kind = f"bot {printable(p['bot'] or '')}" if p["kind"] == "bot" else "human"
        lines.append(f"  seat {p['seat']}: {names[p['seat']]} ({kind})")
    lines.extend(extra)
    lines.append(f"First dealer: {names[t['first_dealer']]}.")
    return lines


def hand_opening(
    h: dict[str, Any], names: Sequence[str], hand: Callable[[Sequence[str] | None], str]
) -> list[str]:
    """A hand's first lines: a blank, the hand and its dealer, each seat's cards dealt
    (as `hand` shows them)."""
    lines = ["", f"Hand {h['number']}: dealer {names[h['dealer']]}."]
    lines.extend(f"  {names[seat]:<16} {hand(cards)}" for seat, cards in enumerate(h["dealt"]))
    return lines


def game_over(names: Sequence[str], result: dict[str, Any]) -> str:
    """The account's last line when the game is finished: who won and the scores."""
    won = " and ".join(names[w] for w in result["winners"])  # ("won": no verb to agree)
    return f"Game over: {won} won. Scores: " + scores_text(names, result["scores"])


def _event(e: dict[str, Any], names: Sequence[str], ascii_style: bool, gin: bool = False) -> str:
    action = e["action"]
    if action == "reshuffle":
        if e["stock"] is None:  # a seat's transcript: the new stock's order is hidden
            return "  the discards are shuffled into a new stock (M9)"
        return f"  the discards are shuffled into a new stock of {len(e['stock'])} (M9)"
    who = names[e["seat"]]
    if action == "draw":
        where = "the stock" if e["from"] == "stock" else "the discard pile"
        if e["card"] is None:  # another seat's draw in a seat's transcript
            return f"  {_says(who, 'draws', 'draw')} from {where}"
        return f"  {_says(who, 'draws', 'draw')} {_cards([e['card']], ascii_style)} from {where}"
    if action == "meld":
        return f"  {_says(who, 'melds', 'meld')} {_cards(e['cards'], ascii_style)}"
    if action == "layoff":
        card = _cards([e["card"]], ascii_style)
        return f"  {_says(who, 'lays', 'lay')} {card} off on meld {e['meld']}"
    if action == "pass":
        return f"  {_says(who, 'passes', 'pass')}"
    if action == "knock":
        said = _says(who, "goes", "go") + " gin" if gin else _says(who, "knocks", "knock")
        return f"  {said}, discarding {_cards([e['card']], ascii_style)}"
    return f"  {_says(who, 'discards', 'discard')} {_cards([e['card']], ascii_style)}"


def _rummy_result(
    r: dict[str, Any], names: Sequence[str], ascii_style: bool, high: bool
) -> list[str]:
    if r["winner"] is None:
        why = {"turns": "the turn limit", "reshuffles": "the reshuffle limit"}
        return [f"  void hand ({why.get(r['ended'], 'no cards left to draw')}, M9): no score"]
    lines = [f"  {_says(names[r['winner']], 'goes', 'go')} out."]
    for seat, (left, delta) in enumerate(zip(r["left"], r["deltas"], strict=True)):
        if seat != r["winner"]:
            held = _hand(left, ascii_style, high) if left else "-"
            lines.append(f"  {_says(names[seat], 'holds', 'hold')} {held}: +{delta}")
    lines.append("  totals: " + scores_text(names, r["scores"]))
    return lines


def _gin_result(r: dict[str, Any], names: Sequence[str], ascii_style: bool) -> list[str]:
    if r["kind"] == "void":
        return ["  void hand (G7): no score, the same dealer deals again"]
    lines = []
    for seat, melds in enumerate(r["melds"]):
        shown = ", ".join(_cards(m, ascii_style) for m in melds) or "no melds"
        lines.append(
            f"  {_says(names[seat], 'shows', 'show')} {shown}; deadwood {r['deadwood'][seat]}"
        )
    if r["lay_offs"]:
        offs = _cards([x["card"] for x in r["lay_offs"]], ascii_style)
        lines.append(f"  {_says(names[1 - r['knocker']], 'lays', 'lay')} off {offs}")
    winner = r["winner"]
    gained = r["deltas"][winner]
    lines.append(f"  {r['kind']}: {_says(names[winner], 'scores', 'score')} {gained}")
    lines.append("  points: " + scores_text(names, r["points"]))
    return lines


def render_text(t: dict[str, Any], ascii_style: bool = False) -> str:
    """The transcript `t` as lines of text, ending in a newline."""
    gin = t["game"] == "gin"
    high = not gin and t["rules"].get("ace") == "low_or_high"  # (M2; Gin's ace is low: G2)
    names = [printable(p["name"], 40) for p in t["players"]]
    title = "Rummy"
    if gin:  # (G9: Gin with the upcard as its knock limit is Oklahoma Gin)
        title = "Oklahoma Gin" if t["rules"].get("knock_limit") == "upcard" else "Gin Rummy"
    lines = opening(t, title, names)
    seen_by = t.get("seen_by")
    for h in t["hands"]:
        lines += hand_opening(h, names, lambda cards: _hand(cards, ascii_style, high))
        if "stock_size" in h:
            lines.append(f"  stock: {h['stock_size']} cards face down")
        if h["upcard"] is not None:
            lines.append(f"  upcard: {_cards([h['upcard']], ascii_style)}")
        if gin:
            double = ", doubled" if h["doubled"] else ""
            lines.append(f"  knock limit: {h['knock_limit']}{double}")
        r = h["result"]
        went_gin = r is not None and r.get("kind") == "gin"
        lines += [_event(e, names, ascii_style, went_gin) for e in h["events"]]
        if r is not None and seen_by is not None and r.get("left") is not None:
            # what the hand's end showed this seat (a void hand shows nothing)
            lines.append(
                "  both hands are shown (G5):"
                if gin
                else "  the cards left are shown and counted (M10):"
            )
        if r is not None:
            lines += (
                _gin_result(r, names, ascii_style)
                if gin
                else _rummy_result(r, names, ascii_style, high)
            )
    res = t["result"]
    lines.append("")
    if res["finished"]:
        lines.append(game_over(names, res))
    else:
        lines.append("The game goes on.")
    return "\n".join(lines) + "\n"
