"""22's reasons: stable codes with English templates (as Rook's and Rummy's).

The engine raises a `Reason` (code, rule, args) inside a `RuleBroken`; the view's judge
(`explain.why_refused`) and the forced-choice explanation (`explain.why_forced`) return
one; the rules' checks raise a `RulesError` carrying one. The command line and the tests
read the English below; an interface looks the code up in its own catalogue (ko, ja) and
fills in the same arguments, never turning English back into keys.

Arguments are data: seats and counts as ints, a play's ranks as their canonical text
high to low (`K-Q-10`, tt22.core.cards.show_ranks). Two things the English needs that a
plain template lacks, both here and nowhere else:
- `ONE`: the words of a code whose English changes when its `count` is 1 ("exactly one
  card", "your lowest card");
- `{count:words}`: a count as a word ("your three lowest cards"), as the rulebook names
  a duck.

A reason whose `rule` is "" is a prompt no rule states ("It is not your turn."): its words
cite none.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NoReturn

from tt22.core.protocol import ArgValue, Reason, RuleBroken, RulesError

__all__ = [
    "ENGLISH",
    "ONE",
    "RULES_ENGLISH",
    "broken",
    "line",
    "reason",
    "rules_error",
    "words",
]

ENGLISH: Mapping[str, str] = MappingProxyType(
    {
        # illegal moves (apply), as the command line prints them: "... (R13)"
        "twentytwo.over": "the match is over",
        "twentytwo.turn": "it is seat {expected}'s turn, not seat {seat}'s",
        "twentytwo.not_a_move": "not a move: {kind}",
        "twentytwo.exchange_first": "first exchange (or keep) your cards",
        "twentytwo.exchange_over": "the exchange is over: it is time to play a card",
        "twentytwo.not_cards": "those are not cards",
        "twentytwo.discard_not_held": "you can only discard cards from your own hand",
        "twentytwo.stock_short": "you cannot discard {count} cards: the stock holds only {stock}",
        "twentytwo.play_not_held": "you can only play cards from your own hand",
        "twentytwo.no_cards": "a play must be one or more cards from your hand",
        "twentytwo.lead_one_rank": "a lead of several cards must all be one rank",
        "twentytwo.lead_too_many": "a lead is at most {max_set} cards",
        "twentytwo.lead_keep_one": "the leader must keep at least one card",
        "twentytwo.follow_count": "you must play exactly {count} cards, as many as were led",
        "twentytwo.neither": (
            "{ranks} neither beats {best} nor is your {count:words} lowest cards"
        ),
        "twentytwo.must_beat": "house rule: you can beat {best}, so you must",
        # a selection judged from the seat's view (`why_refused`), besides the above
        "twentytwo.not_your_turn": "it is not your turn",
        "twentytwo.choose": "choose the cards to play",
        "twentytwo.select_count": "play exactly {count} cards, as many as were led",
        # forced choices (`why_forced`), besides "twentytwo.must_beat"
        "twentytwo.cannot_beat": (
            "you cannot beat {best}, so you play your {count:words} lowest cards"
        ),
        "twentytwo.must_beat_one": "house rule: you can beat {best}, and only one play does it",
        "twentytwo.only_one": "only one play is possible here",
    }
)

ONE: Mapping[str, str] = MappingProxyType(
    {
        "twentytwo.follow_count": "you must play exactly one card, as many as were led",
        "twentytwo.neither": "{ranks} neither beats {best} nor is your lowest card",
        "twentytwo.select_count": "play exactly 1 card, as many as were led",
        "twentytwo.cannot_beat": "you cannot beat {best}, so you play your lowest card",
    }
)
"""The English of these codes when their `count` is 1."""

RULES_ENGLISH: Mapping[str, str] = MappingProxyType(
    {
        "twentytwo.rules.players": "22 is played by {low} to {high} players, not {players}",
        "twentytwo.rules.decks": "decks must be 1 or 2, not {decks}",
        "twentytwo.rules.two_decks": "{players} players need two decks",
        "twentytwo.rules.max_set": "max_set follows decks: it is {size} with {decks} deck(s)",
        "twentytwo.rules.first_hand": "first_hand must be {low} to {high}, not {value}",
        "twentytwo.rules.elimination_at": "elimination_at must be {low} to {high}, not {value}",
    }
)
"""The English of 22's own complaints about a table (`Rules.for_players`); its option
parser's complaints are the shared ones (tt22.core.protocol.RULES_ENGLISH)."""

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


class _Count(int):
    """A count that can also be written as a word: `{count:words}`."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        if spec == "words":
            return _NUMBER_WORDS[self] if 0 <= self < len(_NUMBER_WORDS) else str(int(self))
        return super().__format__(spec)


def _text(reason: Reason) -> str:
    """The English of `reason` without its rule number (an unknown code: the code)."""
    values: dict[str, object] = dict(reason.args)
    count = values.get("count")
    template = None
    if isinstance(count, int):
        values["count"] = _Count(count)
        if count == 1:
            template = ONE.get(reason.code)
    if template is None:
        template = ENGLISH.get(reason.code) or RULES_ENGLISH.get(reason.code, reason.code)
    return template.format_map(values)


def words(reason: Reason) -> str:
    """`reason` in English as the command line says it: "... (R13)" (`str` of the
    IllegalMove or RulesError that carries it)."""
    text = _text(reason)
    return f"{text} ({reason.rule})" if reason.rule else text


def line(reason: Reason) -> str:
    """`reason` in English as a sentence of its own, as the table shows it: begun with a
    capital, the rule number last, then a full stop ("Only one play is possible here
    (R13).")."""
    text = words(reason)
    return f"{text[:1].upper()}{text[1:]}."


def reason(code: str, rule: str, **args: ArgValue) -> Reason:
    return Reason(code, rule, tuple(args.items()))


def broken(code: str, rule: str, **args: ArgValue) -> NoReturn:
    """Raise the illegal move `code` under `rule` (its English words from ENGLISH), as
    a fresh error even inside an `except` (the lookup that failed is no part of it)."""
    r = Reason(code, rule, tuple(args.items()))
    raise RuleBroken(r, _text(r)) from None


def rules_error(code: str, rule: str, **args: ArgValue) -> RulesError:
    """The RulesError of 22's complaint `code` (its English from RULES_ENGLISH)."""
    r = Reason(code, rule, tuple(args.items()))
    return RulesError(words(r), r)
