"""A match that cannot end: rounds in a row that bring nobody nearer the target.

With a word list nobody can finish a grid from (``cat`` and ``dog`` only, or
300 three-letter words), every round ends with no winner: played to rounds won,
the match can never end; played to points, it cannot either once nobody scores.
One such round can be bad luck with a small list; :data:`STUCK_ROUNDS` in a row
is the list. Then a headless match stops (``BotsStuck``), and at a table the
players may end it at the scores with the standings as they are
(:class:`~mixmo.engine.actions.EndStuckMatch`).
"""

from __future__ import annotations

from mixmo.engine.options import ScoringMode
from mixmo.engine.state import MatchState

STUCK_ROUNDS = 3
"""Rounds in a row that bring the match no nearer its end before it is called stuck."""


def rounds_without_progress(state: MatchState, scoring: ScoringMode) -> int:
    """How many of the last finished rounds in a row brought the match no nearer its end:
    no winner (to rounds won), or no winner and nobody gaining a point (to points: a
    penalty only takes points away)."""
    to_points = scoring is ScoringMode.POINTS
    count = 0
    for result in reversed(state.results):
        if result.winner is not None or (to_points and max(result.points) > 0):
            break
        count += 1
    return count


def match_stuck(state: MatchState, scoring: ScoringMode) -> bool:
    """Whether the last :data:`STUCK_ROUNDS` rounds brought the match no nearer its end."""
    return rounds_without_progress(state, scoring) >= STUCK_ROUNDS


def lone_leader(standings: list[int], state: MatchState, scoring: ScoringMode) -> int | None:
    """The first of ``standings`` if no one ties with them (by what decides the match:
    points, or rounds won then points); None on a tie at the top."""

    def key(seat: int) -> tuple[int, int]:
        if scoring is ScoringMode.POINTS:
            return state.totals[seat], state.rounds_won[seat]
        return state.rounds_won[seat], state.totals[seat]

    first = standings[0]
    if len(standings) > 1 and key(standings[1]) == key(first):
        return None
    return first
