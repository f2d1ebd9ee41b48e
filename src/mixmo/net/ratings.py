"""Ratings for matches of 2 to 6 players: who finished where, and what it says of each.

A Mixmo match is a free-for-all race, not a duel: Elo and Glicko rate pairs, and
splitting a 5-player result into 10 duels counts one match ten times. OpenSkill's
Plackett-Luce model (the maintained ``openskill`` package) rates a whole finishing
order at once, ties included, and keeps each player's uncertainty (``sigma``) beside
their skill (``mu``), so a newcomer's rating moves fast and a regular's slowly.

Ratings are kept per variant family: a classic match says little of one's Expert
play. A player's shown rating is ``1000 + 40 * (mu - 3 * sigma)``: 1000 for a
newcomer (skill 25, uncertainty 25/3), rising as the system grows sure of them.
Server bots are rated too, one rating per level, so their strength reads on the
same scale.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

FAMILIES = ("classic", "expert")
"""The families ratings are kept in."""
START_MU, START_SIGMA = 25.0, 25.0 / 3


def family_of(variant: str) -> str:
    """The rating family of a room's variant: Expert's harder deals apart."""
    return "expert" if variant == "expert" else "classic"


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = START_MU
    sigma: float = START_SIGMA
    matches: int = 0

    @property
    def shown(self) -> int:
        """The rating players see: conservative (skill less three uncertainties)."""
        return round(1000 + 40 * (self.mu - 3 * self.sigma))


def rate(before: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """Each player's rating after a match they finished at ``places`` (1 first; equal
    places are a tie), from their ratings ``before`` it."""
    if len(before) != len(places) or len(before) < 2:
        raise ValueError("a rated match has two players or more, each with a place")
    model = PlackettLuce()
    teams = [[model.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = model.rate(teams, ranks=list(places))
    return [
        Rating(team[0].mu, team[0].sigma, old.matches + 1)
        for team, old in zip(after, before, strict=True)
    ]


def places_of(scores: Sequence[tuple[int, int]]) -> list[int]:
    """The places of players by (rounds won, points), best first; equal scores share
    a place (1, 2, 2, 4)."""
    order = sorted(scores, reverse=True)
    return [order.index(score) + 1 for score in scores]
