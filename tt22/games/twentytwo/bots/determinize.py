"""Dealing the unseen cards again, consistently with what one seat has seen (R23).

A bot that looks ahead must guess where the cards it cannot see are. It deals the
unseen cards (other hands, other discards and the stock, which `SeatView.unseen_cards`
gives together) at random, subject to what the table has shown this deal:

- a follower whose play did not beat the best play so far ducked, so it played its
  lowest cards (R13.2): every card it still holds ranks at least as high as the highest
  card of that duck;
- under `must_beat`, a follower that ducked a single card could not beat it, so every
  card it still holds ranks below that card.

(A duck of several cards under `must_beat` also says the seat could not beat, but that
is not a bound per card; it is not used.)

`Sampler` does this many times per decision cheaply; `sim_from` turns one guess into a
rank-level `Sim` for playouts, and `determinized_state` into a full engine `State`,
the whole match as the seat could believe it: 22's `Game.resample` (the analysis deals
its worlds with it; tests check the fast simulator against the engine with it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tt22.core.cards import full_deck
from tt22.core.rng import Pcg32

from ..state import (
    EXCHANGE,
    PLAY,
    DealResult,
    DealStart,
    ExchangeRecord,
    MatchInfo,
    State,
    TrickRecord,
)
from ..views import PublicDeal, SeatView
from .fastsim import Sim

__all__ = ["Sampler", "World", "constraints", "determinized_state", "sim_from"]

World = tuple[dict[int, list[int]], list[int], list[int]]
"""(cards held by each other seat still in, the stock top first, the rest: discards)."""


def _beats(desc: Sequence[int], best: Sequence[int]) -> bool:
    return all(a >= b for a, b in zip(desc, best, strict=True))


def constraints(view: SeatView) -> dict[int, tuple[int, int]]:
    """For each other seat still in: (lowest rank it may hold, one above the highest)."""
    bounds = {seat: (0, 13) for seat in view.players_in if seat != view.seat}
    tricks = [t.plays for t in view.tricks]
    if view.plays:
        tricks.append(view.plays)
    for plays in tricks:
        best: list[int] = []
        for i, (seat, cards) in enumerate(plays):
            desc = sorted((c >> 2 for c in cards), reverse=True)
            if i == 0 or _beats(desc, best):
                best = desc
                continue
            if seat not in bounds:
                continue
            lo, hi = bounds[seat]
            lo = max(lo, desc[0])
            if view.rules.must_beat and len(best) == 1:
                hi = min(hi, best[0])
            bounds[seat] = (lo, hi)
    return bounds


class Sampler:
    """Deals the unseen cards again for one decision, as often as asked."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.pool = view.unseen_cards()
        bounds = constraints(view)
        counts = view.hand_counts
        # Tightest first, so that a seat with few possible cards gets them (with lower
        # bounds only, this order always succeeds when any assignment does).
        self.seats = sorted(
            ((seat, counts[seat], lo, hi) for seat, (lo, hi) in bounds.items()),
            key=lambda t: (t[3] - t[2], -t[2], t[0]),
        )
        self.stock_size = view.stock_size

    def sample(self, rng: Pcg32) -> World:
        pool = list(self.pool)
        for attempt in range(4):
            rng.shuffle(pool)
            world = self._assign(pool, strict=attempt < 3)
            if world is not None:
                return world
        raise AssertionError("unreachable: the relaxed assignment cannot fail")

    def _assign(self, pool: list[int], strict: bool) -> World | None:
        """Each seat in turn takes the first cards of the shuffled pool, among those not
        yet taken, that its bounds allow; what is left is the stock (top first), then
        the discards. (`pool` itself is left as it is: `sample` shuffles it again.)"""
        left = pool
        hands: dict[int, list[int]] = {}
        for seat, count, lo, hi in self.seats:
            if not strict or (lo <= 0 and hi >= 13):
                if len(left) < count:
                    if strict:
                        return None
                    raise AssertionError("more cards held than unseen")
                got = left[:count]
                left = left[count:]
            else:
                got = []
                rest: list[int] = []
                for c in left:
                    if len(got) < count and lo <= c >> 2 < hi:
                        got.append(c)
                    else:
                        rest.append(c)
                if len(got) < count:
                    return None
                left = rest
            got.sort()
            hands[seat] = got
        return hands, left[: self.stock_size], left[self.stock_size :]


def _next_seats(view: SeatView) -> list[int]:
    nxt = [-1] * view.players
    order = view.order
    for i, seat in enumerate(order):
        nxt[seat] = order[(i + 1) % len(order)]
    return nxt


class _Fixed(NamedTuple):
    """What every `Sim` of one view shares, whatever the world: worked out once."""

    view: SeatView
    my_hand: tuple[int, ...]  # ranks
    nxt: list[int]
    stop_short: bool
    max_set: int
    must_beat: bool
    ex_seats: tuple[int, ...]


_LAST: list[_Fixed | None] = [None]
"""The last view's `_Fixed` (one entry: a bot samples one view many times in a row). The
view is immutable and held here, so `is` cannot mistake another view for it; the entry
is read and replaced whole, so threads sharing it at most recompute it."""


def _fixed(view: SeatView) -> _Fixed:
    last = _LAST[0]
    if last is not None and last.view is view:
        return last
    ex_seats = view.order[view.order.index(view.to_move) :] if view.phase == EXCHANGE else ()
    rules = view.rules
    fixed = _Fixed(
        view,
        tuple([c >> 2 for c in view.hand]),
        _next_seats(view),
        rules.exchange == "stop_when_short",
        rules.max_set,
        rules.must_beat,
        ex_seats,
    )
    _LAST[0] = fixed
    return fixed


def sim_from(view: SeatView, world: World) -> Sim:
    """The rank-level simulator of this deal, if the unseen cards lie as `world` says."""
    hands_cards, stock, _rest = world
    fixed = _fixed(view)
    s = Sim.__new__(Sim)
    hands: list[list[int]] = [[] for _ in range(view.players)]
    hands[view.seat] = list(fixed.my_hand)
    for seat, cards in hands_cards.items():
        hands[seat] = [c >> 2 for c in cards]
    s.hands = hands
    s.nxt = fixed.nxt
    s.order = view.order
    s.phase = view.phase
    s.stock = [c >> 2 for c in stock]
    s.stop_short = fixed.stop_short
    s.max_set = fixed.max_set
    s.must_beat = fixed.must_beat
    s.to_move = view.to_move
    s.leader = view.leader
    s.best = list(view.best_desc)
    s.best_seat = view.best_seat
    s.ex_seats = fixed.ex_seats
    s.ex_i = 0
    s.rng = None
    s.eps = 0
    return s


def determinized_state(view: SeatView, rng: Pcg32) -> State:
    """A full engine `State` that `view`'s seat cannot tell from the real one: 22's
    `Game.resample`. Its view for that seat is `view`, field for field (earlier deals
    included), and it plays on through `apply` to the end of the match.

    What it holds, and why:
    - This deal: the unseen cards dealt again by `Sampler` (every duck bound kept), so
      other hands, other discards and the stock are a guess the view allows. Each other
      seat's exchange is made whole from that guess: its discard from the cards left
      over, its draw the first cards it held after the exchange (its hand now, lowest
      first, then what it played), and the stock as dealt is the draws in turn order
      on top of the stock now, so the deal as dealt, the exchanges and the hands now
      agree card for card.
    - Earlier deals (`history`): only their public part matters to anyone (the view,
      the seat transcript); the tricks, the showdown, the penalties and totals are the
      view's. Their hidden part (each dealt hand, each discard and draw, the stock) was
      never seen and is never read by play, so it is filled in without `rng`, the same
      for every world of one view (`_past_deals`): a consistent account, not a guess
      worth sampling.
    - Later deals: the match key comes from `rng`, so they are dealt anew in each world
      (nobody can predict the real ones); the cards set aside as penalties (R8), the
      totals and who is out are the view's, so a world plays the match out correctly.
      The first-dealer draw (R7) is not in any view and is left empty.

    Deterministic in (`view`, `rng`'s state): two states with the same view for this
    seat give the same world. ValueError once the match is over.
    """
    if view.phase not in (EXCHANGE, PLAY):
        raise ValueError("the match is over: nothing to determinize")
    hands_cards, stock, rest = Sampler(view).sample(rng)
    key = b"".join(rng.next_u32().to_bytes(4, "big") for _ in range(8))
    first_dealer = view.history[0].dealer if view.history else view.dealer
    s = State.__new__(State)
    s.match = MatchInfo(view.rules, view.players, key, (), first_dealer)
    me = view.seat
    players = view.players
    hands: list[tuple[int, ...]] = [()] * players
    hands[me] = view.hand
    for seat, cards in hands_cards.items():
        hands[seat] = tuple(cards)
    # Each seat's hand as dealt: its hand now until it exchanges (nothing is played
    # before every seat has), else what it held after the exchange, less its draw,
    # plus its discard.
    dealt: list[tuple[int, ...] | None] = [None] * players
    for seat in view.players_in:
        dealt[seat] = hands[seat]
    discards: list[tuple[int, ...]] = [()] * players
    exchanges: list[ExchangeRecord] = []
    drawn: list[int] = []
    if view.exchanges:
        held = _held(view.players_in, hands, view.tricks, view.plays)
        pos = 0
        for e in view.exchanges:
            seat = e.seat
            cards = held[seat]
            if seat == me:
                record = ExchangeRecord(me, view.my_discard, view.my_draw)
                for c in record.draw:
                    cards.remove(c)
            else:
                # The discard from the cards left over (as many as it discarded), the
                # draw the first cards it held after the exchange.
                size = e.size
                record = ExchangeRecord(seat, tuple(rest[pos : pos + size]), tuple(cards[:size]))
                pos += size
                del cards[:size]
            dealt[seat] = tuple(sorted(cards + list(record.discard)))
            discards[seat] = record.discard
            exchanges.append(record)
            drawn.extend(record.draw)
    s.deal = DealStart(
        view.deal_number,
        view.dealer,
        view.hand_size,
        view.players_in,
        view.order,
        tuple(dealt),
        (*drawn, *stock),
    )
    s.phase = view.phase
    s.to_move = view.to_move
    s.hands = tuple(hands)
    s.stock = tuple(stock)
    s.discards = tuple(discards)
    s.exchanges = tuple(exchanges)
    s.leader = view.leader
    s.plays = view.plays
    s.best_seat = view.best_seat
    s.best_desc = view.best_desc
    s.tricks = view.tricks
    s.totals = view.totals
    s.penalties = view.penalties
    s.out = view.out
    s.history = _past_deals(view)
    s.winners = view.winners
    return s


def _held(
    players_in: Sequence[int],
    hands: Sequence[Sequence[int]],
    tricks: Sequence[TrickRecord],
    plays: Sequence[tuple[int, Sequence[int]]],
) -> dict[int, list[int]]:
    """What each seat held after the exchange: its hand now (`hands`), then the cards it
    played since, in play order."""
    held: dict[int, list[int]] = {seat: list(hands[seat]) for seat in players_in}
    for t in tricks:
        for seat, shown in t.plays:
            held[seat].extend(shown)
    for seat, cards in plays:
        held[seat].extend(cards)
    return held


_PAST: list[tuple[tuple[PublicDeal, ...], tuple[DealResult, ...]] | None] = [None]
"""The last history made whole (one entry, as `_LAST`: every world of a view shares it)."""


def _past_deals(view: SeatView) -> tuple[DealResult, ...]:
    """The view's finished deals as `DealResult`s: their public part as the table saw
    it, their hidden part a consistent account made without chance. Each seat held after
    the exchange the cards it played and its showdown card; every discard is taken from
    the cards nobody played that deal (the lowest first), every draw is the first cards
    the seat held (its showdown card, then its plays), and the stock as dealt is the
    draws in turn order on top of the cards left. Cards set aside as penalties (R8) are
    out of the later deals' decks."""
    cached = _PAST[0]
    if cached is not None and cached[0] is view.history:
        return cached[1]
    out: list[DealResult] = []
    aside: list[int] = []
    for d in view.history:
        # What a seat held after the exchange: its showdown card (its hand at the end)
        # and the cards it played.
        shown = {seat: (card,) for seat, card in d.showdown}
        held = _held(
            d.players_in, [shown.get(seat, ()) for seat in range(view.players)], d.tricks, ()
        )
        pool = full_deck(view.rules.decks)
        for c in aside:
            pool.remove(c)
        for cards in held.values():
            for c in cards:
                pool.remove(c)
        dealt: list[tuple[int, ...] | None] = [None] * view.players
        for seat, cards in held.items():
            dealt[seat] = tuple(sorted(cards))
        exchanges: list[ExchangeRecord] = []
        drawn: list[int] = []
        for e in d.exchanges:
            cards = held[e.seat]
            record = ExchangeRecord(e.seat, tuple(pool[: e.size]), tuple(cards[: e.size]))
            del pool[: e.size]
            dealt[e.seat] = tuple(sorted(cards[e.size :] + list(record.discard)))
            exchanges.append(record)
            drawn.extend(record.draw)
        after = [seat for seat in d.players_in if seat > d.dealer]
        order = tuple(after + [seat for seat in d.players_in if seat <= d.dealer])
        start = DealStart(
            d.number,
            d.dealer,
            d.hand_size,
            d.players_in,
            order,
            tuple(dealt),
            (*drawn, *pool),
        )
        out.append(
            DealResult(
                start,
                tuple(exchanges),
                d.tricks,
                d.showdown,
                d.losers,
                d.penalty,
                d.totals,
                d.eliminated,
            )
        )
        aside.extend(card for seat, card in d.showdown if seat in d.losers)
    past = tuple(out)
    _PAST[0] = (view.history, past)
    return past
