"""A bot seat driven over any table: it thinks on a worker thread and acts at its pace.

The same loop plays the server's own bots (acting straight on the room) and
``mixmo join --bot`` (acting over the network): it needs the state as its seat
sees it and a way to submit an action that says whether it was applied. It is
the session's :class:`mixmo.session.bots.BotRunner` on real time times a speed,
planning on an executor (a server's one bounded pool), under the server's rate limit.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor

from mixmo.engine import actions as act
from mixmo.engine.bot import Bot, Plan
from mixmo.engine.state import MatchState
from mixmo.session import bots

TICK = 0.05
"""Seconds between two looks at the table."""
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
        self.runner = bots.BotRunner(
            {bot.seat: bot},
            self.clock,
            think=self._in_thread,
            stamps=False,
            next_round_after=NEXT_ROUND_DELAY,
            min_gap=MIN_GAP,
        )

    def _in_thread(self, bot: Bot, state: MatchState) -> asyncio.Future[Plan]:
        return asyncio.get_running_loop().run_in_executor(self.executor, bot.plan, state)

    def clock(self) -> float:
        return (time.monotonic() - self._start) * self.speed

    def stop(self) -> None:
        self.runner.stop()

    async def run(self) -> None:
        await self.runner.run(self.state, self.submit, TICK)
