"""The core every table over a game in this process shares: a game on its game clock.

A local table (hot-seat play), one seat of a local game shown as a server would,
and a server's room all do the same with their match: keep its game time (running
for everyone from the match's start, not from when the room was opened), apply an
action (stamped with that time where the table, not the player, decides it), tell
whoever listens what happened, and say how long a hinted seat still waits. They
differ only around it: a screen's saving, a room's seats, tokens, log and lobby.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from mixmo.engine import events as ev
from mixmo.engine.actions import Action
from mixmo.engine.game import Game
from mixmo.engine.hint_cost import hint_wait
from mixmo.engine.waits import overdue, stand_ins


@dataclass
class GameClock:
    """A match's game time: ``base`` seconds at the monotonic instant ``start``, running on
    for everyone, connected or not (it's a race)."""

    base: float = 0.0
    start: float = field(default_factory=time.monotonic)
    paused: bool = False
    """Stopped at ``base`` (a room's host paused the match) until :meth:`resume`."""

    def __call__(self) -> float:
        if self.paused:
            return self.base
        return self.base + (time.monotonic() - self.start)

    def restart(self, base: float = 0.0) -> None:
        """Game time ``base`` now: the match starts (0), or resumes where it had reached."""
        self.base, self.start, self.paused = base, time.monotonic(), False

    def pause(self) -> None:
        """Stop game time where it is (nothing if it is stopped already)."""
        if not self.paused:
            self.base, self.paused = self(), True

    def resume(self) -> None:
        """Let game time run on from where it was stopped."""
        if self.paused:
            self.restart(self.base)


class MatchCore:
    """``game`` on the game time ``clock`` gives: actions applied, events told in order."""

    def __init__(self, game: Game, clock: Callable[[], float]) -> None:
        self.game = game
        self.clock = clock

    def apply(self, action: Action, *, stamp: bool = True) -> list[ev.Event]:
        """Apply ``action`` (stamped with the clock unless ``stamp`` is False: a replayed
        or hot-seat action keeps its time); its events, already told to the game's
        subscribers. Raises the engine's GameRuleError, changing nothing."""
        if stamp:
            action = action.stamped(round(self.clock(), 3))
        return self.game.apply(action)

    def subscribe(self, listener: Callable[[ev.Event], None]) -> None:
        """Tell ``listener`` every later event of the match, in order."""
        self.game.subscribe(listener)

    def overdue(self, ready: Iterable[int] = ()) -> list[Action]:
        """What is done for the players a wait still waits for once the match's
        ``wait_seconds`` ran out (:mod:`mixmo.engine.waits`: a theme, no claim, the votes
        closed, the next round...), stamped now; none while play goes on or waits in time.
        ``ready``: the seats that need not be waited for at the scores."""
        game, now = self.game, round(self.clock(), 3)
        wait = overdue(game.state, game.options, now, ready)
        if wait is None:
            return []
        return [action.stamped(now) for action in stand_ins(game.state, game.options, wait)]

    def hint_wait(self, seat: int) -> float:
        """Seconds of game time before ``seat``'s grid edits and MIXMO are taken again: the
        rest of its last hint's cost, as its state in the match keeps it."""
        return hint_wait(self.game.state.round.player(seat), self.clock())
