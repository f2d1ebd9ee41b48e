"""What a table waits for, until when, and the choices made for whoever runs out of time.

Play stops at a few points until some players act: the Bandit's drawer names a
theme, Expert's sprint, the theme claims after a final MIXMO, the votes on them,
and the scores before the next round. :func:`waiting` says which, for whom and
since when (the round's ``waiting_since``, set by the action that began the wait);
with the match's ``wait_seconds`` (0: no limit, as at one keyboard) it also says
until when. Past that time :func:`stand_ins` are the actions taken for the players
still waited for: a theme from the built-in lists, the sprint stopped with nothing
taken back, no claim, the votes closed (a missing vote follows the list, or
accepts), the next round dealt. Time is passed in: the engine keeps no clock.
"""

from __future__ import annotations

import enum
import zlib
from collections.abc import Iterable
from dataclasses import dataclass

from mixmo.engine import actions as act
from mixmo.engine.game_base import MIXMO_DRAW
from mixmo.engine.messages import Kind, Listing, Message
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import MatchState, Phase, RoundState
from mixmo.engine.themes import builtin_themes

DEFAULT_WAIT_SECONDS = 45.0
"""A networked room's limit on each wait: long enough to read a grid's claims, short
enough that a player who left does not hold the table for long."""


class WaitKind(enum.StrEnum):
    """What the table waits for (a stable id, for the wire and the edges)."""

    THEME = "theme"
    SPRINT = "sprint"
    CLAIMS = "claims"
    VOTES = "votes"
    SCORES = "scores"


WAIT_OF_PHASE = {
    Phase.CHOOSING_THEME: WaitKind.THEME,
    Phase.SPRINT: WaitKind.SPRINT,
    Phase.CLAIMING: WaitKind.CLAIMS,
    Phase.VOTING: WaitKind.VOTES,
    Phase.SCORED: WaitKind.SCORES,
}
"""The phases in which play waits for some players."""

WAITING = {
    WaitKind.THEME: Kind("waiting-theme", "waiting for {players} to choose a theme"),
    WaitKind.SPRINT: Kind("waiting-sprint", "waiting for {players} to end the sprint"),
    WaitKind.CLAIMS: Kind("waiting-claims", "waiting for {players} to claim theme words"),
    WaitKind.VOTES: Kind("waiting-votes", "waiting for {players} to vote"),
    WaitKind.SCORES: Kind("waiting-scores", "waiting for {players} to read the scores"),
}
"""What the table is told while it waits (the players' names joined)."""

LAST_DRAW = Kind("bag-empty-next-mixmo-ends", "bag empty: the next MIXMO ends the round")
"""Said while the bag cannot cover another draw: a MIXMO now is the final one."""


@dataclass(frozen=True, slots=True)
class Wait:
    """The table waits for ``seats`` to do ``kind``, since game time ``since``, until
    ``until`` (None: no limit)."""

    kind: WaitKind
    seats: tuple[int, ...]
    since: float
    until: float | None

    def left(self, now: float) -> float | None:
        """Seconds of game time left at ``now``, from 0 to the whole wait (a clock read
        before the wait began shows it whole); None without a limit."""
        if self.until is None:
            return None
        return max(0.0, min(self.until - now, self.until - self.since))

    def message(self, names: Iterable[str]) -> Message:
        """What the table is told, the waited-for players named in seat order."""
        return WAITING[self.kind](players=Listing(tuple(names), joined="and"))


def waited_seats(round_: RoundState, ready: Iterable[int] = ()) -> tuple[int, ...]:
    """The seats the round waits for, in seat order; ``ready``: those who already asked
    for the next round (a server's room keeps them) while the scores are up."""
    seats = round_.active_seats()
    phase = round_.phase
    if phase is Phase.CHOOSING_THEME:
        return () if round_.bandit_seat is None else (round_.bandit_seat,)
    if phase is Phase.SPRINT:
        return tuple(
            s
            for s in seats
            if s != round_.final_caller
            and not round_.player(s).out
            and not round_.player(s).sprint_done
        )
    if phase is Phase.CLAIMING:
        return tuple(s for s in seats if round_.player(s).claims is None)
    if phase is Phase.VOTING:
        return tuple(s for s in seats if not _voted(round_, s))
    if phase is Phase.SCORED:
        done = set(ready)
        return tuple(s for s in seats if s not in done)
    return ()


def _voted(round_: RoundState, seat: int) -> bool:
    return all(
        seat in round_.votes.get((claimant, word), {})
        for claimant in round_.active_seats()
        if claimant != seat
        for word in round_.player(claimant).claims or ()
    )


def waiting(state: MatchState, options: MatchOptions, ready: Iterable[int] = ()) -> Wait | None:
    """What the table waits for now, or None while it plays (or the match is over)."""
    round_ = state.round
    kind = WAIT_OF_PHASE.get(round_.phase)
    if kind is None:
        return None
    seats = waited_seats(round_, ready)
    if not seats:
        return None
    since = round_.waiting_since if round_.waiting_since is not None else round_.started_at
    until = since + options.wait_seconds if options.wait_seconds > 0 else None
    return Wait(kind, seats, since, until)


def overdue(
    state: MatchState, options: MatchOptions, now: float, ready: Iterable[int] = ()
) -> Wait | None:
    """The wait whose time ran out at ``now``, or None."""
    wait = waiting(state, options, ready)
    if wait is None or wait.until is None or now < wait.until:
        return None
    return wait


def stand_ins(state: MatchState, options: MatchOptions, wait: Wait) -> list[act.Action]:
    """The actions taken for the players ``wait`` still waits for, once it ran out."""
    kind, seats = wait.kind, wait.seats
    if kind is WaitKind.THEME:
        return [act.ChooseTheme(seat=seats[0], theme=fallback_theme(state, options))]
    if kind is WaitKind.SPRINT:
        return [act.FinishSprint(seat=seat) for seat in seats]
    if kind is WaitKind.CLAIMS:
        return [act.ClaimThemeWords(seat=seat) for seat in seats]
    if kind is WaitKind.VOTES:
        return [act.CloseVoting(seat=seats[0])]
    return [act.NextRound(seat=seats[0])]


def fallback_theme(state: MatchState, options: MatchOptions) -> str:
    """A built-in theme for a drawer who ran out of time: one of the language's lists,
    chosen by the match's seed and the round (the same in every replay)."""
    themes = sorted(builtin_themes(options.language).values(), key=lambda t: t.id)
    if not themes:
        return "free"
    key = f"{options.seed}:{state.round.number}".encode()
    return themes[zlib.crc32(key) % len(themes)].title


def last_draw_warning(round_: RoundState, bag_left: int) -> Message | None:
    """:data:`LAST_DRAW` while the round plays and the bag (``bag_left`` tiles: a seat's
    view knows only how many) holds less than a MIXMO's draw for every player: the next
    right MIXMO ends the round."""
    if round_.phase is not Phase.PLAYING:
        return None
    if bag_left >= MIXMO_DRAW * len(round_.active_seats()):
        return None
    return LAST_DRAW()
