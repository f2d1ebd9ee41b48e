"""The bot runner: bots at some seats of a table, on a clock, acting when due.

One runner for every live table: ``mixmo play``'s screen ticks it (its clock is
the game's, its plans are worked out on a worker thread of the screen's), and the
server's room and ``mixmo join --bot`` run it as an asyncio loop (their clock is
real time times a speed, their plans go to the loop's default executor). The
bookkeeping (who must think, which action is due, what came of it) is the
engine's :class:`~mixmo.engine.bot_seats.BotSeats`, which headless matches run on
simulated time: what differs between the three is the clock and where a plan is
worked out.

The runner waits while ``waits`` says so (the people at a screen cannot play: a
question or the help is open): the bots' own time line stops with it, so a pause
neither hastens nor delays them once play resumes.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Mapping

from mixmo.engine import actions as act
from mixmo.engine.bot import Bot
from mixmo.engine.bot_seats import BotSeats, Thinker
from mixmo.engine.state import MatchState, Phase


def _never() -> bool:
    return False


class BotRunner:
    """Plays ``bots`` over a table's state; time comes from ``clock`` (seconds).

    ``think`` works a plan out elsewhere (none: at once, in the caller's turn).
    ``stamps``: actions carry the game's time (a local table keeps it); otherwise 0
    (a server stamps them itself). ``next_round_after``: seconds of the bots' time
    they leave the scores up before asking for the next round (a server's room, where
    nobody else may); ``min_gap``: real seconds between two actions at least (under a
    server's rate limit).
    """

    def __init__(
        self,
        bots: Mapping[int, Bot],
        clock: Callable[[], float],
        *,
        think: Thinker | None = None,
        waits: Callable[[], bool] = _never,
        stamps: bool = True,
        next_round_after: float | None = None,
        min_gap: float = 0.0,
    ) -> None:
        self.seats = BotSeats(bots, think)
        self.clock = clock
        self.waits = waits
        self.stamps = stamps
        self.next_round_after = next_round_after
        self.min_gap = min_gap
        self.paused_since: float | None = None
        """Game time the current pause began (None while the bots play)."""
        self.paused = 0.0
        """Game seconds the bots have waited in all: their own time is the game's, less these."""
        self._scored_since: float | None = None
        self._last_submit = 0.0
        self._stopped = False

    def bot_time(self) -> float | None:
        """The bots' own time: the clock's, less the pauses; None while they wait.

        A pause freezes it: a bot halfway through its thinking, or between two
        tiles, takes up again where it was when the question opened.
        """
        clock = self.clock()
        if self.waits():
            if self.paused_since is None:
                self.paused_since = clock
            return None
        if self.paused_since is not None:
            self.paused += max(0.0, clock - self.paused_since)
            self.paused_since = None
        return clock - self.paused

    def _due(self, seat: int, state: MatchState, now: float) -> act.Action | None:
        """``seat``'s action if it is due now (and the gap since the last one is kept)."""
        wanted = self.seats.wanted(seat, state, now)
        if wanted is None or wanted[0] > now:
            return None
        if self.min_gap and time.monotonic() - self._last_submit < self.min_gap:
            return None
        self._last_submit = time.monotonic()
        return wanted[1].stamped(now + self.paused if self.stamps else 0.0)

    def tick(self, state: Callable[[], MatchState], submit: Callable[[act.Action], bool]) -> None:
        """One look at the table: adopt finished plans, start the needed ones, submit the
        due actions in seat order (nothing while the bots wait)."""
        now = self.bot_time()
        if now is None:
            return
        self.seats.think(state(), now)
        for seat in sorted(self.seats.bots):
            action = self._due(seat, state(), now)
            if action is not None:
                self.seats.settle(seat, submit(action), now)

    async def step(
        self,
        state: Callable[[], MatchState | None],
        submit: Callable[[act.Action], Awaitable[bool]],
    ) -> None:
        """:meth:`tick` for a submit that waits for its answer (a server's seat)."""
        seen = state()
        now = self.bot_time()
        if seen is None or now is None:
            return
        self.seats.think(seen, now)
        if self.next_round_after is not None and seen.round.phase is Phase.SCORED:
            if self._scored_since is None:
                self._scored_since = now
            elif now - self._scored_since >= self.next_round_after:
                self._scored_since = None
                await submit(act.NextRound(seat=min(self.seats.bots), at=0.0))
            return
        self._scored_since = None
        for seat in sorted(self.seats.bots):
            action = self._due(seat, state() or seen, now)
            if action is not None:
                self.seats.settle(seat, await submit(action), now)

    async def run(
        self,
        state: Callable[[], MatchState | None],
        submit: Callable[[act.Action], Awaitable[bool]],
        every: float,
    ) -> None:
        """Look at the table every ``every`` real seconds until the match is over (or
        :meth:`stop`)."""
        while not self._stopped:
            seen = state()
            if seen is not None and seen.round.phase is Phase.MATCH_OVER:
                return
            await self.step(state, submit)
            await asyncio.sleep(every)

    def stop(self) -> None:
        self._stopped = True
