"""Ratings per game from people's finished matches: OpenSkill's Plackett-Luce model.

A finished match is rated as its sides and their finishing order, both asked of the
game and the record, never of the game's name: the sides are `Game.sides` (every seat
alone in 22 and the Rummy games; Rook's and Persian's partners together), the order is
the record's places (tt22.history.index.places: the winners first, then by totals,
the better first, a seat that resigned last). A side's place is its best seat's.

People are rated; bots are fixed anchors, one per level (`ANCHORS`): a bot seat takes
part in the match's rating at its level's fixed mu and small sigma, and its own rating
never moves. So a match one person plays against bots still rates that person (beating
the hard bots is worth more than beating the easy ones), and the anchors hold the scale
in place however few people play. A stand-in bot that played for an absent person
plays *as* that person: the seat is still theirs.

The shown figure is the conservative ordinal, mu - 3 sigma (`ordinal`): a new player is
at 0 and rises as the model grows surer.

Everything here is a pure function of the matches in order, so the ratings are
rebuildable from the store's matches (`replay`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

__all__ = [
    "ANCHORS",
    "MU",
    "SIGMA",
    "RatedSeat",
    "Rating",
    "ordinal",
    "rate_match",
    "replay",
]

MU = 25.0
SIGMA = 25.0 / 3.0
"""A new person's rating (OpenSkill's defaults): ordinal 0."""

ANCHOR_SIGMA = 1.0
ANCHORS: Mapping[str, float] = {
    "easy": 15.0,
    "normal": 22.0,
    "hard": 28.0,
    "expert": 33.0,
}
"""Each bot level's fixed mu (sigma `ANCHOR_SIGMA`); a level not listed (a plug-in's)
is `MU`. The same in every game: a level's name means the same effort everywhere."""

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


@dataclass(frozen=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


@dataclass(frozen=True)
class RatedSeat:
    """One seat of a finished match, as the ratings see it: the person's name (None
    for a bot), the bot's level, its side (an index into the sides) and its place."""

    name: str | None
    bot: str | None
    side: int
    place: int


def ordinal(mu: float, sigma: float) -> float:
    """The conservative figure shown: mu - 3 sigma."""
    return mu - 3.0 * sigma


def anchor(level: str | None) -> Rating:
    return Rating(ANCHORS.get(level or "", MU), ANCHOR_SIGMA)


def rate_match(seats: Sequence[RatedSeat], ratings: Mapping[str, Rating]) -> dict[str, Rating]:
    """The new ratings of the people in `seats` (`ratings`: theirs before; a name not
    there is new). Empty when no person sat there, or when every seat is on one side
    (nothing to learn)."""
    people = [s for s in seats if s.name is not None]
    sides = sorted({s.side for s in seats})
    if not people or len(sides) < 2:
        return {}
    teams = []
    ranks = []
    members: list[list[RatedSeat]] = []
    for side in sides:
        on = [s for s in seats if s.side == side]
        team = []
        for s in on:
            was = ratings.get(s.name, Rating()) if s.name is not None else anchor(s.bot)
            team.append(_MODEL.rating(mu=was.mu, sigma=was.sigma))
        teams.append(team)
        ranks.append(min(s.place for s in on))
        members.append(on)
    rated = _MODEL.rate(teams, ranks=[float(r) for r in ranks])
    out: dict[str, Rating] = {}
    for on, new_team in zip(members, rated, strict=True):
        for s, new in zip(on, new_team, strict=True):
            if s.name is not None:
                out[s.name] = Rating(float(new.mu), float(new.sigma))
    return out


def replay(matches: Iterable[tuple[str, Sequence[RatedSeat]]]) -> dict[tuple[str, str], Rating]:
    """Every (name, game)'s rating after `matches` ((game, seats), oldest first): how
    the store's ratings are made again from its matches alone."""
    now: dict[tuple[str, str], Rating] = {}
    for game, seats in matches:
        before = {s.name: now[(s.name, game)] for s in seats if s.name and (s.name, game) in now}
        for name, r in rate_match(seats, before).items():
            now[(name, game)] = r
    return now
