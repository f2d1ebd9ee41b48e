"""The state of a match: values only, replaced whole by each action.

A failed action leaves the previous state untouched because the engine
builds a new state and only then swaps it in.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from mixmo.engine.bag import Bag
from mixmo.engine.events import PlayerScore
from mixmo.engine.grid import Grid
from mixmo.engine.tiles import Tile


class Phase(enum.Enum):
    """Where a round stands."""

    PLAYING = "playing"
    CHOOSING_THEME = "choosing-theme"
    """The Bandit was drawn: play waits for its drawer to name a theme."""
    SPRINT = "sprint"
    """Expert's final sprint, after the final MIXMO."""
    CLAIMING = "claiming"
    """Each player claims their theme words."""
    VOTING = "voting"
    """The players accept or reject each other's claims."""
    SCORED = "scored"
    """The round is over; the next one starts on request."""
    MATCH_OVER = "match-over"


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One player's tiles and standing in the current round."""

    name: str
    rack: tuple[Tile, ...] = ()
    grid: Grid = field(default_factory=Grid)
    locked: bool = False
    """A hasty call forbids acting on the grid until the next MIXMO."""
    out: bool = False
    """Out of this round after a wrong final MIXMO."""
    stuck: bool = False
    last_drawn: tuple[Tile, ...] = ()
    ready_at_draw: bool = False
    """The rack was empty when the last draw came, and the grid is untouched since:
    a MIXMO called within the window after it is simultaneous with the one that
    caused it (the same draw). Any edit ends it."""
    sprint_done: bool = False
    claims: tuple[str, ...] | None = None
    """Theme words claimed at the end of the round (None until claimed)."""
    hint_until: float | None = None
    """The game time until which this player's grid edits and MIXMO wait for the cost of
    their last hint (:class:`~mixmo.engine.actions.TakeHint`); None before any hint."""

    @property
    def may_act(self) -> bool:
        """May edit their grid, call MIXMO or say stuck."""
        return not (self.out or self.locked)

    def held(self) -> Counter[Tile]:
        """Every tile this player holds, on the rack and in the grid."""
        return Counter(self.rack) + Counter(self.grid.tiles())

    def with_(self, **changes: Any) -> PlayerState:
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class RoundState:
    """One round: its bag, its players and its phase."""

    number: int
    bag: Bag
    players: tuple[PlayerState, ...]
    phase: Phase = Phase.PLAYING
    theme: str | None = None
    theme_list: str | None = None
    """The id of the built-in list that judges claims, when the theme is one."""
    bandit_seat: int | None = None
    last_draw_at: float | None = None
    final_caller: int | None = None
    votes: Mapping[tuple[int, str], Mapping[int, bool]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    accepted: Mapping[int, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    """Each player's theme words accepted by the vote."""
    winner: int | None = None
    final_penalties: tuple[int, ...] = ()
    """Seats that called a wrong final MIXMO this round."""
    started_at: float = 0.0
    """The game time the round was dealt at: 0, the match's start, for the first round;
    the time of the action that dealt it for the others."""
    ended_at: float | None = None
    """The game time of the action that scored the round (None while it is played): its
    duration is ``ended_at - started_at``."""
    scores: tuple[PlayerScore, ...] = ()
    """Each player's score sheet, once the round is scored (the sheet every view shows)."""
    waiting_since: float | None = None
    """The game time of the action that made play wait for some players (the Bandit's
    theme, the sprint, claims, votes, the scores: :mod:`mixmo.engine.waits`); None while
    the round plays."""

    @property
    def duration(self) -> float | None:
        """Seconds of game time from the deal to the scores; None while the round is played."""
        return None if self.ended_at is None else self.ended_at - self.started_at

    def player(self, seat: int) -> PlayerState:
        return self.players[seat]

    def with_player(self, seat: int, player: PlayerState) -> RoundState:
        players = list(self.players)
        players[seat] = player
        return replace(self, players=tuple(players))

    def active_seats(self) -> list[int]:
        """Every seat, in order: every player plays every round (a wrong final MIXMO
        costs a won round, nobody sits a round out; docs/rules.md)."""
        return list(range(len(self.players)))

    def with_(self, **changes: Any) -> RoundState:
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """What a finished round left in the match's books."""

    number: int
    winner: int | None
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchState:
    """The whole match: the current round and the books of the finished ones."""

    round: RoundState
    totals: tuple[int, ...]
    rounds_won: tuple[int, ...]
    results: tuple[RoundResult, ...] = ()
    winner: int | None = None

    def with_(self, **changes: Any) -> MatchState:
        return replace(self, **changes)
