"""A bot seat driven over any table: it thinks on a worker thread and acts at its pace.

The same loop plays the server's own bots (acting straight on the room) and
``mixmo join --bot`` (acting over the network): it needs the state as its seat
sees it, a clock, and a way to submit an action that says whether it was
applied. It uses :class:`mixmo.engine.bot.Bot` through its public methods only.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor

from mixmo.engine import actions as act
from mixmo.engine.bot import Bot
from mixmo.engine.state import MatchState, Phase

TICK = 0.05
"""Seconds between two looks at the table."""
RETRY_DELAY = 1.0
MIN_GAP = 0.07
"""Real seconds between two actions at least, whatever the speed: under a server's rate limit."""
NEXT_ROUND_DELAY = 3.0
"""Seconds of the bot's time it leaves the scores on screen before asking for the next round."""

Submit = Callable[[act.Action], Awaitable[bool]]


class BotRunner:
    """Plays one seat with ``bot`` until the match is over (or :meth:`stop`)."""

    def __init__(
        self,
        bot: Bot,
        state: Callable[[], MatchState | None],
        submit: Submit,
        *,
        speed: float = 1.0,
        executor: Executor | None = None,
    ) -> None:
        self.bot = bot
        self.executor = executor
        """Where the bot thinks (None: asyncio's default pool); a server shares one bounded
        pool among all its bots, so that their thinking cannot starve its event loop."""
        self.state = state
        self.submit = submit
        self.speed = speed
        """How many times faster than real time the bot's own time line runs (tests, demos)."""
        self._start = time.monotonic()
        self._stopped = False
        self._scored_since: float | None = None
        self._last_submit = 0.0

    def clock(self) -> float:
        return (time.monotonic() - self._start) * self.speed

    def stop(self) -> None:
        self._stopped = True

    async def run(self) -> None:
        while not self._stopped:
            state = self.state()
            if state is not None and state.round.phase is Phase.MATCH_OVER:
                return
            if state is not None:
                await self.step(state)
            await asyncio.sleep(TICK)

    async def step(self, state: MatchState) -> None:
        """One look at the table: think if needed, then act if an action is due."""
        bot, now = self.bot, self.clock()
        if bot.needs_plan(state, now):
            loop = asyncio.get_running_loop()
            plan = await loop.run_in_executor(self.executor, bot.plan, state)
            bot.adopt(plan, self.clock())
            return
        if state.round.phase is Phase.SCORED:
            if self._scored_since is None:
                self._scored_since = now
            elif now - self._scored_since >= NEXT_ROUND_DELAY:
                self._scored_since = None
                await self.submit(act.NextRound(seat=bot.seat, at=0.0))
            return
        self._scored_since = None
        wanted = bot.next_action(state, now)
        if wanted is None or wanted[0] > now or time.monotonic() - self._last_submit < MIN_GAP:
            return
        self._last_submit = time.monotonic()
        if await self.submit(wanted[1].stamped(0.0)):
            bot.acted(now)
        else:
            bot.ready_at = now + RETRY_DELAY
